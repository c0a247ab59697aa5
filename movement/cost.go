package movement

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// cost fills the length, cost and terrain fields of res and appends the
// budget and jump violations.
func (c *checker) cost(path []geom.Point, res *PathResult) {
	length := PathLength(path)
	// One pass for the terrain effects and the surfaces climbed: an open
	// piece without penalty adds nothing below.
	crossed := Crossings(c.bf, path, func(pc *terrain.Piece) bool {
		e := c.prof.pieceEffect(pc, c.alt)
		return e.move != terrain.Open || e.penalty != 0 || hasSurface(pc)
	})
	for _, x := range crossed {
		if !x.Enters {
			continue // only grazes or runs along its edge
		}
		e := c.prof.pieceEffect(&c.bf.Pieces()[x.Piece], c.alt)
		switch e.move {
		case terrain.Difficult:
			res.Difficult = append(res.Difficult, x.ID)
		case terrain.Dangerous:
			res.Dangerous = append(res.Dangerous, x.ID)
		}
		res.Penalty += e.penalty
	}
	dl := LengthInside(c.bf, path, func(pc *terrain.Piece) bool {
		return c.prof.pieceEffect(pc, c.alt).move == terrain.Difficult
	})
	c.climb(path, crossed, res)
	res.Length = round9(length)
	res.DifficultLength = round9(dl)
	res.Penalty = round9(res.Penalty)
	res.Cost = round9(length + (c.prof.DifficultFactor-1)*dl + res.Penalty + res.ClimbCost)
	slices.Sort(res.Difficult)
	slices.Sort(res.Dangerous)
	budget := c.opt.Budget
	if len(res.Difficult) > 0 {
		if f := c.prof.DifficultBudgetFactor; f > 0 && f < 1 {
			budget *= f
		}
		if cp := c.prof.DifficultCap; cp > 0 && budget > cp {
			budget = cp
		}
	}
	res.EffectiveBudget = round9(budget)
	if c.opt.Budget > 0 && res.Cost > budget+1e-9 {
		res.Violations = append(res.Violations, Violation{Kind: "budget", At: toXY(path[len(path)-1]), Leg: max(len(path)-2, 0), Along: res.Length,
			Detail: fmt.Sprintf("the move costs %.3f in but only %.3f in are allowed", res.Cost, budget)})
	}
	if c.opt.Jump {
		c.jump(path, crossed, length, res)
	}
	slices.SortStableFunc(res.Violations, func(a, b Violation) int { return cmp.Compare(a.Along, b.Along) })
}

// jump appends the jump violations: inside non-open terrain only within
// JumpDepth of the path's start (leaving) or end (entering).
func (c *checker) jump(path []geom.Point, crossed []Crossing, length float64, res *PathResult) {
	for _, x := range crossed {
		if c.prof.pieceEffect(&c.bf.Pieces()[x.Piece], c.alt).move == terrain.Open {
			continue
		}
		for _, s := range x.Stretches {
			if v, ok := jumpStretch(path, x.ID, s, length, c.opt.JumpDepth); ok {
				res.Violations = append(res.Violations, v)
			}
		}
	}
}

// jumpStretch judges one stretch [s.Lo, s.Hi] of a jump of the given
// length inside piece id: it may only leave the start's piece or enter the
// end's, within depth inches.
func jumpStretch(path []geom.Point, id string, s r1.Interval, length, depth float64) (Violation, bool) {
	const eps = 1e-9
	if s.Hi-s.Lo <= eps {
		return Violation{}, false
	}
	atStart, atEnd := s.Lo <= eps, s.Hi >= length-eps
	var why string
	switch {
	case atStart && atEnd:
		if length > depth+eps {
			why = fmt.Sprintf("the jump runs %.3f in inside %s, more than %.3f in", s.Hi-s.Lo, id, depth)
		}
	case atStart:
		if s.Hi > depth+eps {
			why = fmt.Sprintf("the jump leaves %s after %.3f in, more than %.3f in", id, s.Hi, depth)
		}
	case atEnd:
		if length-s.Lo > depth+eps {
			why = fmt.Sprintf("the jump runs %.3f in into %s, more than %.3f in", length-s.Lo, id, depth)
		}
	default:
		why = fmt.Sprintf("the jump crosses %s mid-path (%.3f in inside)", id, s.Hi-s.Lo)
	}
	if why == "" {
		return Violation{}, false
	}
	return Violation{Kind: "jump", Object: id, At: toXY(PointAlong(path, s.Lo)), Along: round9(s.Lo), Leg: legAt(path, s.Lo), Detail: why}, true
}

// legAt returns the index of the leg containing distance d.
func legAt(path []geom.Point, d float64) int {
	for i := 0; i+1 < len(path); i++ {
		L := path[i+1].Sub(path[i]).Norm()
		if d <= L {
			return i
		}
		d -= L
	}
	return max(len(path)-2, 0)
}

// difficultExtra returns the parameter measure (fraction of seg) of seg
// inside the interiors of the regions: the union of the closed stretches
// minus the stretches running along a region's boundary (moving along the
// edge of a wood is not moving through it). Overlapping regions count once
// except where one's boundary runs inside another.
func difficultExtra(polys []*geom.Polygon, seg geom.Segment, buf []r1.Interval) (float64, []r1.Interval) {
	buf = buf[:0]
	along := 0.0
	// an edge whose box lies farther than edgeGap from the segment's
	// shares no stretch with it: its parameters along the segment are
	// then at least edgeGap/|seg| outside [0, 1], far beyond their
	// rounding, so it would add nothing below
	const edgeGap = 1e-9
	x0, x1 := min(seg.A.X, seg.B.X)-edgeGap, max(seg.A.X, seg.B.X)+edgeGap
	y0, y1 := min(seg.A.Y, seg.B.Y)-edgeGap, max(seg.A.Y, seg.B.Y)+edgeGap
	for _, p := range polys {
		buf = p.SegmentInside(seg, buf)
		along = ringsAlong(along, p, seg, x0, y0, x1, y1)
	}
	if len(buf) < 2 {
		return max(sumUnion(buf)-along, 0), buf
	}
	slices.SortFunc(buf, cmpLo)
	return max(sumUnion(buf)-along, 0), buf
}

// sumUnion returns the measure of the union of the intervals in ls,
// sorted by their low ends.
func sumUnion(ls []r1.Interval) float64 {
	total, end := 0.0, math.Inf(-1)
	for _, in := range ls {
		lo := max(in.Lo, end)
		if in.Hi > lo {
			total += in.Hi - lo
		}
		end = max(end, in.Hi)
	}
	return total
}

// ringsAlong returns along plus, edge by edge in ring order (so that
// difficultExtra and regionsExtra add the same floats in the same order),
// the parameter measure of seg's runs along the polygon's edges whose boxes
// lie within the given box (the segment's, grown by edgeGap).
func ringsAlong(along float64, p *geom.Polygon, seg geom.Segment, x0, y0, x1, y1 float64) float64 {
	for ri := range 1 + len(p.Holes) {
		r := p.Outer
		if ri > 0 {
			r = p.Holes[ri-1]
		}
		for i := range r.Len() {
			e := r.Edge(i)
			if max(e.A.X, e.B.X) < x0 || min(e.A.X, e.B.X) > x1 || max(e.A.Y, e.B.Y) < y0 || min(e.A.Y, e.B.Y) > y1 {
				continue
			}
			if geom.Orient(seg.A, seg.B, e.A) != 0 || geom.Orient(seg.A, seg.B, e.B) != 0 {
				continue
			}
			d := seg.B.Sub(seg.A)
			dd := d.Dot(d)
			if dd == 0 {
				continue
			}
			t0, t1 := e.A.Sub(seg.A).Dot(d)/dd, e.B.Sub(seg.A).Dot(d)/dd
			if t0 > t1 {
				t0, t1 = t1, t0
			}
			if lo, hi := max(t0, 0), min(t1, 1); hi > lo {
				along += hi - lo
			}
		}
	}
	return along
}

// cmpLo orders intervals by their low ends (slices.SortFunc's comparison
// for difficultExtra and sortByLo).
func cmpLo(x, y r1.Interval) int {
	switch {
	case x.Lo < y.Lo:
		return -1
	case x.Lo > y.Lo:
		return 1
	}
	return 0
}
