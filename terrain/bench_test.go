package terrain

import (
	"runtime"
	"testing"
	"time"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/internal/cputime"
)

func BenchmarkNew(b *testing.B) {
	tab, p, m := Generate(1, DefaultGenerate())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(tab, p, m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVisitSegment(b *testing.B) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	// corner to corner across the reference table at eye height
	s := geom.Segment3{A: geom.V3(1, 1, 0.5), B: geom.V3(47, 47, 0.5)}
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		bf.VisitSegment(s, func(Item) bool { n++; return true })
	}
	if n == 0 {
		b.Fatal("no items visited")
	}
}

func BenchmarkVisitRect(b *testing.B) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	r := geom.RectFromPoints(geom.Pt(18, 18), geom.Pt(30, 30))
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		bf.VisitRect(r, func(Item) bool { n++; return true })
	}
	if n == 0 {
		b.Fatal("no items visited")
	}
}

// BenchmarkMoveModel moves one model of the reference table (compare with
// BenchmarkNew, which does not build the occluders either; see
// BenchmarkMoveVsNew).
func BenchmarkMoveModel(b *testing.B) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	bf.Occluders()
	m := bf.Models()[0]
	b.ReportAllocs()
	i := 0
	for ; b.Loop(); i++ {
		d := 0.01 * float64(i%8)
		if _, err := bf.MoveModel(m.ID, geom.Pt(m.Position.X+d, m.Position.Y), m.Facing); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoveModelOccluders is BenchmarkMoveModel with the occluders a
// first query of the moved battlefield derives (see Battlefield.Occluders).
func BenchmarkMoveModelOccluders(b *testing.B) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	bf.Occluders()
	m := bf.Models()[0]
	b.ReportAllocs()
	i := 0
	for ; b.Loop(); i++ {
		d := 0.01 * float64(i%8)
		nb, err := bf.MoveModel(m.ID, geom.Pt(m.Position.X+d, m.Position.Y), m.Facing)
		if err != nil {
			b.Fatal(err)
		}
		nb.Occluders()
	}
}

// BenchmarkRemoveAddModel removes one model of the reference table and
// adds it back (WithoutModel, then WithModel: two edits).
func BenchmarkRemoveAddModel(b *testing.B) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	bf.Occluders()
	m := bf.Models()[0]
	b.ReportAllocs()
	for b.Loop() {
		nb, err := bf.WithoutModel(m.ID)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := nb.WithModel(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoveVsNew alternates New of the reference table with a move of
// one of its models, timing each phase, and reports the ratios of their
// summed CPU times of the benchmark's thread (on a loaded machine wall
// time says little; run with GOGC=off so that no phase pays for the
// other's garbage): move/new is MoveModel against New, both without the
// occluders the first query builds lazily; move+occ/new+occ adds them
// (derived from the old battlefield's after a move, built whole after New).
func BenchmarkMoveVsNew(b *testing.B) {
	tab, p, ms := Generate(1, DefaultGenerate())
	b.ReportAllocs()
	var tNew, tNewOcc, tMove, tMoveOcc time.Duration
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	threadCPU := func() time.Duration { d, _ := cputime.Thread(); return d }
	i := 0
	for ; b.Loop(); i++ {
		t0 := threadCPU()
		bf, err := New(tab, p, ms)
		if err != nil {
			b.Fatal(err)
		}
		t1 := threadCPU()
		bf.Occluders()
		t2 := threadCPU()
		m := bf.Models()[i%len(ms)]
		nb, err := bf.MoveModel(m.ID, geom.Pt(m.Position.X+0.01, m.Position.Y), m.Facing)
		t3 := threadCPU()
		if err == nil {
			nb.Occluders()
		}
		t4 := threadCPU()
		tNew, tNewOcc, tMove, tMoveOcc = tNew+t1-t0, tNewOcc+t2-t1, tMove+t3-t2, tMoveOcc+t4-t3
	}
	b.ReportMetric(float64(tMove)/float64(tNew), "move/new")
	b.ReportMetric(float64(tMove+tMoveOcc)/float64(tNew+tNewOcc), "move+occ/new+occ")
	b.ReportMetric(float64(tMove.Nanoseconds())/float64(i), "move-cpu-ns/op")
	b.ReportMetric(float64(tNew.Nanoseconds())/float64(i), "new-cpu-ns/op")
}
