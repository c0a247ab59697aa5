package terrain

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// TestCellEntryNear: a listing flags the neighbouring cells of its span,
// by hand for the block of cells [2, 4] x [5, 5].
func TestCellEntryNear(t *testing.T) {
	span := CellSpan{I0: 2, J0: 5, I1: 4, J1: 5}
	for _, c := range []struct {
		i, j int
		want Near
	}{
		{2, 5, NearRight},
		{3, 5, NearLeft | NearRight},
		{4, 5, NearLeft},
	} {
		for _, m := range []Mark{0, MarkInert, MarkConcealing} {
			e := cellEntry(PlanBox{0, 0, 1, 1}, m, span, 7, c.i, c.j)
			if got := e.Near(); got != c.want || e.ID() != 7 || e.Mark() != m {
				t.Errorf("cell (%d, %d) mark %b: Near = %b, id %d, mark %b, want %b, 7, %b", c.i, c.j, m, got, e.ID(), e.Mark(), c.want, m)
			}
		}
	}
	tall := CellSpan{I0: 0, J0: 0, I1: 0, J1: 2}
	e := cellEntry(PlanBox{0, 0, 1, 1}, MarkConcealing, tall, gridMaxIDs-1, 0, 1)
	if got := e.Near(); got != NearDown|NearUp || e.ID() != gridMaxIDs-1 || e.Mark() != MarkConcealing {
		t.Errorf("middle of a column: Near = %b, id %d, mark %b, want %b, %d, %b", got, e.ID(), e.Mark(), NearDown|NearUp, gridMaxIDs-1, MarkConcealing)
	}
}

// TestMarkOf: which occluders a walk may skip, by hand.
func TestMarkOf(t *testing.T) {
	for _, c := range []struct {
		f     OccluderFlags
		model bool
		want  Mark
	}{
		{0, true, MarkInert},                    // airborne or of height 0
		{OccStanding, true, 0},                  // may occlude
		{OccStanding | OccConcealing, true, 0},  // a model is never concealing terrain
		{0, false, MarkInert},                   // open ground
		{OccHoles, false, MarkInert},            // still open ground
		{OccBlocking, false, 0},                 // a wall
		{OccSmoke, false, 0},                    // smoke
		{OccSmoke | OccConcealing, false, 0},    // smoke blocks unless ignored
		{OccConcealing, false, MarkConcealing},  // woods
		{OccBlocking | OccConcealing, false, 0}, // blocking wins
		{OccConcealing | OccHoles, false, MarkConcealing},
	} {
		if got := MarkOf(c.f, c.model); got != c.want {
			t.Errorf("MarkOf(%b, %v) = %b, want %b", c.f, c.model, got, c.want)
		}
	}
}

// TestGridListsBoxes: whatever the cells' numbering, cell (i, j) lists
// exactly the ids whose box, grown by the margin, overlaps it (found here
// from Col and Row, box by box), the unmarked ones first and then the
// marked ones (Unmarked ending the first part), each in increasing
// order, with the entries
// beside them flagging the neighbouring cells that list the id too and
// carrying the id's mark.
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
		marks := make([]Mark, len(boxes))
		for id := range marks {
			marks[id] = []Mark{0, MarkInert, MarkConcealing}[id%3]
		}
		g := buildGrid(boxes, marks)
		if g.NX == 0 {
			t.Fatalf("%d boxes: no grid", len(boxes))
		}
		total := 0
		for j := range g.NY {
			for i := range g.NX {
				var want, marked []int32
				for id, b := range boxes {
					if g.Col(b.X0-g.Margin) <= i && i <= g.Col(b.X1+g.Margin) &&
						g.Row(b.Y0-g.Margin) <= j && j <= g.Row(b.Y1+g.Margin) {
						if marks[id] == 0 {
							want = append(want, int32(id))
						} else {
							marked = append(marked, int32(id))
						}
					}
				}
				k := g.Cell(i, j)
				if int(g.Unmarked[k]) != int(g.Start[k])+len(want) {
					t.Fatalf("%d boxes: cell (%d, %d): the unmarked part ends at %d, want %d", len(boxes), i, j, g.Unmarked[k], int(g.Start[k])+len(want))
				}
				want = append(want, marked...)
				got := g.IDs[g.Start[k]:g.Start[k+1]]
				if !slices.Equal(got, want) {
					t.Fatalf("%d boxes: cell (%d, %d) lists %v, want %v", len(boxes), i, j, got, want)
				}
				for x, e := range g.Entries[g.Start[k]:g.Start[k+1]] {
					if e.ID() != got[x] || e.Box != boxes[e.ID()].Outer32() || e.Mark() != marks[e.ID()] {
						t.Fatalf("%d boxes: cell (%d, %d) entry %d = %+v, want id %d", len(boxes), i, j, x, e, got[x])
					}
					var near Near
					for _, n := range []struct {
						di, dj int
						flag   Near
					}{{-1, 0, NearLeft}, {1, 0, NearRight}, {0, -1, NearDown}, {0, 1, NearUp}} {
						ni, nj := i+n.di, j+n.dj
						if ni < 0 || ni >= g.NX || nj < 0 || nj >= g.NY {
							continue
						}
						nk := g.Cell(ni, nj)
						if slices.Contains(g.IDs[g.Start[nk]:g.Start[nk+1]], e.ID()) {
							near |= n.flag
						}
					}
					if e.Near() != near {
						t.Fatalf("%d boxes: cell (%d, %d) entry %d (id %d) Near = %b, want %b", len(boxes), i, j, x, e.ID(), e.Near(), near)
					}
				}
				total += len(got)
			}
		}
		if total != len(g.IDs) || len(g.Entries) != len(g.IDs) || len(g.Start) != g.NX*g.NY+1 || len(g.Unmarked) != g.NX*g.NY {
			t.Errorf("%d boxes: cells list %d ids of %d (%d entries, %d starts)", len(boxes), total, len(g.IDs), len(g.Entries), len(g.Start))
		}
	}
}

// TestCellEntrySize: a listing takes 20 bytes (see CellEntry): a field
// added or widened costs cache misses on every walk of a large table.
func TestCellEntrySize(t *testing.T) {
	if got := unsafe.Sizeof(CellEntry{}); got != 20 {
		t.Errorf("unsafe.Sizeof(CellEntry{}) = %d, want 20", got)
	}
}

// TestColRow: Col and Row by hand on cells of exact and inexact sizes,
// and against the quotient ⌊(x − X0)/CW⌋ they replace: the same column
// except within rounding of a boundary, and then the next one at most.
func TestColRow(t *testing.T) {
	g := PlanGrid{X0: -2, Y0: 10, NX: 8, NY: 4}
	g.sizeCells(2, 1) // 0.25 × 0.25 cells: boundaries exact
	for _, c := range []struct {
		x, y     float64
		col, row int
	}{
		{-2, 10, 0, 0},
		{-1.75, 10.25, 1, 1},              // on a boundary: the cell above it
		{-1.7500000000000002, 10.5, 0, 2}, // just before one
		{-0.25, 10.75, 7, 3},              // the last boundary: the last cell
		{1e300, 1e300, 7, 3},              // clamped
		{-1e300, -1e300, 0, 0},
	} {
		if col, row := g.Col(c.x), g.Row(c.y); col != c.col || row != c.row {
			t.Errorf("(%g, %g): cell (%d, %d), want (%d, %d)", c.x, c.y, col, row, c.col, c.row)
		}
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if col, row := g.Col(bad), g.Row(bad); col < 0 || col >= g.NX || row < 0 || row >= g.NY {
			t.Errorf("%g: cell (%d, %d) outside the grid", bad, col, row)
		}
	}
	h := PlanGrid{X0: 0.1, Y0: -3.7, NX: 37, NY: 23}
	h.sizeCells(11.3, 7.9) // cells of 0.3054... × 0.3434...: boundaries rounded
	rng := rand.New(rand.NewPCG(3, 4))
	quot := func(v float64, n int) int { return min(n-1, max(0, int(math.Floor(v)))) }
	near := 0
	for range 200000 {
		x, y := h.X0+rng.Float64()*12-0.5, h.Y0+rng.Float64()*8.5-0.3
		if rng.IntN(4) == 0 { // a boundary, or an ulp beside one
			x = math.Nextafter(h.X0+float64(rng.IntN(h.NX+1))*h.CW, math.Inf(rng.IntN(3)-1))
		}
		for _, c := range []struct {
			got, want int
			v, o, s   float64
		}{
			{h.Col(x), quot((x-h.X0)/h.CW, h.NX), x, h.X0, h.CW},
			{h.Row(y), quot((y-h.Y0)/h.CH, h.NY), y, h.Y0, h.CH},
		} {
			if c.got == c.want {
				continue
			}
			// Only within rounding of a boundary, and one cell off.
			off := (c.v - c.o) / c.s
			if d := c.got - c.want; d*d != 1 || math.Abs(off-math.Round(off)) > 1e-12*(1+math.Abs(off)) {
				t.Fatalf("%v: cell %d, the quotient's %d", c.v, c.got, c.want)
			}
			near++
		}
	}
	t.Logf("%d of 400000 next to the quotient's cell, all within rounding of a boundary", near)
}
