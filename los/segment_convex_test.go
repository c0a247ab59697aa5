package los

import (
	"math"
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// convexTestRings returns strictly convex counter-clockwise rings: regular
// polygons (circles) of 3 to 256 vertices, turned and moved, rectangles,
// and convex hulls of random points.
func convexTestRings(rng *rand.Rand) [][]geom.Point {
	var out [][]geom.Point
	for _, n := range []int{3, 4, 5, 8, 10, 12, 20, 23, 29, 36, 49, 64, 255, 256} {
		r := 0.5 + 3*rng.Float64()
		c := geom.Pt(rng.Float64()*40, rng.Float64()*40)
		rot := rng.Float64() * 2 * math.Pi
		s, co := math.Sincos(rot)
		var ring []geom.Point
		for _, u := range regularTestPolygon(n) {
			ring = append(ring, geom.Pt(c.X+r*(u.X*co-u.Y*s), c.Y+r*(u.X*s+u.Y*co)))
		}
		out = append(out, ring)
	}
	out = append(out, []geom.Point{{X: 10, Y: 10}, {X: 14, Y: 10}, {X: 14, Y: 11}, {X: 10, Y: 11}})
	for range 12 {
		pts := make([]geom.Point, 5+rng.Intn(40))
		for i := range pts {
			pts[i] = geom.Pt(20+6*rng.Float64(), 20+4*rng.Float64())
		}
		out = append(out, monotoneHull(pts))
	}
	var keep [][]geom.Point
	for _, r := range out {
		if allLeftTurns(r) {
			keep = append(keep, r)
		}
	}
	return keep
}

// monotoneHull is Andrew's monotone chain with exact orientation, counter-
// clockwise, collinear points dropped (independent of the code under test).
func monotoneHull(pts []geom.Point) []geom.Point {
	p := append([]geom.Point(nil), pts...)
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && (p[j].X < p[j-1].X || p[j].X == p[j-1].X && p[j].Y < p[j-1].Y); j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
	var h []geom.Point
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for _, q := range p {
			for len(h) >= start+2 && geom.Orient(h[len(h)-2], h[len(h)-1], q) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, q)
		}
		h = h[:len(h)-1]
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	return h
}

// TestPrismConvexMatchesReference compares the convex fast path
// (prismConvex: search or vertex-by-vertex crossings, direct answers)
// with prismSegment on segments through vertices, along and tangent to
// edges, one ulp off them, ending on the boundary and level with the roof,
// at finite heights and every height.
func TestPrismConvexMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	rings := convexTestRings(rng)
	if len(rings) < 20 {
		t.Fatalf("only %d convex test rings", len(rings))
	}
	fast, total := 0, 0
	for _, ring := range rings {
		cv, disc := terrain.ConvexRingOf(ring), ringDisc(ring)
		if cv == nil {
			t.Fatalf("terrain.ConvexRingOf(%v) = nil for a strictly convex ring", ring)
		}
		fp := geom.Polygon{Outer: ring}
		n := len(ring)
		for range 1500 {
			a, b, top := ringSegment(rng, ring, 3)
			var sw sweep
			want := prismSegment(fp, top, a, b, &sw)
			total++
			got, ok := prismConvex(fp, top, a, b, cv, &disc)
			if !ok {
				continue
			}
			fast++
			if got != want {
				t.Fatalf("ring of %d vertices, top %v, %v→%v: prismConvex = %+v, prismSegment = %+v", n, top, a, b, got, want)
			}
			// The search and the vertex-by-vertex crossings agree.
			if cv.Search {
				A, B := geom.Flat(a), geom.Flat(b)
				var e1, e2 [2]sweepEvent
				n1, ok1 := convexSearch(ring, cv, A, B, B.Sub(A), &e1)
				flat := &terrain.ConvexRing{}
				n2, ok2 := convexCrossings(ring, flat, A, B, B.Sub(A), &e2)
				if ok1 && ok2 && (n1 != n2 || !sameEvents(e1[:n1], e2[:n2])) {
					t.Fatalf("ring of %d vertices, %v→%v: search %d %+v, every vertex %d %+v", n, A, B, n1, e1[:n1], n2, e2[:n2])
				}
			}
		}
	}
	// Most test segments are degenerate on purpose (through vertices,
	// along edges, level with the roof) and go to the general path; the
	// fast path must still decide a good share, or this test compares
	// little.
	if fast < total/4 {
		t.Errorf("prismConvex decided %d of %d segments", fast, total)
	}
}

// sameEvents reports whether two crossing lists hold the same events in
// either order.
func sameEvents(x, y []sweepEvent) bool {
	if len(x) != len(y) {
		return false
	}
	if len(x) == 2 && x[0] != y[0] {
		x = []sweepEvent{x[1], x[0]}
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// regularTestPolygon is the counter-clockwise regular n-gon circumscribed
// about the unit circle, first vertex on the +x axis.
func regularTestPolygon(n int) []geom.Point {
	r := 1 / math.Cos(math.Pi/float64(n))
	out := make([]geom.Point, n)
	for k := range out {
		s, c := math.Sincos(2 * math.Pi * float64(k) / float64(n))
		out[k] = geom.Pt(r*c, r*s)
	}
	return out
}

// allLeftTurns reports whether every vertex of r turns strictly left (the
// rings convexTestRings builds wind once by construction, so this is strict
// convexity for them).
func allLeftTurns(r []geom.Point) bool {
	n := len(r)
	for i := range n {
		if geom.Orient(r[(i+n-1)%n], r[i], r[(i+1)%n]) <= 0 {
			return false
		}
	}
	return n >= 3
}

// TestPrismConvexNonConvexMatchesReference: prismConvex with no
// ConvexRing (cv nil: a footprint without holes that is not convex, as
// segState.prism passes an L-shaped building) answers as prismSegment
// whenever it answers, on L and U shapes in both orientations and star
// polygons of up to 40 vertices, on segments through vertices, along
// edges, one ulp off them and level with the roof. It must decline some
// segments (four crossings) and decide a good share.
func TestPrismConvexNonConvexMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	rings := [][]geom.Point{
		{{X: 0, Y: 0}, {X: 6, Y: 0}, {X: 6, Y: 2}, {X: 2, Y: 2}, {X: 2, Y: 5}, {X: 0, Y: 5}},                                 // L
		{{X: 0, Y: 5}, {X: 2, Y: 5}, {X: 2, Y: 2}, {X: 6, Y: 2}, {X: 6, Y: 0}, {X: 0, Y: 0}},                                 // L, clockwise
		{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 4}, {X: 5, Y: 4}, {X: 5, Y: 1.5}, {X: 2, Y: 1.5}, {X: 2, Y: 4}, {X: 0, Y: 4}}, // U
	}
	for _, n := range []int{5, 8, 9, 12, 17, 40} {
		c := geom.Pt(rng.Float64()*20, rng.Float64()*20)
		ring := make([]geom.Point, n)
		for k := range ring {
			s, co := math.Sincos(2 * math.Pi * (float64(k) + 0.3*rng.Float64()) / float64(n))
			r := 1 + 3*rng.Float64()
			ring[k] = geom.Pt(c.X+r*co, c.Y+r*s)
		}
		rings = append(rings, ring)
	}
	fast, declined, total := 0, 0, 0
	for _, ring := range rings {
		fp := geom.Polygon{Outer: ring}
		if err := fp.Validate(); err != nil {
			t.Fatalf("test ring %v: %v", ring, err)
		}
		disc := ringDisc(ring)
		for range 3000 {
			a, b, top := ringSegment(rng, ring, 4)
			var sw sweep
			want := prismSegment(fp, top, a, b, &sw)
			total++
			got, ok := prismConvex(fp, top, a, b, nil, &disc)
			if !ok {
				declined++
				continue
			}
			fast++
			if got != want {
				t.Fatalf("ring %v, top %v, %v→%v: prismConvex(cv nil) = %+v, prismSegment = %+v", ring, top, a, b, got, want)
			}
		}
	}
	if fast < total/4 || declined == 0 {
		t.Errorf("prismConvex (cv nil) decided %d and declined %d of %d segments", fast, declined, total)
	}
}

// ringSegment draws a segment about ring for the prism tests: each end at
// a vertex, an edge's midpoint, one ulp off a vertex or scattered (by
// spread inches) around the ring, one time in five along an edge's line
// past both ends instead; heights 0 to 3, and a top of 1, 2 or infinity.
func ringSegment(rng *rand.Rand, ring []geom.Point, spread float64) (a, b geom.Vec3, top float64) {
	n := len(ring)
	pt := func() geom.Point {
		v := ring[rng.Intn(n)]
		switch rng.Intn(6) {
		case 0: // a vertex
			return v
		case 1: // an edge's midpoint
			return v.Add(ring[(rng.Intn(n)+1)%n]).Mul(0.5)
		case 2: // one ulp off a vertex
			return geom.Pt(math.Nextafter(v.X, math.Inf(1)), v.Y)
		default: // around the ring
			return geom.Pt(v.X+rng.NormFloat64()*spread, v.Y+rng.NormFloat64()*spread)
		}
	}
	A, B := pt(), pt()
	if rng.Intn(5) == 0 {
		// Along an edge's line, extended past both ends.
		k := rng.Intn(n)
		p, q := ring[k], ring[(k+1)%n]
		A, B = p.Add(p.Sub(q)), q.Add(q.Sub(p))
	}
	top = []float64{1, 2, math.Inf(1)}[rng.Intn(3)]
	za := []float64{0, 1, 2, 3, rng.Float64() * 3}[rng.Intn(5)]
	zb := []float64{0, 1, 2, 3, rng.Float64() * 3}[rng.Intn(5)]
	return geom.Lift(A, za), geom.Lift(B, zb), top
}
