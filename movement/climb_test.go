package movement

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// hillTiers is a two-tier hill: slope x 10..30 (1 in), top x 15..25 (2
// in), both open ground.
func hillTiers() []terrain.Piece {
	slope := terrain.Piece{ID: "slope", Kind: terrain.Solid, Footprint: box(10, 0, 30, 20), Height: 1, Sight: terrain.SightBlocking,
		Cover: terrain.CoverNone, Movement: terrain.MovementRule{Default: terrain.Open}, Level: 2}
	top := slope
	top.ID, top.Footprint, top.Height, top.Level = "top", box(15, 0, 25, 20), 2, 3
	return []terrain.Piece{slope, top}
}

// A climb onto the top tier costs ClimbFactor per inch climbed; coming
// down is free; the climb is reported even when free.
func TestClimbCost(t *testing.T) {
	bf := field(t, hillTiers(), []terrain.Model{disc("i", terrain.Infantry, 5, 10, 1)})
	prof := ProfileFor(terrain.Infantry)
	prof.ClimbFactor = 2
	tests := []struct {
		path        []geom.Point
		climb, cost float64
	}{
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(20, 10)}, 2, 15 + 4},                 // up both tiers
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(35, 10)}, 2, 30 + 4},                 // over the hill and down
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(12, 10)}, 1, 7 + 2},                  // onto the slope
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(5, 15)}, 0, 5},                       // flat
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(15, 10)}, 2, 10 + 4},                 // ends on the top tier's edge: the higher side
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(10, 10)}, 1, 5 + 2},                  // ends on the slope's edge
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(9.99, 10)}, 0, 4.99},                 // short of it
		{[]geom.Point{geom.Pt(5, 10), geom.Pt(20, 10), geom.Pt(5, 10)}, 2, 30 + 4}, // up and back: only the climb costs
	}
	for _, tc := range tests {
		r, err := CheckPath(bf, "i", tc.path, PathOptions{Profile: &prof})
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.Climb, tc.climb, 1e-9) || !near(r.Cost, tc.cost, 1e-9) || !r.Legal {
			t.Errorf("CheckPath(%v) = climb %v cost %v legal %v, want climb %v cost %v legal (%s)", tc.path, r.Climb, r.Cost, r.Legal, tc.climb, tc.cost, r.Explain())
		}
	}
	// The default profile reports the climb and charges nothing for it.
	r, _ := CheckPath(bf, "i", []geom.Point{geom.Pt(5, 10), geom.Pt(20, 10)}, PathOptions{})
	if r.Climb != 2 || r.ClimbCost != 0 || r.Cost != 15 {
		t.Errorf("default profile: climb %v cost %v (climb cost %v), want 2, 15, 0", r.Climb, r.Cost, r.ClimbCost)
	}
	// Starting on the top tier, walking off it climbs nothing.
	bf = field(t, hillTiers(), []terrain.Model{disc("i", terrain.Infantry, 20, 10, 1)})
	if r, _ := CheckPath(bf, "i", []geom.Point{geom.Pt(20, 10), geom.Pt(40, 10)}, PathOptions{Profile: &prof}); r.Climb != 0 {
		t.Errorf("walking down: climb %v, want 0", r.Climb)
	}
}

// A building with a roof open to movement (a platform): infantry may move
// onto it, a vehicle may not; a model already on the roof is not blocked
// by the building it stands on.
func TestRoofMovement(t *testing.T) {
	deck := terrain.Piece{ID: "deck", Kind: terrain.Building, Footprint: box(20, 0, 30, 20), Height: 1, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Open}, Level: 1,
		Building: &terrain.BuildingInfo{Floors: 1, Roof: true}}
	tk := terrain.Model{ID: "tank", Class: terrain.Vehicle, Position: geom.Pt(10, 10), Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}, Level: 1}
	bf := field(t, []terrain.Piece{deck}, []terrain.Model{tk, disc("i", terrain.Infantry, 10, 5, 1)})
	r, err := CheckPath(bf, "tank", []geom.Point{geom.Pt(10, 10), geom.Pt(25, 10)}, PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Legal || len(r.Violations) == 0 || r.Violations[0].Kind != "roof" || r.Violations[0].Object != "deck" {
		t.Errorf("vehicle onto a roof: %s, want a roof violation", r.Explain())
	}
	if r, _ := CheckPath(bf, "i", []geom.Point{geom.Pt(10, 5), geom.Pt(25, 5)}, PathOptions{}); !r.Legal || r.Climb != 1 {
		t.Errorf("infantry onto a roof: %s, want legal with a 1 in climb", r.Explain())
	}
	// Impassable buildings stay impassable, roof or not.
	deck.Movement = terrain.MovementRule{Default: terrain.Impassable}
	bf = field(t, []terrain.Piece{deck}, []terrain.Model{disc("i", terrain.Infantry, 10, 5, 1), disc("up", terrain.Infantry, 25, 10, 1)})
	if r, _ := CheckPath(bf, "i", []geom.Point{geom.Pt(10, 5), geom.Pt(25, 5)}, PathOptions{}); r.Legal {
		t.Errorf("infantry into an impassable building: %s, want illegal", r.Explain())
	}
	if r, _ := CheckPath(bf, "up", []geom.Point{geom.Pt(25, 10), geom.Pt(25, 15)}, PathOptions{}); !r.Legal {
		t.Errorf("infantry on the roof moving across it: %s, want legal", r.Explain())
	}
}

// Members at different heights are further apart than on the plan.
func TestCoherencyVertical(t *testing.T) {
	pieces := hillTiers()
	ms := []terrain.Model{disc("a", terrain.Infantry, 13, 10, 1), disc("b", terrain.Infantry, 17, 10, 1)}
	bf := field(t, pieces, ms)
	// a on the slope (1 in), b on the top (2 in): 4 on the plan, sqrt(17) in 3D.
	r, err := Coherency(bf, "s", CoherencyRule{Chain: 4})
	if err != nil {
		t.Fatal(err)
	}
	if r.Coherent {
		t.Errorf("chain 4 across a 1 in step: coherent, want broken (%s)", r.Explain())
	}
	if r, _ := Coherency(bf, "s", CoherencyRule{Chain: 4, PlanOnly: true}); !r.Coherent {
		t.Errorf("chain 4 on the plan: %s, want coherent", r.Explain())
	}
	if r, _ := Coherency(bf, "s", CoherencyRule{Chain: 4.124}); !r.Coherent {
		t.Errorf("chain 4.124 >= sqrt(17): %s, want coherent", r.Explain())
	}
}
