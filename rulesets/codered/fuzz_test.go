package codered

import (
	"encoding/json"
	"math"
	"math/rand"
	"sort"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// FuzzParseOptions checks that any options object either parses or fails
// with ErrOption, never panics.
func FuzzParseOptions(f *testing.F) {
	f.Add(`{"spacing":"chain"}`)
	f.Add(`{"closeRange":1e400}`)
	f.Add(`{"vehicleLevel":1.5}`)
	f.Fuzz(func(t *testing.T, s string) {
		var raw map[string]json.RawMessage
		if json.Unmarshal([]byte(s), &raw) != nil {
			return
		}
		_, _ = ParseOptions(raw)
	})
}

// randomTable builds a 42 x 42 in table from seed with overlapping woods,
// hedges, plateaus, smoke, walls and vehicles: the kind of clutter the
// sight rules must settle the same way in both directions.
func randomTable(t testing.TB, seed int64, n int) *terrain.Battlefield {
	rng := rand.New(rand.NewSource(seed))
	var ps []terrain.Piece
	for i := 0; i < n; i++ {
		x, y := 2+rng.Float64()*32, 2+rng.Float64()*32
		w, h := 0.5+rng.Float64()*6, 0.5+rng.Float64()*6
		id := string(rune('a'+i%26)) + string(rune('0'+i/26))
		switch rng.Intn(6) {
		case 0, 1:
			p := wood(id, x, y, x+w, y+h)
			p.Level = 1 + rng.Intn(2)
			ps = append(ps, p)
		case 2: // an L-shaped wood: lines can leave and re-enter it
			w, h = w+1, h+1
			poly := geom.PolygonFromPoints(geom.Pt(x, y), geom.Pt(x+w, y), geom.Pt(x+w, y+1), geom.Pt(x+1, y+1),
				geom.Pt(x+1, y+h), geom.Pt(x, y+h)).Normalized()
			ps = append(ps, terrain.Piece{ID: id, Kind: terrain.Area, Footprint: poly, Sight: terrain.SightConcealing,
				Cover: terrain.CoverSoft, Level: 1})
		case 3:
			ps = append(ps, hill(id, x, y, x+w, y+h, 2+rng.Intn(2)))
		case 4:
			ps = append(ps, smokeDisc(id, x+w/2, y+h/2, 0.5+rng.Float64()))
		case 5:
			ps = append(ps, wall(id, x, y, x+w/4, y+h))
		}
	}
	var ms []terrain.Model
	for i := 0; i < 3; i++ {
		ms = append(ms, tank("v"+string(rune('0'+i)), "z", rng.Float64()*36+2, rng.Float64()*36+2, rng.Float64()*360, 1+rng.Float64()*3, 1+rng.Float64()))
	}
	return field(t, 42, 42, ps, ms...)
}

// FuzzSightReciprocal checks CR-10 ("Alle Einheiten die den Gegner sehen,
// können auch von ihm gesehen werden"): LineOfSight(a,b) and (b,a) agree on
// random tables, positions, levels and readings.
func FuzzSightReciprocal(f *testing.F) {
	f.Add(int64(1), 5.0, 5.0, 30.0, 30.0, uint8(0x11), uint8(0))
	f.Add(int64(7), 1.0, 20.0, 39.0, 20.0, uint8(0x23), uint8(3))
	f.Add(int64(42), 10.5, 3.25, 12.0, 33.0, uint8(0x12), uint8(0x1f))
	f.Fuzz(func(t *testing.T, seed int64, ax, ay, bx, by float64, levels, readings uint8) {
		for _, v := range []float64{ax, ay, bx, by} {
			if math.IsNaN(v) || v < 0 || v > 40 {
				return
			}
		}
		bf := randomTable(t, seed, 12)
		o := DefaultOptions()
		if readings&1 != 0 {
			o.DepthReading = "nearest-edge"
		}
		if readings&2 != 0 {
			o.StripWidth = "nominal"
		}
		o.ElevatedIgnore = []string{"one", "scaled", "per-level", "one"}[readings>>2&3]
		if readings&16 != 0 {
			o.LowerIgnored = "both-above"
			o.ContactStripMax = 2
		}
		a := Viewer{ID: "a", At: geom.Pt(ax, ay), Level: 1 + int(levels&3), Vehicle: levels&4 != 0}
		b := Viewer{ID: "b", At: geom.Pt(bx, by), Level: 1 + int(levels>>4&3), Vehicle: levels&64 != 0}
		ab := LineOfSight(bf, a, b, o)
		ba := LineOfSight(bf, b, a, o)
		if ab.Visible != ba.Visible {
			t.Fatalf("LineOfSight(a,b) = %v, (b,a) = %v\na %+v b %+v\nab %+v\nba %+v", ab.Visible, ba.Visible, a, b, ab.Steps, ba.Steps)
		}
	})
}

// translated returns bf moved by d onto a table grown by |d| on each axis.
func translated(t testing.TB, bf *terrain.Battlefield, d geom.Point) *terrain.Battlefield {
	tb := bf.Table()
	ps := append([]terrain.Piece(nil), bf.Pieces()...)
	for i := range ps {
		p := &ps[i]
		p.Footprint = p.Footprint.Translate(d)
		if p.Circle != nil {
			c := *p.Circle
			c.Center = c.Center.Add(d)
			p.Circle = &c
		}
		if p.Building != nil {
			b := *p.Building
			b.Walls = append([]terrain.Wall(nil), b.Walls...)
			for j := range b.Walls {
				w := &b.Walls[j]
				w.From, w.To = w.From.Add(d), w.To.Add(d)
				w.Windows = append([]geom.Vec3(nil), w.Windows...)
				for k := range w.Windows {
					w.Windows[k].X += d.X
					w.Windows[k].Y += d.Y
				}
				w.Entrances = append([]geom.Point(nil), w.Entrances...)
				for k := range w.Entrances {
					w.Entrances[k] = w.Entrances[k].Add(d)
				}
			}
			p.Building = &b
		}
	}
	ms := append([]terrain.Model(nil), bf.Models()...)
	for i := range ms {
		m := &ms[i]
		m.Position = m.Position.Add(d)
		if len(m.Figures) > 0 {
			f := make([]geom.Point, len(m.Figures))
			for j := range f {
				f[j] = m.Figures[j].Add(d)
			}
			m.Figures = f
		}
	}
	nb, err := terrain.New(terrain.Table{Width: tb.Width + math.Abs(d.X), Depth: tb.Depth + math.Abs(d.Y)}, ps, ms)
	if err != nil {
		t.Fatalf("translated table: %v", err)
	}
	return nb
}

// FuzzCheckShot checks that CheckShot never panics on generated tables, that
// its verdict encodes as JSON, that an illegal verdict names at least one
// failing reason, and that moving everything by a whole-inch vector (a rigid
// motion) changes no legality and no clause's outcome.
func FuzzCheckShot(f *testing.F) {
	f.Add(int64(1), uint8(0), uint8(5), uint8(3), uint8(7))
	f.Add(int64(3), uint8(2), uint8(9), uint8(0), uint8(20))
	f.Add(int64(11), uint8(4), uint8(1), uint8(16), uint8(1))
	f.Fuzz(func(t *testing.T, seed int64, i, j, dx, dy uint8) {
		bf, err := terrain.GenerateBattlefield(seed, terrain.GenerateOptions{Width: 36, Depth: 36, Pieces: 14, Models: 12})
		if err != nil {
			t.Fatal(err)
		}
		ms := bf.Models()
		if len(ms) < 2 {
			return
		}
		s, tg := ms[int(i)%len(ms)].ID, ms[int(j)%len(ms)].ID
		if s == tg {
			return
		}
		o := DefaultOptions()
		o.Situation.Successes = int(dx % 10)
		v, err := CheckShot(bf, s, tg, Weapon{AP: 4, AT: 6, Class: 1}, o)
		if err != nil {
			t.Fatalf("CheckShot(%s,%s): %v", s, tg, err)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("verdict does not encode: %v", err)
		}
		fails := 0
		for _, r := range v.Reasons {
			if !r.Pass {
				fails++
			}
		}
		if !v.Legal && fails == 0 || v.Legal && fails > 0 {
			t.Fatalf("legal = %v with %d failing reasons: %+v", v.Legal, fails, v.Reasons)
		}
		moved := translated(t, bf, geom.Pt(float64(dx%24), float64(dy%24)))
		w, err := CheckShot(moved, s, tg, Weapon{AP: 4, AT: 6, Class: 1}, o)
		if err != nil {
			t.Fatal(err)
		}
		if w.Legal != v.Legal || outcomeKey(v.Reasons) != outcomeKey(w.Reasons) {
			t.Fatalf("translating by (%d,%d) changed the verdict:\n%v\n%v", dx%24, dy%24, v.Reasons, w.Reasons)
		}
	})
}

// outcomeKey lists each clause with its outcome, sorted, ignoring the text
// (which prints coordinates).
func outcomeKey(rs []rulesets.Reason) string {
	keys := make([]string, 0, len(rs))
	for _, r := range rs {
		k := r.Clause + "+"
		if !r.Pass {
			k = r.Clause + "-"
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b, _ := json.Marshal(keys)
	return string(b)
}

// FuzzScatter checks CR-39 and CR-40: the deviation never exceeds the
// class's cap ("Max. Abweichung", 8.2.3), is target − roll below the cap,
// and the impact lies exactly that far from the aim point in any direction.
func FuzzScatter(f *testing.F) {
	f.Add(2, 9, 10.0, 10.0, 225.0)
	f.Add(1, 8, 0.0, 0.0, 90.0)
	f.Add(4, -30, 5.0, 7.0, 359.9)
	f.Add(0, 3, 1.0, 1.0, 10.0)
	f.Fuzz(func(t *testing.T, class, roll int, x, y, bearing float64) {
		if !finite(x, y, bearing) || math.Abs(x) > 1e6 || math.Abs(y) > 1e6 || math.Abs(bearing) > 1e6 {
			return
		}
		dev, capped, err := Deviation(class, roll)
		if class < 0 || class > 4 {
			if err == nil {
				t.Fatalf("Deviation(%d,%d) accepted a bad class", class, roll)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		pc := precisionClasses[class]
		if dev < 0 || dev > pc.MaxDeviation {
			t.Fatalf("Deviation(%d,%d) = %v, cap %v", class, roll, dev, pc.MaxDeviation)
		}
		if class > 0 && roll < pc.Target && !capped && dev != float64(pc.Target-roll) {
			t.Fatalf("Deviation(%d,%d) = %v, want %d", class, roll, dev, pc.Target-roll)
		}
		if capped != (class > 0 && pc.Target-roll > int(pc.MaxDeviation)) {
			t.Fatalf("Deviation(%d,%d) capped = %v", class, roll, capped)
		}
		for _, sectors := range []int{0, 8} {
			o := DefaultOptions()
			o.ScatterSectors = sectors
			p := Scatter(geom.Pt(x, y), dev, bearing, o)
			if d := p.Sub(geom.Pt(x, y)).Norm(); math.Abs(d-dev) > 1e-9*(1+math.Abs(x)+math.Abs(y)) {
				t.Fatalf("Scatter(%v,%v,%v) lands %v from the aim, want %v", geom.Pt(x, y), dev, bearing, d, dev)
			}
		}
	})
}
