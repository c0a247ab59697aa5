package movement

import (
	"fmt"
	"math/rand"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/internal/cputime"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// refTable returns the project's reference table, a ground model on it and
// a legal far destination for that model.
func refTable(b *testing.B) (*terrain.Battlefield, string, geom.Point) {
	b.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range bf.Models() {
		if m.Class != terrain.Infantry || m.Garrison != nil || m.Base.Shape != terrain.BaseCircle {
			continue
		}
		// the farthest reachable of a few candidate points
		for _, d := range []geom.Point{geom.Pt(48-m.Position.X, 48-m.Position.Y), geom.Pt(48-m.Position.X, m.Position.Y), geom.Pt(m.Position.X, 48-m.Position.Y)} {
			if _, err := ShortestPath(bf, m.ID, d, RouteOptions{}); err == nil {
				return bf, m.ID, d
			}
		}
	}
	b.Skip("no routable model on the reference table")
	return nil, "", geom.Point{}
}

// cpuMeter measures, as cpu-ns/op, the CPU time the benchmark's own
// thread spends in the timed parts: wall-clock ns/op is unreliable on a
// machine shared with other jobs, the thread's CPU time much less so.
// Wrap each timed part in start and stop (the thread is locked between
// the first start and report); report divides by the ops.
type cpuMeter struct {
	b     *testing.B
	total time.Duration
	t0    time.Duration
	ok    bool
}

func newCPUMeter(b *testing.B) *cpuMeter {
	runtime.LockOSThread()
	_, ok := cputime.Thread()
	return &cpuMeter{b: b, ok: ok}
}

func (m *cpuMeter) start() { m.t0, _ = cputime.Thread() }

func (m *cpuMeter) stop() {
	t1, _ := cputime.Thread()
	m.total += t1 - m.t0
}

func (m *cpuMeter) report(ops int) {
	runtime.UnlockOSThread()
	if m.ok && ops > 0 {
		m.b.ReportMetric(float64(m.total.Nanoseconds())/float64(ops), "cpu-ns/op")
	}
}

func BenchmarkCheckPath(b *testing.B) {
	bf, id, dest := refTable(b)
	r, err := ShortestPath(bf, id, dest, RouteOptions{})
	if err != nil {
		b.Fatal(err)
	}
	path := make([]geom.Point, len(r.Path))
	for i, p := range r.Path {
		path[i] = geom.Pt(p[0], p[1])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := CheckPath(bf, id, path, PathOptions{Models: ModelsAlongPath, Budget: 12}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShortestPath is a query on a Router whose graph is complete.
func BenchmarkShortestPath(b *testing.B) {
	bf, id, dest := refTable(b)
	for _, c := range []struct {
		name string
		opt  RouteOptions
	}{{"weighted", RouteOptions{}}, {"unweighted", RouteOptions{Unweighted: true}}} {
		b.Run(c.name, func(b *testing.B) {
			rt := NewRouter(bf)
			if _, err := rt.ShortestPath(id, dest, c.opt); err != nil { // complete the graph
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			m := newCPUMeter(b)
			m.start()
			for range b.N {
				if _, err := rt.ShortestPath(id, dest, c.opt); err != nil {
					b.Fatal(err)
				}
			}
			m.stop()
			m.report(b.N)
		})
	}
}

// variedQueries is the number of routes per table of
// BenchmarkShortestPathVaried.
const variedQueries = 50

// BenchmarkShortestPathVaried is warm weighted routes between a random
// model and a random legal destination, variedQueries of them on each of
// the generated tables of seeds 1-4 (one Router per table, each route run
// once before the timer): a change that speeds up the reference query
// should not slow these. Each op is one route, taken in turn; measure at
// multiples of 4·variedQueries ops so that every run covers the same
// routes.
func BenchmarkShortestPathVaried(b *testing.B) {
	type route struct {
		rt *Router
		id string
		to geom.Point
	}
	var routes []route
	for seed := int64(1); seed <= 4; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			b.Fatal(err)
		}
		rt := NewRouter(bf)
		rng := rand.New(rand.NewSource(seed))
		ms, tb := bf.Models(), bf.Table()
		for n, tries := 0, 0; n < variedQueries; tries++ {
			if tries > 100*variedQueries {
				b.Fatalf("seed %d: only %d routable destinations", seed, n)
			}
			m := ms[rng.Intn(len(ms))]
			to := geom.Pt(rng.Float64()*tb.Width, rng.Float64()*tb.Depth)
			if _, err := rt.ShortestPath(m.ID, to, RouteOptions{}); err != nil {
				continue // blocked destination or no route
			}
			routes = append(routes, route{rt, m.ID, to})
			n++
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	m := newCPUMeter(b)
	m.start()
	for i := range b.N {
		r := routes[i%len(routes)]
		if _, err := r.rt.ShortestPath(r.id, r.to, RouteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	m.stop()
	m.report(b.N)
}

func BenchmarkObstacleSetBuild(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := range b.N {
		key := setKey{radius: 0.5 + float64(i%1000)*1e-6, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry)}
		if _, err := buildSet(bf, key); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCoherency30(b *testing.B) {
	var ms []terrain.Model
	for i := range 30 {
		m := disc(fmt.Sprintf("m%02d", i), terrain.Infantry, 5+float64(i%6)*1.2, 5+float64(i/6)*1.2, 1)
		ms = append(ms, m)
	}
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, ms)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		rule CoherencyRule
	}{{"center", CoherencyRule{Chain: 2, All: 9}}, {"edge", CoherencyRule{Chain: 1, All: 9, Measure: Edges}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := Coherency(bf, "s", c.rule); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkShortestPathCold is a first query on a fresh battlefield (what a
// one-shot CLI run pays): the obstacle set and the edges it touches are
// built inside the timed region.
func BenchmarkShortestPathCold(b *testing.B) {
	_, id, dest := refTable(b)
	b.ReportAllocs()
	m := newCPUMeter(b)
	for range b.N {
		b.StopTimer()
		bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		m.start()
		if _, err := ShortestPath(bf, id, dest, RouteOptions{}); err != nil {
			b.Fatal(err)
		}
		m.stop()
	}
	m.report(b.N)
}

// BenchmarkShortestPathColdDefault is the default scenario's path-past-hill
// query (vehicle sabre-3 to (36, 10), weighted: woods are difficult for
// vehicles) on a fresh battlefield per iteration, as `sightline demo` runs
// it.
func BenchmarkShortestPathColdDefault(b *testing.B) {
	f := scenario.Default()
	b.ReportAllocs()
	m := newCPUMeter(b)
	for range b.N {
		b.StopTimer()
		bf, err := terrain.New(f.Table, f.Pieces, f.Models)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		m.start()
		if _, err := ShortestPath(bf, "sabre-3", geom.Pt(36, 10), RouteOptions{}); err != nil {
			b.Fatal(err)
		}
		m.stop()
	}
	m.report(b.N)
}

// BenchmarkShortestPathColdUnweighted is BenchmarkShortestPathCold with
// difficult terrain unweighted.
func BenchmarkShortestPathColdUnweighted(b *testing.B) {
	_, id, dest := refTable(b)
	b.ReportAllocs()
	m := newCPUMeter(b)
	for range b.N {
		b.StopTimer()
		bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		m.start()
		if _, err := ShortestPath(bf, id, dest, RouteOptions{Unweighted: true}); err != nil {
			b.Fatal(err)
		}
		m.stop()
	}
	m.report(b.N)
}

// BenchmarkShortestPathColdParts is BenchmarkShortestPathCold in two
// timed parts: the obstacle set's build (Router.set, for the key the
// query asks for) and the query on it (the first candidate lists and edge
// blockers, then the search). It reports the median wall time per
// iteration of each part, which a shared machine's preemptions move less
// than the mean. (The thread's CPU clock is no good for parts this short:
// summed per part it disagrees with the wall time by tens of percent,
// though over whole queries the two agree.)
func BenchmarkShortestPathColdParts(b *testing.B) {
	_, id, dest := refTable(b)
	b.ReportAllocs()
	var wb, wq []float64
	for range b.N {
		b.StopTimer()
		bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
		if err != nil {
			b.Fatal(err)
		}
		m, prof, alt, err := setup(bf, id, nil)
		if err != nil {
			b.Fatal(err)
		}
		chord, _, err := routeKnobs(bf.Table(), m.Position, dest, RouteOptions{})
		if err != nil {
			b.Fatal(err)
		}
		rt := NewRouter(bf)
		b.StartTimer()
		t0 := time.Now()
		if _, err := rt.set(setKey{radius: moverOf(m).r, chord: chord, prof: prof, alt: alt}); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := rt.ShortestPath(id, dest, RouteOptions{}); err != nil {
			b.Fatal(err)
		}
		wb, wq = append(wb, float64(t1.Sub(t0))), append(wq, float64(time.Since(t1)))
	}
	slices.Sort(wb)
	slices.Sort(wq)
	b.ReportMetric(wb[len(wb)/2], "build-median-ns")
	b.ReportMetric(wq[len(wq)/2], "query-median-ns")
}
