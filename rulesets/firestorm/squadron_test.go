package firestorm

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestCoherency is FT-12's Wayfarer test idea (coordinates invented by
// the digest, Errata 5) and Ambiguity 12.
func TestCoherency(t *testing.T) {
	tests := []struct {
		name   string
		e      float64
		opts   string
		ok     bool
		groups int
	}{
		{"C-E 6.5 in", 16.5, "", false, 2},
		{"C-E 6.0 in", 16, "", true, 1},
		{"broken by losses, judged at the next move", 16.5, `"losses": "next-move", "squadrons": {"w": {"brokenByLosses": true}}`, true, 2},
		{"broken by losses, at once", 16.5, `"squadrons": {"w": {"brokenByLosses": true}}`, false, 2},
	}
	for _, tc := range tests {
		var ships []sp
		for i, x := range []float64{0, 5, 10, tc.e, 20} {
			ships = append(ships, sp{id: string(rune('A' + i)), side: "red", squad: "w", x: O + x, y: O})
		}
		tb := table{w: 100, d: 100, ships: ships, opts: "{" + tc.opts + "}"}
		bf, opt := tb.bf(t)
		v, c, err := CheckCoherency(bf, "w", opt)
		if err != nil {
			t.Fatal(err)
		}
		if c.Coherent != tc.ok || len(c.Groups) != tc.groups {
			t.Errorf("%s: coherent %v groups %v, want %v %d: %s", tc.name, c.Coherent, c.Groups, tc.ok, tc.groups, v.Paragraph())
		}
	}
}

// TestSquadronMove moves three cruisers in order: the second may pass
// where the first was, and the squadron ends coherent or not.
func TestSquadronMove(t *testing.T) {
	tb := table{w: 100, d: 100, opts: `{"ships": {"a": {"rank": 3, "move": 8}, "b": {"rank": 3, "move": 8}, "c": {"rank": 3, "move": 8}}}`,
		ships: []sp{{id: "a", squad: "q", x: O, y: O + 4, facing: north}, {id: "b", squad: "q", x: O, y: O, facing: north}, {id: "c", squad: "q", x: O + 4, y: O, facing: north}}}
	bf, opt := tb.bf(t)
	moves := []ShipMove{{Model: "a", To: geom.Pt(O, O+12)}, {Model: "b", To: geom.Pt(O, O+8)}, {Model: "c", To: geom.Pt(O+4, O+8)}}
	v, r, err := CheckSquadronMove(bf, "q", moves, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Legal || !r.Coherency.Coherent {
		t.Errorf("squadron move: %s", v.Paragraph())
	}
	// b moving first would run into a.
	v, _, _ = CheckSquadronMove(bf, "q", []ShipMove{moves[1], moves[0], moves[2]}, opt)
	if v.Legal {
		t.Errorf("b through a: legal")
	}
	// c left behind breaks the squadron.
	v, r, _ = CheckSquadronMove(bf, "q", []ShipMove{moves[0], moves[1], {Model: "c", To: geom.Pt(O+12, O)}}, opt)
	if v.Legal || r.Coherency.Coherent {
		t.Errorf("c sideways: %s", v.Paragraph())
	}
	if _, _, err := CheckSquadronMove(bf, "q", []ShipMove{{Model: "zz", To: geom.Pt(0, 0)}}, opt); err == nil {
		t.Errorf("unknown ship: no error")
	}
}

// TestSectors is FT-15's test idea and Ambiguity 11.
func TestSectors(t *testing.T) {
	tb := table{w: 72, d: 48, ships: []sp{{id: "r1", side: "red", x: 30, y: 10}, {id: "r2", side: "red", x: 40, y: 20},
		{id: "b1", side: "blue", x: 60, y: 30}, {id: "r3", side: "red", x: 70, y: 40}, {id: "x", side: "red", x: 24, y: 30}}}
	bf, opt := tb.bf(t)
	ss := Sectors(bf, opt)
	if len(ss) != 6 {
		t.Fatalf("%d sectors, want 6", len(ss))
	}
	ctl := map[[2]int]string{}
	for _, s := range ss {
		ctl[s.Index] = s.Controller
	}
	want := map[[2]int]string{{0, 0}: "", {1, 0}: "red", {2, 0}: "", {0, 1}: "", {1, 1}: "red", {2, 1}: ""}
	if !maps.Equal(ctl, want) {
		t.Errorf("controllers %v, want %v", ctl, want)
	}
	// On a sector line with "both", x at (24, 30) is in columns 0 and 1.
	opt.SectorLine = "both"
	for _, s := range Sectors(bf, opt) {
		if s.Index == [2]int{0, 1} && !slices.Contains(s.Ships, "x") {
			t.Errorf("sectorLine both: x not in sector [0 1]")
		}
	}
	// A 60 x 48 table: the 12 in strip is its own sector, or merged.
	tb.w = 60
	tb.ships = nil
	bf, opt = tb.bf(t)
	if n := len(Sectors(bf, opt)); n != 6 {
		t.Errorf("60 x 48 own: %d sectors, want 6", n)
	}
	opt.SectorRemainder = "merge"
	if n := len(Sectors(bf, opt)); n != 4 {
		t.Errorf("60 x 48 merged: %d sectors, want 4", n)
	}
	tb = table{w: 24, d: 24}
	bf, opt = tb.bf(t)
	if n := len(Sectors(bf, opt)); n != 1 {
		t.Errorf("2 x 2 ft: %d sectors, want 1", n)
	}
}

// TestMinefieldCount is FT-17's test idea as corrected by Errata 1.
func TestMinefieldCount(t *testing.T) {
	tests := []struct {
		a, b   int
		tie    string
		wa, wb int
	}{{3, 1, "none", 2, 0}, {2, 1, "none", 2, 0}, {3, 2, "none", 1, 0}, {1, 1, "none", 0, 0}, {1, 0, "none", 2, 0},
		{0, 1, "none", 0, 2}, {1, 3, "none", 0, 2}, {2, 2, "one-each", 1, 1}, {0, 0, "one-each", 0, 0}}
	for _, tc := range tests {
		if a, b := MinefieldCount(tc.a, tc.b, tc.tie); a != tc.wa || b != tc.wb {
			t.Errorf("MinefieldCount(%d, %d, %s) = %d, %d, want %d, %d", tc.a, tc.b, tc.tie, a, b, tc.wa, tc.wb)
		}
	}
	tb := table{w: 48, d: 48, pieces: []string{box("mf", "minefield", 10, 10, 14, 14)},
		opts:  `{"squadrons": {"r1": {"minefieldMAR": true}, "r2": {"minefieldMAR": true}}}`,
		ships: []sp{{id: "a", side: "red", squad: "r1", x: 1, y: 1}, {id: "b", side: "red", squad: "r2", x: 3, y: 1}, {id: "c", side: "blue", squad: "b1", x: 40, y: 40}}}
	bf, opt := tb.bf(t)
	v, n := CheckMinefields(bf, [][]geom.Point{{geom.Pt(0, 0), geom.Pt(48, 0), geom.Pt(48, 12), geom.Pt(0, 12)}}, opt)
	if v.Legal || n["red"] != 2 || n["blue"] != 0 {
		t.Errorf("minefield in a zone: legal %v counts %v: %s", v.Legal, n, v.Paragraph())
	}
	v, _ = CheckMinefields(bf, [][]geom.Point{{geom.Pt(0, 0), geom.Pt(48, 0), geom.Pt(48, 10), geom.Pt(0, 10)}}, opt)
	if !v.Legal {
		t.Errorf("minefield touching a zone's edge: %s", v.Paragraph())
	}
}

// TestTerrainReview is FT-14's test idea: a 9 x 8 in debris field warns.
func TestTerrainReview(t *testing.T) {
	tb := table{w: 48, d: 48, pieces: []string{box("big", "debris", 0, 0, 9, 8), box("ok", "gas", 26, 30, 34, 38), box("mf", "minefield", 30, 30, 34.5, 34)}}
	bf, opt := tb.bf(t)
	v, w := ReviewTerrain(bf, opt)
	if !v.Legal || len(w) != 4 || !strings.Contains(w[2], "sector [1 0]") || !strings.Contains(w[3], "sector [0 1]") {
		t.Errorf("warnings %v, want big, mf and the empty sectors [1 0] and [0 1]: %s", w, v.Paragraph())
	}
}

// TestSetup is FT-23's test idea.
func TestSetup(t *testing.T) {
	if OppositeEdge("north") != "south" || OppositeEdge("West") != "east" || OppositeEdge("up") != "" {
		t.Errorf("OppositeEdge wrong")
	}
	if OppositeCorner("SW") != "NE" || OppositeCorner("ne") != "SW" || OppositeCorner("X") != "" {
		t.Errorf("OppositeCorner wrong")
	}
	if ScaledLength(12, true) != 6 || ScaledLength(12, false) != 12 {
		t.Errorf("ScaledLength wrong")
	}
	opt := DefaultOptions()
	if !ReserveArrives(5, 3, opt) || ReserveArrives(4, 3, opt) {
		t.Errorf("reserves at 8 wrong")
	}
	opt.ReserveThreshold = 7
	if !ReserveArrives(4, 3, opt) {
		t.Errorf("reserves at 7 wrong")
	}
}

// TestDebrisPlacement is FT-24's test idea on a 72 x 48 table.
func TestDebrisPlacement(t *testing.T) {
	zoneA := []geom.Point{geom.Pt(0, 0), geom.Pt(24, 0), geom.Pt(24, 48), geom.Pt(0, 48)}
	zoneB := []geom.Point{geom.Pt(52, 0), geom.Pt(72, 0), geom.Pt(72, 48), geom.Pt(52, 48)}
	tests := []struct {
		name   string
		second string
		legal  bool
	}{
		{"12.0 in apart", box("d2", "debris", 18, 22, 22, 26), true},
		{"11.9 in apart", box("d2", "debris", 18.1, 22, 22.1, 26), false},
		{"partly outside the zone", box("d2", "debris", 22, 2, 26, 6), false},
	}
	for _, tc := range tests {
		tb := table{w: 72, d: 48, pieces: []string{box("d1", "debris", 34, 22, 38, 26), tc.second, box("d3", "debris", 60, 10, 64, 14)}}
		bf, opt := tb.bf(t)
		v, err := CheckDebrisPlacement(bf, [3]string{"d1", "d2", "d3"}, [2][]geom.Point{zoneA, zoneB}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// TestSalvageAndObjectives are FT-24's and FT-25's test ideas.
func TestSalvageAndObjectives(t *testing.T) {
	tb := table{w: 72, d: 48, pieces: []string{box("d", "debris", 30, 20, 34, 24)},
		ships: []sp{{id: "a", side: "red", squad: "near", x: 34 + 7.9, y: 22}, {id: "b", side: "blue", squad: "far", x: 34 + 8.1, y: 30}}}
	bf, opt := tb.bf(t)
	_, s := Salvage(bf, opt)
	if !reflect.DeepEqual(s["d"], []string{"near"}) {
		t.Errorf("salvage %v, want [near]", s)
	}
	station := disc("st", "occupied", 36, 24, 1)
	tests := []struct {
		name     string
		rule     string
		def, att float64 // distances of the nearest stands to the station's edge
		wantSide string
		wantVP   int
	}{
		{"defender at 5.9", ObjStation, 5.9, 20, "blue", 1},
		{"attacker 5, defender 6.5", ObjStation, 6.5, 5, "red", 3},
		{"both within 6", ObjStation, 5, 5, "blue", 1},
		{"planet: attacker 7.9", ObjPlanet, 9, 7.9, "red", 5},
		{"closest", ObjClosest, 9, 7.9, "red", 2},
		{"secret base of blue, red there too", ObjSecret, 5, 5, "", 0},
		{"secret base of blue", ObjSecret, 5, 7, "blue", 5},
	}
	for _, tc := range tests {
		tb := table{w: 72, d: 48, pieces: []string{station}, ships: []sp{
			{id: "d", side: "blue", squad: "def", x: 37 + tc.def, y: 24}, {id: "a", side: "red", squad: "att", x: 35 - tc.att, y: 24}}}
		bf, opt := tb.bf(t)
		v, r, err := CheckObjective(bf, tc.rule, "st", "blue", 2, opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Controller != tc.wantSide || r.VP[tc.wantSide] != tc.wantVP {
			t.Errorf("%s: controller %q vp %v, want %q %d: %s", tc.name, r.Controller, r.VP, tc.wantSide, tc.wantVP, v.Paragraph())
		}
	}
}
