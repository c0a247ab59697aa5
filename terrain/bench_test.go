package terrain

import (
	"testing"

	"github.com/sightline/sightline/geom"
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
// BenchmarkNew): the occluders of the battlefield moved from are built, as
// in a client that queries between moves.
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
		nb, err := bf.MoveModel(m.ID, geom.Pt(m.Position.X+d, m.Position.Y), m.Facing)
		if err != nil {
			b.Fatal(err)
		}
		nb.Occluders()
	}
}
