package terminator

import (
	"errors"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// One table-driven test per clause, following the digest's "Test idea"
// with its fixture lengths (helpers_test.go). Figures have round bases of
// radius 0.5, so an edge gap g puts two centres 1 + g apart; the shooter
// stands at (10, 10).

// TestBandsTS01: L_melee 1, L_pb 6, short 12, long 24, edges inclusive:
// 0.5 -> melee, 6.0 -> point-blank, 6.01 -> short, 20 -> long, 30 ->
// beyond; with bandEdges "farther" an edge belongs to the farther band.
func TestBandsTS01(t *testing.T) {
	tests := []struct {
		gap     float64
		edges   string
		beyond  string
		want    Band
		wantHit int
	}{
		{0.5, "nearer", "refuse", BandMelee, 3},
		{1.0, "nearer", "refuse", BandMelee, 3},
		{1.0, "farther", "refuse", BandPointBlank, 4},
		{6.0, "nearer", "refuse", BandPointBlank, 4},
		{6.0, "farther", "refuse", BandShort, 5},
		{6.01, "nearer", "refuse", BandShort, 5},
		{12, "nearer", "refuse", BandShort, 5},
		{20, "nearer", "refuse", BandLong, 6},
		{24, "nearer", "refuse", BandLong, 6},
		{30, "nearer", "refuse", BandBeyond, 0},
		{30, "nearer", "long", BandLong, 6},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		// A melee weapon with RW not read as a maximum: no ranged-weapon
		// ban in melee range and no reach limit, so only the bands decide.
		o.BandEdges, o.BeyondLong, o.RangeClass = tc.edges, tc.beyond, "ignore"
		o.RequireSight = false
		bf := field(t, nil, fig("a", "res", 10, 10), fig("b", "sky", 10+1+tc.gap, 10))
		v, r := shotOK(t, bf, "a", "b", weapon(t, "Kampfmesser"), o)
		if r.Band != tc.want {
			t.Errorf("gap %g (%s): band = %v, want %v", tc.gap, tc.edges, r.Band, tc.want)
		}
		if r.HitOn != tc.wantHit {
			t.Errorf("gap %g (%s, %s): hitOn = %d, want %d: %s", tc.gap, tc.edges, tc.beyond, r.HitOn, tc.wantHit, v.Paragraph())
		}
		if !strings.Contains(v.Paragraph(), "templates.melee.length") || !strings.Contains(v.Paragraph(), "longRange") {
			t.Errorf("gap %g: the verdict does not state the lengths used: %s", tc.gap, v.Paragraph())
		}
	}
}

// TestMeasureAmbiguity3: centre to centre the same figures are 1 in
// farther apart than edge to edge.
func TestMeasureAmbiguity3(t *testing.T) {
	o := fixtureOptions()
	o.Measure = "center"
	bf := field(t, nil, fig("a", "res", 10, 10), fig("b", "sky", 16.5, 10)) // centres 6.5, edges 5.5
	if d, _ := distance(bf, "a", "b", &o); d != 6.5 {
		t.Errorf("centre distance = %v, want 6.5", d)
	}
	b, _ := o.Bands()
	if got := b.Of(6.5); got != BandShort {
		t.Errorf("6.5 in centre to centre: %v, want short", got)
	}
}

// TestPointBlankIsWalkTS02: Gehen = G = 6 and no pointBlank option: a gap
// of exactly 6 is point-blank, 6.01 short; an explicit pointBlank wins;
// command range is G unless overridden per leader.
func TestPointBlankIsWalkTS02(t *testing.T) {
	o := fixtureOptions()
	b, err := o.Bands()
	if err != nil {
		t.Fatal(err)
	}
	if b.From[1] != "templates.walk.length" || b.Of(6) != BandPointBlank || b.Of(6.01) != BandShort {
		t.Errorf("bands %+v: 6 -> %v, 6.01 -> %v", b, b.Of(6), b.Of(6.01))
	}
	o.PointBlank = length(5)
	if b, _ := o.Bands(); b.Of(5.5) != BandShort || b.From[1] != "pointBlank" {
		t.Errorf("pointBlank 5: 5.5 -> %v from %s, want short from pointBlank", b.Of(5.5), b.From[1])
	}
	o = fixtureOptions()
	o.Profiles = map[string]Profile{"lt": {Command: 2, CommandRange: length(8)}}
	for _, tc := range []struct {
		leader string
		want   float64
		from   string
	}{{"sgt", 6, "templates.walk.length"}, {"lt", 8, "profiles.lt.commandRange"}} {
		r, from, err := o.commandRange(tc.leader)
		if err != nil || r != tc.want || !strings.Contains(from, tc.from) {
			t.Errorf("commandRange(%s) = %v from %q, %v; want %v from %s", tc.leader, r, from, err, tc.want, tc.from)
		}
	}
}

// TestRangeClassTS03: pistol (RW Kurz) vs a target in the long band is
// refused under "RW is the maximum band"; a rifle (RW Lang) is allowed;
// a knife (NK) reaches melee only; rangeClass "ignore" lifts the limit.
func TestRangeClassTS03(t *testing.T) {
	tests := []struct {
		weapon string
		gap    float64
		class  string
		legal  bool
	}{
		{"Pistole", 20, "maximum", false},
		{"Gewehr", 20, "maximum", true},
		{"Pistole", 12, "maximum", true},
		{"Kampfmesser", 0.5, "maximum", true},
		{"Kampfmesser", 1.5, "maximum", false},
		{"Pistole", 20, "ignore", true},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		o.RangeClass, o.RequireSight = tc.class, false
		bf := field(t, nil, fig("a", "res", 10, 10), fig("b", "sky", 11+tc.gap, 10))
		v, _ := shotOK(t, bf, "a", "b", weapon(t, tc.weapon), o)
		if v.Legal != tc.legal || (!tc.legal && !failed(v, "TS-03")) {
			t.Errorf("%s at %g (%s): legal %v, want %v: %s", tc.weapon, tc.gap, tc.class, v.Legal, tc.legal, v.Paragraph())
		}
	}
}

// TestRateOfFireTS04: an assault rifle (SF 2/1, Halbautomatisch) fires 2
// at short and 1 at long range; at point-blank the rate is unspecified
// unless semiAutoClose sets it; Mannstoppwirkung is flagged at point-blank.
func TestRateOfFireTS04(t *testing.T) {
	tests := []struct {
		weapon string
		gap    float64
		close  int
		want   int // -1: unspecified
		flag   string
	}{
		{"Sturmgewehr", 10, 0, 2, ""},
		{"Sturmgewehr", 20, 0, 1, ""},
		{"Sturmgewehr", 4, 0, -1, "rate of fire unspecified"},
		{"Sturmgewehr", 4, 2, 2, ""},
		{"Leichtes MG", 20, 0, 3, ""},
		{"Schrotflinte", 4, 0, 1, "Mannstoppwirkung"},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		o.SemiAutoClose, o.RequireSight = tc.close, false
		bf := field(t, nil, fig("a", "res", 10, 10), fig("b", "sky", 11+tc.gap, 10))
		v, r := shotOK(t, bf, "a", "b", weapon(t, tc.weapon), o)
		switch {
		case tc.want < 0 && r.Rate != nil:
			t.Errorf("%s at %g: rate %d, want unspecified", tc.weapon, tc.gap, *r.Rate)
		case tc.want >= 0 && (r.Rate == nil || *r.Rate != tc.want):
			t.Errorf("%s at %g: rate %v, want %d", tc.weapon, tc.gap, r.Rate, tc.want)
		}
		if _, ok := modifier(v, tc.flag); tc.flag != "" && !ok {
			t.Errorf("%s at %g: no %q modifier: %s", tc.weapon, tc.gap, tc.flag, v.Paragraph())
		}
	}
}

// TestMeleeBanTS05: L_melee 1. An enemy base 0.8 from the attacker's base
// bans ranged attacks; if that enemy staggers and is the target the
// attack is allowed at 2+ (Hasta la vista); at 1.5 it is allowed; a
// second, steady enemy in melee range restores the ban (errata 2); a
// double move bans ranged weapons; melee weapons are never banned.
func TestMeleeBanTS05(t *testing.T) {
	tests := []struct {
		name       string
		gap        float64 // enemy e from attacker a
		staggering bool
		target     string
		steady2    bool // a second, steady enemy 0.5 from a
		double     bool
		lenient    bool // steadyEnemyBans false
		weapon     string
		legal      bool
		hit        int
	}{
		{"enemy 0.8, other target", 0.8, false, "far", false, false, false, "Gewehr", false, 0},
		{"enemy 0.8 is the target", 0.8, false, "e", false, false, false, "Gewehr", false, 0},
		{"staggering target 0.8", 0.8, true, "e", false, false, false, "Gewehr", true, 2},
		{"staggering 0.8, other target", 0.8, true, "far", false, false, false, "Gewehr", false, 0},
		{"staggering target, steady second enemy", 0.8, true, "e", true, false, false, "Gewehr", false, 0},
		{"same, steadyEnemyBans false", 0.8, true, "e", true, false, true, "Gewehr", true, 2},
		{"enemy 1.5", 1.5, false, "far", false, false, false, "Gewehr", true, 6},
		{"double move", 1.5, false, "far", false, true, false, "Gewehr", false, 0},
		{"knife at steady enemy 0.8", 0.8, false, "e", false, false, false, "Kampfmesser", true, 3},
		{"knife at staggering enemy 0.8", 0.8, true, "e", false, false, false, "Kampfmesser", true, 2},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		o.RequireSight, o.SteadyEnemyBans = false, !tc.lenient
		o.Profiles = map[string]Profile{"e": {Staggering: tc.staggering}, "a": {DoubleMoved: tc.double}}
		models := []terrain.Model{fig("a", "res", 10, 10), fig("e", "sky", 11+tc.gap, 10), fig("far", "sky", 10, 31)}
		if tc.steady2 {
			models = append(models, fig("s2", "sky", 10, 11.5))
		}
		v, r := shotOK(t, field(t, nil, models...), "a", tc.target, weapon(t, tc.weapon), o)
		if v.Legal != tc.legal || r.HitOn != tc.hit {
			t.Errorf("%s: legal %v hit %d, want %v %d: %s", tc.name, v.Legal, r.HitOn, tc.legal, tc.hit, v.Paragraph())
		}
		if !tc.legal && !failed(v, "TS-05") {
			t.Errorf("%s: refused without a TS-05 reason: %s", tc.name, v.Paragraph())
		}
	}
}

// TestForcedMeleeTS06: a model 0.5 from a staggering enemy and 0.7 from a
// steady one must melee; with only the staggering one in range it is
// free; nobody in range, free.
func TestForcedMeleeTS06(t *testing.T) {
	tests := []struct {
		name   string
		steady float64 // gap of the steady enemy (0: absent)
		must   bool
		in     int
	}{{"staggering 0.5 and steady 0.7", 0.7, true, 2}, {"only staggering 0.5", 0, false, 1}, {"steady at 1.2", 1.2, false, 1}}
	for _, tc := range tests {
		o := fixtureOptions()
		o.Profiles = map[string]Profile{"st": {Staggering: true}}
		models := []terrain.Model{fig("m", "res", 10, 10), fig("st", "sky", 11.5, 10)}
		if tc.steady > 0 {
			models = append(models, fig("e", "sky", 10, 11+tc.steady))
		}
		_, r, err := CheckForcedMelee(field(t, nil, models...), "m", o)
		if err != nil {
			t.Fatal(err)
		}
		if r.MustMelee != tc.must || len(r.InMelee) != tc.in {
			t.Errorf("%s: %+v, want mustMelee %v with %d in range", tc.name, r, tc.must, tc.in)
		}
	}
}

// TestMissingLengthsRefused: every query that needs a length the options
// do not give is refused naming the option; nothing is invented.
func TestMissingLengthsRefused(t *testing.T) {
	bf := field(t, nil, fig("a", "res", 10, 10), fig("b", "sky", 15, 10))
	tests := []struct {
		name string
		edit func(*Options)
		run  func(Options) error
		path string
	}{
		{"no long range", func(o *Options) { o.LongRange = nil }, func(o Options) error {
			_, _, err := CheckShot(bf, "a", "b", weapon(t, "Gewehr"), o)
			return err
		}, "options.longRange"},
		{"no melee template", func(o *Options) { o.Templates.Melee = nil }, func(o Options) error {
			_, _, err := CheckShot(bf, "a", "b", weapon(t, "Gewehr"), o)
			return err
		}, "options.templates.melee.length"},
		{"no point-blank, no walk", func(o *Options) { o.Templates.Walk = nil }, func(o Options) error {
			_, _, err := CheckShot(bf, "a", "b", weapon(t, "Gewehr"), o)
			return err
		}, "options.pointBlank"},
		{"no medium template (TS-11)", func(o *Options) {}, func(o Options) error {
			_, _, err := CheckShot(bf, "a", "b", weapon(t, "Raketenwerfer (HE)"), o)
			return err
		}, "options.templates.medium"},
		{"no crawl template", func(o *Options) { o.Templates.Crawl = nil }, func(o Options) error {
			o.Profiles = map[string]Profile{"a": {Crawler: true}}
			_, _, err := CheckMove(bf, "a", pts(10, 10, 11, 10), false, o)
			return err
		}, "options.templates.crawl"},
		{"no command range", func(o *Options) { o.Templates.Walk = nil }, func(o Options) error {
			_, _, err := CheckCommand(bf, "a", "", o)
			return err
		}, "options.commandRange"},
	}
	for _, tc := range tests {
		o := fixtureOptions()
		tc.edit(&o)
		err := tc.run(o)
		if !errors.Is(err, ErrMissingLength) || !errors.Is(err, scenario.ErrMissing) || !strings.HasPrefix(err.Error(), tc.path+": ") {
			t.Errorf("%s: err = %v, want %s: ... wrapping ErrMissingLength and scenario.ErrMissing", tc.name, err, tc.path)
		}
	}
}
