package geom

import (
	"fmt"
	"math"

	"github.com/golang/geo/r2"
)

// IntersectionKind classifies how two closed segments meet.
type IntersectionKind int

const (
	// Disjoint means the segments share no point.
	Disjoint IntersectionKind = iota
	// Crossing means the segments meet at a single point interior to both.
	Crossing
	// Touching means the segments share exactly one point, which is an
	// endpoint of at least one of them (or a degenerate, point-like segment).
	Touching
	// Overlapping means the segments are collinear and share a part of
	// positive length.
	Overlapping
)

// String returns the kind's name, for example "Crossing".
func (k IntersectionKind) String() string {
	switch k {
	case Disjoint:
		return "Disjoint"
	case Crossing:
		return "Crossing"
	case Touching:
		return "Touching"
	case Overlapping:
		return "Overlapping"
	}
	return fmt.Sprintf("IntersectionKind(%d)", int(k))
}

// Intersection is the result of IntersectSegments. For Crossing and Touching,
// P is the shared point (Q == P). For Overlapping, P..Q is the shared part,
// ordered along the first segment's direction. For Disjoint, P and Q are
// zero.
type Intersection struct {
	Kind IntersectionKind
	P, Q Point
}

// IntersectSegments classifies how the closed segments s and t meet.
//
// The classification is exact (it uses only Orient and coordinate
// comparisons). Touching and Overlapping points are always input endpoints
// and therefore exact. A Crossing point is constructed in floating point:
// it is within a few ulps of the segments' coordinate magnitudes of the true
// point for well-conditioned crossings, and is clamped into the bounding box
// shared by both segments so it never lies outside either segment's box even
// when the crossing is nearly parallel.
//
// A degenerate segment (A == B) is treated as a point: it touches the other
// segment if it lies on it. Results are symmetric in kind:
// IntersectSegments(s, t).Kind == IntersectSegments(t, s).Kind.
// If any coordinate is NaN or ±Inf the result is Disjoint.
func IntersectSegments(s, t Segment) Intersection {
	if !finite2(s.A, s.B, t.A) || !isFinite(t.B.X) || !isFinite(t.B.Y) {
		return Intersection{}
	}
	sPt, tPt := s.A == s.B, t.A == t.B
	switch {
	case sPt && tPt:
		if s.A == t.A {
			return Intersection{Kind: Touching, P: s.A, Q: s.A}
		}
		return Intersection{}
	case sPt:
		if onSegment(s.A, t) {
			return Intersection{Kind: Touching, P: s.A, Q: s.A}
		}
		return Intersection{}
	case tPt:
		if onSegment(t.A, s) {
			return Intersection{Kind: Touching, P: t.A, Q: t.A}
		}
		return Intersection{}
	}
	// Cheap bounding-box rejection; exact because it only compares inputs.
	if math.Max(s.A.X, s.B.X) < math.Min(t.A.X, t.B.X) ||
		math.Max(t.A.X, t.B.X) < math.Min(s.A.X, s.B.X) ||
		math.Max(s.A.Y, s.B.Y) < math.Min(t.A.Y, t.B.Y) ||
		math.Max(t.A.Y, t.B.Y) < math.Min(s.A.Y, s.B.Y) {
		return Intersection{}
	}
	o1 := Orient(s.A, s.B, t.A)
	o2 := Orient(s.A, s.B, t.B)
	if o1*o2 > 0 {
		return Intersection{}
	}
	o3 := Orient(t.A, t.B, s.A)
	o4 := Orient(t.A, t.B, s.B)
	if o3*o4 > 0 {
		return Intersection{}
	}
	if o1 == 0 && o2 == 0 {
		return collinearOverlap(s, t)
	}
	// The supporting lines are not parallel, so they meet at one point; if
	// any endpoint lies on the other line, that endpoint is the point.
	switch {
	case o1 == 0:
		return Intersection{Kind: Touching, P: t.A, Q: t.A}
	case o2 == 0:
		return Intersection{Kind: Touching, P: t.B, Q: t.B}
	case o3 == 0:
		return Intersection{Kind: Touching, P: s.A, Q: s.A}
	case o4 == 0:
		return Intersection{Kind: Touching, P: s.B, Q: s.B}
	}
	p := crossingPoint(s, t)
	return Intersection{Kind: Crossing, P: p, Q: p}
}

// crossingPoint returns the intersection of the supporting lines of s and t,
// which must cross properly, clamped into both segments' bounding boxes.
func crossingPoint(s, t Segment) Point {
	d1 := s.B.Sub(s.A)
	d2 := t.B.Sub(t.A)
	den := d1.Cross(d2)
	u := t.A.Sub(s.A).Cross(d2) / den
	var p Point
	if u <= 0.5 {
		p = s.A.Add(d1.Mul(u))
	} else {
		p = s.B.Sub(d1.Mul(1 - u))
	}
	if !isFinite(p.X) || !isFinite(p.Y) {
		p = crossingPointExact(s, t)
	}
	box := s.Bound().Intersection(t.Bound())
	if !box.IsEmpty() {
		p = box.ClampPoint(p)
	}
	return p
}

// crossingPointExact computes the crossing point exactly and rounds each
// coordinate to the nearest float64 (ties to even), for inputs whose float
// products overflow or underflow. With u = num/den the parameter along s,
// the point is A + u·d1 = (A·den + num·d1)/den: dyadic numerators over a
// dyadic denominator, so one correctly rounded division per coordinate.
func crossingPointExact(s, t Segment) Point {
	d1x, d1y := dyadicSub(s.B.X, s.A.X), dyadicSub(s.B.Y, s.A.Y)
	d2x, d2y := dyadicSub(t.B.X, t.A.X), dyadicSub(t.B.Y, t.A.Y)
	wx, wy := dyadicSub(t.A.X, s.A.X), dyadicSub(t.A.Y, s.A.Y)
	den := d1x.mul(d2y).sub(d1y.mul(d2x))
	num := wx.mul(d2y).sub(wy.mul(d2x))
	if den.sign() == 0 {
		return s.A
	}
	x := dyadicOf(s.A.X).mul(den).add(num.mul(d1x))
	y := dyadicOf(s.A.Y).mul(den).add(num.mul(d1y))
	return Point{X: quoFloat64(x, den), Y: quoFloat64(y, den)}
}

// onSegment reports whether p lies on the closed, non-degenerate segment s
// (exactly).
func onSegment(p Point, s Segment) bool {
	if p.X < math.Min(s.A.X, s.B.X) || p.X > math.Max(s.A.X, s.B.X) ||
		p.Y < math.Min(s.A.Y, s.B.Y) || p.Y > math.Max(s.A.Y, s.B.Y) {
		return false
	}
	return Orient(s.A, s.B, p) == 0
}

// lessAlong reports whether p comes before q along a line that is not
// vertical (byX) or is vertical (!byX). The points must be collinear with
// that line, which makes a single coordinate comparison exact.
func lessAlong(p, q Point, byX bool) bool {
	if byX {
		return p.X < q.X
	}
	return p.Y < q.Y
}

// collinearOverlap handles two non-degenerate collinear segments.
func collinearOverlap(s, t Segment) Intersection {
	byX := s.A.X != s.B.X
	// Order each segment's endpoints along the axis.
	s0, s1 := s.A, s.B
	if lessAlong(s1, s0, byX) {
		s0, s1 = s1, s0
	}
	t0, t1 := t.A, t.B
	if lessAlong(t1, t0, byX) {
		t0, t1 = t1, t0
	}
	lo := s0
	if lessAlong(lo, t0, byX) {
		lo = t0
	}
	hi := s1
	if lessAlong(t1, hi, byX) {
		hi = t1
	}
	if lessAlong(hi, lo, byX) {
		return Intersection{}
	}
	if lo == hi {
		return Intersection{Kind: Touching, P: lo, Q: lo}
	}
	// Report P..Q in the direction of s.
	if lessAlong(s.B, s.A, byX) {
		lo, hi = hi, lo
	}
	return Intersection{Kind: Overlapping, P: lo, Q: hi}
}

// Length returns the segment's length in inches.
func (s Segment) Length() float64 { return s.B.Sub(s.A).Norm() }

// At returns the point A + t(B-A); t = 0 gives A and t = 1 gives B exactly.
func (s Segment) At(t float64) Point {
	if t == 1 {
		return s.B
	}
	return Point{X: s.A.X + t*(s.B.X-s.A.X), Y: s.A.Y + t*(s.B.Y-s.A.Y)}
}

// Bound returns the smallest rectangle containing the segment.
func (s Segment) Bound() Rect { return r2.RectFromPoints(s.A, s.B) }

// Reversed returns the segment from B to A.
func (s Segment) Reversed() Segment { return Segment{A: s.B, B: s.A} }

// At returns the point A + t(B-A); t = 0 gives A and t = 1 gives B exactly.
func (s Segment3) At(t float64) Vec3 {
	if t == 1 {
		return s.B
	}
	return Vec3{
		X: s.A.X + t*(s.B.X-s.A.X),
		Y: s.A.Y + t*(s.B.Y-s.A.Y),
		Z: s.A.Z + t*(s.B.Z-s.A.Z),
	}
}

// Length returns the segment's length in inches.
func (s Segment3) Length() float64 { return s.B.Sub(s.A).Norm() }
