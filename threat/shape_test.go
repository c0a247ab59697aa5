package threat

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func rectPiece(id string, kind terrain.Kind, x0, y0, x1, y1, h float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: kind, Height: h, Level: 1, Sight: terrain.SightBlocking, Cover: terrain.CoverHard,
		Movement:  terrain.MovementRule{Default: terrain.Impassable},
		Footprint: geom.Polygon{Outer: []geom.Point{geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1)}}}
}

func figure(id, side string, x, y, d float64) terrain.Model {
	return terrain.Model{ID: id, Side: side, Class: terrain.Infantry, Position: geom.Pt(x, y), Level: 1,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: d}, Hull: terrain.Hull{Height: 0.5}}
}

// crosses reports whether the segment a-b meets the closed rectangle.
func crosses(a, b geom.Point, x0, y0, x1, y1 float64) bool {
	t0, t1 := 0.0, 1.0
	for _, ax := range [2][3]float64{{a.X, b.X - a.X, 0}, {a.Y, b.Y - a.Y, 1}} {
		lo, hi := x0, x1
		if ax[2] == 1 {
			lo, hi = y0, y1
		}
		if ax[1] == 0 {
			if ax[0] < lo || ax[0] > hi {
				return false
			}
			continue
		}
		ta, tb := (lo-ax[0])/ax[1], (hi-ax[0])/ax[1]
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = max(t0, ta), min(t1, tb)
	}
	return t0 <= t1
}

// TestWallShadow: one wall of unbounded height (a flat blocking marker),
// one observer; a cell is seen exactly when the sightline to its centre
// misses the wall, the geometry chosen so that no cell is within the
// target's radius of the shadow's edge (checked).
func TestWallShadow(t *testing.T) {
	const wx0, wy0, wx1, wy1 = 4, 4.2, 5, 6.2
	wall := rectPiece("wall", terrain.Solid, wx0, wy0, wx1, wy1, 0)
	eye := geom.Pt(1.3, 5.15)
	bf, err := terrain.New(terrain.Table{Width: 10, Depth: 10}, []terrain.Piece{wall},
		[]terrain.Model{figure("obs", "a", eye.X, eye.Y, 0.4), figure("tgt", "b", 8, 8, 0.1)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Compute(context.Background(), bf, *mustModel(t, bf, "tgt"), []string{"obs"}, Options{Resolution: 1})
	if err != nil {
		t.Fatal(err)
	}
	shadow := 0
	for j := range m.NY {
		for i := range m.NX {
			c, p := m.Cells[j*m.NX+i], m.Centre(i, j)
			if !c.Standable {
				continue
			}
			hits := 0
			for _, d := range []geom.Point{{X: 0.06}, {X: -0.06}, {Y: 0.06}, {Y: -0.06}} {
				if crosses(eye, geom.Pt(p.X+d.X, p.Y+d.Y), wx0, wy0, wx1, wy1) {
					hits++
				}
			}
			if hits != 0 && hits != 4 {
				t.Fatalf("cell (%d, %d) lies on the shadow's edge: move the wall", i, j)
			}
			want := 1
			if hits == 4 {
				want = 0
				shadow++
			}
			if c.Seen != want || c.Centre != want || (c.MaxFraction == 1) != (want == 1) {
				t.Errorf("cell (%d, %d) at %v = %+v, want seen = centre = %d", i, j, p, c, want)
			}
		}
	}
	if shadow < 5 {
		t.Errorf("only %d cells in the shadow", shadow)
	}
	for _, k := range [][2]int{{4, 4}, {4, 5}} {
		if c := m.Cells[k[1]*m.NX+k[0]]; c.Standable || c.Reason != ReasonTerrain {
			t.Errorf("cell %v on the wall = %+v, want not standable (terrain)", k, c)
		}
	}
}

func mustModel(t *testing.T, bf *terrain.Battlefield, id string) *terrain.Model {
	t.Helper()
	m, ok := bf.Model(id)
	if !ok {
		t.Fatalf("no model %q", id)
	}
	return m
}

// TestAddingOccluderNeverRaises: smoke (which does not change the ground)
// added anywhere never raises a standable cell's counts or fraction.
func TestAddingOccluderNeverRaises(t *testing.T) {
	bf, model, obs := refSetup(t, 3)
	opt := Options{Resolution: 3, Range: 20}
	before, err := Compute(context.Background(), bf, model, obs, opt)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := append([]terrain.Piece(nil), bf.Pieces()...)
	for k := range 3 {
		c := geom.Circle{Center: geom.Pt(6+36*rng.Float64(), 6+36*rng.Float64()), Radius: 1 + 2*rng.Float64()}
		pieces = append(pieces, terrain.Piece{ID: "smoke-new-" + string(rune('a'+k)), Kind: terrain.Smoke, Circle: &c,
			Sight: terrain.SightBlocking, Cover: terrain.CoverNone, Level: 1, Movement: terrain.MovementRule{Default: terrain.Open}})
	}
	bf2, err := terrain.New(bf.Table(), pieces, bf.Models())
	if err != nil {
		t.Fatal(err)
	}
	after, err := Compute(context.Background(), bf2, model, obs, opt)
	if err != nil {
		t.Fatal(err)
	}
	lowered := 0
	for k := range before.Cells {
		a, b := before.Cells[k], after.Cells[k]
		if !a.Standable || !b.Standable {
			continue
		}
		if b.Seen > a.Seen || b.Centre > a.Centre || b.MaxFraction > a.MaxFraction+1e-12 || b.InRange != a.InRange {
			t.Errorf("cell %d: %+v with the smoke, %+v without", k, b, a)
		}
		if b.Seen < a.Seen {
			lowered++
		}
	}
	if lowered == 0 {
		t.Error("the smoke hid nothing: the test proves nothing")
	}
}

// TestRigidMotionPermutesCells turns the whole table by a half turn about
// its centre: cell (i, j) becomes cell (NX-1-i, NY-1-j) with the same
// values.
func TestRigidMotionPermutesCells(t *testing.T) {
	const w, d = 12.0, 10.0
	turn := func(p geom.Point) geom.Point { return geom.Pt(w-p.X, d-p.Y) }
	build := func(rot bool) (*terrain.Battlefield, error) {
		pieces := []terrain.Piece{rectPiece("block", terrain.Solid, 5, 3, 6, 7, 2), rectPiece("low", terrain.Solid, 8, 1, 9, 2, 0.3)}
		models := []terrain.Model{figure("o1", "a", 1.5, 5, 1), figure("o2", "a", 10, 8.5, 1), figure("t", "b", 3, 3, 1)}
		if !rot {
			return terrain.New(terrain.Table{Width: w, Depth: d}, pieces, models)
		}
		for k := range pieces {
			for v := range pieces[k].Footprint.Outer {
				pieces[k].Footprint.Outer[v] = turn(pieces[k].Footprint.Outer[v])
			}
		}
		for k := range models {
			models[k].Position = turn(models[k].Position)
			models[k].Facing += math.Pi
		}
		return terrain.New(terrain.Table{Width: w, Depth: d}, pieces, models)
	}
	opt := Options{Resolution: 0.5, Range: 6}
	var maps [2]*Map
	for k, rot := range []bool{false, true} {
		bf, err := build(rot)
		if err != nil {
			t.Fatal(err)
		}
		if maps[k], err = Compute(context.Background(), bf, *mustModel(t, bf, "t"), []string{"o1", "o2"}, opt); err != nil {
			t.Fatal(err)
		}
	}
	a, b := maps[0], maps[1]
	for j := range a.NY {
		for i := range a.NX {
			x, y := a.Cells[j*a.NX+i], b.Cells[(a.NY-1-j)*a.NX+(a.NX-1-i)]
			if math.Abs(x.MaxFraction-y.MaxFraction) < 1e-9 {
				y.MaxFraction = x.MaxFraction
			}
			if x != y {
				t.Errorf("cell (%d, %d) = %+v, turned %+v", i, j, x, y)
			}
		}
	}
}
