package movement

import (
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestExplainWords: a scatter toward compass bearing 90 says so (it is 0°
// counter-clockwise from +x), and one touched model is "1 other model".
func TestExplainWords(t *testing.T) {
	r, err := Scatter(geom.Pt(10, 10), CompassToDirection(90), 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Explain(); !strings.Contains(s, "compass bearing 90.0°") || !strings.Contains(s, "to (13.000, 10.000)") {
		t.Errorf("Explain() = %q, want compass bearing 90.0° and the point (13, 10)", s)
	}
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 other models"}, {1, "1 other model"}, {2, "2 other models"}} {
		if got := count(tc.n, "other model", "other models"); got != tc.want {
			t.Errorf("count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	for _, d := range []float64{0, 45, 90, 270, 359} {
		if got := CompassToDirection(DirectionToCompass(d)); got != d {
			t.Errorf("CompassToDirection(DirectionToCompass(%v)) = %v", d, got)
		}
	}
}
