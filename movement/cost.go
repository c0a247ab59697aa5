package movement

import (
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// span is a stretch of the path, as distances from its start, inside one
// piece.
type span struct {
	piece  string
	lo, hi float64
}

// pathSpans returns, for every piece whose effect on the reference point
// is not open (or carries a penalty), the stretches of the path inside it.
func (c *checker) pathSpans(path []geom.Point) (spans []span, eff map[string]effect, entered map[string]bool) {
	eff, entered = map[string]effect{}, map[string]bool{}
	pieces := c.bf.Pieces()
	along := 0.0
	var buf [16]r1.Interval
	for i := 0; i+1 < len(path); i++ {
		seg := geom.Segment{A: path[i], B: path[i+1]}
		L := seg.Length()
		c.bf.VisitFlatSegment(seg, func(it terrain.Item) bool {
			if it.Kind != terrain.ItemPiece {
				return true
			}
			pc := &pieces[it.Index]
			e := c.prof.pieceEffect(pc, c.alt)
			if e.move == terrain.Open && e.penalty == 0 {
				return true
			}
			for _, in := range pc.Footprint.SegmentInside(seg, buf[:0]) {
				spans = append(spans, span{pc.ID, along + in.Lo*L, along + in.Hi*L})
			}
			if !entered[pc.ID] {
				if f, _ := difficultExtra([]*geom.Polygon{&pc.Footprint}, seg, buf[:0]); f > 0 {
					entered[pc.ID] = true
				}
			}
			eff[pc.ID] = e
			return true
		})
		along += L
	}
	// merge touching stretches of the same piece across waypoints
	slices.SortFunc(spans, func(a, b span) int {
		if a.piece != b.piece {
			if a.piece < b.piece {
				return -1
			}
			return 1
		}
		switch {
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
	var out []span
	for _, s := range spans {
		if n := len(out); n > 0 && out[n-1].piece == s.piece && s.lo <= out[n-1].hi+1e-12 {
			out[n-1].hi = math.Max(out[n-1].hi, s.hi)
			continue
		}
		out = append(out, s)
	}
	return out, eff, entered
}

// cost fills the length, cost and terrain fields of res and appends the
// budget and jump violations.
func (c *checker) cost(path []geom.Point, res *PathResult) {
	length := 0.0
	for i := 0; i+1 < len(path); i++ {
		length += path[i+1].Sub(path[i]).Norm()
	}
	spans, eff, entered := c.pathSpans(path)
	// union of difficult stretches over all pieces
	penalised := map[string]bool{}
	for _, s := range spans {
		e := eff[s.piece]
		if !entered[s.piece] {
			continue // only grazes or runs along its edge
		}
		switch e.move {
		case terrain.Difficult:
			if !slices.Contains(res.Difficult, s.piece) {
				res.Difficult = append(res.Difficult, s.piece)
			}
		case terrain.Dangerous:
			if !slices.Contains(res.Dangerous, s.piece) {
				res.Dangerous = append(res.Dangerous, s.piece)
			}
		}
		if e.penalty > 0 && !penalised[s.piece] {
			penalised[s.piece] = true
			res.Penalty += e.penalty
		}
	}
	dl := c.difficultLength(path)
	res.Length = round9(length)
	res.DifficultLength = round9(dl)
	res.Penalty = round9(res.Penalty)
	res.Cost = round9(length + (c.prof.DifficultFactor-1)*dl + res.Penalty)
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
		c.jump(path, spans, eff, length, res)
	}
	slices.SortStableFunc(res.Violations, func(a, b Violation) int {
		switch {
		case a.Along < b.Along:
			return -1
		case a.Along > b.Along:
			return 1
		}
		return 0
	})
}

// jump appends the CR-32 violations: inside non-open terrain only within
// JumpDepth of the path's start (leaving) or end (entering).
func (c *checker) jump(path []geom.Point, spans []span, eff map[string]effect, length float64, res *PathResult) {
	depth := c.opt.JumpDepth
	if depth == 0 {
		depth = 2
	}
	const eps = 1e-9
	for _, s := range spans {
		if eff[s.piece].move == terrain.Open || s.hi-s.lo <= eps {
			continue
		}
		atStart, atEnd := s.lo <= eps, s.hi >= length-eps
		var why string
		switch {
		case atStart && atEnd:
			if length > depth+eps {
				why = fmt.Sprintf("the jump runs %.3f in inside %s, more than %.3f in", s.hi-s.lo, s.piece, depth)
			}
		case atStart:
			if s.hi > depth+eps {
				why = fmt.Sprintf("the jump leaves %s after %.3f in, more than %.3f in", s.piece, s.hi, depth)
			}
		case atEnd:
			if length-s.lo > depth+eps {
				why = fmt.Sprintf("the jump runs %.3f in into %s, more than %.3f in", length-s.lo, s.piece, depth)
			}
		default:
			why = fmt.Sprintf("the jump crosses %s mid-path (%.3f in inside)", s.piece, s.hi-s.lo)
		}
		if why != "" {
			res.Violations = append(res.Violations, Violation{Kind: "jump", Object: s.piece, At: toXY(pointAlong(path, s.lo)), Along: round9(s.lo), Leg: legAt(path, s.lo), Detail: why})
		}
	}
}

// pointAlong returns the point at distance d along the polyline.
func pointAlong(path []geom.Point, d float64) geom.Point {
	for i := 0; i+1 < len(path); i++ {
		L := path[i+1].Sub(path[i]).Norm()
		if d <= L && L > 0 {
			return geom.Segment{A: path[i], B: path[i+1]}.At(d / L)
		}
		d -= L
	}
	return path[len(path)-1]
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
	for _, p := range polys {
		buf = p.SegmentInside(seg, buf)
		for ri := range 1 + len(p.Holes) {
			r := p.Outer
			if ri > 0 {
				r = p.Holes[ri-1]
			}
			for i := range r.Len() {
				e := r.Edge(i)
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
				if lo, hi := math.Max(t0, 0), math.Min(t1, 1); hi > lo {
					along += hi - lo
				}
			}
		}
	}
	slices.SortFunc(buf, func(x, y r1.Interval) int {
		switch {
		case x.Lo < y.Lo:
			return -1
		case x.Lo > y.Lo:
			return 1
		}
		return 0
	})
	total, end := 0.0, math.Inf(-1)
	for _, in := range buf {
		lo := math.Max(in.Lo, end)
		if in.Hi > lo {
			total += in.Hi - lo
		}
		end = math.Max(end, in.Hi)
	}
	return math.Max(total-along, 0), buf
}

// difficultLength returns the length of the path inside the interior of
// terrain difficult for the class.
func (c *checker) difficultLength(path []geom.Point) float64 {
	pieces := c.bf.Pieces()
	var polys []*geom.Polygon
	var buf []r1.Interval
	total := 0.0
	for i := 0; i+1 < len(path); i++ {
		seg := geom.Segment{A: path[i], B: path[i+1]}
		polys = polys[:0]
		c.bf.VisitFlatSegment(seg, func(it terrain.Item) bool {
			if it.Kind == terrain.ItemPiece && c.prof.pieceEffect(&pieces[it.Index], c.alt).move == terrain.Difficult {
				polys = append(polys, &pieces[it.Index].Footprint)
			}
			return true
		})
		if len(polys) == 0 {
			continue
		}
		var f float64
		f, buf = difficultExtra(polys, seg, buf)
		total += f * seg.Length()
	}
	return total
}
