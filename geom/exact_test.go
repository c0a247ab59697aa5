package geom

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// refOrient is the textbook exact orientation: the sign of
// (b-a)×(c-a) in big.Rat, computed independently of orientExact's layout.
func refOrient(a, b, c Point) int {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	m := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	s := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
	// Expanded form: ax(by-cy) + bx(cy-ay) + cx(ay-by).
	t1 := m(r(a.X), s(r(b.Y), r(c.Y)))
	t2 := m(r(b.X), s(r(c.Y), r(a.Y)))
	t3 := m(r(c.X), s(r(a.Y), r(b.Y)))
	t1.Add(t1, t2)
	t1.Add(t1, t3)
	return t1.Sign()
}

// refOrient3 is the exact 3x3 determinant by cofactor expansion.
func refOrient3(a, b, c, d Vec3) int {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	sub := func(x, y float64) *big.Rat { return new(big.Rat).Sub(r(x), r(y)) }
	m := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	u := [3]*big.Rat{sub(b.X, a.X), sub(b.Y, a.Y), sub(b.Z, a.Z)}
	v := [3]*big.Rat{sub(c.X, a.X), sub(c.Y, a.Y), sub(c.Z, a.Z)}
	w := [3]*big.Rat{sub(d.X, a.X), sub(d.Y, a.Y), sub(d.Z, a.Z)}
	det := new(big.Rat)
	for i := 0; i < 3; i++ {
		j, k := (i+1)%3, (i+2)%3
		cof := new(big.Rat).Sub(m(v[j], w[k]), m(v[k], w[j]))
		det.Add(det, m(u[i], cof))
	}
	return det.Sign()
}

// adversarialPoints returns points near the line y = 0.1x: on it as
// computed in floating point, nudged by a few ulps, or with huge and tiny
// magnitudes.
func adversarialPoint(rng *rand.Rand) Point {
	x := (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(13)-6))
	y := x * 0.1
	for range rng.IntN(4) {
		if rng.IntN(2) == 0 {
			y = math.Nextafter(y, math.Inf(1))
		} else {
			y = math.Nextafter(y, math.Inf(-1))
		}
	}
	switch rng.IntN(8) {
	case 0:
		x, y = x*1e150, y*1e150
	case 1:
		x, y = x*1e-150, y*1e-150
	case 2:
		x, y = math.Round(x*8)/8, math.Round(y*8)/8
	}
	return Pt(x, y)
}

func randomPoint(rng *rand.Rand) Point {
	if rng.IntN(2) == 0 {
		return adversarialPoint(rng)
	}
	return Pt(float64(rng.IntN(9))-4, float64(rng.IntN(9))-4)
}

func TestOrientDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 40000; i++ {
		var a, b, c Point
		if i%2 == 0 {
			a, b, c = adversarialPoint(rng), adversarialPoint(rng), adversarialPoint(rng)
		} else {
			a, b, c = randomPoint(rng), randomPoint(rng), randomPoint(rng)
		}
		if got, want := Orient(a, b, c), refOrient(a, b, c); got != want {
			t.Fatalf("Orient(%v, %v, %v) = %d, want %d", a, b, c, got, want)
		}
	}
}

func TestOrient3Differential(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	lift := func(p Point) Vec3 {
		// Points near the plane z = 0.3x - 0.7y, nudged by ulps.
		z := 0.3*p.X - 0.7*p.Y
		if rng.IntN(2) == 0 {
			z = math.Nextafter(z, math.Inf(1))
		}
		return V3(p.X, p.Y, z)
	}
	for i := 0; i < 20000; i++ {
		a, b, c, d := lift(randomPoint(rng)), lift(randomPoint(rng)), lift(randomPoint(rng)), lift(randomPoint(rng))
		if got, want := Orient3(a, b, c, d), refOrient3(a, b, c, d); got != want {
			t.Fatalf("Orient3(%v, %v, %v, %v) = %d, want %d", a, b, c, d, got, want)
		}
	}
}

// refIntersect classifies two segments with exact rationals by solving
// the parametric equations, independently of IntersectSegments.
func refIntersect(s, t Segment) IntersectionKind {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	type rp struct{ x, y *big.Rat }
	P := func(p Point) rp { return rp{r(p.X), r(p.Y)} }
	sub := func(p, q rp) rp { return rp{new(big.Rat).Sub(p.x, q.x), new(big.Rat).Sub(p.y, q.y)} }
	cross := func(p, q rp) *big.Rat {
		return new(big.Rat).Sub(new(big.Rat).Mul(p.x, q.y), new(big.Rat).Mul(p.y, q.x))
	}
	dot := func(p, q rp) *big.Rat {
		return new(big.Rat).Add(new(big.Rat).Mul(p.x, q.x), new(big.Rat).Mul(p.y, q.y))
	}
	a, b, c, d := P(s.A), P(s.B), P(t.A), P(t.B)
	ab, cd, ac := sub(b, a), sub(d, c), sub(c, a)
	zero := new(big.Rat)
	// Parameter of q along a→b in [0,1] when q is on that line.
	onSeg := func(q, a, ab rp) bool {
		if cross(ab, sub(q, a)).Sign() != 0 {
			return false
		}
		tt := dot(sub(q, a), ab)
		return tt.Sign() >= 0 && tt.Cmp(dot(ab, ab)) <= 0
	}
	sDeg, tDeg := dot(ab, ab).Sign() == 0, dot(cd, cd).Sign() == 0
	switch {
	case sDeg && tDeg:
		if sub(a, c).x.Sign() == 0 && sub(a, c).y.Sign() == 0 {
			return Touching
		}
		return Disjoint
	case sDeg:
		if onSeg(a, c, cd) {
			return Touching
		}
		return Disjoint
	case tDeg:
		if onSeg(c, a, ab) {
			return Touching
		}
		return Disjoint
	}
	den := cross(ab, cd)
	if den.Sign() == 0 {
		if cross(ab, ac).Sign() != 0 {
			return Disjoint
		}
		// Collinear: project c and d on a→b, intersect with [0, |ab|²].
		l := dot(ab, ab)
		tc, td := dot(ac, ab), dot(sub(d, a), ab)
		if tc.Cmp(td) > 0 {
			tc, td = td, tc
		}
		lo, hi := tc, td
		if lo.Cmp(zero) < 0 {
			lo = zero
		}
		if hi.Cmp(l) > 0 {
			hi = l
		}
		switch lo.Cmp(hi) {
		case 1:
			return Disjoint
		case 0:
			return Touching
		}
		return Overlapping
	}
	u := new(big.Rat).Quo(cross(ac, cd), den) // along s
	v := new(big.Rat).Quo(cross(ac, ab), den) // along t
	one := big.NewRat(1, 1)
	in := func(x *big.Rat) int { // 0 outside, 1 at end, 2 interior
		switch {
		case x.Sign() < 0 || x.Cmp(one) > 0:
			return 0
		case x.Sign() == 0 || x.Cmp(one) == 0:
			return 1
		}
		return 2
	}
	iu, iv := in(u), in(v)
	switch {
	case iu == 0 || iv == 0:
		return Disjoint
	case iu == 2 && iv == 2:
		return Crossing
	}
	return Touching
}

func randomSegmentPair(rng *rand.Rand) (Segment, Segment) {
	p := func() Point { return randomPoint(rng) }
	s := Seg(p(), p())
	var t Segment
	switch rng.IntN(5) {
	case 0: // share an endpoint
		t = Seg(s.B, p())
	case 1: // collinear with s via the same line (y = 0.1x family)
		t = Seg(adversarialPoint(rng), adversarialPoint(rng))
		s = Seg(adversarialPoint(rng), adversarialPoint(rng))
	case 2: // degenerate
		q := p()
		t = Seg(q, q)
	default:
		t = Seg(p(), p())
	}
	return s, t
}

func TestIntersectSegmentsDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 40000; i++ {
		s, u := randomSegmentPair(rng)
		got := IntersectSegments(s, u)
		if want := refIntersect(s, u); got.Kind != want {
			t.Fatalf("IntersectSegments(%v, %v) = %v, want %v", s, u, got.Kind, want)
		}
		if back := IntersectSegments(u, s); back.Kind != got.Kind {
			t.Fatalf("IntersectSegments not symmetric for %v, %v: %v vs %v", s, u, got.Kind, back.Kind)
		}
		if got.Kind == Crossing {
			// The constructed point lies in both bounding boxes.
			if !s.Bound().ContainsPoint(got.P) || !u.Bound().ContainsPoint(got.P) {
				t.Fatalf("crossing point %v of %v, %v outside a bounding box", got.P, s, u)
			}
		}
	}
}

// filterUndecided reports whether the floating-point filter at the top of
// Orient cannot decide a, b, c, so that Orient goes on to the exact stages.
// It restates that filter only to count how many cases reach the exact
// stages; correctness is judged against refOrient, never against this.
func filterUndecided(a, b, c Point) bool {
	l := (a.X - c.X) * (b.Y - c.Y)
	r := (a.Y - c.Y) * (b.X - c.X)
	bound := orientBound*(math.Abs(l)+math.Abs(r)) + tinyBound
	return math.Abs(l-r) <= bound && !(l == 0 && r == 0 &&
		(a.X == c.X || b.Y == c.Y) && (a.Y == c.Y || b.X == c.X))
}

// nudge moves x by k ulps (towards +Inf for k > 0).
func nudge(x float64, k int) float64 {
	for ; k > 0; k-- {
		x = math.Nextafter(x, math.Inf(1))
	}
	for ; k < 0; k++ {
		x = math.Nextafter(x, math.Inf(-1))
	}
	return x
}

// nearDegenerate returns three points that are collinear or nearly so, in
// one of four constructions that defeat the floating-point filter.
func nearDegenerate(rng *rand.Rand) (Point, Point, Point) {
	scale := math.Pow(10, float64(rng.IntN(10)-3))
	coord := func() float64 { return (rng.Float64() - 0.5) * scale }
	var a, b, c Point
	switch rng.IntN(4) {
	case 0: // c = a + t(b-a) in float64, then moved by up to 2 ulps.
		a, b = Pt(coord(), coord()), Pt(coord(), coord())
		t := rng.Float64()*3 - 1
		c = Pt(nudge(a.X+t*(b.X-a.X), rng.IntN(5)-2), nudge(a.Y+t*(b.Y-a.Y), rng.IntN(5)-2))
	case 1: // on y = m·x + q with an irrational-looking slope and offset.
		m := [...]float64{math.Sqrt2, -math.Pi / 7, math.E / 3, 1 / math.Sqrt(3)}[rng.IntN(4)]
		q := math.Phi * scale * (rng.Float64() - 0.5)
		on := func() Point { x := coord(); return Pt(x, nudge(m*x+q, rng.IntN(3)-1)) }
		a, b, c = on(), on(), on()
	case 2: // c is the float64 intersection of a→b with another segment.
		a, b = Pt(coord(), coord()), Pt(coord(), coord())
		p, q := Pt(coord(), coord()), Pt(coord(), coord())
		d1x, d1y, d2x, d2y := b.X-a.X, b.Y-a.Y, q.X-p.X, q.Y-p.Y
		den := d1x*d2y - d1y*d2x
		if den == 0 {
			den = 1
		}
		t := ((p.X-a.X)*d2y - (p.Y-a.Y)*d2x) / den
		c = Pt(a.X+t*d1x, a.Y+t*d1y)
	default: // a + k·d for a small binary step d: often exactly collinear.
		a = Pt(coord(), coord())
		dx, dy := float64(rng.IntN(64)-32)/1024, float64(rng.IntN(64)-32)/1024
		i, j := float64(rng.IntN(9)-4), float64(rng.IntN(9)-4)
		b, c = Pt(a.X+i*dx, a.Y+i*dy), Pt(a.X+j*dx, a.Y+j*dy)
	}
	// Scale by a power of two (exact, sign-preserving) now and then,
	// sometimes beyond the expansion's range to reach the dyadic path.
	if rng.IntN(8) == 0 {
		e := rng.IntN(1200) - 600
		for _, p := range []*Point{&a, &b, &c} {
			p.X, p.Y = math.Ldexp(p.X, e), math.Ldexp(p.Y, e)
		}
	}
	// Random argument order so no point is always the base.
	switch rng.IntN(3) {
	case 1:
		a, b, c = b, c, a
	case 2:
		a, c = c, a
	}
	return a, b, c
}

// TestOrientExpansionDifferential drives the expansion stage with at least
// 100,000 triples that the floating-point filter cannot decide, comparing
// both orientExpansion and Orient with the big.Rat reference.
func TestOrientExpansionDifferential(t *testing.T) {
	const want, maxTries = 100000, 400000
	rng := rand.New(rand.NewPCG(7, 8))
	undecided, expanded, zeros := 0, 0, 0
	for try := 0; try < maxTries && expanded < want; try++ {
		a, b, c := nearDegenerate(rng)
		ref := refOrient(a, b, c)
		if got := Orient(a, b, c); got != ref {
			t.Fatalf("Orient(%v, %v, %v) = %d, want %d", a, b, c, got, ref)
		}
		s, ok := orientExpansion(a, b, c)
		if ok && s != ref {
			t.Fatalf("orientExpansion(%v, %v, %v) = %d, want %d", a, b, c, s, ref)
		}
		if filterUndecided(a, b, c) {
			undecided++
			if ok {
				expanded++
				if ref == 0 {
					zeros++
				}
			}
		}
	}
	if expanded < want {
		t.Fatalf("only %d filter-undecided triples reached the expansion stage (%d undecided), want %d",
			expanded, undecided, want)
	}
	// Exactly collinear triples must be among them, not only near misses.
	if zeros < want/20 {
		t.Errorf("only %d of %d expansion-stage triples were exactly collinear", zeros, expanded)
	}
	t.Logf("%d filter-undecided, %d by expansion, %d collinear", undecided, expanded, zeros)
}

// nearCoplanar returns four points on or within ulps of a plane with
// irrational-looking coefficients, or with d built from a, b and c.
func nearCoplanar(rng *rand.Rand) (Vec3, Vec3, Vec3, Vec3) {
	scale := math.Pow(10, float64(rng.IntN(8)-2))
	coord := func() float64 { return (rng.Float64() - 0.5) * scale }
	mx, my := math.Sqrt2, -math.Pi/5
	q := math.E * scale * (rng.Float64() - 0.5)
	on := func() Vec3 {
		x, y := coord(), coord()
		return V3(x, y, nudge(mx*x+my*y+q, rng.IntN(3)-1))
	}
	a, b, c := on(), on(), on()
	var d Vec3
	switch rng.IntN(3) {
	case 0:
		d = on()
	case 1:
		s, t := rng.Float64()*2-0.5, rng.Float64()*2-0.5
		d = V3(a.X+s*(b.X-a.X)+t*(c.X-a.X), a.Y+s*(b.Y-a.Y)+t*(c.Y-a.Y), a.Z+s*(b.Z-a.Z)+t*(c.Z-a.Z))
	default:
		// Multiples of 2^-10 below 2^12: every sum below is exact, so
		// d = a + i·u + j·v is exactly coplanar with a, b = a+u, c = a+v.
		grid := func() float64 { return float64(rng.IntN(1<<21)-1<<20) / 1024 }
		step := func() float64 { return float64(rng.IntN(64)-32) / 1024 }
		a = V3(grid(), grid(), grid())
		u, v := V3(step(), step(), step()), V3(step(), step(), step())
		i, j := float64(rng.IntN(9)-4), float64(rng.IntN(9)-4)
		b, c = V3(a.X+u.X, a.Y+u.Y, a.Z+u.Z), V3(a.X+v.X, a.Y+v.Y, a.Z+v.Z)
		d = V3(a.X+i*u.X+j*v.X, a.Y+i*u.Y+j*v.Y, a.Z+i*u.Z+j*v.Z)
	}
	return a, b, c, d
}

// TestOrient3ExpansionDifferential compares orient3Expansion and Orient3
// with the big.Rat reference on nearly coplanar quadruples.
func TestOrient3ExpansionDifferential(t *testing.T) {
	const n = 20000
	rng := rand.New(rand.NewPCG(9, 10))
	expanded, zeros := 0, 0
	for range n {
		a, b, c, d := nearCoplanar(rng)
		ref := refOrient3(a, b, c, d)
		if got := Orient3(a, b, c, d); got != ref {
			t.Fatalf("Orient3(%v, %v, %v, %v) = %d, want %d", a, b, c, d, got, ref)
		}
		s, ok := orient3Expansion(a, b, c, d)
		if !ok {
			t.Fatalf("orient3Expansion(%v, %v, %v, %v) gave up on table-scale input", a, b, c, d)
		}
		if s != ref {
			t.Fatalf("orient3Expansion(%v, %v, %v, %v) = %d, want %d", a, b, c, d, s, ref)
		}
		expanded++
		if ref == 0 {
			zeros++
		}
	}
	if zeros < n/10 {
		t.Errorf("only %d exactly coplanar quadruples among %d", zeros, expanded)
	}
	t.Logf("%d by expansion, %d coplanar", expanded, zeros)
}

// TestOrientNoAllocs is a contract test: the exact stages for inputs the
// filter cannot decide must not allocate.
func TestOrientNoAllocs(t *testing.T) {
	// Near-degenerate: see the y = 0.1x case in TestOrient.
	p, q, r := Pt(0, 0), Pt(1, 0.1), Pt(3, 0.30000000000000004)
	// Exactly collinear, not axis-aligned: steps of (0.25, 0.125) from
	// (1.5, 2.25), all binary fractions, so (b-a)×(c-a) = 0.25·0.25 -
	// 0.125·0.5 = 0 exactly.
	cp, cq, cr := Pt(1.5, 2.25), Pt(1.75, 2.375), Pt(2, 2.5)
	for _, tr := range [][3]Point{{p, q, r}, {cp, cq, cr}} {
		if !filterUndecided(tr[0], tr[1], tr[2]) {
			t.Fatalf("filter decides %v; the test would not reach the exact stage", tr)
		}
	}
	sink := 0
	if n := testing.AllocsPerRun(100, func() { sink += Orient(p, q, r) + Orient(cp, cq, cr) }); n != 0 {
		t.Errorf("Orient on near-degenerate input: %v allocs per run, want 0", n)
	}
	on := func(x, y float64) Vec3 { return V3(x, y, 0.3*x-0.7*y) }
	a, b, c, d := on(0.1, 0.2), on(1.3, -0.7), on(-0.9, 2.1), on(0.7, 0.45)
	d.Z = math.Nextafter(d.Z, 1)
	if n := testing.AllocsPerRun(100, func() { sink += Orient3(a, b, c, d) }); n != 0 {
		t.Errorf("Orient3 on near-coplanar input: %v allocs per run, want 0", n)
	}
	// The results themselves: q and r lie on opposite sides of y = 0.1x as
	// explained in TestOrient; cp, cq, cr are exactly collinear.
	if Orient(p, q, r) != 1 || Orient(cp, cq, cr) != 0 {
		t.Errorf("Orient = %d, %d; want 1, 0", Orient(p, q, r), Orient(cp, cq, cr))
	}
	if got, want := Orient3(a, b, c, d), refOrient3(a, b, c, d); got != want {
		t.Errorf("Orient3 = %d, want %d", got, want)
	}
	_ = sink
}

// TestOrient3UnderflowTimesHuge pins a case the filter once decided wrong:
// a 2×2 product underflows to zero and is then multiplied by a z difference
// near 2^906, so the fixed slack 2^-960 did not cover the lost value; the
// exact answer (big.Rat, bigref_test.go) is +1.
func TestOrient3UnderflowTimesHuge(t *testing.T) {
	a := Vec3{X: -7.619952850539863e+118, Y: -584, Z: -9.330313958213629e+272}
	b := Vec3{X: 0, Y: 3.454257679516038e-279, Z: 0}
	c := Vec3{X: -2.845222616594436e-106, Y: -2.68546740646578e-304, Z: -584}
	d := Vec3{X: -2.68546740646578e-304, Y: 1.2642335621535636e-308, Z: 0}
	want := orient3ExactRat(a, b, c, d)
	if want != 1 {
		t.Fatalf("reference sign %d, want +1 (the case changed)", want)
	}
	if got := Orient3(a, b, c, d); got != want {
		t.Errorf("Orient3 = %d, want %d", got, want)
	}
}
