package threat

import (
	"context"
	"testing"

	"github.com/sightline/sightline/internal/cputime"
)

// BenchmarkReferenceMap maps the whole 48 x 48 in reference table at
// 0.25 in (36,864 cells) against 10 observers with a weapon range; run
// with -cpu 1 and -cpu 2 (Workers follows GOMAXPROCS). cpu-ns/op is the
// process's CPU time per map, cpu-ns/cell and ns/cell per cell.
func BenchmarkReferenceMap(b *testing.B) {
	bf, model, obs := refSetup(b, 10)
	opt := Options{Range: 24}
	cells := 0
	cpu0, _ := cputime.Process()
	for b.Loop() {
		m, err := Compute(context.Background(), bf, model, obs, opt)
		if err != nil {
			b.Fatal(err)
		}
		cells = len(m.Cells)
	}
	cpu1, _ := cputime.Process()
	cpu := float64(cpu1 - cpu0)
	b.ReportMetric(cpu/float64(b.N), "cpu-ns/op")
	b.ReportMetric(cpu/float64(b.N*cells), "cpu-ns/cell")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*cells), "ns/cell")
}
