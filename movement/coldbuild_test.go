package movement

import (
	"reflect"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestOffsetPiecesMatchesDecomposition: offsetPieces takes a non-convex
// footprint's convex pieces from the battlefield (Piece.ConvexParts);
// its offsets must be those of geom.ConvexPieces of the footprint, piece
// by piece, for every piece of six generated tables, and a copy of the
// piece held by no battlefield must give the same.
func TestOffsetPiecesMatchesDecomposition(t *testing.T) {
	nonConvex := 0
	for seed := int64(1); seed <= 6; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		for i := range bf.Pieces() {
			pc := &bf.Pieces()[i]
			for _, r := range []float64{0.5, 1.25} {
				got, err := offsetPieces(pc, r, DefaultChordError)
				if err != nil {
					t.Fatalf("offsetPieces(%s, %v): %v", pc.ID, r, err)
				}
				var want []geom.Polygon
				if pc.Footprint.IsConvex() {
					off, err := geom.Offset(pc.Footprint, r, DefaultChordError)
					if err != nil {
						t.Fatal(err)
					}
					want = []geom.Polygon{off}
				} else {
					nonConvex++
					parts, err := geom.ConvexPieces(pc.Footprint)
					if err != nil {
						t.Fatal(err)
					}
					for _, part := range parts {
						off, err := geom.Offset(geom.Polygon{Outer: geom.Ring(part)}, r, DefaultChordError)
						if err != nil {
							t.Fatal(err)
						}
						want = append(want, off)
					}
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("seed %d: offsetPieces(%s, %v) = %d polygons, want the %d of its decomposition", seed, pc.ID, r, len(got), len(want))
				}
				loose := terrain.Piece{ID: pc.ID, Footprint: pc.Footprint}
				if g2, err := offsetPieces(&loose, r, DefaultChordError); err != nil || !reflect.DeepEqual(g2, got) {
					t.Errorf("seed %d: offsetPieces of a loose copy of %s differs (err %v)", seed, pc.ID, err)
				}
			}
		}
	}
	if nonConvex == 0 {
		t.Fatal("no non-convex footprint on the generated tables: the test tests nothing")
	}
}
