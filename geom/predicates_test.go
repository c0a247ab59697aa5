package geom

import (
	"math"
	"testing"
)

func TestOrient(t *testing.T) {
	tests := []struct {
		a, b, c Point
		want    int
	}{
		// (1,0)×(0,1) = 1·1 - 0·0 = 1 > 0: left turn.
		{Pt(0, 0), Pt(1, 0), Pt(0, 1), 1},
		{Pt(0, 0), Pt(1, 0), Pt(0, -1), -1},
		// c on the line, beyond b, and coincident points.
		{Pt(0, 0), Pt(1, 1), Pt(2, 2), 0},
		{Pt(0, 0), Pt(0, 0), Pt(3, 5), 0},
		{Pt(1, 1), Pt(2, 2), Pt(1, 1), 0},
		// Offset 1e-12 above the line y = x: (1,1)×(2, 2+1e-12) = 1e-12 > 0.
		{Pt(0, 0), Pt(1, 1), Pt(2, 2+1e-12), 1},
		{Pt(0, 0), Pt(1, 1), Pt(2, 2-1e-12), -1},
		// Large coordinates: (1e6,0)×(0,1e-6) = 1 > 0.
		{Pt(1e6, 1e6), Pt(2e6, 1e6), Pt(1e6, 1e6+1e-6), 1},
		// Small coordinates: (1e-6,0)×(5e-7,-1e-18) < 0.
		{Pt(0, 0), Pt(1e-6, 0), Pt(5e-7, -1e-18), -1},
		// y = 0.1x: 0.1 is not representable, so points computed as x*0.1
		// are generally not exactly collinear; (3, 0.30000000000000004)
		// lies above the true line through (0,0) and (1,0.1)? 0.1 as a
		// float is 0.1000000000000000055511151231257827, times 3 exactly is
		// 0.3000000000000000166533453693773481 < 0.30000000000000004440892098500626
		// so c is left of a→b.
		{Pt(0, 0), Pt(1, 0.1), Pt(3, 0.30000000000000004), 1},
		// Tiny values whose products underflow: (1e-200,0)×(0,1e-200) > 0.
		{Pt(0, 0), Pt(1e-200, 0), Pt(0, 1e-200), 1},
		// Overflowing products: (1e300,0)×(0,1e300) > 0.
		{Pt(0, 0), Pt(1e300, 0), Pt(0, 1e300), 1},
		{Pt(-1e308, -1e308), Pt(1e308, 1e308), Pt(0, 1), 1},
		// Non-finite input returns 0.
		{Pt(math.NaN(), 0), Pt(1, 0), Pt(0, 1), 0},
		{Pt(0, 0), Pt(math.Inf(1), 0), Pt(0, 1), 0},
	}
	for _, tt := range tests {
		if got := Orient(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("Orient(%v, %v, %v) = %d, want %d", tt.a, tt.b, tt.c, got, tt.want)
		}
		// Cyclic rotation keeps the sign, swapping two points flips it.
		if tt.want != 0 || isFinite(tt.a.X) {
			if got := Orient(tt.b, tt.c, tt.a); got != tt.want {
				t.Errorf("Orient(%v, %v, %v) = %d, want %d (rotated)", tt.b, tt.c, tt.a, got, tt.want)
			}
			if got := Orient(tt.b, tt.a, tt.c); got != -tt.want {
				t.Errorf("Orient(%v, %v, %v) = %d, want %d (swapped)", tt.b, tt.a, tt.c, got, -tt.want)
			}
		}
	}
}

func TestOrient3(t *testing.T) {
	a, b, c := V3(0, 0, 0), V3(1, 0, 0), V3(0, 1, 0) // counter-clockwise from above
	tests := []struct {
		a, b, c, d Vec3
		want       int
	}{
		// ((1,0,0)×(0,1,0))·(0,0,1) = (0,0,1)·(0,0,1) = 1: above.
		{a, b, c, V3(0, 0, 1), 1},
		{a, b, c, V3(5, 5, -1e-12), -1},
		{a, b, c, V3(7, -3, 0), 0},
		{a, c, b, V3(0, 0, 1), -1}, // clockwise base flips the sign
		// Tilted plane z = x + y through the origin; d offset by 1e-12.
		{a, V3(1, 0, 1), V3(0, 1, 1), V3(0.5, 0.25, 0.75), 0},
		{a, V3(1, 0, 1), V3(0, 1, 1), V3(0.5, 0.25, 0.75+1e-12), 1},
		{V3(1e6, 1e6, 1e6), V3(1e6+1, 1e6, 1e6), V3(1e6, 1e6+1, 1e6), V3(1e6, 1e6, 1e6-1e-6), -1},
		{a, b, b, V3(0, 0, 1), 0}, // degenerate base
		{a, b, c, V3(0, 0, math.NaN()), 0},
	}
	for _, tt := range tests {
		if got := Orient3(tt.a, tt.b, tt.c, tt.d); got != tt.want {
			t.Errorf("Orient3(%v, %v, %v, %v) = %d, want %d", tt.a, tt.b, tt.c, tt.d, got, tt.want)
		}
	}
}

func TestCompareDistances(t *testing.T) {
	tests := []struct {
		p, a, b Point
		want    int
	}{
		{Pt(0, 0), Pt(1, 0), Pt(0, 2), -1}, // 1 < 4
		{Pt(0, 0), Pt(3, 4), Pt(5, 0), 0},  // 25 = 25
		{Pt(0, 0), Pt(3, 4), Pt(0, -5), 0},
		{Pt(0, 0), Pt(3, 4+1e-12), Pt(5, 0), 1},
		{Pt(1e6, 1e6), Pt(1e6+3, 1e6+4), Pt(1e6+5, 1e6), 0},
		{Pt(0, 0), Pt(math.NaN(), 0), Pt(1, 1), 0},
	}
	for _, tt := range tests {
		if got := CompareDistances(tt.p, tt.a, tt.b); got != tt.want {
			t.Errorf("CompareDistances(%v, %v, %v) = %d, want %d", tt.p, tt.a, tt.b, got, tt.want)
		}
	}
}
