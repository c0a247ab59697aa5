package geom

import (
	"cmp"
	"math"
	"slices"

	"github.com/golang/geo/r1"
)

// ConvexUnionArea returns the area, in square inches, of the union of the
// given convex polygons. Polygons may be given in either orientation and
// with repeated or collinear vertices; polygons with fewer than 3 vertices,
// zero width or height, or a NaN or ±Inf coordinate contribute nothing.
//
// The plane is cut into vertical slabs at every vertex x and at every x
// where edges of two different polygons may cross. Inside a slab each
// polygon's vertical section is an interval whose ends move linearly, so
// the length of the union of the sections is linear in x and the slab's
// area is its width times that length at the slab's middle.
//
// Every quantity the result is built from is a continuous function of the
// input, and no yes/no decision can move a piece of boundary: a crossing
// missed or misplaced by rounding lies where the two edges are nearly
// parallel or nearly meet at a vertex, and then changes the area only by
// rounding-sized amounts. Nearly coincident, shared and nested edges
// therefore cost no accuracy. The error is of order a few ulps of the
// coordinates times the width of the union, per slab; the tests hold it to
// 1e-9 of the area (plus 1e-12 of the bounding box area) against an exact
// rational computation.
//
// The cost is O(E² + S·P) for E edges, P polygons and S slabs. It allocates
// nothing for up to 16 polygons and 256 slab boundaries (vertices plus
// crossings). Coordinates are
// assumed to be well inside ±1e150 (products must not overflow); beyond that
// the result may be +Inf or NaN, but the function never panics.
func ConvexUnionArea(polys [][]Point) float64 {
	var polyBuf [16]unionPoly
	ps := polyBuf[:0]
	nv := 0
	for _, p := range polys {
		if up, ok := newUnionPoly(p); ok {
			ps = append(ps, up)
			nv += len(p)
		}
	}
	if len(ps) == 0 {
		return 0
	}
	var xBuf [256]float64
	xs := xBuf[:0]
	if nv > len(xBuf) {
		xs = make([]float64, 0, 2*nv)
	}
	for _, p := range ps {
		for _, v := range p.pts {
			xs = append(xs, v.X)
		}
	}
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if ps[i].box.Intersects(ps[j].box) {
				xs = appendCrossingXs(xs, ps[i].pts, ps[j].pts)
			}
		}
	}
	slices.Sort(xs)
	var ivBuf [16]r1.Interval
	ivs := ivBuf[:0]
	var area float64
	for k := 1; k < len(xs); k++ {
		xa, xb := xs[k-1], xs[k]
		if !(xb > xa) {
			continue
		}
		xm := 0.5*xa + 0.5*xb
		ivs = ivs[:0]
		for _, p := range ps {
			if xm < p.box.X.Lo || xm > p.box.X.Hi {
				continue
			}
			if iv, ok := section(p.pts, xm); ok {
				ivs = append(ivs, iv)
			}
		}
		area += (xb - xa) * unionLength(ivs)
	}
	return area
}

// unionPoly is a polygon taking part in ConvexUnionArea, with its bound.
type unionPoly struct {
	pts []Point
	box Rect
}

// newUnionPoly reports whether p can contribute area (at least 3 vertices,
// all finite, a bound of positive width and height) and returns it with
// its bound.
func newUnionPoly(p []Point) (unionPoly, bool) {
	if len(p) < 3 {
		return unionPoly{}, false
	}
	box := EmptyRect()
	for _, v := range p {
		if !isFinite(v.X) || !isFinite(v.Y) {
			return unionPoly{}, false
		}
		box = box.AddPoint(v)
	}
	if !(box.X.Hi > box.X.Lo) || !(box.Y.Hi > box.Y.Lo) {
		return unionPoly{}, false
	}
	return unionPoly{pts: p, box: box}, true
}

// appendCrossingXs appends the x of every point where an edge of p may
// cross an edge of q. The test is a plain floating-point one: a spurious x
// only splits a slab, and a crossing it misses is one where the edges are
// nearly parallel or nearly meet at a vertex, whose effect on the area is
// of rounding size.
func appendCrossingXs(xs []float64, p, q []Point) []float64 {
	a := p[len(p)-1]
	for _, b := range p {
		sp := canonicalSeg(a, b)
		a = b
		if sp.A == sp.B {
			continue
		}
		sx0, sx1 := sp.A.X, sp.B.X // canonical: sx0 <= sx1
		sy0, sy1 := min(sp.A.Y, sp.B.Y), max(sp.A.Y, sp.B.Y)
		c := q[len(q)-1]
		for _, d := range q {
			cd := c
			c = d
			if max(cd.X, d.X) < sx0 || min(cd.X, d.X) > sx1 ||
				max(cd.Y, d.Y) < sy0 || min(cd.Y, d.Y) > sy1 || cd == d {
				continue
			}
			// Order the pair so that the computed x does not depend on
			// which polygon came first.
			s, t := sp, canonicalSeg(cd, d)
			if cmpSeg(t, s) < 0 {
				s, t = t, s
			}
			if x, ok := crossingX(s, t); ok {
				xs = append(xs, x)
			}
		}
	}
	return xs
}

// crossingX returns the x of the point where the non-degenerate segments
// s and t may cross, clamped to the x-range they share, and reports whether
// they may cross at a single point.
func crossingX(s, t Segment) (float64, bool) {
	d1, d2 := orientF(t.A, t.B, s.A), orientF(t.A, t.B, s.B)
	if d1 > 0 && d2 > 0 || d1 < 0 && d2 < 0 || d1 == d2 {
		return 0, false
	}
	d3, d4 := orientF(s.A, s.B, t.A), orientF(s.A, s.B, t.B)
	if d3 > 0 && d4 > 0 || d3 < 0 && d4 < 0 {
		return 0, false
	}
	// The signed distance to t's line is linear along s: d1 + u(d2-d1).
	u := d1 / (d1 - d2)
	var x float64
	if u <= 0.5 {
		x = s.A.X + u*(s.B.X-s.A.X)
	} else {
		x = s.B.X - (1-u)*(s.B.X-s.A.X)
	}
	// Both segments are canonical, so A.X <= B.X.
	lo, hi := max(s.A.X, t.A.X), min(s.B.X, t.B.X)
	if !(lo <= hi) || math.IsNaN(x) {
		return 0, false
	}
	return max(lo, min(hi, x)), true
}

// orientF is (b-a)×(c-a) in plain floating point.
func orientF(a, b, c Point) float64 {
	return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
}

// canonicalSeg returns the segment between a and b directed from the
// lexicographically smaller (x, then y) end.
func canonicalSeg(a, b Point) Segment {
	if b.X < a.X || b.X == a.X && b.Y < a.Y {
		return Segment{A: b, B: a}
	}
	return Segment{A: a, B: b}
}

// cmpSeg orders segments lexicographically by their endpoints.
func cmpSeg(s, t Segment) int {
	return cmp.Or(cmp.Compare(s.A.X, t.A.X), cmp.Compare(s.A.Y, t.A.Y),
		cmp.Compare(s.B.X, t.B.X), cmp.Compare(s.B.Y, t.B.Y))
}

// section returns the vertical section of the polygon p at x, as the range
// of y over the non-vertical edges whose closed x-range contains x, and
// reports whether any edge does.
func section(p []Point, x float64) (r1.Interval, bool) {
	iv := r1.EmptyInterval()
	a := p[len(p)-1]
	for _, b := range p {
		if a.X != b.X && min(a.X, b.X) <= x && x <= max(a.X, b.X) {
			// x lies in the closed x-range of a→b, so t is in [0, 1].
			t := (x - a.X) / (b.X - a.X)
			iv = iv.AddPoint(a.Y + t*(b.Y-a.Y))
		}
		a = b
	}
	return iv, !iv.IsEmpty()
}

// unionLength returns the total length of the union of the intervals,
// sorting them in place.
func unionLength(ivs []r1.Interval) float64 {
	slices.SortFunc(ivs, func(a, b r1.Interval) int {
		return cmp.Or(cmp.Compare(a.Lo, b.Lo), cmp.Compare(a.Hi, b.Hi))
	})
	var total float64
	cur := r1.EmptyInterval()
	for _, iv := range ivs {
		if !cur.IsEmpty() && iv.Lo <= cur.Hi {
			cur.Hi = max(cur.Hi, iv.Hi)
			continue
		}
		if !cur.IsEmpty() {
			total += cur.Length()
		}
		cur = iv
	}
	if !cur.IsEmpty() {
		total += cur.Length()
	}
	return total
}
