package codered

import (
	"encoding/json"
	"errors"
	"os"
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
	for i := range f.Queries {
		q := &f.Queries[i]
		res, err := Game.Answer(f, q)
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
		if err == nil || !errors.Is(err, ErrOption) || !strings.HasPrefix(err.Error(), tc.wantPath) {
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
			_, err := Game.Answer(f, &f.Queries[i])
			if err == nil || !strings.Contains(err.Error(), "queries[5].rool") {
				t.Errorf("unknown field error = %v, want queries[5].rool", err)
			}
		}
	}
}
