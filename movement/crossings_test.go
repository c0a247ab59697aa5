package movement

import (
	"fmt"
	"testing"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func TestPathLengthAndPointAlong(t *testing.T) {
	path := []geom.Point{geom.Pt(0, 0), geom.Pt(3, 4), geom.Pt(3, 4), geom.Pt(3, 10)}
	if got := PathLength(path); !near(got, 11, 1e-12) {
		t.Errorf("PathLength(%v) = %v, want 11", path, got)
	}
	if got := PathLength(path[:1]); got != 0 {
		t.Errorf("PathLength(one point) = %v, want 0", got)
	}
	for _, c := range []struct {
		d    float64
		want geom.Point
	}{
		{-1, geom.Pt(0, 0)}, {0, geom.Pt(0, 0)}, {2.5, geom.Pt(1.5, 2)}, {5, geom.Pt(3, 4)}, {8, geom.Pt(3, 7)}, {11, geom.Pt(3, 10)}, {20, geom.Pt(3, 10)},
	} {
		if got := PointAlong(path, c.d); !near(got.X, c.want.X, 1e-12) || !near(got.Y, c.want.Y, 1e-12) {
			t.Errorf("PointAlong(path, %v) = %v, want %v", c.d, got, c.want)
		}
	}
}

func TestCrossings(t *testing.T) {
	// a wood [10,20]x[0,10], a wall [30,32]x[0,10] and an overlapping wood
	// [15,25]x[0,10]; paths along y = 5 unless said otherwise
	bf := field(t, []terrain.Piece{
		wood("w1", box(10, 0, 20, 10)), wall("rock", box(30, 0, 32, 10)), wood("w2", box(15, 0, 25, 10)),
	}, nil)
	type want struct {
		id        string
		stretches []r1.Interval
		inside    float64
		enters    bool
	}
	for _, c := range []struct {
		name string
		path []geom.Point
		keep func(*terrain.Piece) bool
		want []want
	}{
		{"straight through all", []geom.Point{geom.Pt(0, 5), geom.Pt(40, 5)}, nil, []want{
			{"w1", []r1.Interval{{Lo: 10, Hi: 20}}, 10, true},
			{"rock", []r1.Interval{{Lo: 30, Hi: 32}}, 2, true},
			{"w2", []r1.Interval{{Lo: 15, Hi: 25}}, 10, true},
		}},
		{"only walls kept", []geom.Point{geom.Pt(0, 5), geom.Pt(40, 5)}, func(p *terrain.Piece) bool { return p.Kind == terrain.Solid }, []want{
			{"rock", []r1.Interval{{Lo: 30, Hi: 32}}, 2, true},
		}},
		{"stretches meeting at a waypoint merge", []geom.Point{geom.Pt(5, 5), geom.Pt(12, 5), geom.Pt(12, 8)}, nil, []want{
			{"w1", []r1.Interval{{Lo: 5, Hi: 10}}, 5, true},
		}},
		{"in, out and in again", []geom.Point{geom.Pt(12, 5), geom.Pt(12, 12), geom.Pt(14, 12), geom.Pt(14, 5)}, func(p *terrain.Piece) bool { return p.ID == "w1" }, []want{
			{"w1", []r1.Interval{{Lo: 0, Hi: 5}, {Lo: 11, Hi: 16}}, 10, true},
		}},
		{"along an edge: a stretch, nothing inside", []geom.Point{geom.Pt(10, 0), geom.Pt(10, 10)}, func(p *terrain.Piece) bool { return p.ID == "w1" }, []want{
			{"w1", []r1.Interval{{Lo: 0, Hi: 10}}, 0, false},
		}},
		{"touching a corner", []geom.Point{geom.Pt(25, 5), geom.Pt(35, 15)}, func(p *terrain.Piece) bool { return p.ID == "rock" }, []want{
			{"rock", []r1.Interval{{Lo: 7.0710678118654755, Hi: 7.0710678118654755}}, 0, false},
		}},
		{"far from every piece", []geom.Point{geom.Pt(0, 20), geom.Pt(40, 20)}, nil, nil},
		{"ending on the boundary from outside", []geom.Point{geom.Pt(35, 5), geom.Pt(32, 5)}, nil, []want{
			{"rock", []r1.Interval{{Lo: 3, Hi: 3}}, 0, false},
		}},
		{"a single point", []geom.Point{geom.Pt(12, 5)}, nil, nil},
	} {
		got := Crossings(bf, c.path, c.keep)
		if len(got) != len(c.want) {
			t.Errorf("%s: Crossings = %+v, want %d crossings", c.name, got, len(c.want))
			continue
		}
		for k, w := range c.want {
			g := got[k]
			ok := g.ID == w.id && g.Enters == w.enters && near(g.Inside, w.inside, 1e-9) && len(g.Stretches) == len(w.stretches) && bf.Pieces()[g.Piece].ID == g.ID
			for i := 0; ok && i < len(w.stretches); i++ {
				ok = near(g.Stretches[i].Lo, w.stretches[i].Lo, 1e-9) && near(g.Stretches[i].Hi, w.stretches[i].Hi, 1e-9)
			}
			if !ok {
				t.Errorf("%s: crossing %d = %+v, want %+v", c.name, k, g, w)
			}
		}
	}
}

func TestLengthInside(t *testing.T) {
	bf := field(t, []terrain.Piece{
		wood("w1", box(10, 0, 20, 10)), wood("w2", box(15, 0, 25, 10)), wall("rock", box(30, 0, 32, 10)),
	}, nil)
	woods := func(p *terrain.Piece) bool { return p.Kind == terrain.Area }
	for _, c := range []struct {
		path []geom.Point
		keep func(*terrain.Piece) bool
		want float64
	}{
		{[]geom.Point{geom.Pt(0, 5), geom.Pt(40, 5)}, woods, 15},                       // the overlap counts once
		{[]geom.Point{geom.Pt(0, 5), geom.Pt(40, 5)}, nil, 17},                         // with the wall
		{[]geom.Point{geom.Pt(10, 0), geom.Pt(10, 10), geom.Pt(20, 10)}, woods, 0},     // along edges only
		{[]geom.Point{geom.Pt(12, 12), geom.Pt(12, 2), geom.Pt(28, 2)}, woods, 8 + 13}, // down into w1, then east through both from x = 12
		{[]geom.Point{geom.Pt(0, 20), geom.Pt(40, 20)}, nil, 0},
	} {
		if got := LengthInside(bf, c.path, c.keep); !near(got, c.want, 1e-9) {
			t.Errorf("LengthInside(%v) = %v, want %v", c.path, got, c.want)
		}
	}
}

// ExampleCrossings measures how a path crosses a wood: where it is inside
// and how much of it runs through the interior.
func ExampleCrossings() {
	w := terrain.Piece{ID: "wood", Kind: terrain.Area, Footprint: geom.PolygonFromPoints(geom.Pt(10, 0), geom.Pt(20, 0), geom.Pt(20, 10), geom.Pt(10, 10)),
		Sight: terrain.SightConcealing, Cover: terrain.CoverSoft, Movement: terrain.MovementRule{Default: terrain.Difficult}, Level: 1}
	bf, _ := terrain.New(terrain.Table{Width: 48, Depth: 48}, []terrain.Piece{w}, nil)
	for _, x := range Crossings(bf, []geom.Point{geom.Pt(5, 5), geom.Pt(14, 5), geom.Pt(14, 20)}, nil) {
		fmt.Printf("%s: %v inside, enters %v, stretches %v\n", x.ID, x.Inside, x.Enters, x.Stretches)
	}
	// Output: wood: 9 inside, enters true, stretches [[5.0000000, 14.0000000]]
}
