package movement

import (
	"math"
	"slices"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// squad builds a battlefield with one squad "s" of round bases of diameter
// d at the given centres (shifted by (10,10) onto the table).
func squad(t *testing.T, d float64, xs ...float64) *terrain.Battlefield {
	t.Helper()
	var ms []terrain.Model
	for i, x := range xs {
		ms = append(ms, disc(string(rune('a'+i)), terrain.Infantry, 10+x, 10, d))
	}
	return field(t, nil, ms)
}

func TestCoherency(t *testing.T) {
	for _, c := range []struct {
		name     string
		d        float64
		xs       []float64
		rule     CoherencyRule
		coherent bool
		broken   []string
		either   bool
		linkDist float64
	}{
		// chain 3 centre to centre, inclusive
		{"standard ok", 1, []float64{0, 3, 6}, CoherencyRule{Chain: 3}, true, nil, false, 0},
		{"standard third 3.5 away", 1, []float64{0, 3, 6.5}, CoherencyRule{Chain: 3}, false, []string{"c"}, false, 3.5},
		// 4 + 2 split 10 in apart: the 2 must close
		{"4+2", 1, []float64{0, 2, 4, 6, 16, 18}, CoherencyRule{Chain: 3}, false, []string{"e", "f"}, false, 10},
		// 3 + 3: either half
		{"3+3", 1, []float64{0, 2, 4, 14, 16, 18}, CoherencyRule{Chain: 3}, false, []string{"d", "e", "f"}, true, 10},
		// A0 B5 C10 E16.5 D20, chain 6: C-E 6.5 breaks in the middle
		{"chain 6 broken mid-line", 1, []float64{0, 5, 10, 16.5, 20}, CoherencyRule{Chain: 6}, false, []string{"d", "e"}, false, 6.5},
		{"chain 6 ok", 1, []float64{0, 5, 10, 16, 20}, CoherencyRule{Chain: 6}, true, nil, false, 0},
		// 1 in bases measured edge to edge: gaps 0.9 -> coherent
		{"edge chain 1", 1, []float64{0, 1.9, 3.8}, CoherencyRule{Chain: 1, All: 9, Measure: Edges}, true, nil, false, 0},
		// two pairs: edge gap a-d = 12.4 - 1 = 11.4 > 9; literal neighbour reading
		{"edge all-pairs 9", 1, []float64{0, 1.9, 10.5, 12.4}, CoherencyRule{Chain: 1, All: 9, Measure: Edges, NeighbourOnly: true}, false, []string{}, false, 0},
		// base contact: 1 in bases touching at 1 in spacing; the fourth 0.1 off
		{"BaB ok", 1, []float64{0, 1, 2}, CoherencyRule{BaseContact: true}, true, nil, false, 0},
		{"BaB off", 1, []float64{0, 1, 2, 3.1}, CoherencyRule{BaseContact: true}, false, []string{"d"}, false, 0.1},
		// every pair within 1: (0,1,2) fails, the chain of 1 passes
		{"all-pairs 1", 0.5, []float64{0, 1, 2}, CoherencyRule{All: 1}, false, []string{"a", "c"}, false, 0},
		{"chain 1", 0.5, []float64{0, 1, 2}, CoherencyRule{Chain: 1}, true, nil, false, 0},
	} {
		bf := squad(t, c.d, c.xs...)
		got, err := Coherency(bf, "s", c.rule)
		if err != nil {
			t.Fatal(err)
		}
		if got.Coherent != c.coherent || got.EitherMay != c.either {
			t.Errorf("%s: coherent %v either %v, want %v %v (%s)", c.name, got.Coherent, got.EitherMay, c.coherent, c.either, got.Explain())
		}
		if c.broken != nil && !slices.Equal(got.Broken, c.broken) {
			t.Errorf("%s: broken %v, want %v", c.name, got.Broken, c.broken)
		}
		if c.linkDist > 0 && (len(got.BrokenLinks) == 0 || !near(got.BrokenLinks[0].Distance, c.linkDist, 1e-9)) {
			t.Errorf("%s: links %v, want first %v", c.name, got.BrokenLinks, c.linkDist)
		}
	}
	// same altitude: two aircraft at 6 and 2 in
	air := []terrain.Model{disc("hi", terrain.Aircraft, 10, 10, 1), disc("lo", terrain.Aircraft, 13, 10, 1)}
	air[0].Altitude, air[1].Altitude = 6, 2
	got, err := Coherency(field(t, nil, air), "s", CoherencyRule{Chain: 6, SameAltitude: true})
	if err != nil || got.Coherent || len(got.WrongAltitude) != 1 {
		t.Errorf("same altitude: %+v %v", got, err)
	}
	if _, err := Coherency(squad(t, 1, 0), "nope", CoherencyRule{Chain: 1}); err == nil {
		t.Error("unknown squad: no error")
	}
}

func TestCheckTurns(t *testing.T) {
	// one straight move of 3..6 in (or 3..7), no reversing, turns of at
	// most 45°: "after" allows one turn after the move only, "either" one
	// turn before or after but one in all, "both" one before and one after
	oneMove := func(before, after, maxTurns int, move float64) TurnRules {
		return TurnRules{MaxTurn: 45, MaxMoves: 1, MinStraight: math.Floor(move / 2), MaxStraight: move, NoReverse: true,
			TurnsBefore: before, TurnsAfter: after, MaxTurns: maxTurns}
	}
	after, either, both := oneMove(0, 1, 0, 6), oneMove(1, 1, 1, 6), oneMove(1, 1, 0, 6)
	both7 := oneMove(1, 1, 0, 7)
	spot := TurnRules{MaxTurn: 45, MaxMoves: 1, NoReverse: true, TurnsBefore: 1, TurnsAfter: 1, Stationary: true}
	// any number of turns, 2 in per started 90°, 10 in in all
	paid := TurnRules{TurnsBefore: -1, TurnsAfter: -1, TurnsBetween: -1, TurnCost: 2, TurnCostUnit: 90, Budget: 10}
	nearest := paid
	nearest.TurnCostNearest = true
	free := TurnRules{TurnsBefore: -1, TurnsAfter: -1, TurnsBetween: -1, PivotMoved: 1}
	// facing 90 is +y; a 45° clockwise turn is -45
	for _, c := range []struct {
		name  string
		rules TurnRules
		steps []TurnStep
		legal bool
		end   xy
		cost  float64
	}{
		{"after: move then turn", after, []TurnStep{{Move: 6}, {Turn: -45}}, true, xy{0, 6}, 6},
		{"after: turn 90 after", after, []TurnStep{{Move: 6}, {Turn: -90}}, false, xy{0, 6}, 6},
		// turning first ends at (4.243, 4.243): illegal when turns come after
		{"after: turn first", after, []TurnStep{{Turn: -45}, {Move: 6}}, false, xy{4.242640687, 4.242640687}, 6},
		{"either: turn first", either, []TurnStep{{Turn: -45}, {Move: 6}}, true, xy{4.242640687, 4.242640687}, 6},
		{"both: two turns", both, []TurnStep{{Turn: -45}, {Move: 6}, {Turn: -45}}, true, xy{4.242640687, 4.242640687}, 6},
		{"either: two turns", either, []TurnStep{{Turn: -45}, {Move: 6}, {Turn: -45}}, false, xy{4.242640687, 4.242640687}, 6},
		// a 7 in move: minimum floor(3.5) = 3
		{"7 in move: 3.0", both7, []TurnStep{{Move: 3}}, true, xy{0, 3}, 3},
		{"7 in move: 2.9", both7, []TurnStep{{Move: 2.9}}, false, xy{0, 2.9}, 2.9},
		{"7 in move: 7.1", both7, []TurnStep{{Move: 7.1}}, false, xy{0, 7.1}, 7.1},
		{"7 in move: two moves", both7, []TurnStep{{Move: 2}, {Move: 2}}, false, xy{0, 4}, 4},
		// stationary: two 45° turns on the spot
		{"stationary turns", spot, []TurnStep{{Turn: 45}, {Turn: 45}}, true, xy{0, 0}, 0},
		{"stationary moves", spot, []TurnStep{{Move: 1}}, false, xy{0, 1}, 1},
		// 90° turn (2) + 8 = 10 legal; 120° = two turns (4) + 7 = 11 illegal
		{"paid 90", paid, []TurnStep{{Turn: 90}, {Move: 8}}, true, xy{-8, 0}, 10},
		// to the nearest unit: 120° is one (2) + 7 = 9; 135° is two (4) + 7 = 11
		{"nearest 120", nearest, []TurnStep{{Turn: 120}, {Move: 7}}, true, xy{-6.062177826, -3.5}, 9},
		{"nearest 135", nearest, []TurnStep{{Turn: 135}, {Move: 7}}, false, xy{-4.949747468, -4.949747468}, 11},
		{"nearest 10", nearest, []TurnStep{{Turn: 10}}, true, xy{0, 0}, 2},
		{"paid 120", paid, []TurnStep{{Turn: 120}, {Move: 7}}, false, xy{-6.062177826, -3.5}, 11},
	} {
		got, err := CheckTurns(TurnPlan{Facing: 90, Steps: c.steps}, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		if got.Legal != c.legal || !near(got.End[0], c.end[0], 1e-9) || !near(got.End[1], c.end[1], 1e-9) || !near(got.Cost, c.cost, 1e-9) {
			t.Errorf("%s: legal %v end %v cost %v, want %v %v %v (%s)", c.name, got.Legal, got.End, got.Cost, c.legal, c.end, c.cost, got.Explain())
		}
	}
	// a pivot on the spot counts as PivotMoved for shooting
	got, _ := CheckTurns(TurnPlan{Facing: 0, Steps: []TurnStep{{Turn: 90}}}, free)
	if got.MovedForShooting != 1 || got.EndFacing != 90 {
		t.Errorf("pivot: %+v", got)
	}
	// right turns only
	right := paid
	right.Only = "right"
	got, _ = CheckTurns(TurnPlan{Steps: []TurnStep{{Turn: 30}}}, right)
	if got.Legal {
		t.Errorf("left turn with right-only steering: %s", got.Explain())
	}
	if _, err := CheckTurns(TurnPlan{Steps: []TurnStep{{Turn: 30}}}, TurnRules{TurnCost: 2}); err == nil {
		t.Error("turn cost without a unit: no error")
	}
}

func TestLandingZone(t *testing.T) {
	// a landing template of radius 2 at (20,20). A 2 x 1 tank hull facing 0
	// centred at (23+dx, 20) has its near face at x = 22+dx, gap dx.
	for _, c := range []struct {
		name  string
		tankX float64
		woodX float64
		enemy float64 // enemy infantry centre x (y = 20); 0 for none
		sight bool
		legal bool
	}{
		{"tank 0.1 inside", 22.9, 40, 0, true, false},
		{"tank 0.1 clear", 23.1, 40, 0, true, true},
		{"wood touching", 30, 22, 0, true, false},
		{"wood 1 in clear", 30, 23, 0, true, true},
		// contest range 3: enemy 2.5 from the edge in sight -> contested; blocked -> not; 3.5 -> not
		{"contested", 40, 40, 24.5, true, false},
		{"contested but hidden", 40, 40, 24.5, false, true},
		{"enemy 3.5 away", 40, 40, 25.5, true, true},
	} {
		models := []terrain.Model{
			{ID: "air", Side: "ucm", Class: terrain.Aircraft, Position: geom.Pt(20, 20), Altitude: 6, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1},
			{ID: "tank", Side: "ucm", Class: terrain.Vehicle, Position: geom.Pt(c.tankX, 20), Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}, Level: 1},
		}
		if c.enemy > 0 {
			models = append(models, disc("foe", terrain.Infantry, c.enemy, 20, 0.5))
			models[len(models)-1].Side = "scourge"
		}
		bf := field(t, []terrain.Piece{wood("wood", box(c.woodX, 10, c.woodX+5, 30))}, models)
		sight := func(observer string, from, to geom.Vec3) bool { return c.sight }
		got, err := LandingZone(bf, "air", geom.Pt(20, 20), LandingOptions{Radius: 2, ContestRange: 3, Sight: sight})
		if err != nil {
			t.Fatal(err)
		}
		if got.Legal != c.legal {
			t.Errorf("%s: legal %v, want %v (%s)", c.name, got.Legal, c.legal, got.Explain())
		}
	}
}

func TestFitsUpright(t *testing.T) {
	// fits upright: a 1 in flight base overlapping a building edge is rejected;
	// touching it or standing in the open is fine.
	b := wall("house", box(20, 20, 24, 24))
	b.Kind = terrain.Building
	air := terrain.Model{ID: "air", Side: "a", Class: terrain.Aircraft, Position: geom.Pt(10, 10), Altitude: 6, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1}
	bf := field(t, []terrain.Piece{b}, []terrain.Model{air, disc("inf", terrain.Infantry, 30, 30, 1)})
	for _, c := range []struct {
		at   geom.Point
		fits bool
	}{
		{geom.Pt(10, 10), true},
		{geom.Pt(19.6, 22), false}, // overlaps by 0.1
		{geom.Pt(19.5, 22), true},  // touches
		{geom.Pt(30.9, 30), false}, // overlaps the infantry base
		{geom.Pt(0.4, 10), false},  // overhangs the table edge
	} {
		got, err := FitsUpright(bf, "air", c.at)
		if err != nil {
			t.Fatal(err)
		}
		if got.Fits != c.fits {
			t.Errorf("at %v: fits %v, want %v (%s)", c.at, got.Fits, c.fits, got.Explain())
		}
	}
}

func TestTemplates(t *testing.T) {
	// a 1 in template swept around the target: radius 0.5 bases; target at (10,10)
	for _, c := range []struct {
		x   float64
		hit bool
	}{{11.9, true}, {12.0, true}, {12.1, false}} {
		bf := field(t, nil, []terrain.Model{disc("tgt", terrain.Figure, 10, 10, 1), disc("o", terrain.Figure, c.x, 10, 1)})
		got, err := TemplateTouches(bf, "tgt", 1, "")
		if err != nil {
			t.Fatal(err)
		}
		if (len(got.Touched) == 1) != c.hit {
			t.Errorf("swept template x=%v: %s", c.x, got.Explain())
		}
	}
	// friendly fire: an ally 1.8 from the target (gap 0.8) is touched; 3.0 (gap 2) not
	for _, c := range []struct {
		x    float64
		veto bool
	}{{11.8, true}, {13, false}} {
		tgt := disc("tgt", terrain.Figure, 10, 10, 1)
		tgt.Side = "b"
		bf := field(t, nil, []terrain.Model{tgt, disc("ally", terrain.Figure, c.x, 10, 1), disc("me", terrain.Figure, 20, 10, 1)})
		got, _ := TemplateTouches(bf, "tgt", 1, "me")
		if got.FriendlyFire != c.veto {
			t.Errorf("friendly fire x=%v: %s", c.x, got.Explain())
		}
	}
	// power 10, full radius 1, at (20,20): 0.8 -> 10, 3 -> 7, 6 -> 4, 10 -> none
	bf := field(t, nil, []terrain.Model{disc("a", terrain.Infantry, 20.8, 20, 0.5), disc("b", terrain.Infantry, 20, 23, 0.5),
		disc("c", terrain.Infantry, 14, 20, 0.5), disc("d", terrain.Infantry, 20, 10, 0.5)})
	bl, err := Blast(bf, geom.Pt(20, 20), BlastRule{Power: 10, FullRadius: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []Hit{{ID: "a", Side: "a", Distance: 0.8, Effect: 10}, {ID: "b", Side: "a", Distance: 3, Effect: 7}, {ID: "c", Side: "a", Distance: 6, Effect: 4}}
	if !slices.Equal(bl.Hits, want) {
		t.Errorf("blast = %+v, want %+v", bl.Hits, want)
	}
	// scatter: (10,10), 2 in, compass bearing 90 -> (12,10); 225 -> (8.586,8.586)
	for _, c := range []struct {
		bearing float64
		want    xy
	}{{90, xy{12, 10}}, {225, xy{10 - math.Sqrt2, 10 - math.Sqrt2}}} {
		got, _ := Scatter(geom.Pt(10, 10), CompassToDirection(c.bearing), 2, 0)
		if !near(got.To[0], c.want[0], 1e-9) || !near(got.To[1], c.want[1], 1e-9) {
			t.Errorf("scatter %v: %v, want %v", c.bearing, got.To, c.want)
		}
	}
	// a roll of 11 in capped to 8
	if got, _ := Scatter(geom.Pt(10, 10), 0, 11, 8); got.Distance != 8 || !got.Capped || got.To != (xy{18, 10}) {
		t.Errorf("capped scatter: %+v", got)
	}
	// area over: a building covering the right half of a radius-2 template
	house := wall("house", box(20, 10, 30, 30))
	house.Kind = terrain.Building
	house2 := wall("house2", box(32.9, 10, 36, 30))
	house2.Kind = terrain.Building
	house3 := wall("house3", box(39, 10, 40, 30))
	house3.Kind = terrain.Building
	bf = field(t, []terrain.Piece{house, house2, house3}, nil)
	cov, err := AreaOver(bf, geom.Circle{Center: geom.Pt(20, 20), Radius: 2}, "house")
	if err != nil {
		t.Fatal(err)
	}
	if !near(cov.Fraction, 0.5, 1e-3) {
		t.Errorf("half over: %s", cov.Explain())
	}
	// gap 3, strict: 2.9 in apart connect, 3.0 do not
	links, _ := ConnectedBuildings(bf, 3)
	if len(links) != 1 || links[0].From != "house" || links[0].To != "house2" {
		t.Errorf("connected = %+v", links)
	}
	// placement wholly inside a zone: a tank hull 2 x 1 at (11.5,20) reaches x = 12.5 > 12
	zone := box(0, 0, 12, 48)
	for _, c := range []struct {
		x     float64
		legal bool
	}{{11.5, false}, {10.5, true}} {
		hull := geom.OrientedRect{Center: geom.Pt(c.x, 20), Length: 2, Width: 1, Angle: s1.Angle(0)}
		got, _ := CheckPlacement(bf, hull.Center, hull, PlacementRule{Zone: &zone})
		if got.Legal != c.legal {
			t.Errorf("zone x=%v: %s", c.x, got.Explain())
		}
	}
	// near point: within 3 in of the transport
	for _, c := range []struct {
		x     float64
		legal bool
	}{{2.9, true}, {3.2, false}} {
		got, _ := CheckPlacement(bf, geom.Pt(20+c.x, 5), geom.Circle{Center: geom.Pt(20+c.x, 5), Radius: 0.5}, PlacementRule{Near: []xy{{20, 5}}, NearDistance: 3})
		if got.Legal != c.legal {
			t.Errorf("near x=%v: %s", c.x, got.Explain())
		}
	}
}

func TestGroups(t *testing.T) {
	// members on a line at xs, linked within 1.5
	for _, c := range []struct {
		xs   []float64
		want [][]int
	}{
		{nil, nil},
		{[]float64{0}, [][]int{{0}}},
		{[]float64{0, 1, 2}, [][]int{{0, 1, 2}}},
		{[]float64{0, 5, 1, 6, 7}, [][]int{{1, 3, 4}, {0, 2}}},
		{[]float64{0, 5, 1, 6}, [][]int{{0, 2}, {1, 3}}}, // a tie: first member first
		{[]float64{9, 0, 4}, [][]int{{0}, {1}, {2}}},
	} {
		got := Groups(len(c.xs), func(i, j int) bool {
			if i >= j {
				t.Errorf("linked(%d, %d): want i < j", i, j)
			}
			return math.Abs(c.xs[i]-c.xs[j]) <= 1.5
		})
		if len(got) != len(c.want) {
			t.Errorf("Groups(%v) = %v, want %v", c.xs, got, c.want)
			continue
		}
		for k := range got {
			if !slices.Equal(got[k], c.want[k]) {
				t.Errorf("Groups(%v) = %v, want %v", c.xs, got, c.want)
				break
			}
		}
	}
}
