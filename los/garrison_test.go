package los

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// msHouse is a 3 in tall building on fp with one wall.
func msHouse(id string, fp geom.Polygon, w terrain.Wall) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Building, Footprint: fp, Height: 3, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1,
		Building: &terrain.BuildingInfo{Floors: 1, Walls: []terrain.Wall{w}}}
}

func TestBestWindow(t *testing.T) {
	south := terrain.Wall{ID: "south", From: geom.Pt(10, 10), To: geom.Pt(14, 10),
		Windows: []geom.Vec3{geom.V3(11, 10, 2), geom.V3(13, 10, 2)}}
	house := msHouse("house", msRect(10, 10, 14, 14), south)
	rifle := msInf("rifle", geom.Pt(12, 12), 1)
	rifle.Hull.Height = 1
	rifle.Garrison = &terrain.GarrisonRef{Building: "house", Wall: "south"}
	target := msInf("target", geom.Pt(11, 4), 1)
	target.Hull.Height = 1
	models := []terrain.Model{rifle, target}

	// Open ground: window 0 at (11,10) is 6 from (11,4); window 1 is sqrt(4+36).
	bf := msBF(t, []terrain.Piece{house}, models)
	r, err := BestWindow(bf, "rifle", "target", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Found || r.Best.Index != 0 || !msNear(r.Best.Range, 6) || len(r.Candidates) != 2 || !msNear(r.Candidates[1].Range, math.Sqrt(40)) {
		t.Errorf("BestWindow open = %+v, want window 0 at 6", r)
	}
	// A 5 in wall [10.5,11.5] x [6,6.2] hides the target from window 0
	// (every line from (11,10) to the base crosses it at x in [10.675, 11.325])
	// but not from window 1 (its line to the centre passes x = 11.7).
	bf = msBF(t, []terrain.Piece{house, msSolid("wall", msRect(10.5, 6, 11.5, 6.2), 5)}, models)
	r, err = BestWindow(bf, "rifle", "target", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Found || r.Best.Index != 1 || r.Candidates[0].Visible || r.Candidates[0].BlockedBy != "wall" {
		t.Errorf("BestWindow blocked = %+v, want window 1, window 0 blocked by wall", r)
	}
	if _, err := BestWindow(bf, "target", "rifle", Options{}); err == nil {
		t.Errorf("BestWindow from a model not in a building: no error")
	}
}

func TestGarrisonTargetPoint(t *testing.T) {
	// Wall (0,0)-(4,0) (the house's north side), shooter at (6,3).
	north := terrain.Wall{ID: "north", From: geom.Pt(4, 0), To: geom.Pt(0, 0), Windows: []geom.Vec3{geom.V3(2, 0, 1)}}
	// The table starts at 0, so shift everything by (10,10).
	shift := geom.Pt(10, 10)
	north.From, north.To = north.From.Add(shift), north.To.Add(shift)
	north.Windows[0] = geom.V3(12, 10, 1)
	house := msHouse("house", msRect(10, 6, 14, 10), north)
	rifle := msInf("rifle", geom.Pt(12, 8), 1)
	rifle.Garrison = &terrain.GarrisonRef{Building: "house", Wall: "north"}
	shooter := msInf("shooter", geom.Pt(16, 13), 1)
	shooter.Hull.Height = 1
	bf := msBF(t, []terrain.Piece{house}, []terrain.Model{rifle, shooter})
	r, err := GarrisonTargetPoint(bf, "shooter", "rifle", Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Nearest point (14,10): sqrt(2^2 + 3^2) = 3.606.
	if !r.Found || !msNear(r.Range, math.Sqrt(13)) || !msNear(r.Point.X, 14) || r.Point.Z != 1 {
		t.Errorf("GarrisonTargetPoint = %+v, want (14,10,1) at sqrt(13)", r)
	}
	// A 5 in block [14.5,15.5] x [11,11.5] hides wall x in [13,14] (relative
	// [3,4]): rays from (16,13) cross y = 11.5 at x = 16 + (x-16)/2.
	bf = msBF(t, []terrain.Piece{house, msSolid("block", msRect(14.5, 11, 15.5, 11.5), 5)}, []terrain.Model{rifle, shooter})
	r, err = GarrisonTargetPoint(bf, "shooter", "rifle", Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Nearest visible point (13,10): sqrt(9+9) = 4.243.
	if !r.Found || math.Abs(r.Point.X-13) > 1e-8 || math.Abs(r.Range-math.Sqrt(18)) > 1e-8 {
		t.Errorf("GarrisonTargetPoint blocked = %+v, want (13,10) at sqrt(18)", r)
	}
}

func TestInDeclaredView(t *testing.T) {
	// Block [0,4] x [0,3]; edges 0 south, 1 east, 2 north, 3 west.
	block := msRect(0, 0, 4, 3)
	for _, c := range []struct {
		p          geom.Point
		half, exit bool
	}{
		{geom.Pt(2, -8), true, true},
		{geom.Pt(12, 1.5), false, false},
		// Beyond the west line, but the centroid line leaves through the north edge.
		{geom.Pt(-5, 8), true, false},
		{geom.Pt(2, 1), false, false}, // inside the block
	} {
		h, err := InDeclaredView(block, []int{0, 3}, c.p, ViewHalfPlanes)
		if err != nil {
			t.Fatal(err)
		}
		e, _ := InDeclaredView(block, []int{0, 3}, c.p, ViewExit)
		if h.InView != c.half || e.InView != c.exit {
			t.Errorf("InDeclaredView(%v) = %v/%v, want %v/%v", c.p, h.InView, e.InView, c.half, c.exit)
		}
	}
	// How many edges may be declared is a game's rule: three are accepted.
	if r, err := InDeclaredView(block, []int{0, 1, 2}, geom.Pt(12, 1.5), ViewHalfPlanes); err != nil || !r.InView {
		t.Errorf("three edges, point east = %+v, %v; want in view", r, err)
	}
	if r, _ := InDeclaredView(block, nil, geom.Pt(2, -8), ViewHalfPlanes); r.InView {
		t.Errorf("dug in unit sees out")
	}
	// By wall id on a building piece.
	bf := msBF(t, []terrain.Piece{msHouse("blk", msRect(10, 10, 14, 13), terrain.Wall{ID: "s", From: geom.Pt(10, 10), To: geom.Pt(14, 10)})}, nil)
	if r, err := InDeclaredWallView(bf, "blk", []string{"s"}, geom.Pt(12, 2), ViewHalfPlanes); err != nil || !r.InView {
		t.Errorf("InDeclaredWallView south = %+v, %v; want in view", r, err)
	}
	if r, _ := InDeclaredWallView(bf, "blk", []string{"s"}, geom.Pt(12, 20), ViewHalfPlanes); r.InView {
		t.Errorf("InDeclaredWallView north point in view")
	}
}
