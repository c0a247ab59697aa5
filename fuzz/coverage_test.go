package fuzz

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/rulesets"
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
