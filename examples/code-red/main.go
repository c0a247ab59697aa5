// Command code-red adjudicates a short Code Red situation: a squad seeing
// into a wood, an elevated unit near its level edge, smoke blocking a
// machine gun, a new smoke screen cutting a line of sight, a charge that
// gains sight along its path, and a mortar that scatters and blasts. Run it with `go run ./examples/code-red`.
package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/sightline/sightline/rulesets/codered"
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
	opt, err := codered.Game.ParseOptions(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		res, err := codered.Game.Answer(f, opt, q)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("[%s] %s\n\n", q.ID, res.Explanation)
	}
}
