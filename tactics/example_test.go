package tactics_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/tactics"
	"github.com/sightline/sightline/terrain"
)

// A tank behind a 4 in tall house must drive round its corner to see a
// scout on the far side; the scout then steps behind the house again.
func ExampleGainSight() {
	house := terrain.Piece{ID: "house", Kind: terrain.Solid, Height: 4, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(9, 8), geom.Pt(15, 8), geom.Pt(15, 14), geom.Pt(9, 14)),
		Sight:     terrain.SightBlocking, Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Impassable}}
	tank := terrain.Model{ID: "tank", Side: "red", Class: terrain.Vehicle, Position: geom.Pt(5, 11), Level: 1,
		Hull: terrain.Hull{Length: 2, Width: 1.2, Height: 0.8}}
	scout := terrain.Model{ID: "scout", Side: "blue", Class: terrain.Infantry, Position: geom.Pt(19, 11), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}}
	bf, err := terrain.New(terrain.Table{Width: 24, Depth: 24}, []terrain.Piece{house}, []terrain.Model{tank, scout})
	if err != nil {
		fmt.Println(err)
		return
	}
	rt := movement.NewRouter(bf)
	a, _ := tactics.GainSight(rt, tactics.GainRequest{Move: tactics.Move{Model: "tank", Allowance: 8}, Target: "scout"})
	fmt.Printf("tank: found %v, cost %.2f in, sightline clear %v\n", a.Found, a.Route.Cost, a.Proof[0].Clear)
	far, _ := tactics.GainSight(rt, tactics.GainRequest{Move: tactics.Move{Model: "tank", Allowance: 2}, Target: "scout"})
	fmt.Printf("with 2 in: found %v, exhausted %v\n", far.Found, far.Exhausted)
	// Output:
	// tank: found true, cost 7.73 in, sightline clear true
	// with 2 in: found false, exhausted false
}
