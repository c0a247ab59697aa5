package terminator

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// wrap maps any float into [lo, hi) (NaN and Inf to lo), so the fuzzer
// explores positions rather than decode errors.
func wrap(x, lo, hi float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return lo
	}
	x = math.Mod(x-lo, hi-lo)
	if x < 0 {
		x += hi - lo
	}
	return lo + x
}

// FuzzCheckShot fires a weapon picked by w between models placed by the
// fuzzer, with profile flags and band lengths from its inputs. It must
// never panic, and its answer must be consistent: a legal attack hits on
// 2+ to 6+, an illegal one has a failed reason, and the band is the band
// of the measured distance.
func FuzzCheckShot(f *testing.F) {
	f.Add(uint8(0), uint8(0), 10.0, 10.0, 25.0, 10.0, 12.0, 11.0, 1.0, 6.0)
	f.Add(uint8(14), uint8(3), 10.0, 10.0, 11.8, 10.0, 13.0, 10.0, 1.0, 6.0)
	f.Add(uint8(19), uint8(255), 5.0, 5.0, 40.0, 30.0, 6.0, 5.0, 0.5, 3.0)
	f.Fuzz(func(t *testing.T, w, flags uint8, ax, ay, bx, by, cx, cy, melee, walk float64) {
		name := builtinWeapons[int(w)%len(builtinWeapons)].Name
		melee, walk = wrap(melee, 0.1, 3), wrap(walk, 3.2, 8)
		o := DefaultOptions()
		o.Templates = Templates{Melee: &Template{Shape: []string{"stick", "strip", "disc"}[flags%3], Length: length(melee), Width: scenario.Length(melee / 2)},
			Walk: &Template{Length: length(walk)}, Medium: &Template{Shape: "disc", Length: length(2 * melee)}}
		o.ShortRange, o.LongRange = length(2*walk), length(4*walk)
		o.RequireSight = flags&4 != 0
		o.Measure = []string{"edge", "center"}[flags>>3&1]
		o.BandEdges = []string{"nearer", "farther"}[flags>>4&1]
		o.Profiles = map[string]Profile{"a": {DoubleMoved: flags&32 != 0, Moved: scenario.Length(flags >> 6 & 1)},
			"b": {Staggering: flags&128 != 0, Machine: flags&64 != 0}}
		bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, []terrain.Model{
			fig("a", "res", wrap(ax, 1, 47), wrap(ay, 1, 47)), fig("b", "sky", wrap(bx, 1, 47), wrap(by, 1, 47)),
			fig("c", []string{"res", "sky"}[flags&1], wrap(cx, 1, 47), wrap(cy, 1, 47))})
		if err != nil {
			t.Skip()
		}
		wp, _ := BuiltinWeapon(name)
		v, r, err := CheckShot(bf, "a", "b", wp, o)
		if err != nil {
			t.Fatalf("CheckShot(%s): %v", name, err)
		}
		bands, _ := o.Bands()
		if got := bands.Of(r.Distance); got != r.Band {
			t.Fatalf("band %v for distance %v, Bands.Of says %v", r.Band, r.Distance, got)
		}
		if v.Legal != (r.HitOn >= 2 && r.HitOn <= 6) {
			t.Fatalf("legal %v with hitOn %d: %s", v.Legal, r.HitOn, v.Paragraph())
		}
		if !v.Legal && !strings.Contains(v.Paragraph(), "(fails)") {
			t.Fatalf("illegal without a failed reason: %s", v.Paragraph())
		}
	})
}

// FuzzBands checks that the band never decreases with distance, whatever
// the nested lengths and edge reading.
func FuzzBands(f *testing.F) {
	f.Add(1.0, 6.0, 12.0, 24.0, 5.9, 6.0, false)
	f.Add(0.5, 3.0, 9.0, 18.0, 18.0, 18.000001, true)
	f.Fuzz(func(t *testing.T, m, pb, s, l, d1, d2 float64, farther bool) {
		m = wrap(m, 0.01, 5)
		pb = m + wrap(pb, 0.01, 10)
		s = pb + wrap(s, 0.01, 20)
		l = s + wrap(l, 0.01, 40)
		o := DefaultOptions()
		o.Templates.Melee = &Template{Length: length(m)}
		o.PointBlank, o.ShortRange, o.LongRange = length(pb), length(s), length(l)
		if farther {
			o.BandEdges = "farther"
		}
		if err := o.Validate(); err != nil {
			t.Skip()
		}
		b, err := o.Bands()
		if err != nil {
			t.Fatalf("Bands: %v", err)
		}
		d1, d2 = wrap(d1, 0, 100), wrap(d2, 0, 100)
		if d1 > d2 {
			d1, d2 = d2, d1
		}
		if b.Of(d1) > b.Of(d2) {
			t.Fatalf("band(%v) = %v > band(%v) = %v", d1, b.Of(d1), d2, b.Of(d2))
		}
	})
}

// FuzzOptions decodes arbitrary "options" objects: never a panic, and
// every error names a path under options.
func FuzzOptions(f *testing.F) {
	f.Add(`{"templates": {"melee": {"shape": "strip", "length": 1, "width": 0.5}}, "shortRange": 12}`)
	f.Add(`{"pointBlank": 6, "shortRange": 5}`)
	f.Add(`{"profiles": {"a": {"command": -1}}}`)
	f.Add(`{"templates": {"walk": {}}}`)
	f.Fuzz(func(t *testing.T, opts string) {
		if !json.Valid([]byte(opts)) || !strings.HasPrefix(strings.TrimSpace(opts), "{") {
			t.Skip()
		}
		f, err := scenario.DecodeBytes([]byte(`{"sightline": 1, "ruleset": "terminator-skirmish", "options": ` + opts + `, "table": {"width": 10, "depth": 10}}`))
		if err != nil {
			t.Skip()
		}
		if _, err := Game.ParseOptions(f); err != nil && !strings.HasPrefix(err.Error(), "options") {
			t.Fatalf("error without its path: %v", err)
		}
	})
}

// FuzzParseWeapon reads arbitrary weapon values: never a panic, errors
// name the weapon's path.
func FuzzParseWeapon(f *testing.F) {
	f.Add(`"Sturmgewehr"`)
	f.Add(`{"name": "Haftmine"}`)
	f.Add(`{"rw": "Lang", "sf": "2/1", "special": ["Halbautomatisch"]}`)
	f.Add(`{"rw": "Weit"}`)
	f.Fuzz(func(t *testing.T, raw string) {
		if !json.Valid([]byte(raw)) {
			t.Skip()
		}
		w, err := ParseWeapon(json.RawMessage(raw), "queries[0].weapon")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "queries[0].weapon") {
				t.Fatalf("error without its path: %v", err)
			}
			return
		}
		if w.validate("w") != nil {
			t.Fatalf("ParseWeapon accepted an invalid weapon %+v", w)
		}
		first, second := w.rates()
		if first < 0 || second < 0 {
			t.Fatalf("rates %d/%d", first, second)
		}
	})
}
