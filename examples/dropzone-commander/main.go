// Command dropzone-commander adjudicates a short Dropzone Commander
// situation with Sightline: a Sabre squad firing at a Scourge tank half
// hidden behind a building, a Condor dropship landing near enemy infantry,
// and a garrison firing from a window. Run it with
//
//	go run ./examples/dropzone-commander
package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/sightline/sightline/rulesets/dropzone"
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
	opt, err := dropzone.Game.ParseOptions(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := dropzone.Game.Answer(f, opt, q)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("\n[%s] %s\n", q.ID, r.Explanation)
	}
}
