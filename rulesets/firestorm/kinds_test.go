package firestorm

import (
	"reflect"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestKinds answers one query of each remaining kind end to end in a cm
// file, so nested points (zones) and lengths are converted.
func TestKinds(t *testing.T) {
	src := `{"sightline": 1, "units": "cm", "ruleset": "firestorm-taskforce",
	  "options": {"squadrons": {"r": {"minefieldMAR": true}}, "ships": {"r1": {"rank": 3, "move": 20.32}}},
	  "table": {"width": 182.88, "depth": 121.92},
	  "terrain": [
	    {"id": "d1", "kind": "debris", "footprint": [[86.36, 55.88], [96.52, 55.88], [96.52, 66.04], [86.36, 66.04]], "sight": "clear", "cover": "none", "movement": "open"},
	    {"id": "d2", "kind": "debris", "footprint": [[10.16, 10.16], [20.32, 10.16], [20.32, 20.32], [10.16, 20.32]], "sight": "clear", "cover": "none", "movement": "open"},
	    {"id": "d3", "kind": "debris", "footprint": [[162.56, 101.6], [172.72, 101.6], [172.72, 111.76], [162.56, 111.76]], "sight": "clear", "cover": "none", "movement": "open"},
	    {"id": "mf", "kind": "minefield", "circle": {"center": [91.44, 20.32], "radius": 5.08}, "sight": "clear", "cover": "none", "movement": "open"}],
	  "models": [
	    {"id": "r1", "side": "red", "squad": "r", "class": "ship", "position": [25.4, 25.4], "facing": 90},
	    {"id": "r2", "side": "red", "squad": "r", "class": "ship", "position": [35.56, 25.4], "facing": 0},
	    {"id": "b1", "side": "blue", "squad": "b", "class": "ship", "position": [76.2, 25.4], "facing": 180}],
	  "queries": [
	    {"id": "icpt", "kind": "interceptors", "carrier": "r1", "friend": "r2"},
	    {"id": "nuke", "kind": "nuclear", "model": "r1"},
	    {"id": "mines", "kind": "minefields", "zones": [[[0, 0], [182.88, 0], [182.88, 30.48], [0, 30.48]]]},
	    {"id": "deploy", "kind": "deployment", "squad": "r", "zone": [[0, 0], [50.8, 0], [50.8, 50.8], [0, 50.8]]},
	    {"id": "setup", "kind": "setup", "edge": "north", "corner": "SW", "roll": 5, "turn": 3, "length": 30.48, "half": true},
	    {"id": "debris", "kind": "debris-placement", "fields": ["d1", "d2", "d3"],
	     "zones": [[[0, 0], [30.48, 0], [30.48, 30.48], [0, 30.48]], [[152.4, 91.44], [182.88, 91.44], [182.88, 121.92], [152.4, 121.92]]]},
	    {"id": "salvage", "kind": "salvage"},
	    {"id": "closest", "kind": "objective", "rule": "closest", "target": "mf", "vp": 2},
	    {"id": "review", "kind": "terrain-review"},
	    {"id": "north", "kind": "move", "model": "r1", "path": [[25.4, 25.4], [25.4, 45.72]]}]}`
	f, err := scenario.DecodeBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rs := answerAll(t, f)
	want := []struct {
		id, field string
		value     any
	}{
		{"icpt", "legal", true}, {"icpt", "range", 4.0},
		{"nuke", "models", []string{"r2"}}, // exactly 4 in: inclusive
		{"mines", "legal", false},          // the minefield lies in the 12 in zone
		{"deploy", "legal", true},
		{"setup", "oppositeEdge", "south"}, {"setup", "oppositeCorner", "NE"}, {"setup", "reserveArrives", true}, {"setup", "length", 6.0},
		{"debris", "legal", true},
		{"salvage", "salvage", map[string][]string{"d1": {}, "d2": {"r"}, "d3": {}}},
		{"closest", "controller", "blue"},
		{"north", "legal", true}, {"north", "distance", 8.0},
	}
	for _, w := range want {
		if got := field(rs[w.id], w.field); !reflect.DeepEqual(got, w.value) {
			t.Errorf("%s.%s = %#v, want %#v: %s", w.id, w.field, got, w.value, rs[w.id].Explanation)
		}
	}
	if n := field(rs["mines"], "minefields").(map[string]int); n["red"] != 2 {
		t.Errorf("minefields %v, want red 2 (1 MAR squadron against none)", n)
	}
}
