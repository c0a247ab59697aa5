package tactics

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline/internal/cputime"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// TestSpeedDistribution prints the CPU time distribution (the calling thread's) of GainSight and
// BreakSight for a vehicle with a 12 in allowance over 100 random cases
// of the reference table when SIGHTLINE_SPEED is set (no timed
// assertion: the machine is shared), twice: "cold" builds a new Router
// per case, as a query of a scenario file runs (rulesets/generic), and
// "warm" shares one Router across the question's cases. Run:
//
//	SIGHTLINE_SPEED=1 go test ./tactics -run SpeedDistribution -v -count=1 -cpu 1
func TestSpeedDistribution(t *testing.T) {
	if os.Getenv("SIGHTLINE_SPEED") == "" {
		t.Skip("set SIGHTLINE_SPEED=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	bf := refTable(t)
	cases := randomCases(bf, terrain.Vehicle, 100, 1)
	for _, run := range []struct {
		kind string
		cold bool
	}{{"gain", true}, {"break", true}, {"gain-fraction", true}, {"gain", false}, {"break", false}, {"gain-fraction", false}} {
		kind := run.kind
		rt := movement.NewRouter(bf)
		var ds []time.Duration
		found, exhausted := 0, 0
		for _, c := range cases {
			mv := Move{Model: c.mover, Allowance: 12}
			t0, _ := cputime.Thread()
			if run.cold {
				rt = movement.NewRouter(bf)
			}
			var a Answer
			var err error
			switch kind {
			case "gain":
				a, err = GainSight(rt, GainRequest{Move: mv, Target: c.target})
			case "gain-fraction":
				a, err = GainSight(rt, GainRequest{Move: mv, Target: c.target, Fraction: 0.5})
			default:
				a, err = BreakSight(rt, BreakRequest{Move: mv, Observers: c.observers})
			}
			t1, _ := cputime.Thread()
			ds = append(ds, t1-t0)
			if err != nil {
				t.Fatalf("%s %+v: %v", kind, c, err)
			}
			if a.Found {
				found++
			}
			if a.Exhausted {
				exhausted++
			}
		}
		slices.Sort(ds)
		under := 0
		for _, d := range ds {
			if d < 50*time.Millisecond {
				under++
			}
		}
		router := "warm"
		if run.cold {
			router = "cold"
		}
		fmt.Printf("%s %s: found %d/100 exhausted %d  min %v p50 %v p90 %v p95 %v p99 %v max %v; %d under 50 ms\n", router, kind, found, exhausted,
			ds[0], ds[50], ds[90], ds[95], ds[98], ds[len(ds)-1], under)
	}
}
