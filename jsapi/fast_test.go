package jsapi

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
)

// TestPairIsTheQuery checks the fast road against the query's: every
// range, sight, visible-fraction and arc query of the default scenario and
// of the example scenarios, asked with Pair, gives the bytes Answer gives.
func TestPairIsTheQuery(t *testing.T) {
	docs := exampleDocs(t)
	n := 0
	for name, doc := range docs {
		tb, err := Open(doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var raw struct{ Queries []json.RawMessage }
		if err := json.Unmarshal(doc, &raw); err != nil {
			t.Fatal(err)
		}
		for i, q := range tb.File().Queries {
			option := q.Mode
			if q.Kind == "arc" {
				option = q.Arc
			}
			switch q.Kind {
			case "range", "sight", "visible-fraction", "arc":
			default:
				continue
			}
			// the query as written, with its id replaced by its kind as Pair names it
			var m map[string]any
			if err := json.Unmarshal(raw.Queries[i], &m); err != nil {
				t.Fatal(err)
			}
			m["id"] = q.Kind
			qb, _ := json.Marshal(m)
			want, err := tb.Answer(qb)
			if err != nil {
				t.Fatalf("%s %s: Answer: %v", name, q.ID, err)
			}
			got, err := tb.Pair(q.Kind, q.From, q.To, option)
			if err != nil {
				t.Fatalf("%s %s: Pair: %v", name, q.ID, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s: Pair =\n%s\nwant the query's answer\n%s", name, q.ID, got, want)
			}
			n++
		}
	}
	if n < 10 {
		t.Errorf("compared %d answers, want the queries of every scenario (at least 10)", n)
	}
}

func TestMoveRotate(t *testing.T) {
	tb := open(t, block)
	if err := tb.MoveModel("east", 2, 20); err != nil {
		t.Fatal(err)
	}
	if err := tb.RotateModel("east", -90); err != nil {
		t.Fatal(err)
	}
	b, err := tb.Pair("range", "west", "east", "center")
	if err != nil || fields(t, b, "distance")[0] != 8.0 {
		t.Errorf("range after MoveModel(east, 2, 20) = %s, %v; want 8", b, err)
	}
	// east at (2, 20) now faces -y: west, at (2, 12), is straight ahead
	b, err = tb.Pair("arc", "east", "west", "")
	if err != nil || fields(t, b, "arcOf")[0] != "front" {
		t.Errorf("arc of west from east facing -90 = %s, %v; want front", b, err)
	}
	tests := []struct {
		err  error
		path string
	}{
		{tb.MoveModel("east", 2e6, 1), "position[0]"},
		{tb.MoveModel("east", 1, math.NaN()), "position[1]"},
		{tb.MoveModel("east", 30, 1), "models[1].position"},
		{tb.RotateModel("east", 2e6), "facing"},
		{tb.MoveModel("nobody", 1, 1), "id"},
	}
	for i, tt := range tests {
		if tt.err == nil || !strings.HasPrefix(tt.err.Error(), tt.path+": ") {
			t.Errorf("case %d: error %v, want one at %s", i, tt.err, tt.path)
		}
	}
}

// exampleDocs returns the default scenario and every example scenario, by
// name.
func exampleDocs(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{"default": scenario.DefaultJSON()}
	files, _ := filepath.Glob("../examples/*/scenario.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[f] = b
	}
	return docs
}
