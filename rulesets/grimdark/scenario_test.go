package grimdark_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	_ "github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/rulesets/grimdark"
	"github.com/sightline/sightline/scenario"
)

// answers decodes a scenario and answers every query under the game the
// file names, by query id.
func answers(t *testing.T, raw []byte) map[string]rulesets.Result {
	t.Helper()
	f, err := scenario.DecodeBytes(raw)
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
		r, err := g.Answer(f, opt, &f.Queries[i])
		if err != nil {
			t.Fatalf("%s: %v", f.Queries[i].ID, err)
		}
		if r.Explanation == "" {
			t.Errorf("%s: no explanation", f.Queries[i].ID)
		}
		out[f.Queries[i].ID] = r
	}
	return out
}

func field(t *testing.T, r rulesets.Result, name string) any {
	t.Helper()
	v, ok := r.Get(name)
	if !ok {
		t.Fatalf("no field %q in %+v", name, r.Fields)
	}
	return v
}

// TestWholeRound: a 10-model squad rushes through difficult terrain (6 in
// legal, 10 in capped), a unit charges and ends in contact, a shot where 6
// of 10 targets are behind a wall gives cover (not against Blast), the
// squad is coherent, a marker is seized and the chargers' melee reach.
func TestWholeRound(t *testing.T) {
	raw, err := os.ReadFile("testdata/round.json")
	if err != nil {
		t.Fatal(err)
	}
	a := answers(t, raw)
	want := map[string]bool{"rush-through-wood": true, "rush-too-far": false, "charge": true, "wall-shot": true,
		"blast-shot": true, "alpha-coherency": true, "marker": true, "melee-reach": false}
	for id, legal := range want {
		if got := field(t, a[id], "legal"); got != legal {
			t.Errorf("%s: legal = %v, want %v: %s", id, got, legal, a[id].Explanation)
		}
	}
	if c := field(t, a["rush-too-far"], "capped").([]string); len(c) != 10 {
		t.Errorf("rush-too-far: capped %v, want the whole unit (one model touching caps all)", c)
	}
	if !strings.Contains(a["rush-too-far"].Explanation, "GF-11 (fails)") {
		t.Errorf("rush-too-far: %s", a["rush-too-far"].Explanation)
	}
	if c := field(t, a["charge"], "inContact").([]string); len(c) != 3 {
		t.Errorf("charge: in contact %v: %s", c, a["charge"].Explanation)
	}
	if field(t, a["wall-shot"], "inCover") != true || field(t, a["wall-shot"], "coverSource") != "blockers" {
		t.Errorf("wall-shot: %s", a["wall-shot"].Explanation)
	}
	if field(t, a["blast-shot"], "inCover") != false {
		t.Errorf("blast-shot: %s", a["blast-shot"].Explanation)
	}
	if field(t, a["marker"], "owner") != "red" {
		t.Errorf("marker: %s", a["marker"].Explanation)
	}
	if len(a["wall-shot"].Picture.Parts) == 0 || len(a["alpha-coherency"].Picture.Parts) == 0 {
		t.Error("pictures: want sightlines and coherency links")
	}
	f, _ := scenario.DecodeBytes(raw)
	for id, r := range a { // every answer encodes and draws
		for _, f := range r.Fields {
			if _, err := json.Marshal(f.Value); err != nil {
				t.Errorf("%s.%s: %v", id, f.Name, err)
			}
		}
		parts := append([]render.Part{render.Verdict{Title: id, Text: r.Explanation}}, r.Picture.Parts...)
		if _, err := render.Sheet(f.Battlefield(), render.Options{PxPerInch: 4}, parts...); err != nil {
			t.Errorf("%s: picture: %v", id, err)
		}
	}
}

// TestCentimetres: lengths in a cm file mean what they say: a weapon of
// 30 (cm) does not reach 35 cm, options and paths are converted too.
func TestCentimetres(t *testing.T) {
	raw := `{"sightline": 1, "units": "cm", "ruleset": "grimdark-future", "table": {"width": 180, "depth": 120},
	  "options": {"chargeReach": 30.48},
	  "models": [
	    {"id": "s", "squad": "u", "side": "red", "class": "infantry", "position": [20, 20], "base": {"shape": "circle", "diameter": 2.54}, "hull": {"height": 2.54}},
	    {"id": "t", "squad": "foe", "side": "blue", "class": "infantry", "position": [57.54, 20], "base": {"shape": "circle", "diameter": 2.54}, "hull": {"height": 2.54}}],
	  "queries": [
	    {"id": "short", "kind": "shot", "shooter": "s", "target": "t", "weapon": {"range": 30}},
	    {"id": "long", "kind": "shot", "shooter": "s", "target": "t", "weapon": {"range": 35}},
	    {"id": "advance-15cm", "kind": "move", "model": "s", "path": [[20, 20], [35.24, 20]], "action": "advance"},
	    {"id": "advance-16cm", "kind": "move", "model": "s", "path": [[20, 20], [36.3, 20]], "action": "advance"},
	    {"id": "charge-reach", "kind": "charge", "unit": "u", "target": "foe"},
	    {"id": "charge-move", "kind": "move", "model": "s", "path": [[20, 20], [55, 20]], "action": "charge", "target": "t"}]}`
	a := answers(t, []byte(raw))
	// 57.54 - 20 - 2.54 = 35 cm edge to edge = 13.78 in
	for id, want := range map[string]bool{"short": false, "long": true, "advance-15cm": true, "advance-16cm": false} {
		if got := field(t, a[id], "legal"); got != want {
			t.Errorf("%s: legal = %v, want %v: %s", id, got, want, a[id].Explanation)
		}
	}
	// a move with action charge is a charge: 35 cm = 13.78 in is beyond
	// the 12 in charge range even though the path (35 cm) ends in contact
	if field(t, a["charge-move"], "legal") != false || !strings.Contains(a["charge-move"].Explanation, "GF-07 (fails)") {
		t.Errorf("charge-move: %s", a["charge-move"].Explanation)
	}
	// chargeReach 30.48 cm = 12 in < 13.78 in
	if field(t, a["charge-reach"], "legal") != false || !strings.Contains(a["charge-reach"].Explanation, "beyond the 12 in charge range") {
		t.Errorf("charge-reach: %s", a["charge-reach"].Explanation)
	}
}

// TestErrorsNamePaths: bad options and queries give errors naming the JSON
// path and value, wrapping the package's sentinels.
func TestErrorsNamePaths(t *testing.T) {
	base := `{"sightline": 1, "ruleset": "grimdark-future", "table": {"width": 72, "depth": 48}, %s
	  "models": [{"id": "a", "squad": "u", "class": "infantry", "position": [10, 10], "base": {"shape": "circle", "diameter": 1}}],
	  "queries": [%s]}`
	tests := []struct {
		opts, query, want string
		sentinel          error
	}{
		{`"options": {"measure": "nose"},`, `{"id": "q", "kind": "coherency", "squad": "u"}`, `options.measure`, grimdark.ErrOption},
		{`"options": {"units": {"u": {"fast": true, "slow": true}}},`, `{"id": "q", "kind": "coherency", "squad": "u"}`, `options.units.u.slow`, grimdark.ErrOption},
		{`"options": {"coverShare": 1.5},`, `{"id": "q", "kind": "coherency", "squad": "u"}`, `options.coverShare`, grimdark.ErrOption},
		{``, `{"id": "q", "kind": "charge", "unit": "nobody", "target": "u"}`, `queries[0].unit: "nobody": names no unit`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "move", "model": "a", "path": [[10, 10], [12, 10]], "action": "fly"}`, `queries[0].action: "fly": want hold`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "move", "model": "a", "path": [[10, 10], [12, 10]], "wings": 2}`, `queries[0].wings`, scenario.ErrUnknownField},
		{``, `{"id": "q", "kind": "shot", "shooter": "a", "target": "a", "weapon": {"range": 12}}`, `queries[0].target: "a": the shooter's own unit`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "charge", "unit": "u", "target": "u", "paths": {"zz": [[1, 1]]}}`, `queries[0].target: "u"`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "disembark", "unit": "u", "transport": "a", "positions": {"b": [1, 1]}}`, `queries[0].positions.b: "b": not a model of unit u`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "move", "model": "a", "path": [[10, 10], [12, 10]], "paths": {"zz": [[1, 1]]}}`, `queries[0].paths.zz: "zz": not a model`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "deployment", "unit": "u", "edge": "west"}`, `queries[0].edge: "west": want a long table edge`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "melee", "unit": "u", "enemy": "a"}`, `queries[0].enemy: "a": the unit itself`, grimdark.ErrQuery},
		{``, `{"id": "q", "kind": "shot", "shooter": "a", "target": "a", "weapon": {}}`, `queries[0].weapon.range`, scenario.ErrMissing},
	}
	for _, tc := range tests {
		f, err := scenario.DecodeBytes([]byte(strings.Replace(strings.Replace(base, "%s", tc.opts, 1), "%s", tc.query, 1)))
		if err != nil {
			t.Fatal(err)
		}
		g, _ := rulesets.Lookup("grimdark-future")
		opt, err := g.ParseOptions(f)
		if err == nil {
			_, err = g.Answer(f, opt, &f.Queries[0])
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.sentinel) {
			t.Errorf("%s %s: error %v, want %q wrapping %v", tc.opts, tc.query, err, tc.want, tc.sentinel)
		}
	}
}

// FuzzAnswer: any query of the game's kinds in a small scenario is
// answered or refused with an error naming its path; never a panic.
func FuzzAnswer(f *testing.F) {
	for _, q := range []string{
		`{"id": "q", "kind": "shot", "shooter": "a1", "target": "b1", "weapon": {"range": 24, "blast": 2}}`,
		`{"id": "q", "kind": "move", "model": "a1", "path": [[10, 10], [14, 10]], "action": "rush", "paths": {"a2": [[11.2, 10], [15, 12]]}}`,
		`{"id": "q", "kind": "move", "model": "j", "path": [[30, 30], [40, 30]], "action": "advance"}`,
		`{"id": "q", "kind": "charge", "unit": "alpha", "target": "bravo", "paths": {"a1": [[10, 10], [19, 10]]}, "defenders": {"b1": [[20, 10], [20, 11]]}}`,
		`{"id": "q", "kind": "melee", "unit": "alpha", "enemy": "bravo", "heights": {"b1": 2}}`,
		`{"id": "q", "kind": "after-melee", "unit": "alpha", "enemy": "bravo", "paths": {"a1": [[10, 10], [9, 10]]}}`,
		`{"id": "q", "kind": "coherency", "squad": "alpha"}`,
		`{"id": "q", "kind": "objective", "point": [15, 10], "owner": "red"}`,
		`{"id": "q", "kind": "markers", "markers": [[30, 24], [39, 24]]}`,
		`{"id": "q", "kind": "deployment", "unit": "alpha", "edge": "south", "mode": "scout"}`,
		`{"id": "q", "kind": "embark", "unit": "alpha", "transport": "rhino", "action": "rush"}`,
		`{"id": "q", "kind": "disembark", "unit": "alpha", "transport": "rhino", "positions": {"a1": [40, 10]}}`,
		`{"id": "q", "kind": "caster", "model": "b1", "caster": "alpha"}`,
		`{"id": "q", "kind": "fire-plan", "unit": "alpha", "plan": [{"weapon": "rifle", "target": "bravo"}]}`,
	} {
		f.Add(q)
	}
	const base = `{"sightline": 1, "ruleset": "grimdark-future", "table": {"width": 48, "depth": 48},
	  "options": {"units": {"jet": {"aircraft": true}, "rhino": {"transport": 6}}},
	  "terrain": [{"id": "wood", "kind": "area", "footprint": [[12, 8], [13, 8], [13, 14], [12, 14]], "sight": "concealing", "cover": "soft", "movement": "difficult"}],
	  "models": [
	    {"id": "a1", "side": "red", "squad": "alpha", "class": "infantry", "position": [10, 10], "base": {"shape": "circle", "diameter": 1}, "hull": {"height": 1}},
	    {"id": "a2", "side": "red", "squad": "alpha", "class": "infantry", "position": [11.2, 10], "base": {"shape": "circle", "diameter": 1}, "hull": {"height": 1}},
	    {"id": "b1", "side": "blue", "squad": "bravo", "class": "infantry", "position": [20, 10], "base": {"shape": "circle", "diameter": 1}, "hull": {"height": 1}},
	    {"id": "j", "side": "blue", "squad": "jet", "class": "aircraft", "position": [30, 30], "base": {"shape": "circle", "diameter": 1}},
	    {"id": "rhino", "side": "red", "squad": "rhino", "class": "vehicle", "position": [40, 12], "hull": {"length": 2, "width": 1, "height": 1}}],
	  "queries": [%s]}`
	g, err := rulesets.Lookup("grimdark-future")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, query string) {
		sf, err := scenario.DecodeBytes([]byte(strings.Replace(base, "%s", query, 1)))
		if err != nil || len(sf.Queries) == 0 {
			return
		}
		opt, err := g.ParseOptions(sf)
		if err != nil {
			t.Fatal(err)
		}
		for i := range sf.Queries {
			r, err := g.Answer(sf, opt, &sf.Queries[i])
			if err != nil {
				if !strings.HasPrefix(err.Error(), sf.Queries[i].JSONPath) {
					t.Errorf("error %q does not start with the query's path %s", err, sf.Queries[i].JSONPath)
				}
				continue
			}
			if r.Explanation == "" {
				t.Errorf("%s: no explanation", query)
			}
		}
	})
}
