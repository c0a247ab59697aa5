package generic_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/rulesets"
	_ "github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// tacticsFile returns testdata/tactics.json with its queries replaced.
func tacticsFile(t *testing.T, queries string) *scenario.File {
	t.Helper()
	b, err := os.ReadFile("testdata/tactics.json")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	if queries != "" {
		src = src[:strings.Index(src, `"queries"`)] + `"queries": [` + queries + `]}`
	}
	f, err := scenario.DecodeBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// answer runs every query of f under the generic game.
func answer(t *testing.T, f *scenario.File) ([]rulesets.Result, []error) {
	t.Helper()
	g, err := rulesets.Lookup(rulesets.BaseName)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	var rs []rulesets.Result
	var errs []error
	for i := range f.Queries {
		r, err := g.Answer(f, opt, &f.Queries[i])
		rs, errs = append(rs, r), append(errs, err)
	}
	return rs, errs
}

// TestTacticsAnswers runs testdata/tactics.json: the tank must go round
// the house to see the scout, the scout hides behind it from the gun.
func TestTacticsAnswers(t *testing.T) {
	f := tacticsFile(t, "")
	rs, errs := answer(t, f)
	want := map[string]bool{"gain": true, "gain-half": false, "gain-shot": true, "gain-far": false, "hide": true}
	for i, q := range f.Queries {
		if errs[i] != nil {
			t.Fatalf("%s: %v", q.ID, errs[i])
		}
		if w, ok := want[q.ID]; ok {
			got, _ := rs[i].Get("reachable")
			if got != w {
				t.Errorf("%s: reachable = %v, want %v (%s)", q.ID, got, w, rs[i].Explanation)
			}
		}
		if len(rs[i].Picture.Parts) == 0 || rs[i].Explanation == "" {
			t.Errorf("%s: no picture or explanation", q.ID)
		}
	}
}

// TestTacticsErrors: bad input names the field.
func TestTacticsErrors(t *testing.T) {
	tests := []struct{ query, want string }{
		{`{"id": "q", "kind": "gain-sight", "model": "nobody", "target": "scout", "allowance": 4}`, `queries[0].model: no model "nobody"`},
		{`{"id": "q", "kind": "gain-sight", "model": "tank", "target": "nobody", "allowance": 4}`, `queries[0].target: no other model "nobody"`},
		{`{"id": "q", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": -1}`, `queries[0].allowance: -1 is not a length`},
		{`{"id": "q", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": 4, "fraction": 1.5}`, `queries[0].fraction: 1.5 is not a fraction in [0, 1]`},
		{`{"id": "q", "kind": "break-sight", "model": "scout", "observers": ["gun", "ghost"], "allowance": 4}`, `queries[0].observers[1]: no other model "ghost"`},
		{`{"id": "q", "kind": "break-sight", "model": "scout", "observers": ["gun"], "allowance": 4, "fraction": -0.1}`, `queries[0].fraction: -0.1`},
		{`{"id": "q", "kind": "break-sight", "model": "scout", "observers": [], "allowance": 4}`, `queries[0].observers: want at least one`},
		{`{"id": "q", "kind": "safe-spots", "model": "scout", "observers": ["gun"], "allowance": 4, "cell": 0.01}`, `queries[0].cell: 0.01`},
		{`{"id": "q", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": 4, "facing": "up"}`, `queries[0].facing: "up"`},
		{`{"id": "q", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": 4, "maxWork": -1}`, `queries[0].maxWork: -1 is not an operation count`},
		{`{"id": "q", "kind": "break-sight", "model": "scout", "observers": ["gun"], "allowance": 4, "maxWork": 1000000000}`, `queries[0].maxWork: 1000000000 is not an operation count`},
		{`{"id": "q", "kind": "safe-spots", "model": "scout", "observers": ["gun"], "allowance": 4, "maxWork": -5}`, `queries[0].maxWork: -5`},
		{`{"id": "q", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": 4, "weapon": {"range": 12}, "shot": {"target": "gun"}}`, `queries[0].shot.target`},
	}
	for _, tt := range tests {
		f := tacticsFile(t, tt.query)
		_, errs := answer(t, f)
		err := errs[0]
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tt.query, err, tt.want)
		}
		if err != nil && !errors.Is(err, scenario.ErrValue) && !errors.Is(err, terrain.ErrUnknownID) {
			t.Errorf("%s: err = %v wraps neither scenario.ErrValue nor terrain.ErrUnknownID", tt.query, err)
		}
	}
}

// squadFile is a tank of squad "a" hidden from a scout by a tall model of
// squad mate between them, under the given options.
func squadFile(t *testing.T, mate, options, queries string) *scenario.File {
	t.Helper()
	src := `{"sightline": 1, "table": {"width": 24, "depth": 24}, "options": ` + options + `,
  "models": [
    {"id": "tank", "side": "red", "squad": "a", "class": "vehicle", "position": [4, 12], "facing": 0,
     "hull": {"length": 2, "width": 1.2, "height": 0.8}},
    {"id": "mate", "side": "red", "squad": "` + mate + `", "class": "vehicle", "position": [8, 12], "facing": 0,
     "hull": {"length": 1.5, "width": 6, "height": 3}},
    {"id": "scout", "side": "blue", "class": "infantry", "position": [12, 12],
     "base": {"shape": "circle", "diameter": 1}, "hull": {"height": 1}}
  ],
  "queries": [` + queries + `]}`
	f, err := scenario.DecodeBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTacticsSightPolicy: gain-sight and break-sight see as the file's
// sight query does under the game's options (own-squad see-through): the
// tank needs no move to see the scout exactly when the sight query says
// it sees it; the scout is hidden where it stands when the sight query
// says the tank does not see it, and cannot hide at all when it does (the
// mate, seen through, is the only thing on the table).
func TestTacticsSightPolicy(t *testing.T) {
	queries := `{"id": "sight", "kind": "sight", "from": "tank", "to": "scout"},
    {"id": "gain", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": 6},
    {"id": "hide", "kind": "break-sight", "model": "scout", "observers": ["tank"], "allowance": 6}`
	tests := []struct {
		mate, options string
		visible       bool
	}{
		{"a", `{"throughOwnSquad": 1}`, true},
		{"a", `{}`, false},
		{"b", `{"throughOwnSquad": 1}`, false},
	}
	for _, tt := range tests {
		rs, errs := answer(t, squadFile(t, tt.mate, tt.options, queries))
		for i, err := range errs {
			if err != nil {
				t.Fatalf("mate %s %s: query %d: %v", tt.mate, tt.options, i, err)
			}
		}
		get := func(i int, k string) any { v, _ := rs[i].Get(k); return v }
		if get(0, "visible") != tt.visible {
			t.Fatalf("mate %s %s: sight visible = %v, want %v", tt.mate, tt.options, get(0, "visible"), tt.visible)
		}
		if get(1, "reachable") != true || get(1, "already") != tt.visible {
			t.Errorf("mate %s %s: gain-sight reachable %v already %v, want already = sight's visible %v (%s)", tt.mate, tt.options, get(1, "reachable"), get(1, "already"), tt.visible, rs[1].Explanation)
		}
		if get(2, "reachable") != !tt.visible || get(2, "already") != !tt.visible {
			t.Errorf("mate %s %s: break-sight reachable %v already %v, want both %v (%s)", tt.mate, tt.options, get(2, "reachable"), get(2, "already"), !tt.visible, rs[2].Explanation)
		}
	}
}

// TestTacticsWorkLimits: a query's maxWork, and the work budget the
// caller gives the query (counted in operations), stop the search, which
// then answers exhausted, never "unreachable".
func TestTacticsWorkLimits(t *testing.T) {
	queries := `{"id": "gain", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": 8, "maxWork": 20},
    {"id": "hide", "kind": "break-sight", "model": "scout", "observers": ["gun"], "allowance": 6, "maxWork": 20},
    {"id": "spots", "kind": "safe-spots", "model": "scout", "observers": ["gun"], "allowance": 4, "maxWork": 20}`
	rs, errs := answer(t, tacticsFile(t, queries))
	for i, r := range rs {
		if errs[i] != nil {
			t.Fatalf("query %d: %v", i, errs[i])
		}
		if ex, _ := r.Get("exhausted"); ex != true {
			t.Errorf("query %d with maxWork 20: exhausted = %v (%s)", i, ex, r.Explanation)
		}
	}
	f := tacticsFile(t, `{"id": "gain", "kind": "gain-sight", "model": "tank", "target": "scout", "allowance": 8}`)
	g, err := rulesets.Lookup(rulesets.BaseName)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	b := budget.Ops(30)
	r, err := g.AnswerWithin(f, opt, &f.Queries[0], b)
	if err != nil {
		t.Fatal(err)
	}
	if ex, _ := r.Get("exhausted"); ex != true || b.Used() <= 30 {
		t.Errorf("budget of 30 operations: exhausted = %v, %d operations charged (%s)", ex, b.Used(), r.Explanation)
	}
	if reach, _ := r.Get("reachable"); reach != false || !strings.Contains(r.Explanation, "not known") {
		t.Errorf("budget of 30 operations: reachable %v, %q: want not reachable and not known", reach, r.Explanation)
	}
}
