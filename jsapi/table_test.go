package jsapi

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sightline/sightline/terrain"
)

// block is a 24 x 24 in table with one solid 4 in block in the middle
// (x and y 10..14, 5 in high) and two infantry models west and east of it.
const block = `{"sightline": 1, "table": {"width": 24, "depth": 24},
  "terrain": [{"id": "block", "kind": "solid", "footprint": [[10,10],[14,10],[14,14],[10,14]], "height": 5,
    "sight": "blocking", "cover": "hard", "movement": "impassable"}],
  "models": [
    {"id": "west", "class": "infantry", "position": [2, 12], "facing": 0, "base": {"shape": "circle", "diameter": 1}},
    {"id": "east", "class": "infantry", "position": [22, 12], "facing": 180, "base": {"shape": "circle", "diameter": 1}}],
  "queries": [{"id": "ew", "kind": "range", "from": "west", "to": "east", "mode": "center"}]}`

// fields decodes an answer and returns the named fields.
func fields(t *testing.T, b []byte, names ...string) []any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("answer %s: %v", b, err)
	}
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = m[n]
	}
	return out
}

func open(t *testing.T, doc string) *Table {
	t.Helper()
	tb, err := Open([]byte(doc))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return tb
}

func TestMeasure(t *testing.T) {
	tb := open(t, block)
	tests := []struct {
		req   string
		names []string
		want  []any
	}{
		// 3-4-5 between two points on the table
		{`{"kind": "range", "from": [0, 0], "to": [3, 4]}`, []string{"id", "distance", "vertical"}, []any{"range", 5.0, 0.0}},
		// from a point 2 in up: 12 in across, 2 in up
		{`{"kind": "range", "from": [10, 2, 2], "to": [22, 2]}`, []string{"distance", "vertical"}, []any{12.0, 2.0}},
		// model centre (2, 12) to a point 6 in north of it, turned round so "from" is the model
		{`{"id": "r", "kind": "range", "from": "west", "to": [2, 18], "mode": "center"}`, []string{"id", "distance", "toPoint"}, []any{"r", 6.0, []any{2.0, 18.0, 0.0}}},
		// edge to edge between the models: 20 in between centres, minus two 0.5 in radii
		{`{"kind": "range", "from": "west", "to": "east", "mode": "edge"}`, []string{"distance"}, []any{19.0}},
		// the block stands between the two points at eye height 1: it blocks where the line enters it, x = 10
		{`{"kind": "sight", "from": [2, 12, 1], "to": [22, 12, 1]}`, []string{"visible", "blockedBy", "blockPoint"}, []any{false, "block", []any{10.0, 12.0, 1.0}}},
		// along y = 2 nothing is in the way
		{`{"kind": "sight", "from": [2, 2, 1], "to": [22, 2, 1]}`, []string{"visible", "blockedBy"}, []any{true, nil}},
		// an eye 20 in up sees over the 5 in block: the line to the foot of
		// the target clears the far edge (x = 14) at 20 - 20 * 12/20 = 8 in
		{`{"kind": "sight", "from": [2, 12, 20], "to": "east"}`, []string{"visible"}, []any{true}},
		// at 1 in the block hides the whole model from the west
		{`{"kind": "visible-fraction", "from": [2, 12, 1], "to": "east"}`, []string{"fraction"}, []any{0.0}},
		// from the south-west corner the model is in plain sight
		{`{"kind": "visible-fraction", "from": [22, 2, 1], "to": "east"}`, []string{"fraction"}, []any{1.0}},
		// west faces +x: a point due east is in its front arc, bearing 0; a point due west is rear, 180
		{`{"kind": "arc", "from": "west", "to": [8, 12]}`, []string{"arcOf", "bearing"}, []any{"front", 0.0}},
		{`{"kind": "arc", "from": "west", "to": [0, 12]}`, []string{"arcOf", "bearing"}, []any{"rear", 180.0}},
	}
	for _, tt := range tests {
		b, err := tb.Measure([]byte(tt.req))
		if err != nil {
			t.Errorf("Measure(%s): %v", tt.req, err)
			continue
		}
		if got := fields(t, b, tt.names...); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Measure(%s) %v = %v, want %v", tt.req, tt.names, got, tt.want)
		}
	}
}

func TestMeasureUnits(t *testing.T) {
	tb := open(t, `{"sightline": 1, "units": "cm", "table": {"width": 100, "depth": 100}}`)
	b, err := tb.Measure([]byte(`{"kind": "range", "from": [0, 0], "to": [30, 40]}`))
	if err != nil {
		t.Fatal(err)
	}
	// 50 cm is 19.685039370 in (rounded to 1e-9 in); the cm block says 50
	got := fields(t, b, "distance", "cm")
	if got[0] != 19.68503937 || got[1].(map[string]any)["distance"] != 50.0 {
		t.Errorf("range of 50 cm = %s, want distance 19.68503937 and cm.distance 50", b)
	}
}

func TestEdits(t *testing.T) {
	tb := open(t, block)
	if err := tb.PlaceModel("east", []byte(`{"position": [2, 20], "facing": 90}`)); err != nil {
		t.Fatalf("PlaceModel: %v", err)
	}
	b, err := tb.Results()
	if err != nil {
		t.Fatal(err)
	}
	var res struct{ Results []map[string]any }
	if err := json.Unmarshal(b, &res); err != nil || len(res.Results) != 1 || res.Results[0]["distance"] != 8.0 {
		t.Errorf("after moving east to (2, 20), Results = %s, want range ew 8", b)
	}
	if m, _ := tb.File().Battlefield().Model("east"); m.Facing.Degrees() != 90 {
		t.Errorf("facing after PlaceModel = %v, want 90", m.Facing.Degrees())
	}
	if err := tb.AddModel([]byte(`{"id": "north", "class": "infantry", "position": [12, 22]}`)); err != nil {
		t.Fatalf("AddModel: %v", err)
	}
	b, err = tb.Measure([]byte(`{"kind": "range", "from": "north", "to": [12, 20], "mode": "center"}`))
	if err != nil || fields(t, b, "distance")[0] != 2.0 {
		t.Errorf("range from the added model = %s, %v, want 2", b, err)
	}
	if err := tb.RemoveModel("east"); err != nil {
		t.Fatalf("RemoveModel: %v", err)
	}
	// the query naming east is answered with an error, as the CLI reports it
	b, err = tb.Results()
	if err != nil {
		t.Fatal(err)
	}
	var after struct {
		Results []struct {
			ID    string
			Error struct{ Message, Path string }
		}
	}
	if err := json.Unmarshal(b, &after); err != nil || len(after.Results) != 1 ||
		after.Results[0].Error.Path != "queries[0].to" || !strings.Contains(after.Results[0].Error.Message, `unknown model "east"`) {
		t.Errorf("Results after removing a queried model = %s, want ew with error at queries[0].to", b)
	}
}

func TestErrorsNamePaths(t *testing.T) {
	tb := open(t, block)
	tests := []struct {
		name string
		call func() error
		msg  string // prefix
		is   error
	}{
		{"bad model", func() error {
			return tb.AddModel([]byte(`{"id": "x", "class": "infantry", "position": [1, "a"]}`))
		}, `model.position[1]: want a number, got string "a"`, nil},
		{"duplicate", func() error {
			return tb.AddModel([]byte(`{"id": "west", "class": "infantry", "position": [1, 1]}`))
		}, `model.id: duplicate id "west"`, terrain.ErrDuplicateID},
		{"off table", func() error { return tb.PlaceModel("west", []byte(`{"position": [30, 1]}`)) }, "models[0]", terrain.ErrOffTable},
		{"unknown id", func() error { return tb.PlaceModel("nobody", []byte(`{"facing": 1}`)) }, `id: unknown model "nobody"`, terrain.ErrUnknownID},
		{"bad facing", func() error { return tb.PlaceModel("west", []byte(`{"facing": "north"}`)) }, "placement.facing: ", nil},
		{"unknown placement field", func() error { return tb.PlaceModel("west", []byte(`{"x": 1}`)) }, "placement.x: ", nil},
		{"query to", func() error {
			_, err := tb.Answer([]byte(`{"id": "q", "kind": "sight", "from": "west", "to": "nobody"}`))
			return err
		}, `query.to: unknown model "nobody"`, nil},
		{"query syntax", func() error { _, err := tb.Answer([]byte(`{"id": "q",`)); return err }, "query: ", nil},
		{"point length", func() error { _, err := tb.Measure([]byte(`{"kind": "range", "from": [1], "to": "west"}`)); return err }, "query.from: want a point", nil},
		{"point type", func() error { _, err := tb.Measure([]byte(`{"kind": "range", "from": 3, "to": "west"}`)); return err }, "query.from: want a model id or a point", nil},
		{"point kind", func() error {
			_, err := tb.Measure([]byte(`{"kind": "move", "from": [1, 1], "to": "west"}`))
			return err
		}, "query.kind: ", nil},
		{"unknown id with a point", func() error {
			_, err := tb.Measure([]byte(`{"kind": "sight", "from": [1, 1, 1], "to": "nobody"}`))
			return err
		}, "query.to: ", nil},
		{"document", func() error {
			_, err := Open([]byte(`{"sightline": 1, "table": {"width": "x", "depth": 1}}`))
			return err
		}, `table.width: want a number, got string "x"`, nil},
	}
	for _, tt := range tests {
		err := tt.call()
		if err == nil || !strings.HasPrefix(err.Error(), tt.msg) || tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s: error = %v, want prefix %q (wrapping %v)", tt.name, err, tt.msg, tt.is)
		}
	}
	// a failed edit leaves the table as it was
	if m, _ := tb.File().Battlefield().Model("west"); m.Position.X != 2 {
		t.Errorf("west moved to %v by a failed edit", m.Position)
	}
}

func TestDefaultResults(t *testing.T) {
	b, err := OpenDefault().Results()
	if err != nil {
		t.Fatal(err)
	}
	var res struct{ Results []map[string]any }
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	// the README's example: sabre-1 to hunter-1 centre to centre
	if r := res.Results[0]; r["id"] != "range-center" || r["distance"] != 34.296501279 {
		t.Errorf("first default answer = %v, want range-center 34.296501279", r)
	}
}
