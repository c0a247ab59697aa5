package terminator

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline/rulesets"
	_ "github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/scenario"
)

// answerAll decodes a scenario, looks the game up by name and answers
// every query the way the CLI does.
func answerAll(t *testing.T, src []byte) (*scenario.File, map[string]rulesets.Result) {
	t.Helper()
	f, err := scenario.DecodeBytes(src)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rulesets.Lookup(f.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]rulesets.Result{}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := g.Answer(f, opt, q)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		if r.Explanation == "" {
			t.Errorf("%s: no explanation", q.ID)
		}
		out[q.ID] = r
	}
	return f, out
}

func get(t *testing.T, r rulesets.Result, name string) any {
	t.Helper()
	v, ok := r.Get(name)
	if !ok {
		t.Fatalf("no field %q in %+v", name, r.Fields)
	}
	return v
}

// TestScenarioSkirmish answers testdata/skirmish.json end to end. Hand
// arithmetic (bases 1 in across, so edge gap = centre distance − 1):
// connor (10,8) to endo-1 (30,8) is 19 in, long band; rifle-1 (14,8) is
// 0.8 from the staggering endo-2 (15.8,8), so it may fire at 2+; endo-3
// (34,7) is sqrt(22² + 3²) − 1 = 21.20 from the gunner (12,4): long,
// beyond a pistol's reach, and behind the low wall it touches (partly
// hidden: a cover roll); the grenade at endo-2 would touch rifle-1 (gap 0.8): vetoed;
// connor's command range is the walk template, 6: rifle-1 (gap 3) and the
// gunner (sqrt(2² + 4²) − 1 = 3.47) are reached, sgt (3, a leader) only
// by the rally; the crawler's 1.9 in move crosses the fence barrier.
func TestScenarioSkirmish(t *testing.T) {
	src, err := os.ReadFile("testdata/skirmish.json")
	if err != nil {
		t.Fatal(err)
	}
	_, res := answerAll(t, src)
	checks := []struct {
		id, field string
		want      any
	}{
		{"band-long", "band", "long"}, {"band-long", "distance", 19.0}, {"band-long", "hitOn", 6},
		{"rifle-vs-staggering", "legal", true}, {"rifle-vs-staggering", "hitOn", 2}, {"rifle-vs-staggering", "band", "melee"},
		{"gunner-long", "legal", true}, {"gunner-long", "band", "long"}, {"gunner-long", "coverRoll", true},
		{"pistol-too-far", "legal", false},
		{"grenade-veto", "legal", false}, {"grenade-veto", "secondary", []string{"rifle-1"}},
		{"braced-moved", "legal", false},
		{"command", "eligible", []string{"rifle-1", "gunner"}},
		{"rally", "eligible", []string{"rifle-1", "sgt", "gunner"}},
		{"melee-duty", "mustMelee", false}, {"melee-duty", "staggering", []string{"endo-2"}},
		{"sweep", "friendlyFire", true}, {"sweep", "legal", false},
		{"crawl-fence", "legal", false}, {"walk", "legal", true}, {"double", "legal", true},
		{"range", "distance", 19.0},
	}
	for _, c := range checks {
		got := get(t, res[c.id], c.field)
		switch w := c.want.(type) {
		case []string:
			if g, ok := got.([]string); !ok || !slices.Equal(g, w) {
				t.Errorf("%s.%s = %v, want %v (%s)", c.id, c.field, got, w, res[c.id].Explanation)
			}
		default:
			if got != c.want {
				t.Errorf("%s.%s = %v, want %v (%s)", c.id, c.field, got, c.want, res[c.id].Explanation)
			}
		}
	}
	if !strings.Contains(res["crawl-fence"].Explanation, "TS-13") {
		t.Errorf("crawl-fence: %s", res["crawl-fence"].Explanation)
	}
	if r := res["grenade-veto"]; len(r.Picture.Parts) != 7 {
		t.Errorf("grenade-veto picture: %d parts, want 4 band rings, the sightline, the visible part and the swept template", len(r.Picture.Parts))
	}
}

// TestScenarioCentimetres: the same lengths given in cm mean what they
// say. Melee 2.54 cm, walk 15.24 cm (point-blank), short 30.48 cm, long
// 60.96 cm are 1, 6, 12, 24 in; b's base edge is 15.24 cm (6 in) from a's:
// point-blank; c's is 15.27 cm (6.0118 in): short; a 15 cm walk is legal,
// 15.5 cm is longer than the 15.24 cm template.
func TestScenarioCentimetres(t *testing.T) {
	src := `{"sightline": 1, "units": "cm", "ruleset": "terminator-skirmish",
	  "options": {"templates": {"melee": {"length": 2.54}, "walk": {"length": 15.24}}, "shortRange": 30.48, "longRange": 60.96,
	    "requireSight": false},
	  "table": {"width": 120, "depth": 90},
	  "models": [
	    {"id": "a", "side": "r", "class": "infantry", "position": [20, 20], "base": {"shape": "circle", "diameter": 2.54}, "hull": {"height": 3}},
	    {"id": "b", "side": "m", "class": "infantry", "position": [37.78, 20], "base": {"shape": "circle", "diameter": 2.54}, "hull": {"height": 3}},
	    {"id": "c", "side": "m", "class": "infantry", "position": [20, 37.81], "base": {"shape": "circle", "diameter": 2.54}, "hull": {"height": 3}}],
	  "queries": [
	    {"id": "b", "kind": "band", "from": "a", "to": "b"},
	    {"id": "c", "kind": "band", "from": "a", "to": "c"},
	    {"id": "walk-ok", "kind": "move", "model": "a", "path": [[20, 20], [20, 5]]},
	    {"id": "walk-far", "kind": "move", "model": "a", "path": [[20, 20], [4.5, 20]]},
	    {"id": "shot", "kind": "shot", "shooter": "a", "target": "b", "weapon": "Pistole", "moved": 2.54}]}`
	_, res := answerAll(t, []byte(src))
	for _, c := range []struct {
		id, field string
		want      any
	}{{"b", "band", "point-blank"}, {"c", "band", "short"}, {"walk-ok", "legal", true}, {"walk-far", "legal", false}, {"shot", "legal", true}} {
		if got := get(t, res[c.id], c.field); got != c.want {
			t.Errorf("%s.%s = %v, want %v (%s)", c.id, c.field, got, c.want, res[c.id].Explanation)
		}
	}
	if d := get(t, res["b"], "distance").(float64); d < 6-1e-9 || d > 6+1e-9 {
		t.Errorf("b: distance %v in, want 6", d)
	}
	vals := get(t, res["b"], "values").(map[string]float64)
	if vals["pointBlank"] != 6 || vals["longRange"] != 24 {
		t.Errorf("values used %v, want pointBlank 6 and longRange 24 in", vals)
	}
}

// TestMissingLengthScenario: a file without lengths still answers the
// generic kinds, and refuses the game's own kinds naming the option.
func TestMissingLengthScenario(t *testing.T) {
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "ruleset": "terminator-skirmish", "table": {"width": 24, "depth": 24},
	  "models": [{"id": "a", "side": "r", "class": "infantry", "position": [2, 2], "base": {"shape": "circle", "diameter": 1}},
	             {"id": "b", "side": "m", "class": "infantry", "position": [12, 2], "base": {"shape": "circle", "diameter": 1}}],
	  "queries": [{"id": "range", "kind": "range", "from": "a", "to": "b"},
	              {"id": "band", "kind": "band", "from": "a", "to": "b"},
	              {"id": "shot", "kind": "shot", "shooter": "a", "target": "b", "weapon": "Gewehr"},
	              {"id": "move", "kind": "move", "model": "a", "path": [[2, 2], [2, 5]]},
	              {"id": "tpl", "kind": "template", "target": "b"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := rulesets.Lookup("terminator-skirmish")
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"range": "", "band": "options.templates.melee.length: ",
		"shot": "options.templates.melee.length: ", "move": "options.templates.walk: ", "tpl": "options.templates.melee: "}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := g.Answer(f, opt, q)
		if want[q.ID] == "" {
			if err != nil {
				t.Errorf("%s: %v", q.ID, err)
			} else if d, _ := r.Get("distance"); d != 9.0 {
				t.Errorf("range edge to edge = %v, want 9", d)
			}
			continue
		}
		if !errors.Is(err, scenario.ErrMissing) || !errors.Is(err, ErrMissingLength) || !strings.HasPrefix(err.Error(), want[q.ID]+"needed by "+q.JSONPath) {
			t.Errorf("%s: err = %v, want one naming %s", q.ID, err, want[q.ID])
		}
	}
}

// TestOptionErrors: an unusable option is an error naming its path and
// value, at parse time, or when a query first needs the battlefield.
func TestOptionErrors(t *testing.T) {
	tests := []struct {
		opts, want string
	}{
		{`{"bandEdges": "both"}`, `options.bandEdges: "both": want one of [nearer farther]`},
		{`{"templates": {"melee": {"shape": "cone", "length": 1}}}`, `options.templates.melee.shape: "cone"`},
		{`{"templates": {"melee": {"shape": "strip"}}}`, `options.templates.melee.length: the melee template is given without its length`},
		{`{"templates": {"walk": {"length": -2}}}`, `options.templates.walk.length: -2: want a length in (0, 1000] in`},
		{`{"pointBlank": 6, "shortRange": 6}`, `options.shortRange: 6: the bands are nested: want more than pointBlank = 6 in`},
		{`{"templates": {"melee": {"length": 2}}, "pointBlank": 1.5}`, `options.pointBlank: 1.5: the bands are nested`},
		{`{"openFraction": 1.5}`, `options.openFraction: 1.5`},
		{`{"sizeHeights": {"big": 3}}`, `options.sizeHeights: "big"`},
		{`{"profiles": {"a": {"command": -1}}}`, `options.profiles.a.command: -1`},
		{`{"barrierKinds": ["hedge"]}`, `options.barrierKinds[0]: "hedge"`},
		{`{"lengths": 3}`, `options.lengths: unknown field`},
		{`{"profiles": {"nobody": {"staggering": true}}}`, `options.profiles.nobody: "nobody": no model has this id`},
	}
	for _, tc := range tests {
		f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "ruleset": "terminator-skirmish", "options": ` + tc.opts + `,
		  "table": {"width": 24, "depth": 24},
		  "models": [{"id": "a", "side": "r", "class": "infantry", "position": [2, 2]}, {"id": "b", "side": "m", "class": "infantry", "position": [9, 2]}],
		  "queries": [{"id": "q", "kind": "forced-melee", "model": "a"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		opt, err := Game.ParseOptions(f)
		if err == nil {
			_, err = Game.Answer(f, opt, &f.Queries[0])
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("options %s: err = %v, want prefix %q", tc.opts, err, tc.want)
		}
	}
}
