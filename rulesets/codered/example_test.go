package codered_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets/codered"
	"github.com/sightline/sightline/terrain"
)

// A squad 10" west of a wood sees a target 1.5" inside it (CR-13, Abb. 1).
func ExampleCheckShot() {
	wood := terrain.Piece{ID: "wood", Kind: terrain.Area, Footprint: geom.PolygonFromPoints(
		geom.Pt(10, 0), geom.Pt(20, 0), geom.Pt(20, 10), geom.Pt(10, 10)),
		Sight: terrain.SightConcealing, Cover: terrain.CoverHard, Level: 1}
	bf, err := terrain.New(terrain.Table{Width: 30, Depth: 20}, []terrain.Piece{wood}, []terrain.Model{
		{ID: "blue", Side: "b", Class: terrain.Infantry, Position: geom.Pt(0, 5), Level: 1},
		{ID: "red", Side: "r", Class: terrain.Infantry, Position: geom.Pt(11.5, 5), Level: 1, Facing: geom.Degrees(180)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := codered.CheckShot(bf, "blue", "red", codered.Weapon{Name: "rifles"}, codered.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Legal)
	for _, m := range v.Modifiers {
		fmt.Println(m.Name, m.Value)
	}
	// Output:
	// true
	// cover 1
}

// A class-2 mortar rolls 9: it deviates 5" (CR-39); bearing 90° is east (CR-40).
func ExampleScatter() {
	dev, _, _ := codered.Deviation(2, 9)
	p := codered.Scatter(geom.Pt(10, 10), dev, 90, codered.DefaultOptions())
	fmt.Printf("%g (%.1f, %.1f)\n", dev, p.X, p.Y)
	// Output: 5 (15.0, 10.0)
}
