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
