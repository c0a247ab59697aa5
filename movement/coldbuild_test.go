package movement

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/golang/geo/r1"

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

// TestGridMatchesBuckets: the grid's cells, one array cut into runs, hold
// what per-cell lists appended box by box hold (the reference below, the
// former layout), in the same order, for random boxes over the area,
// boxes past it, empty boxes and an empty grid.
func TestGridMatchesBuckets(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	area := geom.Rect{X: r1.Interval{Lo: 0, Hi: 48}, Y: r1.Interval{Lo: 0, Hi: 36}}
	for trial := range 200 {
		n := trial % 90
		boxes := make([]geom.Rect, n)
		for i := range boxes {
			x, y := rng.Float64()*60-6, rng.Float64()*48-6
			w, h := rng.Float64()*rng.Float64()*30, rng.Float64()*rng.Float64()*30
			boxes[i] = geom.Rect{X: r1.Interval{Lo: x, Hi: x + w}, Y: r1.Interval{Lo: y, Hi: y + h}}
			if rng.IntN(10) == 0 {
				boxes[i] = geom.EmptyRect()
			}
		}
		g := newGrid(area, func(i int) geom.Rect { return boxes[i] }, n)
		var ref [gridCells * gridCells][]int32
		for i, b := range boxes {
			if b.IsEmpty() {
				continue
			}
			x0, y0 := g.cell(geom.Pt(b.X.Lo, b.Y.Lo))
			x1, y1 := g.cell(geom.Pt(b.X.Hi, b.Y.Hi))
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					ref[y*gridCells+x] = append(ref[y*gridCells+x], int32(i))
				}
			}
		}
		for c := range ref {
			x, y := c%gridCells, c/gridCells
			p := geom.Pt((float64(x)+0.5)*48/gridCells, (float64(y)+0.5)*36/gridCells)
			if got := g.at(p); !slices.Equal(got, ref[c]) || cap(got) != len(got) {
				t.Fatalf("trial %d: grid.at(%v) = %v (cap %d), want %v", trial, p, got, cap(got), ref[c])
			}
		}
	}
}
