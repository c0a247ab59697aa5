package tactics

import (
	"fmt"
	"os"
	"testing"

	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

func TestProfCases(t *testing.T) {
	if os.Getenv("SIGHTLINE_PROF") == "" {
		t.Skip()
	}
	bf := refTable(t)
	cases := randomCases(bf, terrain.Vehicle, 100, 1)
	rt := movement.NewRouter(bf)
	for i, c := range cases {
		mv := Move{Model: c.mover, Allowance: 12}
		t0 := threadCPU()
		var a Answer
		if os.Getenv("SIGHTLINE_PROF") == "break" {
			a, _ = BreakSight(rt, BreakRequest{Move: mv, Observers: c.observers})
		} else {
			a, _ = GainSight(rt, GainRequest{Move: mv, Target: c.target})
		}
		if d := threadCPU() - t0; d.Milliseconds() > 30 {
			fmt.Println(i, c, d, a.Found, a.Route.Cost, a.Tests, a.Work, len(a.Searched))
		}
	}
}
