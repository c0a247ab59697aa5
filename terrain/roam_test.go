package terrain

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestRoamPlaceEqualsReplace: a Roaming's Place gives the models and the
// exact occluder data ReplaceModel gives (only the index and the grid,
// conservative filters, list the roaming model loosely), and its index
// reports the model wherever it stands.
func TestRoamPlaceEqualsReplace(t *testing.T) {
	bf, err := GenerateBattlefield(3, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	var m Model
	for _, c := range bf.Models() {
		if !c.Airborne() && c.Garrison == nil {
			m = c
			break
		}
	}
	r, err := bf.Roam(m.ID)
	if err != nil {
		t.Fatal(err)
	}
	pl := r.Placer()
	rng := rand.New(rand.NewPCG(9, 9))
	placed := 0
	for range 200 {
		c := m
		c.Position = geom.Pt(rng.Float64()*48, rng.Float64()*48)
		want, err1 := bf.ReplaceModel(c)
		got, err2 := r.Place(c)
		got2, err3 := pl.Place(c)
		if (err1 == nil) != (err2 == nil) || (err1 == nil) != (err3 == nil) {
			t.Fatalf("at %v: ReplaceModel %v, Place %v, Placer %v", c.Position, err1, err2, err3)
		}
		if err1 != nil {
			continue
		}
		placed++
		for _, g := range []*Battlefield{got, got2} {
			if !reflect.DeepEqual(g.Models(), want.Models()) {
				t.Fatalf("at %v: models differ", c.Position)
			}
			a, b := g.Occluders(), want.Occluders()
			if !reflect.DeepEqual(a.Models, b.Models) || a.Pieces != b.Pieces && !reflect.DeepEqual(a.Pieces, b.Pieces) {
				t.Fatalf("at %v: occluder data differ", c.Position)
			}
			i, _ := g.ModelIndex(m.ID)
			found := false
			g.VisitPoint(c.Position, func(it Item) bool {
				found = found || it == Item{Kind: ItemModel, Index: i}
				return true
			})
			if !found {
				t.Fatalf("at %v: the index misses the placed model", c.Position)
			}
		}
	}
	if placed < 50 {
		t.Errorf("only %d placements succeeded", placed)
	}
}
