package terrain

import (
	"sync"
	"testing"
)

// TestOccludersConcurrentFirstUse: concurrent first callers all get the one
// prepared value (run with -race).
func TestOccludersConcurrentFirstUse(t *testing.T) {
	bf, err := GenerateBattlefield(3, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	got := make([]*Occluders, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = bf.Occluders()
		}()
	}
	wg.Wait()
	for i, o := range got {
		if o != got[0] {
			t.Errorf("Occluders() call %d = %p, want %p (one build)", i, o, got[0])
		}
	}
}

// TestOccludersLayout: one entry per piece and per model, the models' rings
// are their PlanRings, and every occluder is listed in the grid cells its
// box covers.
func TestOccludersLayout(t *testing.T) {
	bf, err := GenerateBattlefield(5, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	o := bf.Occluders()
	np, nm := len(bf.Pieces()), len(bf.Models())
	if len(o.Pieces.Boxes) != np || len(o.Pieces.Recs) != np || o.Pieces.Rings != nil {
		t.Fatalf("Pieces set sizes %d/%d (rings %v), want %d", len(o.Pieces.Boxes), len(o.Pieces.Recs), o.Pieces.Rings != nil, np)
	}
	if len(o.Models.Boxes) != nm || len(o.Models.Rings) != nm {
		t.Fatalf("Models set sizes %d/%d, want %d", len(o.Models.Boxes), len(o.Models.Rings), nm)
	}
	for i := range bf.Models() {
		want := bf.Models()[i].PlanRing(nil)
		got := o.Models.Rings[i]
		if len(got) != len(want) {
			t.Fatalf("model %d ring has %d vertices, want %d", i, len(got), len(want))
		}
		for k := range want {
			if got[k] != want[k] {
				t.Fatalf("model %d ring[%d] = %v, want %v", i, k, got[k], want[k])
			}
		}
	}
	g := &o.Grid
	if g.NX == 0 {
		t.Fatal("no grid over a generated table")
	}
	boxes := append(append([]PlanBox(nil), o.Pieces.Boxes...), o.Models.Boxes...)
	for id, b := range boxes {
		for j := g.Row(b.Y0); j <= g.Row(b.Y1); j++ {
			for i := g.Col(b.X0); i <= g.Col(b.X1); i++ {
				k := g.Cell(i, j)
				found := false
				for _, x := range g.IDs[g.Start[k]:g.Start[k+1]] {
					found = found || int(x) == id
				}
				if !found {
					t.Errorf("occluder %d (box %v) missing from cell (%d, %d)", id, b, i, j)
				}
			}
		}
	}
}
