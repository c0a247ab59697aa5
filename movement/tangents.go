package movement

import (
	"math"
	"math/bits"
	"sort"

	"github.com/sightline/sightline/geom"
)

// minIndexedRing is the fewest vertices a ring needs to be searched by
// tangentRing.tangentVerts rather than scanned: below it the scan is as
// cheap.
const minIndexedRing = 32

// tangentRing is one offset ring of an obstacle set, as the tangent search
// sees it: its nodes are s.nodes[lo:hi] (contiguous: nodes are made ring by
// ring and block keeps their order). An indexed ring is a strictly convex,
// counter-clockwise outer ring (checked exactly when the set is built);
// from any point its tangent vertices are found by binary search in
// O(log n) instead of testing every vertex.
type tangentRing struct {
	lo, hi  int32
	center  geom.Point // a disc (center, radius) holding the ring's nodes
	radius  float64
	indexed bool
	// chain reports that every node of the ring is taut and each after
	// the first follows the one before (node.follows): scanChain's case
	chain bool
	// box bounds every vertex of the ring (ringBox): the nodes and their
	// ring neighbours, for filterBound
	box  geom.Rect
	pts  geom.Ring // the ring's vertices (an indexed ring only)
	node []int32   // per vertex: its node index, -1 when it is not a node
	c    geom.Point
	ang  []float64 // per vertex: its angle about c, unwrapped, increasing
}

// indexRing fills the search data of rg for ring r when r is a strictly
// convex counter-clockwise ring of at least minIndexedRing vertices with
// an exactly interior point; otherwise rg stays a scanned ring. nodeOf
// gives each vertex's node index (-1 for none).
func (rg *tangentRing) indexRing(r geom.Ring, nodeOf []int32) {
	m := len(r)
	if m < minIndexedRing {
		return
	}
	turn, c := 0.0, geom.Point{}
	for i := range m {
		a, b, d := r[(i+m-1)%m], r[i], r[(i+1)%m]
		if geom.Orient(a, b, d) <= 0 {
			return
		}
		u, v := b.Sub(a), d.Sub(b)
		turn += math.Atan2(u.Cross(v), u.Dot(v)) // in (0, π): a left turn
		c = c.Add(b)
	}
	if math.Abs(turn-2*math.Pi) > 1 {
		return // winds more than once: not simple
	}
	c = c.Mul(1 / float64(m))
	for i := range m {
		if geom.Orient(r[i], r[(i+1)%m], c) <= 0 {
			return // the centroid is not strictly inside (rounding)
		}
	}
	ang := make([]float64, m)
	base := math.Atan2(r[0].Y-c.Y, r[0].X-c.X)
	for i := range m {
		a := math.Atan2(r[i].Y-c.Y, r[i].X-c.X)
		for a < base {
			a += 2 * math.Pi
		}
		if i > 0 && a < ang[i-1] {
			a = ang[i-1] // rounding; the wedge is checked exactly anyway
		}
		ang[i] = a
	}
	rg.indexed, rg.pts, rg.node, rg.c, rg.ang = true, r, nodeOf, c, ang
}

// bound sets the ring's disc from its nodes (at least one). The box is
// taken with plain comparisons (the builtin min and max, which order -0 before +0 and
// propagate NaN, cost several times as much): for finite coordinates the
// extremes are the same values, up to the sign of a zero, which no use of
// the disc can tell (it enters only differences, squares and absolute
// values).
func (rg *tangentRing) bound(nodes []node) {
	ns := nodes[rg.lo:rg.hi]
	x0, y0 := ns[0].p.X, ns[0].p.Y
	x1, y1 := x0, y0
	for k := 1; k < len(ns); k++ { // by index: ranging by value would copy each node
		p := ns[k].p
		if p.X < x0 {
			x0 = p.X
		} else if p.X > x1 {
			x1 = p.X
		}
		if p.Y < y0 {
			y0 = p.Y
		} else if p.Y > y1 {
			y1 = p.Y
		}
	}
	rg.disc(ns, x0, y0, x1, y1)
}

// boundIn is bound given box, the box of the ring's nodes as bound's
// comparisons find it (ringBox of the ring when it keeps every vertex in
// order: the same comparisons on the same points).
func (rg *tangentRing) boundIn(nodes []node, box geom.Rect) {
	rg.disc(nodes[rg.lo:rg.hi], box.X.Lo, box.Y.Lo, box.X.Hi, box.Y.Hi)
}

// disc sets the ring's centre to the middle of the box [x0, x1]×[y0, y1]
// of its nodes ns and its radius to the farthest node's distance.
func (rg *tangentRing) disc(ns []node, x0, y0, x1, y1 float64) {
	rg.center = geom.Pt((x0+x1)/2, (y0+y1)/2)
	// the largest dist(rg.center, n.p), from one square root: Sqrt is
	// correctly rounded, hence monotone, so the root of the largest
	// square is the largest root
	q := 0.0
	for k := range ns {
		dx, dy := rg.center.X-ns[k].p.X, rg.center.Y-ns[k].p.Y
		if d := dx*dx + dy*dy; d > q {
			q = d
		}
	}
	rg.radius = math.Sqrt(q)
}

// filterBound returns a bound on the float filter's error for every
// orientation Orient(p, v, c) the ring scans compute with v a node of the
// ring and c its ring neighbour, as tangent computes it: d = l − r with
// l = (p.X−c.X)·(v.Y−c.Y) and r = (p.Y−c.Y)·(v.X−c.X), each rounded.
// The filter's bound for one orientation is orientFilterBound·(|l|+|r|)
// + orientFilterTiny, rounded; this one is the same expression with
// |l|+|r| replaced by M below, at least as large as every node's |l|+|r|
// (so a sign it decides is one the per-node bound decides, the exact
// one), computed once per scan instead of once per node.
//
// Why M bounds them: every vertex lies in the ring's box [x0, x1]×[y0,
// y1], and rounding is monotone, so |fl(p.X−c.X)| ≤ ax =
// max(|fl(p.X−x0)|, |fl(p.X−x1)|), |fl(v.Y−c.Y)| ≤ wy = fl(y1−y0) (both
// coordinates in [y0, y1]), hence |l| = fl(|…|·|…|) ≤ fl(ax·wy), and
// likewise |r| ≤ fl(ay·wx); M = fl(fl(ax·wy) + fl(ay·wx)) is at least the
// rounded sum fl(|l|+|r|). The bound is looser than the node's own (a
// few more signs are left to the exact scan: only nodes within about
// 1e-13 in of a line through p, on a table-sized scene).
func (rg *tangentRing) filterBound(p geom.Point) float64 {
	b := &rg.box
	ax, ay := math.Abs(p.X-b.X.Lo), math.Abs(p.Y-b.Y.Lo)
	if v := math.Abs(p.X - b.X.Hi); v > ax {
		ax = v
	}
	if v := math.Abs(p.Y - b.Y.Hi); v > ay {
		ay = v
	}
	wx, wy := b.X.Hi-b.X.Lo, b.Y.Hi-b.Y.Lo
	return orientFilterBound*(ax*wy+ay*wx) + orientFilterTiny
}

// coneMargin is how far, inches, a ring's disc must clear the lines of a
// node's cone for the float test of outsideCone to be trusted: far above
// the rounding of table-sized coordinates (about 1e-13 in).
const coneMargin = 1e-7

// nodeCone is the double wedge of the points q from which node n is
// tangent (tangent(q, n): q on the same side of the lines from n through
// its two ring neighbours), as unit directions of those lines; ok is
// false when a neighbour coincides with n (tangent from everywhere).
type nodeCone struct {
	p      geom.Point
	u1, u2 geom.Point
	ok     bool
}

func coneOf(n *node) nodeCone {
	a, b := n.prev.Sub(n.p), n.next.Sub(n.p)
	la, lb := a.Norm(), b.Norm()
	if !n.taut || la == 0 || lb == 0 {
		return nodeCone{}
	}
	return nodeCone{p: n.p, u1: a.Mul(1 / la), u2: b.Mul(1 / lb), ok: true}
}

// outsideCone reports whether no point of the ring's disc can see the
// cone's node as tangent: the disc lies strictly on one side of each line
// of the cone, on opposite sides' signs (Orient(q, n, prev) =
// sign(u1 × (q−n)) and likewise for next), so tangent(q, n) fails for
// every node q of the ring.
func (rg *tangentRing) outsideCone(c *nodeCone) bool {
	return c.misses(rg.center, rg.radius+coneMargin)
}

// misses is outsideCone for the disc about center whose radius plus
// coneMargin is lim (nbrsOf runs the same test inline).
func (c *nodeCone) misses(center geom.Point, lim float64) bool {
	if !c.ok {
		return false
	}
	w := center.Sub(c.p)
	d1, d2 := c.u1.Cross(w), c.u2.Cross(w)
	return math.Abs(d1) > lim && math.Abs(d2) > lim && (d1 > 0) != (d2 > 0)
}

// ringDisc is a ring's disc as nbrsOf's cone test reads it: the centre,
// and the radius plus coneMargin. The discs of a set's rings are one
// compact array (obstacleSet.discs) rather than fields of tangentRing, so
// the test of every ring for every new candidate list reads 24 bytes a
// ring instead of a 128-byte record.
type ringDisc struct {
	c   geom.Point
	lim float64
}

// searchCost is the work charged for finding the ring's tangent nodes from
// one point.
func (rg *tangentRing) searchCost() int {
	if rg.indexed {
		return 4*bits.Len(uint(len(rg.pts))) + 16
	}
	return 2 * int(rg.hi-rg.lo)
}

// wedge returns the edge k of an indexed ring such that p lies in the
// half-open wedge from c between the rays through vertices k (included)
// and k+1 (excluded), and false when p is c or rounding put the angular
// guess farther than two edges off.
func (rg *tangentRing) wedge(p geom.Point, flip bool) (int, bool) {
	m := len(rg.pts)
	dx, dy := p.X-rg.c.X, p.Y-rg.c.Y
	if flip {
		dx, dy = -dx, -dy
	}
	if dx == 0 && dy == 0 {
		return 0, false
	}
	th := math.Atan2(dy, dx)
	for th < rg.ang[0] {
		th += 2 * math.Pi
	}
	for th >= rg.ang[0]+2*math.Pi {
		th -= 2 * math.Pi
	}
	k := max(sort.SearchFloat64s(rg.ang, math.Nextafter(th, math.Inf(1)))-1, 0)
	if flip {
		return k, true // any edge near the opposite side will do; checked by the caller
	}
	for _, d := range [...]int{0, -1, 1, -2, 2} {
		e := ((k+d)%m + m) % m
		if geom.Orient(rg.c, rg.pts[e], p) >= 0 && geom.Orient(rg.c, rg.pts[(e+1)%m], p) < 0 {
			return e, true
		}
	}
	return 0, false
}

// tangentVerts appends to dst the vertices of an indexed ring that can be
// tangent to the line from p (see tangent): a superset of those vertices
// i with s(i-1)·s(i) ≤ 0, where s(i) = Orient(p, v_i, v_i+1). It reports
// false when it cannot tell (rounding of the angular guess; the caller
// scans the ring instead).
//
// Why four vertices suffice: the ring is strictly convex and
// counter-clockwise, so the edges with s < 0 (those p is outside of) form
// one cyclic run N. If N is empty p is in the closed polygon and only the
// edges through p have s = 0: the wedge's edge e and, when p is vertex e,
// edge e-1, so the candidates are e-1, e, e+1. Otherwise N = [a, b], the
// tangent vertices are a and b+1, and s = 0 can only hold next to N (at
// a-1 or b+1: p on the supporting line of that edge), adding a-1 and b+2.
// N is found from one edge inside it (the wedge's edge, which the ray
// from c through p leaves by) and one outside it (the opposite side's) by
// binary search on each arc between them, where s < 0 is a prefix.
func (rg *tangentRing) tangentVerts(dst []int32, p geom.Point) ([]int32, bool) {
	m := len(rg.pts)
	v := rg.pts
	at := func(i int) int { return ((i % m) + m) % m }
	s := func(i int) int { i = at(i); return geom.Orient(p, v[i], v[(i+1)%m]) }
	if p == rg.c {
		return dst, true // strictly inside: no tangent vertex
	}
	e, ok := rg.wedge(p, false)
	if !ok {
		return dst, false
	}
	if s(e) >= 0 {
		return append(dst, int32(at(e-1)), int32(e), int32(at(e+1))), true
	}
	f0, _ := rg.wedge(p, true)
	f := -1
	for _, d := range [...]int{0, -1, 1, -2, 2, -3, 3} {
		if s(f0+d) >= 0 {
			f = at(f0 + d)
			break
		}
	}
	if f < 0 {
		return dst, false
	}
	// forward from e: the first edge with s ≥ 0 is b+1
	lo, hi := 0, at(f-e)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if s(e+mid) >= 0 {
			hi = mid
		} else {
			lo = mid
		}
	}
	b1 := e + hi
	// backward from e: the first edge with s ≥ 0 is a-1
	lo, hi = 0, at(e-f)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if s(e-mid) >= 0 {
			hi = mid
		} else {
			lo = mid
		}
	}
	a1 := e - hi
	return append(dst, int32(at(a1)), int32(at(a1+1)), int32(at(b1)), int32(at(b1+1))), true
}
