package los

import (
	"math"
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// nearLineSegment draws a segment whose line passes within rounding of a
// vertex of ring (its ends on the line through the vertex, rounded), so
// that the float side of that vertex is in doubt or wrong, and whose
// heights put the segment level with top, within rounding, where the line
// crosses an edge (or at that vertex): the cases the float filters of
// convexFast must leave to the exact code.
func nearLineSegment(rng *rand.Rand, ring []geom.Point, top float64) (a, b geom.Vec3) {
	n := len(ring)
	k := rng.Intn(n)
	// Through vertex k, or through a point of edge k→k+1.
	x := ring[k]
	if rng.Intn(2) == 0 {
		q := ring[(k+1)%n]
		x = x.Add(q.Sub(x).Mul(rng.Float64()))
	}
	ang := rng.Float64() * 2 * math.Pi
	dir := geom.Pt(math.Cos(ang), math.Sin(ang))
	u, w := 0.1+5*rng.Float64(), 0.1+5*rng.Float64()
	A, B := x.Sub(dir.Mul(u)), x.Add(dir.Mul(w))
	// Level with top at x: z(t) = top + (t - u/(u+w))·slope.
	slope := []float64{0, 1e-12, 1, 3}[rng.Intn(4)]
	tx := u / (u + w)
	za, zb := top-tx*slope, top+(1-tx)*slope
	if rng.Intn(2) == 0 {
		za, zb = zb, za
		A, B = B, A
	}
	if math.IsInf(top, 1) {
		za, zb = rng.Float64()*3, rng.Float64()*3
	}
	return geom.Lift(A, za), geom.Lift(B, zb)
}

// TestConvexFastMatchesExact compares convexFast, the float first try of
// prismConvex, with prismConvexExact (exact predicates throughout) on
// convex rings (with and without a search table) and non-convex ones, on
// the degenerate segments of ringSegment and on segments passing within
// rounding of a vertex and level with the roof within rounding at a
// crossing: a decided answer must be the exact one bit for bit, a decline
// one the exact code declines too. Generic segments (well off every
// vertex and off the roof) must nearly all be decided without the exact
// code.
func TestConvexFastMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	type tring struct {
		r  []geom.Point
		cv *terrain.ConvexRing
	}
	var rings []tring
	for _, r := range convexTestRings(rng) {
		cv := terrain.ConvexRingOf(r)
		if cv == nil {
			t.Fatalf("terrain.ConvexRingOf(%v) = nil for a strictly convex ring", r)
		}
		rings = append(rings, tring{r, cv}, tring{r, &terrain.ConvexRing{}}, tring{r, nil})
	}
	for _, r := range [][]geom.Point{
		{{X: 0, Y: 0}, {X: 6, Y: 0}, {X: 6, Y: 2}, {X: 2, Y: 2}, {X: 2, Y: 5}, {X: 0, Y: 5}},                                 // L
		{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 4}, {X: 5, Y: 4}, {X: 5, Y: 1.5}, {X: 2, Y: 1.5}, {X: 2, Y: 4}, {X: 0, Y: 4}}, // U
	} {
		rings = append(rings, tring{r, nil})
	}
	// Star polygons, some past the 64 vertices of convexFast's bit mask.
	for _, n := range []int{9, 40, 70, 130} {
		c := geom.Pt(rng.Float64()*20, rng.Float64()*20)
		r := make([]geom.Point, n)
		for k := range r {
			s, co := math.Sincos(2 * math.Pi * (float64(k) + 0.3*rng.Float64()) / float64(n))
			rad := 1 + 3*rng.Float64()
			r[k] = geom.Pt(c.X+rad*co, c.Y+rad*s)
		}
		rings = append(rings, tring{r, nil})
	}
	type count struct{ decided, declined, unsure int }
	var degenerate, generic count
	check := func(ring tring, top float64, a, b geom.Vec3, c *count) {
		t.Helper()
		fp := geom.Polygon{Outer: ring.r}
		disc := ringDisc(ring.r)
		got, res := convexFast(ring.r, top, a, b, ring.cv, &disc)
		want, ok := prismConvexExact(fp, top, a, b, ring.cv, &disc)
		switch res {
		case fastUnsure:
			c.unsure++
			return
		case fastDecline:
			c.declined++
			if ok {
				t.Fatalf("ring %v (search %v), top %v, %v→%v: convexFast declines, prismConvexExact = %+v", ring.r, ring.cv != nil && ring.cv.Search, top, a, b, want)
			}
			return
		}
		c.decided++
		if !ok || !sameHit(got, want) {
			t.Fatalf("ring %v (search %v), top %v, %v→%v: convexFast = %+v, prismConvexExact = %+v (ok %v)", ring.r, ring.cv != nil && ring.cv.Search, top, a, b, got, want, ok)
		}
	}
	for _, ring := range rings {
		for range 1500 {
			a, b, top := ringSegment(rng, ring.r, 3)
			check(ring, top, a, b, &degenerate)
			top = []float64{1, 2, math.Inf(1)}[rng.Intn(3)]
			a, b = nearLineSegment(rng, ring.r, top)
			check(ring, top, a, b, &degenerate)
		}
		// Generic: ends scattered about the ring, heights off the roof.
		box := terrain.PlanBoxOf(ring.r)
		for range 300 {
			pt := func() geom.Point {
				return geom.Pt(box.X0-2+(box.X1-box.X0+4)*rng.Float64(), box.Y0-2+(box.Y1-box.Y0+4)*rng.Float64())
			}
			top := []float64{1, 2, math.Inf(1)}[rng.Intn(3)]
			a, b := geom.Lift(pt(), 3*rng.Float64()), geom.Lift(pt(), 3*rng.Float64())
			check(ring, top, a, b, &generic)
		}
	}
	t.Logf("degenerate: %+v; generic: %+v", degenerate, generic)
	if degenerate.decided < 10000 || degenerate.unsure < 1000 {
		t.Errorf("degenerate segments: %+v, want both many decided and many left to the exact code", degenerate)
	}
	if all := generic.decided + generic.declined + generic.unsure; generic.unsure*1000 > all {
		t.Errorf("generic segments: %+v, want under 0.1 %% left to the exact code", generic)
	}
}

// sameHit reports whether two hits are the same, floats bit for bit.
func sameHit(x, y segHit) bool {
	return x.block == y.block && x.graze == y.graze &&
		math.Float64bits(x.t) == math.Float64bits(y.t) && math.Float64bits(x.below) == math.Float64bits(y.below)
}
