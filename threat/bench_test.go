package threat

import (
	"context"
	"testing"
)

// BenchmarkReferenceMap maps the whole 48 x 48 in reference table at
// 0.25 in (36,864 cells) against 10 observers; run with -cpu 1 and -cpu 2
// (Workers follows GOMAXPROCS). ns/cell is the cost of one cell.
func BenchmarkReferenceMap(b *testing.B) {
	bf, model, obs := refSetup(b, 10)
	opt := Options{Range: 24}
	var cells int
	for b.Loop() {
		m, err := Compute(context.Background(), bf, model, obs, opt)
		if err != nil {
			b.Fatal(err)
		}
		cells = len(m.Cells)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*cells), "ns/cell")
}
