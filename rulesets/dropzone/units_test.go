package dropzone

import (
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestGameFieldsInFileUnits checks that Dropzone's own fields are read in
// the file's units: a deployment zone [0,20]x[0,20] in a cm file does not
// hold a tank centred at (40, 10) cm, and holds one at (10, 10) cm; a
// standby entry point in cm is measured in cm.
func TestGameFieldsInFileUnits(t *testing.T) {
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "units": "cm", "ruleset": "dropzone-commander",
	  "table": {"width": 120, "depth": 120},
	  "models": [
	    {"id": "far", "squad": "far", "class": "vehicle", "position": [40, 10], "hull": {"length": 5, "width": 2.5, "height": 2.5}},
	    {"id": "near", "squad": "near", "class": "vehicle", "position": [10, 10], "hull": {"length": 5, "width": 2.5, "height": 2.5}}],
	  "queries": [
	    {"id": "far", "kind": "deployment", "squad": "far", "zone": [[0, 0], [20, 0], [20, 20], [0, 20]]},
	    {"id": "near", "kind": "deployment", "squad": "near", "zone": [[0, 0], [20, 0], [20, 20], [0, 20]]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	opt, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		r, err := Game.Answer(f, opt, &f.Queries[i])
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := r.Get("legal"); got != want {
			t.Errorf("%s: legal = %v, want %v: %s", f.Queries[i].ID, got, want, r.Explanation)
		}
	}
}

// TestOptionLengthsInFileUnits checks that a length option is read in the
// file's units: a 2.54 cm corridor is 1 in.
func TestOptionLengthsInFileUnits(t *testing.T) {
	f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "units": "cm", "ruleset": "dropzone-commander",
	  "options": {"units": {"t": {"bw": 25.4}}},
	  "table": {"width": 120, "depth": 120},
	  "models": [{"id": "t", "class": "vehicle", "position": [40, 10], "hull": {"length": 5, "width": 2.5, "height": 2.5}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	opt, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	if bw := opt.(*Options).Units["t"].Bw; bw < 10-1e-9 || bw > 10+1e-9 {
		t.Errorf("units.t.bw 25.4 cm = %v in, want 10", bw)
	}
}
