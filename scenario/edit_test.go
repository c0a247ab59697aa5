package scenario

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func TestWithModels(t *testing.T) {
	f := Default()
	models := slices.Clone(f.Battlefield().Models()) // Models is the battlefield's own slice
	i := -1
	for j := range models {
		if models[j].ID == "sabre-1" {
			i = j
		}
	}
	if i < 0 {
		t.Fatal("default scenario has no sabre-1")
	}
	models[i].Position = geom.Pt(10, 10)
	g, err := f.WithModels(models)
	if err != nil {
		t.Fatalf("WithModels(sabre-1 at (10, 10)): %v", err)
	}
	if m, _ := g.Battlefield().Model("sabre-1"); m.Position != geom.Pt(10, 10) {
		t.Errorf("moved sabre-1 is at %v, want (10, 10)", m.Position)
	}
	if m, _ := f.Battlefield().Model("sabre-1"); m.Position != geom.Pt(6, 25.5) {
		t.Errorf("WithModels changed the original: sabre-1 at %v, want (6, 25.5)", m.Position)
	}
	if len(g.Queries) != len(f.Queries) || g.Ruleset != f.Ruleset {
		t.Errorf("WithModels lost queries or ruleset")
	}

	// without hunter-1 the queries naming it cannot be answered; with it
	// back they can
	var j int
	for j = range models {
		if models[j].ID == "hunter-1" {
			break
		}
	}
	h, err := f.WithModels(slices.Delete(slices.Clone(models), j, j+1))
	if err != nil {
		t.Fatal(err)
	}
	if q := h.Queries[0]; q.To != "hunter-1" || q.Err == nil || !strings.HasPrefix(q.Err.Error(), `queries[0].to: unknown model "hunter-1"`) {
		t.Errorf("query 0 after removing hunter-1: Err = %v, want queries[0].to: unknown model", q.Err)
	}
	if f.Queries[0].Err != nil {
		t.Errorf("WithModels changed the original's queries: %v", f.Queries[0].Err)
	}
	back, err := h.WithModels(models)
	if err != nil || back.Queries[0].Err != nil {
		t.Errorf("hunter-1 back: %v, query 0 Err = %v; want answerable", err, back.Queries[0].Err)
	}

	models[i].Position = geom.Pt(100, 10) // off the 48 x 48 table
	_, err = f.WithModels(models)
	if err == nil || !errors.Is(err, terrain.ErrOffTable) || !strings.HasPrefix(err.Error(), "models[") {
		t.Errorf("WithModels(off the table) error = %v, want models[%d]...: off the table", err, i)
	}
}

func TestDecodeModel(t *testing.T) {
	f, err := DecodeBytes([]byte(`{"sightline": 1, "units": "cm", "table": {"width": 120, "depth": 120}}`))
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.DecodeModel([]byte(`{"id": "a", "class": "infantry", "position": [25.4, 50.8], "facing": 90}`), "model")
	if err != nil {
		t.Fatalf("DecodeModel: %v", err)
	}
	if m.ID != "a" || m.Position != geom.Pt(10, 20) {
		t.Errorf("DecodeModel in cm = %s at %v, want a at (10, 20) in", m.ID, m.Position)
	}
	tests := []struct{ in, msg string }{
		{`{"id": "a", "class": "infantry"}`, "model.position: "},
		{`{"id": "a", "class": "infantry", "position": [1, "x"]}`, `model.position[1]: want a number, got string "x"`},
		{`{"id": "a", "class": "tank", "position": [1, 1]}`, "model.class: "},
		{`[1]`, "model: "},
	}
	for _, tt := range tests {
		if _, err := f.DecodeModel([]byte(tt.in), "model"); err == nil || !strings.HasPrefix(err.Error(), tt.msg) {
			t.Errorf("DecodeModel(%s) error = %v, want prefix %q", tt.in, err, tt.msg)
		}
	}
}

func TestDecodeQueryAt(t *testing.T) {
	f := Default()
	q, err := f.DecodeQueryAt([]byte(`{"id": "q", "kind": "range", "from": "sabre-1", "to": "hunter-1"}`), "query")
	if err != nil {
		t.Fatalf("DecodeQueryAt: %v", err)
	}
	if q.From != "sabre-1" || q.To != "hunter-1" || q.JSONPath != "query" || q.Raw == nil {
		t.Errorf("DecodeQueryAt = %+v, want range sabre-1 -> hunter-1 at path query with raw JSON", q)
	}
	tests := []struct{ in, msg string }{
		{`{"id": "q", "kind": "range", "from": "sabre-1", "to": "nobody"}`, `query.to: unknown model "nobody"`},
		{`{"id": "q", "kind": "range", "from": "sabre-1"}`, "query.to: "},
		{`{"id": "q", "kind": "sight", "from": "sabre-1", "to": "hunter-1", "color": 1}`, "query.color: "},
		{`{"id": "q", "kind": "range", "from": "sabre-1", "to": "hunter-1"`, "query: "},
	}
	for _, tt := range tests {
		if _, err := f.DecodeQueryAt([]byte(tt.in), "query"); err == nil || !strings.HasPrefix(err.Error(), tt.msg) {
			t.Errorf("DecodeQueryAt(%s) error = %v, want prefix %q", tt.in, err, tt.msg)
		}
	}
}
