package dropzone

import (
	"os"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

func BenchmarkCheckShotTurn(b *testing.B) {
	raw, err := os.ReadFile("testdata/turn.json")
	if err != nil {
		b.Fatal(err)
	}
	f, err := scenario.DecodeBytes(raw)
	if err != nil {
		b.Fatal(err)
	}
	opt, _ := ParseOptions(f.Options)
	w, _ := BuiltinWeapon("Avenger Railgun")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CheckShot(f.Battlefield(), "sabre-1", "hunter", w, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// benchField is the project's reference table (terrain.DefaultGenerate():
// 48 x 48 in, 50 pieces, 60 models) and the first model of each class the
// benchmarks need.
func benchField(b *testing.B) (bf *terrain.Battlefield, ground, target, air *terrain.Model) {
	b.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	for i := range bf.Models() {
		m := &bf.Models()[i]
		switch {
		case m.Class == terrain.Vehicle && ground == nil:
			ground = m
		case m.Class == terrain.Aircraft && air == nil:
			air = m
		}
	}
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.Side != ground.Side && m.Garrison == nil && m.Class != terrain.Aircraft && target == nil {
			target = m
		}
	}
	if ground == nil || target == nil || air == nil {
		b.Fatal("reference table lacks a vehicle, an enemy or an aircraft")
	}
	return bf, ground, target, air
}

// BenchmarkCheckShot: a vehicle firing at an enemy ground unit on the
// reference table (arc, range, visible fraction, cover, concealment).
func BenchmarkCheckShot(b *testing.B) {
	bf, s, t, _ := benchField(b)
	w := Weapon{Range: Reach{Inches: 36}, BS: 4, Arc: "F/S", Acc: 3}
	opt := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CheckShot(bf, s.ID, t.ID, w, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckMove: a 3-leg, 9 in vehicle move across the reference table.
func BenchmarkCheckMove(b *testing.B) {
	bf, s, _, _ := benchField(b)
	p := s.Position
	plan := MovePlan{Path: []geom.Point{p, p.Add(geom.Pt(3, 0)), p.Add(geom.Pt(3, 3)), p.Add(geom.Pt(6, 3))}}
	opt := DefaultOptions()
	opt.Units = map[string]Unit{s.ID: {Bw: 9}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckMove(bf, s.ID, plan, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckFormation: the vehicle's squad on the reference table.
func BenchmarkCheckFormation(b *testing.B) {
	bf, s, _, _ := benchField(b)
	opt := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckFormation(bf, s.Squad, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckLanding: an M template under an aircraft on the reference
// table (ground units, terrain, contested-zone sight to 72 rim points).
func BenchmarkCheckLanding(b *testing.B) {
	bf, _, _, a := benchField(b)
	opt := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CheckLanding(bf, a.ID, a.Position, "M", nil, nil, opt); err != nil {
			b.Fatal(err)
		}
	}
}
