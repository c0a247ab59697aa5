package los

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// figure is an infantry base of diameter 1 and height h at (x, y).
func figure(id string, x, y, h float64) terrain.Model {
	return terrain.Model{ID: id, Side: "a", Class: terrain.Infantry, Position: geom.Pt(x, y),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: h}, Level: 1}
}

// hillFile is the file: a 10 x 10 hill 2 in high, a 1.5 in wall
// at x 14..14.5 and a tank at (20, 5) facing the hill; the spotter (0.8 in
// tall) stands at x.
func hillFile(t *testing.T, x float64) *terrain.Battlefield {
	t.Helper()
	hill := solid("hill", rectFP(0, 0, 10, 10), 2)
	hill.Level = 2
	wall := solid("wall", rectFP(14, 0, 14.5, 10), 1.5)
	tk := tank("tank", "", 20, 5, 2, 1, 1)
	tk.Facing = math.Pi
	tk.Side = "b"
	return mustBF(t, []terrain.Piece{hill, wall}, []terrain.Model{figure("spotter", x, 5, 0.8), tk})
}

// The file: its spotter at (5, 5) is 5 in back from the crest; the
// line to every point of the tank runs into the hill's crest (it passes
// back through the hill it stands on), so it does not see the tank,
// blocked near x = 8, not at its own feet as before. At the crest it sees
// the tank over the wall; at the hill's foot the wall hides it.
func TestSightFromHill(t *testing.T) {
	r, err := Sight(hillFile(t, 5), "spotter", "tank", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Visible || r.BlockedBy == nil || r.BlockedBy.ID != "hill" || r.BlockedBy.At.X < 8 || r.Eye.Z != 2.4 {
		t.Errorf("spotter 5 in from the crest: %s (eye %v, blocked by %+v), want hidden by the crest", r.Explain(), r.Eye, r.BlockedBy)
	}
	r, _ = Sight(hillFile(t, 9.5), "spotter", "tank", Options{})
	if !r.Visible {
		t.Errorf("spotter at the crest: %s, want it to see the tank over the 1.5 in wall", r.Explain())
	}
	r, _ = Sight(hillFile(t, 11), "spotter", "tank", Options{})
	if r.Visible || r.BlockedBy == nil || r.BlockedBy.ID != "wall" {
		t.Errorf("spotter at the hill's foot: %s, want hidden by the wall", r.Explain())
	}
	// The tank sees the spotter back exactly when the spotter sees it.
	for _, x := range []float64{5, 9.5, 11} {
		bf := hillFile(t, x)
		a, _ := Sight(bf, "spotter", "tank", Options{})
		b, _ := Sight(bf, "tank", "spotter", Options{})
		if x == 9.5 && (!a.Visible || !b.Visible) {
			t.Errorf("x = %v: spotter sees tank %v, tank sees spotter %v, want both", x, a.Visible, b.Visible)
		}
	}
	rg, _ := Range(hillFile(t, 5), "spotter", "tank", RangeCenter)
	if rg.Vertical != 1.9 || rg.FromPoint.Z != 2.4 {
		t.Errorf("Range = %+v, want the spotter's eye at 2.4 and 1.9 in vertical", rg)
	}
	rg, _ = Range(hillFile(t, 5), "tank", "spotter", RangeGround)
	if rg.ToPoint.Z != 2 {
		t.Errorf("Range ground to the spotter ends at z %v, want its ground 2", rg.ToPoint.Z)
	}
}

// Crest lines: on a plateau 2 in high (x 0..10), a spotter set back from
// the crest does not see a figure at the foot of the slope; at the crest
// it does.
func TestSightCrest(t *testing.T) {
	plateau := solid("plateau", rectFP(0, 0, 10, 20), 2)
	tests := []struct {
		x, tx float64
		want  bool
	}{
		{5, 12, false},  // set back: the crest hides the foot
		{9.6, 12, true}, // at the crest
		{5, 40, true},   // far off, the line clears the crest again: dead ground is near the foot
		{9.6, 40, true},
	}
	for _, tc := range tests {
		bf := mustBF(t, []terrain.Piece{plateau}, []terrain.Model{figure("s", tc.x, 10, 0.8), figure("t", tc.tx, 10, 0.8)})
		r, err := Sight(bf, "s", "t", Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Visible != tc.want {
			t.Errorf("spotter at x %v, target at x %v: %s, want visible %v", tc.x, tc.tx, r.Explain(), tc.want)
		}
		if !tc.want && (r.BlockedBy == nil || r.BlockedBy.ID != "plateau" || r.BlockedBy.T == 0) {
			t.Errorf("spotter at x %v: blocked by %+v, want the plateau's crest, not the spotter's feet", tc.x, r.BlockedBy)
		}
	}
}

// The ground a model stands on never blocks by touching it: a figure of
// height 0 has its eye on the hill's top face, a target of height 0 lies
// on its plateau's top; with GrazingBlocks neither contact blocks.
func TestSightOwnGroundGrazes(t *testing.T) {
	pieces := []terrain.Piece{solid("hill", rectFP(0, 0, 10, 20), 2), solid("mesa", rectFP(30, 0, 40, 20), 1)}
	models := []terrain.Model{figure("flat", 5, 10, 0), tank("tower", "", 20, 10, 1, 1, 3), figure("mat", 35, 10, 0)}
	models[2].Base = terrain.Base{Shape: terrain.BaseRect, Length: 2, Width: 2}
	bf := mustBF(t, pieces, models)
	for _, pair := range [][2]string{{"flat", "tower"}, {"tower", "mat"}} {
		r, err := Sight(bf, pair[0], pair[1], Options{GrazingBlocks: true})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Visible {
			t.Errorf("%s -> %s with GrazingBlocks: %s, want visible (own ground only touched)", pair[0], pair[1], r.Explain())
		}
	}
	// A sightline that really passes back through the hill still blocks.
	s := SightSegment(bf, geom.V3(5, 10, 2), geom.V3(20, 10, 0.5), Options{}, "flat")
	if s.Clear || s.Blocker.ID != "hill" {
		t.Errorf("downhill sightline: %s, want blocked by the hill", s.Explain())
	}
}

// A model on a roof (6 in) sees over a lower building (3 in) what a model
// on the ground in front of it does not.
func TestSightFromRoof(t *testing.T) {
	house := building("house", rectFP(20, 0, 24, 4), 6)
	house.Building = &terrain.BuildingInfo{Floors: 3, Roof: true}
	shed := building("shed", rectFP(28, 0, 32, 4), 3)
	bf := mustBF(t, []terrain.Piece{house, shed}, []terrain.Model{figure("roof", 23, 2, 1), figure("ground", 26, 2, 1), figure("t", 44, 2, 1)})
	if m, _ := bf.Model("roof"); m.Ground() != 6 || m.Stand().Kind != terrain.SurfaceRoof {
		t.Fatalf("roof model stands on %v", m.Stand())
	}
	if r, _ := Sight(bf, "roof", "t", Options{}); !r.Visible {
		t.Errorf("from the roof: %s, want visible over the shed", r.Explain())
	}
	if r, _ := Sight(bf, "ground", "t", Options{}); r.Visible {
		t.Errorf("from the ground: %s, want hidden by the shed", r.Explain())
	}
}

// garrisonScene: a three-storey house (x 20..24, y 10..14, 6 in, floors at
// 0, 2, 4) with windows on its south wall at 1, 3 and 5 in, a low wall
// (2 in) at y 6..6.5 in front and a target figure at (22, 2).
func garrisonScene(t *testing.T, floor int) *terrain.Battlefield {
	t.Helper()
	house := building("house", rectFP(20, 10, 24, 14), 6)
	house.Building = &terrain.BuildingInfo{Floors: 3, Walls: []terrain.Wall{{ID: "south", From: geom.Pt(20, 10), To: geom.Pt(24, 10),
		Windows: []geom.Vec3{geom.V3(22, 10, 1), geom.V3(22, 10, 3), geom.V3(22, 10, 5)}}}}
	g := figure("g", 22, 12, 1)
	g.Garrison = &terrain.GarrisonRef{Building: "house", Wall: "south", Floor: floor}
	return mustBF(t, []terrain.Piece{house, solid("low", rectFP(18, 6, 26, 6.5), 2)}, []terrain.Model{g, figure("t", 22, 2, 1)})
}

// A garrison on the third floor stands at 4 in, fires from the third
// floor's window and is targeted on the third floor's face of its wall.
func TestGarrisonThirdFloor(t *testing.T) {
	bf := garrisonScene(t, 3)
	g, _ := bf.Model("g")
	if g.Ground() != 4 || g.EyePoint().Z != 4.5 || g.Level != 3 {
		t.Errorf("third-floor garrison: ground %v eye %v level %d, want 4, 4.5, 3", g.Ground(), g.EyePoint(), g.Level)
	}
	w, err := BestWindow(bf, "g", "t", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !w.Found || w.Best.Index != 2 || len(w.Candidates) != 1 {
		t.Errorf("BestWindow = %s (%d candidates), want the third-floor window 2 only", w.Explain(), len(w.Candidates))
	}
	p, err := GarrisonTargetPoint(bf, "t", "g", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Found || p.Point.Z < 4 || p.Point.Z > 6 {
		t.Errorf("GarrisonTargetPoint = %s, want a point of the third floor's face (z in [4, 6])", p.Explain())
	}
	// Placed without a floor, the garrison may use any window (old files).
	w, _ = BestWindow(garrisonScene(t, 0), "g", "t", Options{})
	if len(w.Candidates) != 3 {
		t.Errorf("garrison without a floor: %d windows checked, want 3", len(w.Candidates))
	}
}

// A low wall (1.5 in) in front of a one-storey garrison's wall (3 in, no
// windows: sight height 1.5) hides its lower part; the part above is the
// target, the visible point nearest the sight height.
func TestGarrisonWallHalfHidden(t *testing.T) {
	house := building("house", rectFP(20, 10, 24, 14), 3)
	house.Building = &terrain.BuildingInfo{Floors: 1, Walls: []terrain.Wall{{ID: "south", From: geom.Pt(20, 10), To: geom.Pt(24, 10)}}}
	g := figure("g", 22, 12, 1)
	g.Garrison = &terrain.GarrisonRef{Building: "house", Wall: "south"}
	bf := mustBF(t, []terrain.Piece{house, solid("low", rectFP(10, 8, 34, 8.5), 1.5)}, []terrain.Model{g, figure("s", 22, 2, 1)})
	p, err := GarrisonTargetPoint(bf, "s", "g", Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The line from the eye (22, 2, 0.5) clears the low wall's near top
	// edge (y 8, z 1.5) for wall points above 0.5 + 1 * 8/6 = 1.8333.
	want := 0.5 + 8.0/6
	if !p.Found || math.Abs(p.Point.Z-want) > 1e-6 || math.Abs(p.Range-8) > 1e-9 {
		t.Errorf("GarrisonTargetPoint = %s, want (22, 10, %.4f) at 8 in", p.Explain(), want)
	}
	if s := SightSegment(bf, geom.V3(22, 2, 0.5), p.Point, Options{}, "s", "g"); !s.Clear {
		t.Errorf("the point found is not seen: %s", s.Explain())
	}
}

// Raising a model's ground never hides it from a point that saw it, when
// nothing else changes and no terrain lies above it: pieces are closed
// downwards (footprint × (-∞, top]), so the segment to each point of the
// raised volume lies above the segment to the point before. Models are
// left out (IgnoreModels): one standing on a hill has a bottom face.
func TestRaisingGroundKeepsSight(t *testing.T) {
	checked := 0
	for seed := int64(1); seed <= 2; seed++ {
		tab, pieces, models := terrain.Generate(seed, terrain.DefaultGenerate())
		bf, err := terrain.New(tab, pieces, models)
		if err != nil {
			t.Fatal(err)
		}
		for ti := range models {
			m := &bf.Models()[ti]
			if m.Airborne() || m.Garrison != nil || m.Elevated() || overlapsPiece(bf, m) {
				continue
			}
			for _, e := range []float64{0.5, 2, 5} {
				raised := append([]terrain.Model(nil), models...)
				raised[ti].Elevation = &e
				bf2, err := terrain.New(tab, pieces, raised)
				if err != nil {
					t.Fatal(err)
				}
				for si := range models {
					if si == ti || bf.Models()[si].Garrison != nil {
						continue
					}
					eye := bf.Models()[si].EyePoint()
					opt := Options{IgnoreModels: true}
					before, _ := SightFrom(bf, eye, m.ID, opt)
					if !before.Visible || before.Method == MethodEyeInside {
						continue
					}
					checked++
					w := before.Witness.B
					if s := SightSegment(bf2, eye, geom.V3(w.X, w.Y, w.Z+e), opt, m.ID); !s.Clear {
						t.Fatalf("seed %d: %s raised %v: the raised witness is hidden: %s", seed, m.ID, e, s.Explain())
					}
					if after, _ := SightFrom(bf2, eye, m.ID, opt); !after.Visible {
						t.Fatalf("seed %d: %s raised %v is hidden from %v: %s (before: %s)", seed, m.ID, e, eye, after.Explain(), before.Explain())
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// overlapsPiece reports whether a piece's plan box meets the model's.
func overlapsPiece(bf *terrain.Battlefield, m *terrain.Model) bool {
	lo, hi := m.VolumeBound()
	hit := false
	bf.VisitRect(geom.RectFromPoints(geom.Flat(lo), geom.Flat(hi)), func(it terrain.Item) bool {
		hit = it.Kind == terrain.ItemPiece
		return !hit
	})
	return hit
}
