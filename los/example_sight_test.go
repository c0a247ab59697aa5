package los_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

func ExampleSightSegment() {
	house := terrain.Piece{ID: "house-3", Kind: terrain.Building, Height: 3, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(10, 10), geom.Pt(14, 10), geom.Pt(14, 14), geom.Pt(10, 14))}
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, []terrain.Piece{house}, nil)
	if err != nil {
		panic(err)
	}
	// Level at z = 2.65: passes 0.35 in below the 3 in roof.
	fmt.Println(los.SightSegment(bf, geom.V3(5, 12, 2.65), geom.V3(20, 12, 2.65), los.Options{}).Explain())
	// Exactly level with the roof: touching only, clear by default.
	fmt.Println(los.SightSegment(bf, geom.V3(5, 12, 3), geom.V3(20, 12, 3), los.Options{}).Explain())
	// Output:
	// blocked by house-3 at (10.00, 12.00, 2.65): the sightline passes 0.35 in below its top (3.00 in)
	// clear: nothing blocks the sightline from (5.00, 12.00, 3.00) to (20.00, 12.00, 3.00); grazes house-3 (touching is clear: Options.GrazingBlocks=false)
}

func ExampleVisibleFractionFrom() {
	wall := terrain.Piece{ID: "wall-1", Kind: terrain.Solid, Height: 10, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(15, 24), geom.Pt(15.5, 24), geom.Pt(15.5, 30), geom.Pt(15, 30))}
	tank := terrain.Model{ID: "tank-1", Side: "b", Squad: "b", Class: terrain.Vehicle, Position: geom.Pt(20, 24),
		Hull: terrain.Hull{Length: 2, Width: 2, Height: 2}, Level: 1}
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, []terrain.Piece{wall}, []terrain.Model{tank})
	if err != nil {
		panic(err)
	}
	r, err := los.VisibleFractionFrom(bf, geom.V3(10, 24, 1), "tank-1", los.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Explain())
	bands := los.Bands{Edges: []float64{0.10, 0.50}, Inclusive: []bool{false, true}}
	fmt.Println("band:", bands.Band(r.Fraction))
	// Output:
	// tank-1 is 50.0 % visible: wall-1 hides 50.0 %
	// band: 1
}
