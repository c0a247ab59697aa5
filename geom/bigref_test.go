package geom

import "math/big"

// The exact stages as they were written in math/big before dyadic replaced
// it: the reference the differential tests compare every replacement with.

// rat returns x as an exact rational. x must be finite.
func rat(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

// ratSub returns x-y exactly.
func ratSub(x, y float64) *big.Rat { return new(big.Rat).Sub(rat(x), rat(y)) }

func orientExactRat(a, b, c Point) int {
	bax, bay := ratSub(b.X, a.X), ratSub(b.Y, a.Y)
	cax, cay := ratSub(c.X, a.X), ratSub(c.Y, a.Y)
	l := new(big.Rat).Mul(bax, cay)
	r := new(big.Rat).Mul(bay, cax)
	return l.Cmp(r)
}

func orient3ExactRat(a, b, c, d Vec3) int {
	ux, uy, uz := ratSub(b.X, a.X), ratSub(b.Y, a.Y), ratSub(b.Z, a.Z)
	vx, vy, vz := ratSub(c.X, a.X), ratSub(c.Y, a.Y), ratSub(c.Z, a.Z)
	wx, wy, wz := ratSub(d.X, a.X), ratSub(d.Y, a.Y), ratSub(d.Z, a.Z)
	mul := func(p, q *big.Rat) *big.Rat { return new(big.Rat).Mul(p, q) }
	nx := new(big.Rat).Sub(mul(uy, vz), mul(uz, vy))
	ny := new(big.Rat).Sub(mul(uz, vx), mul(ux, vz))
	nz := new(big.Rat).Sub(mul(ux, vy), mul(uy, vx))
	s := mul(nx, wx)
	s.Add(s, mul(ny, wy))
	s.Add(s, mul(nz, wz))
	return s.Sign()
}

func compareDistancesExactRat(p, a, b Point) int {
	rax, ray := ratSub(a.X, p.X), ratSub(a.Y, p.Y)
	rbx, rby := ratSub(b.X, p.X), ratSub(b.Y, p.Y)
	ea := new(big.Rat).Mul(rax, rax)
	ea.Add(ea, new(big.Rat).Mul(ray, ray))
	eb := new(big.Rat).Mul(rbx, rbx)
	eb.Add(eb, new(big.Rat).Mul(rby, rby))
	return ea.Cmp(eb)
}

func orientDirExactRat(a, d, p Point) int {
	px, py := ratSub(p.X, a.X), ratSub(p.Y, a.Y)
	lr := new(big.Rat).Mul(rat(d.X), py)
	rr := new(big.Rat).Mul(rat(d.Y), px)
	return lr.Cmp(rr)
}

func crossingPointExactRat(s, t Segment) Point {
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	d1x, d1y := ratSub(s.B.X, s.A.X), ratSub(s.B.Y, s.A.Y)
	d2x, d2y := ratSub(t.B.X, t.A.X), ratSub(t.B.Y, t.A.Y)
	wx, wy := ratSub(t.A.X, s.A.X), ratSub(t.A.Y, s.A.Y)
	den := new(big.Rat).Sub(mul(d1x, d2y), mul(d1y, d2x))
	num := new(big.Rat).Sub(mul(wx, d2y), mul(wy, d2x))
	if den.Sign() == 0 {
		return s.A
	}
	u := num.Quo(num, den)
	x := new(big.Rat).Add(rat(s.A.X), mul(u, d1x))
	y := new(big.Rat).Add(rat(s.A.Y), mul(u, d1y))
	fx, _ := x.Float64()
	fy, _ := y.Float64()
	return Point{X: fx, Y: fy}
}

func discSegmentExactRat(c Circle, s Segment) bool {
	mul := func(p, q *big.Rat) *big.Rat { return new(big.Rat).Mul(p, q) }
	norm2 := func(x, y *big.Rat) *big.Rat { n := mul(x, x); return n.Add(n, mul(y, y)) }
	r := rat(c.Radius)
	r2 := mul(r, r)
	dx, dy := ratSub(s.B.X, s.A.X), ratSub(s.B.Y, s.A.Y)
	fx, fy := ratSub(c.Center.X, s.A.X), ratSub(c.Center.Y, s.A.Y)
	fd := mul(fx, dx)
	if fd.Add(fd, mul(fy, dy)); fd.Sign() <= 0 {
		return norm2(fx, fy).Cmp(r2) < 0 // the centre projects at or before A
	}
	gx, gy := ratSub(c.Center.X, s.B.X), ratSub(c.Center.Y, s.B.Y)
	gd := mul(gx, dx)
	if gd.Add(gd, mul(gy, dy)); gd.Sign() >= 0 {
		return norm2(gx, gy).Cmp(r2) < 0 // at or after B
	}
	cr := mul(dx, fy)
	cr.Sub(cr, mul(dy, fx))
	return mul(cr, cr).Cmp(mul(r2, norm2(dx, dy))) < 0
}
