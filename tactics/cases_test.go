package tactics

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/terrain"
)

// refTable returns the reference table (seed 1, terrain.DefaultGenerate).
func refTable(t testing.TB) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

// refCase is one random question on a table: a mover, a target and
// observers.
type refCase struct {
	mover, target string
	observers     []string
}

// randomCases returns n cases whose mover is a ground model of class
// (any class when ""), and targets/observers non-airborne, non-garrisoned
// models, drawn with a fixed seed.
func randomCases(bf *terrain.Battlefield, class terrain.Class, n int, seed uint64) []refCase {
	rng := rand.New(rand.NewPCG(seed, 99))
	var movers, others []string
	for _, m := range bf.Models() {
		if m.Airborne() || m.Garrison != nil {
			continue
		}
		others = append(others, m.ID)
		if class == "" || m.Class == class {
			movers = append(movers, m.ID)
		}
	}
	var out []refCase
	for len(out) < n {
		c := refCase{mover: movers[rng.IntN(len(movers))]}
		for c.target == "" || c.target == c.mover {
			c.target = others[rng.IntN(len(others))]
		}
		for k := 1 + rng.IntN(3); len(c.observers) < k; {
			o := others[rng.IntN(len(others))]
			if o != c.mover {
				c.observers = append(c.observers, o)
			}
		}
		out = append(out, c)
	}
	return out
}
