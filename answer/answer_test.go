package answer

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
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
		{`{"arc": {"frontWidht": 90}}`, "options.arc"},
	}
	for _, tt := range tests {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(tt.options), &raw); err != nil {
			t.Fatal(err)
		}
		_, err := ParseGenericOptions(raw)
		var qe *QueryError
		if !errors.As(err, &qe) || qe.Path != tt.path || !errors.Is(err, ErrOption) {
			t.Errorf("ParseGenericOptions(%s) = %v, want an ErrOption at %s", tt.options, err, tt.path)
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
	if len(errs) != 1 || !errors.Is(errs[0], ErrUnsupported) || !strings.Contains(errs[0].Error(), "queries[0].kind") {
		t.Errorf("errs = %v, want one ErrUnsupported at queries[0].kind", errs)
	}
}

func TestExtensionKindFieldsStrict(t *testing.T) {
	f, err := scenario.Load("testdata/generic.json")
	if err != nil {
		t.Fatal(err)
	}
	q := scenario.Query{ID: "w", Kind: "garrison-window", From: "g", To: "b", Squad: "red", JSONPath: "queries[9]"}
	if _, err := One(f, &q); err == nil || !strings.Contains(err.Error(), "queries[9].squad: unknown field") {
		t.Errorf("extra field: err = %v", err)
	}
	q = scenario.Query{ID: "w", Kind: "garrison-window", From: "g", JSONPath: "queries[9]"}
	if _, err := One(f, &q); err == nil || !strings.Contains(err.Error(), "queries[9].to") {
		t.Errorf("missing to: err = %v", err)
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
	f, err := scenario.Load("testdata/generic.json")
	if err != nil {
		t.Fatal(err)
	}
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	p := f.Models[0].Position
	tests := []struct {
		q    scenario.Query
		want string
	}{
		{scenario.Query{Kind: "blast", Point: &p}, "queries[9].power: required"},
		{scenario.Query{Kind: "blast", Point: &p, Extra: map[string]json.RawMessage{"power": raw(`"big"`)}}, "queries[9].power"},
		{scenario.Query{Kind: "blast", Point: &p, Extra: map[string]json.RawMessage{"power": raw(`4`), "radius": raw(`1`)}}, "queries[9].radius: unknown field"},
		{scenario.Query{Kind: "scatter", Point: &p, Extra: map[string]json.RawMessage{"distance": raw(`3`)}}, "queries[9].direction: give exactly one"},
		{scenario.Query{Kind: "scatter", Point: &p, Extra: map[string]json.RawMessage{"distance": raw(`3`), "direction": raw(`0`), "bearing": raw(`0`)}}, "give exactly one"},
		{scenario.Query{Kind: "template", Target: "a", Extra: map[string]json.RawMessage{"length": raw(`1e400`)}}, "queries[9].length"},
		{scenario.Query{Kind: "landing", Model: "air", Extra: map[string]json.RawMessage{"radius": raw(`1`)}}, "queries[9].point: required"},
		{scenario.Query{Kind: "template", Target: "nobody", Extra: map[string]json.RawMessage{"length": raw(`1`)}}, "nobody"},
	}
	for _, tt := range tests {
		q := tt.q
		q.ID, q.JSONPath = "x", "queries[9]"
		if _, err := One(f, &q); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %v: err = %v, want it to contain %q", q.Kind, q.Extra, err, tt.want)
		}
	}
}
