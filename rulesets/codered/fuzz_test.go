package codered

import (
	"encoding/json"
	"testing"
)

// FuzzParseOptions checks that any options object either parses or fails
// with ErrOption, never panics.
func FuzzParseOptions(f *testing.F) {
	f.Add(`{"spacing":"chain"}`)
	f.Add(`{"closeRange":1e400}`)
	f.Add(`{"vehicleLevel":1.5}`)
	f.Fuzz(func(t *testing.T, s string) {
		var raw map[string]json.RawMessage
		if json.Unmarshal([]byte(s), &raw) != nil {
			return
		}
		_, _ = ParseOptions(raw)
	})
}
