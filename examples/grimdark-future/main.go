// Command grimdark-future adjudicates a short Grimdark Future situation
// with Sightline: a five-model squad firing at a unit with three of its
// five models in a wood (cover by majority, and Blast ignoring it), a
// charge that stops short of contact it could reach and one that ends in
// base contact, a coherency check and an objective marker at the end of
// the round. Run it with
//
//	go run ./examples/grimdark-future
package main

import (
	_ "embed"
	"fmt"
	"os"

	_ "github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/rulesets/grimdark"
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
	opt, err := grimdark.Game.ParseOptions(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := grimdark.Game.Answer(f, opt, q)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("\n[%s] %s\n", q.ID, r.Explanation)
	}
}
