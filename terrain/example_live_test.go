package terrain_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// A client dragging a model builds a new battlefield per frame; the old
// one stays valid and shares everything the move did not change.
func ExampleBattlefield_MoveModel() {
	tank := terrain.Model{ID: "tank", Side: "red", Class: terrain.Vehicle, Position: geom.Pt(5, 5), Level: 1,
		Hull: terrain.Hull{Length: 3, Width: 2, Height: 1.5}}
	hill := terrain.Piece{ID: "hill", Kind: terrain.Solid, Height: 1, Level: 2, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Open},
		Footprint: geom.Polygon{Outer: []geom.Point{geom.Pt(10, 10), geom.Pt(20, 10), geom.Pt(20, 20), geom.Pt(10, 20)}}}
	bf, err := terrain.New(terrain.Table{Width: 24, Depth: 24}, []terrain.Piece{hill}, []terrain.Model{tank})
	if err != nil {
		fmt.Println(err)
		return
	}
	moved, err := bf.MoveModel("tank", geom.Pt(15, 15), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	before, _ := bf.Model("tank")
	after, _ := moved.Model("tank")
	fmt.Printf("before: at (%g, %g), ground %g, level %d\n", before.Position.X, before.Position.Y, before.Ground(), before.Level)
	fmt.Printf("after: at (%g, %g), ground %g, level %d\n", after.Position.X, after.Position.Y, after.Ground(), after.Level)
	// Output:
	// before: at (5, 5), ground 0, level 1
	// after: at (15, 15), ground 1, level 2
}
