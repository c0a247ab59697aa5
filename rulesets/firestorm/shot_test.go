package firestorm

import (
	"slices"
	"testing"
)

// O is where the digest's origin (0, 0) lies on the test tables, so its
// test ideas' negative coordinates stay on the table.
const O = 40.0

// north is a compass heading of 0° as a scenario facing.
var north = FacingFromCompass(0)

func TestCompassConversion(t *testing.T) {
	tests := []struct{ compass, facing float64 }{{0, 90}, {90, 0}, {180, 270}, {270, 180}, {45, 45}, {-90, 180}}
	for _, tc := range tests {
		if got := FacingFromCompass(tc.compass); !near(got, tc.facing) {
			t.Errorf("FacingFromCompass(%v) = %v, want %v", tc.compass, got, tc.facing)
		}
		if got := CompassFromFacing(tc.facing); !near(got, normDeg(tc.compass)) {
			t.Errorf("CompassFromFacing(%v) = %v, want %v", tc.facing, got, normDeg(tc.compass))
		}
	}
}

// TestMeasuringPoints is FT-02's test idea: range from the firer's stand
// to the target's nearest stand; a model without a single central stand
// is measured from its base centre under multiStand "center" (Errata 2).
func TestMeasuringPoints(t *testing.T) {
	opts := `{"ships": {"two": {"stands": [[-2, 0], [2, 0]]}, "off": {"stands": [[1, 0], [-1, 0]]}}%s}`
	tests := []struct {
		name, extra, target string
		want                float64
	}{
		{"nearest of two stands", "", "two", 10},
		{"base centre of two stands", `, "multiStand": "center"`, "two", 12},
		{"no central stand, centre (3,4)", `, "multiStand": "center"`, "off", 5},
		{"no central stand, nearest stand (2,4)", "", "off", 4.47213595499958},
	}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, opts: sprintf(opts, tc.extra), ships: []sp{
			{id: "a", side: "red", x: O, y: O}, {id: "two", side: "blue", x: O + 12, y: O}, {id: "off", side: "blue", x: O + 3, y: O + 4}}}
		bf, opt := tb.bf(t)
		_, r, err := CheckShot(bf, "a", tc.target, Weapon{}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.Range, tc.want) {
			t.Errorf("%s: range = %v, want %v", tc.name, r.Range, tc.want)
		}
	}
}

// TestRangeBands is FT-04's test idea with Ambiguity 1's two readings.
func TestRangeBands(t *testing.T) {
	w := Weapon{KR: 10, ER: 7, LR: 3}
	tests := []struct {
		d     float64
		band8 string
		want  Band
		dice  int
	}{
		{7.9, "core", BandCore, 10}, {8, "core", BandCore, 10}, {8, "effective", BandEffective, 7},
		{16, "core", BandEffective, 7}, {24, "core", BandEffective, 7}, {24.01, "core", BandLong, 3}, {60, "core", BandLong, 3},
	}
	for _, tc := range tests {
		tb := table{w: 120, d: 20, opts: `{"band8": "` + tc.band8 + `"}`, ships: []sp{{id: "a", x: 5, y: 10}, {id: "b", x: 5 + tc.d, y: 10}}}
		bf, opt := tb.bf(t)
		v, r, err := CheckShot(bf, "a", "b", w, opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Band != tc.want || r.Dice != tc.dice || !v.Legal {
			t.Errorf("%v in (band8 %s): band %s dice %d legal %v, want %s %d: %s", tc.d, tc.band8, r.Band, r.Dice, v.Legal, tc.want, tc.dice, v.Paragraph())
		}
	}
	// A capped long range (Ambiguity 1) and a band without dice.
	tb := table{w: 120, d: 20, opts: `{"maxRange": 48}`, ships: []sp{{id: "a", x: 5, y: 10}, {id: "b", x: 55, y: 10}}}
	bf, opt := tb.bf(t)
	if v, _, _ := CheckShot(bf, "a", "b", w, opt); v.Legal {
		t.Errorf("50 in with maxRange 48: legal, want not")
	}
	if v, _, _ := CheckShot(bf, "a", "b", Weapon{KR: 4, ER: 2}, DefaultOptions()); v.Legal {
		t.Errorf("50 in with no LR dice: legal, want not")
	}
}

// TestFireArcs is FT-06's test idea: a model at the origin heading north.
func TestFireArcs(t *testing.T) {
	tests := []struct {
		x, y     float64
		arc      string
		boundary string
		wantArc  string
		in       bool
	}{
		{0, 10, "F", "inclusive", ArcF, true},
		{10, 1, "F", "inclusive", ArcS, false},
		{10, 1, "B/S", "inclusive", ArcS, true},
		{-10, 1, "B/S", "inclusive", ArcB, true},
		{-10, 1, "B+S", "inclusive", ArcB, true},
		{0, -10, "F/B/S", "inclusive", ArcH, false},
		{0, -10, "360°", "inclusive", ArcH, true},
		{5, 5, "F", "inclusive", ArcF, true},
		{5, 5, "F", "exclusive", ArcF, false},
		{5, 5, "F/B/S", "exclusive", ArcF, true}, // the F/S line lies inside F ∪ S
		{-5, -5, "B/S", "inclusive", ArcB, true},
	}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, opts: `{"arcBoundary": "` + tc.boundary + `"}`, ships: []sp{
			{id: "a", x: O, y: O, facing: north}, {id: "t", x: O + tc.x, y: O + tc.y}}}
		bf, opt := tb.bf(t)
		v, r, err := CheckShot(bf, "a", "t", Weapon{Arc: tc.arc}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Arc.In != tc.in || v.Legal != tc.in || (r.Arc.ArcOf != tc.wantArc && !r.Arc.OnBoundary) {
			t.Errorf("target (%v,%v) arc %s %s: in %v (arc of %s), want %v (%s): %s", tc.x, tc.y, tc.arc, tc.boundary, r.Arc.In, r.Arc.ArcOf, tc.in, tc.wantArc, v.Paragraph())
		}
	}
	// Any part of the base (Ambiguity 2): a base of diameter 4 whose
	// centre is just behind the F/S line reaches into F.
	tb := table{w: 100, d: 100, opts: `{"arcTarget": "base"}`, ships: []sp{{id: "a", x: O, y: O, facing: north}, {id: "t", x: O + 10, y: O + 9, base: 4}}}
	bf, opt := tb.bf(t)
	if _, r, _ := CheckShot(bf, "a", "t", Weapon{Arc: "F"}, opt); !r.Arc.In {
		t.Errorf("base reaching into F with arcTarget base: not in arc")
	}
	opt.ArcTarget = "stand"
	if _, r, _ := CheckShot(bf, "a", "t", Weapon{Arc: "F"}, opt); r.Arc.In {
		t.Errorf("stand outside F with arcTarget stand: in arc")
	}
}

// TestLineOfAttack is FT-07's test idea: a planet of radius 3 at (10, 0).
func TestLineOfAttack(t *testing.T) {
	tests := []struct {
		name     string
		pieces   []string
		tx, ty   float64
		legal    bool
		halvings int
		dice     int
	}{
		{"behind the planet", []string{disc("planet", "occupied", O+10, O, 3)}, 20, 0, false, 0, 7},
		{"past the planet", []string{disc("planet", "occupied", O+10, O, 3)}, 20, 8, true, 0, 7},
		{"through debris", []string{disc("debris", "debris", O+10, O, 3)}, 20, 0, true, 1, 7},
		{"debris and gas", []string{disc("debris", "debris", O+6, O, 2), disc("gas", "gas", O+14, O, 2)}, 20, 0, true, 2, 7},
		{"grazing debris", []string{disc("debris", "debris", O+10, O+3, 3)}, 20, 0, true, 0, 7},
	}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, pieces: tc.pieces, ships: []sp{{id: "a", x: O, y: O}, {id: "t", x: O + tc.tx, y: O + tc.ty}}}
		bf, opt := tb.bf(t)
		v, r, err := CheckShot(bf, "a", "t", Weapon{KR: 9, ER: 7, LR: 5}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || r.Halvings != tc.halvings || r.DiceAfter != halve(tc.dice, tc.halvings) {
			t.Errorf("%s: legal %v halvings %d dice %d, want %v %d %d: %s", tc.name, v.Legal, r.Halvings, r.DiceAfter, tc.legal, tc.halvings, halve(tc.dice, tc.halvings), v.Paragraph())
		}
	}
	// A bomber needs no line of sight (FT-21).
	tb := table{w: 100, d: 100, pieces: []string{disc("planet", "occupied", O+10, O, 3)}, ships: []sp{{id: "a", x: O, y: O}, {id: "t", x: O + 20, y: O}}}
	bf, opt := tb.bf(t)
	if v, _, _ := CheckShot(bf, "a", "t", Weapon{Bomber: true}, opt); !v.Legal {
		t.Errorf("bomber behind a planet: %s", v.Paragraph())
	}
	opt.BomberRange = 12
	if v, _, _ := CheckShot(bf, "a", "t", Weapon{Bomber: true}, opt); v.Legal {
		t.Errorf("bomber at 20 in with bomberRange 12: legal")
	}
	// Ships do not block (Ambiguity 20) unless shipsBlock.
	tb = table{w: 100, d: 100, ships: []sp{{id: "a", x: O, y: O}, {id: "m", x: O + 5, y: O}, {id: "t", x: O + 10, y: O}}}
	bf, opt = tb.bf(t)
	if v, _, _ := CheckShot(bf, "a", "t", Weapon{}, opt); !v.Legal {
		t.Errorf("a ship in between blocks by default: %s", v.Paragraph())
	}
	opt.ShipsBlock = true
	if v, _, _ := CheckShot(bf, "a", "t", Weapon{}, opt); v.Legal {
		t.Errorf("a ship in between with shipsBlock: legal")
	}
}

// TestHalving is FT-16/18/19's arithmetic: halve once per piece, rounding
// down each time.
func TestHalving(t *testing.T) {
	tests := []struct{ n, k, want int }{{21, 0, 21}, {21, 1, 10}, {21, 2, 5}, {21, 3, 2}, {10, 1, 5}, {7, 1, 3}, {1, 1, 0}, {0, 3, 0}}
	for _, tc := range tests {
		if got := halve(tc.n, tc.k); got != tc.want {
			t.Errorf("halve(%d, %d) = %d, want %d", tc.n, tc.k, got, tc.want)
		}
	}
	// FT-18: attacking out of a gas cloud halves too; a line starting
	// inside debris counts (Errata 4).
	for _, kind := range []string{"gas", "debris"} {
		tb := table{w: 100, d: 100, pieces: []string{disc("cloud", kind, O, O, 3)}, ships: []sp{{id: "a", x: O, y: O}, {id: "t", x: O + 12, y: O}}}
		bf, opt := tb.bf(t)
		_, r, _ := CheckShot(bf, "a", "t", Weapon{ER: 10}, opt)
		if r.DiceAfter != 5 || !slices.Equal(r.Line.Crossed, []string{"cloud"}) {
			t.Errorf("out of %s: dice %d crossed %v, want 5 [cloud]", kind, r.DiceAfter, r.Line.Crossed)
		}
	}
}
