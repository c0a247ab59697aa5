package movement

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestCostFieldMatchesShortestPath compares CostTo with ShortestPath (the
// reference: one A* per point) at random points of the reference table,
// weighted and unweighted: the same graph gives the same optimum.
func TestCostFieldMatchesShortestPath(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	rt := NewRouter(bf)
	rng := rand.New(rand.NewPCG(7, 8))
	var movers []string
	for _, m := range bf.Models() {
		if (m.Class == terrain.Vehicle || m.Class == terrain.Infantry) && !m.Airborne() && m.Garrison == nil {
			movers = append(movers, m.ID)
		}
	}
	for _, unweighted := range []bool{true, false} {
		checked := 0
		for _, id := range movers[:6] {
			m, _ := bf.Model(id)
			opt := RouteOptions{Unweighted: unweighted}
			f, err := rt.CostField(id, 10, FieldOptions{Route: opt})
			if errors.Is(err, ErrNoPath) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			for range 15 {
				p := m.Position.Add(geom.Pt(rng.Float64()*20-10, rng.Float64()*20-10))
				c, last, ok := f.CostTo(p)
				r, err := rt.ShortestPath(id, p, opt)
				switch {
				case err != nil && ok:
					t.Errorf("%s to %v: field cost %v, ShortestPath: %v", id, p, c, err)
				case err == nil && r.Cost <= 10-1e-6 && !ok:
					t.Errorf("%s to %v: field unreachable, ShortestPath cost %v", id, p, r.Cost)
				case err == nil && ok && math.Abs(r.Cost-c) > 1e-6:
					t.Errorf("%s to %v (weighted %v): field cost %v, ShortestPath %v", id, p, !unweighted, c, r.Cost)
				}
				if ok {
					checked++
					path := f.Path(p, last)
					chk, err := CheckPath(bf, id, path, PathOptions{})
					if err != nil || !chk.Legal || (!unweighted && math.Abs(chk.Cost-c) > 1e-6) {
						t.Errorf("%s path %v: CheckPath %+v, %v; field cost %v", id, path, chk, err, c)
					}
				}
			}
		}
		if checked < 10 {
			t.Errorf("weighted %v: only %d reachable points checked", !unweighted, checked)
		}
	}
}
