package dropzone_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets/dropzone"
	"github.com/sightline/sightline/terrain"
)

// A Sabre that moved 3 in fires its Avenger railgun at an enemy tank
// 14 in away with active countermeasures (R(A) 24 in).
func ExampleCheckShot() {
	hull := terrain.Hull{Length: 2, Width: 1, Height: 1}
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, []terrain.Model{
		{ID: "sabre", Side: "ucm", Class: terrain.Vehicle, Position: geom.Pt(10, 10), Hull: hull, Level: 1},
		{ID: "hunter", Side: "scourge", Class: terrain.Vehicle, Position: geom.Pt(24, 10), Hull: hull, Level: 1},
	})
	opt := dropzone.DefaultOptions()
	opt.Units = map[string]dropzone.Unit{"sabre": {Bw: 4, Moved: 3}, "hunter": {GM: "A"}}
	railgun, _ := dropzone.BuiltinWeapon("Avenger Railgun")
	v, _ := dropzone.CheckShot(bf, "sabre", "hunter", railgun, opt)
	fmt.Println(v.Legal)
	for _, m := range v.Measures {
		if m.Name == "range" || m.Name == "maxRange" {
			fmt.Println(m.Name, m.Value)
		}
	}
	// Output:
	// true
	// range 14
	// maxRange 24
}
