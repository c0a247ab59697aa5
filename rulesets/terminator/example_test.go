package terminator_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets/terminator"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// A rifleman fires an assault rifle at an endoskeleton whose base is 18 in
// from his: with short range 12 in and long range 24 in (the sheet gives
// no lengths; the players agreed on these), it is the long band: 6+ to
// hit, one shot (Halbautomatisch), and a cover roll only if the target
// does not stand in the open.
func ExampleCheckShot() {
	base := terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, []terrain.Model{
		{ID: "rifle", Side: "resistance", Class: terrain.Infantry, Position: geom.Pt(10, 10), Base: base, Hull: terrain.Hull{Height: 1.2}, Level: 1},
		{ID: "endo", Side: "machines", Class: terrain.Infantry, Position: geom.Pt(29, 10), Base: base, Hull: terrain.Hull{Height: 1.4}, Level: 1},
	})
	in := func(v float64) *scenario.Length { l := scenario.Length(v); return &l }
	opt := terminator.DefaultOptions()
	opt.Templates.Melee = &terminator.Template{Shape: "stick", Length: in(1)}
	opt.Templates.Walk = &terminator.Template{Length: in(6)}
	opt.ShortRange, opt.LongRange = in(12), in(24)
	w, _ := terminator.BuiltinWeapon("Sturmgewehr")
	v, r, _ := terminator.CheckShot(bf, "rifle", "endo", w, opt)
	fmt.Println(v.Legal, r.Distance, r.Band, r.HitOn, *r.Rate, r.CoverRoll)
	// Output:
	// true 18 long 6 1 false
}
