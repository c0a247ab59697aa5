package terrain_test

import (
	"errors"
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func ExampleNew() {
	table := terrain.Table{Width: 48, Depth: 48}
	pieces := []terrain.Piece{{
		ID: "house-1", Kind: terrain.Building,
		Footprint: geom.Polygon{Outer: geom.Ring{{X: 10, Y: 10}, {X: 14, Y: 10}, {X: 14, Y: 14}, {X: 10, Y: 14}}},
		Height:    3, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1,
		Building: &terrain.BuildingInfo{Floors: 1, Walls: []terrain.Wall{{ID: "south", From: geom.Pt(10, 10), To: geom.Pt(14, 10)}}},
	}}
	models := []terrain.Model{{
		ID: "rifle-1", Class: terrain.Infantry, Position: geom.Pt(12, 12), Level: 1,
		Garrison: &terrain.GarrisonRef{Building: "house-1", Wall: "north"},
	}}
	_, err := terrain.New(table, pieces, models)
	fmt.Println(err)
	fmt.Println(errors.Is(err, terrain.ErrUnknownID))
	// Output:
	// models[0].garrison.wall: building "house-1" has no wall "north"
	// true
}

func ExampleBattlefield_VisitSegment() {
	table := terrain.Table{Width: 24, Depth: 12}
	pieces := []terrain.Piece{
		{ID: "hill", Kind: terrain.Solid, Footprint: geom.Polygon{Outer: geom.Ring{{X: 8, Y: 4}, {X: 12, Y: 4}, {X: 12, Y: 8}, {X: 8, Y: 8}}},
			Height: 2, Sight: terrain.SightBlocking, Cover: terrain.CoverNone, Level: 2},
		{ID: "smoke", Kind: terrain.Smoke, Circle: &geom.Circle{Center: geom.Pt(18, 6), Radius: 1},
			Sight: terrain.SightConcealing, Cover: terrain.CoverSoft, Level: 1},
	}
	bf, err := terrain.New(table, pieces, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	// A sight line 3 in above the table passes over the 2 in hill but not
	// over the smoke, which blocks at every height.
	s := geom.Segment3{A: geom.V3(2, 6, 3), B: geom.V3(22, 6, 3)}
	bf.VisitSegment(s, func(it terrain.Item) bool {
		fmt.Println(it.Kind, bf.Pieces()[it.Index].ID)
		return true
	})
	// Output:
	// piece smoke
}

func ExampleGenerate() {
	table, pieces, models := terrain.Generate(1, terrain.DefaultGenerate())
	fmt.Println(table.Width, table.Depth, len(pieces), len(models))
	// Output:
	// 48 48 50 60
}

// Example_buildingInCode builds a table in Go with the zero values doing
// the work a file's defaults do: Sight and Cover left empty take the
// kind's usual sight and no cover, Level 0 is the ground (1), a model
// without Base or Hull is a point on its ground. Lengths are inches (a cm
// file's values are divided by 2.54 on load); Facing is an s1.Angle, so a
// file's degrees go through geom.Degrees.
func Example_buildingInCode() {
	const cm = 1 / 2.54 // inches per centimetre
	table := terrain.Table{Width: 120 * cm, Depth: 120 * cm}
	pieces := []terrain.Piece{
		{ID: "rock", Kind: terrain.Solid, Height: 3,
			Footprint: geom.Polygon{Outer: geom.Ring{{X: 10, Y: 10}, {X: 14, Y: 10}, {X: 14, Y: 14}, {X: 10, Y: 14}}}},
		{ID: "wood", Kind: terrain.Area, Circle: &geom.Circle{Center: geom.Pt(30, 30), Radius: 4}},
	}
	models := []terrain.Model{{
		ID: "tank", Class: terrain.Vehicle, Position: geom.Pt(5, 5), Facing: geom.Degrees(90),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 2}, Hull: terrain.Hull{Length: 3, Width: 2, Height: 1.5},
	}}
	bf, err := terrain.New(table, pieces, models)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range bf.Pieces() {
		fmt.Printf("%s: sight %s, cover %s, level %d\n", p.ID, p.Sight, p.Cover, p.Level)
	}
	tank, _ := bf.Model("tank")
	fmt.Printf("tank: level %d, eye %.2f in up, facing %.0f°\n", tank.Level, tank.EyePoint().Z, tank.Facing.Degrees())
	// Output:
	// rock: sight blocking, cover none, level 1
	// wood: sight concealing, cover none, level 1
	// tank: level 1, eye 0.75 in up, facing 90°
}
