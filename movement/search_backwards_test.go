package movement

import (
	"math"
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// routeForced is Router.ShortestPath's weighted route for model id to
// `to` with the weighted search run forwards (force 1) or backwards
// (force −1) whatever backwards says; ok is false when there is no route
// or either end is blocked.
func routeForced(t *testing.T, rt *Router, id string, to geom.Point, force int8) ([]geom.Point, float64, bool) {
	t.Helper()
	m, prof, alt, err := setup(rt.bf, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mv := moverOf(m)
	chord, spacing, err := routeKnobs(rt.bf.Table(), m.Position, to, RouteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	set, err := rt.set(setKey{radius: mv.r, chord: chord, prof: prof, alt: alt})
	if err != nil {
		t.Fatal(err)
	}
	q := newQuery(set, rt.bf.Table(), mv.r, m.ID, RouteOptions{})
	q.force = force
	if _, bad := q.pointBlocked(m.Position); bad {
		return nil, 0, false
	}
	if _, bad := q.pointBlocked(to); bad {
		return nil, 0, false
	}
	pts, cost, ok, err := q.route(m.Position, to, spacing)
	if err != nil {
		t.Fatal(err)
	}
	return pts, cost, ok
}

// TestSearchBackwardsSameCost checks that the weighted search run from
// the goal finds the forward search's optimum: the same graph both ways.
// The seed-2 table's routes include goals inside difficult terrain
// reached from an obstacle's node on a leg not tangent there (a search
// from the goal that asked its first legs to be tangent found 26.653 in
// instead of 26.549 in for one of them) and starts whose best first leg
// reaches a node non-tangent (a search from the goal that did not ask
// its last legs to be tangent, as the forward search asks its first
// ones, would find cheaper routes than the forward graph holds).
func TestSearchBackwardsSameCost(t *testing.T) {
	if testing.Short() {
		t.Skip("routes a few hundred queries both ways")
	}
	for _, seed := range []int64{2, 3} {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		rt := NewRouter(bf)
		rng := rand.New(rand.NewSource(seed))
		ms, tb := bf.Models(), bf.Table()
		n := 0
		for range 300 {
			m := ms[rng.Intn(len(ms))]
			to := geom.Pt(rng.Float64()*tb.Width, rng.Float64()*tb.Depth)
			fp, fc, fok := routeForced(t, rt, m.ID, to, 1)
			bp, bc, bok := routeForced(t, rt, m.ID, to, -1)
			if fok != bok {
				t.Fatalf("seed %d, %s to %v: found forwards %v, backwards %v", seed, m.ID, to, fok, bok)
			}
			if !fok {
				continue
			}
			n++
			if math.Abs(fc-bc) > 1e-9 {
				t.Errorf("seed %d, %s to %v: cost forwards %.9f (%v), backwards %.9f (%v)", seed, m.ID, to, fc, fp, bc, bp)
			}
			if bp[0] != m.Position || bp[len(bp)-1] != to {
				t.Errorf("seed %d, %s to %v: backwards route %v does not run from the start to the goal", seed, m.ID, to, bp)
			}
		}
		if n < 100 {
			t.Errorf("seed %d: only %d routes", seed, n)
		}
	}
}

// TestSearchBackwardsTangentStart is a route on the 3,000-piece table
// whose start would reach a node more cheaply on a leg not tangent there
// (15.513950 in instead of 15.515173): the forward graph has no such
// edge, so the search from the goal must not take it either.
func TestSearchBackwardsTangentStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 3,000-piece table")
	}
	bf, err := terrain.GenerateBattlefield(1, terrain.ScaledGenerate(3000))
	if err != nil {
		t.Fatal(err)
	}
	// the 116th destination drawn as the route dump draws them
	rng := rand.New(rand.NewSource(1))
	ms := bf.Models()
	var m terrain.Model
	var to geom.Point
	for range 116 {
		m = ms[rng.Intn(len(ms))]
		to = geom.Pt(m.Position.X+(rng.Float64()*2-1)*30, m.Position.Y+(rng.Float64()*2-1)*30)
	}
	rt := NewRouter(bf)
	_, fc, fok := routeForced(t, rt, m.ID, to, 1)
	_, bc, bok := routeForced(t, rt, m.ID, to, -1)
	if !fok || !bok || math.Abs(fc-15.515172926) > 1e-6 || math.Abs(bc-fc) > 1e-9 {
		t.Errorf("%s to %v: forwards %.9f (%v), backwards %.9f (%v), want both 15.515172926", m.ID, to, fc, fok, bc, bok)
	}
}
