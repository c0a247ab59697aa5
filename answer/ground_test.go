package answer

import (
	"strings"
	"testing"
)

// TestHillFile answers the file of the issue "Models stand on terrain"
// (testdata/hill.json, plus two more spotters and a climb). Its spotter
// stands on the hill's top (2 in), 5 in back from the crest: the line to
// every point of the tank runs back into the hill near its crest, so the
// tank is hidden by the crest (no longer by the hill at the spotter's own
// feet, 1.6 in below its top). A spotter at the crest sees the tank over
// the 1.5 in wall; one at the hill's foot does not.
func TestHillFile(t *testing.T) {
	r := loadAnswers(t, "testdata/hill.json")
	s := r["s"]
	if get[bool](t, s, "visible") || get[string](t, s, "blockedBy") != "hill" {
		t.Errorf("s: %s, want hidden by the hill's crest", s.Explanation)
	}
	if p := get[[]float64](t, s, "blockPoint"); len(p) != 3 || p[0] < 8 || p[2] != 2 {
		t.Errorf("s: block point %v, want on the crest side of the hill's top, not at the spotter's feet", p)
	}
	if !get[bool](t, r["crest"], "visible") {
		t.Errorf("crest: %s, want visible over the wall", r["crest"].Explanation)
	}
	if get[bool](t, r["foot"], "visible") || get[string](t, r["foot"], "blockedBy") != "wall" {
		t.Errorf("foot: %s, want hidden by the wall", r["foot"].Explanation)
	}
	if c := r["climb"]; get[float64](t, c, "climb") != 2 || !strings.Contains(c.Explanation, "climbs 2.000 in") {
		t.Errorf("climb: %s, want a 2 in climb reported", c.Explanation)
	}
}
