package dropzone

import (
	"os"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestScenarioTurn runs every query of testdata/turn.json through Game.
func TestScenarioTurn(t *testing.T) {
	b, err := os.ReadFile("testdata/turn.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.DecodeBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"railgun": true, "mg": false, "squad": true, "land": false, "land-away": true, "window": true, "advance": true}
	opt, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := Game.Answer(f, opt, q)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		if got := r.Fields[0].Value.(bool); got != want[q.ID] {
			t.Errorf("%s: legal %v, want %v: %s", q.ID, got, want[q.ID], r.Explanation)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct{ key, val string }{{"arcFrnt", "90"}, {"bandEdges", `"maybe"`}, {"lzRadius", `{"K":-1}`}, {"arcFront", `"x"`}} {
		_, err := ParseOptions(raw(map[string]string{tc.key: tc.val}))
		if err == nil || !containsStr(err.Error(), "options."+tc.key) {
			t.Errorf("option %s=%s: err %v", tc.key, tc.val, err)
		}
	}
}
