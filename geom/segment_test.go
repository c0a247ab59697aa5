package geom

import (
	"math"
	"testing"
)

func TestIntersectSegments(t *testing.T) {
	tests := []struct {
		s, t Segment
		want Intersection
	}{
		// The diagonals of [0,2]² cross at (1,1).
		{Seg(Pt(0, 0), Pt(2, 2)), Seg(Pt(0, 2), Pt(2, 0)), Intersection{Crossing, Pt(1, 1), Pt(1, 1)}},
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(1, 0), Pt(1, 5)), Intersection{Touching, Pt(1, 0), Pt(1, 0)}},
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(2, 0), Pt(3, 1)), Intersection{Touching, Pt(2, 0), Pt(2, 0)}},
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(2, 0), Pt(3, 0)), Intersection{Touching, Pt(2, 0), Pt(2, 0)}},
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(3, 0), Pt(1, 0)), Intersection{Overlapping, Pt(1, 0), Pt(2, 0)}},
		{Seg(Pt(2, 0), Pt(0, 0)), Seg(Pt(1, 0), Pt(3, 0)), Intersection{Overlapping, Pt(2, 0), Pt(1, 0)}},
		{Seg(Pt(0, 0), Pt(0, 4)), Seg(Pt(0, 1), Pt(0, 2)), Intersection{Overlapping, Pt(0, 1), Pt(0, 2)}},
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(3, 0), Pt(4, 0)), Intersection{}},
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(0, 1), Pt(2, 1)), Intersection{}},
		// Nearly touching: (1, 1e-12) is above the segment.
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(1, 1e-12), Pt(1, 5)), Intersection{}},
		{Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(1, -1e-12), Pt(1, 5)), Intersection{Crossing, Pt(1, 0), Pt(1, 0)}},
		// Degenerate segments are points.
		{Seg(Pt(1, 1), Pt(1, 1)), Seg(Pt(0, 0), Pt(2, 2)), Intersection{Touching, Pt(1, 1), Pt(1, 1)}},
		{Seg(Pt(1, 1), Pt(1, 1)), Seg(Pt(1, 1), Pt(1, 1)), Intersection{Touching, Pt(1, 1), Pt(1, 1)}},
		{Seg(Pt(1, 1), Pt(1, 1)), Seg(Pt(1, 2), Pt(1, 2)), Intersection{}},
		{Seg(Pt(1e6, 1e6), Pt(1e6+1, 1e6+1)), Seg(Pt(1e6, 1e6+1), Pt(1e6+1, 1e6)), Intersection{Crossing, Pt(1e6+0.5, 1e6+0.5), Pt(1e6+0.5, 1e6+0.5)}},
		{Seg(Pt(math.NaN(), 0), Pt(1, 1)), Seg(Pt(0, 0), Pt(1, 1)), Intersection{}},
	}
	for _, tt := range tests {
		got := IntersectSegments(tt.s, tt.t)
		if got != tt.want {
			t.Errorf("IntersectSegments(%v, %v) = %v, want %v", tt.s, tt.t, got, tt.want)
		}
		if back := IntersectSegments(tt.t, tt.s); back.Kind != tt.want.Kind {
			t.Errorf("IntersectSegments(%v, %v).Kind = %v, want %v", tt.t, tt.s, back.Kind, tt.want.Kind)
		}
	}
}

func TestSegmentMethods(t *testing.T) {
	s := Seg(Pt(1, 2), Pt(4, 6))
	if got := s.Length(); got != 5 { // 3-4-5
		t.Errorf("Length() = %v, want 5", got)
	}
	if got := s.At(0.5); got != Pt(2.5, 4) {
		t.Errorf("At(0.5) = %v, want (2.5, 4)", got)
	}
	if s.At(0) != s.A || s.At(1) != s.B {
		t.Errorf("At(0), At(1) not exact")
	}
	if r := s.Reversed(); r.A != s.B || r.B != s.A {
		t.Errorf("Reversed() = %v", r)
	}
	if b := s.Bound(); b.Lo() != Pt(1, 2) || b.Hi() != Pt(4, 6) {
		t.Errorf("Bound() = %v", b)
	}
	s3 := Segment3{V3(0, 0, 0), V3(2, 3, 6)}
	if got := s3.Length(); got != 7 { // sqrt(4+9+36)
		t.Errorf("Segment3.Length() = %v, want 7", got)
	}
	if got := s3.At(0.5); got != V3(1, 1.5, 3) {
		t.Errorf("Segment3.At(0.5) = %v", got)
	}
	for k, want := range map[IntersectionKind]string{Disjoint: "Disjoint", Crossing: "Crossing", Touching: "Touching", Overlapping: "Overlapping", 9: "IntersectionKind(9)"} {
		if k.String() != want {
			t.Errorf("String() = %q, want %q", k.String(), want)
		}
	}
}
