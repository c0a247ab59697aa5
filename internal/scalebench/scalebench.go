// Package scalebench is the benchmark family over table size: generated
// tables at the reference table's density (terrain.ScaledGenerate) of 50,
// 200, 800 and 3,000 pieces, and the queries whose cost must not grow with
// the table (SightSegment, Sight, VisibleFraction for local and
// table-wide pairs, ShortestPath weighted and unweighted, terrain.New).
// The benchmarks are in scalebench_test.go; cmd/perfplot runs them and
// writes the table and the plot of docs/performance.md. locality_test.go
// holds three more that take SightSegment's growth with the table apart
// (pairs inside one window of each table; the reference table on many
// identical copies of itself; streams of pairs too long to be learnt).
package scalebench

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/internal/cputime"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// Sizes are the tables' piece counts (3,000 pieces: about 372 x 372 in).
var Sizes = []int{50, 200, 800, 3000}

// Case is one query measured at every size.
type Case struct {
	Name string
	// Run is the benchmark body on the table of the given piece count.
	Run func(b *testing.B, pieces int)
}

// Cases lists the queries of the family.
func Cases() []Case {
	return []Case{
		{"SightSegment", benchSegment},
		{"Sight", benchSight},
		{"VisibleFraction/local", func(b *testing.B, n int) { benchFraction(b, n, true) }},
		{"VisibleFraction/table", func(b *testing.B, n int) { benchFraction(b, n, false) }},
		{"ShortestPath/weighted", func(b *testing.B, n int) { benchRoute(b, n, false) }},
		{"ShortestPath/unweighted", func(b *testing.B, n int) { benchRoute(b, n, true) }},
		{"terrain.New", benchNew},
	}
}

// LocalRange is the largest plan distance between the models of a local
// pair, inches.
const LocalRange = 24

var (
	tablesMu sync.Mutex
	tables   = map[int]*terrain.Battlefield{}
)

// Table returns the generated table of the given piece count (seed 1),
// built once; its occluders are prepared.
func Table(pieces int) *terrain.Battlefield {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if bf, ok := tables[pieces]; ok {
		return bf
	}
	bf, err := terrain.GenerateBattlefield(1, terrain.ScaledGenerate(pieces))
	if err != nil {
		panic(fmt.Sprintf("scalebench: table of %d pieces: %v", pieces, err))
	}
	bf.Occluders()
	tables[pieces] = bf
	// The generation's garbage is collected now, not during a measured
	// loop (a collection of this heap would add thousands of
	// instructions per op to the callgrind differences).
	runtime.GC()
	return bf
}

// Pairs returns 4,096 shooter/target index pairs of distinct models of bf
// drawn at random (fixed seed); local keeps pairs at most LocalRange
// apart in plan.
func Pairs(bf *terrain.Battlefield, local bool) [][2]int {
	return drawPairs(bf, nil, local, 4096)
}

// drawPairs returns n pairs of distinct models of bf drawn at random
// (fixed seed) among the model indices in from, or among all of them when
// from is nil (Pairs' draw: its first 4,096 are Pairs'); local keeps
// pairs at most LocalRange apart in plan. It returns fewer when 1,024
// draws per pair do not find them, none from fewer than two models.
func drawPairs(bf *terrain.Battlefield, from []int, local bool, n int) [][2]int {
	ms := bf.Models()
	size := len(ms)
	if from != nil {
		size = len(from)
	}
	if size < 2 {
		return nil
	}
	pick := func(k int) int {
		if from != nil {
			return from[k]
		}
		return k
	}
	rng := rand.New(rand.NewPCG(7, uint64(size)))
	var out [][2]int
	for tries := 0; len(out) < n && tries < 1024*n; tries++ {
		i, j := pick(rng.IntN(size)), pick(rng.IntN(size))
		if i == j || (local && ms[i].Position.Sub(ms[j].Position).Norm() > LocalRange) {
			continue
		}
		out = append(out, [2]int{i, j})
	}
	return out
}

// cpuMeter reports, as cpu-ns/op, the CPU time the benchmark's own thread
// spent per op (wall-clock ns/op is unreliable on a shared machine; the
// thread's CPU time much less so). Call stop with the number of ops after
// the loop.
func cpuMeter(b *testing.B) (stop func(ops int)) {
	runtime.LockOSThread()
	t0, ok := cputime.Thread()
	return func(ops int) {
		t1, ok1 := cputime.Thread()
		runtime.UnlockOSThread()
		if ok && ok1 && ops > 0 {
			b.ReportMetric(float64((t1-t0).Nanoseconds())/float64(ops), "cpu-ns/op")
		}
	}
}

// benchSegment is the sightline a shot traces: eye to eye of random pairs,
// the shooter and the target ignored. The segments (SightSegment's
// inputs) are made before the timer: reading two random models of 3,600
// in the loop costs cache misses that are the harness's, not the query's.
func benchSegment(b *testing.B, pieces int) {
	bf := Table(pieces)
	segs := Segments(bf, Pairs(bf, false))
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		s := &segs[i%len(segs)]
		los.SightSegment(bf, s.From, s.To, los.Options{}, s.Shooter, s.Target)
	}
	stop(i)
}

// Segment is the input of one SightSegment call: the shooter's and the
// target's eyes and ids.
type Segment struct {
	From, To        geom.Vec3
	Shooter, Target string
}

// Segments returns the eye-to-eye segments of the model pairs.
func Segments(bf *terrain.Battlefield, pairs [][2]int) []Segment {
	ms := bf.Models()
	out := make([]Segment, len(pairs))
	for k, p := range pairs {
		out[k] = Segment{From: ms[p[0]].EyePoint(), To: ms[p[1]].EyePoint(), Shooter: ms[p[0]].ID, Target: ms[p[1]].ID}
	}
	return out
}

func benchSight(b *testing.B, pieces int) {
	bf := Table(pieces)
	ms := bf.Models()
	pairs := Pairs(bf, false)
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		if _, err := los.Sight(bf, ms[p[0]].ID, ms[p[1]].ID, los.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	stop(i)
}

func benchFraction(b *testing.B, pieces int, local bool) {
	bf := Table(pieces)
	ms := bf.Models()
	pairs := Pairs(bf, local)
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		if _, err := los.VisibleFraction(bf, ms[p[0]].ID, ms[p[1]].ID, los.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	stop(i)
}

// route is a ground infantry model of bf and a legal destination about
// 40 in away from it.
func route(bf *terrain.Battlefield) (string, geom.Point, bool) {
	t := bf.Table()
	for _, m := range bf.Models() {
		if m.Class != terrain.Infantry || m.Garrison != nil || m.Base.Shape != terrain.BaseCircle {
			continue
		}
		for _, d := range []geom.Point{{X: 28, Y: 28}, {X: 28, Y: -28}, {X: -28, Y: 28}, {X: -28, Y: -28}} {
			to := m.Position.Add(d)
			if to.X < 1 || to.Y < 1 || to.X > t.Width-1 || to.Y > t.Depth-1 {
				continue
			}
			if _, err := movement.ShortestPath(bf, m.ID, to, movement.RouteOptions{}); err == nil {
				return m.ID, to, true
			}
		}
	}
	return "", geom.Point{}, false
}

// benchRoute is a route of about 40 in on a Router whose graph is
// complete (warm).
func benchRoute(b *testing.B, pieces int, unweighted bool) {
	bf := Table(pieces)
	id, to, ok := route(bf)
	if !ok {
		b.Skip("no routable model")
	}
	opt := movement.RouteOptions{Unweighted: unweighted}
	rt := movement.NewRouter(bf)
	if _, err := rt.ShortestPath(id, to, opt); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		if _, err := rt.ShortestPath(id, to, opt); err != nil {
			b.Fatal(err)
		}
	}
	stop(i)
}

// benchNew is terrain.New with the occluders prepared (what the first
// sight query on a new table pays).
func benchNew(b *testing.B, pieces int) {
	tab, ps, ms := terrain.Generate(1, terrain.ScaledGenerate(pieces))
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		bf, err := terrain.New(tab, ps, ms)
		if err != nil {
			b.Fatal(err)
		}
		bf.Occluders()
	}
	stop(i)
}
