package terrain

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestMovedGrid: moving one box, movedGrid gives buildGrid's grid, field
// for field, whenever it answers; it answers for moves within the extent
// and declines when the extent or the cells change.
func TestMovedGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	box := func(x, y, w, d float64) PlanBox { return PlanBox{x, y, x + w, y + d} }
	for _, n := range []int{1, 2, 5, 40, 150} {
		// Two corner boxes, never moved, fix the extent [0, 48]².
		boxes := []PlanBox{box(0, 0, 1, 1), box(47, 47, 1, 1)}
		for range n {
			boxes = append(boxes, box(rng.Float64()*45, rng.Float64()*45, rng.Float64()*3, rng.Float64()*3))
		}
		// Marks in every combination, the moved box's changed with it
		// at times (movedGrid writes the moved id's listing afresh).
		marks := make([]Mark, len(boxes))
		for id := range marks {
			marks[id] = []Mark{0, MarkInert, MarkConcealing}[rng.IntN(3)]
		}
		g := buildGrid(boxes, marks)
		answered := 0
		for step := range 200 {
			boxes, marks = slices.Clone(boxes), slices.Clone(marks)
			id := 2 + rng.IntN(len(boxes)-2)
			if rng.IntN(4) == 0 {
				marks[id] ^= MarkInert
			}
			switch k := rng.IntN(10); {
			case k == 0: // out of the extent (or back in)
				boxes[id] = box(rng.Float64()*60-6, rng.Float64()*60-6, 2, 2)
			case k == 1: // across most of the table
				boxes[id] = box(1, 1, 40+rng.Float64()*7, 40+rng.Float64()*7)
			case k == 2: // a nudge: the same cells
				b := boxes[id]
				boxes[id] = PlanBox{b.X0 + 1e-3, b.Y0, b.X1 + 1e-3, b.Y1}
			default:
				boxes[id] = box(rng.Float64()*45, rng.Float64()*45, rng.Float64()*3, rng.Float64()*3)
			}
			want := buildGrid(boxes, marks)
			got, ok := movedGrid(&g, boxes, marks, id)
			if ok {
				answered++
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%d boxes step %d: moving box %d to %v: grid differs from buildGrid's", len(boxes), step, id, boxes[id])
				}
			} else if fmt.Sprint(want.X0, want.Y0, want.CW, want.CH, want.NX, want.NY) == fmt.Sprint(g.X0, g.Y0, g.CW, g.CH, g.NX, g.NY) &&
				len(want.IDs) <= gridMaxListed(len(boxes)) && n < 100 {
				t.Fatalf("%d boxes step %d: movedGrid declined a move that keeps the cells", len(boxes), step)
			}
			g = want
		}
		if answered < 100 {
			t.Errorf("%d boxes: movedGrid answered %d of 200 moves, want >= 100", len(boxes), answered)
		}
	}
}
