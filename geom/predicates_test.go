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

func TestTwoSumTwoDiff(t *testing.T) {
	tests := []struct {
		a, b       float64
		sum, sumE  float64
		diff, difE float64
	}{
		// 1 + 2^-60 rounds to 1 (2^-60 is below half an ulp of 1, 2^-53):
		// the whole of 2^-60 is the error.
		{1, 0x1p-60, 1, 0x1p-60, 1, -0x1p-60},
		// 0.1 = 3602879701896397·2^-55, 0.2 twice that; the exact sum
		// 10808639105689191·2^-55 lies halfway between representable
		// neighbours (ulp 2^-54 in [0.25, 0.5)) and rounds to the even
		// 5404319552844596·2^-54 = 0.30000000000000004, 2^-55 too high.
		// 0.1 - 0.2 = -0.1 exactly.
		{0.1, 0.2, 0.30000000000000004, -0x1p-55, -0.1, 0},
		// 2^53 + 1 is a tie between 2^53 and 2^53+2 and rounds to even 2^53;
		// 2^53 - 1 is representable.
		{0x1p53, 1, 0x1p53, 1, 0x1p53 - 1, 0},
		{3, -3, 0, 0, 6, 0},
	}
	for _, tt := range tests {
		if s, e := twoSum(tt.a, tt.b); s != tt.sum || e != tt.sumE {
			t.Errorf("twoSum(%v, %v) = %v, %v, want %v, %v", tt.a, tt.b, s, e, tt.sum, tt.sumE)
		}
		if d, e := twoDiff(tt.a, tt.b); d != tt.diff || e != tt.difE {
			t.Errorf("twoDiff(%v, %v) = %v, %v, want %v, %v", tt.a, tt.b, d, e, tt.diff, tt.difE)
		}
	}
}

func TestExpansionSign(t *testing.T) {
	tests := []struct {
		in   []float64 // added in order
		want []float64 // components, increasing magnitude
		sign int
	}{
		// 1 + 2^-60 - 1 = 2^-60: the tiny term survives the cancellation.
		{[]float64{1, 0x1p-60, -1}, []float64{0x1p-60}, 1},
		{[]float64{0x1p100, -0x1p-100, -0x1p100}, []float64{-0x1p-100}, -1},
		// 2^100 + 1 needs two components; then - 2^100 - 1 cancels to nothing.
		{[]float64{0x1p100, 1}, []float64{1, 0x1p100}, 1},
		{[]float64{0x1p100, 1, -0x1p100, -1}, nil, 0},
		{[]float64{0, 0}, nil, 0},
	}
	for _, tt := range tests {
		var buf [8]float64
		e := expansion{c: buf[:]}
		for _, x := range tt.in {
			e.add(x)
		}
		got := e.c[:e.n]
		if len(got) != len(tt.want) {
			t.Errorf("expansion of %v = %v, want %v", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("expansion of %v = %v, want %v", tt.in, got, tt.want)
				break
			}
		}
		if s := e.sign(); s != tt.sign {
			t.Errorf("expansion of %v: sign %d, want %d", tt.in, s, tt.sign)
		}
	}
}

// TestOrientExpansionRange checks where the expansion stage hands over to
// math/big: differences above 2^500 ≈ 3.27e150 (2^330 ≈ 2.19e99 in 3D) or
// a product below 2^-960 ≈ 1.0e-289.
func TestOrientExpansionRange(t *testing.T) {
	tests := []struct {
		a, b, c Point
		sign    int
		ok      bool
	}{
		// (1e150,0)×(0,1e150) = 1e300 > 0; 1e150 < 2^500.
		{Pt(0, 0), Pt(1e150, 0), Pt(0, 1e150), 1, true},
		{Pt(0, 0), Pt(1e151, 0), Pt(0, 1e151), 0, false},
		// 1e-140·1e-140 = 1e-280 ≥ 2^-960, but 1e-150·1e-150 = 1e-300 is not.
		{Pt(0, 0), Pt(1e-140, 0), Pt(0, 1e-140), 1, true},
		{Pt(0, 0), Pt(1e-150, 0), Pt(0, 1e-150), 0, false},
		// A zero product needs no check: (1,1)×(2,2) = 1·2 - 1·2 = 0.
		{Pt(1, 1), Pt(2, 2), Pt(3, 3), 0, true},
	}
	for _, tt := range tests {
		if s, ok := orientExpansion(tt.a, tt.b, tt.c); s != tt.sign || ok != tt.ok {
			t.Errorf("orientExpansion(%v, %v, %v) = %d, %v, want %d, %v", tt.a, tt.b, tt.c, s, ok, tt.sign, tt.ok)
		}
		if !tt.ok && Orient(tt.a, tt.b, tt.c) != refOrient(tt.a, tt.b, tt.c) {
			t.Errorf("Orient(%v, %v, %v) disagrees with big.Rat", tt.a, tt.b, tt.c)
		}
	}
	tests3 := []struct {
		d    Vec3
		sign int
		ok   bool
	}{
		// Base (0,0,0), (1,0,0), (0,1,0) counter-clockwise; d straight up:
		// ((1,0,0)×(0,1,0))·(0,0,z) = z.
		{V3(0, 0, 1e99), 1, true},
		{V3(0, 0, -1e100), 0, false},
		// The last product is 1·z: 1e-280 ≥ 2^-960, 1e-300 is not.
		{V3(0, 0, -1e-280), -1, true},
		{V3(0, 0, 1e-300), 0, false},
	}
	for _, tt := range tests3 {
		a, b, c := V3(0, 0, 0), V3(1, 0, 0), V3(0, 1, 0)
		if s, ok := orient3Expansion(a, b, c, tt.d); s != tt.sign || ok != tt.ok {
			t.Errorf("orient3Expansion(.., %v) = %d, %v, want %d, %v", tt.d, s, ok, tt.sign, tt.ok)
		}
		if want := refOrient3(a, b, c, tt.d); Orient3(a, b, c, tt.d) != want {
			t.Errorf("Orient3(.., %v) = %d, want %d", tt.d, Orient3(a, b, c, tt.d), want)
		}
	}
}
