package scenario

import (
	"errors"
	"strings"
	"testing"
)

// TestRulesetFieldsOnShotAndMove: a game's shot and move queries may carry
// the game's own fields (kept in Extra); a generic file's may not, and
// other core kinds stay strict under every ruleset.
func TestRulesetFieldsOnShotAndMove(t *testing.T) {
	const tmpl = `{"sightline": 1, "ruleset": %q, "table": {"width": 10, "depth": 10},
	 "models": [{"id": "a", "class": "vehicle", "position": [1, 1]}, {"id": "b", "class": "vehicle", "position": [5, 5]}],
	 "queries": [%s]}`
	tests := []struct {
		ruleset, query string
		wantErr        string // "" means valid
	}{
		{"dropzone-commander", `{"id": "q", "kind": "shot", "shooter": "a", "target": "b", "moved": 3}`, ""},
		{"code-red", `{"id": "q", "kind": "move", "model": "a", "path": [[1, 1], [2, 2]], "jump": true}`, ""},
		{"generic", `{"id": "q", "kind": "shot", "shooter": "a", "target": "b", "moved": 3}`, "queries[0].moved: unknown field"},
		{"dropzone-commander", `{"id": "q", "kind": "sight", "from": "a", "to": "b", "moved": 3}`, "queries[0].moved: unknown field"},
	}
	for _, tt := range tests {
		src := strings.Replace(strings.Replace(tmpl, "%q", `"`+tt.ruleset+`"`, 1), "%s", tt.query, 1)
		f, err := DecodeBytes([]byte(src))
		if tt.wantErr == "" {
			if err != nil {
				t.Errorf("%s %s: %v", tt.ruleset, tt.query, err)
				continue
			}
			if len(f.Queries[0].Extra) != 1 {
				t.Errorf("%s %s: Extra = %v, want the one game field", tt.ruleset, tt.query, f.Queries[0].Extra)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrUnknownField) {
			t.Errorf("%s %s: error %v, want %q (ErrUnknownField)", tt.ruleset, tt.query, err, tt.wantErr)
		}
	}
}
