package los

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// msHill is a solid hill piece of the given level.
func msHill(id string, fp geom.Polygon, level int) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: fp, Height: float64(level - 1), Sight: terrain.SightClear,
		Cover: terrain.CoverNone, Level: level}
}

// msRaised is a level convention for tests: ground 1, vehicles one level up.
var msRaised = LevelRules{Ground: 1, ClassBonus: map[terrain.Class]int{terrain.Vehicle: 1}}

func TestLevels(t *testing.T) {
	// A two-level hill: level 2 on [6,24]^2 with a level-3 plateau on [10,20]^2.
	bf := msBF(t, []terrain.Piece{msHill("hill", msRect(6, 6, 24, 24), 2), msHill("plateau", msRect(10, 10, 20, 20), 3)},
		[]terrain.Model{msTank("tank", geom.Pt(15, 15), 0, 2, 1, 1), msInf("inf", geom.Pt(30, 15), 1)})
	for _, c := range []struct {
		p     geom.Point
		level int
		id    string
	}{
		{geom.Pt(15, 15), 3, "plateau"},
		{geom.Pt(20, 15), 3, "plateau"}, // on the plateau's edge
		{geom.Pt(8, 15), 2, "hill"},
		{geom.Pt(30, 15), 1, ""},
	} {
		if lv, id := LevelAt(bf, c.p, msRaised); lv != c.level || id != c.id {
			t.Errorf("LevelAt(%v) = %d, %q; want %d, %q", c.p, lv, id, c.level, c.id)
		}
	}
	for _, c := range []struct {
		p      geom.Point
		dist   float64
		edgeX  float64
		edgeID string
	}{
		{geom.Pt(19, 15), 1, 20, "plateau"}, // plateau east edge
		{geom.Pt(7, 15), 1, 6, "hill"},      // hill west edge, plateau 3 away
		{geom.Pt(9.5, 15), 0.5, 10, "plateau"},
		{geom.Pt(30, 15), 6, 24, "hill"}, // ground: nearest higher piece
	} {
		e := DistanceToLevelEdge(bf, c.p, msRaised)
		if !msNear(e.Distance, c.dist) || !msNear(e.Edge.X, c.edgeX) || e.EdgePieceID != c.edgeID {
			t.Errorf("DistanceToLevelEdge(%v) = %+v, want %v at x=%v on %s", c.p, e, c.dist, c.edgeX, c.edgeID)
		}
	}
	// The tank on the plateau stands on 3 and counts as 4 with a vehicle
	// bonus of 1, as 3 without one.
	if r, err := ModelLevel(bf, "tank", LevelRules{}); err != nil || r.Level != 3 || r.Bonus != 0 {
		t.Errorf("ModelLevel(tank, no bonus) = %+v, %v; want level 3", r, err)
	}
	if r, err := ModelLevel(bf, "tank", msRaised); err != nil || r.Stand != 3 || r.Level != 4 || r.PieceID != "plateau" {
		t.Errorf("ModelLevel(tank) = %+v, %v; want stand 3, level 4", r, err)
	}
	if r, _ := ModelLevel(bf, "inf", msRaised); r.Level != 1 || r.Bonus != 0 {
		t.Errorf("ModelLevel(inf) = %+v, want 1", r)
	}
	if _, err := ModelLevel(bf, "ghost", msRaised); err == nil {
		t.Errorf("ModelLevel(ghost): no error")
	}
	if e := DistanceToLevelEdge(msBF(t, nil, nil), geom.Pt(1, 1), LevelRules{}); !math.IsInf(e.Distance, 1) || e.Level != 1 {
		t.Errorf("flat table edge = %+v, want +Inf", e)
	}
}

func TestLowerPiecesBetween(t *testing.T) {
	// Level-2 hills at both ends, a level-1 wood x in [8,13] between.
	wood := msArea("wood", terrain.Area, msRect(8, 0, 13, 6))
	bf := msBF(t, []terrain.Piece{msHill("hillA", msRect(0, 0, 6, 6), 2), msHill("hillB", msRect(20, 0, 26, 6), 2), wood}, nil)
	lp := LowerPiecesBetween(bf, geom.Pt(3, 3), geom.Pt(23, 3), LevelRules{})
	if len(lp) != 1 || lp[0].PieceID != "wood" || !msNear(lp[0].Inside, 5) {
		t.Errorf("LowerPiecesBetween = %+v, want the wood, 5 inside", lp)
	}
	// To a ground-level point nothing is lower than level 1.
	if lp := LowerPiecesBetween(bf, geom.Pt(3, 3), geom.Pt(30, 3), LevelRules{}); len(lp) != 0 {
		t.Errorf("LowerPiecesBetween to ground = %+v, want none", lp)
	}
	// From level 3 (say a vehicle on a hill) the hills of level 2 are lower too.
	if lp := LowerPiecesBelow(bf, geom.Pt(3, 3), geom.Pt(23, 3), 3); len(lp) != 3 {
		t.Errorf("LowerPiecesBelow(3) = %+v, want 3 pieces", lp)
	}
	p := &bf.Pieces()[0]
	if BuildingFloorLevel(p, 1) != 2 {
		t.Errorf("BuildingFloorLevel(level 2, floor 1) = %d, want 2", BuildingFloorLevel(p, 1))
	}
}
