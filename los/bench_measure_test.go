package los

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// msRefTable is the project's reference table with two ground models of it.
func msRefTable(b *testing.B) (bf *terrain.Battlefield, from, to string) {
	b.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	var ids []string
	for _, m := range bf.Models() {
		if !m.Airborne() && m.Garrison == nil {
			ids = append(ids, m.ID)
		}
	}
	if len(ids) < 2 {
		b.Skip("reference table has fewer than two ground models")
	}
	return bf, ids[0], ids[len(ids)-1]
}

func BenchmarkRange(b *testing.B) {
	bf, from, to := msRefTable(b)
	for _, mode := range []RangeMode{RangeCenter, RangeEdge, RangeStand, RangeGround} {
		b.Run(string(mode), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Range(bf, from, to, mode); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkInArc(b *testing.B) {
	bf, from, to := msRefTable(b)
	for _, c := range []struct {
		name string
		arc  string
		opt  ArcOptions
	}{
		{"quadrant-center", ArcFore, ArcOptions{}},
		{"front-any", ArcFront, ArcOptions{Containment: ContainAny}},
		{"wedge", ArcWedgeFront, ArcOptions{}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := InArc(bf, from, to, c.arc, c.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAreaCrossings(b *testing.B) {
	bf, _, _ := msRefTable(b)
	b.ReportAllocs()
	for b.Loop() {
		AreaCrossings(bf, geom.Pt(1, 1), geom.Pt(47, 47), AreaFilter{})
	}
}

func BenchmarkLevelAt(b *testing.B) {
	bf, _, _ := msRefTable(b)
	b.ReportAllocs()
	for b.Loop() {
		LevelAt(bf, geom.Pt(23.5, 24.5), LevelRules{})
	}
}

func BenchmarkFirstSightAlongPath(b *testing.B) {
	bf, from, to := msRefTable(b)
	path := []geom.Point{geom.Pt(2, 2), geom.Pt(46, 2), geom.Pt(46, 46)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FirstSightAlongPath(bf, from, to, path, PathOptions{Step: 0.25}); err != nil {
			b.Fatal(err)
		}
	}
}
