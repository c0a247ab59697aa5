package render

import (
	"errors"
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestRegionAndGhost draws a searched region and an end pose, and rejects
// bad ones with ErrInput.
func TestRegionAndGhost(t *testing.T) {
	bf, err := terrain.New(terrain.Table{Width: 12, Depth: 12}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewScene(bf, Options{})
	if err != nil {
		t.Fatal(err)
	}
	good := []Overlay{
		Region{Cells: []geom.Point{geom.Pt(1, 1), geom.Pt(1.5, 1)}, Size: 0.5, Label: "searched"},
		Ghost{Shape: geom.Circle{Center: geom.Pt(6, 6), Radius: 0.5}, Facing: 90, Label: "ends here"},
	}
	if err := s.Add(good...); err != nil {
		t.Fatalf("Add(%v) = %v", good, err)
	}
	if _, err := s.Render(); err != nil {
		t.Fatal(err)
	}
	bad := []Overlay{
		Region{Cells: []geom.Point{geom.Pt(math.NaN(), 1)}, Size: 0.5},
		Region{Size: -1},
		Ghost{},
		Ghost{Shape: geom.Circle{Center: geom.Pt(6, 6), Radius: 0.5}, Facing: math.Inf(1)},
	}
	for _, o := range bad {
		if err := s.Add(o); !errors.Is(err, ErrInput) {
			t.Errorf("Add(%+v) = %v, want ErrInput", o, err)
		}
	}
}
