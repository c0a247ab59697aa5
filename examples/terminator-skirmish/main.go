// Command terminator-skirmish adjudicates a short situation of the
// Terminator-themed skirmish game with Sightline: a resistance patrol
// meets the machines; a rifleman shoots a staggering endoskeleton in melee
// range, a grenade is vetoed because it would hit a friend, the leader's
// command range reaches two riflemen, and a crawler is stopped by a fence.
// The reference sheet gives no lengths, so the scenario spells out every
// template and range in its options. Run it with
//
//	go run ./examples/terminator-skirmish
package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/sightline/sightline/rulesets/terminator"
	"github.com/sightline/sightline/scenario"
)

//go:embed scenario.json
var scenarioJSON []byte

func main() {
	f, err := scenario.DecodeBytes(scenarioJSON)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println(f.Name)
	opt, err := terminator.Game.ParseOptions(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := terminator.Game.Answer(f, opt, q)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("\n[%s] %s\n", q.ID, r.Explanation)
	}
}
