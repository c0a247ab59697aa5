package rulesets_test

import (
	"fmt"

	"github.com/sightline/sightline/rulesets"
)

// ExampleVerdict builds a verdict the way a game's CheckShot does: each
// decision with the clause behind it, then the modifiers.
func ExampleVerdict() {
	v := rulesets.NewVerdict()
	v.Measure("range", 21.36, "in")
	v.Allow("DZC-23", "range %.2f in is within %g in", 21.36, 24.0)
	v.Allow("DZC-18", "23 %% of the hull is visible: the target is in cover")
	v.Modify(rulesets.Modifier{Name: "cover", Clause: "DZC-18", Value: 2})
	fmt.Println(v.Legal)
	fmt.Println(v.Paragraph())
	// Output:
	// true
	// Legal. DZC-23 (ok): range 21.36 in is within 24 in. DZC-18 (ok): 23 % of the hull is visible: the target is in cover. Modifiers: cover +2 [DZC-18].
}
