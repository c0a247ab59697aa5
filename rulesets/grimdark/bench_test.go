package grimdark

import (
	"fmt"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// grid returns rows x cols models of squad, 1.5 in apart centre to centre.
func grid(prefix, squad, side string, rows, cols int, x, y float64) []terrain.Model {
	var out []terrain.Model
	for r := range rows {
		for c := range cols {
			out = append(out, inf(fmt.Sprintf("%s%d-%d", prefix, r, c), squad, side, x+1.5*float64(c), y+1.5*float64(r)))
		}
	}
	return out
}

// benchShotField: two 20-model units 14 in apart with a wall hiding part
// of the target unit and a wood holding some of it.
func benchShotField(b *testing.B) *terrain.Battlefield {
	ms := append(grid("s", "u", "red", 4, 5, 6, 18), grid("t", "foe", "blue", 4, 5, 26, 16)...)
	ps := []terrain.Piece{wall("wall", 22, 14, 22.5, 19), wood("wood", 29, 19, 34, 24)}
	return fieldSized(b, 48, 48, ps, ms...)
}

// BenchmarkCheckShot20v20: a 20-model unit shooting at a 20-model unit,
// cover by majority included (go test -bench CheckShot20v20 -benchmem
// ./rulesets/grimdark/).
func BenchmarkCheckShot20v20(b *testing.B) {
	bf := benchShotField(b)
	opt := DefaultOptions()
	w := Weapon{Name: "rifle", Range: 24}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckShot(bf, "u", "foe", w, nil, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckShot20v20Visible: the same with hits allocated only to
// visible models (every pair's sight is decided).
func BenchmarkCheckShot20v20Visible(b *testing.B) {
	bf := benchShotField(b)
	opt := DefaultOptions()
	opt.Allocation = "visible"
	w := Weapon{Name: "rifle", Range: 24}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckShot(bf, "u", "foe", w, nil, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCoherency30: GF-06 on a 30-model unit.
func BenchmarkCoherency30(b *testing.B) {
	bf := fieldSized(b, 48, 48, nil, grid("m", "u", "red", 5, 6, 10, 10)...)
	opt := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckCoherency(bf, "u", opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckMove10: a 10-model unit rushing through a wood.
func BenchmarkCheckMove10(b *testing.B) {
	ms := row("a", "u", "red", 10, 10, 20, 1.05)
	for i := range ms {
		ms[i].Position = geom.Pt(10, 20+1.05*float64(i))
	}
	bf := fieldSized(b, 48, 48, []terrain.Piece{wood("wood", 13, 18, 14, 34)}, ms...)
	paths := map[string][]geom.Point{}
	for _, m := range ms {
		paths[m.ID] = []geom.Point{m.Position, m.Position.Add(geom.Pt(6, 0))}
	}
	opt := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckMove(bf, "u", Rush, paths, opt); err != nil {
			b.Fatal(err)
		}
	}
}
