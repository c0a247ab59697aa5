package terrain

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
)

// How New resolves each model's ground and level (see New).

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
