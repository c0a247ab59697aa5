package los_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

func ExampleRange() {
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, []terrain.Model{
		{ID: "sabre-1", Class: terrain.Vehicle, Position: geom.Pt(3, 4), Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}, Level: 1},
		{ID: "rifles", Class: terrain.Infantry, Position: geom.Pt(15.4, 4), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, mode := range []los.RangeMode{los.RangeCenter, los.RangeEdge} {
		r, _ := los.Range(bf, "sabre-1", "rifles", mode)
		fmt.Println(r.Explain())
	}
	// Output:
	// range sabre-1 -> rifles: 12.40 in centre to centre, from (3.00, 4.00) to (15.40, 4.00); 0.50 in vertical, 12.41 in 3D
	// range sabre-1 -> rifles: 10.90 in edge to edge, from (4.00, 4.00) to (14.90, 4.00); 0.50 in vertical, 10.91 in 3D
}

func ExampleInArc() {
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, []terrain.Model{
		{ID: "ship", Class: terrain.Ship, Position: geom.Pt(20, 20), Facing: geom.Degrees(90), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1},
		{ID: "enemy", Class: terrain.Ship, Position: geom.Pt(25, 25), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1},
	})
	r, _ := los.InArc(bf, "ship", "enemy", los.ArcStarboard, los.ArcOptions{Boundary: los.BoundaryPrefer})
	fmt.Println(r.InArc, r.ArcOf, r.BearingClockwise)
	// Output:
	// false fore 45
}

func ExampleAreaCrossings() {
	wood := terrain.Piece{ID: "wood", Kind: terrain.Area, Sight: terrain.SightConcealing, Cover: terrain.CoverSoft, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(10, 0), geom.Pt(20, 0), geom.Pt(20, 10), geom.Pt(10, 10))}
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, []terrain.Piece{wood}, nil)
	for _, c := range los.AreaCrossings(bf, geom.Pt(0, 5), geom.Pt(12, 5), los.AreaFilter{}) {
		fmt.Printf("%s: %.1f in inside, target %.1f in deep\n", c.PieceID, c.Inside, c.ToAlong)
	}
	// Output:
	// wood: 2.0 in inside, target 2.0 in deep
}
