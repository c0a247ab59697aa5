package terrain

import (
	"slices"
	"testing"
)

// TestCellNumbers: Cell numbers 8 × 8 tiles row by row, each tile in Z
// order; 10 × 9 cells take 2 × 2 tiles (256 numbers), every cell its own.
func TestCellNumbers(t *testing.T) {
	g := PlanGrid{NX: 10, NY: 9}
	if n := g.number(); n != 256 {
		t.Fatalf("number() = %d, want 256", n)
	}
	for _, c := range []struct{ i, j, want int }{
		{0, 0, 0}, {1, 0, 1}, {0, 1, 2}, {1, 1, 3}, // a 2 x 2 block
		{2, 0, 4}, {0, 2, 8}, {3, 3, 15}, // the first 4 x 4 block ends at 15
		{4, 0, 16}, {0, 4, 32}, {7, 7, 63}, // the tile ends at 63
		{8, 0, 64}, {9, 1, 67}, // the next tile along the row
		{0, 8, 128}, {9, 8, 193}, // the second row of tiles
	} {
		if got := g.Cell(c.i, c.j); got != c.want {
			t.Errorf("Cell(%d, %d) = %d, want %d", c.i, c.j, got, c.want)
		}
	}
	seen := map[int]bool{}
	for j := range g.NY {
		for i := range g.NX {
			k := g.Cell(i, j)
			if k < 0 || k >= 256 || seen[k] {
				t.Fatalf("Cell(%d, %d) = %d: out of range or taken", i, j, k)
			}
			seen[k] = true
		}
	}
}

// TestGridListsBoxes: whatever the cells' numbering, cell (i, j) lists
// exactly the ids whose box, grown by the margin, overlaps it (found here
// from Col and Row, box by box), in increasing order, with the entries
// beside them; padding numbers list nothing.
func TestGridListsBoxes(t *testing.T) {
	bf, err := GenerateBattlefield(3, ScaledGenerate(200))
	if err != nil {
		t.Fatal(err)
	}
	o := bf.Occluders()
	generated := append(append([]PlanBox(nil), o.Pieces.Boxes...), o.Models.Boxes...)
	for _, boxes := range [][]PlanBox{
		generated,
		{{0, 0, 1, 1}, {0, 0, 10, 10}, {4.5, 4.5, 5.5, 5.5}, {9, 0, 10, 1}, {0, 9, 1, 10}, {2, 7, 2, 7}},
	} {
		g := buildGrid(boxes)
		if g.NX == 0 {
			t.Fatalf("%d boxes: no grid", len(boxes))
		}
		total := 0
		for j := range g.NY {
			for i := range g.NX {
				var want []int32
				for id, b := range boxes {
					if g.Col(b.X0-g.Margin) <= i && i <= g.Col(b.X1+g.Margin) &&
						g.Row(b.Y0-g.Margin) <= j && j <= g.Row(b.Y1+g.Margin) {
						want = append(want, int32(id))
					}
				}
				k := g.Cell(i, j)
				got := g.IDs[g.Start[k]:g.Start[k+1]]
				if !slices.Equal(got, want) {
					t.Fatalf("%d boxes: cell (%d, %d) lists %v, want %v", len(boxes), i, j, got, want)
				}
				for x, e := range g.Entries[g.Start[k]:g.Start[k+1]] {
					if e.ID != got[x] || e.Box != boxes[e.ID].Outer32() {
						t.Fatalf("%d boxes: cell (%d, %d) entry %d = %+v, want id %d", len(boxes), i, j, x, e, got[x])
					}
				}
				total += len(got)
			}
		}
		if total != len(g.IDs) || len(g.Entries) != len(g.IDs) {
			t.Errorf("%d boxes: cells list %d ids of %d (%d entries): padding numbers list some", len(boxes), total, len(g.IDs), len(g.Entries))
		}
	}
}
