package answer

import (
	"os"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestGarrisonBothWays: sight, visible fraction and range to a garrison use
// the window it sees out of, so both directions agree (the tank at
// 6 in from the window, whose shot back was blocked by the building and
// measured 9 in to the base inside).
func TestGarrisonBothWays(t *testing.T) {
	r := loadAnswers(t, "testdata/garrison.json")
	for _, id := range []string{"out", "in"} {
		if !get[bool](t, r[id], "visible") {
			t.Errorf("%s: %s, want visible through the window", id, r[id].Explanation)
		}
	}
	for _, id := range []string{"range-out", "range-in"} {
		if d := get[float64](t, r[id], "distance"); d != 6 {
			t.Errorf("%s: distance %v, want 6 (window to tank)", id, d)
		}
	}
	for _, id := range []string{"frac-out", "frac-in"} {
		if f := get[float64](t, r[id], "fraction"); f <= 0 {
			t.Errorf("%s: fraction %v while sight is clear", id, f)
		}
	}
	s := r["shot-in"]
	if !get[bool](t, s, "legal") || get[float64](t, s, "range") != 6 {
		t.Errorf("shot-in: %s, want legal at 6 in", s.Explanation)
	}
}

// TestGarrisonOutsideItsBuilding: a garrison must stand in its building.
func TestGarrisonOutsideItsBuilding(t *testing.T) {
	raw, err := os.ReadFile("testdata/garrison.json")
	if err != nil {
		t.Fatal(err)
	}
	b := strings.Replace(string(raw), `"position": [11, 11]`, `"position": [20, 20]`, 1)
	_, err = scenario.DecodeBytes([]byte(b))
	if err == nil || !strings.Contains(err.Error(), "models[0].garrison.building") || !strings.Contains(err.Error(), "outside building") {
		t.Errorf("garrison outside: error %v, want one at models[0].garrison.building", err)
	}
}
