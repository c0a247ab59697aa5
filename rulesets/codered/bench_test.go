package codered

import (
	"testing"

	"github.com/sightline/sightline/geom"

	"github.com/sightline/sightline/terrain"
)

func BenchmarkLineOfSight(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	ms := bf.Models()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a, c := &ms[i%len(ms)], &ms[(i*7+3)%len(ms)]
		_ = LineOfSight(bf, ViewerOf(a, o), ViewerOf(c, o), o)
	}
}

func BenchmarkCheckShot(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	ms := bf.Models()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a, c := &ms[i%len(ms)], &ms[(i*7+3)%len(ms)]
		if a.ID == c.ID {
			continue
		}
		if _, err := CheckShot(bf, a.ID, c.ID, Weapon{}, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckMove(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	ms := bf.Models()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := &ms[i%len(ms)]
		c := Centre(m, o)
		typ := MoveJump
		if isVehicle(m) {
			typ = MoveTactical
		}
		plan := MovePlan{Type: typ, Path: []geom.Point{c, c.Add(geom.Pt(3, 2)), c.Add(geom.Pt(6, 7))}}
		if _, err := CheckMove(bf, m.ID, plan, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScatterBlast(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	w := Weapon{Class: 2, AP: 6, AT: 8}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dev, _, _ := Deviation(2, i%20)
		p := Scatter(geom.Pt(24, 24), dev, float64(i%360), o)
		_ = Blast(bf, p, w, dev, nil, o)
	}
}
