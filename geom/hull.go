package geom

import "slices"

// ConvexHull appends to dst the vertices of the convex hull of pts in
// counter-clockwise order, starting from the lowest-leftmost point, with no
// repeated or collinear vertices (Andrew's monotone chain with exact
// orientation tests). If all points coincide the hull is that single point;
// if they are collinear it is the two extreme points. Non-finite points are
// ignored. It allocates a sorted copy of pts.
func ConvexHull(dst, pts []Point) []Point {
	s := make([]Point, 0, len(pts))
	for _, p := range pts {
		if isFinite(p.X) && isFinite(p.Y) {
			s = append(s, p)
		}
	}
	slices.SortFunc(s, func(a, b Point) int {
		if c := cmpSign(a.X, b.X); c != 0 {
			return c
		}
		return cmpSign(a.Y, b.Y)
	})
	s = slices.Compact(s)
	if len(s) <= 2 {
		return append(dst, s...)
	}
	start := len(dst)
	// Lower chain.
	for _, p := range s {
		for len(dst)-start >= 2 && Orient(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	// Upper chain.
	lower := len(dst)
	for i := len(s) - 2; i >= 0; i-- {
		p := s[i]
		for len(dst)-lower >= 1 && Orient(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	// The last point repeats the first.
	dst = dst[:len(dst)-1]
	if len(dst)-start == 2 && dst[start] == dst[start+1] {
		dst = dst[:start+1]
	}
	return dst
}
