package codered

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// CR-01: figures (0,0),(2,0),(1,3) have centroid (1,1); a unit at (1,11) is 10" away.
func TestCR01Centre(t *testing.T) {
	m := terrain.Model{Class: terrain.Infantry, Figures: []geom.Point{geom.Pt(0, 0), geom.Pt(2, 0), geom.Pt(1, 3)}}
	c := Centre(&m, DefaultOptions())
	if !near(c.X, 1, 1e-12) || !near(c.Y, 1, 1e-12) {
		t.Errorf("Centre = %v, want (1,1)", c)
	}
	if d := c.Sub(geom.Pt(1, 11)).Norm(); d != 10 {
		t.Errorf("distance = %v, want 10", d)
	}
}

// CR-02 / Amb. 25: (0,0),(1,0),(2,0) is a valid chain but fails all-pairs (2 > 1).
func TestCR02Spacing(t *testing.T) {
	figs := []geom.Point{geom.Pt(0, 0), geom.Pt(1, 0), geom.Pt(2, 0)}
	o := DefaultOptions()
	if r := CheckSpacing(figs, 0, o); !r.OK || r.Worst != 1 {
		t.Errorf("chain = %+v, want ok worst 1", r)
	}
	o.Spacing = "all-pairs"
	if r := CheckSpacing(figs, 0, o); r.OK || r.Worst != 2 {
		t.Errorf("all-pairs = %+v, want not ok worst 2", r)
	}
}

// CR-03/04/05: contact, close range and command range boundaries.
func TestCR03to05Distances(t *testing.T) {
	o := DefaultOptions()
	w := wall("wall", 10, 0, 11, 10)
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"contact 2.0", InContact(DistToPiece(geom.Pt(8, 5), &w)), true},      // 10-8 = 2
		{"contact 2.01", InContact(DistToPiece(geom.Pt(7.99, 5), &w)), false}, // 2.01
		{"close 9.99", InCloseRange(9.99, o), true},
		{"close 10.0 inclusive", InCloseRange(10, o), true},
		{"close 10.5", InCloseRange(10.5, o), false},
		{"command 12 normal", OrderCost(12, o) == 1, true},
		{"command 12.5 double", OrderCost(12.5, o) == 2, true},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	o.InclusiveBounds = false
	if InCloseRange(10, o) {
		t.Errorf("exclusive close range at 10.0 = true, want false")
	}
}

// CR-09 / Abb. 1 (inferred): block [0,4]x[0,3], south and west declared.
func TestCR09ViewEdges(t *testing.T) {
	p := building("block", 0, 0, 4, 3)
	p.Footprint = p.Footprint.Normalized()
	o := DefaultOptions()
	edges := []string{"south", "west"}
	tests := []struct {
		x       geom.Point
		reading string
		want    bool
	}{
		{geom.Pt(2, -8), "half-planes", true},
		{geom.Pt(12, 1.5), "half-planes", false},
		{geom.Pt(-5, 8), "half-planes", true}, // x < 0: "sees north" as in Abb. 1
		// from (2,1.5) towards (-5,8) the line leaves at y=3, x=0.385: the north edge
		{geom.Pt(-5, 8), "exit-edge", false},
		{geom.Pt(2, -8), "exit-edge", true},
	}
	for _, tc := range tests {
		o.ViewEdges = tc.reading
		got, err := InViewEdges(&p, edges, tc.x, o)
		if err != nil || got != tc.want {
			t.Errorf("InViewEdges(%v, %s) = %v, %v; want %v", tc.x, tc.reading, got, err, tc.want)
		}
	}
	if got, _ := InViewEdges(&p, nil, geom.Pt(2, -8), o); got {
		t.Errorf("dug in: InViewEdges = true, want false")
	}
	// floor change 3" + 3" flat fits a 6" tactical move; 3" + 3.5" does not
	if _, ok := floorMoveOK(3, 1, TacticalMove); !ok {
		t.Errorf("3+3 floor move refused")
	}
	if _, ok := floorMoveOK(3.5, 1, TacticalMove); ok {
		t.Errorf("3+3.5 floor move allowed")
	}
}

// CR-26: bases r=0.5 at (-1,0),(0,0),(1,0) facing north: apex (0,-1.7071).
func TestCR26FrontWedge(t *testing.T) {
	m := terrain.Model{ID: "sq", Class: terrain.Infantry, Position: geom.Pt(0, 0), Facing: geom.Degrees(90),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Figures: []geom.Point{geom.Pt(-1, 0), geom.Pt(0, 0), geom.Pt(1, 0)}}
	o := DefaultOptions()
	w := FrontWedge(&m, o, false, 0, 0)
	if !near(w.Apex.X, 0, 1e-9) || !near(w.Apex.Y, -(1+math.Sqrt2/2), 1e-9) {
		t.Errorf("apex = %v, want (0,-1.7071)", w.Apex)
	}
	tests := []struct {
		p    geom.Point
		want bool
		off  float64
	}{
		{geom.Pt(0, 10), true, 0},
		{geom.Pt(5, 5), true, 36.7},  // atan(5/6.7071)
		{geom.Pt(6, 4), false, 46.4}, // atan(6/5.7071)
		{geom.Pt(10, 0), false, 80.3},
		// CR-27: along y=10 the front spans |x| <= 11.7071
		{geom.Pt(11.70, 10), true, 45},
		{geom.Pt(-11.72, 10), false, 45},
	}
	for _, tc := range tests {
		if got := w.InFront(tc.p, o); got != tc.want {
			t.Errorf("InFront(%v) = %v, want %v", tc.p, got, tc.want)
		}
		if off := w.OffAxis(tc.p); !near(off, tc.off, 0.1) {
			t.Errorf("OffAxis(%v) = %.2f, want %.1f", tc.p, off, tc.off)
		}
	}
}

// CR-28: hull x in [-1,1], y in [-2,2] facing north, no turret: apex (0,-3).
func TestCR28VehicleWedge(t *testing.T) {
	m := tank("t", "x", 0, 0, 90, 4, 2)
	o := DefaultOptions()
	w := FrontWedge(&m, o, false, 0, 0)
	if !near(w.Apex.X, 0, 1e-9) || !near(w.Apex.Y, -3, 1e-9) {
		t.Errorf("apex = %v, want (0,-3)", w.Apex)
	}
	if !w.InFront(geom.Pt(3, 0.5), o) || w.InFront(geom.Pt(3, -0.5), o) {
		t.Errorf("(3,0.5) front and (3,-0.5) flank expected")
	}
	o.TurretlessApex = "rear-middle"
	if w := FrontWedge(&m, o, false, 0, 0); !near(w.Apex.Y, -2, 1e-9) {
		t.Errorf("rear-middle apex = %v, want (0,-2)", w.Apex)
	}
}

// CR-29: hull x in [-1,1], y in [-2,2] facing north.
func TestCR29HitZones(t *testing.T) {
	m := tank("t", "x", 0, 0, 90, 4, 2)
	o := DefaultOptions()
	tests := []struct {
		p    geom.Point
		want Zone
	}{
		{geom.Pt(0, 10), ZoneFront}, {geom.Pt(10, 0), ZoneSide}, {geom.Pt(0, -10), ZoneRear},
		{geom.Pt(4, 5.5), ZoneFront}, // offset (3,3.5) from corner (1,2)
		{geom.Pt(4, 4.5), ZoneSide},  // offset (3,2.5)
		{geom.Pt(4, 5), ZoneSide},    // on the ray: tie rule "side"
	}
	for _, tc := range tests {
		if got := HitZone(&m, tc.p, o); got != tc.want {
			t.Errorf("HitZone(%v) = %s, want %s", tc.p, got, tc.want)
		}
	}
	o.ZoneTie = "front-rear"
	if got := HitZone(&m, geom.Pt(4, 5), o); got != ZoneFront {
		t.Errorf("tie front-rear = %s, want front", got)
	}
}

// CR-39/40: deviation and scatter direction.
func TestCR39Deviation(t *testing.T) {
	tests := []struct {
		class, roll int
		want        float64
	}{{2, 9, 5}, {2, 3, 8}, {1, 8, 2}, {1, 15, 0}, {0, 3, 0}, {4, 0, 15}}
	for _, tc := range tests {
		if got, _, _ := Deviation(tc.class, tc.roll); got != tc.want {
			t.Errorf("Deviation(%d,%d) = %v, want %v", tc.class, tc.roll, got, tc.want)
		}
	}
	o := DefaultOptions()
	if p := Scatter(geom.Pt(10, 10), 2, 90, o); !near(p.X, 12, 1e-9) || !near(p.Y, 10, 1e-9) {
		t.Errorf("bearing 90 -> %v, want (12,10)", p)
	}
	if p := Scatter(geom.Pt(10, 10), 2, 225, o); !near(p.X, 8.586, 1e-3) || !near(p.Y, 8.586, 1e-3) {
		t.Errorf("bearing 225 -> %v, want (8.586,8.586)", p)
	}
}

// CR-41: AP 10 at (0,0): 0.8" -> 10, 3" -> 7, 6" -> 4, 10" -> 0; Abb. 8/9.
func TestCR41Blast(t *testing.T) {
	o := DefaultOptions()
	for _, tc := range []struct {
		ap   int
		d    float64
		want int
	}{{10, 0.8, 10}, {10, 3, 7}, {10, 6, 4}, {10, 10, 0}, {4, 0, 4}, {4, 2, 2}, {10, 9.5, 1}} {
		if got := BlastHits(tc.ap, tc.d, o); got != tc.want {
			t.Errorf("BlastHits(%d,%v) = %d, want %d", tc.ap, tc.d, got, tc.want)
		}
	}
	if SaveModifier(4) != -2 || SaveModifier(2) != -1 {
		t.Errorf("SaveModifier(4,2) = %d,%d want -2,-1 (Abb. 8, 9)", SaveModifier(4), SaveModifier(2))
	}
	if ArmouredDamage(1.5, 1.5, o) != 0.5 || ArmouredDamage(2.5, 2.5, o) != 0 || ArmouredDamage(0, 0, o) != 1 {
		t.Errorf("ArmouredDamage wrong")
	}
	// Abb. 9 (inferred): impact (0,0) after 2" deviation, Green I at (2,0), Green II at (0,-2)
	bf := shifted(t, nil, inf("green1", "g", 2, 0), inf("green2", "g", 0, -2), inf("far", "g", 10, 10))
	eff := Blast(bf, sh(0, 0), Weapon{AP: 4, AT: 15, Class: 1}, 2, nil, o)
	if len(eff) != 2 || eff[0].Hits != 2 || eff[0].Save != -1 || eff[1].Hits != 2 {
		t.Errorf("Abb. 9 blast = %+v, want green1 and green2 with 2 hits, -1", eff)
	}
}

// CR-42: IED at (0,0).
func TestCR42IED(t *testing.T) {
	o := DefaultOptions()
	if _, _, ok := IEDTriggerPoint(geom.Pt(0, 0), []geom.Point{geom.Pt(10, 0), geom.Pt(5, 0)}, o); ok {
		t.Errorf("(10,0)->(5,0) triggered")
	}
	at, along, ok := IEDTriggerPoint(geom.Pt(0, 0), []geom.Point{geom.Pt(10, 0), geom.Pt(3, 0)}, o)
	if !ok || !near(at.X, 4, 1e-9) || !near(along, 6, 1e-9) {
		t.Errorf("trigger = %v %v %v, want (4,0) after 6", at, along, ok)
	}
	o.IEDTrigger = IEDTriggerExample
	if _, _, ok := IEDTriggerPoint(geom.Pt(0, 0), []geom.Point{geom.Pt(10, 0), geom.Pt(3, 0)}, o); ok {
		t.Errorf("2\" trigger fired at 3\"")
	}
	bf := field(t, 72, 48, []terrain.Piece{wood("w", 30, 30, 40, 40)}, inf("enemy", "red", 0, 35+11))
	rp := geom.Pt(0, 12)
	// IED at (23,12)... 23" from the rally point, enemy 11"+ away
	v, _ := CheckPlacement(bf, geom.Pt(23, 12), Placement{What: "ied", Side: "blue", RallyPoint: &rp}, DefaultOptions())
	if !v.Legal {
		t.Errorf("IED 23\" from rally point: %s", v.Paragraph())
	}
	v, _ = CheckPlacement(bf, geom.Pt(23, 12), Placement{What: "ied", Side: "blue", RallyPoint: &rp, Objectives: []geom.Point{geom.Pt(23, 21)}}, DefaultOptions())
	if v.Legal {
		t.Errorf("IED 9\" from an objective accepted")
	}
}

// CR-45: 72x48 table, SW corner triangle; south edge zone y <= 6.
func TestCR45Deployment(t *testing.T) {
	tb := terrain.Table{Width: 72, Depth: 48}
	sw, _ := DeploymentZone(tb, "sw")
	if sw.Locate(geom.Pt(5, 5)) == geom.Outside || sw.Locate(geom.Pt(7, 6)) != geom.Outside {
		t.Errorf("sw zone: (5,5) in and (7,6) out expected")
	}
	s, _ := DeploymentZone(tb, "south")
	if s.Locate(geom.Pt(30, 6)) == geom.Outside || s.Locate(geom.Pt(30, 6.1)) != geom.Outside {
		t.Errorf("south zone y<=6 expected")
	}
	o := DefaultOptions()
	if z, _ := ZoneForRoll(1, o); z != "north" {
		t.Errorf("roll 1 = %s, want north", z)
	}
	o.Deployment = "figure10"
	if z, _ := ZoneForRoll(5, o); z != "north" {
		t.Errorf("figure10 roll 5 = %s, want north", z)
	}
}

// CR-46: objective at (0,0) -> shifted.
func TestCR46Objectives(t *testing.T) {
	o := DefaultOptions()
	bf := shifted(t, nil, inf("own", "blue", 5, 0), inf("foe", "red", 6.5, 0))
	if c, _ := ObjectiveState(bf, sh(0, 0), "blue", o); c != Controlled {
		t.Errorf("state = %s, want controlled", c)
	}
	bf = shifted(t, nil, inf("own", "blue", 5, 0), inf("foe", "red", 5.5, 0))
	if c, _ := ObjectiveState(bf, sh(0, 0), "blue", o); c != Contested {
		t.Errorf("state = %s, want contested", c)
	}
	bf = shifted(t, []terrain.Piece{wood("w", -2, -2, 2, 2)})
	v, _ := CheckPlacement(bf, sh(0, 0), Placement{What: "objective", Objectives: []geom.Point{sh(11.9, 0)}}, o)
	if v.Legal {
		t.Errorf("objectives 11.9\" apart accepted")
	}
}

// TestClass0Damage: CR-39's class 0 row, "7-8 = 50% Schaden, 9+ = 100%".
func TestClass0Damage(t *testing.T) {
	for _, tc := range []struct {
		roll int
		want float64
	}{{2, 0}, {6, 0}, {7, 0.5}, {8, 0.5}, {9, 1}, {20, 1}} {
		if got := Class0Damage(tc.roll); got != tc.want {
			t.Errorf("Class0Damage(%d) = %v, want %v", tc.roll, got, tc.want)
		}
	}
}
