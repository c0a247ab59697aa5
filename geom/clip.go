package geom

import "math"

// ClipConvex clips the subject polygon (any simple polygon, convex or not,
// as an implicitly closed vertex list) by the convex, counter-clockwise clip
// polygon with the Sutherland–Hodgman algorithm, appends the result to dst
// and returns it. Points on a clip edge count as inside.
//
// Decisions (which side of each clip edge a vertex is on) are exact: a
// floating-point filter settles the clear cases and Orient the doubtful
// ones; constructed intersection points are computed in floating point
// along the subject edge, with an error of a few ulps of the coordinates.
// Consecutive duplicate points are dropped. If fewer than 3 points remain
// the result is empty (dst is returned unchanged). A non-convex subject may
// yield a polygon with zero-width bridges along clip edges, which carry no
// area. A clip polygon with fewer than 3 vertices clips everything away.
// It allocates nothing when the intermediate polygons have at most 64
// vertices and dst has capacity for the result.
func ClipConvex(dst, subject, clip []Point) []Point {
	if len(subject) < 3 || len(clip) < 3 {
		return dst
	}
	var bufA, bufB [64]Point
	in := append(bufA[:0], subject...)
	out := bufB[:0]
	for i := range clip {
		c0 := clip[i]
		c1 := clip[(i+1)%len(clip)]
		if c0 == c1 {
			continue
		}
		out = out[:0]
		e := c1.Sub(c0)
		prev := in[len(in)-1]
		fp, po := clipSide(c0, c1, e, prev)
		for _, cur := range in {
			fc, co := clipSide(c0, c1, e, cur)
			if (po >= 0) != (co >= 0) {
				// The edge prev→cur crosses the clip line strictly.
				t := fp / (fp - fc)
				if math.IsNaN(t) {
					t = 0.5
				}
				t = math.Max(0, math.Min(1, t))
				out = appendDistinct(out, prev.Add(cur.Sub(prev).Mul(t)))
			}
			if co >= 0 {
				out = appendDistinct(out, cur)
			}
			prev, po, fp = cur, co, fc
		}
		if len(out) > 1 && out[0] == out[len(out)-1] {
			out = out[:len(out)-1]
		}
		if len(out) < 3 {
			return dst
		}
		in, out = out, in
	}
	return append(dst, in...)
}

// clipSide returns the floating-point value f of e×(q−c0), e = c1−c0 as
// computed in floating point, and the exact sign of (c1−c0)×(q−c0), that
// is Orient(c0, c1, q). The filter's bound covers the rounding of e, of
// q−c0, of the two products and of their difference (about 4 roundings of
// their size, doubled); values that small, tiny (where products may
// underflow) or not finite go to Orient.
func clipSide(c0, c1, e, q Point) (float64, int) {
	l, r := e.X*(q.Y-c0.Y), e.Y*(q.X-c0.X)
	f := l - r
	bound := 8*epsilon*(math.Abs(l)+math.Abs(r)) + tinyBound
	switch {
	case f > bound:
		return f, 1
	case f < -bound:
		return f, -1
	}
	return f, Orient(c0, c1, q)
}

// appendDistinct appends p unless it equals the last point.
func appendDistinct(pts []Point, p Point) []Point {
	if len(pts) > 0 && pts[len(pts)-1] == p {
		return pts
	}
	return append(pts, p)
}

// PointInConvex locates p relative to the closed convex polygon poly given
// counter-clockwise (collinear vertices allowed). It is exact. Polygons with
// fewer than 3 vertices are treated as a point or segment, whose points are
// OnBoundary.
func PointInConvex(p Point, poly []Point) Location {
	n := len(poly)
	switch n {
	case 0:
		return Outside
	case 1:
		if p == poly[0] {
			return OnBoundary
		}
		return Outside
	case 2:
		if p == poly[0] || (poly[0] != poly[1] && onSegment(p, Segment{poly[0], poly[1]})) {
			return OnBoundary
		}
		return Outside
	}
	on := false
	for i := range poly {
		a, b := poly[i], poly[(i+1)%n]
		if a == b {
			continue
		}
		switch Orient(a, b, p) {
		case -1:
			return Outside
		case 0:
			on = true
		}
	}
	if on {
		return OnBoundary
	}
	return Inside
}

// ConvexArea returns the signed shoelace area of the polygon pts (square
// inches): positive when counter-clockwise, negative when clockwise. It
// works for any simple polygon, convex or not, and is 0 for fewer than 3
// points.
func ConvexArea(pts []Point) float64 {
	return Ring(pts).SignedArea()
}
