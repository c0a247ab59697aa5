package firestorm

import (
	"slices"
	"testing"
)

// velites is FT-08's worked example: three cruisers with 7 dice each at
// effective range, mass drivers in the front arc.
var massDriver = Weapon{Name: "mass driver", Class: "Massebeschleuniger", Arc: "F", KR: 9, ER: 7, LR: 4, MARs: []string{"Präzision"}}

func velites(third sp, pieces ...string) table {
	return table{w: 100, d: 100, pieces: pieces, ships: []sp{
		{id: "v1", side: "red", squad: "velites", x: O, y: O, facing: north},
		{id: "v2", side: "red", squad: "velites", x: O + 4, y: O, facing: north},
		third,
		{id: "perseus", side: "blue", squad: "blue", x: O + 4, y: O + 16},
	}}
}

func firers(ws ...Weapon) []Firer {
	out := make([]Firer, len(ws))
	for i, w := range ws {
		out[i] = Firer{Model: []string{"v1", "v2", "v3"}[i], Weapon: w}
	}
	return out
}

// TestCombinedAttack is FT-08's test idea and its conditions.
func TestCombinedAttack(t *testing.T) {
	v3 := sp{id: "v3", side: "red", squad: "velites", x: O + 8, y: O, facing: north}
	turned := v3
	turned.facing = 0 // facing east: the target is off its port bow
	far := v3
	far.x = O + 14 // 10 in from v2: the chain breaks
	laser := massDriver
	laser.Class = "Laser"
	noMAR := massDriver
	noMAR.MARs = nil
	twoMARs := massDriver
	twoMARs.MARs = []string{"Strahl", "Präzision"}
	tests := []struct {
		name     string
		tb       table
		ws       []Firer
		legal    bool
		combined []string
		dice     int
	}{
		{"three in arc at ER", velites(v3), firers(massDriver, massDriver, massDriver), true, []string{"v1", "v2", "v3"}, 21},
		{"one out of arc", velites(turned), firers(massDriver, massDriver, massDriver), true, []string{"v1", "v2"}, 14},
		{"squadron broken", velites(far), firers(massDriver, massDriver, massDriver), false, []string{"v1", "v2", "v3"}, 21},
		{"two classes", velites(v3), firers(massDriver, laser), false, []string{"v1", "v2"}, 14},
		{"a MAR shared", velites(v3), firers(massDriver, twoMARs), true, []string{"v1", "v2"}, 14},
		{"MAR against none", velites(v3), firers(massDriver, noMAR), false, []string{"v1", "v2"}, 14},
		{"none against none", velites(v3), firers(noMAR, noMAR), true, []string{"v1", "v2"}, 14},
	}
	for _, tc := range tests {
		bf, opt := tc.tb.bf(t)
		v, r, err := CheckAttack(bf, tc.ws, "perseus", opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !slices.Equal(r.Combined, tc.combined) || r.Dice != tc.dice {
			t.Errorf("%s: legal %v combined %v dice %d, want %v %v %d: %s", tc.name, v.Legal, r.Combined, r.Dice, tc.legal, tc.combined, tc.dice, v.Paragraph())
		}
	}
}

// TestCombinedHalving compares Ambiguity 21's readings: a 21-dice pool
// through debris is 10 dice; halving each firer's 7 dice gives 9.
func TestCombinedHalving(t *testing.T) {
	v3 := sp{id: "v3", side: "red", squad: "velites", x: O + 8, y: O, facing: north}
	tb := velites(v3, box("debris", "debris", O-2, O+8, O+10, O+10))
	bf, opt := tb.bf(t)
	for _, tc := range []struct {
		mode string
		want int
	}{{"pool", 10}, {"firer", 9}} {
		opt.HalveDice = tc.mode
		_, r, err := CheckAttack(bf, firers(massDriver, massDriver, massDriver), "perseus", opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Dice != 21 || r.Final != tc.want {
			t.Errorf("halveDice %s: %d -> %d, want 21 -> %d", tc.mode, r.Dice, r.Final, tc.want)
		}
	}
}

// TestBoarding is FT-05's test idea.
func TestBoarding(t *testing.T) {
	tests := []struct {
		name   string
		d      float64
		planet bool
		legal  bool
	}{{"8.0 in with sight", 8, false, true}, {"8.1 in", 8.1, false, false}, {"5 in behind a planet", 5, true, false}, {"0 in", 0.5, false, true}}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, ships: []sp{{id: "a", side: "red", squad: "r", x: O, y: O}, {id: "t", side: "blue", squad: "b", x: O + tc.d, y: O}}}
		if tc.planet {
			tb.pieces = []string{disc("moon", "occupied", O+2.5, O, 1)}
		}
		bf, opt := tb.bf(t)
		v, _, err := CheckBoarding(bf, []string{"a"}, "t", opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// TestInterceptors is FT-21's test idea with Ambiguity 10's readings.
func TestInterceptors(t *testing.T) {
	tests := []struct {
		d     float64
		side  string
		mode  string
		legal bool
	}{{20, "red", "within", true}, {25, "red", "within", false}, {24, "red", "within", true}, {5, "red", "within", true},
		{5, "red", "band", false}, {8, "red", "band", false}, {9, "red", "band", true}, {20, "blue", "within", false}}
	for _, tc := range tests {
		tb := table{w: 100, d: 100, opts: `{"interceptorRange": "` + tc.mode + `"}`,
			ships: []sp{{id: "carrier", side: "red", x: O, y: O}, {id: "f", side: tc.side, x: O + tc.d, y: O}}}
		bf, opt := tb.bf(t)
		v, d, err := CheckInterceptors(bf, "carrier", "f", opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || !near(d, tc.d) {
			t.Errorf("friend at %v (%s, %s): legal %v range %v, want %v: %s", tc.d, tc.side, tc.mode, v.Legal, d, tc.legal, v.Paragraph())
		}
	}
	tb := table{w: 100, d: 100, ships: []sp{{id: "carrier", side: "red", x: O, y: O}}}
	bf, opt := tb.bf(t)
	if v, _, _ := CheckInterceptors(bf, "carrier", "carrier", opt); !v.Legal {
		t.Errorf("a carrier protecting itself: %s", v.Paragraph())
	}
}

// TestNuclear is FT-22's test idea: 3.9 in rolls, 4.1 in does not, and a
// friend of the firer rolls too.
func TestNuclear(t *testing.T) {
	tb := table{w: 100, d: 100, ships: []sp{{id: "x", side: "blue", x: O, y: O}, {id: "in", side: "blue", x: O + 3.9, y: O},
		{id: "edge", side: "red", x: O, y: O + 4}, {id: "out", side: "red", x: O + 4.1, y: O + 1}}}
	bf, opt := tb.bf(t)
	ids, dist, err := NuclearRadius(bf, "x", opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids, []string{"in", "edge"}) || !near(dist["in"], 3.9) {
		t.Errorf("NuclearRadius = %v %v, want [in edge]", ids, dist)
	}
}
