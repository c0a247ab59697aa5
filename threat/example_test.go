package threat_test

import (
	"context"
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
	"github.com/sightline/sightline/threat"
)

// One observer west of a wall: the cells east of the wall it cannot see
// are its shadow ("."), cells the target cannot stand on are "#".
func ExampleCompute() {
	wall := terrain.Piece{ID: "wall", Kind: terrain.Solid, Height: 3, Level: 1, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Impassable},
		Footprint: geom.Polygon{Outer: []geom.Point{geom.Pt(4, 3), geom.Pt(5, 3), geom.Pt(5, 5), geom.Pt(4, 5)}}}
	fig := func(id string, x, y float64) terrain.Model {
		return terrain.Model{ID: id, Side: id, Class: terrain.Infantry, Position: geom.Pt(x, y), Level: 1,
			Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 0.5}, Hull: terrain.Hull{Height: 1}}
	}
	bf, err := terrain.New(terrain.Table{Width: 8, Depth: 8}, []terrain.Piece{wall},
		[]terrain.Model{fig("scout", 1.5, 4), fig("runner", 7, 7)})
	if err != nil {
		fmt.Println(err)
		return
	}
	runner, _ := bf.Model("runner")
	m, err := threat.Compute(context.Background(), bf, *runner, []string{"scout"}, threat.Options{Resolution: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for j := m.NY - 1; j >= 0; j-- {
		row := ""
		for i := range m.NX {
			switch c := m.Cells[j*m.NX+i]; {
			case !c.Standable:
				row += "#"
			case c.Seen == 0:
				row += "."
			default:
				row += "o"
			}
		}
		fmt.Println(row)
	}
	// Output:
	// oooooooo
	// oooooooo
	// oooooo..
	// o#oo#...
	// o#oo#...
	// oooooo..
	// oooooooo
	// oooooooo
}
