package geom

import (
	"math"
)

// Distances in this file are Euclidean, in inches, returned together with
// the closest points that realise them. Decisions that make a distance
// exactly zero (a point on a segment, crossing or touching segments, a point
// inside a polygon, overlapping polygons) use the package's exact
// predicates, so "touching" is never reported as a tiny positive distance.
// Positive distances are ordinary float64 results: a few ulps of the input
// coordinates' magnitude. None of these functions allocate.

// DistPointSegment returns the distance from p to the closed segment s and
// the point of s closest to p. The distance is exactly 0 when p lies on s
// (decided exactly); a degenerate segment acts as the point s.A. Segments
// whose squared length overflows or underflows float64 are projected on
// scaled coordinates; the distance itself is +Inf when it exceeds the
// float range.
func DistPointSegment(p Point, s Segment) (float64, Point) {
	d := s.B.Sub(s.A)
	l2 := d.Dot(d)
	var q Point
	if !(l2 >= 0x1p-1000 && l2 <= 0x1p1000) && (d.X != 0 || d.Y != 0) && finite2(p, s.A, s.B) {
		// the squared length (or the difference) overflows or underflows:
		// project in coordinates scaled by a power of two, which is exact
		// but for parts far below the largest coordinate's rounding
		q = projectScaled(p, s)
	} else if l2 == 0 || math.IsInf(l2, 0) || math.IsNaN(l2) {
		q = s.A
	} else {
		t := p.Sub(s.A).Dot(d) / l2
		switch {
		case t <= 0:
			q = s.A
		case t >= 1:
			q = s.B
		default:
			q = Point{X: s.A.X + t*d.X, Y: s.A.Y + t*d.Y}
		}
	}
	dist := math.Hypot(p.X-q.X, p.Y-q.Y)
	scale := math.Abs(p.X) + math.Abs(p.Y) + math.Abs(s.A.X) + math.Abs(s.A.Y) + math.Abs(s.B.X) + math.Abs(s.B.Y)
	if dist <= 0x1p-40*scale {
		// Too close to trust rounding: decide "on the segment" exactly.
		if onSegmentExact(p, s) {
			return 0, p
		}
		if dist == 0 {
			dist = math.SmallestNonzeroFloat64 // off s, however slightly
		}
	}
	return dist, q
}

// projectScaled returns the point of the non-degenerate segment s closest
// to p, for finite inputs whose magnitudes put |B−A|² outside the float
// range: the projection is made on the inputs multiplied by 2^−e, where 2^e
// is about their largest magnitude, and the point multiplied back.
func projectScaled(p Point, s Segment) Point {
	m := max(math.Abs(p.X), math.Abs(p.Y), math.Abs(s.A.X), math.Abs(s.A.Y), math.Abs(s.B.X), math.Abs(s.B.Y))
	_, e := math.Frexp(m)
	sc := func(v Point) Point { return Point{X: math.Ldexp(v.X, -e), Y: math.Ldexp(v.Y, -e)} }
	ps, a, b := sc(p), sc(s.A), sc(s.B)
	d := b.Sub(a)
	l2 := d.Dot(d)
	if l2 == 0 {
		return s.A // shorter than the rounding of the largest coordinate
	}
	t := ps.Sub(a).Dot(d) / l2
	switch {
	case t <= 0:
		return s.A
	case t >= 1:
		return s.B
	}
	return Point{X: math.Ldexp(a.X+t*d.X, e), Y: math.Ldexp(a.Y+t*d.Y, e)}
}

// onSegmentExact reports whether p lies on the closed segment s, exactly.
func onSegmentExact(p Point, s Segment) bool {
	if Orient(s.A, s.B, p) != 0 {
		return false
	}
	return math.Min(s.A.X, s.B.X) <= p.X && p.X <= math.Max(s.A.X, s.B.X) &&
		math.Min(s.A.Y, s.B.Y) <= p.Y && p.Y <= math.Max(s.A.Y, s.B.Y)
}

// DistSegments returns the distance between the closed segments s and t and
// a closest point on each (pa on s, pb on t). The distance is exactly 0, with
// pa == pb a shared point, whenever IntersectSegments reports that they meet
// (crossing, touching or overlapping). Otherwise the closest pair has an
// endpoint of one segment in it, so the smallest of the four endpoint to
// segment distances is exact up to rounding.
func DistSegments(s, t Segment) (float64, Point, Point) {
	if in := IntersectSegments(s, t); in.Kind != Disjoint {
		return 0, in.P, in.P
	}
	best, pa, pb := math.Inf(1), s.A, t.A
	if d, q := DistPointSegment(s.A, t); d < best {
		best, pa, pb = d, s.A, q
	}
	if d, q := DistPointSegment(s.B, t); d < best {
		best, pa, pb = d, s.B, q
	}
	if d, q := DistPointSegment(t.A, s); d < best {
		best, pa, pb = d, q, t.A
	}
	if d, q := DistPointSegment(t.B, s); d < best {
		best, pa, pb = d, q, t.B
	}
	if math.IsInf(best, 1) { // NaN somewhere
		return math.NaN(), pa, pb
	}
	return best, pa, pb
}

// ellipseRootIters caps the bisection in DistPointEllipse. Each step halves
// the bracket, so 200 steps take any float64 bracket to its resolution.
const ellipseRootIters = 200

// DistPointEllipse returns the distance from p to the filled ellipse e
// (boundary or interior) and the closest point of e: 0 and p itself when p
// is inside or on it.
//
// Outside points are solved in the ellipse's frame, folded into the first
// quadrant, by bisection on the standard one-variable equation for the foot
// of the normal through p,
//
//	F(s) = (r·z0/(s+r))² + (z1/(s+1))² - 1 = 0,  r = (a/b)², z = y/(a, b),
//
// which has exactly one root in [0, hypot(r·z0, z1)-1] when p is outside.
// Bisection is capped at 200 steps and stops at float64 resolution, so the
// closest point is accurate to a few ulps of the coordinates' magnitude
// (well under 1e-9 inch at table scale). Circles, points on an axis and
// degenerate ellipses (a zero semi-axis, a flat ratio beyond float range:
// treated as the segment of the long axis) take closed forms. Negative
// semi-axes are read as their absolute values; NaN input gives NaN.
func DistPointEllipse(p Point, e Ellipse) (float64, Point) {
	q := e.local(p)
	a, b := math.Abs(e.A), math.Abs(e.B)
	if math.IsNaN(q.X) || math.IsNaN(q.Y) || math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN(), p
	}
	swap := a < b
	y0, y1, e0, e1 := math.Abs(q.X), math.Abs(q.Y), a, b
	if swap {
		y0, y1, e0, e1 = y1, y0, b, a
	}
	r0 := (e0 / e1) * (e0 / e1)
	var x0, x1 float64
	switch {
	case e1 == 0 || math.IsInf(r0, 0):
		// Flat: the segment [-e0, e0] on the long axis.
		if y1 == 0 && y0 <= e0 {
			return 0, p
		}
		x0, x1 = math.Min(y0, e0), 0
	default:
		z0, z1 := y0/e0, y1/e1
		if z0*z0+z1*z1 <= 1 {
			return 0, p
		}
		switch {
		case e0 == e1:
			h := math.Hypot(y0, y1)
			x0, x1 = e0*(y0/h), e0*(y1/h)
		case y1 == 0:
			x0, x1 = e0, 0
		case y0 == 0:
			x0, x1 = 0, e1
		default:
			s := ellipseRoot(r0, z0, z1)
			x0, x1 = r0*y0/(s+r0), y1/(s+1)
		}
	}
	d := math.Hypot(y0-x0, y1-x1)
	if d == 0 {
		// On the boundary to the last bit in the ellipse's frame: p is its
		// own nearest point (the frame's round trip could move it).
		return 0, p
	}
	if swap {
		x0, x1 = x1, x0
	}
	if q.X < 0 {
		x0 = -x0
	}
	if q.Y < 0 {
		x1 = -x1
	}
	return d, e.world(Point{X: x0, Y: x1})
}

// ellipseRoot bisects F(s) = (r·z0/(s+r))² + (z1/(s+1))² - 1 on its
// bracket [0, hypot(r·z0, z1)-1]; F is decreasing there, positive at 0 (the
// point is outside) and non-positive at the top since r >= 1.
func ellipseRoot(r, z0, z1 float64) float64 {
	n0 := r * z0
	lo, hi := 0.0, math.Hypot(n0, z1)-1
	for range ellipseRootIters {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi || hi-lo <= 0x1p-60*(1+hi) {
			break
		}
		g0, g1 := n0/(mid+r), z1/(mid+1)
		f := g0*g0 + g1*g1 - 1
		switch {
		case f > 0:
			lo = mid
		case f < 0:
			hi = mid
		default:
			return mid
		}
	}
	return lo + (hi-lo)/2
}

// DistPointRing returns the distance from p to the ring's boundary curve
// (its vertices and edges, including the closing edge) and the closest point
// on it. Whether p is enclosed does not matter: use DistPointPolygon for the
// distance to the region. An empty ring gives +Inf and p.
func DistPointRing(p Point, r Ring) (float64, Point) {
	best, bq := math.Inf(1), p
	n := len(r)
	for i := range n {
		j := i + 1
		if j == n {
			j = 0
		}
		if d, q := DistPointSegment(p, Segment{A: r[i], B: r[j]}); d < best {
			best, bq = d, q
			if d == 0 {
				break
			}
		}
	}
	return best, bq
}

// DistPointPolygon returns the distance from p to the closed polygon and the
// closest point of it: exactly 0 and p itself when p is inside or on the
// boundary (decided exactly by Polygon.Locate; a point in a hole is outside,
// and its distance is to the hole's boundary). The empty polygon gives +Inf.
func DistPointPolygon(p Point, poly Polygon) (float64, Point) {
	if poly.Locate(p) != Outside {
		return 0, p
	}
	best, bq := DistPointRing(p, poly.Outer)
	for _, h := range poly.Holes {
		if d, q := DistPointRing(p, h); d < best {
			best, bq = d, q
		}
	}
	return best, bq
}

// DistPolygons returns the distance between the closed polygons a and b and
// a closest point on each (pa in a, pb in b). It is exactly 0 when they
// overlap or touch, decided exactly: some pair of boundary edges meets
// (pa == pb is a shared point), or one polygon's outer ring lies inside the
// other (pa == pb is that ring's first vertex). A polygon lying in the other
// one's hole does not overlap it; its distance is to the hole's boundary.
// Otherwise the distance is the smallest edge-to-edge distance, O(n·m).
// If either polygon is empty the distance is +Inf.
func DistPolygons(a, b Polygon) (float64, Point, Point) {
	if len(a.Outer) == 0 || len(b.Outer) == 0 {
		return math.Inf(1), Point{}, Point{}
	}
	best, pa, pb := math.Inf(1), a.Outer[0], b.Outer[0]
	if d, qa, qb, hit := distRingsRing(a.Outer, a.Holes, b.Outer); hit || d < best {
		best, pa, pb = d, qa, qb
	}
	if best == 0 {
		return 0, pa, pb
	}
	for _, h := range b.Holes {
		if d, qa, qb, _ := distRingsRing(a.Outer, a.Holes, h); d < best {
			best, pa, pb = d, qa, qb
			if best == 0 {
				return 0, pa, pb
			}
		}
	}
	// No boundaries meet: overlap now means one outer ring inside the other.
	if b.Locate(a.Outer[0]) != Outside {
		return 0, a.Outer[0], a.Outer[0]
	}
	if a.Locate(b.Outer[0]) != Outside {
		return 0, b.Outer[0], b.Outer[0]
	}
	return best, pa, pb
}

// distRingsRing returns the smallest distance between the edges of outer
// and holes (side a) and the edges of r (side b), with closest points, and
// whether some edges meet (then the distance is 0).
func distRingsRing(outer Ring, holes []Ring, r Ring) (float64, Point, Point, bool) {
	best, pa, pb := distRingRing(outer, r)
	for _, h := range holes {
		if best == 0 {
			break
		}
		if d, qa, qb := distRingRing(h, r); d < best {
			best, pa, pb = d, qa, qb
		}
	}
	return best, pa, pb, best == 0
}

// distRingRing returns the smallest edge-to-edge distance between rings r
// and s with closest points (r's first), stopping at the first meeting pair.
func distRingRing(r, s Ring) (float64, Point, Point) {
	best := math.Inf(1)
	var pa, pb Point
	if len(r) > 0 && len(s) > 0 {
		pa, pb = r[0], s[0]
	}
	n, m := len(r), len(s)
	for i := range n {
		ei := Segment{A: r[i], B: r[(i+1)%n]}
		bi := ei.Bound()
		for j := range m {
			ej := Segment{A: s[j], B: s[(j+1)%m]}
			// Cheap lower bound from the boxes skips most far pairs.
			if best < math.Inf(1) && rectGap(bi, ej) >= best {
				continue
			}
			if d, qa, qb := DistSegments(ei, ej); d < best {
				best, pa, pb = d, qa, qb
				if d == 0 {
					return 0, pa, pb
				}
			}
		}
	}
	return best, pa, pb
}

// rectGap returns the distance between box b and segment s's box, a lower
// bound on the distance between anything inside them.
func rectGap(b Rect, s Segment) float64 {
	dx := math.Max(0, math.Max(math.Min(s.A.X, s.B.X)-b.X.Hi, b.X.Lo-math.Max(s.A.X, s.B.X)))
	dy := math.Max(0, math.Max(math.Min(s.A.Y, s.B.Y)-b.Y.Hi, b.Y.Lo-math.Max(s.A.Y, s.B.Y)))
	return math.Hypot(dx, dy)
}
