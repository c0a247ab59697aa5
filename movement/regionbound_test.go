package movement

import (
	"reflect"
	"sync"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestRegionPiecesOnFirstUse: the pieces a region's bound makes on first
// use equal, to the bit, the inset half-planes of its convex pieces made
// directly, for every isolated region of three generated tables; calls
// from many goroutines at once all get the one value kept; a region that
// is not isolated gets none from lookup.
func TestRegionPiecesOnFirstUse(t *testing.T) {
	checked, decomposed := 0, 0
	for seed := int64(1); seed <= 3; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		set, err := buildSet(bf, setKey{radius: 0.5, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry)})
		if err != nil {
			t.Fatal(err)
		}
		for i := range set.bounds {
			rb := &set.bounds[i]
			if !rb.isolated {
				if rb.lookup() != nil {
					t.Fatalf("seed %d region %d: not isolated, yet lookup gives pieces", seed, i)
				}
				continue
			}
			poly := set.regions[i].poly
			var want [][]halfPlane
			pieces := [][]geom.Point{poly.Outer}
			if !poly.IsConvex() || len(poly.Holes) > 0 {
				if pieces, err = geom.ConvexPieces(poly); err != nil {
					t.Fatalf("seed %d region %d: %v", seed, i, err)
				}
				if rb.reg.parts == nil {
					t.Fatalf("seed %d region %d: a non-convex region without the piece's parts", seed, i)
				}
				decomposed++ // pieces() takes the Battlefield's parts
			}
			for _, pc := range pieces {
				hp := halfPlanes(pc)
				for k := range hp {
					hp[k].c -= lbInset
				}
				want = append(want, hp)
			}
			got := make([]*regionPieces, 8)
			var wg sync.WaitGroup
			for g := range got {
				wg.Add(1)
				go func() { defer wg.Done(); got[g] = rb.pieces() }()
			}
			wg.Wait()
			for g := range got {
				if got[g] != got[0] {
					t.Fatalf("seed %d region %d: goroutines got different values", seed, i)
				}
			}
			if !got[0].ok || !reflect.DeepEqual(got[0].hp, want) {
				t.Fatalf("seed %d region %d: pieces %+v, want %+v", seed, i, got[0], want)
			}
			checked++
		}
	}
	if checked < 20 || decomposed == 0 {
		t.Errorf("only %d isolated regions checked, %d of them non-convex", checked, decomposed)
	}
}
