package movement

import (
	"cmp"
	"math"
	"slices"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// PathLength returns the length of the polyline path, inches (0 for fewer
// than two points).
func PathLength(path []geom.Point) float64 {
	s := 0.0
	for i := 1; i < len(path); i++ {
		s += path[i].Sub(path[i-1]).Norm()
	}
	return s
}

// PointAlong returns the point at distance d inches along the polyline
// path, clamped to its ends. path must not be empty.
func PointAlong(path []geom.Point, d float64) geom.Point {
	for i := 0; i+1 < len(path); i++ {
		L := path[i+1].Sub(path[i]).Norm()
		if d <= L && L > 0 {
			return geom.Segment{A: path[i], B: path[i+1]}.At(math.Max(d, 0) / L)
		}
		d -= L
	}
	return path[len(path)-1]
}

// Crossing is how a path meets one terrain piece.
type Crossing struct {
	// Piece is the piece's index in Battlefield.Pieces and ID its id.
	Piece int
	ID    string
	// Stretches are the parts of the path inside the piece's closed
	// footprint, as distances from the path's start in inches, in path
	// order; stretches meeting at a waypoint are merged. A zero-length
	// stretch is a touch (a corner or an end on the boundary).
	Stretches []r1.Interval
	// Inside is the length of the path inside the footprint's open
	// interior: the stretches less the runs along the boundary (moving
	// along the edge of a piece is not moving through it).
	Inside float64
	// Enters reports whether some point of the path lies strictly inside
	// the footprint, decided exactly.
	Enters bool
}

// mergeGap is how close, in inches, two stretches of one piece must be to
// merge: they meet at a waypoint up to rounding.
const mergeGap = 1e-9

// Crossings returns how path meets each piece that keep accepts (nil
// keeps every piece) and whose closed footprint the path touches, in the
// battlefield's piece order. It uses the battlefield's index, so pieces
// far from the path cost nothing.
func Crossings(bf *terrain.Battlefield, path []geom.Point, keep func(*terrain.Piece) bool) []Crossing {
	type raw struct {
		piece  int
		lo, hi float64
	}
	var (
		stretches []raw
		out       []Crossing
		buf       [16]r1.Interval
	)
	at := func(piece int) *Crossing { // few pieces per path: a linear search
		for k := range out {
			if out[k].Piece == piece {
				return &out[k]
			}
		}
		out = append(out, Crossing{Piece: piece, ID: bf.Pieces()[piece].ID})
		return &out[len(out)-1]
	}
	pieces := bf.Pieces()
	along := 0.0
	for i := 0; i+1 < len(path); i++ {
		seg := geom.Segment{A: path[i], B: path[i+1]}
		L := seg.Length()
		bf.VisitFlatSegment(seg, func(it terrain.Item) bool {
			if it.Kind != terrain.ItemPiece || (keep != nil && !keep(&pieces[it.Index])) {
				return true
			}
			fp := &pieces[it.Index].Footprint
			iv := fp.SegmentInside(seg, buf[:0])
			if len(iv) == 0 {
				return true
			}
			for _, in := range iv {
				stretches = append(stretches, raw{it.Index, along + in.Lo*L, along + in.Hi*L})
			}
			c := at(it.Index)
			if f, _ := difficultExtra([]*geom.Polygon{fp}, seg, buf[:0]); f > 0 {
				c.Inside += f * L
			}
			c.Enters = c.Enters || fp.SegmentCrossesInterior(seg)
			return true
		})
		along += L
	}
	slices.SortFunc(stretches, func(a, b raw) int {
		return cmp.Or(cmp.Compare(a.piece, b.piece), cmp.Compare(a.lo, b.lo))
	})
	// merge in place; each crossing's stretches are a window of one array
	merged := make([]r1.Interval, 0, len(stretches))
	for k := 0; k < len(stretches); {
		c := at(stretches[k].piece)
		first := len(merged)
		for ; k < len(stretches) && stretches[k].piece == c.Piece; k++ {
			s := stretches[k]
			if n := len(merged); n > first && s.lo <= merged[n-1].Hi+mergeGap {
				merged[n-1].Hi = math.Max(merged[n-1].Hi, s.hi)
				continue
			}
			merged = append(merged, r1.Interval{Lo: s.lo, Hi: s.hi})
		}
		c.Stretches = merged[first:len(merged):len(merged)]
	}
	slices.SortFunc(out, func(a, b Crossing) int { return cmp.Compare(a.Piece, b.Piece) })
	return out
}

// LengthInside returns the length of path, inches, inside the union of the
// open interiors of the pieces keep accepts (nil: every piece): where
// pieces overlap the path counts once, and a run along a boundary does not
// count.
func LengthInside(bf *terrain.Battlefield, path []geom.Point, keep func(*terrain.Piece) bool) float64 {
	pieces := bf.Pieces()
	var polys []*geom.Polygon
	var buf []r1.Interval
	total := 0.0
	for i := 0; i+1 < len(path); i++ {
		seg := geom.Segment{A: path[i], B: path[i+1]}
		polys = polys[:0]
		bf.VisitFlatSegment(seg, func(it terrain.Item) bool {
			if it.Kind == terrain.ItemPiece && (keep == nil || keep(&pieces[it.Index])) {
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
