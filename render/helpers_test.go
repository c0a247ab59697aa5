package render

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// smallBattlefield is a hand-made 24 x 18 in table: a 4 x 4 in building
// house-1 (x 10..14, y 6..10, 3 in tall) with a south wall holding a window
// and an entrance, a low wood, smoke, and four models in two squads.
func smallBattlefield(t testing.TB) *terrain.Battlefield {
	t.Helper()
	house := terrain.Piece{
		ID: "house-1", Kind: terrain.Building,
		Footprint: geom.PolygonFromPoints(geom.Pt(10, 6), geom.Pt(14, 6), geom.Pt(14, 10), geom.Pt(10, 10)),
		Height:    3, Sight: terrain.SightBlocking, Cover: terrain.CoverHard,
		Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1,
		Building: &terrain.BuildingInfo{Floors: 2, Walls: []terrain.Wall{{
			ID: "south", From: geom.Pt(10, 6), To: geom.Pt(14, 6),
			Windows:   []geom.Vec3{geom.V3(11, 6, 2)},
			Entrances: []geom.Point{geom.Pt(13, 6)},
		}}},
	}
	wood := terrain.Piece{
		ID: "wood-1", Kind: terrain.Area,
		Footprint: geom.PolygonFromPoints(geom.Pt(3, 11), geom.Pt(8, 12), geom.Pt(7, 16), geom.Pt(2, 15)),
		Height:    2, Sight: terrain.SightConcealing, Cover: terrain.CoverSoft,
		Movement: terrain.MovementRule{Default: terrain.Difficult}, Level: 1,
	}
	smoke := terrain.Piece{
		ID: "smoke-1", Kind: terrain.Smoke, Circle: &geom.Circle{Center: geom.Pt(19, 14), Radius: 1.5},
		Sight: terrain.SightConcealing, Cover: terrain.CoverSoft,
		Movement: terrain.MovementRule{Default: terrain.Open}, Level: 1,
	}
	tank := terrain.Model{ID: "tank-1", Squad: "alpha", Class: terrain.Vehicle, Position: geom.Pt(4, 8),
		Facing: geom.Degrees(0), Base: terrain.Base{Shape: terrain.BaseRect, Length: 2, Width: 1.2},
		Hull: terrain.Hull{Length: 2, Width: 1.2, Height: 1}, Level: 1}
	inf := terrain.Model{ID: "inf-1", Squad: "bravo", Class: terrain.Infantry, Position: geom.Pt(20, 8),
		Facing: geom.Degrees(180), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1},
		Hull: terrain.Hull{Height: 0.8}, Level: 1}
	inf2 := terrain.Model{ID: "inf-2", Squad: "bravo", Class: terrain.Infantry, Position: geom.Pt(20, 3),
		Facing: geom.Degrees(90), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1},
		Hull: terrain.Hull{Height: 0.8}, Level: 1}
	walker := terrain.Model{ID: "walker-1", Squad: "alpha", Class: terrain.Walker, Position: geom.Pt(5, 3),
		Facing: geom.Degrees(45), Base: terrain.Base{Shape: terrain.BaseOval, Length: 1.6, Width: 1},
		Hull: terrain.Hull{Height: 1.5}, Level: 1}
	bf, err := terrain.New(terrain.Table{Width: 24, Depth: 18},
		[]terrain.Piece{house, wood, smoke}, []terrain.Model{tank, inf, inf2, walker})
	if err != nil {
		t.Fatal(err)
	}
	return bf
}
