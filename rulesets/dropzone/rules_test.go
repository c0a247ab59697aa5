package dropzone

import (
	"math"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// This file holds one table-driven test per digest clause that the older
// tests in dropzone_test.go left open; each test names its clause and the
// digest's "Test idea" it follows. Coordinates are shifted into the 48 in
// table (the digest's (0,0) becomes (10,10) where the shift is noted).

func aircraft(id, squad, side string, x, y, alt float64) terrain.Model {
	return terrain.Model{ID: id, Squad: squad, Side: side, Class: terrain.Aircraft, Position: geom.Pt(x, y), Altitude: alt, Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Length: 3, Width: 2, Height: 1}}
}

func bld(id string, x0, y0, x1, y1, h float64, floors int, walls ...terrain.Wall) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Building, Footprint: rect(x0, y0, x1, y1), Height: h, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1,
		Building: &terrain.BuildingInfo{Floors: floors, Walls: walls}}
}

func garrisoned(id, squad, side, building, wallID string, x, y float64) terrain.Model {
	m := inf(id, squad, side, x, y)
	m.Garrison = &terrain.GarrisonRef{Building: building, Wall: wallID}
	return m
}

func hasModifier(v *rulesets.Verdict, name string) bool {
	for _, m := range v.Modifiers {
		if m.Name == name {
			return true
		}
	}
	return false
}

func hasReason(v *rulesets.Verdict, clause string, pass bool) bool {
	return containsReason(v.Reasons, clause, pass)
}

func mustShot(t *testing.T, bf *terrain.Battlefield, s, tg string, w Weapon, o Options) *rulesets.Verdict {
	t.Helper()
	v, err := CheckShot(bf, s, tg, w, o)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

var anyArc = Weapon{Range: Reach{Unlimited: true}, BS: 4, Arc: "F/S/R"}

// DZC-01 test idea: a 1200 mm table is 1200/25.4 = 47.244 in; x = 47.3 is
// off, x = 47.2 on; option table "48" maps the side to 48 in.
func TestTableSizeDZC01(t *testing.T) {
	bf, err := terrain.New(terrain.Table{Width: tableMetric, Depth: tableMetric}, nil, []terrain.Model{tank("t", "a", "u", 40, 10)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		x     float64
		table string
		on    bool
	}{
		{47.3, "scenario", false}, // 47.3 > 47.244
		{47.2, "scenario", true},  // 47.2 < 47.244
		{47.3, "48", true},        // 47.3 < 48
		{48.1, "48", false},
	}
	for _, tc := range tests {
		o := withUnits(map[string]Unit{"t": {Bw: 10}})
		o.Table = tc.table
		if got := onTable(bf, geom.Pt(tc.x, 10), &o); got != tc.on {
			t.Errorf("onTable(%v, table %s) = %v, want %v", tc.x, tc.table, got, tc.on)
		}
		// The same through CheckMove: (40,10) -> (x,10) is at most 8.1 in, Bw 10.
		v, _, err := CheckMove(bf, "t", MovePlan{Path: []geom.Point{geom.Pt(tc.x, 10)}}, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := !hasReason(v, "DZC-01", false); got != tc.on {
			t.Errorf("move to x=%v (table %s): on-table %v, want %v: %s", tc.x, tc.table, got, tc.on, v.Paragraph())
		}
	}
}

// DZC-03 test idea: a vehicle on a 2 in display base still measures from
// its hull centre: an enemy base 1.5 in from the display-base rim is
// 1 + 1.5 = 2.5 in from the centre, for range and for transport reach.
func TestHullCentreDZC03(t *testing.T) {
	v1 := tank("veh", "a", "u", 10, 10)
	v1.Base = terrain.Base{Shape: terrain.BaseCircle, Diameter: 2}
	bf := field(t, nil, v1, inf("e", "b", "x", 12.5, 10), inf("p", "a", "u", 30, 30))
	v := mustShot(t, bf, "veh", "e", Weapon{Range: Reach{Inches: 2.5}, BS: 4}, DefaultOptions())
	if got := measure(v.Measures, "range"); got != 2.5 || !v.Legal {
		t.Errorf("range to base 1.5 in from the display rim = %v (legal %v), want 2.5 (legal)", got, v.Legal)
	}
	o := DefaultOptions()
	m, _ := bf.Model("p")
	tr, _ := bf.Model("veh")
	if d := transportDist(geom.Pt(12.5, 10), m, tr, &o); d != 2.5 {
		t.Errorf("transport distance = %v, want 2.5", d)
	}
}

// DZC-04 test idea: "standard" answers a shooting pre-measure and refuses
// the movement one; "none" refuses both; reaction fire is never measured
// before it is declared.
func TestPremeasureDZC04(t *testing.T) {
	tests := []struct {
		policy, phase string
		legal         bool
	}{
		{"standard", "shooting", true},
		{"standard", "movement", false},
		{"standard", "reaction", false},
		{"none", "shooting", false},
		{"none", "movement", false},
	}
	for _, tc := range tests {
		o := DefaultOptions()
		o.Premeasure = tc.policy
		if v := CheckPremeasure(tc.phase, o); v.Legal != tc.legal || !hasReason(v, "DZC-04", tc.legal) {
			t.Errorf("CheckPremeasure(%s, %s) = %v, want %v", tc.phase, tc.policy, v.Legal, tc.legal)
		}
	}
}

// DZC-07 test idea: a pivot counts as 1 in for shooting: a BS 0 weapon may
// not fire (1 > 0), a BS 4 one may (1 <= 4).
func TestPivotBSDZC07(t *testing.T) {
	bf := field(t, nil, tank("t", "a", "u", 10, 10), tank("c", "b", "x", 20, 10))
	_, r, err := CheckMove(bf, "t", MovePlan{Turns: []float64{90}}, withUnits(map[string]Unit{"t": {Bw: 4}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		bs    float64
		legal bool
	}{{0, false}, {4, true}} {
		w := anyArc
		w.BS = scenario.Length(tc.bs)
		v := mustShot(t, bf, "t", "c", w, withUnits(map[string]Unit{"t": {Moved: scenario.Length(r.MovedForShooting)}}))
		if v.Legal != tc.legal {
			t.Errorf("pivot (moved %v) with BS %v: legal %v, want %v", r.MovedForShooting, tc.bs, v.Legal, tc.legal)
		}
	}
}

// DZC-08 BaB: 1 in bases at x = 10, 11, 12 touch (gaps 0); at 10, 11, 12.1
// the third has a 0.1 in gap. Wide: 6 in inclusive, 6.1 not.
func TestFormationKindsDZC08(t *testing.T) {
	tests := []struct {
		formation string
		xs        []float64
		legal     bool
	}{
		{"bab", []float64{10, 11, 12}, true},
		{"bab", []float64{10, 11, 12.1}, false},
		{"wide", []float64{10, 16, 22}, true},
		{"wide", []float64{10, 16, 22.1}, false},
		{"open", []float64{10, 30, 45}, true},
	}
	for _, tc := range tests {
		var ms []terrain.Model
		for i, x := range tc.xs {
			ms = append(ms, inf(string(rune('a'+i)), "s", "u", x, 10))
		}
		o := DefaultOptions()
		o.Squads = map[string]Squad{"s": {Formation: tc.formation}}
		v, _, err := CheckFormation(field(t, nil, ms...), "s", o)
		if err != nil || v.Legal != tc.legal {
			t.Errorf("%s %v: legal %v, want %v (%v)", tc.formation, tc.xs, v.Legal, tc.legal, err)
		}
	}
}

// DZC-12: squads in standby cannot be shot.
func TestStandbyNotShotDZC12(t *testing.T) {
	bf := field(t, nil, tank("s", "a", "u", 10, 10), tank("c", "b", "x", 20, 10))
	v := mustShot(t, bf, "s", "c", anyArc, withUnits(map[string]Unit{"c": {Standby: true}}))
	if v.Legal || !hasReason(v, "DZC-12", false) {
		t.Errorf("shot at a standby unit: %s", v.Paragraph())
	}
}

// DZC-13 test idea: fired weapons with BS 4 and 2 cap the later move at the
// lowest, 2 in: a 2.0 in move is legal, 2.5 in is not (Bw 6).
func TestFiredFirstDZC13(t *testing.T) {
	bf := field(t, nil, tank("t", "a", "u", 10, 10))
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{12, true}, {12.5, false}} {
		v, r, err := CheckMove(bf, "t", MovePlan{Path: []geom.Point{geom.Pt(tc.x, 10)}}, withUnits(map[string]Unit{"t": {Bw: 6, FiredBS: 2}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || r.Budget != 2 {
			t.Errorf("move to %v after firing BS 2: legal %v budget %v, want %v 2", tc.x, v.Legal, r.Budget, tc.legal)
		}
	}
}

// DZC-15 test idea: two F/S/R weapons tagged KA-1, the first fired into F;
// the second at a target in R (dead astern) is rejected, at another target
// in F accepted.
func TestCoaxialDZC15(t *testing.T) {
	bf := field(t, nil, tank("s", "a", "u", 20, 20), tank("ahead", "b", "x", 30, 20), tank("astern", "b", "x", 10, 20))
	w := Weapon{Range: Reach{Unlimited: true}, BS: 4, Arc: "F/S/R", KA: "KA-1", KAArc: "F"}
	tests := []struct {
		target string
		legal  bool
	}{{"ahead", true}, {"astern", false}}
	for _, tc := range tests {
		v := mustShot(t, bf, "s", tc.target, w, DefaultOptions())
		if v.Legal != tc.legal || !hasReason(v, "DZC-15", tc.legal) {
			t.Errorf("KA-1 partner fired F, target %s: legal %v, want %v: %s", tc.target, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// DZC-17 test idea (shifted by (10,10)): tank A (10,10), enemy C (20,10);
// another friendly squad's vehicle at (15,10) blocks; an infantry base or
// an airborne aircraft there does not.
func TestBlockersDZC17(t *testing.T) {
	tests := []struct {
		name  string
		mid   terrain.Model
		legal bool
	}{
		{"other-squad-vehicle", tank("m", "other", "u", 15, 10), false},
		{"infantry", inf("m", "a", "u", 15, 10), true},
		{"airborne-aircraft", aircraft("m", "air", "u", 15, 10, 6), true},
		{"landed-aircraft", aircraft("m", "air", "u", 15, 10, 0), false},
	}
	for _, tc := range tests {
		bf := field(t, nil, tank("s", "a", "u", 10, 10), tc.mid, tank("c", "b", "x", 20, 10))
		if v := mustShot(t, bf, "s", "c", anyArc, DefaultOptions()); v.Legal != tc.legal {
			t.Errorf("%s between: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// DZC-18 on real geometry: a 3 in wall hides the near half of a 2 in hull
// lengthwise... instead of a band table, check three geometric cases:
// fully visible (clear, no modifier), hidden (no shot), and one where a
// wall hides the lower part (cover, +2 Ge).
func TestVisibleFractionDZC18(t *testing.T) {
	// Target hull 2x1x1 at (20,10), seen from (10,10,0.5). A wall of height
	// h at x = 15 hides hull points below z = 0.5 + 2(h-0.5) at x = 20
	// (similar triangles, 10/5 = 2): h = 0.7 hides below 0.9 -> about 10%
	// visible -> near the band edge; h = 0.6 hides below 0.7 -> about 30 %
	// visible: cover; h = 2 hides everything.
	tests := []struct {
		h    float64
		band string
	}{{0, "clear"}, {0.6, "cover"}, {2, "none"}}
	for _, tc := range tests {
		var pcs []terrain.Piece
		if tc.h > 0 {
			pcs = append(pcs, wall("w", 14.95, 5, 15.05, 15, tc.h, terrain.Impassable))
		}
		bf := field(t, pcs, tank("s", "a", "u", 10, 10), tank("c", "b", "x", 20, 10))
		w := anyArc
		w.Acc = 3
		v := mustShot(t, bf, "s", "c", w, DefaultOptions())
		f := measure(v.Measures, "visibleFraction")
		switch tc.band {
		case "clear":
			if !v.Legal || f <= 0.5 || hasModifier(v, "cover") || measure(v.Measures, "accuracy") != 3 {
				t.Errorf("h=%v: %s", tc.h, v.Paragraph())
			}
		case "cover":
			// 3+ with +2 for cover is 5+.
			if !v.Legal || f < 0.1 || f > 0.5 || !hasModifier(v, "cover") || measure(v.Measures, "accuracy") != 5 {
				t.Errorf("h=%v: fraction %v: %s", tc.h, f, v.Paragraph())
			}
		case "none":
			if v.Legal || !hasReason(v, "DZC-18", false) {
				t.Errorf("h=%v: %s", tc.h, v.Paragraph())
			}
		}
	}
}

// DZC-19 test idea (shifted): infantry base radius 0.5 at (20,10), shooter
// hull centre (10,10). A wall at x 18..18.1 hides the line to the centre
// (y = 10 at x = 18) but not to the rim (20,10.5): that line is at
// y = 10 + 0.5*8/10 = 10.4 at x = 18, above the wall's end at 10.2 -> not a
// target. Wall moved to y 10.3..11: the centre line (y = 10) passes -> legal.
func TestInfantryCentreDZC19(t *testing.T) {
	tests := []struct {
		y0, y1 float64
		legal  bool
	}{{9, 10.2, false}, {10.3, 11, true}}
	for _, tc := range tests {
		bf := field(t, []terrain.Piece{wall("w", 18, tc.y0, 18.1, tc.y1, 3, terrain.Impassable)}, tank("s", "a", "u", 10, 10), inf("e", "b", "x", 20, 10))
		v := mustShot(t, bf, "s", "e", anyArc, DefaultOptions())
		if v.Legal != tc.legal || !hasReason(v, "DZC-19", tc.legal) {
			t.Errorf("wall y %v..%v: legal %v, want %v: %s", tc.y0, tc.y1, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// DZC-20 test idea: an aircraft with a hull at 6 in behind a 4 in wall at
// x = 18.0..18.2: the line from (10,10,0.5) to (20,10,6) is at
// 0.5 + 5.5*0.8 = 4.9 in at x = 18 -> clear; no cover.
func TestAircraftNoCoverDZC20(t *testing.T) {
	bf := field(t, []terrain.Piece{wall("w", 18, 5, 18.2, 15, 4, terrain.Impassable)}, tank("s", "a", "u", 10, 10), aircraft("air", "f", "x", 20, 10, 6))
	w := anyArc
	w.AA, w.Acc = true, 3
	v := mustShot(t, bf, "s", "air", w, DefaultOptions())
	if !v.Legal || !hasReason(v, "DZC-20", true) || hasModifier(v, "cover") || measure(v.Measures, "accuracy") != 3 {
		t.Errorf("aircraft behind a 4 in wall: %s", v.Paragraph())
	}
	// At 2 in (NOE) the line is at 0.5 + 1.5*0.8 = 1.7 < 4 -> blocked.
	bf = field(t, []terrain.Piece{wall("w", 18, 5, 18.2, 15, 4, terrain.Impassable)}, tank("s", "a", "u", 10, 10), aircraft("air", "f", "x", 20, 10, 2))
	if v := mustShot(t, bf, "s", "air", w, DefaultOptions()); v.Legal {
		t.Errorf("NOE aircraft behind a 4 in wall: legal")
	}
}

// DZC-21 test idea (shifted by (10,10)): shooter hull 1x1x1 centred
// (10,10): centre height 0.5, raised point 1 + 1 = 2.0; wall 1.5 in high
// at x = 11; target hull top 1.0 at x = 20. From the centre the line to the
// target's top is 0.5 + 0.5*(1/10) = 0.55 at the wall -> blocked; from the
// raised point 2 - 1*(1/10) = 1.9 -> clear. The enemy firing back sees only
// the raised point: (20,10,0.5) -> (10,10,2) is at 0.5 + 1.5*0.9 = 1.85 at
// x = 11 -> legal, the raised unit counts as in cover.
func TestElevatedDZC21(t *testing.T) {
	s := tank("s", "a", "u", 10, 10)
	s.Hull.Length = 1
	bf := field(t, []terrain.Piece{wall("w", 10.95, 5, 11.05, 15, 1.5, terrain.Impassable)}, s, tank("c", "b", "x", 20, 10))
	tests := []struct {
		elevated bool
		legal    bool
	}{{false, false}, {true, true}}
	for _, tc := range tests {
		w := anyArc
		w.Elevated = tc.elevated
		if v := mustShot(t, bf, "s", "c", w, DefaultOptions()); v.Legal != tc.legal {
			t.Errorf("elevated %v: legal %v, want %v: %s", tc.elevated, v.Legal, tc.legal, v.Paragraph())
		}
	}
	back := mustShot(t, bf, "c", "s", anyArc, withUnits(map[string]Unit{"s": {Raised: true}}))
	if !back.Legal || !hasReason(back, "DZC-21", true) || !hasModifier(back, "cover") {
		t.Errorf("firing back at the raised point: %s", back.Paragraph())
	}
	// Without the raised flag the enemy has no sight of the hidden hull.
	if v := mustShot(t, bf, "c", "s", anyArc, DefaultOptions()); v.Legal {
		t.Errorf("firing back, not raised: legal")
	}
}

// DZC-22 test idea (shifted by (10,10)): walker hull centre at 2.5 (hull
// 5 in tall); wall 2 in at x = 12; target hull top 1.0 at x = 18. Line to
// the top: 2.5 - 1.5*(2/8) = 2.125 > 2 -> clear. A tank's 0.5 centre gives
// 0.5 + 0.5*(2/8) = 0.625 < 2 -> blocked.
func TestWalkerSightDZC22(t *testing.T) {
	walker := terrain.Model{ID: "wk", Squad: "a", Side: "u", Class: terrain.Walker, Position: geom.Pt(10, 10), Level: 1, Hull: terrain.Hull{Length: 1, Width: 1, Height: 5}}
	tests := []struct {
		shooter terrain.Model
		legal   bool
	}{{walker, true}, {tank("wk", "a", "u", 10, 10), false}}
	for _, tc := range tests {
		bf := field(t, []terrain.Piece{wall("w", 11.95, 5, 12.05, 15, 2, terrain.Impassable)}, tc.shooter, tank("c", "b", "x", 18, 10))
		if v := mustShot(t, bf, "wk", "c", anyArc, DefaultOptions()); v.Legal != tc.legal {
			t.Errorf("%s shooter: legal %v, want %v: %s", tc.shooter.Class, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// DZC-24 test idea: small arms fire one 6 in AA shot: an infantry base
// 5.5 in from the aircraft's ground point is in range, 6.5 in not; a base
// below half its LP may not.
func TestSmallArmsAADZC24(t *testing.T) {
	tests := []struct {
		d         float64
		belowHalf bool
		legal     bool
	}{{5.5, false, true}, {6.5, false, false}, {5.5, true, false}}
	for _, tc := range tests {
		bf := field(t, nil, inf("i", "a", "u", 10, 10), aircraft("air", "f", "x", 10+tc.d, 10, 6))
		w := Weapon{Range: Reach{Inches: 12}, BS: 3, SmallArms: true}
		v := mustShot(t, bf, "i", "air", w, withUnits(map[string]Unit{"i": {BelowHalf: tc.belowHalf}}))
		if v.Legal != tc.legal || !hasReason(v, "DZC-24", !tc.belowHalf) {
			t.Errorf("small arms at %v in (below half %v): legal %v, want %v: %s", tc.d, tc.belowHalf, v.Legal, tc.legal, v.Paragraph())
		}
		if !tc.belowHalf && measure(v.Measures, "maxRange") != 6 {
			t.Errorf("small arms AA range = %v, want 6", measure(v.Measures, "maxRange"))
		}
	}
}

// DZC-25 test idea: infantry base radius 0.5, height 0.5, sight point on
// top (infantryPoint "top", so the centre stays visible over a low wall).
// Shooter eye (10,10,0.5); target centre (30,10), D = 20. A low wall whose
// near face is 1.4 in from the centre (d = 1.4, nearest base point 0.9)
// hides the base up to z = 0.5 - (0.5-h)*D/(D-d) = 0.5 - (0.5-h)*1.0753:
// h = 0.314 -> up to 0.30 = 60 % of 0.5 -> cover; h = 0.221 -> up to 0.20 =
// 40 % -> no cover. Centre 1.6 in away (nearest 1.1 in) -> no cover.
func TestInfantryCoverDZC25(t *testing.T) {
	tests := []struct {
		name      string
		gap, h    float64
		cover     bool
		obscured  float64 // hand value, ±0.1 for the cylinder's depth
		hasMetric bool
	}{
		{"1.4in-60%", 1.4, 0.314, true, 0.6, true},
		{"1.6in-60%", 1.6, 0.314, false, 0, false},
		{"1.4in-40%", 1.4, 0.221, false, 0.4, true},
	}
	for _, tc := range tests {
		x1 := 30 - tc.gap
		bf := field(t, []terrain.Piece{wall("w", x1-0.05, 5, x1, 15, tc.h, terrain.Impassable)}, tank("s", "a", "u", 10, 10), inf("e", "b", "x", 30, 10))
		o := DefaultOptions()
		o.InfantryPoint = "top"
		v := mustShot(t, bf, "s", "e", anyArc, o)
		if !v.Legal {
			t.Errorf("%s: shot illegal: %s", tc.name, v.Paragraph())
		}
		if hasModifier(v, "cover") != tc.cover {
			t.Errorf("%s: cover %v, want %v: %s", tc.name, !tc.cover, tc.cover, v.Paragraph())
		}
		d := measure(v.Measures, "coverDistance:w")
		ob := measure(v.Measures, "obscured:w")
		if tc.hasMetric && (!near(d, tc.gap-0.5, 1e-6) || !near(ob, tc.obscured, 0.1)) {
			t.Errorf("%s: distance %v obscured %v, want %v %v", tc.name, d, ob, tc.gap-0.5, tc.obscured)
		}
		if !tc.hasMetric && !math.IsNaN(d) {
			t.Errorf("%s: measured a wall beyond 1 in (%v)", tc.name, d)
		}
	}
	// Vehicles never benefit: the same 60 % wall before a tank gives no
	// DZC-25 reason.
	bf := field(t, []terrain.Piece{wall("w", 28.55, 5, 28.6, 15, 0.314, terrain.Impassable)}, tank("s", "a", "u", 10, 10), tank("e", "b", "x", 30, 10))
	if v := mustShot(t, bf, "s", "e", anyArc, DefaultOptions()); hasReason(v, "DZC-25", true) {
		t.Errorf("vehicle got infantry cover: %s", v.Paragraph())
	}
}

// DZC-26 test idea: a target hull centre inside a concealing wood is
// concealed (+2 Ge: 3+ -> 5+); outside and the line not crossing it -> not;
// behind it (the line crosses) -> concealed under "line", not "inside".
func TestConcealmentDZC26(t *testing.T) {
	woods := func(x0, y0, x1, y1 float64) terrain.Piece {
		return terrain.Piece{ID: "wood", Kind: terrain.Area, Footprint: rect(x0, y0, x1, y1), Sight: terrain.SightConcealing,
			Cover: terrain.CoverNone, Movement: terrain.MovementRule{Default: terrain.Difficult}, Level: 1}
	}
	tests := []struct {
		name    string
		wood    terrain.Piece
		mode    string
		conceal bool
	}{
		{"inside", woods(18, 8, 22, 12), "line", true},
		{"aside", woods(14, 20, 18, 24), "line", false},
		{"behind-line", woods(14, 5, 16, 15), "line", true},
		{"behind-inside", woods(14, 5, 16, 15), "inside", false},
	}
	for _, tc := range tests {
		bf := field(t, []terrain.Piece{tc.wood}, tank("s", "a", "u", 10, 10), tank("c", "b", "x", 20, 10))
		o := DefaultOptions()
		o.Concealment = tc.mode
		w := anyArc
		w.Acc = 3
		v := mustShot(t, bf, "s", "c", w, o)
		want := 3.0
		if tc.conceal {
			want = 5
		}
		if hasModifier(v, "concealment") != tc.conceal || measure(v.Measures, "accuracy") != want || !v.Legal {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

// DZC-27 and DZC-50: infantry garrisoned in a building (cover and
// concealment) shot by a sniper weapon: both flags reported, neither
// applied (Ge stays 3+); a normal weapon: concealment 3 + 2 = 5+, and
// the original's infantry cover is +1 to the damage roll, not to Ge.
func TestSniperDZC27(t *testing.T) {
	b := bld("b", 20, 6, 24, 10, 3, 1, terrain.Wall{ID: "north", From: geom.Pt(24, 10), To: geom.Pt(20, 10), Windows: []geom.Vec3{geom.V3(22, 10, 1)}})
	bf := field(t, []terrain.Piece{b}, inf("s", "a", "u", 22, 16), garrisoned("g", "b", "x", "b", "north", 22, 8))
	tests := []struct {
		sniper bool
		acc    float64
		mods   []string
	}{
		{true, 3, []string{"cover (ignored: sniper)", "concealment (ignored: sniper)"}},
		{false, 5, []string{"cover", "concealment"}},
	}
	for _, tc := range tests {
		w := Weapon{Range: Reach{Inches: 24}, BS: 3, Acc: 3, Sniper: tc.sniper}
		v := mustShot(t, bf, "s", "g", w, DefaultOptions())
		if !v.Legal || measure(v.Measures, "accuracy") != tc.acc {
			t.Errorf("sniper %v: %s", tc.sniper, v.Paragraph())
		}
		for _, m := range tc.mods {
			if !hasModifier(v, m) {
				t.Errorf("sniper %v: missing modifier %q: %s", tc.sniper, m, v.Paragraph())
			}
		}
	}
}

// DZC-28 test idea: an antigrav drives a closed square loop of side 1.575
// (4 x 1.575 = 6.3 in) back to its start -> evasive; side 1.475 (5.9 in)
// -> not. Shots at it with lastMove 6.3: +2 Ge (3+ -> 5+), AA ignores it.
func TestEvasionDZC28(t *testing.T) {
	bf := field(t, nil, tank("ag", "a", "u", 10, 10), tank("s", "b", "x", 20, 10))
	for _, tc := range []struct {
		side    float64
		evasive bool
	}{{1.575, true}, {1.475, false}} {
		s := tc.side
		path := []geom.Point{geom.Pt(10+s, 10), geom.Pt(10+s, 10+s), geom.Pt(10, 10+s), geom.Pt(10, 10)}
		_, r, err := CheckMove(bf, "ag", MovePlan{Path: path}, withUnits(map[string]Unit{"ag": {Bw: 9, Type: "antigrav"}}))
		if err != nil {
			t.Fatal(err)
		}
		if r.Evasive != tc.evasive || !near(r.Length, 4*s, 1e-9) {
			t.Errorf("loop of %v in: evasive %v, want %v", r.Length, r.Evasive, tc.evasive)
		}
	}
	for _, tc := range []struct {
		last float64
		aa   bool
		acc  float64
	}{{6.3, false, 5}, {5.9, false, 3}, {6.3, true, 3}} {
		w := anyArc
		w.Acc, w.AA = 3, tc.aa
		v := mustShot(t, bf, "s", "ag", w, withUnits(map[string]Unit{"ag": {Type: "antigrav", LastMove: scenario.Length(tc.last)}}))
		if measure(v.Measures, "accuracy") != tc.acc {
			t.Errorf("lastMove %v AA %v: accuracy %v, want %v", tc.last, tc.aa, measure(v.Measures, "accuracy"), tc.acc)
		}
	}
}

// DZC-29 test idea: a hovering aircraft switches to NOE without moving:
// moved 1 in for shooting, altitude 2; 4 in is no legal altitude.
func TestAltitudeDZC29(t *testing.T) {
	bf := field(t, nil, aircraft("air", "f", "u", 20, 20, 6))
	tests := []struct {
		alt   float64
		legal bool
		moved float64
	}{{2, true, 1}, {6, true, 0}, {4, false, 1}}
	for _, tc := range tests {
		a := tc.alt
		v, r, err := CheckMove(bf, "air", MovePlan{Altitude: &a}, withUnits(map[string]Unit{"air": {Bw: 12}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || r.MovedForShooting != tc.moved || r.EndAltitude != tc.alt {
			t.Errorf("altitude 6 -> %v: legal %v moved %v end %v", tc.alt, v.Legal, r.MovedForShooting, r.EndAltitude)
		}
	}
}

// DZC-30 test idea: a Bw 12 gunship crossing 9 in steep terrain pays
// 9 - 6 = 3 in, so 9 in of path is all it has (9 + 3 = 12); 9.5 in costs
// 12.5 -> illegal; a fast aircraft may not cross; 5 in terrain is free;
// the text's 10 in cliff costs 4 in.
func TestSteepTerrainDZC30(t *testing.T) {
	tests := []struct {
		name    string
		h, dx   float64
		fast    bool
		legal   bool
		penalty float64
	}{
		{"9in-9", 9, 9, false, true, 3},
		{"9in-9.5", 9, 9.5, false, false, 3},
		{"fast", 9, 9, true, false, 0},
		{"5in", 5, 12, false, true, 0},
		{"cliff10", 10, 8, false, true, 4},
	}
	for _, tc := range tests {
		bf := field(t, []terrain.Piece{wall("cliff", 14, 0, 16, 40, tc.h, terrain.Impassable)}, aircraft("air", "f", "u", 10, 20, 6))
		v, r, err := CheckMove(bf, "air", MovePlan{Path: []geom.Point{geom.Pt(10+tc.dx, 20)}}, withUnits(map[string]Unit{"air": {Bw: 12, Fast: tc.fast}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || r.AircraftPenalty != tc.penalty {
			t.Errorf("%s: legal %v penalty %v, want %v %v: %s", tc.name, v.Legal, r.AircraftPenalty, tc.legal, tc.penalty, v.Paragraph())
		}
	}
}

// DZC-31 test idea: an NOE aircraft (2 in) may not cross a 3 in building;
// at 6 in it may.
func TestBuildingAltitudeDZC31(t *testing.T) {
	for _, tc := range []struct {
		alt   float64
		legal bool
	}{{2, false}, {6, true}} {
		bf := field(t, []terrain.Piece{bld("b", 14, 15, 16, 25, 3, 1)}, aircraft("air", "f", "u", 10, 20, tc.alt))
		v, _, err := CheckMove(bf, "air", MovePlan{Path: []geom.Point{geom.Pt(20, 20)}}, withUnits(map[string]Unit{"air": {Bw: 12}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || hasReason(v, "DZC-31", false) == tc.legal {
			t.Errorf("altitude %v over a 3 in building: %s", tc.alt, v.Paragraph())
		}
	}
}

// DZC-32 test idea: the flight base (diameter 1) must stand clear: ending
// at (20,20) with a building edge at x = 20.3 (base reaches 20.5) or a tank
// at 21 (hull from 20, base reaches 20.5) is rejected; open ground
// accepted.
func TestFitDZC32(t *testing.T) {
	tests := []struct {
		name   string
		pieces []terrain.Piece
		others []terrain.Model
		legal  bool
	}{
		{"open", nil, nil, true},
		{"building-edge", []terrain.Piece{bld("b", 20.3, 15, 25, 25, 8, 2)}, nil, false},
		{"tank", nil, []terrain.Model{tank("t", "g", "u", 21, 20)}, false},
		{"tank-clear", nil, []terrain.Model{tank("t", "g", "u", 21.6, 20)}, true},
	}
	for _, tc := range tests {
		ms := append([]terrain.Model{aircraft("air", "f", "u", 10, 20, 6)}, tc.others...)
		bf := field(t, tc.pieces, ms...)
		v, _, err := CheckMove(bf, "air", MovePlan{Path: []geom.Point{geom.Pt(20, 20)}}, withUnits(map[string]Unit{"air": {Bw: 12}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !hasReason(v, "DZC-32", tc.legal) {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

// DZC-33: a fast aircraft cannot land; difficult terrain under the
// template forbids landing; templates of squad-mates landing together may
// not overlap (M radius 3: centres 5.9 apart overlap, 6.1 do not).
func TestLandingRulesDZC33(t *testing.T) {
	mud := wall("mud", 22.5, 15, 30, 25, 0, terrain.Difficult)
	tests := []struct {
		name   string
		pieces []terrain.Piece
		fast   bool
		mateX  float64
		legal  bool
	}{
		{"plain", nil, false, 0, true},
		{"fast", nil, true, 0, false},
		{"difficult", []terrain.Piece{mud}, false, 0, false}, // rim at 23 > 22.5
		{"mate-5.9", nil, false, 25.9, false},
		{"mate-6.1", nil, false, 26.1, true},
	}
	for _, tc := range tests {
		ms := []terrain.Model{aircraft("air", "f", "u", 20, 20, 6)}
		var with []string
		if tc.mateX > 0 {
			ms = append(ms, aircraft("mate", "f", "u", tc.mateX, 20, 6))
			with = []string{"mate"}
		}
		bf := field(t, tc.pieces, ms...)
		v, err := CheckLanding(bf, "air", geom.Pt(20, 20), "", nil, with, withUnits(map[string]Unit{"air": {Fast: tc.fast}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

// DZC-35 test idea: a non-AA weapon at an airborne aircraft is illegal,
// at the same aircraft landed (altitude 0, a ground vehicle) legal; a fast
// aircraft only by reaction fire.
func TestWhoShootsAircraftDZC35(t *testing.T) {
	tests := []struct {
		name     string
		alt      float64
		aa, fast bool
		reaction bool
		legal    bool
	}{
		{"airborne-nonAA", 6, false, false, false, false},
		{"landed-nonAA", 0, false, false, false, true},
		{"fast-AA", 6, true, true, false, false},
		{"fast-reaction", 6, true, true, true, true},
	}
	for _, tc := range tests {
		bf := field(t, nil, tank("s", "a", "u", 10, 10), aircraft("air", "f", "x", 20, 10, tc.alt))
		w := anyArc
		w.AA, w.Reaction = tc.aa, tc.reaction
		v := mustShot(t, bf, "s", "air", w, withUnits(map[string]Unit{"air": {Fast: tc.fast}}))
		if v.Legal != tc.legal {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

// DZC-36 test idea (shifted by (5,10)): corridor (5,10) -> (25,10); AA at
// (15,18), range 10: engagement at s = 10 is (15,10), 8 in away on the
// ground -> in range; a second reaction must choose s > 10: s = 5 rejected
// although (10,10) is in range (sqrt(25+64) = 9.434),
// s = 12 accepted (point (17,10), sqrt(4+64) = 8.246 in); s = 10 again only
// with reactionSamePoint.
func TestReactionDZC36(t *testing.T) {
	bf := field(t, nil, tank("aa", "a", "u", 15, 18), aircraft("air", "f", "x", 25, 10, 6))
	w := Weapon{Range: Reach{Inches: 10}, BS: 4, Arc: "F/S/R", AA: true, Acc: 3}
	corridor := []geom.Point{geom.Pt(5, 10), geom.Pt(25, 10)}
	tests := []struct {
		s, prev float64
		same    bool
		fired   bool
		legal   bool
		rng     float64
	}{
		{10, -1, false, false, true, 8},
		{5, 10, false, false, false, math.Sqrt(25 + 64)}, // (10,10): 9.434
		{12, 10, false, false, true, math.Sqrt(4 + 64)},
		{10, 10, false, false, false, 8},
		{10, 10, true, false, true, 8},
		{10, -1, false, true, false, 8},
		{0, -1, false, false, false, math.Sqrt(100 + 64)}, // 12.806 > 10: every shot misses
	}
	for _, tc := range tests {
		o := DefaultOptions()
		o.ReactionSamePoint = tc.same
		v, r, err := CheckReaction(bf, "aa", "air", corridor, tc.s, tc.prev, w, tc.fired, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !near(measure(v.Measures, "range"), tc.rng, 1e-6) || r.Point != geom.Pt(5+tc.s, 10) {
			t.Errorf("s=%v prev=%v: legal %v range %v point %v, want %v %v: %s", tc.s, tc.prev, v.Legal, measure(v.Measures, "range"), r.Point, tc.legal, tc.rng, v.Paragraph())
		}
		// Reaction fire: 3+ +2 = 5+.
		if measure(v.Measures, "accuracy") != 5 {
			t.Errorf("s=%v: accuracy %v, want 5", tc.s, measure(v.Measures, "accuracy"))
		}
	}
	if _, _, err := CheckReaction(bf, "aa", "air", corridor, 20.5, -1, w, false, DefaultOptions()); err == nil {
		t.Errorf("s beyond the corridor's 20 in: no error")
	}
}

// DZC-37 test idea: M template radius 3, area 9π. A building whose edge is
// a chord c from the centre covers (acos(c/r) - (c/r)sqrt(1-(c/r)²))/π:
// c = 0.3 -> 0.4364 (>= 1/3: automatic hits), c = 1.5 -> 0.1955 (touched
// only). An infantry base with its centre 0.1 outside the rim but its rim
// inside is not "centre under" but is touched (original: any part -> one
// hit).
func TestCrashDZC37(t *testing.T) {
	tests := []struct {
		c     float64
		share float64
		auto  bool
	}{{0.3, 0.436445, true}, {1.5, 0.195501, false}}
	for _, tc := range tests {
		b := bld("b", 20+tc.c, 10, 30, 30, 4, 2)
		bf := field(t, []terrain.Piece{b}, aircraft("air", "f", "u", 10, 40, 6), inf("i", "g", "x", 20-3.1, 20))
		_, r, err := CheckCrash(bf, "air", geom.Pt(20, 20), "M", withUnits(map[string]Unit{"air": {LP: 4}}))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.BuildingShares) != 1 || !near(r.BuildingShares[0], tc.share, 1e-3) || (len(r.AutoHits) == 1) != tc.auto {
			t.Errorf("chord %v: %+v, want share %v auto %v", tc.c, r, tc.share, tc.auto)
		}
		if len(r.CentreUnder) != 0 || len(r.Touched) != 1 || r.Touched[0] != "i" {
			t.Errorf("base centre 0.1 in outside: %+v", r)
		}
	}
	o := DefaultOptions()
	o.CrashInfantry = "any"
	bf := field(t, nil, aircraft("air", "f", "u", 10, 40, 6), inf("i", "g", "x", 20-3.1, 20))
	if _, r, _ := CheckCrash(bf, "air", geom.Pt(20, 20), "M", o); len(r.CentreUnder) != 1 {
		t.Errorf("crashInfantry any: %+v", r)
	}
}

// DZC-38 test idea: transport Bw 9 unloads: half rounded down is 4; 4 in
// total is legal, 2 + 2.5 = 4.5 is not; a third manoeuvre is not; units
// may not split their move.
func TestManoeuvreDZC38(t *testing.T) {
	tests := []struct {
		mv    Manoeuvre
		legal bool
	}{
		{Manoeuvre{TransportMoved: 4, Count: 1}, true},
		{Manoeuvre{TransportMoved: 2 + 2.5, Count: 1}, false},
		{Manoeuvre{TransportMoved: 2, Count: 3}, false},
		{Manoeuvre{TransportMoved: 2, Count: 2}, true},
		{Manoeuvre{TransportMoved: 2, UnitMoved: 1, Count: 1}, true},    // unit Bw 3: half rounded down 1
		{Manoeuvre{TransportMoved: 2, UnitMoved: 1.5, Count: 1}, false}, // 1.5 > 1
		{Manoeuvre{TransportMoved: 2, Count: 1, UnitSplit: true}, false},
	}
	for _, tc := range tests {
		bf := field(t, nil, tank("tr", "t", "u", 20, 20), inf("p", "s", "u", 40, 40))
		v, err := CheckDisembark(bf, "tr", []Placement{{"p", geom.Pt(22.5, 20)}}, tc.mv, false, withUnits(map[string]Unit{"tr": {Bw: 9}, "p": {Bw: 3}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || measure(v.Measures, "transportHalfBw") != 4 {
			t.Errorf("%+v: %s", tc.mv, v.Paragraph())
		}
	}
	// The move itself: CheckMove with the manoeuvre flag caps Bw 9 at 4.
	bf := field(t, nil, tank("tr", "t", "u", 20, 20))
	for _, tc := range []struct {
		path  []geom.Point
		legal bool
	}{{[]geom.Point{geom.Pt(24, 20)}, true}, {[]geom.Point{geom.Pt(22, 20), geom.Pt(22, 22.5)}, false}} {
		v, _, _ := CheckMove(bf, "tr", MovePlan{Path: tc.path, Manoeuvre: true}, withUnits(map[string]Unit{"tr": {Bw: 9}}))
		if v.Legal != tc.legal {
			t.Errorf("manoeuvre move %v: %s", tc.path, v.Paragraph())
		}
	}
}

// DZC-39 test idea: transport hull centre (20,20): infantry placed at
// (22.9,20) is 2.9 in away -> legal; (23.2,20) is 3.2 -> illegal. Embark:
// the same distances; capacity 1 per transport refuses 2 units.
func TestTransportReachDZC39(t *testing.T) {
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{22.9, true}, {23.2, false}} {
		bf := field(t, nil, tank("tr", "t", "u", 20, 20), inf("p", "s", "u", 40, 40))
		v, err := CheckDisembark(bf, "tr", []Placement{{"p", geom.Pt(tc.x, 20)}}, Manoeuvre{Count: 1}, false, withUnits(map[string]Unit{"tr": {Bw: 9}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !near(measure(v.Measures, "distance:p"), tc.x-20, 1e-6) {
			t.Errorf("disembark at %v: %s", tc.x, v.Paragraph())
		}
		bf = field(t, nil, tank("tr", "t", "u", 20, 20), inf("p", "s", "u", tc.x, 20))
		v, err = CheckEmbark(bf, "s", []string{"tr"}, 0, Manoeuvre{Count: 1}, withUnits(map[string]Unit{"tr": {Bw: 9}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("embark from %v: %s", tc.x, v.Paragraph())
		}
	}
	bf := field(t, nil, tank("tr", "t", "u", 20, 20), inf("p", "s", "u", 22, 20), inf("q", "s", "u", 22, 21))
	if v, _ := CheckEmbark(bf, "s", []string{"tr"}, 1, Manoeuvre{Count: 1}, withUnits(map[string]Unit{"tr": {Bw: 9}})); v.Legal {
		t.Errorf("2 units into capacity 1: legal")
	}
	// Placing a base under the (ground) transport is refused.
	bf = field(t, nil, tank("tr", "t", "u", 20, 20), inf("p", "s", "u", 40, 40))
	if v, _ := CheckDisembark(bf, "tr", []Placement{{"p", geom.Pt(20, 20)}}, Manoeuvre{Count: 1}, false, withUnits(map[string]Unit{"tr": {Bw: 9}})); v.Legal {
		t.Errorf("base under the transport: legal")
	}
}

// DZC-40 test idea: three Standard transports 3 in apart, their squad's
// infantry 20 in away -> valid; one transport 5 in from the others -> not.
func TestTransportFormationDZC40(t *testing.T) {
	for _, tc := range []struct {
		third float64
		legal bool
	}{{16, true}, {18, false}} { // 10, 13, 16: gaps 3; 10, 13, 18: 5 in from 13
		bf := field(t, nil, tank("t1", "s", "u", 10, 10), tank("t2", "s", "u", 13, 10), tank("t3", "s", "u", tc.third, 10),
			inf("i1", "s", "u", 10, 30), inf("i2", "s", "u", 12, 30))
		o := withUnits(map[string]Unit{"t1": {Transport: true}, "t2": {Transport: true}, "t3": {Transport: true}})
		v, _, err := CheckFormation(bf, "s", o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || hasReason(v, "DZC-40", false) == tc.legal {
			t.Errorf("third transport at %v: %s", tc.third, v.Paragraph())
		}
	}
}

// DZC-41 test idea: a landing air transport's own passengers inside the
// template are no obstacle; after take-off they may stand under it; the
// landing costs are waived for a loading/unloading move (Bw 12: 12 in of
// path with land + take-off and the manoeuvre flag is... capped at half,
// so 6 in path costs 6 with no 2+2).
func TestAirTransportDZC41(t *testing.T) {
	bf := field(t, nil, aircraft("air", "f", "u", 20, 20, 6), inf("p", "s", "u", 21, 20))
	for _, tc := range []struct {
		passengers []string
		legal      bool
	}{{nil, false}, {[]string{"p"}, true}} {
		v, err := CheckLanding(bf, "air", geom.Pt(20, 20), "M", tc.passengers, nil, DefaultOptions())
		if err != nil || v.Legal != tc.legal {
			t.Errorf("passengers %v: %v %v", tc.passengers, v.Paragraph(), err)
		}
	}
	landed := field(t, nil, aircraft("air", "f", "u", 20, 20, 0), inf("p", "s", "u", 40, 40))
	o := withUnits(map[string]Unit{"air": {Bw: 12}})
	for _, tc := range []struct {
		tookOff bool
		legal   bool
	}{{true, true}, {false, false}} {
		v, err := CheckDisembark(landed, "air", []Placement{{"p", geom.Pt(20, 20)}}, Manoeuvre{Count: 1}, tc.tookOff, o)
		if err != nil || v.Legal != tc.legal {
			t.Errorf("under the transport, tookOff %v: %v %v", tc.tookOff, v.Paragraph(), err)
		}
	}
	// Airborne transport: must land first.
	v, _ := CheckDisembark(bf, "air", []Placement{{"p", geom.Pt(22, 20)}}, Manoeuvre{Count: 1}, false, o)
	if !hasReason(v, "DZC-41", false) {
		t.Errorf("airborne transport unloads: %s", v.Paragraph())
	}
	// Move: 6 in with land + manoeuvre costs 6 (no 2 in landing cost), budget floor(12/2) = 6.
	_, r, err := CheckMove(bf, "air", MovePlan{Path: []geom.Point{geom.Pt(26, 20)}, Land: true, Manoeuvre: true}, o)
	if err != nil || r.Cost != 6 || r.Budget != 6 {
		t.Errorf("air transport landing to unload: cost %v budget %v (%v)", r.Cost, r.Budget, err)
	}
}

// DZC-42 test idea: transport hull edge 0.8 in from the entrance ->
// allowed; 1.5 in -> not (edge measure: hull front at x + 1).
func TestTransportToBuildingDZC42(t *testing.T) {
	b := bld("b", 20, 10, 24, 14, 3, 1, terrain.Wall{ID: "w", From: geom.Pt(20, 10), To: geom.Pt(20, 14), Entrances: []geom.Point{geom.Pt(20, 12)}})
	for _, tc := range []struct {
		gap   float64
		legal bool
	}{{0.8, true}, {1.5, false}, {0, true}} {
		bf := field(t, []terrain.Piece{b}, tank("tr", "t", "u", 20-tc.gap-1, 12))
		v, err := CheckTransportToBuilding(bf, "tr", "b", DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !near(measure(v.Measures, "entranceDistance"), tc.gap, 1e-6) {
			t.Errorf("gap %v: %s", tc.gap, v.Paragraph())
		}
	}
}

// DZC-43 test idea: a wreck at (20,20) walled in by impassable rock except
// a 1 in gap; of three bases, two fit on open ground within 3 in, the third
// is placed on the rock -> destroyed; one placed 3.5 in away -> destroyed.
func TestWreckDZC43(t *testing.T) {
	rock := []terrain.Piece{wall("r1", 15, 21.5, 25, 25, 3, terrain.Impassable), wall("r2", 15, 15, 25, 18.5, 3, terrain.Impassable),
		wall("r3", 22, 18.5, 25, 21.5, 3, terrain.Impassable)}
	bf := field(t, rock, tank("wr", "t", "u", 20, 20), inf("a", "s", "u", 40, 40), inf("b", "s", "u", 41, 40), inf("c", "s", "u", 42, 40))
	tests := []struct {
		place []Placement
		lost  []string
	}{
		{[]Placement{{"a", geom.Pt(18, 20)}, {"b", geom.Pt(17.5, 20.8)}, {"c", geom.Pt(17.5, 19.2)}}, nil},
		{[]Placement{{"a", geom.Pt(18, 20)}, {"b", geom.Pt(17.5, 20.8)}, {"c", geom.Pt(20, 23)}}, []string{"c"}},
		{[]Placement{{"a", geom.Pt(18, 20)}, {"b", geom.Pt(17.5, 20.8)}, {"c", geom.Pt(16.5, 20)}}, []string{"c"}}, // 3.5 in
	}
	for _, tc := range tests {
		v, lost, err := CheckWreckPlacement(bf, "wr", tc.place, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(lost, ",") != strings.Join(tc.lost, ",") || v.Legal != (len(tc.lost) == 0) {
			t.Errorf("%v: lost %v, want %v: %s", tc.place, lost, tc.lost, v.Paragraph())
		}
	}
}

// DZC-44 test idea: disembarking bases must be in formation with the
// stranded base of their squad: passengers at (22.5,19.5) and (22.5,20.5),
// sqrt(2.5² + 0.5²) = 2.55 in from the transport; a stranded base at
// (25,20) is 2.55 in from either (Standard, legal), at (30,20) 7.52 (not).
func TestStrandedDZC44(t *testing.T) {
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{25, true}, {30, false}} {
		bf := field(t, nil, tank("tr", "t", "u", 20, 20), inf("p", "s", "u", 40, 40), inf("q", "s", "u", 41, 40), inf("st", "s", "u", tc.x, 20))
		v, err := CheckDisembark(bf, "tr", []Placement{{"p", geom.Pt(22.5, 19.5)}, {"q", geom.Pt(22.5, 20.5)}}, Manoeuvre{Count: 1}, false, withUnits(map[string]Unit{"tr": {Bw: 9}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !hasReason(v, "DZC-44", true) {
			t.Errorf("stranded at %v: %s", tc.x, v.Paragraph())
		}
	}
}

// DZC-45 test idea: a tank path through a building footprint is rejected;
// sight between two tanks across the footprint (hull tops 1 in, roof 3 in)
// is blocked.
func TestBuildingBlocksDZC45(t *testing.T) {
	b := bld("b", 14, 5, 16, 15, 3, 1)
	bf := field(t, []terrain.Piece{b}, tank("s", "a", "u", 10, 10), tank("c", "b", "x", 20, 10))
	v, _, err := CheckMove(bf, "s", MovePlan{Path: []geom.Point{geom.Pt(18, 10)}}, withUnits(map[string]Unit{"s": {Bw: 12}}))
	if err != nil {
		t.Fatal(err)
	}
	if v.Legal || !hasReason(v, "DZC-45", false) {
		t.Errorf("path through a building: %s", v.Paragraph())
	}
	if v := mustShot(t, bf, "s", "c", anyArc, DefaultOptions()); v.Legal {
		t.Errorf("sight through a building: legal")
	}
	// Infantry may not move through it either.
	bf = field(t, []terrain.Piece{b}, inf("i", "a", "u", 10, 10))
	if v, _, _ := CheckMove(bf, "i", MovePlan{Path: []geom.Point{geom.Pt(18, 10)}}, withUnits(map[string]Unit{"i": {Bw: 12}})); v.Legal {
		t.Errorf("infantry through a building: legal")
	}
}

// DZC-47 test idea: after destruction the 1 in rubble blocks sight
// between hull centres at 0.5 in (every line to the target's hull, z <= 1,
// stays below 1 over the rubble) but not from an aircraft at 6 in; a tank
// whose hull is 0.9 in from the wall is in the 2+ list, one at 1.2 in not;
// garrisoned bases are removed.
func TestCollapseDZC47(t *testing.T) {
	wl := terrain.Wall{ID: "n", From: geom.Pt(24, 14), To: geom.Pt(20, 14)}
	b := bld("b", 20, 10, 24, 14, 4, 2, wl)
	bf := field(t, []terrain.Piece{b}, tank("near", "a", "u", 24.9+1, 12), tank("far", "a", "u", 25.2+1, 20),
		garrisoned("g", "i", "u", "b", "", 22, 12), aircraft("air", "f", "u", 22, 30, 6))
	v, inside, nr, err := CheckCollapse(bf, "b", DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(inside, ",") != "g" || strings.Join(nr, ",") != "near" || !near(measure(v.Measures, "distance:near"), 0.9, 1e-6) {
		t.Errorf("collapse: inside %v near %v: %s", inside, nr, v.Paragraph())
	}
	// The far tank: hull left edge 25.2 at y 19.5..20.5, the building's
	// corner (24,14): sqrt(1.2² + 5.5²) > 1 -> not listed.
	pre := field(t, []terrain.Piece{b}, tank("s", "a", "u", 15, 12), tank("c", "b", "x", 29, 12), aircraft("air", "f", "x", 22, 12, 6))
	rub, err := Rubble(pre, "b")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := rub.Piece("b"); p.Kind != terrain.Solid || p.Height != 1 {
		t.Errorf("rubble piece = %v %v, want solid 1 in", p.Kind, p.Height)
	}
	if v := mustShot(t, rub, "s", "c", anyArc, DefaultOptions()); v.Legal {
		t.Errorf("tank to tank across rubble: legal")
	}
	aa := anyArc
	aa.AA = true
	if v := mustShot(t, rub, "s", "air", aa, DefaultOptions()); !v.Legal {
		t.Errorf("tank to aircraft above rubble: %s", v.Paragraph())
	}
	// Before the collapse the 4 in building hid the aircraft's 6 in point?
	// (15,12,0.5) -> (22,12,6): at x = 20, z = 0.5 + 5.5*5/7 = 4.43 > 4 -> clear too.
}

// DZC-48 test idea: a Winzig building (3 floors, 2 x 2 = 4 sq in: G 3,
// capacity 6) holding 5 bases: a 2-base squad is refused (5 + 2 = 7 > 6),
// a 1-base squad accepted; a base must be within 1 in of an entrance; an
// entrance in a wall enemies fire from is closed.
func TestEnterBuildingDZC48(t *testing.T) {
	wl := []terrain.Wall{{ID: "w", From: geom.Pt(20, 10), To: geom.Pt(20, 12), Entrances: []geom.Point{geom.Pt(20, 11)}},
		{ID: "e", From: geom.Pt(22, 12), To: geom.Pt(22, 10), Entrances: []geom.Point{geom.Pt(22, 11)}}}
	b := bld("b", 20, 10, 22, 12, 3, 3, wl...)
	var inside []terrain.Model
	for i := 0; i < 5; i++ {
		inside = append(inside, garrisoned(string(rune('k'+i)), "g", "u", "b", "", 21, 11))
	}
	tests := []struct {
		name    string
		bases   []geom.Point
		enemyE  bool
		inside  int
		legal   bool
		entDist float64
	}{
		{"2-bases-full", []geom.Point{geom.Pt(19, 11), geom.Pt(18, 11)}, false, 5, false, 1},
		{"1-base-fits", []geom.Point{geom.Pt(19, 11)}, false, 5, true, 1},
		{"1.2in", []geom.Point{geom.Pt(18.8, 11)}, false, 0, false, 1.2},
		{"east-closed", []geom.Point{geom.Pt(23, 11)}, true, 0, false, 3}, // west entrance (20,11) is 3 in away
		{"east-open", []geom.Point{geom.Pt(23, 11)}, false, 0, true, 1},
	}
	for _, tc := range tests {
		ms := append([]terrain.Model(nil), inside[:tc.inside]...)
		for i, p := range tc.bases {
			ms = append(ms, inf(string(rune('A'+i)), "s", "u", p.X, p.Y))
		}
		if tc.enemyE {
			ms = append(ms, garrisoned("foe", "f", "x", "b", "e", 21, 11))
		}
		bf := field(t, []terrain.Piece{b}, ms...)
		v, err := CheckEnterBuilding(bf, "s", "b", DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !near(measure(v.Measures, "entranceDistance"), tc.entDist, 1e-6) || measure(v.Measures, "capacity") != 6 {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

// DZC-49 test idea: wall "e" with windows W1 (24,11,1.5) and W2
// (24,13,1.5); the target at (30,16) is hidden from W1 by a post but seen
// from W2 -> legal, range from W2 = sqrt(36 + 9) = 6.708; a Klein building
// (G 6) with 7 bases assigned -> invalid.
func TestFiringOutDZC49(t *testing.T) {
	wl := terrain.Wall{ID: "e", From: geom.Pt(24, 10), To: geom.Pt(24, 14), Windows: []geom.Vec3{geom.V3(24, 11, 1.5), geom.V3(24, 13, 1.5)}}
	b := bld("b", 20, 10, 24, 14, 4, 3, wl) // 16 sq in, 3 floors: Mittel (G 9)
	// Post on the line W1 -> target: (24,11) -> (30,16) passes (27,13.5).
	post := wall("post", 26.8, 13.2, 27.2, 13.6, 5, terrain.Impassable)
	tg := inf("tg", "x", "x", 30, 16)
	tests := []struct {
		name   string
		n      int
		pieces []terrain.Piece
		legal  bool
		rng    float64
		winY   float64
	}{
		{"W2-only", 1, []terrain.Piece{b, post}, true, math.Sqrt(36 + 9), 13},
		{"both", 1, []terrain.Piece{b}, true, math.Sqrt(36 + 9), 13}, // W2 is nearer: sqrt(36+25)=7.81 from W1
		{"10-assigned-G9", 10, []terrain.Piece{b}, false, math.Sqrt(36 + 9), 13},
	}
	for _, tc := range tests {
		ms := []terrain.Model{tg}
		for i := 0; i < tc.n; i++ {
			ms = append(ms, garrisoned(string(rune('A'+i)), "g", "u", "b", "e", 22, 12))
		}
		bf := field(t, tc.pieces, ms...)
		v := mustShot(t, bf, "A", "tg", Weapon{Range: Reach{Inches: 12}, BS: 3}, withUnits(map[string]Unit{"A": {Moved: 5}}))
		if v.Legal != tc.legal || !near(measure(v.Measures, "range"), tc.rng, 1e-3) || measure(v.Measures, "windowY") != tc.winY {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
	// The same as a Klein (G 6) via buildingClasses: 7 assigned -> invalid.
	ms := []terrain.Model{tg}
	for i := 0; i < 7; i++ {
		ms = append(ms, garrisoned(string(rune('A'+i)), "g", "u", "b", "e", 22, 12))
	}
	o := DefaultOptions()
	o.BuildingClasses = map[string]string{"b": "Klein"}
	v := mustShot(t, field(t, []terrain.Piece{b}, ms...), "A", "tg", Weapon{Range: Reach{Inches: 12}, BS: 3}, o)
	if v.Legal || measure(v.Measures, "garrisonValue") != 6 || measure(v.Measures, "assignedBases") != 7 {
		t.Errorf("7 assigned to a G 6 building: %s", v.Paragraph())
	}
}

// DZC-50 test idea (shifted by (10,10)): assigned wall (10,10)-(14,10),
// shooter at (16,13): nearest point (14,10), range sqrt(4+9) = 3.606. A
// post x 13.4..15, y 10.2..10.4 hides the wall points x > 13 (the line from
// (16,13) to (x,10) reaches x + (16-x)*0.4/3 at y = 10.4, which is 13.4 for
// x = 13): nearest visible point (13,10), range sqrt(9+9) = 4.243.
func TestShootGarrisonDZC50(t *testing.T) {
	wl := terrain.Wall{ID: "n", From: geom.Pt(14, 10), To: geom.Pt(10, 10), Windows: []geom.Vec3{geom.V3(12, 10, 1)}}
	b := bld("b", 10, 6, 14, 10, 3, 1, wl)
	post := wall("post", 13.4, 10.2, 15, 10.4, 5, terrain.Impassable)
	tests := []struct {
		name   string
		pieces []terrain.Piece
		target terrain.Model
		extra  []terrain.Model
		legal  bool
		x, rng float64
	}{
		{"clear", []terrain.Piece{b}, garrisoned("g", "g", "x", "b", "n", 12, 8), nil, true, 14, math.Sqrt(13)},
		{"post", []terrain.Piece{b, post}, garrisoned("g", "g", "x", "b", "n", 12, 8), nil, true, 13, math.Sqrt(18)},
		{"hidden", []terrain.Piece{b}, garrisoned("g", "g", "x", "b", "", 12, 8), nil, false, math.NaN(), math.NaN()},
		{"friendly-inside", []terrain.Piece{b}, garrisoned("g", "g", "x", "b", "n", 12, 8), []terrain.Model{garrisoned("f", "h", "u", "b", "", 11, 8)}, false, 14, math.Sqrt(13)},
	}
	for _, tc := range tests {
		ms := append([]terrain.Model{inf("s", "a", "u", 16, 13), tc.target}, tc.extra...)
		bf := field(t, tc.pieces, ms...)
		v := mustShot(t, bf, "s", "g", Weapon{Range: Reach{Inches: 12}, BS: 3}, DefaultOptions())
		x, r := measure(v.Measures, "wallPointX"), measure(v.Measures, "range")
		if v.Legal != tc.legal || (!math.IsNaN(tc.x) && (!near(x, tc.x, 1e-3) || !near(r, tc.rng, 1e-3))) {
			t.Errorf("%s: point x %v range %v, want %v %v: %s", tc.name, x, r, tc.x, tc.rng, v.Paragraph())
		}
	}
}

// DZC-51 test idea (shifted by (10,10)): entrance (10,10) on the north
// wall; BaB bases (10,11), (11,11), (9,11) touch and are 1, 1.414, 1.414
// from it -> legal; the same row at y = 12.5 is 2.5/2.693 away -> illegal
// unless "as close as possible" is claimed; a broken BaB row is illegal.
func TestLeaveBuildingDZC51(t *testing.T) {
	wl := terrain.Wall{ID: "n", From: geom.Pt(12, 10), To: geom.Pt(8, 10), Entrances: []geom.Point{geom.Pt(10, 10)}}
	b := bld("b", 8, 6, 12, 10, 3, 1, wl)
	ms := []terrain.Model{garrisoned("a", "s", "u", "b", "", 10, 8), garrisoned("c", "s", "u", "b", "", 10, 8), garrisoned("d", "s", "u", "b", "", 10, 8)}
	bf := field(t, []terrain.Piece{b}, ms...)
	o := DefaultOptions()
	o.Squads = map[string]Squad{"s": {Formation: "bab"}}
	row := func(y float64, gap float64) []Placement {
		return []Placement{{"a", geom.Pt(10, y)}, {"c", geom.Pt(11+gap, y)}, {"d", geom.Pt(9, y)}}
	}
	tests := []struct {
		name     string
		place    []Placement
		closest  bool
		legal    bool
		farthest float64
	}{
		{"y11", row(11, 0), false, true, math.Sqrt2},
		{"y12.5", row(12.5, 0), false, false, math.Sqrt(1 + 2.5*2.5)},
		{"y12.5-closest", row(12.5, 0), true, true, math.Sqrt(1 + 2.5*2.5)},
		{"y11-gap", row(11, 0.2), false, false, math.Sqrt(1.2*1.2 + 1)},
	}
	for _, tc := range tests {
		v, err := CheckLeaveBuilding(bf, "b", tc.place, tc.closest, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !near(measure(v.Measures, "farthestFromEntrance"), tc.farthest, 1e-6) {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

// DZC-53 test idea: antigrav crosses a river impassable to tanks, a solid
// 0.25 in wall; a 0.3 in hedge (permeable area) is impassable; a 0.3 in
// solid wall classed impassable keeps its class ("class") or is passable
// ("passable").
func TestAntigravDZC53(t *testing.T) {
	river := terrain.Piece{ID: "p", Kind: terrain.Water, Footprint: rect(14, 0, 16, 40), Sight: terrain.SightClear, Cover: terrain.CoverNone,
		Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1}
	hedge := terrain.Piece{ID: "p", Kind: terrain.Area, Footprint: rect(14, 0, 16, 40), Height: 0.3, Sight: terrain.SightConcealing, Cover: terrain.CoverSoft,
		Movement: terrain.MovementRule{Default: terrain.Difficult}, Level: 1}
	tests := []struct {
		name   string
		piece  terrain.Piece
		typ    string
		solid  string
		legal  bool
		clause string
	}{
		{"river-tank", river, "", "class", false, "DZC-06"},
		{"river-antigrav", river, "antigrav", "class", true, ""},
		{"wall-0.25", wall("p", 14, 0, 16, 40, 0.25, terrain.Impassable), "antigrav", "class", true, ""},
		{"hedge-0.3", hedge, "antigrav", "class", false, "DZC-53"},
		{"wall-0.3-class", wall("p", 14, 0, 16, 40, 0.3, terrain.Impassable), "antigrav", "class", false, "DZC-53"},
		{"wall-0.3-passable", wall("p", 14, 0, 16, 40, 0.3, terrain.Impassable), "antigrav", "passable", true, ""},
	}
	for _, tc := range tests {
		bf := field(t, []terrain.Piece{tc.piece}, tank("ag", "a", "u", 10, 20))
		o := withUnits(map[string]Unit{"ag": {Bw: 12, Type: tc.typ}})
		o.AntigravSolid = tc.solid
		v, _, err := CheckMove(bf, "ag", MovePlan{Path: []geom.Point{geom.Pt(20, 20)}}, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || (tc.clause != "" && !hasReason(v, tc.clause, false)) {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

// DZC-54 test idea: walker Bw 4 through a rubble field (impassable to
// vehicles) may move at most 4 - ceil(4*0.5) = 2 in; through difficult
// terrain its full 4 in with no doubling. Bw 5: 5 - ceil(2.5) = 2
// ("penalty-up") or ceil(2.5) = 3 ("remaining-up").
func TestWalkerDZC54(t *testing.T) {
	rubble := terrain.Piece{ID: "r", Kind: terrain.Debris, Footprint: rect(5, 5, 40, 40), Height: 0.5, Sight: terrain.SightClear, Cover: terrain.CoverSoft,
		Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1}
	mud := wall("r", 5, 5, 40, 40, 0, terrain.Difficult)
	tests := []struct {
		name     string
		piece    terrain.Piece
		bw, dx   float64
		rounding string
		legal    bool
		budget   float64
		cost     float64
	}{
		{"rubble-2", rubble, 4, 2, "penalty-up", true, 2, 2},
		{"rubble-2.5", rubble, 4, 2.5, "penalty-up", false, 2, 2.5},
		{"difficult-4", mud, 4, 4, "penalty-up", true, 4, 4},
		{"bw5-penalty-up", rubble, 5, 2.5, "penalty-up", false, 2, 2.5},
		{"bw5-remaining-up", rubble, 5, 2.5, "remaining-up", true, 3, 2.5},
	}
	for _, tc := range tests {
		walker := terrain.Model{ID: "wk", Squad: "a", Side: "u", Class: terrain.Walker, Position: geom.Pt(20, 20), Level: 1, Hull: terrain.Hull{Length: 1, Width: 1, Height: 3}}
		bf := field(t, []terrain.Piece{tc.piece}, walker)
		o := withUnits(map[string]Unit{"wk": {Bw: scenario.Length(tc.bw), Type: "walker"}})
		o.WalkerRounding = tc.rounding
		v, r, err := CheckMove(bf, "wk", MovePlan{Path: []geom.Point{geom.Pt(20+tc.dx, 20)}}, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || r.Budget != tc.budget || !near(r.Cost, tc.cost, 1e-9) {
			t.Errorf("%s: legal %v budget %v cost %v, want %v %v %v: %s", tc.name, v.Legal, r.Budget, r.Cost, tc.legal, tc.budget, tc.cost, v.Paragraph())
		}
	}
}
