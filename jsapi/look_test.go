package jsapi

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestLookIsPair checks Look against Pair: from every model of the default
// scenario and of each example scenario to all the other models, each
// field of each entry holds the bytes of that field in Pair's answer of
// its kind (the games that answer sight or range themselves take Pair's
// query road in both).
func TestLookIsPair(t *testing.T) {
	docs := exampleDocs(t)
	n := 0
	for name, doc := range docs {
		tb, err := Open(doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		models := tb.File().Models
		for _, from := range models {
			var targets []string
			for _, to := range models {
				if to.ID != from.ID {
					targets = append(targets, to.ID)
				}
			}
			for _, mode := range []string{"", "edge"} {
				b, err := tb.Look(from.ID, targets, mode)
				if err != nil {
					t.Errorf("%s: Look(%s, mode %q): %v", name, from.ID, mode, err)
					continue
				}
				var got []map[string]json.RawMessage
				if err := json.Unmarshal(b, &got); err != nil {
					t.Fatalf("%s: Look(%s) = %s: %v", name, from.ID, b, err)
				}
				if len(got) != len(targets) {
					t.Fatalf("%s: Look(%s) has %d entries, want %d", name, from.ID, len(got), len(targets))
				}
				for i, to := range targets {
					if s := string(got[i]["to"]); s != `"`+to+`"` {
						t.Errorf("%s: Look(%s)[%d].to = %s, want %q", name, from.ID, i, s, to)
					}
					for _, f := range lookFields {
						option := ""
						if f.kind == "range" {
							option = mode
						}
						pb, err := tb.Pair(f.kind, from.ID, to, option)
						if err != nil {
							t.Fatalf("%s: Pair(%s, %s, %s): %v (Look answered)", name, f.kind, from.ID, to, err)
						}
						var want map[string]json.RawMessage
						if err := json.Unmarshal(pb, &want); err != nil {
							t.Fatal(err)
						}
						w, ok := want[f.name]
						if !ok {
							w = json.RawMessage("null")
						}
						if !bytes.Equal(got[i][f.name], w) {
							t.Errorf("%s: Look(%s)[%s].%s = %s, want %s as in %s", name, from.ID, to, f.name, got[i][f.name], w, pb)
						}
						n++
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("compared %d fields, want every pair of models of every scenario (at least 1000)", n)
	}
}

func TestLookErrors(t *testing.T) {
	tb := open(t, block)
	tests := []struct {
		from    string
		targets []string
		mode    string
		path    string
	}{
		{"nobody", []string{"east"}, "", "from"},
		{"west", []string{"east", "nobody"}, "", "targets[1]"},
		{"west", []string{"east"}, "far", "range"},
	}
	for _, tt := range tests {
		_, err := tb.Look(tt.from, tt.targets, tt.mode)
		if err == nil || !strings.HasPrefix(err.Error(), tt.path+": ") {
			t.Errorf("Look(%q, %q, %q) error = %v, want one at %s", tt.from, tt.targets, tt.mode, err, tt.path)
		}
	}
	b, err := tb.Look("west", nil, "")
	if err != nil || string(b) != "[]" {
		t.Errorf("Look(west, no targets) = %s, %v; want []", b, err)
	}
}
