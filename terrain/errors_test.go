package terrain

import (
	"errors"
	"fmt"
	"testing"
)

func TestAtPath(t *testing.T) {
	inner := &FieldError{Path: "queries[2].weapon.range", Value: `"30"`, Err: ErrInvalidValue}
	wrapped := fmt.Errorf("shot: %w", inner)
	plain := errors.New("no such arc")
	tests := []struct {
		path string
		err  error
		want string
	}{
		{"queries[2]", inner, "queries[2].weapon.range: invalid value"},
		{"queries[2]", wrapped, "shot: queries[2].weapon.range: invalid value"},
		{"queries[2].arc", plain, "queries[2].arc: no such arc"},
		{"", plain, "no such arc"},
	}
	for _, tt := range tests {
		got := AtPath(tt.path, tt.err)
		if got.Error() != tt.want {
			t.Errorf("AtPath(%q, %v) = %q, want %q", tt.path, tt.err, got, tt.want)
		}
		var fe *FieldError
		if !errors.As(got, &fe) || !errors.Is(got, tt.err) {
			t.Errorf("AtPath(%q, %v) = %#v, want a *FieldError wrapping the error", tt.path, tt.err, got)
		}
	}
	if AtPath("x", nil) != nil {
		t.Error("AtPath(x, nil) != nil")
	}
}
