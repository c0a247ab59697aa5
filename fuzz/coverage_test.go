package fuzz

import (
	"encoding/json"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// TestGeneratorReachesQueries: nearly every recipe gives a valid file
// whose queries are answered, and the bases cover every kind of every
// registered ruleset: a newly registered kind fails here until a base
// (testdata/bases/<game>.json) asks it.
func TestGeneratorReachesQueries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 200
	valid, queries, answered := 0, 0, 0
	for range n {
		data := make([]byte, 2+rng.IntN(40))
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		g := generate(data)
		if g == nil {
			continue
		}
		valid++
		answers, _ := answer.Run(g.file)
		for _, a := range answers {
			queries++
			if a.Err == nil {
				answered++
			}
		}
	}
	t.Logf("%d of %d recipes valid; %d of %d queries answered", valid, n, answered, queries)
	if valid < n*9/10 || answered < queries*8/10 {
		t.Errorf("%d of %d recipes valid, %d of %d queries answered: want 90%% and 80%%", valid, n, answered, queries)
	}
	covered := map[string]map[string]bool{}
	for _, b := range loadBases() {
		rs, _ := b.doc["ruleset"].(string)
		if rs == "" {
			rs = rulesets.BaseName
		}
		if covered[rs] == nil {
			covered[rs] = map[string]bool{}
		}
		qs, _ := b.doc["queries"].([]any)
		for _, q := range qs {
			k, _ := q.(map[string]any)["kind"].(string)
			covered[rs][k] = true
		}
	}
	var missing []string
	for _, name := range rulesets.Names() {
		g, _ := rulesets.Lookup(name)
		for _, k := range g.KindNames() {
			if !covered[name][k] {
				missing = append(missing, name+"/"+k)
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("kinds with no base query (add one to testdata/bases/<game>.json): %v", missing)
	}
}

// TestBasesAnswered: every query of the files in testdata/bases is
// answered as the file stands, so a base keeps reaching its kind's answer
// (not only its error path) when the kind's request changes.
func TestBasesAnswered(t *testing.T) {
	n := 0
	for _, b := range loadBases() {
		if !strings.HasPrefix(b.name, "testdata/bases/") {
			continue
		}
		n++
		raw, err := json.Marshal(b.doc)
		if err != nil {
			t.Fatal(err)
		}
		f, err := scenario.DecodeBytes(raw)
		if err != nil {
			t.Errorf("%s: %v", b.name, err)
			continue
		}
		if _, errs := answer.Run(f); len(errs) > 0 {
			t.Errorf("%s: %d of %d queries not answered: %v", b.name, len(errs), len(f.Queries), errs)
		}
	}
	if n < 4 {
		t.Errorf("%d files in testdata/bases, want the 4 games' at least", n)
	}
}
