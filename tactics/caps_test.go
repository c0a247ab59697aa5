package tactics

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// TestDifficultCaps: the search's costs apply a profile's difficult
// caps as movement.Reachable does. A scout (1 in base) at (4, 12), a wood
// (difficult, factor 2) over the table's width between x = 6 and 10, so
// no route avoids it:
//
//   - (5, 12): 1 in, no difficult terrain: legal under any cap;
//   - (8, 12): 4 in, 2 of them in the wood: cost 6;
//   - (12, 12): 8 in, 4 in the wood: cost 12.
func TestDifficultCaps(t *testing.T) {
	wood := terrain.Piece{ID: "wood", Kind: terrain.Area, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(6, 0), geom.Pt(10, 0), geom.Pt(10, 24), geom.Pt(6, 24)),
		Sight:     terrain.SightClear, Cover: terrain.CoverNone, Movement: terrain.MovementRule{Default: terrain.Difficult}}
	scout := terrain.Model{ID: "scout", Side: "blue", Class: terrain.Infantry, Position: geom.Pt(4, 12), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}}
	bf, err := terrain.New(terrain.Table{Width: 24, Depth: 24}, []terrain.Piece{wood}, []terrain.Model{scout})
	if err != nil {
		t.Fatal(err)
	}
	rt := movement.NewRouter(bf)
	const allowance = 14
	tests := []struct {
		cap, factor float64 // DifficultCap, DifficultBudgetFactor
		at          geom.Point
		reach       bool
		cost        float64
	}{
		{0, 0, geom.Pt(12, 12), true, 12},
		{10, 0, geom.Pt(12, 12), false, 0}, // 12 > the cap
		{12.5, 0, geom.Pt(12, 12), true, 12},
		{0.5, 0, geom.Pt(5, 12), true, 1}, // no difficult terrain entered
		{5, 0, geom.Pt(8, 12), false, 0},  // 6 > 5
		{6.5, 0, geom.Pt(8, 12), true, 6},
		{0, 0.5, geom.Pt(8, 12), true, 6},   // 6 <= 14 × 0.5
		{0, 0.5, geom.Pt(12, 12), false, 0}, // 12 > 7
		{0, 0.5, geom.Pt(5, 12), true, 1},
	}
	for _, tt := range tests {
		prof := movement.ProfileFor(terrain.Infantry)
		prof.DifficultCap, prof.DifficultBudgetFactor = tt.cap, tt.factor
		mv := Move{Model: "scout", Allowance: allowance, Route: movement.RouteOptions{Profile: &prof}}
		w := newMeter(mv)
		c, exhausted, err := w.field(rt, "scout", mv)
		if err != nil || exhausted || c == nil {
			t.Fatalf("cap %v factor %v: field %v exhausted %v: %v", tt.cap, tt.factor, c, exhausted, err)
		}
		cost, _, ok := c.CostTo(tt.at)
		if ok != tt.reach || (ok && math.Abs(cost-tt.cost) > 1e-6) {
			t.Errorf("cap %v factor %v: CostTo(%v) = %.6f, %v; want %v, %v", tt.cap, tt.factor, tt.at, cost, ok, tt.cost, tt.reach)
		}
		r, err := rt.Reachable("scout", tt.at, allowance, mv.Route)
		if err != nil || r.Reachable != tt.reach {
			t.Errorf("cap %v factor %v: movement.Reachable(%v) = %v (%v), want %v", tt.cap, tt.factor, tt.at, r.Reachable, err, tt.reach)
		}
	}
}

// TestSafeSpotsDifficultCaps: the caps change a search's answer. The
// scout (1 in base, at (4, 12)) hides from a gun at (1, 12) behind a
// 5 in tall hedge (x 14.6…14.9, sight blocking, movement open); the wood
// of TestDifficultCaps (x 6…10, the table's whole depth) is on every
// route. Of the cells of 2 in centred on the scout, the only hidden one
// within 16 in is (16, 12): straight east, 12 in of which 4 in the wood,
// cost 12 + 4 = 16 (any other route is longer both in and out of the
// wood). A cap of 15 in, or a budget factor of 0.99 (15.84 in), makes it
// unreachable: no route avoids the wood.
func TestSafeSpotsDifficultCaps(t *testing.T) {
	wood := terrain.Piece{ID: "wood", Kind: terrain.Area, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(6, 0), geom.Pt(10, 0), geom.Pt(10, 24), geom.Pt(6, 24)),
		Sight:     terrain.SightClear, Cover: terrain.CoverNone, Movement: terrain.MovementRule{Default: terrain.Difficult}}
	hedge := terrain.Piece{ID: "hedge", Kind: terrain.Area, Level: 1, Height: 5,
		Footprint: geom.PolygonFromPoints(geom.Pt(14.6, 0), geom.Pt(14.9, 0), geom.Pt(14.9, 24), geom.Pt(14.6, 24)),
		Sight:     terrain.SightBlocking, Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Open}}
	scout := terrain.Model{ID: "scout", Side: "blue", Class: terrain.Infantry, Position: geom.Pt(4, 12), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}}
	gun := terrain.Model{ID: "gun", Side: "red", Class: terrain.Infantry, Position: geom.Pt(1, 12), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}}
	bf, err := terrain.New(terrain.Table{Width: 24, Depth: 24}, []terrain.Piece{wood, hedge}, []terrain.Model{scout, gun})
	if err != nil {
		t.Fatal(err)
	}
	rt := movement.NewRouter(bf)
	tests := []struct {
		cap, factor float64
		want        []Spot
	}{
		{0, 0, []Spot{{At: geom.Pt(16, 12), Cost: 16}}},
		{16, 0, []Spot{{At: geom.Pt(16, 12), Cost: 16}}},
		{15, 0, nil},
		{0, 0.99, nil},
	}
	for _, tt := range tests {
		prof := movement.ProfileFor(terrain.Infantry)
		prof.DifficultCap, prof.DifficultBudgetFactor = tt.cap, tt.factor
		s, err := SafeSpots(rt, BreakRequest{Move: Move{Model: "scout", Allowance: 16, Route: movement.RouteOptions{Profile: &prof}}, Observers: []string{"gun"}}, 2)
		if err != nil || s.Exhausted {
			t.Fatalf("cap %v factor %v: %+v, %v", tt.cap, tt.factor, s, err)
		}
		ok := len(s.Spots) == len(tt.want)
		for i := 0; ok && i < len(s.Spots); i++ {
			ok = s.Spots[i].At == tt.want[i].At && math.Abs(s.Spots[i].Cost-tt.want[i].Cost) < 1e-6
		}
		if !ok {
			t.Errorf("cap %v factor %v: spots %v, want %v", tt.cap, tt.factor, s.Spots, tt.want)
		}
	}
}
