// Command firestorm-taskforce adjudicates a Firestorm: Taskforce turn with
// Sightline: a squadron of three Velites cruisers advances, one tries to
// swing round too far for its rank, and they fire their mass drivers
// through a nebula at a Perseus cruiser half hidden behind a moon. Run it
// with
//
//	go run ./examples/firestorm-taskforce
package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/sightline/sightline/rulesets/firestorm"
	_ "github.com/sightline/sightline/rulesets/generic" // the generic kinds (range) every game inherits
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
	opt, err := firestorm.Game.ParseOptions(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := firestorm.Game.Answer(f, opt, q)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("\n[%s] %s\n", q.ID, r.Explanation)
	}
}
