package rulesets_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"

	_ "github.com/sightline/sightline/rulesets/codered"
	_ "github.com/sightline/sightline/rulesets/dropzone"
	_ "github.com/sightline/sightline/rulesets/firestorm"
	"github.com/sightline/sightline/rulesets/generic"
	_ "github.com/sightline/sightline/rulesets/grimdark"
	_ "github.com/sightline/sightline/rulesets/terminator"
)

// gameOptions are options each registered game is run with in
// TestEveryGenericKindInEveryGame: set, so that a game's options visibly
// reach the generic kinds.
var gameOptions = map[string]string{
	"generic":             `{"grazingBlocks": true, "move": {"budget": 12}, "coherency": {"chain": 4, "measure": "center"}}`,
	"dropzone-commander":  `{"squads": {"red": {"formation": "wide"}}, "arcFront": 120, "arcRear": 60, "grazingBlocks": true}`,
	"code-red":            `{"closeRange": 8}`,
	"grimdark-future":     `{"measure": "center", "modelsBlock": "others", "grazingBlocks": true, "units": {"red": {"fast": true}}}`,
	"terminator-skirmish": `{"templates": {"melee": {"shape": "stick", "length": 1}, "walk": {"length": 6}, "crawl": {"length": 3}}, "shortRange": 12, "longRange": 24, "grazingBlocks": true}`,
	"firestorm-taskforce": `{"band8": "effective", "arcBoundary": "exclusive", "shipsBlock": true, "ships": {"tank-a": {"rank": 2, "move": 6}}}`,
}

func load(t *testing.T, name string, edit func(string) string) *scenario.File {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.DecodeBytes([]byte(edit(string(b))))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestEveryGenericKindInEveryGame runs every generic query kind in a file
// of every registered game with that game's options set: a kind the game
// does not define itself is answered by the generic code with the game's
// geometry, and must answer.
func TestEveryGenericKindInEveryGame(t *testing.T) {
	names := rulesets.Names()
	if len(names) < 3 {
		t.Fatalf("registered games %v: want generic and at least two games", names)
	}
	for _, name := range names {
		opts, ok := gameOptions[name]
		if !ok {
			t.Errorf("game %s: no options in gameOptions: add a set so it is exercised", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			f := load(t, "testdata/every-kind.json", func(s string) string {
				return strings.Replace(s, `"name": "every generic kind",`, `"name": "every generic kind", "ruleset": "`+name+`", "options": `+opts+`,`, 1)
			})
			g, err := rulesets.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := g.ParseOptions(f)
			if err != nil {
				t.Fatal(err)
			}
			own := map[string]bool{}
			for _, k := range g.Kinds {
				own[k.Name] = name != rulesets.BaseName
			}
			answered := map[string]bool{}
			for i := range f.Queries {
				q := &f.Queries[i]
				if own[q.Kind] {
					continue // the game's own kind has its own fields
				}
				r, err := g.Answer(f, opt, q)
				if err != nil {
					t.Errorf("%s: %v", q.ID, err)
					continue
				}
				if r.Explanation == "" || len(r.Fields) == 0 {
					t.Errorf("%s: empty answer %+v", q.ID, r)
				}
				answered[q.Kind] = true
			}
			for _, k := range generic.Kinds() {
				if !answered[k.Name] && !own[k.Name] {
					t.Errorf("generic kind %s not answered in a %s file", k.Name, name)
				}
				if _, ok := g.Kind(k.Name); !ok {
					t.Errorf("%s does not answer generic kind %s", name, k.Name)
				}
			}
		})
	}
}

// TestGameOptionsReachGenericKinds checks that a game's options change a
// generic answer: Dropzone's wide formation (6 in) keeps a squad coherent
// that generic's 2 in edge rule breaks.
func TestGameOptionsReachGenericKinds(t *testing.T) {
	coherent := func(ruleset, opts string) bool {
		f := load(t, "testdata/every-kind.json", func(s string) string {
			return strings.Replace(s, `"name": "every generic kind",`, `"name": "x", "ruleset": "`+ruleset+`", "options": `+opts+`,`, 1)
		})
		g, _ := rulesets.Lookup(ruleset)
		opt, err := g.ParseOptions(f)
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Queries {
			if q := &f.Queries[i]; q.ID == "coherency" {
				r, err := g.Answer(f, opt, q)
				if err != nil {
					t.Fatal(err)
				}
				v, _ := r.Get("coherent")
				return v.(bool)
			}
		}
		t.Fatal("no coherency query")
		return false
	}
	// tank-a (4,6) and tank-b (4,9): 3 in centre to centre, 2 in hull edge
	// to hull edge (1 in wide hulls).
	if !coherent("generic", `{}`) {
		t.Error("generic: 2 in edge to edge should be coherent under the 2 in default")
	}
	if coherent("generic", `{"coherency": {"chain": 1.5, "measure": "edge"}}`) {
		t.Error("generic chain 1.5 in: 2 in apart should break")
	}
	if !coherent("dropzone-commander", `{}`) {
		t.Error("dropzone: 3 in centre to centre is within the standard formation's 3 in")
	}
}

// TestUnitsReachGameFields checks that lengths in game fields mean what
// the file's units say: a generic weapon range of 30 in a cm file does not
// reach a target 50 cm away.
func TestUnitsReachGameFields(t *testing.T) {
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "units": "cm", "table": {"width": 120, "depth": 60},
	  "models": [
	    {"id": "a", "class": "infantry", "position": [10, 10], "base": {"shape": "circle", "diameter": 2.5}, "hull": {"height": 2}},
	    {"id": "b", "class": "infantry", "position": [60, 10], "base": {"shape": "circle", "diameter": 2.5}, "hull": {"height": 2}}],
	  "queries": [
	    {"id": "short", "kind": "shot", "shooter": "a", "target": "b", "weapon": {"range": 30}},
	    {"id": "long", "kind": "shot", "shooter": "a", "target": "b", "weapon": {"range": 51}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := rulesets.Lookup(f.Ruleset)
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		r, err := g.Answer(f, opt, &f.Queries[i])
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := r.Get("legal"); got != want {
			t.Errorf("%s: legal = %v, want %v: %s", f.Queries[i].ID, got, want, r.Explanation)
		}
	}
}

// TestUnknownRulesetAndKind checks the errors that name what is
// implemented.
func TestUnknownRulesetAndKind(t *testing.T) {
	_, err := rulesets.Lookup("firestorm-taskforce-x")
	if !errors.Is(err, rulesets.ErrUnknownRuleset) || !strings.Contains(err.Error(), "dropzone-commander") ||
		!strings.HasPrefix(err.Error(), "ruleset: ") {
		t.Errorf("Lookup(unknown) = %v, want a ruleset error listing the implemented games", err)
	}
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "table": {"width": 10, "depth": 10},
	  "queries": [{"id": "q", "kind": "teleport", "model": "a"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := rulesets.Lookup("generic")
	opt, _ := g.ParseOptions(f)
	_, err = g.Answer(f, opt, &f.Queries[0])
	if !errors.Is(err, rulesets.ErrUnknownKind) || !strings.HasPrefix(err.Error(), "queries[0].kind: ") ||
		!strings.Contains(err.Error(), "visible-fraction") {
		t.Errorf("unknown kind: %v", err)
	}
}

// TestPathPrefixedOnce checks that an error deep in a game's request names
// its whole path exactly once.
func TestPathPrefixedOnce(t *testing.T) {
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "table": {"width": 10, "depth": 10},
	  "models": [{"id": "a", "class": "infantry", "position": [1, 1]}, {"id": "b", "class": "infantry", "position": [5, 1]}],
	  "queries": [{"id": "q", "kind": "shot", "shooter": "a", "target": "b", "weapon": {"range": "far"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := rulesets.Lookup("generic")
	opt, _ := g.ParseOptions(f)
	_, err = g.Answer(f, opt, &f.Queries[0])
	if err == nil || strings.Count(err.Error(), "queries[0]") != 1 || !strings.HasPrefix(err.Error(), "queries[0].weapon.range: ") {
		t.Errorf("error = %v, want one path queries[0].weapon.range", err)
	}
}
