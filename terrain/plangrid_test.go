package terrain

import (
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
// from Col and Row, box by box), in increasing order, with the entries
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
		if total != len(g.IDs) || len(g.Entries) != len(g.IDs) || len(g.Start) != g.NX*g.NY+1 {
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
