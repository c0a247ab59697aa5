package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fallbackScene returns four points built to reach the exact stages'
// dyadic fallback: coordinates near 2^±1000 and subnormal, mixed
// magnitudes, exact zeros, and exactly collinear points on a binary grid
// scaled by an extreme power of two.
func fallbackScene(rng *rand.Rand) (a, b, c, d Point) {
	switch rng.IntN(4) {
	case 0: // independent extreme coordinates
		pt := func() Point { return Pt(randomFloat(rng), randomFloat(rng)) }
		return pt(), pt(), pt(), pt()
	case 1: // a + k·u on a grid of step 2^e: exactly collinear
		e := []int{-1074, -1060, -1000, 900, 950, 990}[rng.IntN(6)]
		g := func() float64 { return math.Ldexp(float64(rng.IntN(1<<20)-1<<19), e) }
		base, u := Pt(g(), g()), Pt(float64(rng.IntN(64)-32), float64(rng.IntN(64)-32))
		at := func(k float64) Point { return Pt(base.X+math.Ldexp(k*u.X, e), base.Y+math.Ldexp(k*u.Y, e)) }
		a, b, c = at(float64(rng.IntN(9)-4)), at(float64(rng.IntN(9)-4)), at(float64(rng.IntN(9)-4))
		return a, b, c, Pt(g(), g())
	case 2: // a huge point and tiny offsets from it
		h := Pt(randomFloat(rng), randomFloat(rng))
		off := func() Point {
			return Pt(h.X+math.Ldexp(float64(rng.IntN(5)-2), -1074+rng.IntN(60)),
				h.Y+math.Ldexp(float64(rng.IntN(5)-2), -1074+rng.IntN(60)))
		}
		return h, off(), off(), Pt(-h.Y, h.X)
	default: // nearly collinear at a huge scale, nudged by an ulp or two
		s := math.Ldexp(1, 600+rng.IntN(400))
		if rng.IntN(2) == 0 {
			s = math.Ldexp(1, -1074+rng.IntN(100))
		}
		x0, x1 := rng.Float64()*s, rng.Float64()*s
		a, b = Pt(x0, x0*0.5), Pt(x1, nudge(x1*0.5, rng.IntN(3)-1))
		c = Pt(a.X+b.X, nudge(a.Y+b.Y, rng.IntN(3)-1))
		return a, b, c, Pt(-x1, x0)
	}
}

// checkExactStages compares every dyadic exact stage with the former
// big.Rat code on one set of finite inputs; r is the circle's radius.
func checkExactStages(t *testing.T, a, b, c, d Point, r float64) {
	t.Helper()
	if got, want := orientExact(a, b, c), orientExactRat(a, b, c); got != want {
		t.Fatalf("orientExact(%v, %v, %v) = %d, want %d", a, b, c, got, want)
	}
	if got, want := Orient(a, b, c), orientExactRat(a, b, c); got != want {
		t.Fatalf("Orient(%v, %v, %v) = %d, want %d", a, b, c, got, want)
	}
	if got, want := orientDirExact(a, d, c), orientDirExactRat(a, d, c); got != want {
		t.Fatalf("orientDirExact(%v, %v, %v) = %d, want %d", a, d, c, got, want)
	}
	if got, want := OrientDir(a, d, c), orientDirExactRat(a, d, c); got != want {
		t.Fatalf("OrientDir(%v, %v, %v) = %d, want %d", a, d, c, got, want)
	}
	if got, want := compareDistancesExact(a, b, c), compareDistancesExactRat(a, b, c); got != want {
		t.Fatalf("compareDistancesExact(%v, %v, %v) = %d, want %d", a, b, c, got, want)
	}
	if got, want := CompareDistances(a, b, c), compareDistancesExactRat(a, b, c); got != want {
		t.Fatalf("CompareDistances(%v, %v, %v) = %d, want %d", a, b, c, got, want)
	}
	p, q, u, v := V3(a.X, a.Y, d.Y), V3(b.X, b.Y, c.Y), V3(c.X, d.X, a.Y), V3(d.X, r, b.X)
	if got, want := orient3Exact(p, q, u, v), orient3ExactRat(p, q, u, v); got != want {
		t.Fatalf("orient3Exact(%v, %v, %v, %v) = %d, want %d", p, q, u, v, got, want)
	}
	// The public predicate too (its filter's slack scales with the z
	// differences, for a product that underflows and is then multiplied
	// by a huge difference).
	if got, want := Orient3(p, q, u, v), orient3ExactRat(p, q, u, v); got != want {
		t.Fatalf("Orient3(%#v, %#v, %#v, %#v) = %d, want %d", p, q, u, v, got, want)
	}
	s, w := Seg(a, b), Seg(c, d)
	got, want := crossingPointExact(s, w), crossingPointExactRat(s, w)
	if math.Float64bits(got.X) != math.Float64bits(want.X) || math.Float64bits(got.Y) != math.Float64bits(want.Y) {
		t.Fatalf("crossingPointExact(%v, %v) = %v, want %v", s, w, got, want)
	}
	circ := Circle{Center: d, Radius: math.Abs(r)}
	if got, want := discSegmentExact(circ, s), discSegmentExactRat(circ, s); got != want {
		t.Fatalf("discSegmentExact(%v, %v) = %v, want %v", circ, s, got, want)
	}
	// The public predicate at every magnitude (beyond 2^±400 it decides
	// in the exact stage: DistPointSegment's squares may overflow or
	// underflow there).
	if r > 0 {
		if got, want := circ.SegmentCrossesInterior(s), discSegmentExactRat(circ, s); got != want {
			t.Fatalf("%#v.SegmentCrossesInterior(%#v) = %v, want %v", circ, s, got, want)
		}
	}
}

// TestExactStagesDifferential runs the dyadic exact stages and the public
// predicates over them against the former big.Rat code on random inputs
// built to reach the fallback, and checks that many of them did.
func TestExactStagesDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	n := 5000
	if testing.Short() {
		n = 500
	}
	var fallback, zeros, crossings int
	for range n {
		a, b, c, d := fallbackScene(rng)
		r := math.Abs(randomFloat(rng))
		if rng.IntN(3) == 0 {
			// A radius at the distance from d to a: a tangency or an
			// endpoint on the circle, decided only by the exact stage.
			r = math.Hypot(a.X-d.X, a.Y-d.Y)
			if !isFinite(r) {
				r = 1
			}
		}
		checkExactStages(t, a, b, c, d, r)
		if _, ok := orientExpansion(a, b, c); !ok {
			fallback++
		}
		if orientExactRat(a, b, c) == 0 {
			zeros++
		}
		if IntersectSegments(Seg(a, b), Seg(c, d)).Kind == Crossing {
			crossings++
		}
	}
	// The point of the test is the fallback: most inputs must reach it,
	// and exact zeros must be among them.
	if fallback < n/2 || zeros < n/10 || crossings < n/100 {
		t.Errorf("of %d scenes %d reached the fallback, %d were collinear, %d crossed", n, fallback, zeros, crossings)
	}
	t.Logf("of %d scenes %d reached the fallback, %d were collinear, %d crossed", n, fallback, zeros, crossings)
}

// FuzzExactStages compares every dyadic exact stage with the former
// big.Rat code. The committed corpus in testdata/fuzz/FuzzExactStages
// holds extreme cases: huge and subnormal coordinates, mixed magnitudes,
// exact collinearity and tangency.
func FuzzExactStages(f *testing.F) {
	f.Add(0x1p1000, 0x1p999, 0x1p1001, 0x1p1000, 0x1p1002, 0x1p1001, -0x1p1000, 0x1p-1074, 0x1p1000)
	f.Add(0x1p-1074, 0.0, 0.0, 0x1p-1074, 0x1p-1073, 0x1p-1073, 0x3p-1074, 0.0, 0x1p-1074)
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, cx, cy, dx, dy, r float64) {
		for _, x := range []float64{ax, ay, bx, by, cx, cy, dx, dy, r} {
			if !isFinite(x) {
				return
			}
		}
		checkExactStages(t, Pt(ax, ay), Pt(bx, by), Pt(cx, cy), Pt(dx, dy), r)
	})
}
