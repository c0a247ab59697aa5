package los

import (
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/internal/cputime"
	"github.com/sightline/sightline/terrain"
)

// refTable is the project's reference table (terrain.DefaultGenerate()).
func refTable(b testing.TB) *terrain.Battlefield {
	b.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	return bf
}

// cpuMeter reports, as cpu-ns/op, the CPU time the benchmark's own thread
// spent per op: wall-clock ns/op is unreliable on a machine shared with
// other jobs, the thread's CPU time much less so. Call stop after b.Loop.
// Call stop with the number of ops after the loop.
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

// refPairs lists shooter/target index pairs of ground models (and the
// airborne ones) of the reference table.
func refPairs(bf *terrain.Battlefield) [][2]int {
	var out [][2]int
	n := len(bf.Models())
	for i := range n {
		for j := range n {
			if i != j {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func BenchmarkSightSegment(b *testing.B) {
	bf := refTable(b)
	ms := bf.Models()
	pairs := refPairs(bf)
	segs := make([][2]geom.Vec3, len(pairs))
	for k, p := range pairs {
		segs[k] = [2]geom.Vec3{ms[p[0]].EyePoint(), ms[p[1]].EyePoint()}
	}
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		s := segs[i%len(segs)]
		SightSegment(bf, s[0], s[1], Options{})
	}
	stop(i)
}

// BenchmarkSightSegmentBetweenModels is the sightline a shot traces: eye to
// eye of every pair of the reference table with the shooter and the target
// excluded, as Sight does (BenchmarkSightSegment excludes neither, so most
// of its segments start inside the shooter's own hull and are settled at
// once). The segments and ids, SightSegment's inputs, are made before the
// timer, and the loop steps through them without a division: the timed
// loop holds the call and little else.
func BenchmarkSightSegmentBetweenModels(b *testing.B) {
	bf := refTable(b)
	ms := bf.Models()
	type shot struct {
		a, b     geom.Vec3
		from, to string
	}
	var shots []shot
	for _, p := range refPairs(bf) {
		shots = append(shots, shot{ms[p[0]].EyePoint(), ms[p[1]].EyePoint(), ms[p[0]].ID, ms[p[1]].ID})
	}
	b.ReportAllocs()
	stop := cpuMeter(b)
	i, k := 0, 0
	clear := 0
	for ; b.Loop(); i++ {
		s := &shots[k]
		if k++; k == len(shots) {
			k = 0
		}
		if SightSegment(bf, s.a, s.b, Options{}, s.from, s.to).Clear {
			clear++
		}
	}
	stop(i)
	b.ReportMetric(float64(clear)/float64(max(i, 1)), "clear/op")
}

// BenchmarkSightSegmentDiagonal is the worst case of the reference table:
// the long diagonal from corner to corner at 1 in, crossing the most
// occluders.
func BenchmarkSightSegmentDiagonal(b *testing.B) {
	bf := refTable(b)
	t := bf.Table()
	segs := [2][2]geom.Vec3{
		{geom.V3(0.5, 0.5, 1), geom.V3(t.Width-0.5, t.Depth-0.5, 1)},
		{geom.V3(0.5, t.Depth-0.5, 1), geom.V3(t.Width-0.5, 0.5, 1)},
	}
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		s := segs[i%2]
		SightSegment(bf, s[0], s[1], Options{})
	}
	stop(i)
}

func BenchmarkSight(b *testing.B) {
	bf := refTable(b)
	ms := bf.Models()
	pairs := refPairs(bf)
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		if _, err := Sight(bf, ms[p[0]].ID, ms[p[1]].ID, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	stop(i)
}

// BenchmarkVisibleFraction reports the mean per op and, as median-ns/op,
// the median over all pairs of the reference table.
func BenchmarkVisibleFraction(b *testing.B) {
	bf := refTable(b)
	ms := bf.Models()
	pairs := refPairs(bf)
	times := make([]time.Duration, 0, len(pairs))
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		t0 := time.Now()
		if _, err := VisibleFraction(bf, ms[p[0]].ID, ms[p[1]].ID, Options{}); err != nil {
			b.Fatal(err)
		}
		if len(times) < cap(times) {
			times = append(times, time.Since(t0))
		}
	}
	stop(i)
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if len(times) > 0 {
		b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/op")
	}
}

func BenchmarkFractionMatrix(b *testing.B) {
	bf := refTable(b)
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		FractionMatrix(bf, Options{})
	}
	stop(i)
}

// BenchmarkFractionMatrixParallel also reports proc-cpu-ns/op, the CPU
// time of the whole process per op: with w workers really running at once
// it is about w times ns/op (on a machine whose cores are taken by other
// jobs ns/op cannot drop, but the ratio still shows the workers do not
// serialise).
func BenchmarkFractionMatrixParallel(b *testing.B) {
	bf := refTable(b)
	b.ReportAllocs()
	t0, ok := cputime.Process()
	i := 0
	for ; b.Loop(); i++ {
		FractionMatrixParallel(bf, Options{}, 0)
	}
	if t1, ok1 := cputime.Process(); ok && ok1 && i > 0 {
		b.ReportMetric(float64((t1-t0).Nanoseconds())/float64(i), "proc-cpu-ns/op")
	}
}
