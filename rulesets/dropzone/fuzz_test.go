package dropzone

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// fuzzTable is the side of the small generated table FuzzCheckShot uses.
const fuzzTable = 24.0

// wrapTo maps any float into [0, side) (NaN and Inf to the middle), so the
// fuzzer explores positions rather than decode errors.
func wrapTo(x, side float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return side / 2
	}
	x = math.Mod(x, side)
	if x < 0 {
		x += side
	}
	return x
}

// fuzzModel returns a model of the class picked by k at p.
func fuzzModel(id, squad, side string, k uint8, p geom.Point, facing float64) terrain.Model {
	var m terrain.Model
	switch k % 5 {
	case 0:
		m = tank(id, squad, side, p.X, p.Y)
	case 1:
		m = inf(id, squad, side, p.X, p.Y)
	case 2:
		m = aircraft(id, squad, side, p.X, p.Y, 6)
	case 3:
		m = aircraft(id, squad, side, p.X, p.Y, 2)
	default:
		m = terrain.Model{ID: id, Squad: squad, Side: side, Class: terrain.Walker, Position: p, Level: 1,
			Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1.6}, Hull: terrain.Hull{Height: 2.2}}
	}
	m.Facing = s1.Angle(wrapTo(facing, 360)) * s1.Degree
	return m
}

// fuzzWeapon builds a weapon from the flag bits and a range.
func fuzzWeapon(flags uint16, rng float64) Weapon {
	arcs := []string{"F/S/R", "F", "F/S", "R", "K", "S/R"}
	w := Weapon{Range: Reach{Inches: wrapTo(rng, 60)}, BS: scenario.Length(flags>>12) / 2, Arc: arcs[int(flags>>8&7)%len(arcs)], Acc: int(flags>>4&7) % 7}
	switch flags & 3 {
	case 1:
		w.Range = Reach{Unlimited: true}
	case 2:
		w.Range = Reach{Melee: true}
	}
	w.AA = flags&4 != 0
	w.Elevated = flags&8 != 0
	w.Sniper = flags&0x80 != 0
	w.SmallArms = flags&0x800 != 0
	if flags&0x400 != 0 {
		w.RangeA = &Reach{Inches: wrapTo(rng, 60) / 2}
	}
	return w
}

// shotField builds the fuzz battlefield: a generated table with a few
// terrain pieces (no generated models) plus shooter and target, and a
// bystander vehicle of the shooter's squad.
func shotField(seed int64, sk, tk uint8, sp, tp geom.Point, sf, tf float64) (*terrain.Battlefield, error) {
	table, pieces, _ := terrain.Generate(seed, terrain.GenerateOptions{Width: fuzzTable, Depth: fuzzTable, Pieces: 6})
	ms := []terrain.Model{
		fuzzModel("s", "sq", "u", sk, sp, sf),
		fuzzModel("t", "tq", "x", tk, tp, tf),
		tank("mate", "sq", "u", (sp.X+tp.X)/2, (sp.Y+tp.Y)/2),
	}
	return terrain.New(table, pieces, ms)
}

// FuzzCheckShot: random positions, facings, classes and weapons on a small
// generated table never panic; the verdict JSON-encodes, has reasons, an
// illegal verdict names a failing reason, and the range (centre to centre
// on the table plane, DZC-23) is the same with shooter and target
// positions swapped.
func FuzzCheckShot(f *testing.F) {
	f.Add(int64(1), uint8(0), uint8(0), 2.0, 2.0, 0.0, 20.0, 20.0, 180.0, uint16(0x0001), 24.0)
	f.Add(int64(2), uint8(1), uint8(2), 5.0, 5.0, 90.0, 12.0, 9.0, 0.0, uint16(0x0804), 6.0)
	f.Add(int64(3), uint8(4), uint8(3), 1.0, 23.0, 45.0, 23.0, 1.0, 270.0, uint16(0x4485), 36.0)
	f.Add(int64(4), uint8(0), uint8(1), 10.0, 10.0, 0.0, 12.0, 10.0, 0.0, uint16(0x0002), 0.0)
	f.Fuzz(func(t *testing.T, seed int64, sk, tk uint8, sx, sy, sf, tx, ty, tf float64, flags uint16, rng float64) {
		sp := geom.Pt(wrapTo(sx, fuzzTable), wrapTo(sy, fuzzTable))
		tp := geom.Pt(wrapTo(tx, fuzzTable), wrapTo(ty, fuzzTable))
		bf, err := shotField(seed, sk, tk, sp, tp, sf, tf)
		if err != nil {
			return // the generated table rejected a model: nothing to judge
		}
		w := fuzzWeapon(flags, rng)
		opt := DefaultOptions()
		opt.Units = map[string]Unit{"s": {Moved: scenario.Length(flags>>13) / 2, Raised: flags&0x100 != 0}, "t": {GM: "A", Type: "antigrav", LastMove: 6}}
		v, err := CheckShot(bf, "s", "t", w, opt)
		if err != nil {
			t.Fatalf("CheckShot: %v", err)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("verdict does not encode: %v", err)
		}
		if len(v.Reasons) == 0 {
			t.Fatalf("no reasons: %s", v.Paragraph())
		}
		failing := slices.ContainsFunc(v.Reasons, func(r rulesets_Reason) bool { return !r.Pass })
		if failing == v.Legal {
			t.Fatalf("legal %v but failing reason %v: %s", v.Legal, failing, v.Paragraph())
		}
		// Swap the positions (classes stay): the measured range must not change.
		bf2, err := shotField(seed, sk, tk, tp, sp, sf, tf)
		if err != nil {
			return
		}
		v2, err := CheckShot(bf2, "s", "t", w, opt)
		if err != nil {
			t.Fatalf("swapped CheckShot: %v", err)
		}
		r1, r2 := measure(v.Measures, "range"), measure(v2.Measures, "range")
		if !math.IsNaN(r1) && !math.IsNaN(r2) && math.Abs(r1-r2) > 1e-6 {
			t.Fatalf("range %v, swapped %v (shooter %v target %v)", r1, r2, sp, tp)
		}
		if want := planDist(sp, tp); !math.IsNaN(r1) && math.Abs(r1-want) > 1e-6 {
			t.Fatalf("range %v, want the plane distance %v", r1, want)
		}
	})
}

// formationField places n models (tanks or infantry by kinds' bits) at the
// given positions, facings rotated by rot.
func formationField(pos []geom.Point, kinds uint8, rot float64) (*terrain.Battlefield, error) {
	ms := make([]terrain.Model, len(pos))
	for i, p := range pos {
		id := fmt.Sprintf("m%d", i)
		if kinds>>(i%8)&1 == 1 {
			ms[i] = tank(id, "s", "u", p.X, p.Y)
		} else {
			ms[i] = inf(id, "s", "u", p.X, p.Y)
		}
		ms[i].Facing = s1.Angle(rot) * s1.Degree
	}
	return terrain.New(terrain.Table{Width: 100, Depth: 100}, nil, ms)
}

// FuzzFormation: the formation verdict, groups, must-close list and
// either-half flag do not change when the whole squad (positions and
// facings) is rotated about (50,50) by any angle and translated; no
// must-close group is a strict majority. Positions lie on a 1/64 in grid,
// so every centre distance and base gap is either exactly on a formation
// limit or at least about 1e-5 in away from it, far beyond the 1e-14 the
// rotation's rounding moves it.
func FuzzFormation(f *testing.F) {
	f.Add(uint64(1), uint8(6), uint8(0), uint8(1), 3.0, -2.0, 90.0)
	f.Add(uint64(7), uint8(4), uint8(0xff), uint8(0), 0.0, 0.0, 33.3)
	f.Add(uint64(42), uint8(8), uint8(0x55), uint8(3), -10.0, 10.0, 271.0)
	f.Fuzz(func(t *testing.T, seed uint64, n, kinds, form uint8, dx, dy, angle float64) {
		n = 2 + n%7
		r := rand.New(rand.NewPCG(seed, 1))
		pos := make([]geom.Point, n)
		for i := range pos {
			// 1/64 in grid within 12 in of (50,50): distances never sit
			// within 1e-9 of a formation limit without being on it.
			pos[i] = geom.Pt(50+float64(r.IntN(24*64)-12*64)/64, 50+float64(r.IntN(24*64)-12*64)/64)
		}
		formations := []string{"standard", "wide", "bab", "open"}
		opt := DefaultOptions()
		opt.Squads = map[string]Squad{"s": {Formation: formations[form%4]}}
		bf, err := formationField(pos, kinds, 0)
		if err != nil {
			t.Fatal(err)
		}
		v, res, err := CheckFormation(bf, "s", opt)
		if err != nil {
			t.Fatal(err)
		}
		deg := wrapTo(angle, 360)
		dx, dy = wrapTo(dx, 40)-20, wrapTo(dy, 40)-20
		sin, cos := math.Sincos(deg * math.Pi / 180)
		moved := make([]geom.Point, n)
		for i, p := range pos {
			x, y := p.X-50, p.Y-50
			moved[i] = geom.Pt(50+x*cos-y*sin+dx, 50+x*sin+y*cos+dy)
		}
		bf2, err := formationField(moved, kinds, deg)
		if err != nil {
			t.Fatal(err)
		}
		v2, res2, err := CheckFormation(bf2, "s", opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != v2.Legal || fmt.Sprint(res) != fmt.Sprint(res2) {
			t.Fatalf("formation %s changed under rotation %g° and shift (%g,%g): %v %+v -> %v %+v",
				formations[form%4], deg, dx, dy, v.Legal, res, v2.Legal, res2)
		}
		if len(res.MustClose) > 0 {
			for _, g := range res.Groups[1:] {
				if 2*len(g) > int(n) {
					t.Fatalf("must-close group %v is a strict majority of %d", g, n)
				}
			}
			if 2*len(res.Groups[0]) < int(n) && len(res.Groups) == 2 {
				t.Fatalf("two groups, the staying one %v is the minority", res.Groups[0])
			}
		}
		if res.EitherHalf && (len(res.Groups) != 2 || 2*len(res.Groups[0]) != int(n)) {
			t.Fatalf("either-half without an exact half split: %+v", res)
		}
	})
}
