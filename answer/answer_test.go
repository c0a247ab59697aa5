package answer

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

func loadAnswers(t *testing.T, name string) map[string]*Answer {
	t.Helper()
	f, err := scenario.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	answers, errs := Run(f)
	for _, err := range errs {
		t.Errorf("%s: %v", name, err)
	}
	byID := map[string]*Answer{}
	for _, a := range answers {
		byID[a.ID] = a
	}
	return byID
}

func get[T any](t *testing.T, a *Answer, field string) T {
	t.Helper()
	v, ok := a.Get(field)
	if !ok {
		t.Fatalf("%s: no field %q", a.ID, field)
	}
	x, ok := v.(T)
	if !ok {
		t.Fatalf("%s.%s = %v (%T), want %T", a.ID, field, v, v, *new(T))
	}
	return x
}

func TestGenericAnswers(t *testing.T) {
	r := loadAnswers(t, "testdata/generic.json")

	// a (2,4) -> b (22,4): the house (x 10..14, 3 in high) stands between
	// two 1 in figures: in range (20 <= 24) but not visible.
	if get[bool](t, r["shot-blocked"], "legal") || get[bool](t, r["shot-blocked"], "visible") {
		t.Errorf("shot-blocked: %s", r["shot-blocked"].Explanation)
	}
	// g garrisons the east wall; its window (14,4,1.5) is 8 in from b
	// (22,4): visible, but beyond a 6 in weapon and within a 12 in one.
	if get[bool](t, r["shot-short"], "legal") {
		t.Errorf("shot-short legal: %s", r["shot-short"].Explanation)
	}
	if d := get[float64](t, r["shot-short"], "range"); math.Abs(d-8) > 1e-9 {
		t.Errorf("shot-short range = %v, want 8 (from the east window)", d)
	}
	if !get[bool](t, r["shot-window"], "legal") {
		t.Errorf("shot-window not legal: %s", r["shot-window"].Explanation)
	}
	if w := get[string](t, r["window"], "window"); w != "east" {
		t.Errorf("garrison-window = %q, want east", w)
	}
	// m walks 6 in along y = 14 from x 1 to 7: 1 in open, 4 in in the mud
	// (x 2..6, counted double), 1 in open: cost 1 + 8 + 1 = 10 > budget 6.
	if c := get[float64](t, r["mud-move"], "cost"); math.Abs(c-10) > 1e-9 {
		t.Errorf("mud-move cost = %v, want 10", c)
	}
	if get[bool](t, r["mud-move"], "legal") {
		t.Errorf("mud-move legal over budget: %s", r["mud-move"].Explanation)
	}
	// 4 in in the open: cost 4 <= 6.
	if c := get[float64](t, r["open-move"], "cost"); math.Abs(c-4) > 1e-9 || !get[bool](t, r["open-move"], "legal") {
		t.Errorf("open-move: %s", r["open-move"].Explanation)
	}
	// Squad red: a at (2,4) and g at (12,4) are 10 - 0.5 - 0.5 = 9 in
	// apart edge to edge: not coherent under the 2 in default.
	if get[bool](t, r["squad"], "coherent") {
		t.Errorf("squad coherent: %s", r["squad"].Explanation)
	}
}

func TestTemplateAnswers(t *testing.T) {
	r := loadAnswers(t, "testdata/generic.json")
	// Blast at (4,4), power 4, full within 1 in: a at (2,4) is 2 in away and
	// takes 4 - 2 = 2; every other model is 8 in or more away (no effect).
	hits, err := json.Marshal(get[any](t, r["blast"], "hits"))
	if err != nil {
		t.Fatal(err)
	}
	var hs []struct {
		ID       string  `json:"id"`
		Distance float64 `json:"distance"`
		Effect   float64 `json:"effect"`
	}
	if err := json.Unmarshal(hits, &hs); err != nil {
		t.Fatal(err)
	}
	if len(hs) != 1 || hs[0].ID != "a" || math.Abs(hs[0].Distance-2) > 1e-9 || math.Abs(hs[0].Effect-2) > 1e-9 {
		t.Errorf("blast hits = %+v, want a at 2 in with effect 2", hs)
	}
	// Scatter 3 in straight up the table (90°) from (10,10): (10,13).
	if to := get[[]float64](t, r["scatter"], "to"); math.Abs(to[0]-10) > 1e-9 || math.Abs(to[1]-13) > 1e-9 {
		t.Errorf("scatter to = %v, want (10, 13)", to)
	}
	// Nobody within 1.5 in of a's base.
	if b, _ := json.Marshal(get[any](t, r["template"], "touched")); string(b) != "[]" {
		t.Errorf("template touched = %s, want []", b)
	}
	// Landing at (18,12), radius 1: the only enemy, b at (22,4), is
	// sqrt(16+64) - 1 = 7.94 in from the edge: legal.
	if !get[bool](t, r["lz-clear"], "legal") {
		t.Errorf("lz-clear: %s", r["lz-clear"].Explanation)
	}
	// At (20,6): b is sqrt(4+4) - 1 = 1.83 in from the edge, in sight.
	if get[bool](t, r["lz-contested"], "legal") || !get[bool](t, r["lz-contested"], "contested") {
		t.Errorf("lz-contested: %s", r["lz-contested"].Explanation)
	}
}

func TestAnswerJSONShape(t *testing.T) {
	r := loadAnswers(t, "testdata/generic.json")
	b, err := json.Marshal(r["shot-window"])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "kind", "legal", "reasons", "explanation"} {
		if _, ok := m[k]; !ok {
			t.Errorf("shot answer JSON lacks %q: %s", k, b)
		}
	}
	if !strings.HasPrefix(string(b), `{"id":"shot-window","kind":"shot",`) {
		t.Errorf("JSON does not start with id and kind: %s", b)
	}
}

// withGeneric returns testdata/generic.json with its options and queries
// replaced.
func withGeneric(t *testing.T, options, queries string) *scenario.File {
	t.Helper()
	b, err := os.ReadFile("testdata/generic.json")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	s = strings.Replace(s, `"options": {"move": {"budget": 6}},`, `"options": `+options+`,`, 1)
	i := strings.Index(s, `"queries": [`)
	s = s[:i] + `"queries": [` + queries + "]}"
	f, err := scenario.DecodeBytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestOptionErrors(t *testing.T) {
	tests := []struct {
		options string
		path    string
	}{
		{`{"grazingBlock": true}`, "options.grazingBlock"},
		{`{"grazingBlocks": "yes"}`, "options.grazingBlocks"},
		{`{"throughOwnSquad": -1}`, "options.throughOwnSquad"},
		{`{"modelsBlock": ["tank"]}`, "options.modelsBlock[0]"},
		{`{"move": {"models": "sometimes"}}`, "options.move.models"},
		{`{"move": {"budget": -2}}`, "options.move.budget"},
		{`{"arc": {"frontWidht": 90}}`, "options.arc.frontWidht"},
	}
	for _, tt := range tests {
		f := withGeneric(t, tt.options, "")
		_, errs := Run(f)
		var fe *terrain.FieldError
		if len(errs) != 1 || !errors.As(errs[0], &fe) || fe.Path != tt.path || strings.Count(errs[0].Error(), "options.") != 1 {
			t.Errorf("options %s: errs = %v, want one error at %s", tt.options, errs, tt.path)
		}
	}
}

func TestUnsupportedKind(t *testing.T) {
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "table": {"width": 10, "depth": 10},
	  "queries": [{"id": "q", "kind": "teleport"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	_, errs := Run(f)
	if len(errs) != 1 || !errors.Is(errs[0], rulesets.ErrUnknownKind) || !strings.HasPrefix(errs[0].Error(), "queries[0].kind: ") {
		t.Errorf("errs = %v, want one ErrUnknownKind at queries[0].kind", errs)
	}
}

func TestExtensionKindFieldsStrict(t *testing.T) {
	f := withGeneric(t, `{}`, `{"id": "w", "kind": "garrison-window", "from": "g", "to": "b", "squad": "red"},
	  {"id": "v", "kind": "garrison-window", "from": "g"}`)
	_, errs := Run(f)
	if len(errs) != 2 || !strings.HasPrefix(errs[0].Error(), "queries[0].squad: ") || !errors.Is(errs[0], scenario.ErrUnknownField) {
		t.Errorf("extra field: errs = %v", errs)
	}
	if len(errs) != 2 || !strings.HasPrefix(errs[1].Error(), "queries[1].to: ") || !errors.Is(errs[1], scenario.ErrMissing) {
		t.Errorf("missing to: errs = %v", errs)
	}
}

func TestDefaultScenarioAnswersEverything(t *testing.T) {
	f := scenario.Default()
	answers, errs := Run(f)
	for _, err := range errs {
		t.Errorf("default scenario: %v", err)
	}
	if len(answers) != len(f.Queries) {
		t.Errorf("%d answers for %d queries", len(answers), len(f.Queries))
	}
}

func TestExtensionKindErrors(t *testing.T) {
	tests := []struct {
		query string
		want  string
	}{
		{`"kind": "blast", "point": [2, 4]`, "queries[0].power: "},
		{`"kind": "blast", "point": [2, 4], "power": "big"`, "queries[0].power: "},
		{`"kind": "blast", "point": [2, 4], "power": 4, "radius": 1`, "queries[0].radius: "},
		{`"kind": "scatter", "point": [2, 4], "distance": 3`, "queries[0].direction: give exactly one"},
		{`"kind": "scatter", "point": [2, 4], "distance": 3, "direction": 0, "bearing": 0`, "give exactly one"},
		{`"kind": "template", "target": "a", "length": 1e400`, "queries[0].length"},
		{`"kind": "landing", "model": "air", "radius": 1`, "queries[0].point: "},
		{`"kind": "template", "target": "nobody", "length": 1`, "nobody"},
	}
	for _, tt := range tests {
		f := withGeneric(t, `{}`, `{"id": "x", `+tt.query+`}`)
		_, errs := Run(f)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tt.want) || strings.Count(errs[0].Error(), "queries[0]") != 1 {
			t.Errorf("%s: errs = %v, want one error containing %q", tt.query, errs, tt.want)
		}
	}
}
