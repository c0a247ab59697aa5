package codered

import (
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

func legal(t *testing.T, bf *terrain.Battlefield, id string, plan MovePlan, o Options) bool {
	t.Helper()
	v, err := CheckMove(bf, id, plan, o)
	if err != nil {
		t.Fatal(err)
	}
	return v.Legal
}

func shp(pts ...float64) []geom.Point {
	var out []geom.Point
	for i := 0; i+1 < len(pts); i += 2 {
		out = append(out, sh(pts[i], pts[i+1]))
	}
	return out
}

// CR-32: woods A x in [0,10], B x in [18.5,30]. Start 1.5" inside A at
// (8.5,5), end 2" inside B at (20.5,5): 12" path, legal jump.
func TestCR32Jump(t *testing.T) {
	bf := shifted(t, []terrain.Piece{wood("A", 0, 0, 10, 10), wood("B", 18.5, 0, 30, 10)}, inf("u", "b", 8.5, 5))
	o := DefaultOptions()
	tests := []struct {
		name string
		plan MovePlan
		want bool
	}{
		{"valid", MovePlan{Type: MoveJump, Path: shp(8.5, 5, 20.5, 5)}, true},
		{"start 3 in", MovePlan{Type: MoveJump, Path: shp(7, 5, 15, 5)}, false},
		{"end 2.5 in", MovePlan{Type: MoveJump, Path: shp(10, 5, 21, 5)}, false},
		{"12.5 path", MovePlan{Type: MoveJump, Path: shp(10, 5, 10, -7.5)}, false},
		{"wounded 7", MovePlan{Type: MoveTactical, Wounded: true, Path: shp(10, 5, 10, -2)}, false},
		{"tactical 6 through wood", MovePlan{Type: MoveTactical, Path: shp(2, 5, 8, 5)}, true},
		{"card 10 tactical 7", MovePlan{Type: MoveTactical, Card10: true, Path: shp(10, 5, 10, -2)}, true},
		{"morale jump", MovePlan{Type: MoveJump, Morale: true, Path: shp(10, 5, 10, -2)}, false},
	}
	for _, tc := range tests {
		if got := legal(t, bf, "u", tc.plan, o); got != tc.want {
			v, _ := CheckMove(bf, "u", tc.plan, o)
			t.Errorf("%s: legal = %v, want %v: %s", tc.name, got, tc.want, v.Paragraph())
		}
	}
}

// CR-08: a 12" jump across a river is invalid; a 6" tactical crossing is valid.
func TestCR08Water(t *testing.T) {
	river := terrain.Piece{ID: "river", Kind: terrain.Water, Footprint: rectPoly(3, -10, 5, 10), Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: 1}
	bf := shifted(t, []terrain.Piece{river}, inf("u", "b", 0, 0), tank("apc", "b", 0, 5, 0, 2, 1))
	o := DefaultOptions()
	if legal(t, bf, "u", MovePlan{Type: MoveJump, Path: shp(0, 0, 12, 0)}, o) {
		t.Errorf("jump across a river accepted")
	}
	if !legal(t, bf, "u", MovePlan{Type: MoveTactical, Path: shp(0, 0, 6, 0)}, o) {
		t.Errorf("tactical river crossing refused")
	}
	if legal(t, bf, "apc", MovePlan{Path: shp(0, 5, 8, 5), Vehicle: &VehicleSpec{Drive: "tracked"}}, o) {
		t.Errorf("non-amphibious vehicle crossed water")
	}
	if !legal(t, bf, "apc", MovePlan{Path: shp(0, 5, 8, 5), Vehicle: &VehicleSpec{Drive: "tracked", Amphibious: true}}, o) {
		t.Errorf("amphibious vehicle refused")
	}
}

// CR-33: unit at (0,0), enemies in LoS at (10,0) and (0,10).
func TestCR33Retreat(t *testing.T) {
	bf := shifted(t, nil, inf("u", "b", 0, 0), inf("e1", "r", 10, 0), inf("e2", "r", 0, 10))
	o := DefaultOptions()
	// (-4,-4): both distances sqrt(14^2+4^2) = 14.56; path 5.66"
	if !legal(t, bf, "u", MovePlan{Type: MoveRetreat, Path: shp(0, 0, -4, -4)}, o) {
		t.Errorf("retreat to (-4,-4) refused")
	}
	// (-4,3): distance to (0,10) is sqrt(16+49) = 8.06 < 10
	if legal(t, bf, "u", MovePlan{Type: MoveRetreat, Path: shp(0, 0, -4, 3)}, o) {
		t.Errorf("retreat to (-4,3) accepted")
	}
	left := sh(0, 24)
	// re-entry at (-4,-4) is sqrt(16+784) = 28.3" from (0,24): refused
	if legal(t, bf, "u", MovePlan{Type: MoveRetreat, Path: shp(0, 0, -4, -4), LeftAt: &left}, o) {
		t.Errorf("re-entry 28\" from the exit accepted")
	}
	bf2 := shifted(t, nil, inf("u", "b", 6, 20))
	if !legal(t, bf2, "u", MovePlan{Type: MoveRetreat, Path: shp(6, 20, 6, 24), LeftAt: &left}, o) {
		t.Errorf("re-entry at (6,24) refused")
	}
	if legal(t, bf2, "u", MovePlan{Type: MoveRetreat, Path: shp(6, 20, 13, 24), LeftAt: &left}, o) {
		t.Errorf("re-entry at (13,24) accepted")
	}
}

// CR-34: split 1.8" from the parent invalid, 2.2" valid; merge within 1".
func TestCR34SplitMerge(t *testing.T) {
	bf := shifted(t, nil, inf("parent", "b", 0, 0), inf("new", "b", 0.5, 0))
	o := DefaultOptions()
	if legal(t, bf, "new", MovePlan{Type: MoveSplit, Target: "parent", Path: shp(0.5, 0, 1.8, 0)}, o) {
		t.Errorf("split 1.8\" accepted")
	}
	if !legal(t, bf, "new", MovePlan{Type: MoveSplit, Target: "parent", Path: shp(0.5, 0, 2.2, 0)}, o) {
		t.Errorf("split 2.2\" refused")
	}
	if !legal(t, bf, "new", MovePlan{Type: MoveMerge, Target: "parent", Path: shp(5, 0, 1, 0)}, o) {
		t.Errorf("merge to 1\" refused")
	}
}

// CR-35 with CR-18's layout: wall triangle with its corner at (8,5) and
// lower edge on y=5 from x=2; the defender at (0,10). The charger runs
// (5,0) -> (16,0) -> (18,0): LoS begins at (16,0) where the line from (0,10)
// grazes (8,5) (slope -5/8 reaches y=0 at x=16). A target at (18.5,0)...
func TestCR35Charge(t *testing.T) {
	wallTri := terrain.Piece{ID: "wall", Kind: terrain.Solid, Footprint: geom.PolygonFromPoints(geom.Pt(2, 5), geom.Pt(8, 5), geom.Pt(2, 5.1)),
		Height: 3, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1}
	o := DefaultOptions()
	// CR-18: the watcher at (0,10) sees the path first at (16,0).
	bf := shifted(t, []terrain.Piece{wallTri}, inf("w", "r", 0, 10), inf("m", "b", 5, 0))
	at, along, ok := SightAlongPath(bf, ViewerOf(mustModel(t, bf, "m"), o), shp(5, 0, 20, 0), ViewerOf(mustModel(t, bf, "w"), o), o)
	if !ok || !near(at.X-shift, 16, 1e-4) || !near(at.Y-shift, 0, 1e-9) || !near(along, 11, 1e-4) {
		t.Errorf("SightAlongPath = %v after %v (%v), want (16,0) after 11", at, along, ok)
	}
	if !LineOfSight(bf, Viewer{At: sh(20, 0), Level: 1}, ViewerOf(mustModel(t, bf, "w"), o), o).Visible {
		t.Errorf("LoS at the end (20,0) expected")
	}
	// Charge of 9" over open ground in LoS: a jump, -3.
	bf = shifted(t, nil, inf("c", "b", 0, 0), inf("d", "r", 10, 0))
	v, _ := CheckMove(bf, "c", MovePlan{Type: MoveCharge, Target: "d", Path: shp(0, 0, 9, 0)}, o)
	if !v.Legal || modValue(v.Modifiers, "defensive fire distance") != -3 {
		t.Errorf("9\" charge: %s", v.Paragraph())
	}
	// Out of LoS (a wall between), the same 9" charge is more than 6".
	bf = shifted(t, []terrain.Piece{wall("wall", 4, 1, 5, 6)}, inf("c", "b", 0, 3), inf("d", "r", 10, 3))
	v, _ = CheckMove(bf, "c", MovePlan{Type: MoveCharge, Target: "d", Path: shp(0, 3, 0, -1, 9, 0)}, o)
	if v.Legal {
		t.Errorf("out-of-LoS 13\" charge accepted: %s", v.Paragraph())
	}
	// LoS begins 4" before the end: floor(4/3) = 1 -> -1. Charger moves along
	// y=0 from (5,0) to (20,0); target at (21,0) hidden from (x<16,0) by a wall
	// triangle with its corner on the line from (21,0)... use the CR-18 layout
	// with the defender at (0,10) and the path ending in contact (1.5") with it? Not
	// reachable; so check ChargePenalty directly for the 4" case.
	if ChargePenalty(4, true, o) != -1 || ChargePenalty(9, false, o) != -3 || ChargePenalty(2, true, o) != -1 || ChargePenalty(2, false, o) != 0 {
		t.Errorf("ChargePenalty wrong")
	}
	// Vehicles may not charge (9.1).
	bf = shifted(t, nil, tank("tk", "b", 0, 0, 0, 2, 1), inf("d", "r", 6, 0))
	v, _ = CheckMove(bf, "tk", MovePlan{Type: MoveCharge, Target: "d", Path: shp(0, 0, 5, 0)}, o)
	if v.Legal {
		t.Errorf("vehicle charge accepted")
	}
}

func mustModel(t *testing.T, bf *terrain.Battlefield, id string) *terrain.Model {
	m, ok := bf.Model(id)
	if !ok {
		t.Fatalf("no model %s", id)
	}
	return m
}

// CR-36/37: vehicles.
func TestCR36VehicleMoves(t *testing.T) {
	fieldP := terrain.Piece{ID: "field", Kind: terrain.Area, Footprint: rectPoly(5, -5, 8, 5), Sight: terrain.SightConcealing, Cover: terrain.CoverSoft, Level: 1}
	rocks := terrain.Piece{ID: "rocks", Kind: terrain.Solid, Footprint: rectPoly(5, 10, 8, 20), Height: 2, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1}
	forest := wood("forest", 5, -20, 8, -10)
	bf := shifted(t, []terrain.Piece{fieldP, rocks, forest}, tank("v", "b", -10, 0, 0, 2, 1),
		tank("v2", "b", 0, 15, 0, 2, 1), tank("v3", "b", 0, -15, 0, 2, 1))
	o := DefaultOptions()
	wheeled := &VehicleSpec{Drive: "wheeled"}
	tracked := &VehicleSpec{Drive: "tracked"}
	tests := []struct {
		name string
		id   string
		plan MovePlan
		want bool
	}{
		{"fast across the field", "v", MovePlan{Type: MoveFast, Vehicle: wheeled, Path: shp(-10, 0, -10, 0.001, 10, 0.001)}, false},
		{"tracked tactical wood", "v3", MovePlan{Vehicle: tracked, Path: shp(0, -15, 8, -15)}, true},
		{"tracked rocks", "v2", MovePlan{Vehicle: tracked, Path: shp(0, 15, 8, 15)}, false},
		{"fast through field", "v", MovePlan{Type: MoveFast, Vehicle: wheeled, Path: shp(-10, 0, 10, 0)}, false},
		{"fast reverse", "v", MovePlan{Type: MoveFast, Reverse: true, Vehicle: wheeled, Path: shp(-10, 0, -15, 0)}, false},
		// CR-37: wheeled tactical 10: 90° turn (2") + 8" = 10
		{"turn 90 + 8", "v", MovePlan{Vehicle: wheeled, Path: shp(-10, 0, -10, 8)}, true},
		// 120° turn = 2 turns (4") + 7" = 11 > 10
		{"turn 120 + 7", "v", MovePlan{Vehicle: wheeled, Turns: []float64{120}, Path: shp(-10, 0, -10-3.5, 6.0622)}, false},
		{"right-only turning left", "v", MovePlan{Vehicle: &VehicleSpec{Drive: "wheeled", Steering: "right-only"}, Path: shp(-10, 0, -10, 5)}, false},
	}
	for _, tc := range tests {
		v, err := CheckMove(bf, tc.id, tc.plan, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.want {
			t.Errorf("%s: legal = %v, want %v: %s", tc.name, v.Legal, tc.want, v.Paragraph())
		}
	}
	// wheeled fast 20" straight in the open (along y=30, away from terrain): valid
	bf = shifted(t, nil, tank("v", "b", -10, 30, 0, 2, 1))
	if !legal(t, bf, "v", MovePlan{Type: MoveFast, Vehicle: wheeled, Path: shp(-10, 30, 10, 30)}, o) {
		t.Errorf("wheeled fast 20\" in the open refused")
	}
	if TurnCount(91, o) != 2 || TurnCount(90, o) != 1 {
		t.Errorf("TurnCount(91,90) = %d,%d want 2,1", TurnCount(91, o), TurnCount(90, o))
	}
	// Amb. 16 "round": the nearest whole number of turns, at least one
	ro := o
	ro.TurnRounding = "round"
	for _, c := range []struct {
		deg  float64
		want int
	}{{0, 0}, {10, 1}, {-120, 1}, {135, 2}, {180, 2}} {
		if got := TurnCount(c.deg, ro); got != c.want {
			t.Errorf("TurnCount(%v, round) = %d, want %d", c.deg, got, c.want)
		}
	}
}

// CR-38: infantry 5.5" from the vehicle centre may embark; 6.5" may not.
func TestCR38Embark(t *testing.T) {
	bf := shifted(t, nil, tank("apc", "b", 0, 0, 0, 3, 2), inf("a", "b", 5.5, 0), inf("b", "b", 6.5, 0))
	o := DefaultOptions()
	if !legal(t, bf, "a", MovePlan{Type: MoveEmbark, Target: "apc", Path: shp(5.5, 0, 0, 0)}, o) {
		t.Errorf("embark from 5.5 refused")
	}
	if legal(t, bf, "b", MovePlan{Type: MoveEmbark, Target: "apc", Path: shp(6.5, 0, 0, 0)}, o) {
		t.Errorf("embark from 6.5 accepted")
	}
	if legal(t, bf, "a", MovePlan{Type: MoveEmbark, Target: "apc", Carrier: true, Path: shp(5.5, 0, 0, 0)}, o) {
		t.Errorf("embark into a moved vehicle accepted")
	}
}

// CR-43: rally point moves.
func TestCR43Rally(t *testing.T) {
	o := DefaultOptions()
	bf := shifted(t, []terrain.Piece{wall("w1", -20, -3, -19, 3)}, inf("enemy", "red", 3, 20))
	v, _ := CheckRallyMove(bf, "blue", shp(0, 0, 6, 0), false, false, o)
	if v.Legal {
		t.Errorf("rally move seen by the enemy accepted")
	}
	// hide the path behind a long wall
	bf = shifted(t, []terrain.Piece{wall("w1", -5, 2, 12, 3)}, inf("enemy", "red", 3, 20))
	if v, _ := CheckRallyMove(bf, "blue", shp(0, 0, 6, 0), false, false, o); !v.Legal {
		t.Errorf("hidden 6\" rally move refused: %s", v.Paragraph())
	}
	if v, _ := CheckRallyMove(bf, "blue", shp(0, 0, 6.5, 0), false, false, o); v.Legal {
		t.Errorf("6.5\" rally move accepted")
	}
	rp := sh(0, 0)
	for _, tc := range []struct {
		what string
		p    geom.Point
		want bool
	}{{"unit", sh(1.5, 0), true}, {"unit", sh(3, 0), false}, {"vehicle", sh(1, 0), false}} {
		v, _ := CheckPlacement(bf, tc.p, Placement{What: tc.what, Side: "blue", RallyPoint: &rp}, o)
		if v.Legal != tc.want {
			t.Errorf("%s at %v: %s", tc.what, tc.p, v.Paragraph())
		}
	}
}

// CR-44: 72x48 table, south half y < 24; a wood at (30,10).
func TestCR44Ambush(t *testing.T) {
	o := DefaultOptions()
	w := wood("wood", 28, 8, 32, 12)
	amb := &Ambush{Kinds: []string{"area"}, Half: "south"}
	bf := field(t, 72, 48, []terrain.Piece{w}, inf("enemy", "red", 30, 22))
	if v, _ := CheckPlacement(bf, geom.Pt(30, 10), Placement{What: "unit", Side: "blue", Ambush: amb}, o); !v.Legal {
		t.Errorf("ambush 12\" from the enemy refused: %s", v.Paragraph())
	}
	bf = field(t, 72, 48, []terrain.Piece{w}, inf("enemy", "red", 30, 18))
	if v, _ := CheckPlacement(bf, geom.Pt(30, 10), Placement{What: "unit", Side: "blue", Ambush: amb}, o); v.Legal {
		t.Errorf("ambush 8\" from the enemy accepted")
	}
}

func modValue(ms []rulesets.Modifier, name string) float64 {
	for _, m := range ms {
		if strings.HasPrefix(m.Name, name) {
			return m.Value
		}
	}
	return 0
}
