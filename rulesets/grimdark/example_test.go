package grimdark_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets/grimdark"
	"github.com/sightline/sightline/terrain"
)

// A three-model squad fires its 12 in rifles at a lone enemy: the models
// 10.5 and 12 in from its base (edge to edge) fire, the one 13.5 in away
// does not.
func ExampleCheckShot() {
	base := terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}
	hull := terrain.Hull{Height: 1}
	at := func(id, squad, side string, x float64) terrain.Model {
		return terrain.Model{ID: id, Squad: squad, Side: side, Class: terrain.Infantry, Level: 1, Position: geom.Pt(x, 10), Base: base, Hull: hull}
	}
	bf, _ := terrain.New(terrain.Table{Width: 72, Depth: 48}, nil, []terrain.Model{
		at("s1", "squad", "red", 10), at("s2", "squad", "red", 8.5), at("s3", "squad", "red", 7), at("t", "", "blue", 21.5),
	})
	v, r, _ := grimdark.CheckShot(bf, "squad", "t", grimdark.Weapon{Name: "rifle", Range: 12}, nil, grimdark.DefaultOptions())
	fmt.Println(v.Legal, r.Firing)
	for _, m := range r.Models {
		fmt.Println(m.ID, m.Distance, m.Fires)
	}
	// Output:
	// true [s1 s2]
	// s1 10.5 true
	// s2 12 true
	// s3 13.5 false
}

// GF-06 needs no connected chain (Errata 3): two close pairs 6 in apart
// are coherent while every model stays within 9 in of all others.
func ExampleCheckCoherency() {
	base := terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}
	var ms []terrain.Model
	for i, x := range []float64{10, 11.9, 17.9, 19.8} {
		ms = append(ms, terrain.Model{ID: fmt.Sprintf("m%d", i), Squad: "u", Class: terrain.Infantry, Level: 1, Position: geom.Pt(x, 10), Base: base})
	}
	bf, _ := terrain.New(terrain.Table{Width: 72, Depth: 48}, nil, ms)
	v, r, _ := grimdark.CheckCoherency(bf, "u", grimdark.DefaultOptions())
	fmt.Println(v.Legal, len(r.Coherency.Groups))
	// Output:
	// true 2
}
