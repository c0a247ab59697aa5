package los

import (
	"errors"
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestVisibleFractionValueFrom compares VisibleFractionValueFrom with the
// Fraction of VisibleFractionFrom over model pairs of a generated table
// (eyes lifted by 0, 1 and 3 in, so some pairs are partly hidden).
func TestVisibleFractionValueFrom(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	ms := bf.Models()
	partial := 0
	for i := 0; i < len(ms); i += 3 {
		for j := range ms {
			if i == j {
				continue
			}
			for _, dz := range []float64{0, 1, 3} {
				eye := ms[i].EyePoint()
				eye.Z += dz
				opt := Options{Exclude: []string{ms[i].ID}}
				want, err := VisibleFractionFrom(bf, eye, ms[j].ID, opt)
				if err != nil {
					t.Fatal(err)
				}
				got, err := VisibleFractionValueFrom(bf, eye, ms[j].ID, opt)
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(got-want.Fraction) > 1e-9 {
					t.Errorf("VisibleFractionValueFrom(%v, %s) = %v, want %v", eye, ms[j].ID, got, want.Fraction)
				}
				if got > 0 && got < 1 {
					partial++
				}
			}
		}
	}
	if partial == 0 {
		t.Error("no partly visible pair compared")
	}
	if _, err := VisibleFractionValueFrom(bf, geom.Vec3{}, "no-such-model", Options{}); !errors.Is(err, terrain.ErrUnknownID) {
		t.Errorf("unknown target: err = %v, want terrain.ErrUnknownID", err)
	}
	if _, err := VisibleFractionValueFrom(bf, geom.Vec3{X: math.NaN()}, ms[0].ID, Options{}); err == nil {
		t.Error("NaN eye: err = nil, want an error")
	}
}
