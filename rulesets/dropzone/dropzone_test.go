package dropzone

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

func rect(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1))
}

func tank(id, squad, side string, x, y float64) terrain.Model {
	return terrain.Model{ID: id, Squad: squad, Side: side, Class: terrain.Vehicle, Position: geom.Pt(x, y), Level: 1,
		Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}}
}

func inf(id, squad, side string, x, y float64) terrain.Model {
	return terrain.Model{ID: id, Squad: squad, Side: side, Class: terrain.Infantry, Position: geom.Pt(x, y), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 0.5}}
}

func wall(id string, x0, y0, x1, y1, h float64, mv terrain.Movement) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: rect(x0, y0, x1, y1), Height: h, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: mv}, Level: 1}
}

func field(t *testing.T, pieces []terrain.Piece, models ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, pieces, models)
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

func withUnits(u map[string]Unit) Options {
	o := DefaultOptions()
	o.Units = u
	return o
}

func TestMoveLimitDZC02_05_06(t *testing.T) {
	tests := []struct {
		name   string
		pieces []terrain.Piece
		path   []geom.Point
		bw     float64
		cost   float64
		legal  bool
	}{
		// DZC-02: (10,10)->(13,14): 3-4-5 triangle, 5.0 in.
		{"bw5", nil, []geom.Point{geom.Pt(13, 14)}, 5, 5, true},
		{"bw4", nil, []geom.Point{geom.Pt(13, 14)}, 4, 5, false},
		// DZC-05: wall x 11.95..12.05, y 9..10.9; detour via (12,11): 2*sqrt(1+4)=4.472.
		{"detour", []terrain.Piece{wall("w", 11.95, 9, 12.05, 10.9, 2, terrain.Impassable)}, []geom.Point{geom.Pt(12, 11), geom.Pt(14, 10)}, 4, 2 * math.Sqrt(5), false},
		{"straight-through", []terrain.Piece{wall("w", 11.95, 9, 12.05, 10.9, 2, terrain.Impassable)}, []geom.Point{geom.Pt(14, 10)}, 6, 4, false},
		// DZC-06: 2 in open + 2 in difficult = 2 + 2*2 = 6; 2 + 2.5*2 = 7.
		{"difficult-6", []terrain.Piece{wall("mud", 12, 5, 20, 15, 0, terrain.Difficult)}, []geom.Point{geom.Pt(14, 10)}, 6, 6, true},
		{"difficult-7", []terrain.Piece{wall("mud", 12, 5, 20, 15, 0, terrain.Difficult)}, []geom.Point{geom.Pt(14.5, 10)}, 6, 7, false},
	}
	for _, tc := range tests {
		bf := field(t, tc.pieces, tank("t", "a", "ucm", 10, 10))
		v, r, err := CheckMove(bf, "t", MovePlan{Path: tc.path}, withUnits(map[string]Unit{"t": {Bw: scenario.Length(tc.bw)}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || (tc.name != "straight-through" && math.Abs(r.Cost-tc.cost) > 1e-9) {
			t.Errorf("%s: legal %v cost %v, want %v %v: %s", tc.name, v.Legal, r.Cost, tc.legal, tc.cost, v.Paragraph())
		}
	}
}

func TestPivotDZC07(t *testing.T) {
	bf := field(t, nil, tank("t", "a", "ucm", 10, 10))
	_, r, err := CheckMove(bf, "t", MovePlan{Turns: []float64{90}}, withUnits(map[string]Unit{"t": {Bw: 4}}))
	if err != nil || r.MovedForShooting != 1 {
		t.Fatalf("movedForShooting = %v, %v; want 1", r.MovedForShooting, err)
	}
}

func TestFormationDZC08_09_10(t *testing.T) {
	// Standard: (0,0),(3,0),(6,0) valid; (6.5,0): 3.5 in from its nearest.
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{6, true}, {6.5, false}} {
		bf := field(t, nil, tank("a", "s", "u", 10, 10), tank("b", "s", "u", 13, 10), tank("c", "s", "u", 10+tc.x, 10))
		v, _, err := CheckFormation(bf, "s", DefaultOptions())
		if err != nil || v.Legal != tc.legal {
			t.Errorf("x=%v legal %v want %v (%v)", tc.x, v.Legal, tc.legal, err)
		}
	}
	// DZC-09: 4 + 2 split 10 in apart: the 2 must close; 3 + 3: either half.
	var ms []terrain.Model
	for i, x := range []float64{5, 7, 9, 11, 21, 23} {
		ms = append(ms, tank(string(rune('a'+i)), "s", "u", x, 10))
	}
	bf := field(t, nil, ms...)
	_, r, _ := CheckFormation(bf, "s", DefaultOptions())
	if len(r.MustClose) != 2 || r.MustClose[0] != "e" || r.EitherHalf {
		t.Errorf("4+2 split: %+v", r)
	}
	ms[3].Position = geom.Pt(20, 10)
	bf = field(t, nil, ms...)
	_, r, _ = CheckFormation(bf, "s", DefaultOptions())
	if !r.EitherHalf || len(r.MustClose) != 0 {
		t.Errorf("3+3 split: %+v", r)
	}
	// DZC-10: Wide aircraft at 6 and 2 in.
	a1 := terrain.Model{ID: "a1", Squad: "air", Class: terrain.Aircraft, Position: geom.Pt(10, 10), Altitude: 6, Level: 1, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}}
	a2 := a1
	a2.ID, a2.Position, a2.Altitude = "a2", geom.Pt(13, 10), 2
	bf = field(t, nil, a1, a2)
	o := DefaultOptions()
	o.Squads = map[string]Squad{"air": {Formation: "wide"}}
	if v, _, _ := CheckFormation(bf, "air", o); v.Legal {
		t.Errorf("aircraft at 6 and 2 in: legal, want not")
	}
}

func TestStandbyDZC12(t *testing.T) {
	bf := field(t, nil, tank("t", "a", "u", 10, 10))
	o := withUnits(map[string]Unit{"t": {Bw: 6}})
	for _, tc := range []struct {
		y     float64
		legal bool
	}{{3, true}, {3.2, false}} {
		v, err := CheckStandbyEntry(bf, "t", geom.Pt(10, tc.y), "south", o)
		if err != nil || v.Legal != tc.legal {
			t.Errorf("y=%v: legal %v want %v", tc.y, v.Legal, tc.legal)
		}
	}
}

func TestDeploymentDZC11(t *testing.T) {
	zone := rect(0, 0, 12, 48)
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{11.5, false}, {10.5, true}} { // hull half-length 1: reaches x+1
		bf := field(t, nil, tank("t", "a", "u", tc.x, 20))
		v, err := CheckDeployment(bf, "a", zone, DefaultOptions())
		if err != nil || v.Legal != tc.legal {
			t.Errorf("x=%v legal %v want %v: %v", tc.x, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

func TestArcsDZC14(t *testing.T) {
	m := tank("t", "a", "u", 10, 10)
	o := DefaultOptions()
	for _, tc := range []struct {
		q    geom.Point
		want string
	}{{geom.Pt(20, 10), "F"}, {geom.Pt(10, 20), "S"}, {geom.Pt(0, 10), "R"}, {geom.Pt(10, 0), "S"}} {
		arcs, _ := ArcsOf(&m, tc.q, o)
		if len(arcs) == 0 || arcs[0] != tc.want {
			t.Errorf("ArcsOf(%v) = %v, want %s first", tc.q, arcs, tc.want)
		}
		ok, _, err := arcAllowed(&m, tc.q, []string{"F", "S", "R"}, o)
		if err != nil || !ok {
			t.Errorf("F/S/R does not hold %v", tc.q)
		}
	}
	if ok, _, _ := arcAllowed(&m, geom.Pt(0, 10), []string{"F"}, o); ok {
		t.Errorf("F-only weapon holds a target dead astern")
	}
	// K: hull width 1: (20, 10.4) in the corridor, (20, 10.6) not.
	a1, _ := ArcsOf(&m, geom.Pt(20, 10.4), o)
	a2, _ := ArcsOf(&m, geom.Pt(20, 10.6), o)
	if !containsS(a1, "K") || containsS(a2, "K") {
		t.Errorf("corridor: %v %v", a1, a2)
	}
	// Boundary: 45° exactly is F and S inclusive, neither exclusive.
	a3, _ := ArcsOf(&m, geom.Pt(15, 15), o)
	o.ArcBoundary = "exclusive"
	a4, _ := ArcsOf(&m, geom.Pt(15, 15), o)
	if !containsS(a3, "F") || !containsS(a3, "S") || containsS(a4, "F") || containsS(a4, "S") {
		t.Errorf("boundary: %v %v", a3, a4)
	}
}

func containsS(l []string, s string) bool { return contains(l, s) }

func TestBandsDZC18(t *testing.T) {
	sh := &shot{opt: &Options{CoverBand: [2]float64{0.1, 0.5}, BandEdges: "inclusive"}}
	for _, tc := range []struct {
		f    float64
		want string
	}{{0.3, "cover"}, {0.05, "none"}, {0.6, "clear"}, {0.1, "cover"}, {0.5, "cover"}} {
		if got := sh.band(tc.f); got != tc.want {
			t.Errorf("band(%v) = %s, want %s", tc.f, got, tc.want)
		}
	}
	sh.opt.BandEdges = "exclusive"
	if sh.band(0.1) != "none" || sh.band(0.5) != "clear" {
		t.Errorf("exclusive edges wrong")
	}
}

func TestShotRangeDZC13_23_35(t *testing.T) {
	w := Weapon{Range: Reach{Inches: 36}, RangeA: &Reach{Inches: 12}, BS: 4, Arc: "F/S/R"}
	bf := field(t, nil, tank("s", "a", "u", 10, 10), tank("gmA", "b", "x", 24, 10))
	// 14 in away: out of R(A) 12 for GM A, in R(V) 36 for GM P.
	v, _ := CheckShot(bf, "s", "gmA", w, withUnits(map[string]Unit{"gmA": {GM: "A"}}))
	if v.Legal {
		t.Errorf("GM A at 14 in: legal")
	}
	v, _ = CheckShot(bf, "s", "gmA", w, withUnits(map[string]Unit{"gmA": {GM: "P"}}))
	if !v.Legal {
		t.Errorf("GM P at 14 in: %s", v.Paragraph())
	}
	// DZC-13: moved 4.0 fires, 4.01 does not.
	for _, tc := range []struct {
		moved float64
		legal bool
	}{{4, true}, {4.01, false}} {
		v, _ = CheckShot(bf, "s", "gmA", w, withUnits(map[string]Unit{"s": {Moved: scenario.Length(tc.moved)}}))
		if v.Legal != tc.legal {
			t.Errorf("moved %v: legal %v", tc.moved, v.Legal)
		}
	}
	// DZC-23/35: aircraft flight base (18,16) from (10,10): 10.0 in on the ground.
	air := terrain.Model{ID: "air", Side: "x", Class: terrain.Aircraft, Position: geom.Pt(18, 16), Altitude: 6, Level: 1, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}}
	bf = field(t, nil, tank("s", "a", "u", 10, 10), air)
	v, _ = CheckShot(bf, "s", "air", w, DefaultOptions())
	if v.Legal {
		t.Errorf("non-AA at airborne aircraft: legal")
	}
	w.AA = true
	v, _ = CheckShot(bf, "s", "air", w, DefaultOptions())
	if !v.Legal || measure(v.Measures, "range") != 10 {
		t.Errorf("AA at aircraft: %s", v.Paragraph())
	}
}

func TestSightDZC16_17(t *testing.T) {
	w := Weapon{Range: Reach{Unlimited: true}, BS: 4}
	// Tank hull centre height 0.5, wall 3 in high across x=15 (between 10 and 20).
	noe := terrain.Model{ID: "air", Side: "x", Class: terrain.Aircraft, Position: geom.Pt(20, 10), Altitude: 2, Level: 1, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}}
	w.AA = true
	bf := field(t, []terrain.Piece{wall("w", 14.9, 5, 15.1, 15, 3, terrain.Impassable)}, tank("s", "a", "u", 10, 10), noe)
	if v, _ := CheckShot(bf, "s", "air", w, DefaultOptions()); v.Legal {
		t.Errorf("NOE behind 3 in wall: legal (line at 1.25 in)")
	}
	noe.Altitude = 6
	bf = field(t, []terrain.Piece{wall("w", 14.9, 5, 15.1, 15, 3, terrain.Impassable)}, tank("s", "a", "u", 10, 10), noe)
	if v, _ := CheckShot(bf, "s", "air", w, DefaultOptions()); !v.Legal {
		t.Errorf("normal altitude over 3 in wall: %s", v.Paragraph())
	}
	// DZC-17: one squad-mate in between: clear; two: blocked.
	w.AA = false
	one := field(t, nil, tank("s", "a", "u", 10, 10), tank("m1", "a", "u", 15, 10), tank("c", "b", "x", 20, 10))
	if v, _ := CheckShot(one, "s", "c", w, DefaultOptions()); !v.Legal {
		t.Errorf("through one squad-mate: %s", v.Paragraph())
	}
	two := field(t, nil, tank("s", "a", "u", 10, 10), tank("m1", "a", "u", 13.5, 10), tank("m2", "a", "u", 16.5, 10), tank("c", "b", "x", 20, 10))
	if v, _ := CheckShot(two, "s", "c", w, DefaultOptions()); v.Legal {
		t.Errorf("through two squad-mates: legal")
	}
}

func TestNKDZC55(t *testing.T) {
	w := Weapon{Range: Reach{Melee: true}}
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{12, true}, {12.1, false}} { // hull half-lengths 1 + 1 = 2: touching at 12
		bf := field(t, nil, tank("s", "a", "u", 10, 10), tank("c", "b", "x", tc.x, 10))
		v, _ := CheckShot(bf, "s", "c", w, DefaultOptions())
		if v.Legal != tc.legal {
			t.Errorf("NK gap at x=%v: legal %v", tc.x, v.Legal)
		}
	}
}

func TestBuildingsDZC46_52(t *testing.T) {
	o := DefaultOptions()
	for _, tc := range []struct {
		floors int
		area   float64
		want   string
	}{{3, 4, "Winzig"}, {3, 5, "Klein"}, {8, 20, "Groß"}, {1, 1, "Mikro"}} {
		p := terrain.Piece{ID: "b", Kind: terrain.Building, Footprint: rect(0, 0, tc.area, 1), Building: &terrain.BuildingInfo{Floors: tc.floors}}
		if got := buildingClasses[classOf(&p, &o)].Name; got != tc.want {
			t.Errorf("%d floors %v sq in: %s, want %s", tc.floors, tc.area, got, tc.want)
		}
	}
	for _, tc := range []struct {
		gap   float64
		legal bool
	}{{2.9, true}, {3.0, false}} {
		b := func(id string, x float64) terrain.Piece {
			return terrain.Piece{ID: id, Kind: terrain.Building, Footprint: rect(x, 10, x+4, 14), Height: 3, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1, Building: &terrain.BuildingInfo{Floors: 1}}
		}
		bf := field(t, []terrain.Piece{b("b1", 10), b("b2", 14+tc.gap)})
		v, _ := CheckConnectedBuildings(bf, "b1", "b2", o)
		if v.Legal != tc.legal {
			t.Errorf("gap %v: legal %v", tc.gap, v.Legal)
		}
	}
}

func TestLandingDZC33_34(t *testing.T) {
	air := terrain.Model{ID: "air", Side: "u", Class: terrain.Aircraft, Position: geom.Pt(20, 20), Altitude: 6, Level: 1, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}}
	o := DefaultOptions() // M radius 3
	// Tank hull corner: tank at (20+3-0.1+1, 20) has its rear edge 2.9 in from the centre.
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{20 + 2.9 + 1, false}, {20 + 3.1 + 1, true}} {
		bf := field(t, nil, air, tank("t", "g", "u", tc.x, 20))
		v, _ := CheckLanding(bf, "air", air.Position, "", nil, nil, o)
		if v.Legal != tc.legal {
			t.Errorf("tank at %v: legal %v: %s", tc.x, v.Legal, v.Paragraph())
		}
	}
	// DZC-34: enemy infantry centre 2.5 in from the rim (5.5 from centre): contested; 3.5: not.
	for _, tc := range []struct {
		d     float64
		legal bool
	}{{2.5, false}, {3.5, true}} {
		bf := field(t, nil, air, inf("e", "x", "enemy", 20+3+tc.d, 20))
		v, _ := CheckLanding(bf, "air", air.Position, "", nil, nil, o)
		if v.Legal != tc.legal {
			t.Errorf("enemy %v in from rim: legal %v: %s", tc.d, v.Legal, v.Paragraph())
		}
	}
	// Blocked by a building in between.
	bld := terrain.Piece{ID: "b", Kind: terrain.Building, Footprint: rect(23.5, 10, 24.5, 30), Height: 4, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1, Building: &terrain.BuildingInfo{Floors: 1}}
	bf := field(t, []terrain.Piece{bld}, air, inf("e", "x", "enemy", 25.5, 20))
	if v, _ := CheckLanding(bf, "air", air.Position, "", nil, nil, o); !containsReason(v.Reasons, "DZC-34", true) {
		t.Errorf("building between: %s", v.Paragraph())
	}
	// Bw 12 land + take off: 8 in left.
	bf = field(t, nil, air)
	_, r, _ := CheckMove(bf, "air", MovePlan{Path: []geom.Point{geom.Pt(28, 20)}, Land: true, TakeOff: true}, withUnits(map[string]Unit{"air": {Bw: 12}}))
	if r.Cost != 12 {
		t.Errorf("8 in path + land + take-off cost %v, want 12", r.Cost)
	}
}

func containsReason(rs []rulesets_Reason, clause string, pass bool) bool {
	for _, r := range rs {
		if r.Clause == clause && r.Pass == pass {
			return true
		}
	}
	return false
}

func measure(ms []rulesets_Measure, name string) float64 {
	for _, m := range ms {
		if m.Name == name {
			return m.Value
		}
	}
	return math.NaN()
}
