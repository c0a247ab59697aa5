package tactics

import (
	"github.com/golang/geo/s1"

	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// squadScene is a tank of squad "a" whose view of a scout is hidden
// entirely by a tall model of squad mateSquad standing between them: the
// mate's 6 in wide, 3 in tall hull at x = 8 covers every line from the
// tank's eye (4, 12, 0.4) to the scout's volume (x 11.5…12.5, y
// 11.5…12.5, height 1).
func squadScene(t *testing.T, mateSquad string) *terrain.Battlefield {
	t.Helper()
	tank := terrain.Model{ID: "tank", Side: "red", Squad: "a", Class: terrain.Vehicle, Position: geom.Pt(4, 12), Level: 1,
		Hull: terrain.Hull{Length: 2, Width: 1.2, Height: 0.8}}
	mate := terrain.Model{ID: "mate", Side: "red", Squad: mateSquad, Class: terrain.Vehicle, Position: geom.Pt(8, 12), Level: 1,
		Hull: terrain.Hull{Length: 1.5, Width: 6, Height: 3}}
	scout := terrain.Model{ID: "scout", Side: "blue", Class: terrain.Infantry, Position: geom.Pt(12, 12), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}}
	bf, err := terrain.New(terrain.Table{Width: 24, Depth: 24}, nil, []terrain.Model{tank, mate, scout})
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

// TestGainSightOwnSquad: gain-sight applies the sight policy of a sight
// query between the two models, own-squad see-through included. The
// expectations are the sight query's: through one model of its own squad
// the tank already sees the scout (no move); otherwise it must move.
func TestGainSightOwnSquad(t *testing.T) {
	tests := []struct {
		squad   string
		through int
		already bool
	}{
		{"a", 1, true},  // the mate is of the tank's squad: seen through it
		{"a", 0, false}, // no see-through: blocked
		{"b", 1, false}, // another squad's model blocks
	}
	for _, tt := range tests {
		bf := squadScene(t, tt.squad)
		opt := los.Options{ThroughOwnSquad: tt.through}
		sq, err := los.Sight(bf, "tank", "scout", opt)
		if err != nil || sq.Visible != tt.already {
			t.Fatalf("squad %q through %d: the sight query says visible %v (%v), want %v", tt.squad, tt.through, sq.Visible, err, tt.already)
		}
		a, err := GainSight(movement.NewRouter(bf), GainRequest{Move: Move{Model: "tank", Allowance: 6, Sight: opt}, Target: "scout"})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Found || a.Already != tt.already {
			t.Errorf("squad %q through %d: found %v already %v, want found, already %v", tt.squad, tt.through, a.Found, a.Already, tt.already)
		}
		if !tt.already && a.Found {
			mb, err := Moved(bf, "tank", a.At, s1.Angle(a.FacingDeg*s1.Degree.Radians()))
			if err != nil {
				t.Fatal(err)
			}
			if r, err := los.Sight(mb, "tank", "scout", opt); err != nil || !r.Visible {
				t.Errorf("squad %q through %d: at %v the sight query does not see the scout (%v)", tt.squad, tt.through, a.At, err)
			}
			if a.Route.Cost <= 0 {
				t.Errorf("squad %q through %d: cost %v, want a move", tt.squad, tt.through, a.Route.Cost)
			}
		}
		if len(a.Proof) != 1 || !a.Proof[0].Clear {
			t.Errorf("squad %q through %d: proof %+v, want one clear line", tt.squad, tt.through, a.Proof)
		}
	}
}
