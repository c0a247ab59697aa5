package terrain

import (
	"math"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

func nearRect(r geom.Rect, xlo, ylo, xhi, yhi float64) bool {
	return near(r.X.Lo, xlo) && near(r.Y.Lo, ylo) && near(r.X.Hi, xhi) && near(r.Y.Hi, yhi)
}

func TestModelShapes(t *testing.T) {
	tests := []struct {
		name string
		m    Model
		// want: base bound, footprint bound, eye point, volume bound lo/hi
		base, foot [4]float64
		eye        geom.Vec3
		lo, hi     geom.Vec3
		hasHull    bool
	}{
		{
			// circle diameter 1 at (5,5): bound 4.5..5.5; no hull plan:
			// footprint = base; height 0.9, eye at 0.45.
			name: "infantry",
			m:    Model{Position: geom.Pt(5, 5), Base: Base{Shape: BaseCircle, Diameter: 1}, Hull: Hull{Height: 0.9}},
			base: [4]float64{4.5, 4.5, 5.5, 5.5}, foot: [4]float64{4.5, 4.5, 5.5, 5.5},
			eye: geom.V3(5, 5, 0.45), lo: geom.V3(4.5, 4.5, 0), hi: geom.V3(5.5, 5.5, 0.9),
		},
		{
			// hull 2 x 1 facing 90°: length runs along y: x 9.5..10.5, y 9..11.
			name: "tank facing up",
			m:    Model{Position: geom.Pt(10, 10), Facing: 90 * s1.Degree, Hull: Hull{Length: 2, Width: 1, Height: 0.8}},
			base: [4]float64{10, 10, 10, 10}, foot: [4]float64{9.5, 9, 10.5, 11},
			eye: geom.V3(10, 10, 0.4), lo: geom.V3(9.5, 9, 0), hi: geom.V3(10.5, 11, 0.8), hasHull: true,
		},
		{
			// oval 3 x 1 facing 0: semi-axes 1.5 along x, 0.5 along y.
			name: "oval base",
			m:    Model{Position: geom.Pt(3, 3), Base: Base{Shape: BaseOval, Length: 3, Width: 1}, Hull: Hull{Height: 1}},
			base: [4]float64{1.5, 2.5, 4.5, 3.5}, foot: [4]float64{1.5, 2.5, 4.5, 3.5},
			eye: geom.V3(3, 3, 0.5), lo: geom.V3(1.5, 2.5, 0), hi: geom.V3(4.5, 3.5, 1),
		},
		{
			// rect base 2 x 2 facing 45°: half-diagonal sqrt(2) along the axes.
			// Aircraft at altitude 6: eye and volume are the point (0+, 6).
			name: "aircraft",
			m: Model{Position: geom.Pt(20, 20), Facing: 45 * s1.Degree, Base: Base{Shape: BaseRect, Length: 2, Width: 2},
				Hull: Hull{Length: 0, Width: 0, Height: 0.5}, Altitude: 6},
			base: [4]float64{20 - math.Sqrt2, 20 - math.Sqrt2, 20 + math.Sqrt2, 20 + math.Sqrt2},
			foot: [4]float64{20 - math.Sqrt2, 20 - math.Sqrt2, 20 + math.Sqrt2, 20 + math.Sqrt2},
			eye:  geom.V3(20, 20, 6), lo: geom.V3(20, 20, 6), hi: geom.V3(20, 20, 6),
		},
	}
	for _, tc := range tests {
		m := tc.m
		if b := m.BaseShape().Bound(); !nearRect(b, tc.base[0], tc.base[1], tc.base[2], tc.base[3]) {
			t.Errorf("%s: BaseShape().Bound() = %v, want %v", tc.name, b, tc.base)
		}
		if b := m.Footprint().Bound(); !nearRect(b, tc.foot[0], tc.foot[1], tc.foot[2], tc.foot[3]) {
			t.Errorf("%s: Footprint().Bound() = %v, want %v", tc.name, b, tc.foot)
		}
		if _, ok := m.HullRect(); ok != tc.hasHull {
			t.Errorf("%s: HullRect() ok = %v, want %v", tc.name, ok, tc.hasHull)
		}
		if e := m.EyePoint(); !near(e.X, tc.eye.X) || !near(e.Y, tc.eye.Y) || !near(e.Z, tc.eye.Z) {
			t.Errorf("%s: EyePoint() = %v, want %v", tc.name, e, tc.eye)
		}
		lo, hi := m.VolumeBound()
		if lo.Sub(tc.lo).Norm() > 1e-12 || hi.Sub(tc.hi).Norm() > 1e-12 {
			t.Errorf("%s: VolumeBound() = %v, %v, want %v, %v", tc.name, lo, hi, tc.lo, tc.hi)
		}
		if h := m.Height(); h != m.Hull.Height {
			t.Errorf("%s: Height() = %v, want %v", tc.name, h, m.Hull.Height)
		}
	}
}

func TestFigureShapes(t *testing.T) {
	m := Model{Position: geom.Pt(5, 5), Base: Base{Shape: BaseCircle, Diameter: 1}}
	if s := m.FigureShapes(); len(s) != 1 || s[0] != (geom.Circle{Center: geom.Pt(5, 5), Radius: 0.5}) {
		t.Errorf("FigureShapes() without figures = %v, want the model's base", s)
	}
	m.Figures = []geom.Point{{X: 1, Y: 2}, {X: 3, Y: 4}}
	s := m.FigureShapes()
	want := []geom.Convex{geom.Circle{Center: geom.Pt(1, 2), Radius: 0.5}, geom.Circle{Center: geom.Pt(3, 4), Radius: 0.5}}
	if len(s) != 2 || s[0] != want[0] || s[1] != want[1] {
		t.Errorf("FigureShapes() = %v, want %v", s, want)
	}
	// No base: zero-radius circles at the figures.
	m.Base = Base{}
	if s := m.FigureShapes(); s[1] != (geom.Circle{Center: geom.Pt(3, 4)}) {
		t.Errorf("FigureShapes() without base = %v", s)
	}
	// Index box covers all figures: x 0.5..5.5 (figure at x=1 minus 0.5
	// radius, the base at x=5 plus 0.5), y 1.5..5.5.
	m.Base = Base{Shape: BaseCircle, Diameter: 1}
	b := m.indexBox()
	if b.lo != [3]float64{0.5, 1.5, 0} || b.hi != [3]float64{5.5, 5.5, 0} {
		t.Errorf("indexBox() = %v, want [0.5 1.5 0]..[5.5 5.5 0]", b)
	}
}
