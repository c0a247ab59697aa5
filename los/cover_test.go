package los

import (
	"errors"
	"math"
	"testing"

	"github.com/sightline/sightline/terrain"
)

func TestBandsDZC(t *testing.T) {
	// DZC-18 test idea: 30 % cover, 5 % no LoS, 60 % clear, 10.0 % and 50.0 % cover.
	tests := []struct {
		f    float64
		want int
	}{
		{0, 0}, {0.05, 0}, {math.Nextafter(0.10, 0), 0}, {0.10, 1}, {0.30, 1}, {0.50, 1},
		{math.Nextafter(0.50, 1), 2}, {0.60, 2}, {1, 2}, {math.NaN(), -1},
	}
	for _, tc := range tests {
		if got := DZCBands.Band(tc.f); got != tc.want {
			t.Errorf("DZCBands.Band(%v) = %d, want %d", tc.f, got, tc.want)
		}
	}
}

func TestBandsEdgeRules(t *testing.T) {
	// GF-18: "mostly" hidden = more than half hidden, i.e. visible < 0.5;
	// exactly 0.5 visible is not mostly hidden: edge 0.5 goes to the band above.
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
	}
	for _, b := range bad {
		if err := b.Validate(); !errors.Is(err, terrain.ErrInvalidValue) {
			t.Errorf("%+v.Validate() = %v, want ErrInvalidValue", b, err)
		}
	}
	if err := DZCBands.Validate(); err != nil {
		t.Errorf("DZCBands.Validate() = %v", err)
	}
}
