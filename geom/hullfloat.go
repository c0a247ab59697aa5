package geom

import (
	"math"
	"slices"
)

// ConvexHullInto appends to dst the counter-clockwise convex hull of pts
// and returns it, reordering pts in place. It is ConvexHull for points
// known in floating point only (projections): turns are decided by a float
// filter, a doubtful turn counting as not left, and vertices nearly
// repeated or nearly on the chord of their neighbours (HullTolerance) are
// dropped, so that every hull edge gives a trustworthy clipping line. It
// allocates nothing when dst has room (and each monotone run of pts is at
// most 128 points long, see sortHullOrder).
func ConvexHullInto(dst, pts []Point) []Point {
	sortHullOrder(pts)
	n := len(pts)
	// Drop repeated points (sorted, so repeats are adjacent).
	k := 0
	for i := range n {
		if i == 0 || pts[i] != pts[k-1] {
			pts[k] = pts[i]
			k++
		}
	}
	pts, n = pts[:k], k
	if n < 3 {
		return append(dst, pts...)
	}
	base := len(dst)
	for _, p := range pts { // lower hull
		for len(dst)-base >= 2 && !leftTurn(dst[len(dst)-2], dst[len(dst)-1], p) {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	lower := len(dst) - base + 1
	for i := n - 2; i >= 0; i-- { // upper hull
		p := pts[i]
		for len(dst)-base >= lower && !leftTurn(dst[len(dst)-2], dst[len(dst)-1], p) {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	dst = dst[:len(dst)-1]
	return dst[:base+cleanConvex(dst[base:])]
}

// HullTolerance is the relative size (of the polygon's extent) below which
// a hull edge is too short, or a vertex too close to the chord of its
// neighbours, to give a trustworthy clipping line: such vertices are
// removed. Projected vertices that coincide in exact arithmetic (two
// corners in line with the eye) come out of the projection a few ulps
// apart, and a clip along the "edge" between them would cut at a random
// angle.
const HullTolerance = 1e-12

// cleanConvex removes nearly repeated and nearly collinear vertices from
// the convex polygon p in place and returns the new length. The area
// changes by at most HullTolerance × extent × perimeter.
func cleanConvex(p []Point) int {
	n := len(p)
	if n < 3 {
		return n
	}
	ext := 0.0
	for _, q := range p {
		d := q.Sub(p[0])
		ext = math.Max(ext, math.Max(math.Abs(d.X), math.Abs(d.Y)))
	}
	eps := HullTolerance * ext
	for changed := true; changed && n >= 3; {
		changed = false
		for i := 0; i < n && n >= 3; i++ {
			prev, next := p[(i+n-1)%n], p[(i+1)%n]
			c := next.Sub(prev)
			l := c.Norm()
			if p[i].Sub(prev).Norm() <= eps || l == 0 || math.Abs(c.Cross(p[i].Sub(prev)))/l <= eps {
				copy(p[i:], p[i+1:n])
				n--
				changed = true
				i--
			}
		}
	}
	return n
}

// leftTurn reports whether c is clearly left of a→b: the float cross
// product exceeds its rounding bound. Doubtful turns count as not left, so
// the hull drops such a middle vertex; it lies within rounding of the
// chord and cleanConvex would drop it anyway. (Orient would decide it
// exactly, at the cost of its exact stages on the many exactly collinear
// projected corners.)
func leftTurn(a, b, c Point) bool {
	l := (a.X - c.X) * (b.Y - c.Y)
	r := (a.Y - c.Y) * (b.X - c.X)
	return l-r > 8*0x1p-53*(math.Abs(l)+math.Abs(r))
}

// maxRuns is the number of monotone runs sortHullOrder merges; more go to a
// general sort.
const maxRuns = 8

// sortHullOrder sorts pts by hullLess in place. Short lists are sorted by
// insertion; longer ones made of at most maxRuns ascending or descending
// runs (such as the projected vertices of a prism, ring by ring) by
// merging the runs in place (through a small stack buffer), the rest by a
// general sort. The order is the same either way (points that compare
// equal are equal), except for NaN coordinates, which always take the
// general sort.
func sortHullOrder(pts []Point) {
	n := len(pts)
	if n <= 24 {
		for i := 1; i < n; i++ {
			for j := i; j > 0 && hullLess(pts[j], pts[j-1]); j-- {
				pts[j], pts[j-1] = pts[j-1], pts[j]
			}
		}
		return
	}
	var ends [maxRuns]int
	runs := 0
	for i := 0; i < n; {
		if runs == maxRuns {
			sortGeneral(pts)
			return
		}
		j := i + 1
		if j < n && hullLess(pts[j], pts[j-1]) {
			for j < n && hullLess(pts[j], pts[j-1]) {
				j++
			}
			slices.Reverse(pts[i:j])
		} else {
			for j < n && !hullLess(pts[j], pts[j-1]) {
				j++
			}
		}
		for _, p := range pts[i:j] {
			if p.X != p.X || p.Y != p.Y {
				sortGeneral(pts)
				return
			}
		}
		ends[runs] = j
		runs++
		i = j
	}
	// Merge each run into the sorted prefix before it.
	for r := 1; r < runs; r++ {
		mergeSorted(pts[:ends[r]], ends[r-1])
	}
}

// mergeSorted merges the sorted halves p[:m] and p[m:] in place, through
// a stack copy of the first half; a longer first half goes to sortGeneral.
func mergeSorted(p []Point, m int) {
	var buf [128]Point
	if m > len(buf) {
		sortGeneral(p)
		return
	}
	left := buf[:m]
	copy(left, p[:m])
	i, j, k := 0, m, 0
	for i < len(left) && j < len(p) {
		if hullLess(p[j], left[i]) {
			p[k] = p[j]
			j++
		} else {
			p[k] = left[i]
			i++
		}
		k++
	}
	copy(p[k:], left[i:]) // the rest of the second half is in place
}

// sortGeneral sorts pts by hullLess.
func sortGeneral(pts []Point) {
	slices.SortFunc(pts, func(a, b Point) int {
		switch {
		case hullLess(a, b):
			return -1
		case hullLess(b, a):
			return 1
		}
		return 0
	})
}

// hullLess orders points by x, then y.
func hullLess(a, b Point) bool {
	return a.X < b.X || (a.X == b.X && a.Y < b.Y)
}
