package grimdark

import (
	"os"
	"strings"
	"testing"

	_ "github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/scenario"
)

// TestGainSightShotUnderGameRules: the generic gain-sight and break-sight
// kinds put this game's own shot (GF-17 range and sight) to each candidate
// end pose: a 12 in gun finds a move, a 6 in pistol none, and the scout's
// hiding place leaves the gun no legal shot.
func TestGainSightShotUnderGameRules(t *testing.T) {
	b, err := os.ReadFile("testdata/gain-sight.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.DecodeBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"gain-shot": true, "gain-short": false, "hide-shot": true}
	for i := range f.Queries {
		q := &f.Queries[i]
		r, err := Game.Answer(f, opt, q)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		got, _ := r.Get("reachable")
		if got != want[q.ID] {
			t.Errorf("%s: reachable = %v, want %v: %s", q.ID, got, want[q.ID], r.Explanation)
		}
		if v, ok := r.Get("verdict"); want[q.ID] && (!ok || !strings.Contains(v.(string), "GF-17")) {
			t.Errorf("%s: verdict %v, want the game's GF-17 decision", q.ID, v)
		}
	}
}
