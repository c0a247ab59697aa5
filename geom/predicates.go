package geom

import "math"

// Error-bound constants for the floating-point filters, after Shewchuk,
// "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
// Predicates" (1997). epsilon is half an ulp of 1 (2^-53).
const (
	epsilon = 0x1p-53
	// orientBound bounds the rounding error of the 2D orientation
	// determinant relative to |detleft|+|detright| (Shewchuk's ccwerrboundA).
	orientBound = (3 + 16*epsilon) * epsilon
	// orient3Bound is Shewchuk's o3derrboundA for the 3D determinant.
	orient3Bound = (7 + 56*epsilon) * epsilon
	// distBound is a deliberately generous bound for CompareDistances:
	// each squared difference carries at most 3 roundings, the sums 3 more.
	distBound = 8 * epsilon
	// tinyBound is an absolute slack added to every filter so that products
	// that underflow into the subnormal range (where the relative error
	// model fails) always take the exact path.
	tinyBound = 0x1p-960
)

// Orient reports on which side of the directed line a→b the point c lies:
// +1 when c is to the left (a, b, c counter-clockwise), -1 when it is to the
// right (clockwise) and 0 when the three points are collinear (including
// when two of them coincide). It is the exact sign of (b-a)×(c-a).
//
// A floating-point filter decides almost every call; inputs close to
// degenerate (including exactly collinear ones) are decided by exact
// floating-point expansion arithmetic, also without allocating. Only inputs
// whose coordinate differences exceed 2^500 or whose products fall below
// 2^-960 use exact arithmetic on integers times powers of two, which
// allocates.
// If any coordinate is NaN or ±Inf, Orient returns 0; it never panics.
func Orient(a, b, c Point) int {
	detleft := (a.X - c.X) * (b.Y - c.Y)
	detright := (a.Y - c.Y) * (b.X - c.X)
	det := detleft - detright
	sum := math.Abs(detleft) + math.Abs(detright)
	bound := orientBound*sum + tinyBound
	if det > bound {
		return 1
	}
	if det < -bound {
		return -1
	}
	if sum == 0 && !math.IsNaN(det) {
		// Both products are exactly zero only if a factor of each is zero
		// (or underflowed); underflow is possible, so only trust exact zeros
		// of the differences.
		if (a.X == c.X || b.Y == c.Y) && (a.Y == c.Y || b.X == c.X) {
			return 0
		}
	}
	if !finite2(a, b, c) {
		return 0
	}
	if s, ok := orientExpansion(a, b, c); ok {
		return s
	}
	return orientExact(a, b, c)
}

// finite2 reports whether every coordinate of a, b and c is finite.
func finite2(a, b, c Point) bool {
	return isFinite(a.X) && isFinite(a.Y) && isFinite(b.X) && isFinite(b.Y) &&
		isFinite(c.X) && isFinite(c.Y)
}

// isFinite reports whether x is neither NaN nor ±Inf.
func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// orientExact is the exact sign of (b-a)×(c-a) for finite inputs, in
// dyadic arithmetic; Orient uses it only where orientExpansion cannot be
// exact.
func orientExact(a, b, c Point) int {
	bax, bay := dyadicSub(b.X, a.X), dyadicSub(b.Y, a.Y)
	cax, cay := dyadicSub(c.X, a.X), dyadicSub(c.Y, a.Y)
	return bax.mul(cay).cmp(bay.mul(cax))
}

// Orient3 reports on which side of the plane through a, b and c the point d
// lies. It is the exact sign of ((b-a)×(c-a))·(d-a): when a, b, c appear
// counter-clockwise seen from above (+z looking down), +1 means d is above
// the plane, -1 below, and 0 means the four points are coplanar (including
// degenerate a, b, c).
//
// Like Orient it uses a floating-point filter, then an exact expansion
// stage that does not allocate, and exact dyadic arithmetic only when a
// coordinate difference exceeds 2^330 or a product falls below 2^-960. It
// returns 0 without panicking if any coordinate is NaN or ±Inf.
func Orient3(a, b, c, d Vec3) int {
	adx, ady, adz := a.X-d.X, a.Y-d.Y, a.Z-d.Z
	bdx, bdy, bdz := b.X-d.X, b.Y-d.Y, b.Z-d.Z
	cdx, cdy, cdz := c.X-d.X, c.Y-d.Y, c.Z-d.Z

	bdxcdy, cdxbdy := bdx*cdy, cdx*bdy
	cdxady, adxcdy := cdx*ady, adx*cdy
	adxbdy, bdxady := adx*bdy, bdx*ady

	det := adz*(bdxcdy-cdxbdy) + bdz*(cdxady-adxcdy) + cdz*(adxbdy-bdxady)
	perm := (math.Abs(bdxcdy)+math.Abs(cdxbdy))*math.Abs(adz) +
		(math.Abs(cdxady)+math.Abs(adxcdy))*math.Abs(bdz) +
		(math.Abs(adxbdy)+math.Abs(bdxady))*math.Abs(cdz)
	// A 2×2 product that underflows loses up to 2^-1075, and the loss is
	// then multiplied by a z difference: the absolute slack scales with
	// them (a subnormal product times a difference near 2^900 is far from
	// tiny).
	bound := orient3Bound*perm + tinyBound*(1+math.Abs(adz)+math.Abs(bdz)+math.Abs(cdz))
	// Shewchuk's determinant is positive when d is below the plane.
	if det > bound {
		return -1
	}
	if det < -bound {
		return 1
	}
	if !isFinite(a.X) || !isFinite(a.Y) || !isFinite(a.Z) ||
		!isFinite(b.X) || !isFinite(b.Y) || !isFinite(b.Z) ||
		!isFinite(c.X) || !isFinite(c.Y) || !isFinite(c.Z) ||
		!isFinite(d.X) || !isFinite(d.Y) || !isFinite(d.Z) {
		return 0
	}
	if s, ok := orient3Expansion(a, b, c, d); ok {
		return s
	}
	return orient3Exact(a, b, c, d)
}

// orient3Exact is the exact sign of ((b-a)×(c-a))·(d-a) for finite inputs,
// in dyadic arithmetic; Orient3 uses it only where orient3Expansion cannot
// be exact.
func orient3Exact(a, b, c, d Vec3) int {
	ux, uy, uz := dyadicSub(b.X, a.X), dyadicSub(b.Y, a.Y), dyadicSub(b.Z, a.Z)
	vx, vy, vz := dyadicSub(c.X, a.X), dyadicSub(c.Y, a.Y), dyadicSub(c.Z, a.Z)
	wx, wy, wz := dyadicSub(d.X, a.X), dyadicSub(d.Y, a.Y), dyadicSub(d.Z, a.Z)
	nx := uy.mul(vz).sub(uz.mul(vy))
	ny := uz.mul(vx).sub(ux.mul(vz))
	nz := ux.mul(vy).sub(uy.mul(vx))
	return nx.mul(wx).add(ny.mul(wy)).add(nz.mul(wz)).sign()
}

// CompareDistances reports the exact sign of |p-a| - |p-b|: -1 when a is
// strictly closer to p than b, +1 when b is strictly closer and 0 when they
// are at the same distance. It returns 0 if any coordinate is NaN or ±Inf.
func CompareDistances(p, a, b Point) int {
	ax, ay := a.X-p.X, a.Y-p.Y
	bx, by := b.X-p.X, b.Y-p.Y
	da := ax*ax + ay*ay
	db := bx*bx + by*by
	d := da - db
	bound := distBound*(da+db) + tinyBound
	if d > bound {
		return 1
	}
	if d < -bound {
		return -1
	}
	if !finite2(p, a, b) {
		return 0
	}
	return compareDistancesExact(p, a, b)
}

// compareDistancesExact is CompareDistances' exact stage for finite inputs:
// the squared distances compared in dyadic arithmetic.
func compareDistancesExact(p, a, b Point) int {
	rax, ray := dyadicSub(a.X, p.X), dyadicSub(a.Y, p.Y)
	rbx, rby := dyadicSub(b.X, p.X), dyadicSub(b.Y, p.Y)
	ea := rax.mul(rax).add(ray.mul(ray))
	eb := rbx.mul(rbx).add(rby.mul(rby))
	return ea.cmp(eb)
}
