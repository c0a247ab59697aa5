package movement

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// rectModel returns a model with a rectangular base length x width facing
// deg degrees.
func rectModel(id string, x, y, length, width, deg float64) terrain.Model {
	return terrain.Model{ID: id, Side: "b", Class: terrain.Infantry, Position: geom.Pt(x, y),
		Facing: s1.Angle(deg * math.Pi / 180), Base: terrain.Base{Shape: terrain.BaseRect, Length: length, Width: width}, Level: 1}
}

// ovalModel returns a model with an oval base.
func ovalModel(id string, x, y, length, width, deg float64) terrain.Model {
	m := rectModel(id, x, y, length, width, deg)
	m.Base.Shape = terrain.BaseOval
	return m
}

func touchedIDs(r SweepResult) []string {
	ids := []string{}
	for _, h := range r.Touched {
		ids = append(ids, h.ID)
	}
	return ids
}

// TestSweepTouchesCircle checks the exact cases on round bases with hand
// arithmetic: target radius 0.5 at (10,10), others radius 0.5 on the x axis.
func TestSweepTouchesCircle(t *testing.T) {
	// strip L=1, W=1 on r=0.5: reach sqrt(1.5² + 0.5²) − 0.5 = 1.0811388;
	// centre distance 1 + reach = 2.0811388.
	stripReach := math.Sqrt(2.5) - 0.5
	tests := []struct {
		name string
		tpl  SweptTemplate
		dx   float64 // centre distance of the other base
		want bool
	}{
		{"stick gap 0.9", SweptTemplate{Shape: StickTemplate, Length: 1}, 1.9, true},
		{"stick gap 1.0 touching", SweptTemplate{Shape: StickTemplate, Length: 1}, 2.0, true},
		{"stick gap 1.1", SweptTemplate{Shape: StickTemplate, Length: 1}, 2.1, false},
		{"disc d=1 gap 1.0", SweptTemplate{Shape: DiscTemplate, Length: 1}, 2.0, true},
		{"disc d=1 gap 1.01", SweptTemplate{Shape: DiscTemplate, Length: 1}, 2.01, false},
		{"strip gap 1.08", SweptTemplate{Shape: StripTemplate, Length: 1, Width: 1}, 1 + 1.08, true},
		{"strip exactly at reach", SweptTemplate{Shape: StripTemplate, Length: 1, Width: 1}, 1 + stripReach, true},
		{"strip gap 1.09", SweptTemplate{Shape: StripTemplate, Length: 1, Width: 1}, 1 + 1.09, false},
		{"strip W=0 is a stick", SweptTemplate{Shape: StripTemplate, Length: 1}, 2.05, false},
	}
	for _, tc := range tests {
		bf := field(t, nil, []terrain.Model{disc("t", terrain.Infantry, 10, 10, 1), disc("o", terrain.Infantry, 10+tc.dx, 10, 1)})
		r, err := SweepTouches(bf, "t", tc.tpl, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := len(r.Touched) == 1; got != tc.want {
			t.Errorf("%s: touched = %v, want %v (%s)", tc.name, got, tc.want, r.Explain())
		}
		if r.Tolerance != 0 || r.ReachLo != r.ReachHi {
			t.Errorf("%s: circle answer not exact: %+v", tc.name, r)
		}
	}
}

// TestSweepTouchesRectCorner checks a strip pivoting about a rectangle's
// corner. Base 2 x 1 at (10,10) facing 0: corner q = (11, 10.5). Strip
// L=1, W=1: its far corners are sqrt(1² + 0.5²) = 1.1180340 from q, at
// ±26.57° from its axis, so in the 45° direction (inside the corner's
// 0°..90° normal cone) the swept region reaches exactly 1.1180340. A disc
// of radius 0.1 there, gap 1.118 ± 0.01 from the corner.
func TestSweepTouchesRectCorner(t *testing.T) {
	reach := math.Hypot(1, 0.5)
	tpl := SweptTemplate{Shape: StripTemplate, Length: 1, Width: 1}
	for _, tc := range []struct {
		gap  float64
		want bool
	}{{reach - 0.01, true}, {reach + 0.01, false}, {1.05, true}, {0.99, true}, {1.2, false}} {
		d := tc.gap + 0.1
		bf := field(t, nil, []terrain.Model{rectModel("t", 10, 10, 2, 1, 0),
			disc("o", terrain.Infantry, 11+d/math.Sqrt2, 10.5+d/math.Sqrt2, 0.2)})
		r, err := SweepTouches(bf, "t", tpl, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := len(r.Touched) == 1; got != tc.want {
			t.Errorf("gap %.4f: touched = %v, want %v (%s)", tc.gap, got, tc.want, r.Explain())
		}
		if r.Tolerance <= 0 || r.Tolerance > 0.005 {
			t.Errorf("tolerance %v, want in (0, 0.005]", r.Tolerance)
		}
	}
	// Along a side the strip slides flat: straight out from the long side
	// (y = 10.5) it reaches L = 1 exactly; 0.5 beyond the end of the side
	// sideways it still reaches 1 (the strip's half width).
	for _, tc := range []struct {
		x, y float64
		want bool
	}{{10, 10.5 + 1 + 0.1, true}, {10, 10.5 + 1.02 + 0.1, false}, {11.5, 10.5 + 1 + 0.1 - 1e-6, true}} {
		bf := field(t, nil, []terrain.Model{rectModel("t", 10, 10, 2, 1, 0), disc("o", terrain.Infantry, tc.x, tc.y, 0.2)})
		r, _ := SweepTouches(bf, "t", tpl, "")
		if got := len(r.Touched) == 1; got != tc.want {
			t.Errorf("side (%.2f, %.4f): touched = %v, want %v (%s)", tc.x, tc.y, got, tc.want, r.Explain())
		}
	}
}

// TestSweepFriendlyFire checks that the attacker and its side are flagged.
func TestSweepFriendlyFire(t *testing.T) {
	a := disc("a", terrain.Infantry, 11.8, 10, 1)
	a.Side = "red"
	e := disc("e", terrain.Infantry, 13, 10, 1)
	e.Side = "blue"
	bf := field(t, nil, []terrain.Model{disc("t", terrain.Infantry, 10, 10, 1), a, e})
	r, err := SweepTouches(bf, "t", SweptTemplate{Shape: StickTemplate, Length: 1}, "a")
	if err != nil {
		t.Fatal(err)
	}
	if !r.FriendlyFire || !slices.Equal(touchedIDs(r), []string{"a"}) {
		t.Errorf("got %+v, want a touched and friendly fire", r)
	}
	if !strings.Contains(r.Explain(), "attacker") {
		t.Errorf("Explain() = %q", r.Explain())
	}
}

// TestSweepErrors checks bad input is an error, never a panic.
func TestSweepErrors(t *testing.T) {
	bf := field(t, nil, []terrain.Model{disc("t", terrain.Infantry, 10, 10, 1)})
	for _, tc := range []struct {
		tpl      SweptTemplate
		target   string
		attacker string
		want     error
	}{
		{SweptTemplate{Shape: "cone", Length: 1}, "t", "", ErrInvalid},
		{SweptTemplate{Shape: StickTemplate, Length: 0}, "t", "", ErrInvalid},
		{SweptTemplate{Shape: StickTemplate, Length: math.NaN()}, "t", "", ErrInvalid},
		{SweptTemplate{Shape: StripTemplate, Length: 1, Width: -1}, "t", "", ErrInvalid},
		{SweptTemplate{Shape: StickTemplate, Length: 1}, "x", "", ErrUnknownModel},
		{SweptTemplate{Shape: StickTemplate, Length: 1}, "t", "x", ErrUnknownModel},
	} {
		if _, err := SweepTouches(bf, tc.target, tc.tpl, tc.attacker); !errors.Is(err, tc.want) {
			t.Errorf("SweepTouches(%+v, %q, %q) = %v, want %v", tc.tpl, tc.target, tc.attacker, err, tc.want)
		}
	}
	if _, err := SweepTouches(nil, "t", SweptTemplate{Shape: StickTemplate, Length: 1}, ""); !errors.Is(err, ErrInvalid) {
		t.Errorf("nil battlefield: %v", err)
	}
}

// bruteStripDistance is the reference: the distance from s to strips
// placed at 20000 outward directions around base (on a rectangle every
// direction's support point, plus dense positions along each side).
func bruteStripDistance(base, s geom.Convex, tpl SweptTemplate) float64 {
	best := math.Inf(1)
	const n = 20000
	for k := range n {
		a := 2 * math.Pi * float64(k) / n
		p := base.Support(geom.Pt(math.Cos(a), math.Sin(a)))
		d, _, _ := geom.DistConvex(stripAt(p, a, tpl), s)
		best = math.Min(best, d)
	}
	if r, ok := base.(geom.OrientedRect); ok {
		cs := r.Corners()
		for i := range cs {
			p, q := cs[i], cs[(i+1)%4]
			n := outward(p, q, r.Center)
			a := math.Atan2(n.Y, n.X)
			for k := 0; k <= 200; k++ {
				d, _, _ := geom.DistConvex(stripAt(geom.Segment{A: p, B: q}.At(float64(k)/200), a, tpl), s)
				best = math.Min(best, d)
			}
		}
	}
	return best
}

// TestSweepAgainstBruteForce compares sampled decisions with the dense
// reference on random rectangle and oval bases: they may differ only
// within the stated tolerance.
func TestSweepAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 60 {
		var tgt terrain.Model
		if i%2 == 0 {
			tgt = rectModel("t", 20, 20, 0.5+2*rng.Float64(), 0.5+rng.Float64(), 360*rng.Float64())
		} else {
			tgt = ovalModel("t", 20, 20, 0.5+2*rng.Float64(), 0.5+rng.Float64(), 360*rng.Float64())
		}
		tpl := SweptTemplate{Shape: StripTemplate, Length: 0.5 + 2*rng.Float64(), Width: 0.2 + 2*rng.Float64()}
		lo, hi := tpl.Reach(tgt.BaseShape())
		a := 2 * math.Pi * rng.Float64()
		// a small base near the edge of the swept region
		dist := lo + (hi-lo)*rng.Float64() + 2
		o := disc("o", terrain.Infantry, 20+dist*math.Cos(a), 20+dist*math.Sin(a), 0.2)
		bf := field(t, nil, []terrain.Model{tgt, o})
		r, err := SweepTouches(bf, "t", tpl, "")
		if err != nil {
			t.Fatal(err)
		}
		ref := bruteStripDistance(tgt.BaseShape(), bf.Models()[1].BaseShape(), tpl)
		got := len(r.Touched) == 1
		if got && ref > r.Tolerance+1e-6 {
			t.Errorf("case %d: touched but the reference distance is %.6f > tolerance %.6f", i, ref, r.Tolerance)
		}
		if !got && ref <= 1e-9 {
			t.Errorf("case %d: not touched but the reference touches (%.9f)", i, ref)
		}
	}
}

// FuzzSweepMonotone checks that a longer or wider template never touches
// fewer bases, on round, oval and rectangular target bases.
func FuzzSweepMonotone(f *testing.F) {
	f.Add(uint8(0), 1.0, 1.0, 0.5, 0.5, 2.0, 0.3, 45.0)
	f.Add(uint8(1), 2.0, 1.0, 1.0, 0.2, 1.3, 0.5, 10.0)
	f.Add(uint8(2), 1.5, 0.8, 0.7, 1.0, 2.5, 0.4, 80.0)
	f.Fuzz(func(t *testing.T, kind uint8, bl, bw, length, width, extra, r, angle float64) {
		for _, v := range []float64{bl, bw, length, width, extra, r, angle} {
			if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e4 {
				t.Skip()
			}
		}
		bl, bw = 0.2+math.Mod(math.Abs(bl), 3), 0.2+math.Mod(math.Abs(bw), 3)
		length, width = 0.1+math.Mod(math.Abs(length), 4), math.Mod(math.Abs(width), 3)
		extra, r = math.Mod(math.Abs(extra), 2), 0.05+math.Mod(math.Abs(r), 1)
		var tgt terrain.Model
		switch kind % 3 {
		case 0:
			tgt = disc("t", terrain.Infantry, 24, 24, bl)
		case 1:
			tgt = rectModel("t", 24, 24, bl, bw, angle)
		default:
			tgt = ovalModel("t", 24, 24, bl, bw, angle)
		}
		models := []terrain.Model{tgt}
		for k := range 12 {
			a := float64(k) * math.Pi / 6
			d := 0.5 + float64(k)*0.6
			models = append(models, disc(string(rune('a'+k)), terrain.Infantry, 24+d*math.Cos(a), 24+d*math.Sin(a), 2*r))
		}
		bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, models)
		if err != nil {
			t.Skip()
		}
		for _, shape := range []TemplateShape{StickTemplate, StripTemplate, DiscTemplate} {
			small := SweptTemplate{Shape: shape, Length: length, Width: width}
			big := SweptTemplate{Shape: shape, Length: length + extra, Width: width + extra/2}
			rs, err1 := SweepTouches(bf, "t", small, "")
			rb, err2 := SweepTouches(bf, "t", big, "")
			if err1 != nil || err2 != nil {
				t.Fatalf("errors %v, %v", err1, err2)
			}
			for _, id := range touchedIDs(rs) {
				if !slices.Contains(touchedIDs(rb), id) {
					t.Fatalf("%s: %+v touches %s, larger %+v does not", shape, small, id, big)
				}
			}
		}
	})
}

// BenchmarkSweepTouches: a 1 x 0.5 in strip swept around the first ground
// model of the reference table (60 models), and a 1 x 1 in strip around an
// oval base where every placement is sampled.
func BenchmarkSweepTouches(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	target := ""
	for i := range bf.Models() {
		if m := &bf.Models()[i]; !m.Airborne() && m.Garrison == nil {
			target = m.ID
			break
		}
	}
	tpl := SweptTemplate{Shape: StripTemplate, Length: 1, Width: 0.5}
	b.Run("reference", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := SweepTouches(bf, target, tpl, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The worst case: a small disc beside an oval base, farther than the
	// strip's centre line reaches but not touched, so every sampled
	// placement is tried. Walk out at 60° until such a gap is found.
	wide := SweptTemplate{Shape: StripTemplate, Length: 1, Width: 1}
	var rf *terrain.Battlefield
	for gap := 1.0; gap < 1.2 && rf == nil; gap += 0.002 {
		oval := ovalModel("t", 10, 10, 2, 1, 0)
		p := oval.BaseShape().Support(geom.Pt(math.Cos(math.Pi/3), math.Sin(math.Pi/3)))
		d := p.Sub(geom.Pt(10, 10)).Normalize().Mul(gap + 0.05)
		f := field(b, nil, []terrain.Model{oval, disc("o", terrain.Infantry, p.X+d.X, p.Y+d.Y, 0.1)})
		if r, _ := SweepTouches(f, "t", wide, ""); len(r.Touched) == 0 && f.Models()[1].BaseShape() != nil {
			if g, _, _ := geom.DistConvex(f.Models()[0].BaseShape(), f.Models()[1].BaseShape()); g > r.ReachLo {
				rf = f
			}
		}
	}
	if rf == nil {
		b.Fatal("no untouched base in the sampled band")
	}
	b.Run("oval-sampled", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := SweepTouches(rf, "t", wide, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
}
