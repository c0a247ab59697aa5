package firestorm

import (
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestBoundaries are the cases players argue about at the table: a stand
// exactly on a debris edge, FT-03's base reaching into debris with its
// stand outside, and a move ending with the stand exactly on the edge.
func TestBoundaries(t *testing.T) {
	// A firer whose stand lies exactly on a debris field's edge, shooting
	// away from it: the line only touches the field (Ambiguity 6).
	for _, graze := range []bool{false, true} {
		tb := table{w: 100, d: 100, opts: sprintf(`{"grazeCounts": %v}`, graze), pieces: []string{box("d", "debris", O-6, O-3, O, O+3)},
			ships: []sp{{id: "a", x: O, y: O}, {id: "t", x: O + 12, y: O}}}
		bf, opt := tb.bf(t)
		_, r, err := CheckShot(bf, "a", "t", Weapon{ER: 10}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{false: 10, true: 5}[graze]; r.DiceAfter != want {
			t.Errorf("stand on the debris edge, grazeCounts %v: %d dice, want %d", graze, r.DiceAfter, want)
		}
	}
	// FT-03's test idea: the base (radius 0.8) reaches 0.5 in into debris
	// while the stand stays 0.3 in outside: not in the field by the stand,
	// in it by the base.
	for _, by := range []string{"stand", "base"} {
		tb := table{w: 100, d: 100, opts: `{"terrainBy": "` + by + `", "ships": {"s": {"rank": 3, "move": 8}}}`,
			pieces: []string{box("d", "debris", O-5, O+8.3, O+5, O+12)},
			ships:  []sp{{id: "s", x: O, y: O, facing: north, base: 1.6}}}
		bf, opt := tb.bf(t)
		_, r, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(O, O+8)}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]float64{"stand": 8, "base": 4}[by]; r.Allowance != want {
			t.Errorf("base 0.5 in into debris, stand 0.3 in out, terrainBy %s: allowance %v, want %v", by, r.Allowance, want)
		}
	}
	// A move whose stand ends exactly on the debris edge only touches it.
	tb := table{w: 100, d: 100, opts: `{"ships": {"s": {"rank": 3, "move": 8}}}`, pieces: []string{box("d", "debris", O-5, O+8, O+5, O+12)},
		ships: []sp{{id: "s", x: O, y: O, facing: north, base: 0.5}}}
	bf, opt := tb.bf(t)
	v, r, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(O, O+8)}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Legal || r.Allowance != 8 {
		t.Errorf("stand ending on the debris edge: legal %v allowance %v, want true 8: %s", v.Legal, r.Allowance, v.Paragraph())
	}
}
