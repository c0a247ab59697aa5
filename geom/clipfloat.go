package geom

import "math"

// ClipHalfPlane appends to dst the part of the convex polygon p on the
// closed left of the directed line a→b and returns it. Unlike ClipConvex it
// decides sides in floating point (points within rounding of the line may
// fall on either side) and allocates nothing beyond dst: for areas and
// sample points, not for exact decisions.
func ClipHalfPlane(dst, p []Point, a, b Point) []Point {
	n := len(p)
	d := b.Sub(a)
	side := func(q Point) float64 { return d.Cross(q.Sub(a)) }
	for i := range n {
		q, r := p[i], p[(i+1)%n]
		sq, sr := side(q), side(r)
		if sq >= 0 {
			dst = append(dst, q)
		}
		if (sq > 0 && sr < 0) || (sq < 0 && sr > 0) {
			s := sq / (sq - sr)
			dst = append(dst, Pt(q.X+s*(r.X-q.X), q.Y+s*(r.Y-q.Y)))
		}
	}
	return dst
}

// ConvexCentroid returns the area centroid of the convex polygon p (the
// vertex mean when its area is zero), in floating point. p must not be
// empty.
func ConvexCentroid(p []Point) Point {
	var cx, cy, a2 float64
	o := p[0]
	for i := 1; i+1 < len(p); i++ {
		u, w := p[i].Sub(o), p[i+1].Sub(o)
		cr := u.Cross(w)
		a2 += cr
		cx += cr * (u.X + w.X)
		cy += cr * (u.Y + w.Y)
	}
	if a2 == 0 {
		var s Point
		for _, q := range p {
			s = s.Add(q)
		}
		return s.Mul(1 / float64(len(p)))
	}
	return Pt(o.X+cx/(3*a2), o.Y+cy/(3*a2))
}

// SeparatedByEdge reports whether some edge of the convex counter-clockwise
// polygon w has every point of p clearly on its outer side (by more than
// 1e-9 of the edge's length times the coordinates' scale), so that no
// point inside w can be a point of p's convex hull. It is a conservative
// float filter: touching or doubtful cases report false.
func SeparatedByEdge(w, p []Point) bool {
	n := len(w)
	if n < 3 {
		return false
	}
	for i := range n {
		a, b := w[i], w[(i+1)%n]
		d := b.Sub(a)
		tol := 1e-9 * d.Norm() * (1 + math.Abs(a.X) + math.Abs(a.Y))
		out := true
		for _, q := range p {
			if d.Cross(q.Sub(a)) > -tol {
				out = false
				break
			}
		}
		if out {
			return true
		}
	}
	return false
}

// ContainsClearly reports whether every vertex of q lies inside the convex
// counter-clockwise polygon p by a clear margin (1e-9 of p's edge length
// times the coordinates' scale), so that subtracting p from q leaves
// nothing: a conservative float filter (doubtful cases report false).
func ContainsClearly(p, q []Point) bool {
	n := len(p)
	if n < 3 {
		return false
	}
	for i := range n {
		a, b := p[i], p[(i+1)%n]
		d := b.Sub(a)
		tol := 1e-9 * d.Norm() * (1 + math.Abs(a.X) + math.Abs(a.Y))
		for _, x := range q {
			if !(d.Cross(x.Sub(a)) > tol) {
				return false
			}
		}
	}
	return true
}
