package rulesets_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/threat"
)

// TestThreatLegalShotsEqualShots: a threat query with a shot counts, in
// each cell, the observers whose shot query, asked with the model standing
// at the cell's centre, answers legal.
func TestThreatLegalShotsEqualShots(t *testing.T) {
	f := load(t, "testdata/every-kind.json", func(s string) string {
		return strings.Replace(s, `{"id": "threat", "kind": "threat", "model": "guard", "side": "red", "resolution": 3, "range": 24}`,
			`{"id": "threat", "kind": "threat", "model": "guard", "side": "red", "resolution": 2, "range": 24, "shot": {"weapon": {"range": 16}}}`, 1)
	})
	g, err := rulesets.Lookup(f.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	var q *scenario.Query
	for i := range f.Queries {
		if f.Queries[i].ID == "threat" {
			q = &f.Queries[i]
		}
	}
	r, err := g.Answer(f, opt, q)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := r.Get("legal")
	legal := v.([][]float64)
	v, _ = r.Get("observers")
	obs := v.([]string)
	bf := f.Battlefield()
	shot, _ := g.Kind("shot")
	env := &rulesets.Env{Battlefield: bf, Options: opt, Units: f.Units, Game: g, Path: "test"}
	rng := rand.New(rand.NewPCG(1, 2))
	checked, some := 0, 0
	guard, _ := bf.Model("guard")
	for range 40 {
		j, i := rng.IntN(len(legal)), rng.IntN(len(legal[0]))
		if legal[j][i] < 0 {
			continue
		}
		moved, err := bf.MoveModel("guard", (&threat.Map{Res: 2, NX: len(legal[0]), NY: len(legal)}).Centre(i, j), guard.Facing)
		if err != nil {
			t.Fatalf("cell (%d, %d): %v", i, j, err)
		}
		n := 0
		for _, o := range obs {
			run, err := shot.Prepare(env, []byte(`{"shooter": "`+o+`", "target": "guard", "weapon": {"range": 16}}`), "test")
			if err != nil {
				t.Fatal(err)
			}
			a, err := run(moved)
			if err != nil {
				t.Fatal(err)
			}
			if l, _ := a.Get("legal"); l == true {
				n++
			}
		}
		if float64(n) != legal[j][i] {
			t.Errorf("cell (%d, %d): legal = %v, want %d", i, j, legal[j][i], n)
		}
		checked++
		if n > 0 {
			some++
		}
	}
	if checked < 10 || some == 0 {
		t.Errorf("%d cells checked, %d with a legal shot: the test proves little", checked, some)
	}
}

// TestThreatKindWithinBudget: the threat kind charges the query's budget
// one operation per observer-cell evaluation. The every-kind table is 36 x
// 24 in, at 3 in 12 x 8 cells, seen by the 3 red models other than the
// guard: 288 evaluations. A budget of 288 answers, one of 287 stops with
// budget.ErrExceeded and threat.ErrBudget (no map), and a done context
// stops the kind run directly (past Game.Answer's own look at the budget).
func TestThreatKindWithinBudget(t *testing.T) {
	f := load(t, "testdata/every-kind.json", func(s string) string { return s })
	g, err := rulesets.Lookup(f.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	var q *scenario.Query
	for i := range f.Queries {
		if f.Queries[i].ID == "threat" {
			q = &f.Queries[i]
		}
	}
	const want = 12 * 8 * 3
	b := budget.Ops(want)
	if _, err := g.AnswerWithin(f, opt, q, b); err != nil {
		t.Fatalf("a budget of %d: %v", want, err)
	}
	if b.Used() != want {
		t.Errorf("charged %d operations, want %d", b.Used(), want)
	}
	_, err = g.AnswerWithin(f, opt, q, budget.Ops(want-1))
	if !errors.Is(err, budget.ErrExceeded) || !errors.Is(err, threat.ErrBudget) || !strings.Contains(err.Error(), "queries[") {
		t.Errorf("a budget of %d: %v, want budget.ErrExceeded and threat.ErrBudget at the query's path", want-1, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	k, _ := g.Kind("threat")
	env := &rulesets.Env{Battlefield: f.Battlefield(), Options: opt, Units: "in", Game: g, Path: "test", Kind: "threat",
		Budget: budget.New(ctx, 0)}
	run, err := k.Prepare(env, []byte(`{"model": "guard", "side": "red", "resolution": 3}`), "test")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := run(f.Battlefield()); !errors.Is(err, budget.ErrExceeded) || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v, want budget.ErrExceeded and context.Canceled", err)
	}
}
