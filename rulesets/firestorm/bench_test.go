package firestorm

import (
	"testing"

	"github.com/sightline/sightline/geom"
)

// benchTable is a 48 x 48 in space table with 20 pieces (debris, gas,
// minefields and two moons), a squadron of three cruisers and a target.
func benchTable() table {
	tb := table{w: 48, d: 48, opts: `{"ships": {"v1": {"rank": 2, "move": 8}}}`, ships: []sp{
		{id: "v1", side: "red", squad: "v", x: 6, y: 4, facing: 90, base: 1.5},
		{id: "v2", side: "red", squad: "v", x: 10, y: 4, facing: 90, base: 1.5},
		{id: "v3", side: "red", squad: "v", x: 14, y: 4, facing: 90, base: 1.5},
		{id: "t", side: "blue", squad: "t", x: 12, y: 24, base: 1.5}}}
	kinds := []string{"debris", "gas", "minefield", "debris"}
	for i := 0; i < 18; i++ {
		x, y := 4+float64(i%6)*8, 10+float64(i/6)*12
		tb.pieces = append(tb.pieces, disc(sprintf("p%d", i), kinds[i%4], x, y, 1.5))
	}
	tb.pieces = append(tb.pieces, disc("moon1", "occupied", 40, 40, 3), disc("moon2", "occupied", 30, 4, 2))
	return tb
}

// BenchmarkCheckAttack is a squadron of three combining on one target
// through the 20-piece table.
func BenchmarkCheckAttack(b *testing.B) {
	bf, opt := benchTable().bf(b)
	fs := []Firer{{"v1", massDriver}, {"v2", massDriver}, {"v3", massDriver}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckAttack(bf, fs, "t", opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckShot is one firer's shot on the same table.
func BenchmarkCheckShot(b *testing.B) {
	bf, opt := benchTable().bf(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckShot(bf, "v1", "t", massDriver, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckMove is one cruiser's turn-move-turn across the table.
func BenchmarkCheckMove(b *testing.B) {
	bf, opt := benchTable().bf(b)
	facing := 45.0
	plan := MovePlan{To: geom.Pt(6, 12), Facing: &facing}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckMove(bf, "v1", plan, opt); err != nil {
			b.Fatal(err)
		}
	}
}
