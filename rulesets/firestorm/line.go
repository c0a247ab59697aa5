package firestorm

import (
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// lineResult is what a line of attack between two stands meets (FT-07,
// FT-16..19): the occupied area or ship that blocks it, and the debris,
// gas and minefield pieces it crosses, each counted once.
type lineResult struct {
	From, To  geom.Point
	Length    float64
	BlockedBy string   // "" when clear
	Crossed   []string // halving pieces, in piece order
	Kinds     []terrain.Kind
	Inside    []float64 // inches of the line inside each crossed piece
	Grazed    []string  // pieces only touched (not counted unless GrazeCounts)
}

// isOccupied reports whether piece p is an occupied area (FT-20): a planet,
// moon or station; an objective station counts as one when
// StationOccupied (Ambiguity 13).
func (o *Options) isOccupied(p *terrain.Piece) bool {
	if slices.Contains(o.Stations, p.ID) {
		return o.StationOccupied
	}
	return p.Kind == terrain.Occupied
}

// halving reports whether piece p halves attack dice it is crossed by
// (FT-16 debris, FT-17 minefields count as debris, FT-18 gas).
func halving(p *terrain.Piece) bool {
	return p.Kind == terrain.Debris || p.Kind == terrain.Gas || p.Kind == terrain.Minefield
}

// traceLine follows the flat line of attack a-b: occupied areas block it
// (FT-07, FT-20), other ships' bases only with ShipsBlock (Ambiguity 20),
// and halving pieces are listed (FT-19: each piece once, even when crossed
// twice or when both ends lie inside it, Errata 4). A line only touching a
// piece's edge does not count unless GrazeCounts (Ambiguity 6).
func traceLine(bf *terrain.Battlefield, a, b geom.Point, exclude []string, opt *Options) lineResult {
	r := lineResult{From: a, To: b, Length: a.Sub(b).Norm()}
	for _, c := range los.AreaCrossings(bf, a, b, los.AreaFilter{AllPieces: true}) {
		p, _ := bf.Piece(c.PieceID)
		counts := !c.Grazing || opt.GrazeCounts
		switch {
		case p == nil:
		case opt.isOccupied(p) && counts:
			if r.BlockedBy == "" {
				r.BlockedBy = p.ID
			}
		case halving(p) && counts:
			r.Crossed = append(r.Crossed, p.ID)
			r.Kinds = append(r.Kinds, p.Kind)
			r.Inside = append(r.Inside, c.Inside)
		case halving(p) || opt.isOccupied(p):
			r.Grazed = append(r.Grazed, p.ID)
		}
	}
	if r.BlockedBy == "" && opt.ShipsBlock {
		seg := geom.ConvexPolygon{a, b}
		models := bf.Models()
		for i := range models {
			m := &models[i]
			if slices.Contains(exclude, m.ID) {
				continue
			}
			if d, _, _ := geom.DistConvex(seg, m.BaseShape()); d == 0 {
				r.BlockedBy = m.ID
				break
			}
		}
	}
	return r
}

// halve halves n once per piece crossed, rounding down each time (FT-16,
// FT-19: floor(floor(n/2)/2) = floor(n/4)).
func halve(n, times int) int {
	for i := 0; i < times && n > 0; i++ {
		n /= 2
	}
	return n
}
