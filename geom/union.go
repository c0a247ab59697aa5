package geom

import (
	"math"

	"github.com/golang/geo/r1"
)

// ConvexUnionArea returns the area, in square inches, of the union of the
// given convex polygons. Polygons may be given in either orientation;
// polygons with fewer than 3 vertices or zero area contribute nothing.
//
// The area is integrated over the union's boundary (Green's theorem): each
// edge contributes the pieces of it not covered by another polygon. Whether
// an edge meets another polygon, and whether it runs along one of that
// polygon's edges, is decided exactly with Orient. A stretch shared by edges
// running the same way (two polygons on the same side) is counted once, for
// the lowest-indexed polygon; edges running opposite ways (polygons on
// either side) are both kept and cancel. Only the cut parameters along edges
// are floating-point values, so the result carries rounding error of order
// ulp(coordinates) × perimeter. The cost is O(E²) for E total edges; it
// allocates nothing for up to 64 covering intervals per edge.
func ConvexUnionArea(polys [][]Point) float64 {
	// Choose an origin near the data to keep the cross products accurate.
	var origin Point
	found := false
	for _, p := range polys {
		if len(p) > 0 {
			origin, found = p[0], true
			break
		}
	}
	if !found {
		return 0
	}
	var ivbuf [64]r1.Interval
	var sum float64
	for i, pi := range polys {
		ccw := ConvexArea(pi)
		if len(pi) < 3 || ccw == 0 || math.IsNaN(ccw) {
			continue
		}
		n := len(pi)
		for k := 0; k < n; k++ {
			a, b := vertexCCW(pi, k, ccw > 0), vertexCCW(pi, k+1, ccw > 0)
			if a == b {
				continue
			}
			cov := ivbuf[:0]
			for j, pj := range polys {
				if j == i {
					continue
				}
				cov = appendCover(cov, a, b, i, j, pj)
			}
			cov = mergeIntervals(cov, 0)
			// Integrate over the uncovered pieces of [0, 1].
			t := 0.0
			for _, iv := range cov {
				if iv.Lo > t {
					sum += pieceCross(a, b, t, iv.Lo, origin)
				}
				t = math.Max(t, iv.Hi)
			}
			if t < 1 {
				sum += pieceCross(a, b, t, 1, origin)
			}
		}
	}
	return math.Abs(sum) / 2
}

// vertexCCW returns vertex k (mod n) of p in counter-clockwise order.
func vertexCCW(p []Point, k int, ccw bool) Point {
	n := len(p)
	k %= n
	if ccw {
		return p[k]
	}
	return p[n-1-k]
}

// pieceCross returns (P(t0)-o)×(P(t1)-o) for the point P(t) on a→b.
func pieceCross(a, b Point, t0, t1 float64, o Point) float64 {
	s := Segment{a, b}
	return s.At(t0).Sub(o).Cross(s.At(t1).Sub(o))
}

// appendCover appends the parameter interval of edge a→b (an edge of
// polygon i) covered by the interior of convex polygon j, with the
// same-direction tie-break: if a→b runs along an edge of j in the same
// direction, the shared stretch is covered when j < i; in the opposite
// direction it is not covered.
func appendCover(cov []r1.Interval, a, b Point, i, j int, pj []Point) []r1.Interval {
	area := ConvexArea(pj)
	if len(pj) < 3 || area == 0 || math.IsNaN(area) {
		return cov
	}
	ccw := area > 0
	n := len(pj)
	lo, hi := 0.0, 1.0
	d := b.Sub(a)
	for k := 0; k < n; k++ {
		c, e := vertexCCW(pj, k, ccw), vertexCCW(pj, k+1, ccw)
		if c == e {
			continue
		}
		oa, ob := Orient(c, e, a), Orient(c, e, b)
		switch {
		case oa == 0 && ob == 0:
			// a→b lies along this edge's line; j is on its left.
			if !(j < i && d.Dot(e.Sub(c)) > 0) {
				return cov
			}
			// Same direction, lower index: clamp to the shared stretch
			// via the neighbouring edges (handled by the other constraints).
		case oa >= 0 && ob >= 0:
			// No constraint from this edge.
		case oa <= 0 && ob <= 0:
			return cov
		default:
			// a + t·d meets the line c→e where (e-c)×(a+t·d-c) = 0.
			f := c.Sub(a).Cross(e.Sub(c))
			g := d.Cross(e.Sub(c))
			t := f / g
			if math.IsNaN(t) || math.IsInf(t, 0) {
				return cov
			}
			if oa < 0 {
				lo = math.Max(lo, t)
			} else {
				hi = math.Min(hi, t)
			}
		}
	}
	if lo < hi {
		cov = append(cov, r1.Interval{Lo: lo, Hi: hi})
	}
	return cov
}
