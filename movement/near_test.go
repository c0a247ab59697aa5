package movement

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestNearSearchSameRoutes: routes found by the bounded searches of
// searchNear (ellipses, rings skipped by their disc) through scratch
// reused across tables of different sizes equal, to the bit, those of the
// unbounded search on a fresh scratch, weighted and unweighted, on random
// queries over generated tables (two of the reference size, one of 800
// pieces), near and far.
func TestNearSearchSameRoutes(t *testing.T) {
	type table struct {
		bf  *terrain.Battlefield
		ids []string
		rt  *Router
	}
	var tabs []table
	for seed, gen := range []terrain.GenerateOptions{terrain.DefaultGenerate(), terrain.DefaultGenerate(), terrain.ScaledGenerate(800)} {
		bf, err := terrain.GenerateBattlefield(int64(seed+1), gen)
		if err != nil {
			t.Fatal(err)
		}
		tb := table{bf: bf, rt: NewRouter(bf)}
		for _, m := range bf.Models() {
			if m.Garrison == nil && !m.Airborne() {
				tb.ids = append(tb.ids, m.ID)
			}
		}
		tabs = append(tabs, tb)
	}
	bounds, pool := nearBounds, scratchPool.New
	defer func() { nearBounds = bounds }()
	rng := rand.New(rand.NewPCG(3, 11))
	found, detours := 0, 0
	for k := range 150 {
		tb := tabs[k%len(tabs)] // alternate: the pooled scratch changes size
		id := tb.ids[rng.IntN(len(tb.ids))]
		m, _ := tb.bf.Model(id)
		span := 48.0
		if k%4 == 0 {
			span = 160 // far destinations on the large table
		}
		W, D := tb.bf.Table().Width, tb.bf.Table().Depth
		d := m.Position.Add(geom.Pt((rng.Float64()-0.5)*span, (rng.Float64()-0.5)*span))
		d = geom.Pt(min(max(d.X, 0), W), min(max(d.Y, 0), D))
		for _, opt := range []RouteOptions{{}, {Unweighted: true}} {
			nearBounds = bounds
			got, gerr := tb.rt.ShortestPath(id, d, opt)
			nearBounds = nil
			scratchPool = sync.Pool{New: pool} // a fresh scratch
			want, werr := tb.rt.ShortestPath(id, d, opt)
			if (gerr == nil) != (werr == nil) || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s to %v %+v: near search %+v (%v), unbounded %+v (%v)", id, d, opt, got, gerr, want, werr)
			}
			if werr == nil {
				found++
				if len(want.Path) > 2 {
					detours++
				}
			}
		}
	}
	if found < 60 || detours < 40 {
		t.Errorf("%d routes found, %d not straight: the comparison is too weak", found, detours)
	}
	t.Logf("%d routes, %d not straight", found, detours)
}

// TestNearCandsBruteForce: the candidates nearCands finds ring by ring are
// exactly the usable nodes inside the ellipse, in index order and with
// their distance to the second focus, for random ellipses (thin to wide,
// some with a focus off the table) on a table of 800 pieces, the mover's
// own model excluded.
func TestNearCandsBruteForce(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(5, terrain.ScaledGenerate(800))
	if err != nil {
		t.Fatal(err)
	}
	set, err := NewRouter(bf).set(setKey{radius: 0.5, chord: 0.05, prof: ProfileFor(terrain.Infantry)})
	if err != nil {
		t.Fatal(err)
	}
	self := ""
	for _, i := range set.models {
		self = set.obs[i].id
		break
	}
	q := newQuery(set, bf.Table(), 0.5, self, RouteOptions{})
	W, D := bf.Table().Width, bf.Table().Depth
	rng := rand.New(rand.NewPCG(5, 1))
	total := 0
	for range 300 {
		from := geom.Pt(rng.Float64()*(W+20)-10, rng.Float64()*(D+20)-10)
		to := from.Add(geom.Pt((rng.Float64()-0.5)*80, (rng.Float64()-0.5)*80))
		lim := dist(from, to) * (1 + rng.Float64()*rng.Float64()*3)
		var want []packed
		for k := range set.nodes {
			p := set.nodes[k].p
			if q.usable(&set.nodes[k]) && dist(from, p)+dist(p, to) <= lim {
				want = append(want, packed{p: p, h: dist(to, p), w: int32(k) + 2})
			}
		}
		got := q.nearCands(nil, from, to, lim)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("ellipse %v %v %v: %d candidates, want %d", from, to, lim, len(got), len(want))
		}
		total += len(want)
	}
	if total < 3000 {
		t.Errorf("%d candidates in all: the ellipses are too small to test", total)
	}
	t.Logf("%d candidates over %d nodes", total, len(set.nodes))
}
