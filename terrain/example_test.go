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
