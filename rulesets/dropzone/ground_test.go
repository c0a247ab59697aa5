package dropzone

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// DZC-50 with the ground: a low wall (1.3 in) in front of a garrison's
// wall hides its lower part, sight height 1.5 included; the part above it
// is still a target. A garrison on the third floor is targeted on that
// floor's part of the wall, and a spotter on a hill shoots from its top.
func TestGarrisonWallHeightsDZC50(t *testing.T) {
	wl := terrain.Wall{ID: "n", From: geom.Pt(14, 10), To: geom.Pt(10, 10)}
	low := wall("low", 8, 11.5, 16, 12, 1.3, terrain.Impassable)
	b := bld("b", 10, 6, 14, 10, 3, 1, wl)
	bf := field(t, []terrain.Piece{b, low}, inf("s", "a", "u", 12, 16), garrisoned("g", "g", "x", "b", "n", 12, 8))
	v := mustShot(t, bf, "s", "g", Weapon{Range: Reach{Inches: 12}, BS: 3}, DefaultOptions())
	if !v.Legal || !near(measure(v.Measures, "range"), 6, 1e-9) {
		t.Errorf("half-hidden wall: %s, want legal at 6 in (the wall's face above the low wall)", v.Paragraph())
	}
	// Three storeys of 2 in, the garrison on the third: windows on the
	// first floor only are not its windows.
	b3 := bld("b", 10, 6, 14, 10, 6, 3, terrain.Wall{ID: "n", From: geom.Pt(14, 10), To: geom.Pt(10, 10), Windows: []geom.Vec3{geom.V3(12, 10, 1)}})
	g3 := garrisoned("g", "g", "x", "b", "n", 12, 8)
	g3.Garrison.Floor = 3
	bf = field(t, []terrain.Piece{b3}, inf("s", "a", "u", 12, 16), g3)
	if g, _ := bf.Model("g"); g.Ground() != 4 {
		t.Fatalf("third-floor garrison stands at %v, want 4", g.Ground())
	}
	v = mustShot(t, bf, "g", "s", Weapon{Range: Reach{Inches: 12}, BS: 3}, DefaultOptions())
	if v.Legal {
		t.Errorf("third-floor garrison with windows on the first floor only: %s, want refused", v.Paragraph())
	}
	// A spotter on a hill (2 in) sees over a 1.5 in wall a tank on the
	// table behind it; from the hill's foot it does not.
	hill := wall("hill", 0, 0, 10, 10, 2, terrain.Open)
	hill.Cover = terrain.CoverNone
	screen := wall("screen", 14, 0, 14.5, 10, 1.5, terrain.Impassable)
	tank := terrain.Model{ID: "t", Squad: "t", Side: "x", Class: terrain.Vehicle, Position: geom.Pt(20, 5), Level: 1,
		Facing: math.Pi, Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}}
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{9.5, true}, {11, false}} {
		bf = field(t, []terrain.Piece{hill, screen}, inf("s", "a", "u", tc.x, 5), tank)
		v = mustShot(t, bf, "s", "t", Weapon{Range: Reach{Inches: 24}, BS: 3}, DefaultOptions())
		if v.Legal != tc.legal {
			t.Errorf("spotter at x %v: %s, want legal %v", tc.x, v.Paragraph(), tc.legal)
		}
	}
}
