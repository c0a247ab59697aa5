//go:build sightline_nooverlay

package geom

import "fmt"

// unionOffset reports ErrNoOverlay: this build has no overlay.
func unionOffset(pieces []Polygon) (Polygon, error) {
	return Polygon{}, fmt.Errorf("%w: union of %d pieces: %w", ErrOffset, len(pieces), ErrNoOverlay)
}
