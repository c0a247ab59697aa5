package codered

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestTurnScenario answers the whole-turn scenario testdata/turn.json:
// sight 1.5" into a wood (CR-13) and not 3" (CR-13), an elevated unit at its
// edge seeing over a 2" hedge (CR-20), smoke blocking (CR-25), a charge
// gaining sight at (35.43,2) (CR-18, CR-35: 4.24" under fire, -1), a class 2
// mortar rolling 11 (14-11 = 3") and its AP 6 blast (6-3.04 -> 2 hits, -1).
func TestTurnScenario(t *testing.T) {
	f, err := scenario.Load("testdata/turn.json")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"into-wood": `"legal":true`, "too-deep": `"legal":false`, "from-the-hill": `"legal":true`,
		"through-smoke": `"legal":false`, "assault": `"defensive fire distance","clause":"CR-35","value":-1`,
		"mortar": `"impact":[28,32]`, "mortar-blast": `"hits":2,"save":-1`,
	}
	opt, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		res, err := Game.Answer(f, opt, q)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		m := map[string]any{}
		for _, fl := range res.Fields {
			m[fl.Name] = fl.Value
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want[q.ID]) {
			t.Errorf("%s: answer %s lacks %s", q.ID, b, want[q.ID])
		}
	}
}

func TestOptionsStrict(t *testing.T) {
	for _, tc := range []struct{ raw, wantPath string }{
		{`{"nope": 1}`, "options.nope"},
		{`{"spacing": "ring"}`, "options.spacing"},
		{`{"closeRange": "ten"}`, "options.closeRange"},
		{`{"iedTrigger": -1}`, "options.iedTrigger"},
	} {
		var raw map[string]json.RawMessage
		_ = json.Unmarshal([]byte(tc.raw), &raw)
		_, err := ParseOptions(raw)
		if err == nil || !(errors.Is(err, ErrOption) || errors.Is(err, scenario.ErrUnknownField) || errors.Is(err, scenario.ErrType)) ||
			!strings.HasPrefix(err.Error(), tc.wantPath+": ") {
			t.Errorf("ParseOptions(%s) = %v, want error at %s", tc.raw, err, tc.wantPath)
		}
	}
	o, err := ParseOptions(map[string]json.RawMessage{"iedTrigger": json.RawMessage(`2`), "spacing": json.RawMessage(`"all-pairs"`)})
	if err != nil || o.IEDTrigger != 2 || o.Spacing != "all-pairs" || o.CloseRange != 10 {
		t.Errorf("ParseOptions = %+v, %v", o, err)
	}
}

func TestQueryFieldsStrict(t *testing.T) {
	b, _ := os.ReadFile("testdata/turn.json")
	s := strings.Replace(string(b), `"roll": 11,`, `"roll": 11, "rool": 3,`, 1)
	f, err := scenario.DecodeBytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Queries {
		if f.Queries[i].ID == "mortar" {
			opt, err := Game.ParseOptions(f)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Game.Answer(f, opt, &f.Queries[i])
			if err == nil || !strings.Contains(err.Error(), "queries[5].rool") {
				t.Errorf("unknown field error = %v, want queries[5].rool", err)
			}
		}
	}
}

// TestUnitsReachOptions checks that Code Red lengths in a cm file mean
// centimetres: two units 30 cm (11.81 in) apart are in close range when
// closeRange is 31 cm and out of it at 29 cm, although both numbers are
// far above the 10 in default.
func TestUnitsReachOptions(t *testing.T) {
	for _, tc := range []struct {
		closeRange string
		want       bool
	}{{"31", true}, {"29", false}} {
		f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "units": "cm", "ruleset": "code-red", "table": {"width": 120, "depth": 60},
		  "options": {"closeRange": ` + tc.closeRange + `},
		  "models": [
		    {"id": "a", "side": "blue", "class": "infantry", "position": [10, 10], "base": {"shape": "circle", "diameter": 2.5}, "hull": {"height": 2}},
		    {"id": "b", "side": "red", "class": "infantry", "position": [40, 10], "facing": 180, "base": {"shape": "circle", "diameter": 2.5}, "hull": {"height": 2}}],
		  "queries": [{"id": "q", "kind": "shot", "shooter": "a", "target": "b", "weapon": "rifles"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		opt, err := Game.ParseOptions(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := float64(opt.(*Options).CloseRange); math.Abs(got-mustFloat(tc.closeRange)/2.54) > 1e-12 {
			t.Errorf("closeRange %s cm = %v in, want %v", tc.closeRange, got, mustFloat(tc.closeRange)/2.54)
		}
		r, err := Game.Answer(f, opt, &f.Queries[0])
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(r.Explanation, "within close range"); got != tc.want {
			t.Errorf("closeRange %s cm: within close range = %v, want %v: %s", tc.closeRange, got, tc.want, r.Explanation)
		}
	}
}

func mustFloat(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(err)
	}
	return f
}
