package terrain

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestUserMessage: Go decoding internals and geom function names never
// reach the user through a FieldError.
func TestUserMessage(t *testing.T) {
	var v struct{ Range float64 }
	jerr := json.Unmarshal([]byte(`{"Range": "far"}`), &v)
	tests := []struct {
		err  error
		want string
	}{
		{jerr, `q.weapon: want a number, got string`},
		{fmt.Errorf("geom: ConvexPieces: %w", errors.New("geom: triangulation stalled")), "q.weapon: triangulation stalled"},
	}
	for _, tt := range tests {
		got := (&FieldError{Path: "q.weapon", Err: tt.err}).Error()
		if got != tt.want || strings.Contains(got, "Go ") || strings.Contains(got, "geom:") {
			t.Errorf("FieldError{%v}.Error() = %q, want %q", tt.err, got, tt.want)
		}
	}
}
