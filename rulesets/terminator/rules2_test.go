package terminator

import (
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func pts(xy ...float64) []geom.Point {
	var out []geom.Point
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, geom.Pt(xy[i], xy[i+1]))
	}
	return out
}

// TestCommandTS07: command range 6 (the walk template). An ally 5.5 away
// with clear sight is eligible; at 5.5 behind a wall it is not; another
// leader 3 away is reached only by the end-of-round ability; the leader
// never reaches itself; an ally 6.5 away is out of range.
func TestCommandTS07(t *testing.T) {
	o := fixtureOptions()
	o.Profiles = map[string]Profile{"cmd": {Command: 2}, "sgt": {Command: 1}}
	bf := field(t, []terrain.Piece{wallPiece("wall", 9, 13, 11, 13.5)},
		fig("cmd", "res", 10, 10),
		fig("clear", "res", 16.5, 10),  // edge gap 5.5
		fig("hidden", "res", 10, 16.5), // 5.5 behind the wall
		fig("sgt", "res", 10, 6),       // another leader, gap 3
		fig("far", "res", 10, 2.5),     // gap 6.5
		fig("enemy", "sky", 14, 20))
	tests := []struct {
		ability string
		want    []string
	}{{AbilityActivate, []string{"clear"}}, {AbilityRally, []string{"clear", "sgt"}}}
	for _, tc := range tests {
		v, r, err := CheckCommand(bf, "cmd", tc.ability, o)
		if err != nil {
			t.Fatal(err)
		}
		if !v.Legal || !slices.Equal(r.Eligible, tc.want) {
			t.Errorf("%s: eligible %v, want %v (%+v)", tc.ability, r.Eligible, tc.want, r.Excluded)
		}
		if r.Range != 6 || !strings.Contains(r.From, "templates.walk.length") {
			t.Errorf("%s: range %v from %q, want 6 from the walk template", tc.ability, r.Range, r.From)
		}
		if _, ok := r.Excluded["cmd"]; ok {
			t.Errorf("the leader lists itself")
		}
	}
	if v, _, _ := CheckCommand(bf, "clear", "", o); v.Legal {
		t.Errorf("a model without Kommando is not a leader: %s", v.Paragraph())
	}
}

// TestCommandSightAmbiguity10: an ally whose centre is hidden behind a
// narrow post but whose edge is seen is eligible under "any" and not
// under "centre".
func TestCommandSightAmbiguity10(t *testing.T) {
	bf := field(t, []terrain.Piece{wallPiece("post", 12.9, 9.9, 13.1, 10.1)}, fig("cmd", "res", 10, 10), fig("ally", "res", 15, 10))
	for _, tc := range []struct {
		sight string
		want  bool
	}{{"any", true}, {"centre", false}} {
		o := fixtureOptions()
		o.Profiles = map[string]Profile{"cmd": {Command: 1}}
		o.CommandSight = tc.sight
		_, r, err := CheckCommand(bf, "cmd", "", o)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(r.Eligible, "ally"); got != tc.want {
			t.Errorf("commandSight %s: eligible %v, want %v (%v)", tc.sight, got, tc.want, r.Excluded)
		}
	}
}

// TestCoverTS08: at long range (gap 20) a target partly hidden behind a
// low wall rolls for cover (not in the open under openFraction 1); the
// same target at short range never does; machines (Geistlos) never do,
// crawlers again may; area weapons allow none; under open "terrain" the
// base must touch a piece giving cover.
func TestCoverTS08(t *testing.T) {
	// The wall hides the lower part of b: 0.6 in tall against figures 1.2
	// in tall whose eyes are at 0.6; wall 1 in before b's base.
	low := wallPiece("low", 29, 8, 29.5, 12)
	low.Height = 0.6
	tests := []struct {
		name    string
		x       float64 // target centre
		profile Profile
		weapon  string
		open    string
		pieces  []terrain.Piece
		want    bool
	}{
		{"long, partly hidden", 31, Profile{}, "Gewehr", "fraction", []terrain.Piece{low}, true},
		{"long, wholly seen", 31, Profile{}, "Gewehr", "fraction", nil, false},
		{"short, partly hidden", 21, Profile{}, "Gewehr", "fraction", []terrain.Piece{wallPiece("low2", 19, 8, 19.5, 12)}, false},
		{"machine", 31, Profile{Machine: true}, "Gewehr", "fraction", []terrain.Piece{low}, false},
		{"crawler machine", 31, Profile{Machine: true, Crawler: true}, "Gewehr", "fraction", []terrain.Piece{low}, true},
		{"area weapon", 31, Profile{}, "Granatwerfer", "fraction", []terrain.Piece{low}, false},
		{"terrain: touching the wall", 30, Profile{}, "Gewehr", "terrain", []terrain.Piece{low}, true},
		{"terrain: 1 in from the wall", 31, Profile{}, "Gewehr", "terrain", []terrain.Piece{low}, false},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		o.Open = tc.open
		o.Profiles = map[string]Profile{"b": tc.profile}
		for i := range tc.pieces {
			if tc.pieces[i].ID == "low2" {
				tc.pieces[i].Height = 0.6
			}
		}
		bf := field(t, tc.pieces, fig("a", "res", 10, 10), fig("b", "sky", tc.x, 10))
		v, r := shotOK(t, bf, "a", "b", weapon(t, tc.weapon), o)
		if r.CoverRoll != tc.want {
			t.Errorf("%s: coverRoll %v, want %v: %s", tc.name, r.CoverRoll, tc.want, v.Paragraph())
		}
	}
}

// TestSmallAreaTS09: L_melee 1 stick, round bases radius 0.5; primary at
// (20,20): a model at gap 0.9 is hit, at 1.0 (touching) hit, at 1.1 not.
func TestSmallAreaTS09(t *testing.T) {
	for _, tc := range []struct {
		gap  float64
		want bool
	}{{0.9, true}, {1.0, true}, {1.1, false}} {
		o := fixtureOptions()
		o.RequireSight = false
		bf := field(t, nil, fig("a", "res", 20, 5), fig("p", "sky", 20, 20), fig("x", "sky", 21+tc.gap, 20))
		v, r := shotOK(t, bf, "a", "p", weapon(t, "Granatwerfer"), o)
		if got := slices.Contains(r.Secondary, "x"); got != tc.want || !v.Legal {
			t.Errorf("gap %g: secondary %v (legal %v), want x hit %v: %s", tc.gap, r.Secondary, v.Legal, tc.want, v.Paragraph())
		}
	}
	// A strip 1 x 1 reaches sqrt(1.5² + 0.5²) − 0.5 = 1.0811 from the rim.
	o := fixtureOptions()
	o.Templates.Melee = &Template{Shape: "strip", Length: length(1), Width: 1}
	bf := field(t, nil, fig("p", "sky", 20, 20), fig("x", "sky", 22.08, 20), fig("y", "sky", 22.09, 20))
	_, r, err := CheckTemplate(bf, "p", "", "melee", o)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Touched) != 1 || r.Touched[0].ID != "x" {
		t.Errorf("strip: touched %+v, want x only", r.Touched)
	}
}

// TestFriendlyFireTS10: an ally centred 1.8 from the intended target
// (gap 0.8) vetoes the shot; at 3.0 (gap 2.0) it does not; the attacker
// in base contact with a Haftmine vetoes itself (errata 4) unless
// suicideSelfVeto is false.
func TestFriendlyFireTS10(t *testing.T) {
	tests := []struct {
		name    string
		ally    float64 // centre distance of the ally from the target
		attack  [2]float64
		weapon  string
		exempt  bool
		legal   bool
		touched []string
	}{
		{"ally 1.8", 1.8, [2]float64{20, 5}, "Granatwerfer", false, false, []string{"ally"}},
		{"ally 3.0", 3.0, [2]float64{20, 5}, "Granatwerfer", false, true, []string{}},
		{"Haftmine in contact", 3.0, [2]float64{20, 19}, "Haftmine", false, false, []string{"a"}},
		{"Haftmine, self exempt", 3.0, [2]float64{20, 19}, "Haftmine", true, true, []string{"a"}},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		o.RequireSight, o.SuicideSelfVeto = false, !tc.exempt
		bf := field(t, nil, fig("a", "res", tc.attack[0], tc.attack[1]), fig("p", "sky", 20, 20), fig("ally", "res", 20+tc.ally, 20))
		v, r := shotOK(t, bf, "a", "p", weapon(t, tc.weapon), o)
		if v.Legal != tc.legal || !slices.Equal(r.Secondary, tc.touched) {
			t.Errorf("%s: legal %v secondary %v, want %v %v: %s", tc.name, v.Legal, r.Secondary, tc.legal, tc.touched, v.Paragraph())
		}
	}
}

// TestMediumAreaTS11: with a medium template configured (a disc 3 in
// across) the HE rocket sweeps it: a model at gap 2.9 is hit, 3.1 not.
func TestMediumAreaTS11(t *testing.T) {
	o := fixtureOptions()
	o.RequireSight = false
	o.Templates.Medium = &Template{Shape: "disc", Length: length(3)}
	bf := field(t, nil, fig("a", "res", 20, 1), fig("p", "sky", 20, 20), fig("x", "sky", 23.9, 20), fig("y", "sky", 15.9, 20))
	v, r := shotOK(t, bf, "a", "p", weapon(t, "Raketenwerfer (HE)"), o)
	if !slices.Equal(r.Secondary, []string{"x"}) || !strings.Contains(v.Paragraph(), "TS-11") {
		t.Errorf("secondary %v, want [x]: %s", r.Secondary, v.Paragraph())
	}
}

// TestMoveTS12: Kriechen 2, Gehen 4. A crawler's normal move of 1.9 is
// legal, 2.5 not; an ordinary model walks 4 (double: 8, or 4 with
// doubleMove "walk"); a Langsam model's double move is the walk template.
func TestMoveTS12(t *testing.T) {
	tests := []struct {
		name    string
		profile Profile
		dist    float64
		double  bool
		dmove   string
		legal   bool
	}{
		{"crawler 1.9", Profile{Crawler: true}, 1.9, false, "twice", true},
		{"crawler 2.5", Profile{Crawler: true}, 2.5, false, "twice", false},
		{"walk 4", Profile{}, 4, false, "twice", true},
		{"walk 4.1", Profile{}, 4.1, false, "twice", false},
		{"double 7.9", Profile{}, 7.9, true, "twice", true},
		{"double 8.1", Profile{}, 8.1, true, "twice", false},
		{"double walk 4.1", Profile{}, 4.1, true, "walk", false},
		{"slow double 3.9", Profile{Slow: true}, 3.9, true, "twice", true},
		{"slow double 4.1", Profile{Slow: true}, 4.1, true, "twice", false},
		{"slow normal 2.1", Profile{Slow: true}, 2.1, false, "twice", false},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		o.Templates.Walk = &Template{Length: length(4)}
		o.DoubleMove = tc.dmove
		o.Profiles = map[string]Profile{"m": tc.profile}
		bf := field(t, nil, fig("m", "sky", 10, 10))
		v, _, err := CheckMove(bf, "m", pts(10, 10, 10+tc.dist, 10), tc.double, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// TestCrawlerTS13: a barrier (a 0.2 in wall, movement open) between start
// and goal: the crawler is stopped, an ordinary model crosses it (its own
// movement rule, option barrierCrossing "terrain"); with "impassable"
// nobody crosses; a crawler makes no double move.
func TestCrawlerTS13(t *testing.T) {
	tests := []struct {
		name     string
		profile  Profile
		crossing string
		double   bool
		legal    bool
		clause   string
	}{
		{"crawler crosses barrier", Profile{Crawler: true}, "terrain", false, false, "TS-13"},
		{"ordinary crosses barrier", Profile{}, "terrain", false, true, ""},
		{"ordinary, impassable barriers", Profile{}, "impassable", false, false, "TS-13"},
		{"crawler double move", Profile{Crawler: true}, "terrain", true, false, "TS-13"},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		o.Barriers, o.BarrierCrossing = []string{"fence"}, tc.crossing
		o.Profiles = map[string]Profile{"m": tc.profile}
		bf := field(t, []terrain.Piece{wallPiece("fence", 11, 8, 11.2, 12)}, fig("m", "sky", 10, 10))
		v, _, err := CheckMove(bf, "m", pts(10, 10, 11.9, 10), tc.double, o)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || (tc.clause != "" && !failed(v, tc.clause)) {
			t.Errorf("%s: legal %v, want %v (%s): %s", tc.name, v.Legal, tc.legal, tc.clause, v.Paragraph())
		}
	}
	o := fixtureOptions()
	o.Barriers = []string{"nope"}
	bf := field(t, nil, fig("m", "sky", 10, 10))
	if _, _, err := CheckMove(bf, "m", pts(10, 10, 11, 10), false, o); err == nil || !strings.HasPrefix(err.Error(), "options.barriers[0]: ") {
		t.Errorf("unknown barrier id: %v", err)
	}
}

// TestBracedTS14: a model displaced 0.1 this activation cannot fire a
// braced weapon; 0 may; a pure rotation may unless rotationIsMove.
func TestBracedTS14(t *testing.T) {
	tests := []struct {
		name     string
		moved    float64
		rotated  bool
		rotMoves bool
		legal    bool
	}{{"moved 0.1", 0.1, false, false, false}, {"still", 0, false, false, true},
		{"rotated", 0, true, false, true}, {"rotated counts", 0, true, true, false}}
	for _, tc := range tests {
		o := fixtureOptions()
		o.RequireSight, o.RotationIsMove = false, tc.rotMoves
		o.Profiles = map[string]Profile{"a": {Moved: 0, Rotated: tc.rotated}}
		p := o.Profiles["a"]
		p.Moved = *length(tc.moved)
		o.Profiles["a"] = p
		bf := field(t, nil, fig("a", "res", 10, 10), fig("b", "sky", 30, 10))
		v, _ := shotOK(t, bf, "a", "b", weapon(t, "Schweres MG"), o)
		if v.Legal != tc.legal || (!tc.legal && !failed(v, "TS-14")) {
			t.Errorf("%s: legal %v, want %v: %s", tc.name, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// TestSizeTS15: a Größe 3 model behind a 3 in wall is hidden at its
// scenario height 1.2 and seen when options.sizeHeights gives Größe 3 a
// height of 6 (the line from the eye at 0.6 to its top at x 24.5 is 4.3
// in high over the wall's near face at x 20); the verdict says which height it used.
func TestSizeTS15(t *testing.T) {
	bf := field(t, []terrain.Piece{wallPiece("w", 20, 5, 21, 15)}, fig("a", "res", 10, 10), fig("tank", "sky", 25, 10))
	for _, tc := range []struct {
		heights map[string]float64
		legal   bool
		note    string
	}{{nil, false, ""}, {map[string]float64{"3": 6}, true, "height 6 in from options.sizeHeights.3"}, {map[string]float64{"2": 6}, false, "gives no height"}} {
		o := fixtureOptions()
		o.Profiles = map[string]Profile{"tank": {Size: 3, Keywords: []string{"Fahrzeug"}}}
		if tc.heights != nil {
			o.SizeHeights = map[string]scenarioLength{}
			for k, h := range tc.heights {
				o.SizeHeights[k] = scenarioLength(h)
			}
		}
		v, _ := shotOK(t, bf, "a", "tank", weapon(t, "Gewehr"), o)
		if v.Legal != tc.legal || !strings.Contains(v.Paragraph(), tc.note) {
			t.Errorf("sizeHeights %v: legal %v, want %v with %q: %s", tc.heights, v.Legal, tc.legal, tc.note, v.Paragraph())
		}
	}
}

// TestCommandSizeTS15: the leader sees a Größe 3 ally over a 3 in wall
// only with its configured height (6 in: the line from the eye at 0.6 to
// its near top edge (14.5, 6) is 4.8 in high over the wall at x 13.5).
func TestCommandSizeTS15(t *testing.T) {
	bf := field(t, []terrain.Piece{wallPiece("w", 13.5, 5, 14, 15)}, fig("lt", "res", 10, 10), fig("walker", "res", 15, 10))
	for _, h := range []float64{0, 6} {
		o := fixtureOptions()
		o.Profiles = map[string]Profile{"lt": {Command: 1}, "walker": {Size: 3}}
		if h > 0 {
			o.SizeHeights = map[string]scenarioLength{"3": scenarioLength(h)}
		}
		v, r, err := CheckCommand(bf, "lt", AbilityActivate, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(r.Eligible, "walker"); got != (h > 0) {
			t.Errorf("height %g: eligible %v (%v): %s", h, r.Eligible, r.Excluded, v.Paragraph())
		}
	}
}
