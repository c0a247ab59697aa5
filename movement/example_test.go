package movement_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

func square(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1))
}

// A point detours around an impassable square: (10,10) → (12,11) →
// (14,11) → (16,10) = 2√5 + 2.
func ExampleShortestPathFrom() {
	rock := terrain.Piece{ID: "rock", Kind: terrain.Solid, Footprint: square(12, 9, 14, 11), Height: 2,
		Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1}
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, []terrain.Piece{rock}, nil)
	r, _ := movement.ShortestPathFrom(bf, geom.Pt(10, 10), geom.Pt(16, 10), 0, terrain.Infantry, movement.RouteOptions{})
	fmt.Printf("%.6f %v\n", r.Length, r.Path)
	// Output: 6.472136 [[10 10] [12 11] [14 11] [16 10]]
}

// With difficult terrain counting double, 2 in of open ground and 2.5 in
// of difficult terrain cost 7 in.
func ExampleCheckPath() {
	wood := terrain.Piece{ID: "wood", Kind: terrain.Area, Footprint: square(12, 5, 20, 15),
		Sight: terrain.SightConcealing, Cover: terrain.CoverSoft, Movement: terrain.MovementRule{Default: terrain.Difficult}, Level: 1}
	tank := terrain.Model{ID: "tank", Side: "ucm", Class: terrain.Vehicle, Position: geom.Pt(10, 10),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1}
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, []terrain.Piece{wood}, []terrain.Model{tank})
	res, _ := movement.CheckPath(bf, "tank", []geom.Point{geom.Pt(10, 10), geom.Pt(14.5, 10)}, movement.PathOptions{Budget: 6})
	fmt.Println(res.Explain())
	// Output: tank moves 4.500 in (cost 7.000 in, 2.500 in in difficult terrain, allowance 6.000 in): illegal, the move costs 7.000 in but only 6.000 in are allowed at (14.500, 10.000), 4.500 in along the path.
}

// With a 6 in chain, stands 6.5 in apart split the squadron into two
// chains.
func ExampleCoherency() {
	var ms []terrain.Model
	for i, x := range []float64{10, 15, 20, 26.5, 30} {
		ms = append(ms, terrain.Model{ID: fmt.Sprint("s", i), Side: "a", Squad: "wing", Class: terrain.Ship,
			Position: geom.Pt(x, 10), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1})
	}
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, ms)
	res, _ := movement.Coherency(bf, "wing", movement.CoherencyRule{Chain: 6})
	fmt.Println(res.Explain())
	// Output: Squad wing is not coherent: s3-s2 is 6.500 in (limit 6.000); must close up: s3, s4.
}

// A ship allowed one turn of at most 45° before and one after a single
// straight move turns 45°, moves 6 in and turns 45° again.
func ExampleCheckTurns() {
	rules := movement.TurnRules{MaxTurn: 45, TurnsBefore: 1, TurnsAfter: 1, MaxMoves: 1, MinStraight: 3, MaxStraight: 6, NoReverse: true}
	res, _ := movement.CheckTurns(movement.TurnPlan{Facing: 90, Steps: []movement.TurnStep{{Turn: -45}, {Move: 6}, {Turn: -45}}}, rules)
	fmt.Println(res.Explain())
	// Output: 2 turns totalling 90.0° and 6.000 in straight cost 6.000 in, ending at (4.243, 4.243) facing 0.0°: legal.
}
