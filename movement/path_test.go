package movement

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// detour returns the exact length of the shortest path for a disc of
// radius r from (10,10) to (16,10) around the square [12,14]x[9,11]: two
// tangents of length sqrt(d²-r²) to the corner circles (d = |(2,1)| =
// sqrt 5), two arcs of r*(atan(1/2)+asin(r/d)) and the 2 in top side.
func detour(r float64) float64 {
	d := math.Sqrt(5)
	return 2*(math.Sqrt(d*d-r*r)+r*(math.Atan2(1, 2)+math.Asin(r/d))) + 2
}

func TestShortestPathSquare(t *testing.T) {
	bf := field(t, []terrain.Piece{wall("sq", box(12, 9, 14, 11))},
		[]terrain.Model{disc("m", terrain.Infantry, 10, 10, 1), disc("far", terrain.Infantry, 40, 40, 1)})
	// point: (10,10)->(12,11)->(14,11)->(16,10) = 2*sqrt(5)+2 = 6.472136
	p, err := ShortestPathFrom(bf, geom.Pt(10, 10), geom.Pt(16, 10), 0, terrain.Infantry, RouteOptions{IgnoreModels: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := 2*math.Sqrt(5) + 2; !near(p.Length, want, 1e-9) {
		t.Errorf("point detour = %v, want %v", p.Length, want)
	}
	if len(p.Path) != 4 {
		t.Errorf("point path = %v, want 4 waypoints", p.Path)
	}
	// a 1 in base (r = 0.5): exact 7.048060; the route keeps exactly 0.5
	// and is no longer than the exact path with 0.5+chord clearance.
	for _, r := range []struct {
		name string
		get  func() (Route, error)
	}{
		{"radius", func() (Route, error) {
			return ShortestPathFrom(bf, geom.Pt(10, 10), geom.Pt(16, 10), 0.5, terrain.Infantry, RouteOptions{IgnoreModels: true})
		}},
		{"model", func() (Route, error) { return ShortestPath(bf, "m", geom.Pt(16, 10), RouteOptions{}) }},
	} {
		got, err := r.get()
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		lo, hi := detour(0.5), detour(0.5+DefaultChordError)
		if got.Length < lo-1e-9 || got.Length > hi+1e-9 {
			t.Errorf("%s: length %v, want in [%v, %v]", r.name, got.Length, lo, hi)
		}
		if got.Length > lo+got.ErrorBound+1e-9 {
			t.Errorf("%s: length %v exceeds exact %v + bound %v", r.name, got.Length, lo, got.ErrorBound)
		}
		// every leg keeps 0.5 in from the square
		for i := 1; i < len(got.Path); i++ {
			s := geom.Seg(geom.Pt(got.Path[i-1][0], got.Path[i-1][1]), geom.Pt(got.Path[i][0], got.Path[i][1]))
			if d := segPolyDist(s, box(12, 9, 14, 11)); d < 0.5-1e-7 {
				t.Errorf("%s: leg %v comes %v from the square", r.name, s, d)
			}
		}
	}
}

// segPolyDist is an independent segment-to-polygon distance for tests.
func segPolyDist(s geom.Segment, p geom.Polygon) float64 {
	if p.SegmentCrossesInterior(s) || p.Contains(s.A) {
		return 0
	}
	best := math.Inf(1)
	for i := range p.Outer.Len() {
		d, _, _ := geom.DistSegments(s, p.Outer.Edge(i))
		best = math.Min(best, d)
	}
	return best
}

func TestThinWallDetour(t *testing.T) {
	// detour: wall (2,-1)-(2,1) shifted by (10,10), 0.002 in thick; move
	// (10,10)->(14,10): 2*sqrt(1.999²+1)+0.002 ≈ 2*sqrt(5) = 4.472 > 4.
	const w = 0.002
	bf := field(t, []terrain.Piece{wall("w", box(12-w/2, 9, 12+w/2, 11))}, []terrain.Model{{ID: "p", Side: "a", Class: terrain.Infantry, Position: geom.Pt(10, 10), Level: 1}})
	want := 2*math.Hypot(2-w/2, 1) + w
	r, err := ShortestPath(bf, "p", geom.Pt(14, 10), RouteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Length, want, 1e-9) {
		t.Errorf("detour = %v, want %v", r.Length, want)
	}
	for _, c := range []struct {
		budget float64
		want   bool
	}{{4, false}, {4.47, false}, {4.48, true}} {
		got, err := Reachable(bf, "p", geom.Pt(14, 10), c.budget, RouteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Reachable != c.want {
			t.Errorf("Reachable(budget %v) = %v, want %v (%s)", c.budget, got.Reachable, c.want, got.Explain())
		}
	}
	// the straight path hits the wall at x = 12 - w/2, 1.999 in along
	res, err := CheckPath(bf, "p", []geom.Point{geom.Pt(10, 10), geom.Pt(14, 10)}, PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Legal || res.Violations[0].Object != "w" || !near(res.Violations[0].Along, 2-w/2, 1e-9) {
		t.Errorf("CheckPath = %+v, want a hit on w at 1.999", res)
	}
}

func TestGapSqueeze(t *testing.T) {
	// squares above and below y = 10 leave a gap of width g; a 1 in base
	// (r = 0.5) along y = 10 fits when g >= 1.
	for _, c := range []struct {
		gap   float64
		legal bool
		along float64
	}{
		{1.01, true, 0},
		{1.0, true, 0}, // exact contact is legal
		// corner (12, 10-0.495): contact when dx = sqrt(0.25-0.495²) = 0.0705337
		{0.99, false, 2 - math.Sqrt(0.25-0.495*0.495)},
	} {
		bf := field(t, []terrain.Piece{wall("lo", box(12, 5, 14, 10-c.gap/2)), wall("hi", box(12, 10+c.gap/2, 14, 15))},
			[]terrain.Model{disc("m", terrain.Infantry, 10, 10, 1)})
		res, err := CheckPath(bf, "m", []geom.Point{geom.Pt(10, 10), geom.Pt(16, 10)}, PathOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Legal != c.legal {
			t.Errorf("gap %v: legal = %v, want %v (%s)", c.gap, res.Legal, c.legal, res.Explain())
			continue
		}
		if !c.legal && !near(res.Violations[0].Along, c.along, 1e-7) {
			t.Errorf("gap %v: first contact at %v, want %v", c.gap, res.Violations[0].Along, c.along)
		}
		// the router agrees: straight through, or around (longer than 6)
		r, err := ShortestPath(bf, "m", geom.Pt(16, 10), RouteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if straight := near(r.Length, 6, 1e-9); straight != c.legal {
			t.Errorf("gap %v: route length %v, straight = %v", c.gap, r.Length, straight)
		}
	}
}

func TestHullSweep(t *testing.T) {
	// a 2 x 1 hull through a 1.01 in gap: fits facing along the gap, not
	// across it; turning to face the leg (face-leg) makes it fit.
	pieces := []terrain.Piece{wall("lo", box(12, 5, 14, 9.495)), wall("hi", box(12, 10.505, 14, 15))}
	tank := func(facing float64) terrain.Model {
		return terrain.Model{ID: "t", Side: "a", Class: terrain.Vehicle, Position: geom.Pt(8, 10), Facing: s1.Angle(facing * math.Pi / 180),
			Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}, Level: 1}
	}
	path := []geom.Point{geom.Pt(8, 10), geom.Pt(17, 10)}
	for _, c := range []struct {
		facing float64
		mode   FacingMode
		legal  bool
		along  float64
	}{
		{0, KeepFacing, true, 0},
		// facing 90: 1 in along x, 2 in across; the front face (x+0.5) reaches x = 12 after 3.5 in
		{90, KeepFacing, false, 3.5},
		{90, FaceLeg, true, 0},
	} {
		bf := field(t, pieces, []terrain.Model{tank(c.facing)})
		res, err := CheckPath(bf, "t", path, PathOptions{Facing: c.mode})
		if err != nil {
			t.Fatal(err)
		}
		if res.Legal != c.legal {
			t.Errorf("facing %v %s: legal = %v, want %v (%s)", c.facing, c.mode, res.Legal, c.legal, res.Explain())
			continue
		}
		if !c.legal && !near(res.Violations[0].Along, c.along, 1e-8) {
			t.Errorf("facing %v: contact at %v, want %v", c.facing, res.Violations[0].Along, c.along)
		}
	}
	// turning on the spot next to a wall: hull facing 90 at (11,10) with the
	// wall at x >= 12: length 2 along y. Turning to 0 swings the front to
	// x = 12 + ... (half-diagonal sqrt(1.25) = 1.118 > 1): collision.
	bf := field(t, []terrain.Piece{wall("w", box(12, 5, 14, 15))}, []terrain.Model{{ID: "t", Side: "a", Class: terrain.Vehicle,
		Position: geom.Pt(11.4, 10), Facing: s1.Angle(math.Pi / 2), Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}, Level: 1}})
	res, err := CheckPath(bf, "t", []geom.Point{geom.Pt(11.4, 10), geom.Pt(11.4, 10), geom.Pt(8, 10)}, PathOptions{Facing: FaceLeg})
	if err != nil {
		t.Fatal(err)
	}
	if res.Legal || res.Violations[0].Kind != "turn-terrain" {
		t.Errorf("turn next to wall: %+v, want a turn-terrain violation", res)
	}
}

func TestDifficultTerrain(t *testing.T) {
	// difficult factor 2: wood x in [12,20]; tank from (10,10): 2 open + 2 inside = 6,
	// 2 open + 2.5 inside = 7 > 6. A class with factor 1 pays no double.
	bf := field(t, []terrain.Piece{wood("wd", box(12, 5, 20, 15))},
		[]terrain.Model{disc("tank", terrain.Vehicle, 10, 10, 1), disc("walk", terrain.Walker, 10, 30, 1)})
	for _, c := range []struct {
		model    string
		to       geom.Point
		cost, dl float64
		legal    bool
	}{
		{"tank", geom.Pt(14, 10), 6, 2, true},
		{"tank", geom.Pt(14.5, 10), 7, 2.5, false},
		{"tank", geom.Pt(21, 10), 11 + 8, 8, false}, // in and out again: 11 + 8 extra
	} {
		res, err := CheckPath(bf, c.model, []geom.Point{geom.Pt(10, 10), c.to}, PathOptions{Budget: 6})
		if err != nil {
			t.Fatal(err)
		}
		if !near(res.Cost, c.cost, 1e-9) || !near(res.DifficultLength, c.dl, 1e-9) || res.Legal != c.legal {
			t.Errorf("%s to %v: cost %v difficult %v legal %v, want %v %v %v", c.model, c.to, res.Cost, res.DifficultLength, res.Legal, c.cost, c.dl, c.legal)
		}
	}
	wres, err := CheckPath(bf, "walk", []geom.Point{geom.Pt(10, 30), geom.Pt(10, 30)}, PathOptions{})
	if err != nil || !wres.Legal {
		t.Fatalf("walker standing still: %v %v", wres, err)
	}
	// difficult cap: a class that caps the move at 6 in once it crosses difficult
	gf := ClassProfile{Name: "gf", TerrainClass: terrain.Infantry, DifficultFactor: 1, DifficultCap: 6}
	res, err := CheckPath(bf, "tank", []geom.Point{geom.Pt(10, 10), geom.Pt(13, 10)}, PathOptions{Profile: &gf, Budget: 12})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Legal || res.EffectiveBudget != 6 || res.Cost != 3 {
		t.Errorf("difficult cap, 3 in: %+v", res)
	}
	res, _ = CheckPath(bf, "tank", []geom.Point{geom.Pt(10, 10), geom.Pt(17, 10)}, PathOptions{Profile: &gf, Budget: 12})
	if res.Legal {
		t.Errorf("difficult cap: 7 in across difficult with cap 6 should be illegal: %s", res.Explain())
	}
	// difficult cap, reachability: through the wood costs 11 but the cap is 6; the
	// detour around the corners (12,5) and (20,5) (reference point on the
	// wood's edge) is sqrt(2²+5²) + 8 + sqrt(1²+5²) = 18.484.
	around := math.Sqrt(29) + 8 + math.Sqrt(26)
	for _, c := range []struct {
		budget float64
		want   bool
	}{{12, false}, {18.4, false}, {18.5, true}} {
		got, err := Reachable(bf, "tank", geom.Pt(21, 10), c.budget, RouteOptions{Profile: &gf})
		if err != nil {
			t.Fatal(err)
		}
		if got.Reachable != c.want || (c.want && !near(got.Route.Length, around, 1e-9)) {
			t.Errorf("difficult cap: reachable(%v) = %v (%s), want %v via %v", c.budget, got.Reachable, got.Explain(), c.want, around)
		}
	}
	// the weighted route from (10,10) to (21,10) goes around the wood
	// (x from 12 to 20 costs 16 through it; around via y = 4.5: corners
	// (12, 4.5) and (20, 4.5) with r = 0.5: about 2 legs of ~5.9 + 8)
	r, err := ShortestPath(bf, "tank", geom.Pt(21, 10), RouteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Cost >= 19 || r.Cost < 11 {
		t.Errorf("weighted route cost %v, want in [11, 19)", r.Cost)
	}
}

func TestJump(t *testing.T) {
	// jump 2 in deep: woods x in [5,12] and [18.5,25]. Start 1.5 in inside (10.5,10),
	// end 2 in inside (20.5,10): 10 in, legal. Start 3 inside: illegal.
	bf := field(t, []terrain.Piece{wood("w1", box(5, 5, 12, 15)), wood("w2", box(18.5, 5, 25, 15)), wood("w3", box(30, 5, 31, 15))},
		[]terrain.Model{disc("j", terrain.Infantry, 10.5, 10, 0.5), disc("k", terrain.Infantry, 9, 20, 0.5)})
	for _, c := range []struct {
		from, to geom.Point
		legal    bool
	}{
		{geom.Pt(10.5, 10), geom.Pt(20.5, 10), true},
		{geom.Pt(9, 10), geom.Pt(19, 10), false},    // 3 in out of w1
		{geom.Pt(10.5, 10), geom.Pt(21, 10), false}, // 2.5 in into w2
		{geom.Pt(26, 10), geom.Pt(33, 10), false},   // crosses w3 mid-path
		{geom.Pt(13, 10), geom.Pt(17, 10), true},    // open ground only
	} {
		res, err := CheckPath(bf, "j", []geom.Point{c.from, c.to}, PathOptions{Jump: true, JumpDepth: 2, Budget: 12, Models: ModelsIgnored})
		if err != nil {
			t.Fatal(err)
		}
		jumpOK := true
		for _, v := range res.Violations {
			if v.Kind == "jump" {
				jumpOK = false
			}
		}
		if jumpOK != c.legal {
			t.Errorf("jump %v->%v: ok = %v, want %v (%s)", c.from, c.to, jumpOK, c.legal, res.Explain())
		}
	}
}

func TestModelsAlongPath(t *testing.T) {
	// models along the path: base radius 1 from (10,5) to (10,15); another radius-1 base at
	// (10.5,10). Contact when centres are 2 apart: dy = sqrt(4-0.25) =
	// 1.9364917, at y = 8.0635083, 3.0635083 in along.
	bf := field(t, nil, []terrain.Model{disc("a", terrain.Ship, 10, 5, 2), disc("b", terrain.Ship, 10.5, 10, 2)})
	path := []geom.Point{geom.Pt(10, 5), geom.Pt(10, 15)}
	res, err := CheckPath(bf, "a", path, PathOptions{Models: ModelsAlongPath})
	if err != nil {
		t.Fatal(err)
	}
	if res.Legal || res.Violations[0].Object != "b" || !near(res.Violations[0].Along, 5-math.Sqrt(3.75), 1e-8) {
		t.Errorf("along path: %+v", res.Violations)
	}
	res, _ = CheckPath(bf, "a", path, PathOptions{Models: ModelsAtEnd})
	if !res.Legal {
		t.Errorf("end only: %s", res.Explain())
	}
	// stopping at (10,8): 2.0616 between centres: legal
	res, _ = CheckPath(bf, "a", []geom.Point{geom.Pt(10, 5), geom.Pt(10, 8)}, PathOptions{Models: ModelsAlongPath})
	if !res.Legal {
		t.Errorf("stop at (10,8): %s", res.Explain())
	}
	// ending on top of b
	res, _ = CheckPath(bf, "a", []geom.Point{geom.Pt(10, 5), geom.Pt(10, 11)}, PathOptions{})
	if res.Legal || res.Violations[0].Kind != "model" {
		t.Errorf("end on b: %s", res.Explain())
	}
}

func TestTableEdge(t *testing.T) {
	// base radius 0.5 at (1,1) moving to (-1,1): leaves at x = 0.5, 0.5 in along.
	bf := field(t, nil, []terrain.Model{disc("m", terrain.Infantry, 1, 1, 1)})
	res, err := CheckPath(bf, "m", []geom.Point{geom.Pt(1, 1), geom.Pt(-1, 1)}, PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Legal || res.Violations[0].Kind != "table" || !near(res.Violations[0].Along, 0.5, 1e-9) {
		t.Errorf("table: %+v", res.Violations)
	}
	res, _ = CheckPath(bf, "m", []geom.Point{geom.Pt(1, 1), geom.Pt(0.2, 1)}, PathOptions{CenterOnTable: true})
	if !res.Legal {
		t.Errorf("centre on table: %s", res.Explain())
	}
}

func TestAirborneAndSkimmer(t *testing.T) {
	tall := func(id string, h float64, p geom.Polygon) terrain.Piece {
		pc := wall(id, p)
		pc.Kind, pc.Height = terrain.Building, h
		return pc
	}
	river := terrain.Piece{ID: "river", Kind: terrain.Water, Footprint: box(12, 20, 14, 30), Sight: terrain.SightClear, Cover: terrain.CoverNone,
		Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1}
	hedge := terrain.Piece{ID: "hedge", Kind: terrain.Area, Footprint: box(12, 35, 12.5, 45), Height: 0.3, Sight: terrain.SightConcealing, Cover: terrain.CoverSoft,
		Movement: terrain.MovementRule{Default: terrain.Open}, Level: 1}
	air := func(id string, x, y, alt float64) terrain.Model {
		m := disc(id, terrain.Aircraft, x, y, 1)
		m.Altitude = alt
		return m
	}
	bf := field(t, []terrain.Piece{tall("b9", 9, box(12, 2, 14, 4)), tall("b3", 3, box(12, 6, 14, 8)), tall("b5", 5, box(12, 10, 14, 12)), river, hedge},
		[]terrain.Model{air("hi", 10, 3, 6), air("noe", 10, 7, 2), air("hi2", 10, 11, 6), disc("sk", terrain.Skimmer, 10, 25, 1), disc("sk2", terrain.Skimmer, 10, 40, 1), disc("inf", terrain.Infantry, 10, 27, 1)})
	for _, c := range []struct {
		model       string
		y           float64
		legal       bool
		penalty     float64
		description string
	}{
		{"hi", 3, true, 3, "9 in building at altitude 6: 3 in above the 6 in threshold"},
		{"noe", 7, false, 0, "flying at 2 in into a 3 in building"},
		{"hi2", 11, true, 0, "overflying a 5 in building at 6 in"},
		{"sk", 25, true, 0, "skimmer over a river"},
		{"sk2", 40, false, 0, "skimmer into a 0.3 in hedge, taller than its float height"},
		{"inf", 27, false, 0, "infantry into the river"},
	} {
		res, err := CheckPath(bf, c.model, []geom.Point{geom.Pt(10, c.y), geom.Pt(16, c.y)}, PathOptions{Models: ModelsIgnored})
		if err != nil {
			t.Fatal(err)
		}
		if res.Legal != c.legal || !near(res.Penalty, c.penalty, 1e-9) {
			t.Errorf("%s: legal %v penalty %v, want %v %v (%s)", c.description, res.Legal, res.Penalty, c.legal, c.penalty, res.Explain())
		}
	}
}

func TestErrors(t *testing.T) {
	bf := field(t, []terrain.Piece{wall("sq", box(12, 9, 14, 11))}, []terrain.Model{disc("m", terrain.Infantry, 10, 10, 1)})
	if _, err := CheckPath(bf, "nobody", []geom.Point{{}}, PathOptions{}); !errors.Is(err, ErrUnknownModel) {
		t.Errorf("unknown model: %v", err)
	}
	if _, err := CheckPath(bf, "m", []geom.Point{geom.Pt(math.NaN(), 0)}, PathOptions{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("NaN path: %v", err)
	}
	if _, err := CheckPath(bf, "m", []geom.Point{geom.Pt(10, 10)}, PathOptions{Budget: math.Inf(1)}); !errors.Is(err, ErrInvalid) {
		t.Errorf("Inf budget: %v", err)
	}
	if _, err := ShortestPath(bf, "m", geom.Pt(13, 10), RouteOptions{}); !errors.Is(err, ErrNoPath) {
		t.Errorf("destination inside the square: %v", err)
	}
	if _, err := ShortestPathFrom(bf, geom.Pt(1, 1), geom.Pt(2, 2), -1, terrain.Infantry, RouteOptions{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("negative radius: %v", err)
	}
	// walled in: no route
	ring := []terrain.Piece{wall("n", box(30, 36, 40, 37)), wall("s", box(30, 29, 40, 30)), wall("w", box(29, 29, 30, 37)), wall("e", box(40, 29, 41, 37))}
	bf2 := field(t, ring, []terrain.Model{disc("in", terrain.Infantry, 35, 33, 1)})
	if _, err := ShortestPath(bf2, "in", geom.Pt(5, 5), RouteOptions{}); !errors.Is(err, ErrNoPath) {
		t.Errorf("walled in: %v", err)
	}
}

func TestDangerousAndEdges(t *testing.T) {
	// dangerous terrain: dangerous x in [12,13], y in [5,15]; a path through it is
	// listed, one passing 0.2 in beside is not. Running along the wood's
	// edge y = 20 costs nothing extra (the edge is not inside).
	mine := terrain.Piece{ID: "mine", Kind: terrain.Minefield, Footprint: box(12, 5, 13, 15), Sight: terrain.SightClear, Cover: terrain.CoverNone,
		Movement: terrain.MovementRule{Default: terrain.Dangerous}, Level: 1}
	bf := field(t, []terrain.Piece{mine, wood("wd", box(10, 20, 20, 30))}, []terrain.Model{disc("m", terrain.Infantry, 10, 10, 1)})
	for _, c := range []struct {
		path   []geom.Point
		danger []string
		cost   float64
	}{
		{[]geom.Point{geom.Pt(10, 10), geom.Pt(16, 10)}, []string{"mine"}, 6},
		{[]geom.Point{geom.Pt(10, 15.2), geom.Pt(16, 15.2)}, []string{}, 6},
		{[]geom.Point{geom.Pt(10, 20), geom.Pt(20, 20)}, []string{}, 10},
		{[]geom.Point{geom.Pt(10, 21), geom.Pt(20, 21)}, []string{}, 20},
	} {
		res, err := CheckPath(bf, "m", c.path, PathOptions{Models: ModelsIgnored})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Dangerous, c.danger) || !near(res.Cost, c.cost, 1e-9) {
			t.Errorf("%v: dangerous %v cost %v, want %v %v", c.path, res.Dangerous, res.Cost, c.danger, c.cost)
		}
	}
}
