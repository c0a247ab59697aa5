package terrain

import (
	"fmt"

	"github.com/sightline/sightline/geom"
)

// SurfaceKind says what a model stands on.
type SurfaceKind string

// Surface kinds.
const (
	// SurfaceTable is the table itself, height 0.
	SurfaceTable SurfaceKind = "table"
	// SurfaceTop is the top of a solid piece (a hill tier, a platform, a
	// wall), at the piece's Height.
	SurfaceTop SurfaceKind = "top"
	// SurfaceRoof is the roof of a building whose BuildingInfo.Roof is
	// set, at the building's Height.
	SurfaceRoof SurfaceKind = "roof"
	// SurfaceFloor is a floor inside a building (BuildingInfo.FloorZ).
	SurfaceFloor SurfaceKind = "floor"
	// SurfaceGiven is a height given by the file (Model.Elevation) that
	// is no surface of the terrain: the model stands on something the
	// table does not describe.
	SurfaceGiven SurfaceKind = "given"
)

// Surface is a level a model can stand on at some point of the table: its
// height above the table, what it is, and the piece it belongs to. The
// zero value is not a surface; use TableSurface for the table.
type Surface struct {
	// Height is the surface's height above the table, inches.
	Height float64 `json:"height"`
	// Kind says what the surface is.
	Kind SurfaceKind `json:"kind"`
	// Piece is the index in Battlefield.Pieces of the piece it belongs
	// to, -1 for the table and for SurfaceGiven.
	Piece int `json:"-"`
	// PieceID is that piece's id ("" for none).
	PieceID string `json:"piece,omitempty"`
	// Floor is the building floor (1 the ground floor) of a SurfaceFloor,
	// 0 otherwise.
	Floor int `json:"floor,omitempty"`
}

// TableSurface returns the table as a Surface.
func TableSurface() Surface { return Surface{Kind: SurfaceTable, Piece: -1} }

// String returns a short description: "table", "top of hill-1 (2 in)",
// "floor 3 of house-2 (2.4 in)".
func (s Surface) String() string {
	switch s.Kind {
	case SurfaceTable, "":
		return "table"
	case SurfaceFloor:
		return fmt.Sprintf("floor %d of %s (%g in)", s.Floor, s.PieceID, s.Height)
	case SurfaceGiven:
		return fmt.Sprintf("elevation %g in", s.Height)
	}
	return fmt.Sprintf("%s of %s (%g in)", s.Kind, s.PieceID, s.Height)
}

// Straddle is the rule that sets the ground of a model whose base
// overlaps surfaces of different heights (a base across the edge of a hill
// tier, half on a roof).
type Straddle string

// Straddle rules.
const (
	// StraddleCenter (the default): the surface under the model's
	// Position; where that point is on the edge of a piece, the higher
	// side.
	StraddleCenter Straddle = "center"
	// StraddleHighest: the highest surface under any part of the base
	// (an overlap of positive area; touching an edge does not count).
	StraddleHighest Straddle = "highest"
	// StraddleLowest: the lowest surface under a part of the base of
	// positive area. Higher pieces under the rest of the base still block
	// sight through them: the model is partly sunk into them.
	StraddleLowest Straddle = "lowest"
)

// Straddles lists the Straddle rules, default first.
func Straddles() []Straddle { return []Straddle{StraddleCenter, StraddleHighest, StraddleLowest} }

// groundTolerance is how far, in inches, a given elevation may be from a
// surface's height and still stand on it (rounding of unit conversion).
const groundTolerance = 1e-9

// Ground returns the height above the table of the surface the model
// stands on: the surface New resolved for a model of a Battlefield, else
// Elevation when given, else 0. An airborne model's stand stands on it;
// its reference point is at Altitude above the table whatever the ground.
func (m *Model) Ground() float64 {
	if m.resolved {
		return m.stand.Height
	}
	if m.Elevation != nil {
		return *m.Elevation
	}
	return 0
}

// Stand returns the surface the model stands on, as New resolved it (the
// table, or SurfaceGiven at Elevation, for a model not from a
// Battlefield).
func (m *Model) Stand() Surface {
	if m.resolved {
		return m.stand
	}
	if m.Elevation != nil {
		return Surface{Height: *m.Elevation, Kind: SurfaceGiven, Piece: -1}
	}
	return TableSurface()
}

// Elevated reports whether the model stands above the table.
func (m *Model) Elevated() bool { return m.Ground() > 0 }

// straddleRule returns the table's Straddle rule, "" as StraddleCenter.
func (t Table) straddleRule() Straddle {
	if t.Straddle == "" {
		return StraddleCenter
	}
	return t.Straddle
}

// pieceSurface returns the surface piece i offers a model standing on it
// from above (the top of a solid piece, a building's roof, or a roofless
// building's ground floor) and whether it offers one.
func pieceSurface(p *Piece, i int) (Surface, bool) {
	switch {
	case p.Kind == Solid && p.Height > 0:
		return Surface{Height: p.Height, Kind: SurfaceTop, Piece: i, PieceID: p.ID}, true
	case p.Kind == Building && p.Building != nil && p.Building.Roof:
		return Surface{Height: p.Height, Kind: SurfaceRoof, Piece: i, PieceID: p.ID}, true
	case p.Kind == Building:
		return Surface{Kind: SurfaceFloor, Floor: 1, Piece: i, PieceID: p.ID}, true
	}
	return Surface{}, false
}

// PieceSurface returns the surface piece i (an index into Pieces) offers
// a model standing on it from above: the top of a solid piece of positive
// height, a building's roof when models may stand on it, or a roofless
// building's ground floor; ok is false for any other piece or index.
func (bf *Battlefield) PieceSurface(i int) (s Surface, ok bool) {
	if i < 0 || i >= len(bf.pieces) {
		return Surface{}, false
	}
	return pieceSurface(&bf.pieces[i], i)
}

// higher reports whether a is above b (ties: the piece of lower index,
// then a piece before the table), so that resolution is deterministic.
func higher(a, b Surface) bool {
	if a.Height != b.Height {
		return a.Height > b.Height
	}
	if (a.Piece < 0) != (b.Piece < 0) {
		return a.Piece >= 0
	}
	return a.Piece < b.Piece
}

// GroundAt returns the surface a model standing at the table point p
// stands on: the highest of the table, the tops of the solid pieces and
// the roofs of the buildings whose closed footprint holds p (inside a
// building without a roof, its ground floor). It does not allocate and is
// safe for concurrent use.
func (bf *Battlefield) GroundAt(p geom.Point) Surface {
	best := TableSurface()
	bf.VisitPoint(p, func(it Item) bool {
		if it.Kind != ItemPiece {
			return true
		}
		pc := &bf.pieces[it.Index]
		s, ok := pieceSurface(pc, it.Index)
		if ok && higher(s, best) && pc.Footprint.Locate(p) != geom.Outside {
			best = s
		}
		return true
	})
	return best
}

// SurfacesAt returns every surface at the table point p a model may stand
// on, lowest first: the table (unless a piece's interior covers p), each floor
// and the roof of the buildings holding p, the top of each solid piece
// holding p. The slice is new.
func (bf *Battlefield) SurfacesAt(p geom.Point) []Surface {
	out := []Surface{TableSurface()}
	covered := false
	bf.VisitPoint(p, func(it Item) bool {
		if it.Kind != ItemPiece {
			return true
		}
		pc := &bf.pieces[it.Index]
		if pc.Footprint.Locate(p) == geom.Outside {
			return true
		}
		switch {
		case pc.Kind == Solid && pc.Height > 0:
			covered = covered || pc.Footprint.Locate(p) == geom.Inside
			out = append(out, Surface{Height: pc.Height, Kind: SurfaceTop, Piece: it.Index, PieceID: pc.ID})
		case pc.Kind == Building:
			covered = covered || pc.Footprint.Locate(p) == geom.Inside
			out = append(out, buildingSurfaces(pc, it.Index)...)
		}
		return true
	})
	if covered {
		out = out[1:]
	}
	// A stable insertion sort, not slices.SortStableFunc: the same order,
	// without a merge sort instantiated for this element type (code size of
	// the WebAssembly module) and without sort.SliceStable's allocations;
	// the lists are short.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && higher(out[j-1], out[j]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// buildingSurfaces returns the floors of building piece i, ground floor
// first, and its roof when models may stand on it.
func buildingSurfaces(p *Piece, i int) []Surface {
	b := p.Building
	n := 1
	if b != nil {
		n = max(b.Floors, 1)
	}
	out := make([]Surface, 0, n+1)
	for k := 1; k <= n; k++ {
		out = append(out, Surface{Height: b.FloorZ(k, p.Height), Kind: SurfaceFloor, Floor: k, Piece: i, PieceID: p.ID})
	}
	if b != nil && b.Roof {
		out = append(out, Surface{Height: p.Height, Kind: SurfaceRoof, Piece: i, PieceID: p.ID})
	}
	return out
}

// GroundUnder returns the surface model m would stand on with its
// Position moved to at (same facing, figures moved along), by the table's
// Straddle rule; for a garrisoned model, and at its own Position, the
// surface it stands on (Stand). Movement and sight along a path use it: a
// given Elevation describes where the model stands now, not where it goes.
func (bf *Battlefield) GroundUnder(m *Model, at geom.Point) Surface {
	if m.Garrison != nil || at == m.Position {
		return m.Stand()
	}
	moved := *m
	moved.Position = at
	if len(m.Figures) > 0 {
		d := at.Sub(m.Position)
		moved.Figures = make([]geom.Point, len(m.Figures))
		for k, f := range m.Figures {
			moved.Figures[k] = f.Add(d)
		}
	}
	return bf.straddleGround(at, moved.standRings(), bf.table.straddleRule())
}
