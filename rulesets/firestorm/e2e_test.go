package firestorm

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sightline/sightline/rulesets"
	_ "github.com/sightline/sightline/rulesets/generic" // the base game answers range in the cm test
	"github.com/sightline/sightline/scenario"
)

// answerAll answers every query of f through the registered game.
func answerAll(t *testing.T, f *scenario.File) map[string]rulesets.Result {
	t.Helper()
	g, err := rulesets.Lookup("firestorm-taskforce")
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
		out[q.ID] = r
	}
	return out
}

func field(r rulesets.Result, name string) any { v, _ := r.Get(name); return v }

// TestWholeTurn runs testdata/whole-turn.json: a squadron of three Velites
// moves, turns and fires through a gas cloud at a Perseus behind a moon.
// Expectations are computed by hand in the comments.
func TestWholeTurn(t *testing.T) {
	b, err := os.ReadFile("testdata/whole-turn.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.DecodeBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	rs := answerAll(t, f)
	want := []struct {
		id, field string
		value     any
	}{
		{"advance", "legal", true},    // 8 in each, v3 turns 45° after: rank 2's one turn
		{"advance", "coherent", true}, // stands 4 in apart
		{"too-far", "legal", false},   // 9 in > B 8
		{"swing", "legal", false},     // -45° before and -45° after: rank 2 turns once
		{"coherent", "legal", true},   // 4 in apart before moving
		{"v1-shot", "band", "ER"},     // (16,12)-(26,32): 22.36 in
		{"v1-shot", "diceAfter", 3},   // 7 halved by the nebula
		{"v1-shot", "legal", true},    // passes the moon 2.24 in from its centre (radius 1.2)
		{"v3-shot", "legal", false},   // (24,12)-(26,32) passes 0.10 in from the moon's centre
		{"v3-shot", "blockedBy", "moon"},
		{"attack", "legal", true},  // v1 and v2 combine, coherent
		{"attack", "dice", 14},     // v3 dropped
		{"attack", "diceAfter", 7}, // one gas cloud: 14 -> 7
		{"board", "legal", false},  // every boarder > 8 in away
		{"range", "distance", 22.360679775},
	}
	for _, w := range want {
		if got := field(rs[w.id], w.field); got != w.value {
			t.Errorf("%s.%s = %v (%T), want %v: %s", w.id, w.field, got, got, w.value, rs[w.id].Explanation)
		}
	}
	vp := field(rs["sectors"], "vp").(map[string]int)
	if vp["dindrenzi"] != 2 || vp["terran"] != 1 {
		t.Errorf("sector VP %v, want dindrenzi 2 terran 1", vp)
	}
	if n := len(rs["v1-shot"].Picture.Parts); n < 4 {
		t.Errorf("v1-shot picture has %d parts, want the line, the arc and two stands", n)
	}
}

// TestCentimetreFile shows a cm file's lengths, including the ship
// profiles in options, mean what they say: B 15.24 cm is 6 in, a target
// 20.32 cm away is exactly 8 in; with tape "2.5" 20 cm is the book's 8 in.
func TestCentimetreFile(t *testing.T) {
	src := `{"sightline": 1, "units": "cm", "ruleset": "firestorm-taskforce", "options": {"ships": {"a": {"rank": 3, "move": 15.24}}%s},
	  "table": {"width": 120, "depth": 120},
	  "models": [
	    {"id": "a", "class": "ship", "position": [20, 20], "facing": 90, "base": {"shape": "circle", "diameter": 2.54}},
	    {"id": "b", "class": "ship", "position": [40.32, 20], "base": {"shape": "circle", "diameter": 2.54}},
	    {"id": "c", "class": "ship", "position": [40.2, 60], "base": {"shape": "circle", "diameter": 2.54}}],
	  "queries": [
	    {"id": "b", "kind": "shot", "shooter": "a", "target": "b", "weapon": {"kr": 5, "er": 3}},
	    {"id": "c", "kind": "range", "from": "a", "to": "c"},
	    {"id": "ok", "kind": "move", "model": "a", "path": [[20, 20], [20, 35.24]]},
	    {"id": "long", "kind": "move", "model": "a", "path": [[20, 20], [20, 35.5]]}]}`
	for _, tc := range []struct {
		tape string
		band string
	}{{"", "KR"}, {`, "tape": "2.5"`, "ER"}} {
		f, err := scenario.DecodeBytes([]byte(strings.Replace(src, "%s", tc.tape, 1)))
		if err != nil {
			t.Fatal(err)
		}
		rs := answerAll(t, f)
		if got := field(rs["b"], "range"); got != 8.0 {
			t.Errorf("range 20.32 cm = %v in, want 8", got)
		}
		if got := field(rs["b"], "band"); got != tc.band {
			t.Errorf("tape %q: 8 in is band %v, want %s: %s", tc.tape, got, tc.band, rs["b"].Explanation)
		}
		if field(rs["ok"], "legal") != true || field(rs["long"], "legal") != false {
			t.Errorf("B 15.24 cm: 15.24 cm legal %v, 15.5 cm legal %v: %s", field(rs["ok"], "legal"), field(rs["long"], "legal"), rs["long"].Explanation)
		}
		if got := field(rs["ok"], "allowance"); got != 6.0 {
			t.Errorf("allowance %v in, want 6", got)
		}
	}
}

// TestErrorsNamePaths checks option and query errors name their JSON path
// and wrap the package's sentinels.
func TestErrorsNamePaths(t *testing.T) {
	base := `{"sightline": 1, "ruleset": "firestorm-taskforce", "options": %s, "table": {"width": 48, "depth": 48},
	  "models": [{"id": "a", "class": "ship", "position": [10, 10]}, {"id": "b", "class": "ship", "position": [20, 10]}],
	  "queries": [%s]}`
	for _, tc := range []struct{ opts, query, want string }{
		{`{"band9": "core"}`, "", "options.band9"},
		{`{"band8": "maybe"}`, "", "options.band8"},
		{`{"ships": {"a": {"rank": 4}}}`, "", "options.ships.a.rank"},
		{`{"sectorSize": 0}`, "", "options.sectorSize"},
		{`{}`, `{"id": "q", "kind": "shot", "shooter": "a", "target": "b", "weapon": {"arc": "X"}}`, "queries[0].weapon.arc"},
		{`{}`, `{"id": "q", "kind": "shot", "shooter": "a", "target": "b", "weapon": {"range": 3}}`, "queries[0].weapon"},
		{`{}`, `{"id": "q", "kind": "move", "model": "a", "path": [[10, 10], [10, 12]]}`, "options.ships.a.rank"},
		{`{}`, `{"id": "q", "kind": "move", "model": "a", "path": [[11, 10], [10, 12]]}`, "queries[0].path"},
		{`{}`, `{"id": "q", "kind": "objective", "rule": "closest", "target": "a"}`, "queries[0].target"},
		{`{}`, `{"id": "q", "kind": "attack", "target": "b", "firers": [{"model": "zz"}]}`, "queries[0].firers[0].model"},
	} {
		f, err := scenario.DecodeBytes([]byte(sprintf(base, tc.opts, tc.query)))
		if err != nil {
			t.Fatal(err)
		}
		opt, err := Game.ParseOptions(f)
		if err == nil && len(f.Queries) > 0 {
			_, err = Game.Answer(f, opt, &f.Queries[0])
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: err %v, want one naming %s", tc.opts, tc.query, err, tc.want)
		}
		if err != nil && !errors.Is(err, ErrOption) && !errors.Is(err, ErrQuery) && !errors.Is(err, scenario.ErrValue) && !errors.Is(err, scenario.ErrUnknownField) {
			t.Errorf("%s %s: err %v wraps no sentinel", tc.opts, tc.query, err)
		}
	}
}
