package geom

import (
	"math"
	"testing"
)

func TestClipConvex(t *testing.T) {
	sq := []Point{Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(0, 4)}
	tests := []struct {
		name    string
		subject []Point
		area    float64
	}{
		// [2,6]x[2,6] ∩ [0,4]² = [2,4]² → 4.
		{"overlap", []Point{Pt(2, 2), Pt(6, 2), Pt(6, 6), Pt(2, 6)}, 4},
		{"inside", []Point{Pt(1, 1), Pt(2, 1), Pt(2, 2)}, 0.5},
		{"disjoint", []Point{Pt(5, 5), Pt(6, 5), Pt(6, 6)}, 0},
		{"touching edge", []Point{Pt(4, 0), Pt(6, 0), Pt(6, 4), Pt(4, 4)}, 0},
		// L-shape [−2,2]x[−2,6] minus [0,2]x[2,6], clipped: [0,2]x[0,2] → 4.
		{"concave", []Point{Pt(-2, -2), Pt(2, -2), Pt(2, 2), Pt(0, 2), Pt(0, 6), Pt(-2, 6)}, 4},
		{"same", sq, 16},
	}
	for _, tt := range tests {
		got := ClipConvex(nil, tt.subject, sq)
		if a := math.Abs(ConvexArea(got)); math.Abs(a-tt.area) > 1e-12 {
			t.Errorf("%s: ClipConvex area = %v (%v), want %v", tt.name, a, got, tt.area)
		}
	}
	dst := make([]Point, 0, 16)
	sub := tests[0].subject
	if n := testing.AllocsPerRun(100, func() { dst = ClipConvex(dst[:0], sub, sq) }); n != 0 {
		t.Errorf("ClipConvex allocates %v times", n)
	}
}

func TestConvexHullAndPointInConvex(t *testing.T) {
	pts := []Point{Pt(0, 0), Pt(2, 0), Pt(4, 0), Pt(4, 4), Pt(1, 1), Pt(0, 4), Pt(2, 2), Pt(0, 2), Pt(4, 4)}
	got := ConvexHull(nil, pts)
	want := []Point{Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(0, 4)}
	if len(got) != len(want) {
		t.Fatalf("ConvexHull = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ConvexHull = %v, want %v", got, want)
		}
	}
	if got := ConvexHull(nil, []Point{Pt(0, 0), Pt(1, 1), Pt(2, 2)}); len(got) != 2 {
		t.Errorf("collinear hull = %v, want 2 points", got)
	}
	if got := ConvexHull(nil, []Point{Pt(1, 1), Pt(1, 1)}); len(got) != 1 {
		t.Errorf("point hull = %v", got)
	}
	locs := []struct {
		p    Point
		want Location
	}{
		{Pt(2, 2), Inside}, {Pt(4, 2), OnBoundary}, {Pt(0, 0), OnBoundary}, {Pt(4+1e-12, 2), Outside}, {Pt(-1, -1), Outside},
	}
	for _, l := range locs {
		if got := PointInConvex(l.p, want); got != l.want {
			t.Errorf("PointInConvex(%v) = %v, want %v", l.p, got, l.want)
		}
	}
}
