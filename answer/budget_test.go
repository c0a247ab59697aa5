package answer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// hostileFile is a table of 16 circles of 4,096 vertices and n path
// queries across it: each query needs more than the engine's default
// work limit (docs/movement.md, "Bounded work").
func hostileFile(t testing.TB, n int) *scenario.File {
	t.Helper()
	var terrain []map[string]any
	for i := range 4 {
		for j := range 4 {
			cx, cy := 14+12*float64(i), 6+12*float64(j)
			var fp [][2]float64
			for k := range 4096 {
				a := 2 * math.Pi * float64(k) / 4096
				fp = append(fp, [2]float64{cx + 5*math.Cos(a), cy + 5*math.Sin(a)})
			}
			terrain = append(terrain, map[string]any{"id": fmt.Sprintf("c%d", 4*i+j), "kind": "solid", "footprint": fp,
				"height": 2, "sight": "blocking", "cover": "hard", "movement": "impassable"})
		}
	}
	var queries []map[string]any
	for k := range n {
		queries = append(queries, map[string]any{"id": fmt.Sprintf("p%d", k), "kind": "path", "model": "m", "to": []float64{70, 46}})
	}
	doc := map[string]any{"sightline": 1, "table": map[string]any{"width": 72, "depth": 48}, "terrain": terrain,
		"models": []map[string]any{{"id": "m", "side": "a", "squad": "a", "class": "infantry", "position": []float64{2, 2},
			"base": map[string]any{"shape": "circle", "diameter": 1}}},
		"queries": queries}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.DecodeBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestHostileFileWithinBudget: a hostile file fails cleanly within a
// budget counted in operations (no wall-clock assertion): the query stops
// with budget.ErrExceeded having charged at most the limit plus one batch.
func TestHostileFileWithinBudget(t *testing.T) {
	f := hostileFile(t, 1)
	g, err := rulesets.Lookup(f.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 5_000_000
	b := budget.Ops(limit)
	_, err = g.AnswerWithin(f, opt, &f.Queries[0], b)
	if !errors.Is(err, budget.ErrExceeded) {
		t.Fatalf("AnswerWithin = %v, want budget.ErrExceeded", err)
	}
	if b.Used() > limit+budget.Every+1<<20 {
		t.Errorf("charged %d operations, limit %d: the check came too late", b.Used(), limit)
	}
	t.Logf("%v", err)
}

// TestRunContextStops: once the context is done every query left fails
// with budget.ErrExceeded and the context's error, none is computed.
func TestRunContextStops(t *testing.T) {
	f := hostileFile(t, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	answers, errs := RunContext(ctx, f)
	if len(answers) != 3 || len(errs) != 3 {
		t.Fatalf("%d answers and %d errors, want 3 and 3", len(answers), len(errs))
	}
	for _, err := range errs {
		if !errors.Is(err, budget.ErrExceeded) || !errors.Is(err, context.Canceled) {
			t.Errorf("error %v, want budget.ErrExceeded and context.Canceled", err)
		}
	}
}
