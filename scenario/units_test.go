package scenario

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorsInFileUnits: a cm file's table error speaks cm, with inches
// beside, and is still the *Error at its path.
func TestErrorsInFileUnits(t *testing.T) {
	_, err := Load("testdata/units/off-table-cm.json")
	var e *Error
	if !errors.As(err, &e) || e.Path != "models[0].position" {
		t.Fatalf("err = %v, want an *Error at models[0].position", err)
	}
	if want := "(250, 20) lies outside the 200 x 120 cm (78.74 x 47.24 in) table"; !strings.Contains(err.Error(), want) {
		t.Errorf("err = %q, want %q", err, want)
	}
}
