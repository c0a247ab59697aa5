package geom

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// checkOffset verifies the conservative-offset contract differentially:
// every result vertex lies between r and r+tol from the input, and sample
// points nearer than r to the input lie in the result.
func checkOffset(t *testing.T, name string, in, out Polygon, r, tol float64) {
	t.Helper()
	for _, ring := range append([]Ring{out.Outer}, out.Holes...) {
		for _, v := range ring {
			d, _ := DistPointPolygon(v, in)
			if d < r-1e-9 || d > r+tol+1e-9 {
				t.Errorf("%s: result vertex %v at distance %v, want in [%v, %v]", name, v, d, r, r+tol)
			}
		}
	}
	b := in.Bound()
	rng := rand.New(rand.NewPCG(7, 8))
	for range 3000 {
		p := Pt(b.X.Lo-r-1+rng.Float64()*(b.X.Length()+2*r+2), b.Y.Lo-r-1+rng.Float64()*(b.Y.Length()+2*r+2))
		d, _ := DistPointPolygon(p, in)
		if d < r && out.Locate(p) == Outside {
			t.Errorf("%s: %v at distance %v < r is outside the offset", name, p, d)
			return
		}
	}
}

func TestOffsetSquare(t *testing.T) {
	const s, r, tol = 2.0, 1.0, 1e-3
	got, err := Offset(square(0, 0, s), r, tol)
	if err != nil {
		t.Fatal(err)
	}
	// true area s^2 + 4 s r + pi r^2 = 4 + 8 + pi; the circumscribed arcs add
	// at most the ring of width tol around the quarter arcs: 2 pi r tol.
	want := s*s + 4*s*r + math.Pi*r*r
	if a := got.Area(); a < want || a > want+2*math.Pi*r*tol*1.01 {
		t.Errorf("Offset(square).Area() = %v, want %v (+<= %v)", a, want, 2*math.Pi*r*tol)
	}
	if len(got.Holes) != 0 || !got.Outer.IsCCW() {
		t.Errorf("Offset(square) = %v, want one CCW ring", got)
	}
	checkOffset(t, "square", square(0, 0, s), got, r, tol)
}

func TestOffsetLShape(t *testing.T) {
	// L: 6x2 bar plus 2x6 bar; area 6*2 + 2*4 = 20, perimeter 24.
	l := Polygon{Outer: Ring{Pt(0, 0), Pt(6, 0), Pt(6, 2), Pt(2, 2), Pt(2, 6), Pt(0, 6)}}
	const r, tol = 0.5, 1e-3
	got, err := Offset(l, r, tol)
	if noOverlay(t, err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	// Edge strips give perimeter·r = 12. The five convex corners turn by
	// 2pi + pi/2 in total (the reflex corner turns back by pi/2), so their
	// arcs add (5pi/4)·r². At the reflex corner the two strips overlap in an
	// r×r square counted twice: 20 + 12 + 5pi/16 - 0.25. The circumscribed
	// arcs add at most arc length × tol = (5pi/2)·r·tol.
	want := 20 + 24*r + 1.25*math.Pi*r*r - r*r
	if a := got.Area(); a < want-1e-9 || a > want+2.5*math.Pi*r*tol {
		t.Errorf("Offset(L).Area() = %v, want %v", a, want)
	}
	checkOffset(t, "L", l, got, r, tol)
}

func TestOffsetHole(t *testing.T) {
	donut := Polygon{Outer: square(0, 0, 10).Outer, Holes: []Ring{{Pt(3, 3), Pt(3, 7), Pt(7, 7), Pt(7, 3)}}}
	got, err := Offset(donut, 1, 1e-3)
	if noOverlay(t, err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	// The 4x4 hole shrinks to a 2x2 square (its corners are reflex: sharp).
	if len(got.Holes) != 1 || !near(got.Holes[0].Area(), 4, 1e-9) {
		t.Errorf("hole = %v, want one 2x2 hole", got.Holes)
	}
	checkOffset(t, "donut", donut, got, 1, 1e-3)
	got, err = Offset(donut, 2.5, 1e-3) // hole vanishes
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Holes) != 0 {
		t.Errorf("hole should vanish, got %v", got.Holes)
	}
}

func TestOffsetErrors(t *testing.T) {
	sq := square(0, 0, 1)
	tests := []struct {
		name   string
		p      Polygon
		r, tol float64
	}{
		{"negative r", sq, -1, 0.1},
		{"NaN r", sq, math.NaN(), 0.1},
		{"Inf r", sq, math.Inf(1), 0.1},
		{"zero tol", sq, 1, 0},
		{"NaN tol", sq, 1, math.NaN()},
		{"invalid polygon", Polygon{Outer: Ring{Pt(0, 0), Pt(1, 1)}}, 1, 0.1},
		{"bow tie", Polygon{Outer: Ring{Pt(0, 0), Pt(1, 1), Pt(1, 0), Pt(0, 1)}}, 1, 0.1},
	}
	for _, tc := range tests {
		if _, err := Offset(tc.p, tc.r, tc.tol); !errors.Is(err, ErrOffset) {
			t.Errorf("%s: Offset error = %v, want ErrOffset", tc.name, err)
		}
	}
	if got, err := Offset(sq, 0, 0); err != nil || got.Area() != 1 {
		t.Errorf("Offset(r=0) = %v, %v", got, err)
	}
}

// noOverlay reports whether err is the documented answer of a build
// without the general overlay (tag sightline_nooverlay) for a polygon that
// needs it, and logs so; the caller then has nothing more to check. In a
// build with the overlay it is always false.
func noOverlay(t *testing.T, err error) bool {
	t.Helper()
	if overlayBuilt || !errors.Is(err, ErrNoOverlay) {
		return false
	}
	t.Logf("no overlay in this build: %v", err)
	return true
}
