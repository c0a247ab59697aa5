package movement

import (
	"math"
	"slices"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
)

// extraScratch is regionsExtra's working memory, kept by a query.
type extraScratch struct {
	buf   []r1.Interval // the stretches inside, every region's
	bnd   []r1.Interval // one region's boundary on the segment's line
	cross []float64     // one region's crossings of that line
}

// regionsExtra is difficultExtra over the regions' polygons, to the bit,
// in one pass over each ring instead of two: geom.Polygon.SegmentInside's
// scan (the orientation of every vertex against the segment's line, the
// crossings, the boundary on the line) written out with geom.Orient's
// float filter inline (the exact predicate only when the filter cannot
// tell the sign, so every sign is Orient's), and the runs along an edge
// that difficultExtra subtracts taken from the same scan, since an edge
// both of whose ends are on the line is exactly what its second loop
// looks for. Every parameter is computed by the same expression as there,
// the closing edge's run is added after the ring's others (difficultExtra
// visits it last), and the sorts are the ones slices.Sort and
// slices.SortFunc make on as few elements (insertion sorts up to 12), so
// the sums, and the result, are the same floats.
//
// A region's box must be the bound of its outer ring (buildSet's are):
// the test of the segment's box against it is SegmentInside's first one.
// seg's ends must be finite, with d·d > 0 for d their difference (as in
// cost, where the length is positive and finite).
func regionsExtra(regs []*region, seg geom.Segment, sc *extraScratch) float64 {
	if sc.buf == nil {
		// once per query rather than at each growth
		sc.buf, sc.bnd, sc.cross = make([]r1.Interval, 0, 8), make([]r1.Interval, 0, 8), make([]float64, 0, 16)
	}
	buf := sc.buf[:0]
	const edgeGap = 1e-9 // as difficultExtra's
	a, b := seg.A, seg.B
	// the segment's box, compared (the ends are numbers)
	sx0, sx1, sy0, sy1 := a.X, b.X, a.Y, b.Y
	if sx1 < sx0 {
		sx0, sx1 = sx1, sx0
	}
	if sy1 < sy0 {
		sy0, sy1 = sy1, sy0
	}
	d := b.Sub(a)
	ls := lineScan{a: a, d: d, dd: d.Dot(d), x0: sx0 - edgeGap, x1: sx1 + edgeGap, y0: sy0 - edgeGap, y1: sy1 + edgeGap}
	cross := sc.cross
	ls.bnd = sc.bnd
	for _, rg := range regs {
		p := &rg.poly
		if bx := rg.box; len(p.Outer) < 3 || bx.X.Lo > sx1 || bx.X.Hi < sx0 || bx.Y.Lo > sy1 || bx.Y.Hi < sy0 {
			// SegmentInside finds nothing (its box test, on the same
			// bound), difficultExtra's second loop may
			ls.along = ringsAlong(ls.along, p, seg, ls.x0, ls.y0, ls.x1, ls.y1)
			continue
		}
		cross = cross[:0]
		ls.bnd = ls.bnd[:0]
		for ri := range 1 + len(p.Holes) {
			r := p.Outer
			if ri > 0 {
				r = p.Holes[ri-1]
			}
			n := len(r)
			if n == 0 {
				continue
			}
			u := r[n-1]
			ou := orientSign(a, b, u)
			ls.closing = 0
			for i, v := range r {
				// geom.Orient(a, b, v), its filter inline
				l := (a.X - v.X) * (b.Y - v.Y)
				rt := (a.Y - v.Y) * (b.X - v.X)
				det := l - rt
				bd := orientFilterBound*(math.Abs(l)+math.Abs(rt)) + orientFilterTiny
				var ov int
				switch {
				case det > bd:
					ov = 1
				case det < -bd:
					ov = -1
				case v == a || v == b:
					// collinear with anything, as Orient says
				default:
					ov = geom.Orient(a, b, v)
				}
				if ou == 0 || ov == 0 {
					cross = ls.onLine(cross, i, u, v, ou, ov)
				} else if (ou > 0) != (ov > 0) {
					e := v.Sub(u)
					cross = append(cross, u.Sub(a).Cross(e)/d.Cross(e))
				}
				u, ou = v, ov
			}
			if ls.closing != 0 {
				ls.along += ls.closing
			}
		}
		if len(cross) <= 12 {
			for i := 1; i < len(cross); i++ {
				for j := i; j > 0 && (cross[j] < cross[j-1] || math.IsNaN(cross[j]) && !math.IsNaN(cross[j-1])); j-- {
					cross[j], cross[j-1] = cross[j-1], cross[j]
				}
			}
		} else {
			slices.Sort(cross)
		}
		start := len(buf)
		// geom's appendClipped: [lo, hi] ∩ [0, 1] unless empty
		for i := 0; i+1 < len(cross); i += 2 {
			if lo, hi := max(cross[i], 0), min(cross[i+1], 1); !(lo > hi) {
				buf = append(buf, r1.Interval{Lo: lo, Hi: hi})
			}
		}
		for _, iv := range ls.bnd {
			if lo, hi := max(iv.Lo, 0), min(iv.Hi, 1); !(lo > hi) {
				buf = append(buf, r1.Interval{Lo: lo, Hi: hi})
			}
		}
		if len(buf)-start >= 2 {
			buf = mergeTail(buf, start)
		}
	}
	sc.buf, sc.cross, sc.bnd = buf, cross, ls.bnd
	if len(buf) >= 2 {
		sortByLo(buf)
	}
	return max(sumUnion(buf)-ls.along, 0)
}

// lineScan is what regionsExtra's scan of a ring keeps besides the
// crossings: the segment a→a+d (dd = d·d), its box grown by edgeGap, the
// runs along edges (the closing edge's apart) and the boundary on the
// segment's line.
type lineScan struct {
	a, d           geom.Point
	dd             float64
	x0, y0, x1, y1 float64
	along, closing float64
	bnd            []r1.Interval
}

// onLine is SegmentInside's step, and difficultExtra's run, for the edge
// u→v (the i-th of its ring's scan, which starts with the closing edge)
// when u or v is on the line (sides ou, ov): it records the boundary on
// the line and the run along the edge, and returns cross with the
// crossing appended if the edge crosses the perturbed line. Kept out of
// the scan's loop, which it would crowd for the few edges that need it.
func (ls *lineScan) onLine(cross []float64, i int, u, v geom.Point, ou, ov int) []float64 {
	a, d, dd := ls.a, ls.d, ls.dd
	switch {
	case ou == 0 && ov == 0:
		t0, t1 := u.Sub(a).Dot(d)/dd, v.Sub(a).Dot(d)/dd
		if t0 > t1 {
			t0, t1 = t1, t0
		}
		ls.bnd = append(ls.bnd, r1.Interval{Lo: t0, Hi: t1})
		if max(u.X, v.X) < ls.x0 || min(u.X, v.X) > ls.x1 || max(u.Y, v.Y) < ls.y0 || min(u.Y, v.Y) > ls.y1 {
			break
		}
		if lo, hi := max(t0, 0), min(t1, 1); hi > lo {
			if i == 0 {
				ls.closing = hi - lo
			} else {
				ls.along += hi - lo
			}
		}
	case ov == 0:
		t := v.Sub(a).Dot(d) / dd
		ls.bnd = append(ls.bnd, r1.Interval{Lo: t, Hi: t})
	}
	if (ou > 0) != (ov > 0) { // one of them is 0
		t := v.Sub(a).Dot(d) / dd
		if ou == 0 {
			t = u.Sub(a).Dot(d) / dd
		}
		cross = append(cross, t)
	}
	return cross
}

// mergeTail is geom's mergeIntervals: it sorts dst[start:] by Lo (the
// sort slices.SortFunc makes), merges overlapping or touching intervals
// in place and returns the shortened slice.
func mergeTail(dst []r1.Interval, start int) []r1.Interval {
	tail := dst[start:]
	if len(tail) < 2 {
		return dst
	}
	sortByLo(tail)
	w := 0
	for _, iv := range tail[1:] {
		if iv.Lo <= tail[w].Hi {
			if iv.Hi > tail[w].Hi {
				tail[w].Hi = iv.Hi
			}
			continue
		}
		w++
		tail[w] = iv
	}
	return dst[:start+w+1]
}

// sortByLo sorts ls by their low ends as slices.SortFunc does with a
// comparison of the low ends: by insertion up to 12 elements (its own
// method there, so equal ends keep the same order), else by calling it.
func sortByLo(ls []r1.Interval) {
	if len(ls) > 12 {
		slices.SortFunc(ls, cmpLo)
		return
	}
	for i := 1; i < len(ls); i++ {
		for j := i; j > 0 && ls[j].Lo < ls[j-1].Lo; j-- {
			ls[j], ls[j-1] = ls[j-1], ls[j]
		}
	}
}
