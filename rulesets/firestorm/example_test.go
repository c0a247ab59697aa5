package firestorm_test

import (
	"fmt"

	"github.com/sightline/sightline/rulesets"
	_ "github.com/sightline/sightline/rulesets/firestorm"
	"github.com/sightline/sightline/scenario"
)

// A cruiser fires its front mass driver through a gas cloud at a frigate
// 16 in away: effective range, in the front arc, 7 dice halved to 3.
func Example() {
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "ruleset": "firestorm-taskforce",
	  "table": {"width": 48, "depth": 48},
	  "terrain": [{"id": "nebula", "kind": "gas", "circle": {"center": [24, 16], "radius": 2},
	    "sight": "clear", "cover": "none", "movement": "open"}],
	  "models": [
	    {"id": "velites", "class": "ship", "position": [24, 8], "facing": 90, "base": {"shape": "circle", "diameter": 1.5}},
	    {"id": "perseus", "class": "ship", "position": [24, 24], "base": {"shape": "circle", "diameter": 1.5}}],
	  "queries": [{"id": "fire", "kind": "shot", "shooter": "velites", "target": "perseus",
	    "weapon": {"name": "mass driver", "class": "Massebeschleuniger", "arc": "F", "kr": 9, "er": 7, "lr": 4}}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := rulesets.Lookup(f.Ruleset)
	opt, err := g.ParseOptions(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := g.Answer(f, opt, &f.Queries[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"legal", "range", "band", "arc", "crossed", "dice", "diceAfter"} {
		v, _ := r.Get(name)
		fmt.Printf("%s: %v\n", name, v)
	}
	fmt.Println(r.Explanation)
	// Output:
	// legal: true
	// range: 16
	// band: ER
	// arc: F
	// crossed: [nebula]
	// dice: 7
	// diceAfter: 3
	// Legal. FT-04 (ok): 16.00 in from velites's stand to perseus's nearest stand: ER band, 7 dice. FT-06 (ok): perseus bears 0.0° clockwise from velites's bow, in its F arc; weapon arc F allows it. FT-07 (ok): the line between the stands meets no occupied area. FT-18 (ok): the line runs 4.00 in through gas nebula: 7 dice halved to 3. Modifiers: range band ER +7 [FT-04], dice halved [FT-18].
}
