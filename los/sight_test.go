package los

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Test fixtures: a 48 x 48 in table; helpers build pieces and models.

func rectFP(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1))
}

func solid(id string, fp geom.Polygon, h float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: fp, Height: h, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Level: 1}
}

func building(id string, fp geom.Polygon, h float64) terrain.Piece {
	p := solid(id, fp, h)
	p.Kind = terrain.Building
	return p
}

func smoke(id string, c geom.Point, r float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Smoke, Circle: &geom.Circle{Center: c, Radius: r},
		Sight: terrain.SightConcealing, Cover: terrain.CoverSoft, Level: 1}
}

func wood(id string, fp geom.Polygon, h float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Area, Footprint: fp, Height: h, Sight: terrain.SightConcealing,
		Cover: terrain.CoverSoft, Level: 1}
}

// tank is a vehicle with an L x W x H hull facing +x at (x, y).
func tank(id, squad string, x, y, l, w, h float64) terrain.Model {
	return terrain.Model{ID: id, Side: "a", Squad: squad, Class: terrain.Vehicle, Position: geom.Pt(x, y),
		Hull: terrain.Hull{Length: l, Width: w, Height: h}, Level: 1}
}

func mustBF(t testing.TB, pieces []terrain.Piece, models []terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, pieces, models)
	if err != nil {
		t.Fatalf("terrain.New: %v", err)
	}
	return bf
}

func TestSightSegmentHand(t *testing.T) {
	// house-1: [10,14] x [10,14], roof at 3.
	bf := mustBF(t, []terrain.Piece{building("house-1", rectFP(10, 10, 14, 14), 3)}, nil)
	v := geom.V3
	tests := []struct {
		name       string
		a, b       geom.Vec3
		grazeBlock bool
		clear      bool
		graze      bool
		at         geom.Vec3 // blocker entry point (when blocked)
		below      float64
	}{
		// Level line at z = 1 through the house: enters at x = 10; 3 - 1 = 2 below the roof.
		{"through", v(5, 12, 1), v(20, 12, 1), false, false, false, v(10, 12, 1), 2},
		// Level with the roof: runs along the roof face, touching only.
		{"roof level", v(5, 12, 3), v(20, 12, 3), false, true, true, geom.Vec3{}, 0},
		{"roof level, grazing blocks", v(5, 12, 3), v(20, 12, 3), true, false, true, v(10, 12, 3), 0},
		// z = 1 + (x-4)/3 reaches 3 exactly at the front roof edge x = 10, above after.
		{"rising over roof edge", v(4, 12, 1), v(16, 12, 5), false, true, true, geom.Vec3{}, 0},
		{"rising over roof edge, grazing blocks", v(4, 12, 1), v(16, 12, 5), true, false, true, v(10, 12, 3), 0},
		// A hair lower: z(10) = 0.99 + 6*(4.01/12) = 2.995 < 3: enters at (10, 12, 2.995);
		// lowest inside is at the entry: 3 - 2.995 = 0.005.
		{"rising just under roof edge", v(4, 12, 0.99), v(16, 12, 5), false, false, false, v(10, 12, 2.995), 0.005},
		// Falling from roof level: z(10) = 3 - 6/16*... below at once: 3 - (5/15) = 2.6667.
		{"eye level with roof, falling", v(5, 12, 3), v(20, 12, 2), false, false, false, v(10, 12, 3-5.0/15), 3 - (3 - 9.0/15)},
		// x + y = 20 meets the square only at its corner (10, 10).
		{"corner touch", v(8, 12, 1), v(12, 8, 1), false, true, true, geom.Vec3{}, 0},
		{"corner touch, grazing blocks", v(8, 12, 1), v(12, 8, 1), true, false, true, v(10, 10, 1), 0},
		// Along the wall face y = 10.
		{"along wall face", v(5, 10, 1), v(20, 10, 1), false, true, true, geom.Vec3{}, 0},
		// Above the roof.
		{"over the roof", v(5, 12, 3.5), v(20, 12, 3.2), false, true, false, geom.Vec3{}, 0},
		// Ends touching the wall from outside.
		{"ends on wall", v(5, 12, 1), v(10, 12, 1), false, true, true, geom.Vec3{}, 0},
		// Starts on the wall going away.
		{"starts on wall going out", v(10, 12, 1), v(2, 12, 1), false, true, true, geom.Vec3{}, 0},
		// Starts on the wall going in.
		{"starts on wall going in", v(10, 12, 1), v(12, 12, 1), false, false, false, v(10, 12, 1), 2},
		// Vertical segment inside the plan, reaching down below the roof: 3 - 2 = 1.
		{"vertical", v(12, 12, 5), v(12, 12, 2), false, false, false, v(12, 12, 3), 1},
		// Inside the house.
		{"inside", v(11, 11, 1), v(13, 13, 1), false, false, false, v(11, 11, 1), 2},
	}
	for _, tc := range tests {
		got := SightSegment(bf, tc.a, tc.b, Options{GrazingBlocks: tc.grazeBlock})
		if got.Clear != tc.clear {
			t.Errorf("%s: Clear = %v, want %v (%s)", tc.name, got.Clear, tc.clear, got.Explain())
			continue
		}
		graze := len(got.Grazing) > 0 || got.Blocker.Grazing
		if graze != tc.graze {
			t.Errorf("%s: grazing = %v, want %v (%s)", tc.name, graze, tc.graze, got.Explain())
		}
		if !tc.clear {
			if got.Blocker.ID != "house-1" {
				t.Errorf("%s: blocker %q, want house-1", tc.name, got.Blocker.ID)
			}
			if d := got.Blocker.At.Sub(tc.at).Norm(); d > 1e-9 {
				t.Errorf("%s: blocker at %v, want %v", tc.name, got.Blocker.At, tc.at)
			}
			if math.Abs(got.Blocker.Below-tc.below) > 1e-9 {
				t.Errorf("%s: below = %v, want %v", tc.name, got.Blocker.Below, tc.below)
			}
		}
		// Symmetry: the reversed segment agrees on Clear.
		if rev := SightSegment(bf, tc.b, tc.a, Options{GrazingBlocks: tc.grazeBlock}); rev.Clear != got.Clear {
			t.Errorf("%s: reversed Clear = %v, want %v", tc.name, rev.Clear, got.Clear)
		}
	}
}

func TestSightSegmentLShape(t *testing.T) {
	// L-shaped building: [10,20]x[10,14] ∪ [10,14]x[14,20], roof 4. A line
	// along the inner diagonal x = y from (8,8) to (22,22) passes through the
	// interior from (10,10) to (14,14): blocked however the footprint is cut.
	l := geom.PolygonFromPoints(geom.Pt(10, 10), geom.Pt(20, 10), geom.Pt(20, 14), geom.Pt(14, 14), geom.Pt(14, 20), geom.Pt(10, 20))
	bf := mustBF(t, []terrain.Piece{building("l", l, 4)}, nil)
	if r := SightSegment(bf, geom.V3(8, 8, 1), geom.V3(22, 22, 1), Options{}); r.Clear {
		t.Errorf("diagonal through L: clear, want blocked")
	}
	// Through the notch corner (14,14) from outside: line x + y = 28 from
	// (22,6) to (6,22) stays outside except for the reflex vertex.
	// Points (x, 28-x): inside the L needs x <= 14 and 28-x <= 20... x in
	// [8, 14] gives y = 28-x in [14, 20]: (12,16) is inside arm 2 -> blocked.
	if r := SightSegment(bf, geom.V3(22, 6, 1), geom.V3(6, 22, 1), Options{}); r.Clear {
		t.Errorf("anti-diagonal through L arm: clear, want blocked")
	}
	// Along the notch edge y = 14 from (16,14) to (22,14): on the roof face
	// boundary of arm 1 only (the arm lies below y = 14): grazing.
	if r := SightSegment(bf, geom.V3(16, 14, 1), geom.V3(22, 14, 1), Options{}); !r.Clear || len(r.Grazing) != 1 {
		t.Errorf("along notch edge: %s, want clear grazing", r.Explain())
	}
}

func TestSightSegmentSmokeAndFlat(t *testing.T) {
	disc := terrain.Piece{ID: "disc", Kind: terrain.Occupied, Circle: &geom.Circle{Center: geom.Pt(20, 20), Radius: 3},
		Sight: terrain.SightBlocking, Cover: terrain.CoverNone, Level: 1}
	bf := mustBF(t, []terrain.Piece{smoke("smoke-1", geom.Pt(24, 40), 2), disc}, nil)
	// Smoke at z = 50 still blocks (every height); enters at x = 24 - r' where
	// r' >= 2 is the circumscribed polygon's reach along y = 40.
	r := SightSegment(bf, geom.V3(10, 40, 50), geom.V3(40, 40, 50), Options{})
	if r.Clear || r.Blocker.ID != "smoke-1" || !r.Blocker.EveryHeight {
		t.Errorf("smoke at z=50: %s, want blocked by smoke-1 at every height", r.Explain())
	}
	if x := r.Blocker.At.X; x > 22 || x < 22-terrain.CircleChordError {
		t.Errorf("smoke entry x = %v, want within chord error of 22", x)
	}
	if r := SightSegment(bf, geom.V3(10, 40, 50), geom.V3(40, 40, 50), Options{IgnoreSmoke: true}); !r.Clear {
		t.Errorf("IgnoreSmoke: %s, want clear", r.Explain())
	}
	// A flat blocking disc (Height 0) of radius 3 at (20,20) is an
	// obstacle of unbounded height: (10,20)->(30,20) is blocked at z = 7.
	if r := SightSegment(bf, geom.V3(10, 20, 7), geom.V3(30, 20, 7), Options{}); r.Clear || r.Blocker.ID != "disc" {
		t.Errorf("flat disc: %s, want blocked", r.Explain())
	}
	// (10,20)->(30,28) passes (20,24): 4 from the centre, outside the disc.
	if r := SightSegment(bf, geom.V3(10, 20, 0), geom.V3(30, 28, 0), Options{}); !r.Clear {
		t.Errorf("flat disc miss: %s, want clear", r.Explain())
	}
}

func TestSightSegmentConcealing(t *testing.T) {
	bf := mustBF(t, []terrain.Piece{wood("wood-1", rectFP(10, 10, 14, 14), 2)}, nil)
	a, b := geom.V3(5, 12, 1), geom.V3(20, 12, 1)
	if r := SightSegment(bf, a, b, Options{}); !r.Clear {
		t.Errorf("wood by default: %s, want clear", r.Explain())
	}
	if r := SightSegment(bf, a, b, Options{ConcealingBlocks: true}); r.Clear || r.Blocker.ID != "wood-1" {
		t.Errorf("wood with ConcealingBlocks: %s, want blocked", r.Explain())
	}
	// Above its height 2 it does not block.
	if r := SightSegment(bf, geom.V3(5, 12, 2.5), geom.V3(20, 12, 2.5), Options{ConcealingBlocks: true}); !r.Clear {
		t.Errorf("over the wood: %s, want clear", r.Explain())
	}
}

func TestSightModels(t *testing.T) {
	// Shooter s at (5,24), target t at (25,24), both 2x2x1 hulls; a tank
	// m (3x2x1.5, squad "a") at (15,24) between them, in s's squad.
	models := []terrain.Model{
		tank("s", "a", 5, 24, 2, 2, 1),
		tank("t", "b", 25, 24, 2, 2, 1),
		tank("m", "a", 15, 24, 3, 2, 1.5),
		{ID: "air", Side: "a", Squad: "c", Class: terrain.Aircraft, Position: geom.Pt(15, 30),
			Hull: terrain.Hull{Length: 2, Width: 2, Height: 0.5}, Altitude: 6, Level: 1},
	}
	bf := mustBF(t, nil, models)
	// Every sightline from (5,24,0.5) to the 2x2x1 box at x in [24,26] passes
	// the 3x2x1.5 box at x in [13.5,16.5], y in [23,25]: at x = 13.5 the
	// line to the farthest corner (24, 25, 1) has y = 24 + 8.5/19 < 25 and
	// z = 0.5 + 8.5/19*0.5 < 1.5, so it is inside: not visible.
	r, err := Sight(bf, "s", "t", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Visible || r.BlockedBy == nil || r.BlockedBy.ID != "m" {
		t.Errorf("model occlusion: %s, want blocked by m", r.Explain())
	}
	if r, _ := Sight(bf, "s", "t", Options{ThroughOwnSquad: 1}); !r.Visible {
		t.Errorf("ThroughOwnSquad=1: %s, want visible", r.Explain())
	}
	if r, _ := Sight(bf, "s", "t", Options{Exclude: []string{"m"}}); !r.Visible {
		t.Errorf("Exclude m: %s, want visible", r.Explain())
	}
	if r, _ := Sight(bf, "s", "t", Options{IgnoreModels: true}); !r.Visible {
		t.Errorf("IgnoreModels: %s, want visible", r.Explain())
	}
	if r, _ := Sight(bf, "s", "t", Options{ModelsBlock: []terrain.Class{terrain.Infantry}}); !r.Visible {
		t.Errorf("only infantry block: %s, want visible", r.Explain())
	}
	// From m: the shooter's own hull and the target's never block.
	if r, _ := Sight(bf, "m", "t", Options{}); !r.Visible {
		t.Errorf("m sees t: %s, want visible", r.Explain())
	}
	// The aircraft is a point at (15,30,6): seen from s over everything.
	if r, _ := Sight(bf, "s", "air", Options{}); !r.Visible || r.Method != MethodAirborne {
		t.Errorf("aircraft: %s, want visible (airborne)", r.Explain())
	}
	fr, err := VisibleFraction(bf, "s", "t", Options{})
	if err != nil || fr.Fraction != 0 {
		t.Errorf("fraction behind m = %v, %v, want 0", fr.Fraction, err)
	}
	if _, err := Sight(bf, "s", "nobody", Options{}); !errors.Is(err, terrain.ErrUnknownID) || !strings.Contains(err.Error(), "nobody") {
		t.Errorf("unknown id: err = %v", err)
	}
	if _, err := VisibleFraction(bf, "ghost", "t", Options{}); !errors.Is(err, terrain.ErrUnknownID) {
		t.Errorf("unknown shooter: err = %v", err)
	}
}

func TestSightAircraftOverBuildings(t *testing.T) {
	// Airborne models at altitude 6 over 3 in buildings; shooter eye at
	// (2,12,0.5). The line to (30,12,6) is at z = 0.5 + 5.5*(x-2)/28 over
	// house x in [10,14]: z(10) = 2.07 < 3 -> blocked; the high-flyer at
	// (30,12,6) is hidden, but from an aircraft eye at altitude 6 at
	// (2,12) everything is clear.
	models := []terrain.Model{
		tank("s", "a", 2, 12, 1, 1, 1),
		{ID: "air", Side: "b", Squad: "c", Class: terrain.Aircraft, Position: geom.Pt(30, 12),
			Hull: terrain.Hull{Length: 2, Width: 2, Height: 0.5}, Altitude: 6, Level: 1},
		{ID: "air2", Side: "a", Squad: "d", Class: terrain.Aircraft, Position: geom.Pt(2, 14),
			Hull: terrain.Hull{Length: 2, Width: 2, Height: 0.5}, Altitude: 6, Level: 1},
	}
	bf := mustBF(t, []terrain.Piece{building("house", rectFP(10, 10, 14, 14), 3)}, models)
	r, _ := Sight(bf, "s", "air", Options{})
	if r.Visible || r.BlockedBy == nil || r.BlockedBy.ID != "house" {
		t.Errorf("low shooter to aircraft: %s, want blocked by house", r.Explain())
	}
	if r, _ := Sight(bf, "air2", "air", Options{}); !r.Visible {
		t.Errorf("aircraft to aircraft: %s, want visible", r.Explain())
	}
}

func TestVisibleFractionHalf(t *testing.T) {
	// Target box x in [19,21], y in [23,25], z in [0,2]; eye (10,24,1) level
	// with its centre. Seen along +x the silhouette is the front face
	// x = 19, u = -(y-24)/9 and v = (z-1)/9 in [-1/9, 1/9]: area 4/81. A
	// wall x in [15,15.5], y in [24,30], 10 high covers exactly y >= 24, i.e.
	// u <= 0: half of it. Fraction 0.5, hidden by "wall" 0.5.
	bf := mustBF(t, []terrain.Piece{solid("wall", rectFP(15, 24, 15.5, 30), 10)},
		[]terrain.Model{tank("t", "b", 20, 24, 2, 2, 2)})
	r, err := VisibleFractionFrom(bf, geom.V3(10, 24, 1), "t", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Fraction-0.5) > 1e-12 {
		t.Errorf("fraction = %v, want 0.5", r.Fraction)
	}
	if math.Abs(r.SilhouetteArea-4.0/81) > 1e-12 {
		t.Errorf("silhouette area = %v, want 4/81", r.SilhouetteArea)
	}
	if len(r.Hidden) != 1 || r.Hidden[0].ID != "wall" || math.Abs(r.Hidden[0].Fraction-0.5) > 1e-12 {
		t.Errorf("hidden = %+v, want wall 0.5", r.Hidden)
	}
	if r.Witness == nil || r.Witness.Y > 24 {
		t.Errorf("witness %v, want a point with y < 24", r.Witness)
	} else if s := SightSegment(bf, r.Eye, *r.Witness, Options{}, "t"); !s.Clear {
		t.Errorf("witness sightline blocked: %s", s.Explain())
	}
	// A wall only 1 high (z <= 1 is the lower half of the face, v <= 0)
	// over the same span hides a quarter: fraction 0.75. The wall top edge
	// at z = 1 is level with the eye, so it projects onto v = 0.
	bf2 := mustBF(t, []terrain.Piece{solid("low", rectFP(15, 24, 15.5, 30), 1)},
		[]terrain.Model{tank("t", "b", 20, 24, 2, 2, 2)})
	r2, _ := VisibleFractionFrom(bf2, geom.V3(10, 24, 1), "t", Options{})
	if math.Abs(r2.Fraction-0.75) > 1e-12 {
		t.Errorf("low wall fraction = %v, want 0.75", r2.Fraction)
	}
	// No occluders: 1; the target enclosed in a taller building: 0.
	bf3 := mustBF(t, []terrain.Piece{building("box", rectFP(18, 22, 22, 26), 3)},
		[]terrain.Model{tank("t", "b", 20, 24, 2, 2, 2)})
	if r3, _ := VisibleFractionFrom(bf3, geom.V3(10, 24, 1), "t", Options{}); r3.Fraction != 0 {
		t.Errorf("enclosed fraction = %v, want 0", r3.Fraction)
	}
	bf4 := mustBF(t, nil, []terrain.Model{tank("t", "b", 20, 24, 2, 2, 2)})
	if r4, _ := VisibleFractionFrom(bf4, geom.V3(10, 24, 1), "t", Options{}); r4.Fraction != 1 {
		t.Errorf("open fraction = %v, want 1", r4.Fraction)
	}
	// Eye inside the target: 1 by definition.
	if r5, _ := VisibleFractionFrom(bf4, geom.V3(20, 24, 1.5), "t", Options{}); r5.Fraction != 1 || r5.Case != CaseEyeInside {
		t.Errorf("eye inside: %+v", r5)
	}
}

func TestSightRegionWitness(t *testing.T) {
	// Two walls leave a slit through which only a sliver of the target is
	// seen while every characteristic point is hidden: target box x in
	// [29,31], y in [23,25], z in [0,2], eye (10,24,1). Walls (10 high) at x
	// in [20,20.5]: y in [0,23.9] and y in [24.1,48]. The slit |y-24| < 0.1
	// at x = 20 shows |y-24| < 0.1*19/10 = 0.19 of the face at x = 29,
	// missing the centre line? No: the centre (30,24,1) is seen through the
	// slit, so block it with a post [20,20.5] x [23.98,24.02] too.
	bf := mustBF(t, []terrain.Piece{
		solid("w1", rectFP(20, 0, 20.5, 23.9), 10),
		solid("w2", rectFP(20, 24.1, 20.5, 48), 10),
		solid("post", rectFP(20, 23.98, 20.5, 24.02), 10),
	}, []terrain.Model{tank("s", "a", 10, 24, 1, 1, 2), tank("t", "b", 30, 24, 2, 2, 2)})
	r, err := Sight(bf, "s", "t", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Visible || r.Method != MethodRegion || r.Fraction == nil || !(*r.Fraction > 0) {
		t.Fatalf("slit: %s (method %s), want visible through the region", r.Explain(), r.Method)
	}
	if s := SightSegment(bf, r.Witness.A, r.Witness.B, Options{}, "s", "t"); !s.Clear {
		t.Errorf("witness not clear: %s", s.Explain())
	}
	b, err := json.Marshal(r)
	if err != nil || !strings.Contains(string(b), `"visible":true`) {
		t.Errorf("json: %s, %v", b, err)
	}
}
