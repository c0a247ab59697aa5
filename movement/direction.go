package movement

import "github.com/sightline/sightline/geom"

// profileStep is the spacing, inches, of the points at which backwards
// reads the keys along the unweighted route.
const profileStep = 0.25

// backwards reports whether the weighted search should run from the goal
// rather than the start. Both find the same optimum over the same graph
// (search, rev); what differs is the work. A* pops every entry whose key
// (cost so far plus the straight line to its target) lies below the
// optimum, and the keys stay low for as long as the search has not yet
// paid for the route's detours and difficult terrain: a search works
// longest when the excess over the straight line comes late on its way.
// The unweighted route (waypoints pts, weighted cost ub, the leg costs
// cost) stands in for the optimum: with each leg's cost spread evenly
// along it, the forward key at a point x of the route is c(x) + |x−to|
// and the backward one |from−x| + ub − c(x), both rising from
// |from−to| to ub. The search runs from the end whose key spends less
// below the level a quarter of the way up, weighted by how far below:
// the integral over the route of max(0, level − key), read every
// profileStep in. It also runs from the goal when the boundary samples
// whose straight-line key |from−p| + |p−to| is below that level lie more
// than twice as often nearer the start than nearer the goal: a search
// settles such samples near its source at about their straight-line key
// (the cost to them is nearly their distance) and scans every candidate
// and sample from each. Over 800 routes on the seed 1–8 tables the
// searches pop 14.6 % fewer entries than forwards (21.5 % fewer with the
// better direction each time); see docs/movement.md. The rule only
// chooses where to start: the answer is the same either way.
func backwards(pts []geom.Point, cost []float64, samples []node, from, to geom.Point, ub float64) bool {
	d := dist(from, to)
	level := d + (ub-d)/4
	var af, ab, c float64
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		L := dist(a, b)
		k := max(int(L/profileStep), 1)
		w := L / float64(k)
		for j := range k {
			t := (float64(j) + 0.5) / float64(k)
			p := a.Add(b.Sub(a).Mul(t))
			g := c + t*cost[i-1]
			af += max(0, level-g-dist(p, to)) * w
			ab += max(0, level-dist(from, p)-(ub-g)) * w
		}
		c += cost[i-1]
	}
	if ab < af {
		return true
	}
	// the samples whose straight-line key is below the level: a search
	// settles those near its source at about that key and scans every
	// candidate from each
	var ns, nt int
	for k := range samples {
		p := samples[k].p
		a, b := dist(from, p), dist(p, to)
		switch {
		case a+b >= level:
		case a < b:
			ns++
		default:
			nt++
		}
	}
	return ns > 2*nt
}
