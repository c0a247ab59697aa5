package los

import (
	"math"
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// nearLineSegment draws a segment whose line passes within rounding of a
// vertex of ring or a point of an edge (its ends on the line through it,
// rounded; one time in three starting there), so that the float side of
// that vertex, or of the start against that edge, is in doubt or wrong,
// and whose
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
	if rng.Intn(3) == 0 {
		// Off the point by 1e-16 to 1e-11 of its size across the line:
		// sides certified, crossings maybe too close to order.
		off := math.Pow(10, -11-5*rng.Float64()) * (math.Abs(x.X) + math.Abs(x.Y) + 1)
		x = x.Add(geom.Pt(-dir.Y, dir.X).Mul(off))
	}
	u, w := 0.1+5*rng.Float64(), 0.1+5*rng.Float64()
	if rng.Intn(3) == 0 {
		u = 0 // starting on the boundary, within rounding
	}
	A, B := x.Sub(dir.Mul(u)), x.Add(dir.Mul(w))
	if u == 0 {
		// A few ulps off the boundary, either way.
		up := []float64{math.Inf(1), math.Inf(-1)}[rng.Intn(2)]
		for range rng.Intn(4) {
			A.Y = math.Nextafter(A.Y, up)
		}
	}
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
	type tring = testRing
	rings := withTables(t, rng, nil)
	// Long edges about the origin: a point a few ulps off such an edge
	// can get the wrong float side (short edges far from the origin,
	// those of convexTestRings, hardly ever).
	for range 4 {
		var pts []geom.Point
		for range 3 + rng.Intn(4) {
			pts = append(pts, geom.Pt(100*rng.Float64()-50, 100*rng.Float64()-50))
		}
		r := monotoneHull(pts)
		if cv := terrain.ConvexRingOf(r); cv != nil {
			rings = append(rings, tring{r, cv}, tring{r, nil})
		}
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
	var degenerate, generic, large count
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
			c := &generic
			if len(ring.r) >= 64 && (ring.cv == nil || !ring.cv.Search) {
				c = &large // past convexFast's bit mask: the exact code's
			}
			check(ring, top, a, b, c)
		}
	}
	// Heights that are not numbers: left to the exact code.
	for _, z := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, ring := range rings {
			a, b, top := ringSegment(rng, ring.r, 3)
			a.Z = z
			check(ring, top, a, b, &degenerate)
			check(ring, z, b, a, &degenerate)
		}
	}
	t.Logf("degenerate: %+v; generic: %+v; generic, 64 vertices or more without a search table: %+v", degenerate, generic, large)
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

// testRing is a ring of the convexFast tests and the search table it is
// given (nil for none).
type testRing struct {
	r  []geom.Point
	cv *terrain.ConvexRing
}

// withTables returns each ring of convexTestRings(rng) with its search
// table, with an empty table and with none, and then the rings more
// (when not nil) makes of each ring and its table.
func withTables(t *testing.T, rng *rand.Rand, more func(r []geom.Point, cv *terrain.ConvexRing) []testRing) []testRing {
	t.Helper()
	var rings []testRing
	for _, r := range convexTestRings(rng) {
		cv := terrain.ConvexRingOf(r)
		if cv == nil {
			t.Fatalf("terrain.ConvexRingOf(%v) = nil for a strictly convex ring", r)
		}
		rings = append(rings, testRing{r, cv}, testRing{r, &terrain.ConvexRing{}}, testRing{r, nil})
		if more != nil {
			rings = append(rings, more(r, cv)...)
		}
	}
	return rings
}
