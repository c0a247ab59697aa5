package movement

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestCoherencyEdgesUseHull: edge-to-edge coherency of vehicles measures
// between hulls. Two 2 x 1 hulls facing +x with centres 3 in apart along
// x have a 1 in gap (3 - 1 - 1): coherent for a 2 in chain, although the
// centres are 3 in apart and the models have no base.
func TestCoherencyEdgesUseHull(t *testing.T) {
	tank := func(id string, x float64) terrain.Model {
		return terrain.Model{ID: id, Squad: "s", Class: terrain.Vehicle, Position: geom.Pt(x, 5),
			Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}, Level: 1}
	}
	bf, err := terrain.New(terrain.Table{Width: 20, Depth: 10}, nil, []terrain.Model{tank("a", 5), tank("b", 8)})
	if err != nil {
		t.Fatal(err)
	}
	edges, err := Coherency(bf, "s", CoherencyRule{Chain: 2, Measure: Edges})
	if err != nil {
		t.Fatal(err)
	}
	if !edges.Coherent {
		t.Errorf("edges: %s, want coherent (1 in gap)", edges.Explain())
	}
	centres, err := Coherency(bf, "s", CoherencyRule{Chain: 2})
	if err != nil {
		t.Fatal(err)
	}
	if centres.Coherent || len(centres.BrokenLinks) != 1 || math.Abs(centres.BrokenLinks[0].Distance-3) > 1e-9 {
		t.Errorf("centres: %s, want broken at 3 in", centres.Explain())
	}
}
