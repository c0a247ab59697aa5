package jsapi

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/sightline/sightline/terrain"
)

// FuzzMeasure checks that Measure never panics, that what it answers is a
// JSON object, and that every error it returns names a path
// (*terrain.FieldError).
func FuzzMeasure(f *testing.F) {
	tb, err := Open([]byte(block))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		`{"kind": "range", "from": [0, 0], "to": [3, 4]}`,
		`{"kind": "sight", "from": [2, 12, 1], "to": "east"}`,
		`{"kind": "visible-fraction", "from": "west", "to": "east"}`,
		`{"kind": "arc", "from": "west", "to": [8, 12]}`,
		`{"kind": "range", "from": "west", "to": "east", "mode": "edge"}`,
		`{"kind": "sight", "from": [1e308, 0], "to": "east"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, req []byte) {
		b, err := tb.Measure(req)
		if err != nil {
			var fe *terrain.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Measure(%s) error %v names no path", req, err)
			}
			return
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil || m["kind"] == nil {
			t.Fatalf("Measure(%s) = %s, not an answer object", req, b)
		}
	})
}
