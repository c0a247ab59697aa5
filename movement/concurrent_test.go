package movement

import (
	"sync"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestConcurrentRoutes runs the same queries from several goroutines on
// one fresh Router (the race detector checks its lazily completed graphs)
// and requires identical answers, equal to a sequential run of the
// uncached package-level function.
func TestConcurrentRoutes(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(3, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range bf.Models() {
		if m.Garrison == nil && !m.Airborne() && len(ids) < 4 {
			ids = append(ids, m.ID)
		}
	}
	dests := []geom.Point{geom.Pt(5, 5), geom.Pt(43, 43), geom.Pt(24, 3)}
	type answer struct {
		r   Route
		err error
	}
	run := func(route func(id string, d geom.Point) (Route, error)) []answer {
		var out []answer
		for _, id := range ids {
			for _, d := range dests {
				r, err := route(id, d)
				out = append(out, answer{r, err})
			}
		}
		return out
	}
	rt := NewRouter(bf)
	shared := func(id string, d geom.Point) (Route, error) { return rt.ShortestPath(id, d, RouteOptions{}) }
	results := make([][]answer, 4)
	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = run(shared)
		}()
	}
	wg.Wait()
	seq := run(func(id string, d geom.Point) (Route, error) { return ShortestPath(bf, id, d, RouteOptions{}) })
	routed := 0
	for i, res := range results {
		for k, a := range res {
			b := seq[k]
			if (a.err == nil) != (b.err == nil) || a.r.Cost != b.r.Cost || len(a.r.Path) != len(b.r.Path) {
				t.Errorf("goroutine %d query %d: %v/%v, sequential %v/%v", i, k, a.r.Cost, a.err, b.r.Cost, b.err)
			}
			if i == 0 && a.err == nil {
				routed++
			}
		}
	}
	if routed == 0 {
		t.Error("no query found a route: the comparison is empty")
	}
}
