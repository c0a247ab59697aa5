package geom

import "math"

// discBound is the filter of SegmentCrossesInterior, relative to the sum of
// the absolute coordinates and the radius: DistPointSegment's rounding
// error (a projection, a product and a hypot, each a few ulps of that sum)
// is far below it, so a float distance farther than this from the radius
// decides; closer ones are decided exactly.
const discBound = 0x1p-40

// SegmentCrossesInterior reports whether the closed segment s meets the
// open disc, that is passes strictly inside the circle: a segment that only
// touches the circle (tangent, or ending on it from outside) does not. A
// degenerate segment is its point. A non-positive radius has no inside.
//
// The answer is exact for the float64 inputs: a floating-point filter
// decides clear cases, and cases within about 2^-40 of the coordinates'
// scale of a tangency are decided in exact dyadic arithmetic (which
// allocates). So a rigid motion that maps every input exactly (a shift by
// a representable amount, a quarter or half turn about a representable
// point) cannot change the answer, even at an exact tangency where the
// rounded distance to the line may fall on either side of the radius.
// NaN or ±Inf input gives false; it never panics.
func (c Circle) SegmentCrossesInterior(s Segment) bool {
	if !finite2(s.A, s.B, c.Center) || !isFinite(c.Radius) || c.Radius <= 0 {
		return false
	}
	scale := math.Abs(s.A.X) + math.Abs(s.A.Y) + math.Abs(s.B.X) + math.Abs(s.B.Y) +
		math.Abs(c.Center.X) + math.Abs(c.Center.Y) + c.Radius
	if !(scale > 0x1p-400 && scale < 0x1p400) {
		// DistPointSegment squares the segment's length and projects onto
		// it: beyond these magnitudes a square or a product may overflow
		// or underflow (it then measures to A), which the filter's slack
		// does not cover
		return discSegmentExact(c, s)
	}
	d, _ := DistPointSegment(c.Center, s)
	slack := discBound*scale + tinyBound
	switch {
	case d < c.Radius-slack:
		return true
	case d > c.Radius+slack:
		return false
	}
	return discSegmentExact(c, s)
}

// discSegmentExact decides SegmentCrossesInterior for finite inputs in
// exact dyadic arithmetic: the squared distance from the centre to the nearest
// point of the segment (an end when the centre projects outside it, else
// the foot on the line, cross²/|d|²) against r².
func discSegmentExact(c Circle, s Segment) bool {
	norm2 := func(x, y dyadic) dyadic { return x.mul(x).add(y.mul(y)) }
	r := dyadicOf(c.Radius)
	r2 := r.mul(r)
	dx, dy := dyadicSub(s.B.X, s.A.X), dyadicSub(s.B.Y, s.A.Y)
	fx, fy := dyadicSub(c.Center.X, s.A.X), dyadicSub(c.Center.Y, s.A.Y)
	if fx.mul(dx).add(fy.mul(dy)).sign() <= 0 {
		return norm2(fx, fy).cmp(r2) < 0 // the centre projects at or before A
	}
	gx, gy := dyadicSub(c.Center.X, s.B.X), dyadicSub(c.Center.Y, s.B.Y)
	if gx.mul(dx).add(gy.mul(dy)).sign() >= 0 {
		return norm2(gx, gy).cmp(r2) < 0 // at or after B
	}
	cr := dx.mul(fy).sub(dy.mul(fx))
	return cr.mul(cr).cmp(r2.mul(norm2(dx, dy))) < 0
}
