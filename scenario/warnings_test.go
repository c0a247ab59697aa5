package scenario

import (
	"strings"
	"testing"
)

// TestWarnings loads a legal file with one of each suspicious thing and
// expects exactly one warning each, at its path; bases merely in contact
// and the valid test files warn of nothing.
func TestWarnings(t *testing.T) {
	f, err := Load("testdata/warn/suspicious.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ path, text string }{
		{"models[0]", "tank-1 overlaps tank-2"},
		{"models[2]", "stuck stands in solid rock, which is impassable"},
		{"models[3]", "squatter stands inside building tower but is not its garrison"},
		{"models[4]", "aircraft flyer is inside building tower"},
		{"models[5].garrison.wall", `wall "south" of tower has no windows`},
		{"queries[0]", "tank-1 and itself"},
		{"options.units.tnak-2", `"tnak-2" names no model`},
	}
	got := f.Warnings()
	if len(got) != len(want) {
		t.Errorf("%d warnings, want %d: %v", len(got), len(want), got)
	}
	for i := 0; i < min(len(got), len(want)); i++ {
		if got[i].Path != want[i].path || !strings.Contains(got[i].Message, want[i].text) {
			t.Errorf("warning %d = %v, want %s: ...%s...", i, got[i], want[i].path, want[i].text)
		}
	}
	for _, name := range []string{"testdata/valid-full-cm.json", "testdata/valid-ground.json", "testdata/valid-mm.json"} {
		f, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if w := f.Warnings(); len(w) != 0 {
			t.Errorf("%s: warnings %v, want none", name, w)
		}
	}
	if w := Default().Warnings(); len(w) != 0 {
		t.Errorf("default scenario: warnings %v, want none", w)
	}
}
