package los

import (
	"errors"
	"math"
	"testing"

	"github.com/sightline/sightline/terrain"
)

// msTwoBands has edges 0.10 (to the band above) and 0.50 (to the band
// below): 10.0 % and 50.0 % both fall in the middle band.
func msTwoBands() Bands { return Bands{Edges: []float64{0.10, 0.50}, Inclusive: []bool{false, true}} }

func TestBandsTwoEdges(t *testing.T) {
	tests := []struct {
		f    float64
		want int
	}{
		{0, 0}, {0.05, 0}, {math.Nextafter(0.10, 0), 0}, {0.10, 1}, {0.30, 1}, {0.50, 1},
		{math.Nextafter(0.50, 1), 2}, {0.60, 2}, {1, 2}, {math.NaN(), -1},
	}
	for _, tc := range tests {
		if got := msTwoBands().Band(tc.f); got != tc.want {
			t.Errorf("msTwoBands().Band(%v) = %d, want %d", tc.f, got, tc.want)
		}
	}
	// With a tolerance of 1e-9 a fraction 1e-10 off an edge counts as on it.
	tol := msTwoBands()
	tol.Tolerance = 1e-9
	for _, tc := range []struct {
		f    float64
		want int
	}{{0.10 - 1e-10, 1}, {0.10 - 2e-9, 0}, {0.50 + 1e-10, 1}, {0.50 + 2e-9, 2}, {0.30, 1}} {
		if got := tol.Band(tc.f); got != tc.want {
			t.Errorf("tolerant Band(%v) = %d, want %d", tc.f, got, tc.want)
		}
	}
}

func TestBandsEdgeRules(t *testing.T) {
	// One edge at 0.5 that belongs to the band above: visible < 0.5 is band
	// 0, exactly 0.5 is band 1.
	gf := Bands{Edges: []float64{0.5}}
	tests := []struct {
		b    Bands
		f    float64
		want int
	}{
		{gf, 0.4, 0}, {gf, 0.5, 1}, {gf, 0.6, 1},
		{Bands{Edges: []float64{0.5}, Inclusive: []bool{true}}, 0.5, 0},
		{Bands{}, 0.7, 0},
		{Bands{Edges: []float64{0.25, 0.5, 0.75}, Inclusive: []bool{true, false, true}}, 0.25, 0},
		{Bands{Edges: []float64{0.25, 0.5, 0.75}, Inclusive: []bool{true, false, true}}, 0.5, 2},
		{Bands{Edges: []float64{0.25, 0.5, 0.75}, Inclusive: []bool{true, false, true}}, 0.75, 2},
		{Bands{Edges: []float64{0.25, 0.5, 0.75}, Inclusive: []bool{true, false, true}}, 0.76, 3},
	}
	for _, tc := range tests {
		if got := tc.b.Band(tc.f); got != tc.want {
			t.Errorf("%+v.Band(%v) = %d, want %d", tc.b, tc.f, got, tc.want)
		}
	}
}

func TestBandsValidate(t *testing.T) {
	bad := []Bands{
		{Edges: []float64{0.5, 0.5}},
		{Edges: []float64{0.6, 0.5}},
		{Edges: []float64{math.NaN()}},
		{Edges: []float64{0.1, 0.5}, Inclusive: []bool{true}},
		{Edges: []float64{0.1, 0.5}, Tolerance: -1},
		{Edges: []float64{0.1, 0.5}, Tolerance: 0.2},
	}
	for _, b := range bad {
		if err := b.Validate(); !errors.Is(err, terrain.ErrInvalidValue) {
			t.Errorf("%+v.Validate() = %v, want ErrInvalidValue", b, err)
		}
	}
	if err := msTwoBands().Validate(); err != nil {
		t.Errorf("msTwoBands().Validate() = %v", err)
	}
}
