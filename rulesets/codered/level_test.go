package codered

import (
	"testing"

	"github.com/sightline/sightline/terrain"
)

func building(id string, x0, y0, x1, y1 float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Building, Footprint: rectPoly(x0, y0, x1, y1), Height: 6,
		Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1,
		Building: &terrain.BuildingInfo{Floors: 3}, Movement: terrain.MovementRule{Default: terrain.Difficult}}
}

// CR-20 / Abb. 4 (inferred): unit 1 raised (level 2) in a building x in
// [-4,0], y in [-2,2], at (-1,0), 1" from its east edge; a 2"-wide bush row
// x in [2,4]; a ground-level forest x in [6,16].
func TestCR20ElevatedEdge(t *testing.T) {
	ps := []terrain.Piece{building("house", -4, -2, 0, 2), wood("bushes", 2, -5, 4, 5), wood("forest", 6, -5, 16, 5)}
	runSight(t, []sightCase{
		// depth 9.5-6 = 3.5 <= 2 + 2*1 = 4
		{"3.5 into forest", ps, []terrain.Model{lvl(inf("u1", "x", -1, 0), 2), inf("t", "y", 9.5, 0)}, "u1", "t", nil, true, ""},
		// depth 4.5 > 4
		{"4.5 into forest", ps, []terrain.Model{lvl(inf("u1", "x", -1, 0), 2), inf("t", "y", 10.5, 0)}, "u1", "t", nil, false, "CR-20"},
		// level 1: the bush row is crossed with nobody in contact
		{"ground floor", ps, []terrain.Model{inf("u1", "x", -1, 0), inf("t", "y", 7.5, 0)}, "u1", "t", nil, false, "CR-15"},
		// level 2 but 3" from the edge (at (-3,0)): the sight ends at the edge
		{"far from edge", ps, []terrain.Model{lvl(inf("u1", "x", -3, 0), 2), inf("t", "y", 7.5, 0)}, "u1", "t", nil, false, "CR-22"},
	})
}

// CR-21 (Abb. 4, "3. Stockwerk"): a level-3 observer at its edge, a level-1
// forest x in [1,11]: reach 2 + 2*2 = 6".
func TestCR21TwoLevels(t *testing.T) {
	ps := []terrain.Piece{building("house", -4, -2, 0, 2), wood("forest", 1, -5, 11, 5)}
	runSight(t, []sightCase{
		{"5.9 in", ps, []terrain.Model{lvl(inf("u1", "x", -1, 0), 3), inf("t", "y", 6.9, 0)}, "u1", "t", nil, true, ""},
		{"6.5 in", ps, []terrain.Model{lvl(inf("u1", "x", -1, 0), 3), inf("t", "y", 7.5, 0)}, "u1", "t", nil, false, "CR-20"},
	})
}

// CR-22 / Abb. 5 (inferred): plateau (level 2) x,y in [0,10]; its concealing
// level-1 skirt x,y in [-4,14]; forest (level 1) x in [0,10], y in [-12,-6].
func TestCR22Abb5(t *testing.T) {
	skirt := withLevel(wood("skirt", -4, -4, 14, 14), 1)
	ps := []terrain.Piece{hill("plateau", 0, 0, 10, 10, 2), skirt, wood("forest", 0, -12, 10, -6)}
	u1 := lvl(inf("u1", "x", 5, 1), 2)
	u3 := inf("u3", "y", 5, -9.5) // 3.5" inside the forest
	u5 := inf("u5", "y", 20, 5)
	runSight(t, []sightCase{
		{"u1 sees u3", ps, []terrain.Model{u1, u3}, "u1", "u3", nil, true, ""},
		// exit at x=10 lies 5*sqrt(1+(4/15)^2) = 5.17" away along the line
		{"u1 misses u5", ps, []terrain.Model{u1, u5}, "u1", "u5", nil, false, "CR-22"},
		{"u1 east sees u5", ps, []terrain.Model{lvl(inf("u1", "x", 9, 5), 2), u5}, "u1", "u5", nil, true, ""},
		// Abb. 5 unit 4: in the forest, units 2/3 more than 4" away
		{"u4 misses u3", ps, []terrain.Model{inf("u4", "x", 1, -7), u3}, "u4", "u3", nil, false, "CR-11"},
		// Amb. 5 nearest-edge: u1 at (5,1) is 1" from the south edge, so it also sees u5
		{"nearest-edge", ps, []terrain.Model{u1, u5}, "u1", "u5", func(o *Options) { o.DepthReading = "nearest-edge" }, true, ""},
	})
}

// CR-23: level-2 hills around A (0,0) and B (20,0), a level-1 wood x in
// [8,13] between them; smoke instead blocks (CR-25).
func TestCR23SameLevel(t *testing.T) {
	hills := []terrain.Piece{hill("hA", -3, -3, 3, 3, 2), hill("hB", 17, -3, 23, 3, 2)}
	ms := []terrain.Model{lvl(inf("A", "x", 0, 0), 2), lvl(inf("B", "y", 20, 0), 2)}
	runSight(t, []sightCase{
		{"wood ignored", append(hills, wood("w", 8, -5, 13, 5)), ms, "A", "B", nil, true, ""},
		{"smoke blocks", append(hills, smokeDisc("smoke", 10.5, 0, 2.5)), ms, "A", "B", nil, false, "CR-15"},
		// Amb. 7: requiring the 2" edge, A and B (3" from their edges) fail.
		{"edge required", append(hills, wood("w", 8, -5, 13, 5)), ms, "A", "B", func(o *Options) { o.SameLevelEdge = true }, false, "CR-22"},
	})
}

// CR-24: a tank at (0,0) sees a target 3.5" inside a wood starting at x=6.5;
// infantry on the same spot does not.
func TestCR24VehicleLevel(t *testing.T) {
	ps := []terrain.Piece{wood("w", 6.5, -5, 16, 5)}
	runSight(t, []sightCase{
		{"tank", ps, []terrain.Model{tank("tank", "x", 0, 0, 0, 2, 1), inf("t", "y", 10, 0)}, "tank", "t", nil, true, ""},
		{"infantry", ps, []terrain.Model{inf("i", "x", 0, 0), inf("t", "y", 10, 0)}, "i", "t", nil, false, "CR-13"},
		{"no bonus", ps, []terrain.Model{tank("tank", "x", 0, 0, 0, 2, 1), inf("t", "y", 10, 0)}, "tank", "t", func(o *Options) { o.VehicleLevel = 0 }, false, "CR-13"},
	})
}

// CR-25: a 3" smoke disc at (10,0).
func TestCR25SmokeBlocks(t *testing.T) {
	s := []terrain.Piece{smokeDisc("smoke", 10, 0, 1.5)}
	runSight(t, []sightCase{
		{"chord 3", s, []terrain.Model{inf("a", "x", 0, 0), inf("b", "y", 20, 0)}, "a", "b", nil, false, "CR-15"},
		// chord 2*sqrt(1.5^2-1.3^2) = 1.50", nobody in contact
		{"chord 1.5", s, []terrain.Model{inf("a", "x", 0, 1.3), inf("b", "y", 20, 1.3)}, "a", "b", nil, false, "CR-15"},
		// The observer's level 3 comes from what it stands on (a level-3
		// tower): levels are checked against the ground.
		{"level 3", append([]terrain.Piece{hill("tower", -1, -1, 1, 1, 3)}, s...), []terrain.Model{lvl(inf("a", "x", 0, 0), 3), inf("b", "y", 20, 0)}, "a", "b", nil, false, "CR-15"},
	})
}

// CR-10: a target 2.005" inside a wood with tolerance 0.01 is doubtful at the 2" limit.
func TestCR10Doubtful(t *testing.T) {
	bf := shifted(t, []terrain.Piece{wood("w", 0, -5, 10, 5)}, inf("o", "x", -10, 0), inf("t", "y", 2.005, 0))
	got, _ := Sight(bf, "o", "t", DefaultOptions())
	if got.Visible || !got.Doubtful || got.Threshold != `2" (CR-13)` {
		t.Errorf("Sight = visible %v doubtful %v threshold %q, want false true `2\" (CR-13)`", got.Visible, got.Doubtful, got.Threshold)
	}
	o := DefaultOptions()
	o.DoubtTolerance = 0
	if got, _ := Sight(bf, "o", "t", o); got.Doubtful {
		t.Errorf("with zero tolerance Doubtful = true")
	}
}
