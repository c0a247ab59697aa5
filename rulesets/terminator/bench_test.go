package terminator

import (
	"testing"

	"github.com/sightline/sightline/terrain"
)

// benchField is the project's reference table (terrain.DefaultGenerate():
// 48 x 48 in, 50 pieces, 60 models), the first ground model and the first
// ground enemy of another side; options hold the fixture lengths.
func benchField(b *testing.B) (*terrain.Battlefield, *terrain.Model, *terrain.Model) {
	b.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	var s, t *terrain.Model
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.Airborne() || m.Garrison != nil {
			continue
		}
		switch {
		case s == nil:
			s = m
		case t == nil && m.Side != s.Side:
			t = m
		}
	}
	if s == nil || t == nil {
		b.Fatal("reference table lacks two ground models of different sides")
	}
	return bf, s, t
}

// BenchmarkCheckShot: a rifle shot on the reference table (bands, the
// melee-range scan of every model, sight, visible fraction for cover).
func BenchmarkCheckShot(b *testing.B) {
	bf, s, t := benchField(b)
	o := fixtureOptions()
	o.LongRange = length(100)
	w, _ := BuiltinWeapon("Gewehr")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckShot(bf, s.ID, t.ID, w, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckShotArea: a grenade (small-area sweep of a 1 x 0.5 in
// strip around the target, friendly-fire veto) on the reference table.
func BenchmarkCheckShotArea(b *testing.B) {
	bf, s, t := benchField(b)
	o := fixtureOptions()
	o.LongRange = length(100)
	o.Templates.Melee = &Template{Shape: "strip", Length: length(1), Width: 0.5}
	w, _ := BuiltinWeapon("Granatwerfer")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckShot(bf, s.ID, t.ID, w, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckCommand: a leader's command range over the reference
// table's allies (range and sight to each ally within 6 in).
func BenchmarkCheckCommand(b *testing.B) {
	bf, s, _ := benchField(b)
	o := fixtureOptions()
	o.Profiles = map[string]Profile{s.ID: {Command: 2}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckCommand(bf, s.ID, AbilityRally, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckMove: a 2-leg, 5 in walk across the reference table.
func BenchmarkCheckMove(b *testing.B) {
	bf, s, _ := benchField(b)
	o := fixtureOptions()
	p := s.Position
	path := pts(p.X, p.Y, p.X+3, p.Y, p.X+3, p.Y+2)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckMove(bf, s.ID, path, false, o); err != nil {
			b.Fatal(err)
		}
	}
}
