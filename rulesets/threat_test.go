package rulesets_test

import (
	"math/rand/v2"
	"strings"
	"testing"

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
