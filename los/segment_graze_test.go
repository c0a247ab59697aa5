package los

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestSightSegmentGrazeItems: a level sightline along the roofs of three
// houses and three tanks, all 2 in tall, touches each (clear, six grazing
// contacts: more than the state holds inline), and each contact names its
// piece or model by id and Item.
func TestSightSegmentGrazeItems(t *testing.T) {
	pieces := []terrain.Piece{
		building("house-0", rectFP(6, 10, 8, 14), 2),
		building("house-1", rectFP(10, 10, 12, 14), 2),
		building("house-2", rectFP(14, 10, 16, 14), 2),
	}
	models := []terrain.Model{
		tank("t-0", "s", 20, 12, 2, 1, 2),
		tank("t-1", "s", 25, 12, 2, 1, 2),
		tank("t-2", "s", 30, 12, 2, 1, 2),
	}
	bf := mustBF(t, pieces, models)
	want := []Graze{
		{ID: "house-0", Item: terrain.Item{Kind: terrain.ItemPiece, Index: 0}},
		{ID: "house-1", Item: terrain.Item{Kind: terrain.ItemPiece, Index: 1}},
		{ID: "house-2", Item: terrain.Item{Kind: terrain.ItemPiece, Index: 2}},
		{ID: "t-0", Item: terrain.Item{Kind: terrain.ItemModel, Index: 0}},
		{ID: "t-1", Item: terrain.Item{Kind: terrain.ItemModel, Index: 1}},
		{ID: "t-2", Item: terrain.Item{Kind: terrain.ItemModel, Index: 2}},
	}
	for _, n := range []int{2, 3, 4, 5, 6} { // the first n occluders touched
		end := [...]float64{0, 0, 13, 17, 22, 27, 40}[n]
		got := SightSegment(bf, geom.V3(2, 12, 2), geom.V3(end, 12, 2), Options{})
		if !got.Clear || len(got.Grazing) != n {
			t.Fatalf("to x = %v: clear %v, %d contacts, want clear and %d (%s)", end, got.Clear, len(got.Grazing), n, got.Explain())
		}
		for _, w := range want[:n] {
			found := false
			for _, g := range got.Grazing {
				found = found || (g.ID == w.ID && g.Item == w.Item && g.At.Z == 2)
			}
			if !found {
				t.Errorf("to x = %v: no contact %s %+v at z = 2 in %+v", end, w.ID, w.Item, got.Grazing)
			}
		}
	}
}
