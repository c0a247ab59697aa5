package los

import (
	"sort"
	"testing"
	"time"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// refTable is the project's reference table (terrain.DefaultGenerate).
func refTable(b testing.TB) *terrain.Battlefield {
	b.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate)
	if err != nil {
		b.Fatal(err)
	}
	return bf
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
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		s := segs[i%len(segs)]
		SightSegment(bf, s[0], s[1], Options{})
	}
}

func BenchmarkSight(b *testing.B) {
	bf := refTable(b)
	ms := bf.Models()
	pairs := refPairs(bf)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		if _, err := Sight(bf, ms[p[0]].ID, ms[p[1]].ID, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVisibleFraction reports the mean per op and, as median-ns/op,
// the median over all pairs of the reference table.
func BenchmarkVisibleFraction(b *testing.B) {
	bf := refTable(b)
	ms := bf.Models()
	pairs := refPairs(bf)
	times := make([]time.Duration, 0, len(pairs))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		t0 := time.Now()
		if _, err := VisibleFraction(bf, ms[p[0]].ID, ms[p[1]].ID, Options{}); err != nil {
			b.Fatal(err)
		}
		if len(times) < cap(times) {
			times = append(times, time.Since(t0))
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if len(times) > 0 {
		b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/op")
	}
}

func BenchmarkFractionMatrix(b *testing.B) {
	bf := refTable(b)
	b.ReportAllocs()
	for b.Loop() {
		FractionMatrix(bf, Options{})
	}
}

func BenchmarkFractionMatrixParallel(b *testing.B) {
	bf := refTable(b)
	b.ReportAllocs()
	for b.Loop() {
		FractionMatrixParallel(bf, Options{}, 0)
	}
}
