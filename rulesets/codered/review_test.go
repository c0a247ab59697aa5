package codered

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// CR-01 test idea: "a range query changes nothing in the game state".
func TestCR01QueriesLeaveStateAlone(t *testing.T) {
	bf := shifted(t, []terrain.Piece{wood("w", 0, -5, 10, 5)}, inf("o", "x", -10, 0), inf("t", "y", 1.5, 0))
	before := append([]terrain.Model(nil), bf.Models()...)
	pb := append([]terrain.Piece(nil), bf.Pieces()...)
	if _, err := CheckShot(bf, "o", "t", Weapon{}, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckSmoke(bf, "o", sh(-5, 0), false, 1, [][2]string{{"o", "t"}}, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, bf.Models()) || !reflect.DeepEqual(pb, bf.Pieces()) {
		t.Errorf("a query changed the battlefield")
	}
}

// CR-04: event card 37 widens close range to 15"; a sniper treats every
// unit as at close range. Shooter (0,0), target (12,0): 12" away.
func TestCR04CloseRangeCases(t *testing.T) {
	bf := shifted(t, nil, inf("s", "x", 0, 0), inf("t", "y", 12, 0))
	tests := []struct {
		name string
		card bool
		w    Weapon
		want float64 // close-range modifier: -1 or 0 (absent)
	}{
		{"12 in, normal", false, Weapon{}, 0},              // 12 > 10
		{"12 in, card 37", true, Weapon{}, -1},             // 12 <= 15
		{"12 in, sniper", false, Weapon{Sniper: true}, -1}, // 4.3.2
	}
	for _, tc := range tests {
		o := DefaultOptions()
		if tc.card {
			o.CloseRange = CloseRangeCard37
		}
		v, err := CheckShot(bf, "s", "t", tc.w, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := modValue(v.Modifiers, "close range"); got != tc.want {
			t.Errorf("%s: close-range modifier = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// CR-06: table 4.1.1.
func TestCR06Categories(t *testing.T) {
	forest := wood("forest", 0, 0, 5, 5)
	road := terrain.Piece{ID: "road", Kind: terrain.Area, Sight: terrain.SightClear, Cover: terrain.CoverNone, Movement: terrain.MovementRule{Default: terrain.Open}}
	field := terrain.Piece{ID: "field", Kind: terrain.Area, Sight: terrain.SightConcealing, Cover: terrain.CoverSoft}
	sandbags := terrain.Piece{ID: "sandbags", Kind: terrain.Solid, Sight: terrain.SightConcealing, Cover: terrain.CoverFortified}
	bunker := building("bunker", 0, 0, 4, 3)
	bunker.Cover = terrain.CoverBunker
	river := terrain.Piece{ID: "river", Kind: terrain.Water, Sight: terrain.SightClear}
	tests := []struct {
		p    terrain.Piece
		want Category
	}{
		{forest, Category{"hard", true, true, 1}},
		{road, Category{"open", false, false, 0}},
		{field, Category{"soft", true, true, 0}},
		{sandbags, Category{"fortified", true, true, 2}},
		{bunker, Category{"building", true, true, 3}}, // 6.3.6 bunker +3
		{building("house", 0, 0, 4, 3), Category{"building", true, true, 1}},
		{river, Category{"open", false, false, 0}}, // 4.1.1 lists water as open
	}
	for _, tc := range tests {
		if got := CategoryOf(&tc.p); got != tc.want {
			t.Errorf("CategoryOf(%s) = %+v, want %+v", tc.p.ID, got, tc.want)
		}
	}
}

// CR-09: floor changes through CheckMove, and a shot refused by the
// declared view edges (block [0,4]x[0,3], south and west; enemy at (12,1.5)).
func TestCR09FloorsAndViewEdgesInShots(t *testing.T) {
	bf := shifted(t, []terrain.Piece{building("block", 0, 0, 4, 3)}, inf("blue1", "b", 2, 1.5), inf("e1", "r", 2, -8), inf("e2", "r", 12, 1.5))
	o := DefaultOptions()
	// 3" floor change + 3" flat = 6" <= 6; 3 + 3.5 = 6.5 > 6
	if !legal(t, bf, "blue1", MovePlan{Floors: 1, Path: shp(2, 1.5, 2, 4.5)}, o) {
		t.Errorf("floor change + 3\" refused")
	}
	if legal(t, bf, "blue1", MovePlan{Floors: 1, Path: shp(2, 1.5, 2, 5)}, o) {
		t.Errorf("floor change + 3.5\" accepted")
	}
	o.Situation.ViewEdges = map[string][]string{"blue1": {"south", "west"}}
	for _, tc := range []struct {
		shooter string
		want    bool
	}{{"e2", false}} {
		v, err := CheckShot(bf, tc.shooter, "blue1", Weapon{}, o)
		if err != nil {
			t.Fatal(err)
		}
		if hasFail(v, "CR-09") == tc.want {
			t.Errorf("%s on blue1: CR-09 refusal = %v, want %v: %s", tc.shooter, hasFail(v, "CR-09"), !tc.want, v.Paragraph())
		}
	}
	v, _ := CheckShot(bf, "e1", "blue1", Weapon{}, o)
	if hasFail(v, "CR-09") {
		t.Errorf("e1 south of the block refused by CR-09: %s", v.Paragraph())
	}
}

func hasFail(v *rulesets.Verdict, clause string) bool {
	for _, r := range v.Reasons {
		if !r.Pass && r.Clause == clause {
			return true
		}
	}
	return false
}

// Abb. 2 (inferred): unit 1 at (3,10) beside the 2" bush row x in [0,2];
// unit 4 at (10,20) is hidden by a house x,y in [5,8]x[13,16] on the line
// from (3,10) (at x=6.5 the line is at y=15).
func TestAbb2HouseBlocksUnit4(t *testing.T) {
	ps := []terrain.Piece{wood("bushes", 0, 0, 2, 20), building("house", 5, 13, 8, 16)}
	runSight(t, []sightCase{
		{"unit 4", ps, []terrain.Model{inf("u1", "x", 3, 10), inf("u4", "y", 10, 20)}, "u1", "u4", nil, false, "CR-07"},
		// unit 3 at (-6,6): the slanted line runs 2*sqrt(1+(4/9)^2) = 2.19"
		// inside the 2" row: seen only with the nominal reading (Amb. 4).
		{"unit 3 chord", ps, []terrain.Model{inf("u1", "x", 3, 10), inf("u3", "y", -6, 6)}, "u1", "u3", nil, false, "CR-15"},
		{"unit 3 nominal", ps, []terrain.Model{inf("u1", "x", 3, 10), inf("u3", "y", -6, 6)}, "u1", "u3", func(o *Options) { o.StripWidth = "nominal" }, true, ""},
	})
}

// A line that leaves a wood and enters it again meets two stretches (4.2:
// "Die Sichtlinie endet spätestens hinter einem Geländestück"). U-shaped wood:
// arms x in [0,3] and x in [7,10], joined by y in [8,10]; the line y=5.
func TestCR16SeparateStretches(t *testing.T) {
	u := terrain.Piece{ID: "u", Kind: terrain.Area, Sight: terrain.SightConcealing, Cover: terrain.CoverHard, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(0, 0), geom.Pt(3, 0), geom.Pt(3, 8), geom.Pt(7, 8), geom.Pt(7, 0),
			geom.Pt(10, 0), geom.Pt(10, 10), geom.Pt(0, 10)).Normalized()}
	ps := []terrain.Piece{u}
	runSight(t, []sightCase{
		// observer (-10,5), target (8.5,5): 1.5" into the second arm, but the
		// first arm (3" of wood) lies between: hidden.
		{"second stretch", ps, []terrain.Model{inf("o", "x", -10, 5), inf("t", "y", 8.5, 5)}, "o", "t", nil, false, "CR-15"},
		// both in the wood 5.5" apart: (2,5) is 1" from its arm's exit at x=3,
		// (7.5,5) 0.5" past the entry at x=7: each sees out of its stretch.
		{"both inside, gap", ps, []terrain.Model{inf("a", "x", 2, 5), inf("b", "y", 7.5, 5)}, "a", "b", nil, true, ""},
		// (0.5,5) is 2.5" from the exit: 6.5" apart, more than 4": hidden.
		{"both inside, too deep", ps, []terrain.Model{inf("a", "x", 0.5, 5), inf("b", "y", 7.5, 5)}, "a", "b", nil, false, "CR-13"},
		// within 4" (2.5 to 6.5 is 4.0): CR-11 decides whatever lies between.
		{"both inside, 4 apart", ps, []terrain.Model{inf("a", "x", 2.5, 5), inf("b", "y", 6.5, 5)}, "a", "b", nil, true, ""},
		// a 1" arm (x in [0,1] of a second U) crossed with the observer in contact: CR-14
		{"crossing in contact", []terrain.Piece{wood("h", 0, 0, 1, 10)}, []terrain.Model{inf("o", "x", -1, 5), inf("t", "y", 9, 5)}, "o", "t", nil, true, ""},
	})
}

// The CR-20 and CR-14 allowances are shared out so that the answer does not
// depend on which unit is "a" (CR-10). Both units on level-2 towers at their
// edges; two 1.5" bushes between, both lower; each unit may ignore one.
func TestCR10SharedAllowances(t *testing.T) {
	ps := []terrain.Piece{hill("tA", -2, -2, 0, 2, 2), hill("tB", 20, -2, 22, 2, 3),
		wood("b1", 5, -3, 6.5, 3), wood("b2", 12, -3, 13.5, 3), wood("b3", 16, -3, 17.5, 3)}
	ms := []terrain.Model{lvl(inf("A", "x", -0.5, 0), 2), lvl(inf("B", "y", 20.5, 0), 3)}
	// B stands on level 3 (its tower is level 3: a declared level must match
	// the ground the unit stands on): levels
	// differ, so the lower pieces count; A ignores one, B ignores one: the
	// third bush stays.
	runSight(t, []sightCase{
		{"three bushes", ps, ms, "A", "B", nil, false, "CR-15"},
		{"two bushes", ps[:4], ms, "A", "B", nil, true, ""},
		{"per-level", ps, ms, "A", "B", func(o *Options) { o.ElevatedIgnore = "per-level" }, true, ""}, // B ignores 2
	})
}

// CR-19: a level-2 plateau inside a level-1 hill.
func TestCR19LevelAt(t *testing.T) {
	bf := shifted(t, []terrain.Piece{hill("slope", 0, 0, 10, 10, 1), hill("plateau", 3, 3, 7, 7, 2)})
	for _, tc := range []struct {
		p    geom.Point
		want int
	}{{sh(5, 5), 2}, {sh(1, 1), 1}, {sh(20, 20), 1}, {sh(3, 5), 2}} {
		if got, _ := los.LevelAt(bf, tc.p, LevelRules()); got != tc.want {
			t.Errorf("los.LevelAt(%v, LevelRules()) = %d, want %d", tc.p, got, tc.want)
		}
	}
}

// CR-25: placement within 10", grenadiers beyond; removal; Abb. 6; diameter.
func TestCR25SmokePlacement(t *testing.T) {
	bf := shifted(t, nil, inf("u", "b", 0, 0), inf("red2", "r", 20, 1.3), inf("blue1", "b", 0, 1.3))
	o := DefaultOptions()
	tests := []struct {
		p         geom.Point
		grenadier bool
		want      bool
	}{{sh(9, 0), false, true}, {sh(11, 0), false, false}, {sh(11, 0), true, true}}
	for _, tc := range tests {
		v, err := CheckSmoke(bf, "u", tc.p, tc.grenadier, 2, nil, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.want {
			t.Errorf("smoke at %v (grenadier %v): legal %v, want %v", tc.p, tc.grenadier, v.Legal, tc.want)
		}
		for _, m := range v.Measures {
			if m.Name == "removed at the end of round" && m.Value != 3 {
				t.Errorf("smoke laid in round 2 removed at end of round %v, want 3", m.Value)
			}
		}
	}
	// Abb. 6: a 3" screen at (10,0) cuts red2-blue1 along y=1.3: chord
	// 2*sqrt(1.5^2-1.3^2) = 1.50" and nobody in contact. With a 2" screen
	// (radius 1 < 1.3) the line passes clear.
	for _, tc := range []struct {
		diameter scenario.Length
		want     float64 // 1 visible, 0 blocked
	}{{3, 0}, {2, 1}} {
		o.SmokeDiameter = tc.diameter
		v, err := CheckSmoke(bf, "u", sh(10, 0), false, 1, [][2]string{{"red2", "blue1"}}, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := modValue(v.Modifiers, "sight red2-blue1"); got != tc.want {
			t.Errorf("diameter %v: sight after smoke = %v, want %v: %s", tc.diameter, got, tc.want, v.Paragraph())
		}
	}
}

// CR-27, CR-28: flank modifiers in CheckShot; buildings are never flanked;
// a turret sets the vehicle's front.
func TestCR27FlankInShots(t *testing.T) {
	sq := terrain.Model{ID: "sq", Side: "b", Class: terrain.Infantry, Position: geom.Pt(0, 0), Facing: geom.Degrees(90), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Figures: []geom.Point{geom.Pt(-1, 0), geom.Pt(0, 0), geom.Pt(1, 0)}}
	bf := shifted(t, nil, sq, inf("front", "r", 5, 5), inf("flank", "r", 6, 4))
	o := DefaultOptions()
	for _, tc := range []struct {
		shooter string
		want    float64
	}{{"front", 0}, {"flank", FlankReaction}} { // 36.7° and 46.4° off the bisector (CR-26)
		v, _ := CheckShot(bf, tc.shooter, "sq", Weapon{}, o)
		if got := modValue(v.Modifiers, "flank"); got != tc.want {
			t.Errorf("%s: flank modifier %v, want %v", tc.shooter, got, tc.want)
		}
	}
	bf = shifted(t, []terrain.Piece{building("house", -3, -2, 3, 2)}, sq, inf("flank", "r", 6, 4))
	if v, _ := CheckShot(bf, "flank", "sq", Weapon{}, o); modValue(v.Modifiers, "flank") != 0 {
		t.Errorf("unit in a building flanked")
	}
	// CR-28: hull x in [-1,1], y in [-2,2] facing north, turret radius 0.5
	// facing east (0°): arms touch the disc, apex at (-0.707,0); the shooter
	// at (3,-0.5) is front (9.5° off), flank without the turret (50.2°).
	tk := tank("tk", "b", 0, 0, 90, 4, 2)
	bf = shifted(t, nil, tk, inf("s", "r", 3, -0.5))
	if v, _ := CheckShot(bf, "s", "tk", Weapon{}, o); modValue(v.Modifiers, "flanked vehicle") != float64(FlankReaction) {
		t.Errorf("turretless: (3,-0.5) should flank: %s", v.Paragraph())
	}
	o.Situation.Turrets = map[string]Turret{"tk": {Facing: 0, Radius: 0.5}}
	if v, _ := CheckShot(bf, "s", "tk", Weapon{}, o); modValue(v.Modifiers, "flanked vehicle") != 0 {
		t.Errorf("turret east: (3,-0.5) should be front: %s", v.Paragraph())
	}
}

// CR-29 hull-down (2D fallback): a wall in contact between the vehicle and
// the shooter counts; the same wall behind the vehicle does not.
func TestCR29HullDown(t *testing.T) {
	// touching the hull's front (y=2): 2.0" from the centre, in contact (CR-03)
	w := wall("wall", -3, 2, 3, 2.5)
	o := DefaultOptions()
	o.HullDown = "2d"
	for _, tc := range []struct {
		sy   float64
		want bool
	}{{20, true}, {-20, false}} {
		bf := shifted(t, []terrain.Piece{w}, tank("tk", "b", 0, 0, 90, 4, 2), inf("s", "r", 0, tc.sy))
		v, _ := CheckShot(bf, "s", "tk", Weapon{}, o)
		got := false
		for _, m := range v.Modifiers {
			got = got || m.Name == "hull-down"
		}
		if got != tc.want {
			t.Errorf("shooter at y=%v: hull-down %v, want %v", tc.sy, got, tc.want)
		}
	}
}

// CR-30: the nearest piece 2.5" from the unit centre: exposed (-2); a wall
// 1.5" away: not exposed, +1 with coverByContact.
func TestCR30Exposure(t *testing.T) {
	o := DefaultOptions()
	for _, tc := range []struct {
		wx        float64
		exposed   float64
		cover     float64
		byContact bool
	}{{2.5, ExposedModifier, 0, true}, {1.5, 0, CoverHard, true}, {1.5, 0, 0, false}} {
		o.CoverByContact = tc.byContact
		bf := shifted(t, []terrain.Piece{wall("wall", tc.wx, -3, tc.wx+0.5, 3)}, inf("t", "r", 0, 0), inf("s", "b", -15, 0))
		v, _ := CheckShot(bf, "s", "t", Weapon{}, o)
		if got := modValue(v.Modifiers, "exposed"); got != tc.exposed {
			t.Errorf("wall at %v (contact %v): exposed %v, want %v", tc.wx, tc.byContact, got, tc.exposed)
		}
		if got := modValue(v.Modifiers, "cover"); got != tc.cover {
			t.Errorf("wall at %v (contact %v): cover %v, want %v", tc.wx, tc.byContact, got, tc.cover)
		}
	}
}

// CR-31: shooter (0,0), target (20,0); (10,1.5) and (21.5,0) are hit,
// (10,2.5) is not; 7 successes give each 7/2 = 3 (round down, 2.2).
func TestCR31Hazard(t *testing.T) {
	bf := shifted(t, nil, inf("s", "b", 0, 0), inf("t", "r", 20, 0), inf("near", "b", 10, 1.5),
		inf("far", "b", 10, 2.5), inf("behind", "c", 21.5, 0))
	o := DefaultOptions()
	s, _ := bf.Model("s")
	tg, _ := bf.Model("t")
	if got := HazardUnits(bf, s, tg, o); strings.Join(got, ",") != "behind,near" {
		t.Errorf("HazardUnits = %v, want [behind near]", got)
	}
	o.Situation.Successes = 7
	v, _ := CheckShot(bf, "s", "t", Weapon{}, o)
	if got := modValue(v.Modifiers, "line-of-fire hazard: near"); got != 3 {
		t.Errorf("hazard share = %v, want 3", got)
	}
}

// CR-32 per stretch: a jump crossing a 1.5" hedge (<= 2") is allowed; a
// 3" hedge is not with allow-2in but is with in-and-out (1.5 in, 1.5 out);
// a path leaving a wood and coming back into it is judged stretch by stretch.
func TestCR32JumpStretches(t *testing.T) {
	o := DefaultOptions()
	tests := []struct {
		name     string
		hedgeW   float64
		crossing string
		want     bool
	}{
		{"1.5 hedge", 1.5, "allow-2in", true},
		{"3 hedge", 3, "allow-2in", false},
		{"3 hedge in-and-out", 3, "in-and-out", true},
		{"1.5 hedge forbidden", 1.5, "forbid", false},
	}
	for _, tc := range tests {
		bf := shifted(t, []terrain.Piece{wood("hedge", 4, -5, 4+tc.hedgeW, 5)}, inf("u", "b", 0, 0))
		o.JumpCrossing = tc.crossing
		if got := legal(t, bf, "u", MovePlan{Type: MoveJump, Path: shp(0, 0, 10, 0)}, o); got != tc.want {
			t.Errorf("%s: legal %v, want %v", tc.name, got, tc.want)
		}
	}
	o = DefaultOptions()
	// wood x,y in [0,10]; start (8.5,5) 1.5" in, out to (12,5), north to
	// (12,8) and back to (9,8), 1" into the same wood: 3.5+3+3 = 9.5".
	bf := shifted(t, []terrain.Piece{wood("w", 0, 0, 10, 10)}, inf("u", "b", 8.5, 5))
	if !legal(t, bf, "u", MovePlan{Type: MoveJump, Path: shp(8.5, 5, 12, 5, 12, 8, 9, 8)}, o) {
		t.Errorf("out 1.5\" and back in 1\" refused")
	}
	// back in 2.5" at (7.5,8): refused
	if legal(t, bf, "u", MovePlan{Type: MoveJump, Path: shp(8.5, 5, 12, 5, 12, 8, 7.5, 8)}, o) {
		t.Errorf("back in 2.5\" accepted")
	}
}

// CR-35 with CR-18's layout: LoS begins at (16,0) on the path (5,0)->(20,0),
// so 4" are under fire: floor(4/3) = 1 gives -1.
func TestCR35LateLoSPenalty(t *testing.T) {
	wallTri := terrain.Piece{ID: "wall", Kind: terrain.Solid, Footprint: geom.PolygonFromPoints(geom.Pt(2, 5), geom.Pt(8, 5), geom.Pt(2, 5.1)),
		Height: 3, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1}
	bf := shifted(t, []terrain.Piece{wallTri}, inf("w", "r", 0, 10), inf("m", "b", 5, 0))
	v, err := CheckMove(bf, "m", MovePlan{Type: MoveCharge, Target: "w", Path: shp(5, 0, 20, 0)}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if got := modValue(v.Modifiers, "defensive fire distance"); got != -1 {
		t.Errorf("late-LoS charge penalty = %v, want -1: %s", got, v.Paragraph())
	}
}

// CR-44 / Amb. 26: a wood across the middle line of a 72x48 table
// (y in [20,30], centroid y=25) and a unit at (30,22), south of the line.
func TestCR44AmbushHalf(t *testing.T) {
	bf := field(t, 72, 48, []terrain.Piece{wood("wood", 28, 20, 32, 30)}, inf("enemy", "red", 60, 40))
	amb := &Ambush{Kinds: []string{"area"}, Half: "south"}
	for _, tc := range []struct {
		reading string
		want    bool
	}{{"point", true}, {"centroid", false}, {"whole", false}} {
		o := DefaultOptions()
		o.AmbushHalf = tc.reading
		v, _ := CheckPlacement(bf, geom.Pt(30, 22), Placement{What: "unit", Side: "blue", Ambush: amb}, o)
		if v.Legal != tc.want {
			t.Errorf("ambushHalf %s: legal %v, want %v: %s", tc.reading, v.Legal, tc.want, v.Paragraph())
		}
	}
	bf = field(t, 72, 48, []terrain.Piece{wood("wood", 28, 14, 32, 23)}, inf("enemy", "red", 60, 40))
	o := DefaultOptions()
	o.AmbushHalf = "whole"
	if v, _ := CheckPlacement(bf, geom.Pt(30, 20), Placement{What: "unit", Side: "blue", Ambush: amb}, o); !v.Legal {
		t.Errorf("whole wood in the south half refused: %s", v.Paragraph())
	}
}

// CR-45: "Aufklärung" moves a piece up to 10".
func TestCR45ReconMove(t *testing.T) {
	bf := field(t, 72, 48, []terrain.Piece{wood("w", 20, 20, 24, 24)})
	for _, tc := range []struct {
		d    geom.Point
		want bool
	}{{geom.Pt(10, 0), true}, {geom.Pt(10.5, 0), false}, {geom.Pt(6, 8), true}, {geom.Pt(0, -21), false}} {
		v, err := CheckReconMove(bf, "w", tc.d)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.want {
			t.Errorf("recon move %v (%.2f\"): legal %v, want %v", tc.d, math.Hypot(tc.d.X, tc.d.Y), v.Legal, tc.want)
		}
	}
}
