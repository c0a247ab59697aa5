package scalebench

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// The benchmarks here take BenchmarkScale/SightSegment apart
// (docs/sight.md, "Sixteenth pass" and "Seventeenth pass"): what a random
// pair costs on a large table is the sightline's own work plus what the
// caches and the branch predictor have not seen recently, and these vary
// one at a time.
//
//	go test ./internal/scalebench -run XXX -bench 'SegmentWindow|SegmentCopies|SegmentStream' -benchtime 200000x -cpu 1

// BenchmarkSegmentWindow is SightSegment's benchmark with its pairs drawn
// among the models inside one 48 x 48 in window at the middle of each
// table (the whole reference table): the same walk and code on every
// size, the sightlines passing near as much as on the reference table.
func BenchmarkSegmentWindow(b *testing.B) {
	for _, n := range Sizes {
		b.Run(fmt.Sprintf("pieces=%d", n), func(b *testing.B) {
			bf := Table(n)
			pairs := windowPairs(bf, 48)
			if len(pairs) == 0 {
				b.Fatalf("no pair of models in the window of the %d-piece table", n)
			}
			runSegmentsOn(b, bf, Segments(bf, pairs))
		})
	}
}

// BenchmarkSegmentCopies is the reference table's SightSegment benchmark
// run on 1, 4, 16 or 64 identical copies of the table, each sightline on
// the next copy: the same geometry and so the same branches, the data
// spread over up to 64 times the memory (about 3.8 MB, the 3,000-piece
// table's size). The segments stay in one array, as in BenchmarkScale, so
// that the benchmark's own reads do not grow with the copies.
func BenchmarkSegmentCopies(b *testing.B) {
	for _, c := range []int{1, 4, 16, 64} {
		b.Run(fmt.Sprintf("copies=%d", c), func(b *testing.B) {
			pairs := Pairs(Table(50), false)
			segs := make([]Segment, len(pairs))
			on := make([]*terrain.Battlefield, len(pairs))
			for k := range c {
				bf, err := terrain.GenerateBattlefield(1, terrain.ScaledGenerate(50))
				if err != nil {
					b.Fatal(err)
				}
				bf.Occluders()
				own := Segments(bf, pairs)
				for i := k; i < len(segs); i += c {
					segs[i], on[i] = own[i], bf
				}
			}
			runtime.GC()
			runSegments(b, segs, on)
		})
	}
}

// BenchmarkSegmentStream is SightSegment's benchmark on the reference
// table and the 3,000-piece one with streams of 512, 4,096 (as
// BenchmarkScale) or 262,144 random pairs, run in turn: the longer the
// stream, the less of it the caches and the branch predictor still hold
// when a pair comes round again. With 262,144 pairs and
// -benchtime 200000x the stream never comes round (on the reference
// table, of 3,540 ordered pairs, the same pair recurs, each time after
// others in a fresh order).
func BenchmarkSegmentStream(b *testing.B) {
	for _, n := range []int{50, 3000} {
		for _, c := range []int{512, 4096, 262144} {
			b.Run(fmt.Sprintf("pieces=%d/pairs=%d", n, c), func(b *testing.B) {
				bf := Table(n)
				pairs := drawPairs(bf, nil, false, c)
				if len(pairs) < c {
					b.Fatalf("%d of %d pairs drawn on the %d-piece table", len(pairs), c, n)
				}
				runSegmentsOn(b, bf, Segments(bf, pairs))
			})
		}
	}
}

// runSegments measures SightSegment over segs as benchSegment does,
// segment i on battlefield on[i] (whose ids it holds).
func runSegments(b *testing.B, segs []Segment, on []*terrain.Battlefield) {
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		j := i % len(segs)
		s := &segs[j]
		los.SightSegment(on[j], s.From, s.To, los.Options{}, s.Shooter, s.Target)
	}
	stop(i)
}

// runSegmentsOn is runSegments with every segment on bf.
func runSegmentsOn(b *testing.B, bf *terrain.Battlefield, segs []Segment) {
	on := make([]*terrain.Battlefield, len(segs))
	for i := range on {
		on[i] = bf
	}
	runSegments(b, segs, on)
}

// windowPairs returns 4,096 random pairs (fixed seed) of distinct models
// of bf standing in the side x side window at the middle of its table
// (none when fewer than two stand there).
func windowPairs(bf *terrain.Battlefield, side float64) [][2]int {
	t := bf.Table()
	x0, y0 := (t.Width-side)/2, (t.Depth-side)/2
	in := []int{}
	ms := bf.Models()
	for i := range ms {
		if p := ms[i].Position; p.X >= x0 && p.X < x0+side && p.Y >= y0 && p.Y < y0+side {
			in = append(in, i)
		}
	}
	return drawPairs(bf, in, false, 4096)
}
