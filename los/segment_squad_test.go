package los

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestSightSegmentThroughOwnSquadCount: a level sightline from inside the
// shooter's hull through one tank of its squad. ThroughOwnSquad 1 lets it
// pass (counted); 0 and a negative count let none pass (the tank blocks,
// entered at x = 11, and nothing is counted; a negative count panicked).
func TestSightSegmentThroughOwnSquadCount(t *testing.T) {
	bf := mustBF(t, nil, []terrain.Model{
		tank("shooter", "s", 5, 12, 2, 1, 2),
		tank("mate", "s", 12, 12, 2, 1, 2),
	})
	tests := []struct {
		n      int
		clear  bool
		passed int
	}{
		{1, true, 1},
		{0, false, 0},
		{-1, false, 0},
		{-5, false, 0},
	}
	for _, tc := range tests {
		got := SightSegment(bf, geom.V3(5, 12, 1), geom.V3(20, 12, 1), Options{ThroughOwnSquad: tc.n}, "shooter")
		if got.Clear != tc.clear || got.SquadPassed != tc.passed {
			t.Errorf("ThroughOwnSquad %d: clear %v, SquadPassed %d, want %v, %d (%s)", tc.n, got.Clear, got.SquadPassed, tc.clear, tc.passed, got.Explain())
			continue
		}
		if !tc.clear && (got.Blocker.ID != "mate" || got.Blocker.At != geom.V3(11, 12, 1)) {
			t.Errorf("ThroughOwnSquad %d: blocker %q at %v, want mate at (11, 12, 1)", tc.n, got.Blocker.ID, got.Blocker.At)
		}
	}
}
