package geom

import (
	"math"
	"math/rand"
	"slices"
	"testing"
)

// TestSortPoints compares sortHullOrder (run merging) with the general sort on
// lists made of monotone runs, with repeats, and on random ones.
func TestSortPoints(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for k := range 3000 {
		n := 1 + rng.Intn(150)
		pts := make([]Point, n)
		for i := range pts {
			// Few distinct values, so repeats and ties in X are common.
			pts[i] = Pt(float64(rng.Intn(20)), float64(rng.Intn(5)))
		}
		if k%3 != 0 { // a few runs: sorted stretches, some reversed
			for i := 0; i < n; {
				j := min(n, i+1+rng.Intn(60))
				sortGeneral(pts[i:j])
				if rng.Intn(2) == 0 {
					slices.Reverse(pts[i:j])
				}
				i = j
			}
		}
		want := slices.Clone(pts)
		sortGeneral(want)
		got := slices.Clone(pts)
		sortHullOrder(got)
		if !slices.Equal(got, want) {
			t.Fatalf("sortHullOrder(%v) = %v, want %v", pts, got, want)
		}
	}
}

// TestConvexHullIntoTable checks ConvexHullInto on small cases: squares
// with interior, repeated and collinear points, a segment and a point.
func TestConvexHullIntoTable(t *testing.T) {
	sq := []Point{Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}
	tests := []struct {
		name string
		in   []Point
		want []Point
	}{
		{"square", []Point{Pt(2, 2), Pt(0, 0), Pt(0, 2), Pt(2, 0)}, sq},
		{"square with interior and repeats", []Point{Pt(1, 1), Pt(2, 2), Pt(0, 0), Pt(0, 2), Pt(2, 0), Pt(0, 0), Pt(1, 0.5)}, sq},
		{"collinear on edges", []Point{Pt(0, 0), Pt(1, 0), Pt(2, 0), Pt(2, 1), Pt(2, 2), Pt(0, 2), Pt(0, 1)}, sq},
		{"nearly collinear vertex", []Point{Pt(0, 0), Pt(1, 1e-15), Pt(2, 0), Pt(2, 2), Pt(0, 2)}, sq},
		{"triangle", []Point{Pt(0, 0), Pt(4, 0), Pt(0, 3)}, []Point{Pt(0, 0), Pt(4, 0), Pt(0, 3)}},
		{"two points", []Point{Pt(1, 1), Pt(0, 0)}, []Point{Pt(0, 0), Pt(1, 1)}},
		{"one point twice", []Point{Pt(1, 1), Pt(1, 1)}, []Point{Pt(1, 1)}},
	}
	for _, tt := range tests {
		got := ConvexHullInto(nil, slices.Clone(tt.in))
		if !slices.Equal(got, tt.want) {
			t.Errorf("ConvexHullInto(%s: %v) = %v, want %v", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestConvexHullIntoMatchesConvexHull compares the float hull with the
// exact ConvexHull (the slow reference) on random clouds: the vertices of
// the float hull are vertices of the exact one, and the areas agree to the
// cleaning tolerance.
func TestConvexHullIntoMatchesConvexHull(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for k := range 2000 {
		n := 3 + rng.Intn(60)
		pts := make([]Point, n)
		for i := range pts {
			if k%2 == 0 { // on a grid: many exact collinearities
				pts[i] = Pt(float64(rng.Intn(8)), float64(rng.Intn(8)))
			} else {
				pts[i] = Pt(100*rng.Float64()-50, 100*rng.Float64()-50)
			}
		}
		want := ConvexHull(nil, pts)
		got := ConvexHullInto(nil, slices.Clone(pts))
		for _, p := range got {
			if !slices.Contains(want, p) {
				t.Fatalf("ConvexHullInto(%v) vertex %v is not a vertex of ConvexHull %v", pts, p, want)
			}
		}
		if len(want) >= 3 {
			wa, ga := ConvexArea(want), ConvexArea(got)
			if math.Abs(wa-ga) > 1e-9*(1+wa) {
				t.Fatalf("ConvexHullInto(%v) area %v, ConvexHull area %v", pts, ga, wa)
			}
		}
	}
}

// TestClipHalfPlane checks a square cut by lines through, along and
// outside it.
func TestClipHalfPlane(t *testing.T) {
	sq := []Point{Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}
	tests := []struct {
		name string
		a, b Point
		area float64
	}{
		{"vertical middle, left kept", Pt(1, 0), Pt(1, 1), 2},
		{"vertical middle, right kept", Pt(1, 1), Pt(1, 0), 2},
		{"diagonal", Pt(0, 0), Pt(2, 2), 2},
		{"outside, all kept", Pt(3, 0), Pt(3, 1), 4},
		{"outside, nothing kept", Pt(3, 1), Pt(3, 0), 0},
		{"along an edge", Pt(0, 0), Pt(1, 0), 4},
	}
	for _, tt := range tests {
		got := ClipHalfPlane(nil, sq, tt.a, tt.b)
		if a := ConvexArea(got); math.Abs(a-tt.area) > 1e-12 {
			t.Errorf("ClipHalfPlane(square, %v→%v) = %v (area %v), want area %v", tt.a, tt.b, got, a, tt.area)
		}
	}
}

// TestConvexCentroid checks centroids of a square, a triangle and a
// degenerate ring.
func TestConvexCentroid(t *testing.T) {
	tests := []struct {
		in   []Point
		want Point
	}{
		{[]Point{Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}, Pt(1, 1)},
		{[]Point{Pt(0, 0), Pt(3, 0), Pt(0, 3)}, Pt(1, 1)},
		{[]Point{Pt(0, 0), Pt(1, 0), Pt(2, 0)}, Pt(1, 0)}, // no area: vertex mean
	}
	for _, tt := range tests {
		if got := ConvexCentroid(tt.in); math.Abs(got.X-tt.want.X) > 1e-12 || math.Abs(got.Y-tt.want.Y) > 1e-12 {
			t.Errorf("ConvexCentroid(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestSeparatedAndContained checks the two conservative float filters.
func TestSeparatedAndContained(t *testing.T) {
	sq := []Point{Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}
	tests := []struct {
		name                 string
		p                    []Point
		separated, contained bool
	}{
		{"far right", []Point{Pt(3, 0), Pt(4, 0), Pt(4, 1)}, true, false},
		{"touching an edge", []Point{Pt(2, 0), Pt(3, 0), Pt(3, 1)}, false, false},
		{"overlapping", []Point{Pt(1, 1), Pt(3, 1), Pt(3, 3)}, false, false},
		{"well inside", []Point{Pt(0.5, 0.5), Pt(1.5, 0.5), Pt(1, 1.5)}, false, true},
		{"inside touching the boundary", []Point{Pt(0, 0.5), Pt(1.5, 0.5), Pt(1, 1.5)}, false, false},
	}
	for _, tt := range tests {
		if got := SeparatedByEdge(sq, tt.p); got != tt.separated {
			t.Errorf("SeparatedByEdge(square, %s) = %v, want %v", tt.name, got, tt.separated)
		}
		if got := ContainsClearly(sq, tt.p); got != tt.contained {
			t.Errorf("ContainsClearly(square, %s) = %v, want %v", tt.name, got, tt.contained)
		}
	}
}
