package answer

import (
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestMessagesHelp: an unknown arc, kind or enum value lists the valid
// ones, names its JSON path once, and no Go package, type or function
// name reaches the user.
func TestMessagesHelp(t *testing.T) {
	f, err := scenario.Load("testdata/messages.json")
	if err != nil {
		t.Fatal(err)
	}
	answers, _ := Run(f)
	want := map[string][]string{
		"arc":    {"queries[0].arc: ", "the arcs are front, side, rear, fore"},
		"kind":   {"queries[1].kind: ", "its kinds: arc, "},
		"weapon": {"queries[2].weapon.mode: ", "center"},
	}
	for _, a := range answers {
		if a.Err == nil {
			t.Errorf("%s: answered, want an error", a.ID)
			continue
		}
		msg := a.Err.Error()
		for _, w := range want[a.ID] {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q lacks %q", a.ID, msg, w)
			}
		}
		if strings.Count(msg, "queries[") != 1 {
			t.Errorf("%s: %q names its path more than once", a.ID, msg)
		}
		for _, bad := range []string{"los:", "geom:", "Go struct", "Go value", "float64"} {
			if strings.Contains(msg, bad) {
				t.Errorf("%s: %q shows Go internals (%q)", a.ID, msg, bad)
			}
		}
	}
}
