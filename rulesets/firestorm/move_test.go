package firestorm

import (
	"math"
	"slices"
	"testing"

	"github.com/sightline/sightline/geom"
)

func f64(x float64) *float64 { return &x }

// slope34 is the facing along (8,6), counter-clockwise from +x.
var slope34 = math.Atan2(6, 8) * 180 / math.Pi

// diag is where a 6 in move at compass 45° from the origin ends.
var diag = 6 / math.Sqrt2

// mover returns a one-ship table: ship "s" at the origin facing facing,
// with the given profile JSON, plus the other ships and pieces.
func mover(facing float64, profile string, others []sp, pieces ...string) table {
	return table{w: 100, d: 100, pieces: pieces, opts: `{"ships": {"s": ` + profile + `}}`,
		ships: append([]sp{{id: "s", side: "red", squad: "s", x: O, y: O, facing: facing}}, others...)}
}

// TestTurnsByRank is FT-09's test idea: a ship at the origin heading
// north with B = 6.
func TestTurnsByRank(t *testing.T) {
	tests := []struct {
		name    string
		rank    int
		x, y    float64
		compass float64 // end heading, clockwise from north
		turns   []*float64
		legal   bool
	}{
		{"rank 1 turns 45 after", 1, 0, 6, 45, nil, true},
		{"rank 1 turns 90 after", 1, 0, 6, 90, nil, false},
		{"rank 1 turns before", 1, diag, diag, 45, nil, false},
		{"rank 2 turns before", 2, diag, diag, 45, nil, true},
		{"rank 3 turns before", 3, diag, diag, 45, nil, true},
		{"rank 3 turns twice", 3, diag, diag, 90, nil, true},
		{"rank 2 turns twice", 2, diag, diag, 90, nil, false},
		{"exactly 45", 1, 0, 6, 45, []*float64{nil, f64(-45)}, true},
		{"just over 45", 1, 0, 6, 45.001, []*float64{nil, f64(-45.001)}, false},
		{"explicit turns off the line", 3, 1, 6, 0, []*float64{f64(0), f64(0)}, false},
	}
	for _, tc := range tests {
		tb := mover(north, sprintf(`{"rank": %d, "move": 6}`, tc.rank), nil)
		bf, opt := tb.bf(t)
		plan := MovePlan{To: geom.Pt(O+tc.x, O+tc.y), Facing: f64(FacingFromCompass(tc.compass)), Turns: tc.turns}
		v, _, err := CheckMove(bf, "s", plan, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// TestManoeuvrableAndZeroTurns covers Ambiguities 7 and 8.
func TestManoeuvrableAndZeroTurns(t *testing.T) {
	tests := []struct {
		name, opts, profile string
		turns               []*float64
		x, y                float64
		legal               bool
	}{
		{"rank 1 manoeuvrable (agile) turns before", "", `"rank": 1, "manoeuvrable": true`, nil, diag, diag, true},
		{"rank 1 manoeuvrable (number) turns before", `"manoeuvrable": "number", `, `"rank": 1, "manoeuvrable": true`, nil, diag, diag, false},
		{"rank 2 declares 0 then 30", "", `"rank": 2`, []*float64{f64(0), f64(30)}, 0, 6, true},
		{"rank 2 declares 0 then 30, zero counts", `"zeroTurnCounts": true, `, `"rank": 2`, []*float64{f64(0), f64(30)}, 0, 6, false},
	}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, opts: `{` + tc.opts + `"ships": {"s": {"move": 6, ` + tc.profile + `}}}`,
			ships: []sp{{id: "s", x: O, y: O, facing: north}}}
		bf, opt := tb.bf(t)
		v, _, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(O+tc.x, O+tc.y), Turns: tc.turns}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// TestStraightMove is FT-10's and FT-11's test ideas.
func TestStraightMove(t *testing.T) {
	tests := []struct {
		name    string
		profile string
		d       float64
		facing  float64
		legal   bool
	}{
		{"3.0 of B 7", `{"rank": 3, "move": 7}`, 3, 0, true},
		{"2.9 of B 7", `{"rank": 3, "move": 7}`, 2.9, 0, false},
		{"7.0 of B 7", `{"rank": 3, "move": 7}`, 7, 0, true},
		{"7.1 of B 7", `{"rank": 3, "move": 7}`, 7.1, 0, false},
		{"no forced move", `{"rank": 3, "move": 7, "noForcedMove": true}`, 1, 0, true},
		{"0 in mover turns twice", `{"rank": 3, "move": 0}`, 0, 90, true},
		{"0 in rank 1 turns 90", `{"rank": 1, "move": 0}`, 0, 90, false},
		{"0 in mover moves", `{"rank": 3, "move": 0}`, 0.5, 0, false},
	}
	for _, tc := range tests {
		tb := mover(north, tc.profile, nil)
		bf, opt := tb.bf(t)
		v, r, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(O, O+tc.d), Facing: f64(north + tc.facing)}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: legal %v, want %v (turns %v): %s", tc.name, v.Legal, tc.legal, r.Turns, v.Paragraph())
		}
	}
}

// TestOverlap is FT-12's overlap test idea and Ambiguity 4's readings.
func TestOverlap(t *testing.T) {
	other := []sp{{id: "o", x: O + 0.5, y: O + 5, base: 2}}
	tests := []struct {
		name, opts string
		to         float64
		legal      bool
	}{
		{"swept through a base", "", 10, false},
		{"stops short", "", 3, true},
		{"end only", `"overlap": "end", `, 10, true},
	}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, opts: `{` + tc.opts + `"ships": {"s": {"rank": 3, "move": 10, "noForcedMove": true}}}`,
			ships: append([]sp{{id: "s", x: O, y: O, facing: north, base: 2}}, other...)}
		bf, opt := tb.bf(t)
		v, r, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(O, O+tc.to)}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
		if !tc.legal && (r.BestStop == nil || math.Abs(*r.BestStop-(5-math.Sqrt(4-0.25))) > 1e-5) {
			t.Errorf("%s: best stop %v, want %v", tc.name, r.BestStop, 5-math.Sqrt(3.75))
		}
	}
	// Touching bases do not overlap unless touchOverlaps.
	for _, touch := range []bool{false, true} {
		tb := table{w: 100, d: 100, opts: sprintf(`{"touchOverlaps": %v, "ships": {"s": {"rank": 3, "move": 10}}}`, touch),
			ships: []sp{{id: "s", x: O, y: O, facing: north, base: 2}, {id: "o", x: O, y: O + 10, base: 2}}}
		bf, opt := tb.bf(t)
		v, _, _ := CheckMove(bf, "s", MovePlan{To: geom.Pt(O, O+8)}, opt)
		if v.Legal == touch {
			t.Errorf("bases touching, touchOverlaps %v: legal %v", touch, v.Legal)
		}
	}
}

// TestTurnSweep: a 4 x 1 in base turning 45° on the spot sweeps a small
// base that neither end pose touches (Ambiguities 4 and 8).
func TestTurnSweep(t *testing.T) {
	a := 22.5 * math.Pi / 180
	for _, sweep := range []bool{true, false} {
		src := sprintf(`{"sightline": 1, "ruleset": "firestorm-taskforce", "options": {"turnSweep": %v, "ships": {"s": {"rank": 3, "move": 0}}},
			"table": {"width": 100, "depth": 100}, "models": [
			{"id": "s", "class": "ship", "position": [40, 40], "facing": 0, "base": {"shape": "rect", "length": 4, "width": 1}},
			{"id": "o", "class": "ship", "position": [%g, %g], "base": {"shape": "circle", "diameter": 0.3}}]}`, sweep, 40+1.8*math.Cos(a), 40+1.8*math.Sin(a))
		f, bf, opt := decode(t, src)
		_ = f
		v, _, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(40, 40), Turns: []*float64{f64(45), nil}}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal == sweep {
			t.Errorf("turnSweep %v: legal %v: %s", sweep, v.Legal, v.Paragraph())
		}
	}
}

// TestLeavingTable is FT-13's test idea with Ambiguity 9's readings.
func TestLeavingTable(t *testing.T) {
	tests := []struct {
		x       float64
		leaveBy string
		want    string
	}{{48.5, "stand", ftLeave}, {47.9, "stand", ""}, {47.9, "base", ftLeave}, {48, "center", ""}}
	for _, tc := range tests {
		tb := table{w: 48, d: 48, opts: `{"leaveBy": "` + tc.leaveBy + `", "ships": {"s": {"rank": 3, "move": 10}}}`,
			ships: []sp{{id: "s", x: 40, y: 10, facing: 0}}}
		bf, opt := tb.bf(t)
		v, r, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(tc.x, 10)}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Destroyed != tc.want || !v.Legal {
			t.Errorf("end x %v, leaveBy %s: destroyed %q legal %v, want %q: %s", tc.x, tc.leaveBy, r.Destroyed, v.Legal, tc.want, v.Paragraph())
		}
	}
}

// TestMoveTerrain is FT-16, FT-17, FT-18 and FT-20's test ideas.
func TestMoveTerrain(t *testing.T) {
	tests := []struct {
		name, opts string
		b          float64
		from, to   [2]float64
		facing     float64
		pieces     []string
		forced     bool
		legal      bool
		allowance  float64
		mines      []string
		destroyed  string
	}{
		{"debris halves B 7 to 3", "", 7, [2]float64{0, 0}, [2]float64{0, 3}, north, []string{disc("d", "debris", O, O+2, 0.5)}, false, true, 3, nil, ""},
		{"4 in through debris", "", 7, [2]float64{0, 0}, [2]float64{0, 4}, north, []string{disc("d", "debris", O, O+2, 0.5)}, false, false, 3, nil, ""},
		{"debris ends only", `"debrisMove": "ends", `, 7, [2]float64{0, 0}, [2]float64{0, 4}, north, []string{disc("d", "debris", O, O+2, 0.5)}, false, true, 7, nil, ""},
		{"stand passes beside debris", "", 7, [2]float64{0, 0}, [2]float64{0, 7}, north, []string{disc("d", "debris", O+0.8, O+2, 0.5)}, false, true, 7, nil, ""},
		{"base clips debris", `"terrainBy": "base", `, 7, [2]float64{0, 0}, [2]float64{0, 3}, north, []string{disc("d", "debris", O+0.8, O+2, 0.5)}, false, true, 3, nil, ""},
		{"gas does not halve", "", 8, [2]float64{0, 0}, [2]float64{0, 8}, north, []string{disc("g", "gas", O, O+4, 2)}, false, true, 8, nil, ""},
		{"through a minefield", "", 8, [2]float64{0, 0}, [2]float64{0, 4}, north, []string{disc("m", "minefield", O, O+2, 0.5)}, false, true, 4, []string{"m"}, ""},
		{"leaving a minefield (enter)", "", 8, [2]float64{0, 0}, [2]float64{0, 4}, north, []string{disc("m", "minefield", O, O, 1)}, false, true, 4, nil, ""},
		{"leaving a minefield (any)", `"mineTrigger": "any", `, 8, [2]float64{0, 0}, [2]float64{0, 4}, north, []string{disc("m", "minefield", O, O, 1)}, false, true, 4, []string{"m"}, ""},
		{"ending in a minefield (through)", `"mineTrigger": "through", `, 8, [2]float64{0, 0}, [2]float64{0, 4}, north, []string{disc("m", "minefield", O, O+4, 1)}, false, true, 4, nil, ""},
		{"touching a planet", "", 6, [2]float64{0, 0}, [2]float64{0, 5}, north, []string{disc("p", "occupied", O, O+10, 4)}, false, false, 6, nil, ""},
		{"forced into a planet", "", 6, [2]float64{0, 0}, [2]float64{0, 5}, north, []string{disc("p", "occupied", O, O+10, 4)}, true, true, 6, nil, ftOccupied},
		{"stand stops short of the planet", `"contactBy": "stand", `, 6, [2]float64{0, 0}, [2]float64{0, 5}, north, []string{disc("p", "occupied", O, O+10, 4)}, false, true, 6, nil, ""},
		// (0,0) to (8,6): the centre line passes |8·0 - 6·5|/10 = 3 from
		// (5,0), touching the 3 in minefield at (3.2,2.4) only: the move goes
		// past it, not through it (FT-16, FT-17). A 3.25 in field is crossed.
		{"grazing a minefield", "", 10, [2]float64{0, 0}, [2]float64{8, 6}, slope34, []string{disc("m", "minefield", O+5, O, 3)}, false, true, 10, nil, ""},
		{"just through a minefield", "", 10, [2]float64{0, 0}, [2]float64{4, 3}, slope34, []string{disc("m", "minefield", O+5, O, 3.25)}, false, true, 5, []string{"m"}, ""},
		{"passing below the planet", "", 12, [2]float64{-6, 0}, [2]float64{6, 0}, 0, []string{disc("p", "occupied", O, O+10, 4)}, false, true, 12, nil, ""},
	}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, pieces: tc.pieces, opts: sprintf(`{%s"ships": {"s": {"rank": 3, "move": %g}}}`, tc.opts, tc.b),
			ships: []sp{{id: "s", x: O + tc.from[0], y: O + tc.from[1], facing: tc.facing, base: 2}}}
		bf, opt := tb.bf(t)
		v, r, err := CheckMove(bf, "s", MovePlan{To: geom.Pt(O+tc.to[0], O+tc.to[1]), Forced: tc.forced}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || r.Allowance != tc.allowance || !slices.Equal(r.MineChecks, tc.mines) || r.Destroyed != tc.destroyed {
			t.Errorf("%s: legal %v allowance %v mines %v destroyed %q, want %v %v %v %q: %s", tc.name, v.Legal, r.Allowance, r.MineChecks, r.Destroyed,
				tc.legal, tc.allowance, tc.mines, tc.destroyed, v.Paragraph())
		}
	}
}
