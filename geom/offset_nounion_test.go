//go:build sightline_nooverlay

package geom

import (
	"errors"
	"testing"
)

// overlayBuilt reports whether this test build has the general polygon
// overlay: not under the tag sightline_nooverlay.
const overlayBuilt = false

// Without the overlay, convex polygons are still offset and the others
// report ErrNoOverlay (wrapped in ErrOffset).
func TestOffsetWithoutOverlay(t *testing.T) {
	square := PolygonFromPoints(Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2))
	if _, err := Offset(square, 1, 0.01); err != nil {
		t.Errorf("Offset(square) = %v, want no error", err)
	}
	ell := PolygonFromPoints(Pt(0, 0), Pt(4, 0), Pt(4, 1), Pt(1, 1), Pt(1, 4), Pt(0, 4))
	_, err := Offset(ell, 1, 0.01)
	if !errors.Is(err, ErrNoOverlay) || !errors.Is(err, ErrOffset) {
		t.Errorf("Offset(L shape) error = %v, want ErrNoOverlay and ErrOffset", err)
	}
}
