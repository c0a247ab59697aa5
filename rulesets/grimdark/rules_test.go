package grimdark

import (
	"errors"
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Distances below are edge to edge between 1 in round bases unless a test
// says otherwise: a gap g puts the centres g + 1 apart.

func TestTableAndDeployment(t *testing.T) { // GF-01, GF-02, GF-16
	tests := []struct {
		name         string
		w, d, zone   float64
		y            float64
		mode, how    string
		gapOK, legal bool
	}{
		{"72x48 gap 24", 72, 48, 12, 6, Deploy, "fully", true, true},
		{"60x44 gap 20", 60, 44, 12, 6, Deploy, "fully", false, false},
		{"60x44 zones 10", 60, 44, 10, 6, Deploy, "fully", true, true},
		{"rim 11.9 fully", 72, 48, 12, 11.4, Deploy, "fully", true, true},
		{"rim 12.3 fully", 72, 48, 12, 11.8, Deploy, "fully", true, false},
		{"rim 12.3 centre", 72, 48, 12, 11.8, Deploy, "center", true, true},
		{"centre 12.4", 72, 48, 12, 12.4, Deploy, "center", true, false},
		{"near rim 12.3 partly", 72, 48, 12, 12.8, Deploy, "partly", true, false},
		{"scout rim 24.3", 72, 48, 12, 23.8, Scout, "fully", true, false},
		{"scout rim 23.9", 72, 48, 12, 23.4, Scout, "fully", true, true},
	}
	for _, tc := range tests {
		bf := fieldSized(t, tc.w, tc.d, nil, inf("m", "u", "red", 30, tc.y))
		opt := DefaultOptions()
		opt.ZoneDepth, opt.Deployment = scenario.Length(tc.zone), tc.how
		v, err := CheckPlacement(bf, "u", "south", tc.mode, opt)
		if err != nil {
			t.Fatal(err)
		}
		if clauseFails(v, "GF-01") == tc.gapOK || v.Legal != tc.legal {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
	bf := field(t, nil, inf("m", "u", "red", 30, 6))
	if _, err := CheckPlacement(bf, "u", "west", Deploy, DefaultOptions()); err == nil {
		t.Error("west is a short edge of a 72 x 48 table: want an error")
	}
	// north edge: y = 48 - 11.4
	bf = field(t, nil, inf("m", "u", "red", 30, 36.6))
	if v, _ := CheckPlacement(bf, "u", "north", Deploy, DefaultOptions()); !v.Legal {
		t.Errorf("north rim 11.9: %s", v.Paragraph())
	}
}

func TestAmbush(t *testing.T) { // GF-15
	for _, tc := range []struct {
		gap   float64
		legal bool
	}{{8.9, false}, {9.0, true}, {12, true}} {
		bf := field(t, nil, inf("a", "amb", "red", 30, 30), inf("e", "foe", "blue", 30+tc.gap+1, 30), inf("f", "pal", "red", 31.5, 30))
		v, err := CheckPlacement(bf, "amb", "", Ambush, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("ambusher %g in from the enemy: %s", tc.gap, v.Paragraph())
		}
	}
}

func TestMarkers(t *testing.T) { // GF-03
	bf := field(t, nil)
	tests := []struct {
		m     []geom.Point
		legal bool
	}{
		{pts(30, 24, 39, 24), true},
		{pts(30, 24, 38.9, 24), false},
		{pts(20, 11), false},
		{pts(20, 12), false}, // on the zone's line
		{pts(20, 12.01), true},
		{pts(20, 35.9), true},
		{pts(20, 36), false}, // north zone y >= 36
		{pts(80, 24), false}, // off the table
	}
	for _, tc := range tests {
		v, err := CheckMarkers(bf, tc.m, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("CheckMarkers(%v) = %s", tc.m, v.Paragraph())
		}
	}
}

func TestObjective(t *testing.T) { // GF-04
	marker := geom.Pt(36, 24)
	friend := inf("f", "red-1", "red", 36-3.4, 24) // 2.9 in from the marker
	tests := []struct {
		name      string
		models    []terrain.Model
		units     map[string]Unit
		owner     string
		shaken    bool
		wantOwner string
		wantState string
	}{
		{"enemy 3.5", []terrain.Model{friend, inf("e", "blue-1", "blue", 40, 24)}, nil, "", false, "red", "seized"},
		{"enemy 2.0", []terrain.Model{friend, inf("e", "blue-1", "blue", 38.5, 24)}, nil, "", false, "", "contested"},
		{"enemy exactly 3", []terrain.Model{friend, inf("e", "blue-1", "blue", 39.5, 24)}, nil, "", false, "", "contested"},
		{"enemy 3.01", []terrain.Model{friend, inf("e", "blue-1", "blue", 39.51, 24)}, nil, "", false, "red", "seized"},
		{"only an enemy aircraft", []terrain.Model{friend, inf("e", "blue-air", "blue", 37.5, 24)}, map[string]Unit{"blue-air": {Aircraft: true}}, "", false, "red", "seized"},
		{"shaken friend", []terrain.Model{friend, inf("e", "blue-1", "blue", 38.5, 24)}, map[string]Unit{"red-1": {Shaken: true}}, "red", false, "blue", "seized"},
		{"shaken friend contests (option)", []terrain.Model{friend, inf("e", "blue-1", "blue", 38.5, 24)}, map[string]Unit{"red-1": {Shaken: true}}, "red", true, "", "contested"},
		{"ambusher", []terrain.Model{friend}, map[string]Unit{"red-1": {Ambushed: true}}, "blue", false, "blue", "kept"},
		{"nobody, kept", []terrain.Model{inf("f", "red-1", "red", 10, 10)}, nil, "blue", false, "blue", "kept"},
	}
	for _, tc := range tests {
		bf := field(t, nil, tc.models...)
		opt := withUnits(tc.units)
		opt.ShakenContests = tc.shaken
		v, r, err := CheckObjective(bf, marker, tc.owner, opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Owner != tc.wantOwner || r.State != tc.wantState {
			t.Errorf("%s: owner %q state %q, want %q %q: %s", tc.name, r.Owner, r.State, tc.wantOwner, tc.wantState, v.Paragraph())
		}
	}
}

func TestAllowance(t *testing.T) { // GF-05, GF-14
	tests := []struct {
		action string
		unit   Unit
		want   float64
		fails  string
	}{
		{Hold, Unit{}, 0, ""},
		{Advance, Unit{}, 6, ""},
		{Rush, Unit{}, 12, ""},
		{Charge, Unit{}, 12, ""},
		{Rush, Unit{Fast: true}, 16, ""},
		{Advance, Unit{Fast: true}, 8, ""},
		{Advance, Unit{Slow: true}, 4, ""},
		{Charge, Unit{Slow: true}, 8, ""},
		{Advance, Unit{Artillery: true}, 6, "GF-05"},
		{Hold, Unit{Immobile: true}, 0, ""},
		{Rush, Unit{Immobile: true}, 12, "GF-05"},
		{Advance, Unit{Aircraft: true}, 36, ""},
		{Rush, Unit{Aircraft: true}, 42, "GF-14"},
	}
	for _, tc := range tests {
		v := rulesets.NewVerdict()
		got, err := allowance(v, tc.action, tc.unit)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want || (tc.fails == "") != v.Legal || (tc.fails != "" && !clauseFails(v, tc.fails)) {
			t.Errorf("allowance(%s, %+v) = %g %s, want %g failing %q", tc.action, tc.unit, got, v.Paragraph(), tc.want, tc.fails)
		}
	}
	if _, err := allowance(rulesets.NewVerdict(), "teleport", Unit{}); err == nil {
		t.Error("unknown action: want an error")
	}
}

func TestCoherency(t *testing.T) { // GF-06
	tests := []struct {
		name      string
		xs        []float64
		coherent  bool
		mustClose []string
	}{
		{"gaps 0.9", []float64{10, 11.9, 13.8}, true, nil},
		{"two pairs 8.6 apart, first and last 11.4", []float64{10, 11.9, 20.5, 22.4}, false, []string{"ma", "md"}},
		{"two pairs 6 apart: no chain needed", []float64{10, 11.9, 17.9, 19.8}, true, nil},
		{"exactly 1 in", []float64{10, 12}, true, nil},
		{"1.01 in", []float64{10, 12.01}, false, []string{"ma", "mb"}},
		{"one isolated", []float64{10, 11.9, 15}, false, []string{"mc"}},
	}
	for _, tc := range tests {
		var ms []terrain.Model
		for i, x := range tc.xs {
			ms = append(ms, inf("m"+string(rune('a'+i)), "u", "red", x, 10))
		}
		bf := field(t, nil, ms...)
		v, r, err := CheckCoherency(bf, "u", DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.coherent || r.Coherency.Coherent != tc.coherent || len(r.MustClose) != len(tc.mustClose) {
			t.Errorf("%s: %s mustClose %v, want %v", tc.name, v.Paragraph(), r.MustClose, tc.mustClose)
			continue
		}
		for i := range tc.mustClose {
			if r.MustClose[i] != tc.mustClose[i] {
				t.Errorf("%s: mustClose %v, want %v", tc.name, r.MustClose, tc.mustClose)
			}
		}
	}
	// the isolated model's broken link names its nearest mate and the gap
	bf0 := field(t, nil, inf("ma", "u", "red", 10, 10), inf("mb", "u", "red", 11.9, 10), inf("mc", "u", "red", 15, 10))
	if v, r, _ := CheckCoherency(bf0, "u", DefaultOptions()); len(r.Broken) != 1 || r.Broken[0].To != "mb" || r.Broken[0].Distance != 2.1 ||
		!hasReason(v, "GF-06", "mc's nearest unit mate mb is 2.100 in away") {
		t.Errorf("broken links %+v: %s", r.Broken, v.Paragraph())
	}
	// a joined hero is a model of the unit (Errata 5)
	bf := field(t, nil, inf("a", "u", "red", 10, 10), inf("hero", "u", "red", 11.9, 10))
	if v, _, _ := CheckCoherency(bf, "u", DefaultOptions()); !v.Legal {
		t.Errorf("hero joined: %s", v.Paragraph())
	}
}

func TestExclusion(t *testing.T) { // GF-07
	tests := []struct {
		name     string
		other    terrain.Model
		friendly bool
		legal    bool
	}{
		{"enemy 0.8", inf("e", "foe", "blue", 21.8, 10), true, false},
		{"enemy 1.0", inf("e", "foe", "blue", 22, 10), true, true},
		{"friend 0.8", inf("e", "pal", "red", 21.8, 10), true, false},
		{"friend 0.8, friends exempt", inf("e", "pal", "red", 21.8, 10), false, true},
	}
	for _, tc := range tests {
		bf := field(t, nil, inf("a", "u", "red", 15, 10), tc.other)
		opt := DefaultOptions()
		opt.ExclusionFriendly = tc.friendly
		v, r, err := CheckMove(bf, "u", Advance, map[string][]geom.Point{"a": pts(15, 10, 20, 10)}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || (!tc.legal && len(r.TooClose) != 1) {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
		// the verdict names the models and the measured gap
		if !tc.legal && !hasReason(v, "GF-07", "a ends 0.800 in from e of unit") {
			t.Errorf("%s: reason lacks the numbers: %s", tc.name, v.Paragraph())
		}
	}
}

func TestDifficult(t *testing.T) { // GF-11, GF-13
	w := []terrain.Piece{wood("wood", 15, 25, 16, 35)}
	tests := []struct {
		name   string
		action string
		unit   Unit
		path   []geom.Point
		legal  bool
		capped bool
	}{
		{"rush 12 through the wood", Rush, Unit{}, pts(10, 30, 22, 30), false, true},
		{"rush 6 into the wood", Rush, Unit{}, pts(10, 30, 16, 30), true, true},
		{"strider rush 12", Rush, Unit{Strider: true}, pts(10, 30, 22, 30), true, false},
		{"advance 6 through", Advance, Unit{}, pts(10, 30, 16, 30), true, false},
		{"flying advance across", Advance, Unit{Flying: true}, pts(10, 30, 16, 30), true, false},
		{"rush beside the wood, 0.6 in clear", Rush, Unit{}, pts(10, 24.4, 22, 24.4), true, false},
		{"rush grazing the wood with its base", Rush, Unit{}, pts(10, 24.6, 22, 24.6), false, true},
	}
	for _, tc := range tests {
		bf := field(t, w, inf("a", "u", "red", 10, tc.path[0].Y))
		v, r, err := CheckMove(bf, "u", tc.action, map[string][]geom.Point{"a": tc.path}, withUnits(map[string]Unit{"u": tc.unit}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || (len(r.Capped) > 0) != tc.capped {
			t.Errorf("%s: capped %v: %s", tc.name, r.Capped, v.Paragraph())
		}
	}
}

// TestDifficultScope: one model of two touches the wood; under "unit" both
// are capped at 6 in, under "model" only it.
func TestDifficultScope(t *testing.T) { // GF-11, Ambiguity 8
	w := []terrain.Piece{wood("wood", 15, 25, 16, 35)}
	for _, tc := range []struct {
		scope string
		legal bool
	}{{"unit", false}, {"model", true}} {
		// a's base crosses the wood; b's passes 0.5 in below it
		bf := field(t, w, inf("a", "u", "red", 10, 25.3), inf("b", "u", "red", 10, 24))
		opt := DefaultOptions()
		opt.Difficult = tc.scope
		v, _, err := CheckMove(bf, "u", Rush, map[string][]geom.Point{"a": pts(10, 25.3, 15.5, 25.3), "b": pts(10, 24, 16.2, 24)}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("scope %s: %s", tc.scope, v.Paragraph())
		}
	}
}

func TestDangerous(t *testing.T) { // GF-12
	danger := func(y0 float64) []terrain.Piece {
		return []terrain.Piece{rect("mines", terrain.Area, 12, y0, 13, 10, 0, terrain.SightClear, terrain.CoverNone, terrain.Dangerous)}
	}
	tests := []struct {
		name   string
		y0     float64
		touch  string
		start  float64
		listed bool
	}{
		{"path across", 0, "base", 5, true},
		{"0.2 in beside, centre policy", 5.2, "center", 5, false},
		{"0.2 in beside, base policy", 5.2, "base", 5, true},
		{"activated inside, holding", 0, "base", 12.5, true},
	}
	for _, tc := range tests {
		x := 10.0
		path := pts(x, 5, 16, 5)
		if tc.start != 5 {
			x = tc.start
			path = nil
		}
		bf := field(t, danger(tc.y0), inf("a", "u", "red", x, 5))
		opt := DefaultOptions()
		opt.Touch = tc.touch
		action := Advance
		if path == nil {
			action = Hold
		}
		_, r, err := CheckMove(bf, "u", action, map[string][]geom.Point{"a": path}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if (len(r.Dangerous) == 1) != tc.listed {
			t.Errorf("%s: dangerous %v", tc.name, r.Dangerous)
		}
	}
}

func TestFlyingOverUnits(t *testing.T) { // GF-13
	bf := field(t, []terrain.Piece{wood("wood", 12, 25, 13, 35)}, inf("a", "u", "red", 10, 30), inf("e", "foe", "blue", 13.5, 30))
	v, _, err := CheckMove(bf, "u", Advance, map[string][]geom.Point{"a": pts(10, 30, 16, 30)}, withUnits(map[string]Unit{"u": {Flying: true}}))
	if err != nil {
		t.Fatal(err)
	}
	if !v.Legal {
		t.Errorf("flying over a wood and an enemy: %s", v.Paragraph())
	}
	v, _, _ = CheckMove(bf, "u", Advance, map[string][]geom.Point{"a": pts(10, 30, 16, 30)}, DefaultOptions())
	if v.Legal {
		t.Errorf("walking through the enemy's 1 in: %s", v.Paragraph())
	}
}

func TestAircraftMove(t *testing.T) { // GF-14
	house := []terrain.Piece{rect("house", terrain.Building, 36, 38, 40, 42, 4, terrain.SightBlocking, terrain.CoverHard, terrain.Impassable)}
	tests := []struct {
		name  string
		path  []geom.Point
		legal bool
	}{
		{"36 in straight", pts(2, 40, 38, 40), true},
		{"36 in with a bend", pts(2, 40, 20, 40, 37, 41), false},
		{"37 in straight", pts(2, 40, 39, 40), false},
		{"ending on the building and over the unit", pts(2, 40, 37, 40), true},
		{"doubling back", pts(2, 40, 20, 40, 10, 40), false},
		{"staying put", nil, true},
	}
	for _, tc := range tests {
		bf := field(t, house, inf("jet", "air", "red", 2, 40), inf("e", "foe", "blue", 37, 40))
		v, _, err := CheckMove(bf, "air", Advance, map[string][]geom.Point{"jet": tc.path}, withUnits(map[string]Unit{"air": {Aircraft: true}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

func TestMelee(t *testing.T) { // GF-09
	tests := []struct {
		x, h   float64
		strike bool
	}{{12.5, 3.5, true}, {12.5, 4.5, false}, {13.5, 0, false}, {13, 4, true}, {13.0001, 0, false}}
	for _, tc := range tests {
		bf := field(t, nil, inf("a", "u", "red", 10, 10), inf("e", "foe", "blue", tc.x, 10))
		v, r, err := CheckMelee(bf, "u", "foe", map[string]float64{"e": tc.h}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.strike || (len(r.Strikers) == 1) != tc.strike {
			t.Errorf("horizontal %g vertical %g: %s", tc.x-11, tc.h, v.Paragraph())
		}
	}
}

func TestMeleeErrors(t *testing.T) {
	bf := field(t, nil, inf("a", "u", "red", 10, 10), inf("e", "foe", "blue", 12, 10))
	for _, h := range []map[string]float64{{"zz": 1}, {"e": math.NaN()}} {
		if _, _, err := CheckMelee(bf, "u", "foe", h, DefaultOptions()); !errors.Is(err, ErrQuery) {
			t.Errorf("heights %v: %v, want ErrQuery", h, err)
		}
	}
}

func TestAfterMelee(t *testing.T) { // GF-10
	tests := []struct {
		name      string
		walls     []terrain.Piece
		path      []geom.Point
		destroyed bool
		legal     bool
	}{
		{"back 1 in", nil, pts(10, 10, 9, 10), false, true},
		{"back 0.5 in", nil, pts(10, 10, 9.5, 10), false, false},
		{"sideways 1 in", nil, pts(10, 10, 10, 11), false, false},
		{"stays although it could move back", nil, nil, false, false},
		{"wall behind: not possible", []terrain.Piece{wall("w", 9, 5, 9.4, 15)}, nil, false, true},
		{"enemy destroyed: 3 in", nil, pts(10, 10, 10, 13), true, true},
		{"enemy destroyed: 3.5 in", nil, pts(10, 10, 10, 13.5), true, false},
	}
	for _, tc := range tests {
		bf := field(t, tc.walls, inf("a", "u", "red", 10, 10), inf("e", "foe", "blue", 11, 10))
		v, err := CheckAfterMelee(bf, "u", "foe", tc.destroyed, map[string][]geom.Point{"a": tc.path}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

func TestCharge(t *testing.T) { // GF-07, GF-08
	target := []terrain.Model{inf("t1", "foe", "blue", 19, 10), inf("t2", "foe", "blue", 18, 13.5), inf("t3", "foe", "blue", 18, 5)}
	tests := []struct {
		name  string
		start float64
		path  []geom.Point
		legal bool
		fails string
	}{
		{"into contact", 10, pts(10, 10, 18, 10), true, ""},
		{"0.5 in short of reachable contact", 10, pts(10, 10, 17.5, 10), false, "GF-08"},
		{"12.5 in away", 5.5, pts(5.5, 10, 17.5, 10), false, "GF-07"},
	}
	for _, tc := range tests {
		foes := target
		if tc.start != 10 {
			foes = target[:1]
		}
		bf := field(t, nil, append([]terrain.Model{inf("c", "u", "red", tc.start, 10)}, foes...)...)
		v, r, err := CheckCharge(bf, "u", "foe", map[string][]geom.Point{"c": tc.path}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || (tc.fails != "" && !clauseFails(v, tc.fails)) {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
		if tc.name != "into contact" {
			continue
		}
		// the defenders' given follow-up: t2 into contact is legal, t3
		// stopping 2 in short (it could get to 1 in) is not
		for _, d := range []struct {
			path  []geom.Point
			legal bool
		}{{pts(18, 13.5, 18, 11), true}, {pts(18, 13.5, 18, 12), false}, {pts(18, 13.5, 18, 10.5), false}} {
			v2, _, err := CheckChargeAndFollowUp(bf, "u", "foe", map[string][]geom.Point{"c": tc.path}, map[string][]geom.Point{"t2": d.path}, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			if v2.Legal != d.legal {
				t.Errorf("defender t2 along %v: %s", d.path, v2.Paragraph())
			}
		}
		if v3, _, _ := CheckChargeAndFollowUp(bf, "u", "foe", map[string][]geom.Point{"c": tc.path}, map[string][]geom.Point{"t3": pts(18, 5, 18, 7)}, DefaultOptions()); v3.Legal {
			t.Errorf("defender t3 stopping 2 in short: %s", v3.Paragraph())
		}
		if v3, _, _ := CheckChargeAndFollowUp(bf, "u", "foe", map[string][]geom.Point{"c": tc.path}, map[string][]geom.Point{"t3": pts(18, 5, 18, 8)}, DefaultOptions()); !v3.Legal {
			t.Errorf("defender t3 moving 3 in, 1 in short: %s", v3.Paragraph())
		}
		// defenders: t1 in contact, t2 2.5 in away reaches contact, t3 4.0
		// in away stops 1.0 in short after 3 in.
		want := map[string]float64{"t1": 0, "t2": 0, "t3": 1}
		for _, d := range r.Defenders {
			if math.Abs(d.Best-want[d.ID]) > float64(DefaultOptions().ApproachTolerance)+1e-9 {
				t.Errorf("defender %s: best %g at %v, want %g", d.ID, d.Best, d.At, want[d.ID])
			}
		}
	}
}

// TestChargeAsCloseAsPossible: the target is ringed by another enemy unit,
// so contact is impossible (1 in exclusion); ending at the searched
// closest position is legal, 1 in farther is not.
func TestChargeAsCloseAsPossible(t *testing.T) { // GF-08
	ms := []terrain.Model{inf("c", "u", "red", 18, 10), inf("t", "foe", "blue", 30, 10)}
	for k := range 6 {
		p := geom.Pt(30, 10).Add(geom.Heading(float64(k) * 60).Mul(1.1))
		ms = append(ms, inf("g"+string(rune('0'+k)), "guard", "blue", p.X, p.Y))
	}
	bf := field(t, nil, ms...)
	_, r, err := CheckCharge(bf, "u", "foe", map[string][]geom.Point{"c": pts(18, 10, 20, 10)}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Closest) != 1 || !r.Closest[0].Possible || r.Closest[0].Contact {
		t.Fatalf("closest = %+v, want a non-contact position", r.Closest)
	}
	best := r.Closest[0]
	v, _, _ := CheckCharge(bf, "u", "foe", map[string][]geom.Point{"c": {geom.Pt(18, 10), toPoint(best.At)}}, DefaultOptions())
	if !v.Legal {
		t.Errorf("ending at the closest position %v (%.3f in): %s", best.At, best.Best, v.Paragraph())
	}
	if best.Best < 1 || best.Best > 3 {
		t.Errorf("best gap %.3f: the ring keeps it between 1 and 3 in", best.Best)
	}
	// brute force: every end on a 0.05 in grid within 12 in of the start
	// that overlaps no model and keeps 1 in from the guard unit.
	const step = 0.05
	c, _ := bf.Model("c")
	target := movement.FootprintOf(&bf.Models()[1])
	brute := math.Inf(1)
	for x := 6.0; x <= 30; x += step {
		for y := -2.0; y <= 22; y += step {
			p := geom.Pt(x, y)
			if p.Sub(c.Position).Norm() > 12 || x < 0.5 || y < 0.5 {
				continue
			}
			fp := movement.FootprintAt(c, p)
			ok := true
			for i := 1; i < len(bf.Models()) && ok; i++ {
				o := movement.FootprintOf(&bf.Models()[i])
				d := fp.Distance(o, movement.Edges)
				ok = d > 1e-9 || (o.ID == "t" && fp.Center.Sub(o.Center).Norm() >= 1-1e-9)
				if bf.Models()[i].Squad == "guard" {
					ok = ok && d >= 1-1e-9
				}
			}
			if ok {
				brute = math.Min(brute, fp.Distance(target, movement.Edges))
			}
		}
	}
	t.Logf("search %.4f at %v, brute force %.4f", best.Best, best.At, brute)
	tol := float64(DefaultOptions().ApproachTolerance)
	if best.Best > brute+tol || best.Best < brute-step*math.Sqrt2 {
		t.Errorf("search best %.4f, brute force %.4f (grid %g, tolerance %g)", best.Best, brute, step, tol)
	}
}

// TestChargeThroughDifficult: a wood across the whole table caps a charge
// crossing it at 6 in (GF-11), so a charger 10 in away gets no closer than
// 4 in, and ending there is as close as possible.
func TestChargeThroughDifficult(t *testing.T) { // GF-08, GF-11
	w := []terrain.Piece{wood("wood", 13, 0, 14, 48)}
	for _, tc := range []struct {
		end   float64
		legal bool
	}{{16, true}, {15, false}, {10, false}} {
		bf := field(t, w, inf("c", "u", "red", 10, 10), inf("t", "foe", "blue", 21, 10))
		v, r, err := CheckCharge(bf, "u", "foe", map[string][]geom.Point{"c": pts(10, 10, tc.end, 10)}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || len(r.Closest) != 1 || math.Abs(r.Closest[0].Best-4) > 0.011 {
			t.Errorf("charge ending at x=%g: closest %+v: %s", tc.end, r.Closest, v.Paragraph())
		}
	}
}
