package terrain

import (
	"fmt"
	"math"
	"slices"
	"strings"

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
	slices.SortStableFunc(out, func(a, b Surface) int {
		if higher(b, a) {
			return -1
		}
		if higher(a, b) {
			return 1
		}
		return 0
	})
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

// straddleGround returns the surface under the base shapes by the
// Straddle rule s: the surface under centre for StraddleCenter (and for
// shapes without area), else the highest or lowest surface under a part
// of positive area of any shape.
func (bf *Battlefield) straddleGround(centre geom.Point, shapes [][]geom.Point, s Straddle) Surface {
	at := bf.GroundAt(centre)
	if s == StraddleCenter || s == "" {
		return at
	}
	best, found := Surface{}, false
	for _, ring := range shapes {
		if len(ring) < 3 || !(geom.ConvexArea(ring) > 0) {
			continue
		}
		var g Surface
		if s == StraddleHighest {
			g = bf.highestUnder(ring)
		} else {
			g = bf.lowestUnder(ring)
		}
		if !found || (s == StraddleHighest) == higher(g, best) {
			best, found = g, true
		}
	}
	if !found {
		return at
	}
	return best
}

// overlapping returns the surfaces of the pieces whose footprint overlaps
// the convex ring with positive area, and the clipped overlaps.
func (bf *Battlefield) overlapping(ring []geom.Point) ([]Surface, [][][]geom.Point) {
	var surf []Surface
	var clips [][][]geom.Point
	area := geom.ConvexArea(ring)
	bf.VisitRect(geom.Polygon{Outer: ring}.Bound(), func(it Item) bool {
		if it.Kind != ItemPiece {
			return true
		}
		pc := &bf.pieces[it.Index]
		s, ok := pieceSurface(pc, it.Index)
		if !ok {
			return true
		}
		var parts [][]geom.Point
		for _, part := range pc.ConvexParts() {
			c := geom.ClipConvex(nil, ring, part)
			if len(c) >= 3 && geom.ConvexArea(c) > 1e-12*area {
				parts = append(parts, c)
			}
		}
		if len(parts) > 0 {
			surf = append(surf, s)
			clips = append(clips, parts)
		}
		return true
	})
	return surf, clips
}

// highestUnder returns the highest surface under a part of positive area
// of the convex ring (the table when no piece overlaps it).
func (bf *Battlefield) highestUnder(ring []geom.Point) Surface {
	best := TableSurface()
	surf, _ := bf.overlapping(ring)
	for _, s := range surf {
		if higher(s, best) {
			best = s
		}
	}
	return best
}

// lowestUnder returns the lowest surface under a part of positive area of
// the convex ring: the lowest candidate height h such that the pieces with
// surfaces above h leave part of the ring uncovered (up to a relative
// 1e-9 of its area).
func (bf *Battlefield) lowestUnder(ring []geom.Point) Surface {
	surf, clips := bf.overlapping(ring)
	area := geom.ConvexArea(ring)
	cands := append([]Surface{TableSurface()}, surf...)
	slices.SortStableFunc(cands, func(a, b Surface) int {
		if higher(b, a) {
			return -1
		}
		if higher(a, b) {
			return 1
		}
		return 0
	})
	for _, c := range cands {
		var above [][]geom.Point
		for k, s := range surf {
			if s.Height > c.Height {
				above = append(above, clips[k]...)
			}
		}
		if len(above) == 0 || geom.ConvexUnionArea(above) < area*(1-1e-9) {
			return c
		}
	}
	return cands[len(cands)-1]
}

// standRings returns the plans a model stands on for the Straddle rules:
// its base (or, without one, its hull's plan) at Position and at each
// figure, as convex counter-clockwise rings whose vertices lie on the
// base's outline (inscribed, so that a base touching an edge does not
// overlap it).
func (m *Model) standRings() [][]geom.Point {
	centres := m.Figures
	if len(centres) == 0 {
		centres = []geom.Point{m.Position}
	}
	out := make([][]geom.Point, 0, len(centres))
	for _, c := range centres {
		out = append(out, m.standRing(c))
	}
	return out
}

// standRing is standRings for one centre c.
func (m *Model) standRing(c geom.Point) []geom.Point {
	sin, cos := math.Sincos(float64(m.Facing))
	switch m.Base.Shape {
	case BaseCircle, BaseOval:
		a, b := m.Base.Diameter/2, m.Base.Diameter/2
		if m.Base.Shape == BaseOval {
			a, b = m.Base.Length/2, m.Base.Width/2
		}
		n := circleSides(max(a, b))
		k := math.Cos(math.Pi / float64(n)) // circumscribed to inscribed
		var out []geom.Point
		for _, u := range unitPolygon(n) {
			x, y := k*a*u.X, k*b*u.Y
			out = append(out, geom.Pt(c.X+x*cos-y*sin, c.Y+x*sin+y*cos))
		}
		return out
	case BaseRect:
		r := geom.OrientedRect{Center: c, Length: m.Base.Length, Width: m.Base.Width, Angle: m.Facing}.Corners()
		return r[:]
	}
	if m.Hull.Length > 0 && m.Hull.Width > 0 {
		r := geom.OrientedRect{Center: c, Length: m.Hull.Length, Width: m.Hull.Width, Angle: m.Facing}.Corners()
		return r[:]
	}
	return []geom.Point{c}
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

// resolveGround sets m's surface from the pieces already checked (the
// index holds only pieces when it runs), then its level (resolveLevel).
func (bf *Battlefield) resolveGround(path string, m *Model) error {
	if !m.resolved {
		m.declared = m.Level
	}
	m.Level = m.declared
	if err := bf.resolveStand(path, m); err != nil {
		return err
	}
	return bf.resolveLevel(path, m)
}

// levelBearing reports whether a piece kind declares the level of the
// ground it covers: overlays (smoke, gas, debris, minefields) lie on the
// ground rather than raise it.
func levelBearing(p *Piece) bool {
	switch p.Kind {
	case Smoke, Gas, Debris, Minefield:
		return false
	}
	return true
}

// DeclaredLevelAt returns the highest Level declared by a level-bearing
// piece (every kind but smoke, gas, debris and minefields) whose closed
// footprint holds p, and 1 (the ground) when none does.
func (bf *Battlefield) DeclaredLevelAt(p geom.Point) int {
	level := 1
	bf.VisitPoint(p, func(it Item) bool {
		if it.Kind != ItemPiece {
			return true
		}
		pc := &bf.pieces[it.Index]
		if levelBearing(pc) && pc.Level > level && pc.Footprint.Locate(p) != geom.Outside {
			level = pc.Level
		}
		return true
	})
	return level
}

// SurfaceLevel returns the height level of surface s at the table point
// p: floor k of a building is its Level + k - 1 and its roof one above
// its top floor; the top of a solid piece is the piece's Level; the table
// and a given elevation take the level declared at p (DeclaredLevelAt).
func (bf *Battlefield) SurfaceLevel(s Surface, p geom.Point) int {
	if s.Piece < 0 || s.Piece >= len(bf.pieces) {
		return bf.DeclaredLevelAt(p)
	}
	pc := &bf.pieces[s.Piece]
	switch s.Kind {
	case SurfaceFloor:
		return pc.Level + max(s.Floor, 1) - 1
	case SurfaceRoof:
		floors := 1
		if pc.Building != nil {
			floors = max(pc.Building.Floors, 1)
		}
		return pc.Level + floors
	}
	return pc.Level
}

// DeclaredLevel returns the Level the model was given before New derived
// it from the ground (see New): what a file says, and what Encode writes.
func (m *Model) DeclaredLevel() int {
	if m.resolved {
		return m.declared
	}
	return m.Level
}

// resolveLevel checks a model's declared Level against the level of the
// surface it stands on (SurfaceLevel): a Level of 1 (the default) takes
// the surface's level; any other Level must equal it. Airborne models
// keep their declared Level.
func (bf *Battlefield) resolveLevel(path string, m *Model) error {
	if m.Airborne() {
		return nil
	}
	lv := bf.SurfaceLevel(m.stand, m.Position)
	switch {
	case m.Level == lv:
	case m.Level == 1:
		m.Level = lv
	default:
		return fieldErr(path+".level", ErrInvalidValue, "model %q declares level %d but stands on the %s, level %d", m.ID, m.Level, m.stand, lv)
	}
	return nil
}

// resolveStand sets m's surface (see New).
func (bf *Battlefield) resolveStand(path string, m *Model) error {
	m.resolved = true
	var err error
	switch {
	case m.Garrison != nil:
		m.stand, err = bf.garrisonFloor(path, m)
	case m.Elevation != nil:
		m.stand, err = bf.givenGround(path+".elevation", m, *m.Elevation)
	case m.Airborne():
		m.stand = bf.GroundAt(m.Position)
	default:
		m.stand = bf.straddleGround(m.Position, m.standRings(), bf.table.straddleRule())
		if st := m.stand; st.Piece >= 0 && bf.pieces[st.Piece].Kind == Building && m.Level > 1 {
			// In a building, a declared level names the floor.
			if f, ok := floorForLevel(&bf.pieces[st.Piece], st.Piece, m.Level); ok {
				m.stand = f
			}
		}
	}
	if err == nil && m.Airborne() && m.Altitude < m.stand.Height {
		err = fieldErr(path+".altitude", ErrBuried, "model %q at altitude %g is below the %s it stands over",
			m.ID, m.Altitude, m.stand)
	}
	return err
}

// floorForLevel returns the surface of building piece p (index i) at the
// given height level: floor k at level p.Level + k - 1, the roof one above
// the top floor when models may stand on it.
func floorForLevel(p *Piece, i, level int) (Surface, bool) {
	ss := buildingSurfaces(p, i)
	k := level - p.Level
	if k < 0 || k >= len(ss) {
		return Surface{}, false
	}
	return ss[k], true
}

// garrisonFloor resolves the floor of a garrisoned model: GarrisonRef.Floor,
// or the floor at its Elevation, or the ground floor.
func (bf *Battlefield) garrisonFloor(path string, m *Model) (Surface, error) {
	i := bf.pieceIdx[m.Garrison.Building]
	p := &bf.pieces[i]
	floors := buildingSurfaces(p, i)
	floors = floors[:max(p.Building.Floors, 1)]
	k := m.Garrison.Floor
	if k < 0 || k > len(floors) {
		return TableSurface(), fieldErr(path+".garrison.floor", ErrInvalidValue, "floor %d is not in [1, %d] (building %q)", k, len(floors), p.ID)
	}
	if m.Elevation == nil {
		if k == 0 && m.Level > 1 {
			// A declared level names the floor.
			if f, ok := floorForLevel(p, i, m.Level); ok && f.Kind == SurfaceFloor {
				return f, nil
			}
		}
		return floors[max(k, 1)-1], nil
	}
	e := *m.Elevation
	for _, f := range floors {
		if math.Abs(f.Height-e) <= groundTolerance && (k == 0 || k == f.Floor) {
			return f, nil
		}
	}
	if k > 0 {
		return TableSurface(), fieldErr(path+".elevation", ErrBuried, "model %q: elevation %g is not the height of floor %d of building %q (%g)", m.ID, e, k, p.ID, floors[k-1].Height)
	}
	return TableSurface(), fieldErr(path+".elevation", ErrBuried, "model %q at elevation %g garrisons building %q but no floor is at that height (floors at %s)", m.ID, e, p.ID, heights(floors))
}

// givenGround resolves an explicit elevation e: it must not lie inside a
// solid piece under the model's Position, nor between the floors of a
// building holding it, nor on a building's roof that models may not stand
// on.
func (bf *Battlefield) givenGround(path string, m *Model, e float64) (Surface, error) {
	given := Surface{Height: e, Kind: SurfaceGiven, Piece: -1}
	var err error
	match := Surface{}
	found := false
	bf.VisitPoint(m.Position, func(it Item) bool {
		if it.Kind != ItemPiece {
			return true
		}
		p := &bf.pieces[it.Index]
		loc := p.Footprint.Locate(m.Position)
		if loc == geom.Outside {
			return true
		}
		var s Surface
		var ok bool
		s, ok, err = givenOn(path, m, e, p, it.Index, loc)
		if ok && (!found || higher(s, match)) {
			match, found = s, true
		}
		return err == nil
	})
	if err != nil {
		return given, err
	}
	if found {
		return match, nil
	}
	if e <= groundTolerance {
		return TableSurface(), nil
	}
	return given, nil
}

// givenOn checks elevation e of model m against piece p (index i) holding
// its Position (loc: inside or on the boundary) and returns the piece's
// surface at e, if any.
func givenOn(path string, m *Model, e float64, p *Piece, i int, loc geom.Location) (Surface, bool, error) {
	switch {
	case p.Kind == Solid && p.Height > 0:
		if math.Abs(e-p.Height) <= groundTolerance {
			return Surface{Height: p.Height, Kind: SurfaceTop, Piece: i, PieceID: p.ID}, true, nil
		}
		if e < p.Height && loc == geom.Inside {
			return Surface{}, false, fieldErr(path, ErrBuried, "model %q at elevation %g is inside solid piece %q (top %g): no surface at that height", m.ID, e, p.ID, p.Height)
		}
	case p.Kind == Building:
		for _, s := range buildingSurfaces(p, i) {
			if math.Abs(e-s.Height) <= groundTolerance {
				return s, true, nil
			}
		}
		if math.Abs(e-p.Height) <= groundTolerance && loc == geom.Inside {
			return Surface{}, false, fieldErr(path, ErrNotAllowed, "model %q at elevation %g stands on the roof of building %q, which models may not stand on (building.roof is false)", m.ID, e, p.ID)
		}
		if e < p.Height && loc == geom.Inside {
			return Surface{}, false, fieldErr(path, ErrBuried, "model %q at elevation %g is inside building %q between floors (floors at %s)", m.ID, e, p.ID, heights(buildingSurfaces(p, i)))
		}
	}
	return Surface{}, false, nil
}

// heights lists the surfaces' heights for a message: "0, 1, 2".
func heights(ss []Surface) string {
	var b strings.Builder
	for k, s := range ss {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%g", s.Height)
	}
	return b.String()
}
