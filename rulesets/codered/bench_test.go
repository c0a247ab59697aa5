package codered

import (
	"testing"

	"github.com/sightline/sightline/terrain"
)

func BenchmarkLineOfSight(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate)
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
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate)
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
