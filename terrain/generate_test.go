package terrain

import (
	"math"
	"reflect"
	"testing"
)

func TestGenerateValid(t *testing.T) {
	full := 0
	for seed := range int64(201) {
		tab, p, m := Generate(seed, DefaultGenerate())
		if _, err := New(tab, p, m); err != nil {
			t.Fatalf("seed %d: New(Generate()) = %v", seed, err)
		}
		if len(p) == DefaultGenerate().Pieces && len(m) == DefaultGenerate().Models {
			full++
		}
	}
	// Placement may give up on a crowded table, but rarely on the reference one.
	if full < 190 {
		t.Errorf("only %d of 201 reference tables reached 50 pieces and 60 models", full)
	}
}

func TestGenerateDeterministic(t *testing.T) {
	t1, p1, m1 := Generate(42, DefaultGenerate())
	t2, p2, m2 := Generate(42, DefaultGenerate())
	if t1 != t2 || !reflect.DeepEqual(p1, p2) || !reflect.DeepEqual(m1, m2) {
		t.Errorf("Generate(42) differs between calls")
	}
	_, p3, _ := Generate(43, DefaultGenerate())
	if reflect.DeepEqual(p1, p3) {
		t.Errorf("Generate(42) and Generate(43) are equal")
	}
}

func TestGenerateContents(t *testing.T) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[Kind]int{}
	for _, p := range bf.Pieces() {
		kinds[p.Kind]++
	}
	classes := map[Class]int{}
	garrisoned, airborne, figures := 0, 0, 0
	for _, m := range bf.Models() {
		classes[m.Class]++
		if m.Garrison != nil {
			garrisoned++
		}
		if m.Altitude == 2 || m.Altitude == 6 {
			airborne++
		}
		if len(m.Figures) > 0 {
			figures++
		}
	}
	if kinds[Building] == 0 || kinds[Area] == 0 || kinds[Solid] == 0 || kinds[Smoke] == 0 {
		t.Errorf("piece kinds = %v, want buildings, areas, solids and smoke", kinds)
	}
	if classes[Vehicle] == 0 || classes[Infantry] == 0 || len(bf.Squads()) < 10 {
		t.Errorf("classes = %v, squads %d", classes, len(bf.Squads()))
	}
	t.Logf("seed 1: kinds %v, classes %v, garrisoned %d, airborne %d, multi-figure %d", kinds, classes, garrisoned, airborne, figures)
}

func TestGenerateOddOptions(t *testing.T) {
	for _, opt := range []GenerateOptions{
		{Width: 6, Depth: 6, Pieces: 40, Models: 40},
		{Width: -1, Depth: 0, Pieces: -3, Models: -1},
		{Width: 200, Depth: 12, Pieces: 300, Models: 300},
	} {
		if _, err := GenerateBattlefield(3, opt); err != nil {
			t.Errorf("GenerateBattlefield(%+v) = %v", opt, err)
		}
	}
}

func TestScaledGenerate(t *testing.T) {
	if got, want := ScaledGenerate(50), DefaultGenerate(); got != want {
		t.Errorf("ScaledGenerate(50) = %+v, want %+v", got, want)
	}
	o := ScaledGenerate(3000)
	if o.Models != 3600 || math.Abs(o.Width-371.8) > 0.1 || o.Depth != o.Width {
		t.Errorf("ScaledGenerate(3000) = %+v", o)
	}
}
