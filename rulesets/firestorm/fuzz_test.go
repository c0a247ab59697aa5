package firestorm

import (
	"math"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// fuzzSide is the side of the fuzz table; its centre is the pivot of the
// rigid motions.
const fuzzSide = 64.0

// wrapTo maps any float into [lo, hi) (NaN and Inf to the middle), so the
// fuzzer explores positions rather than decode errors; values are rounded
// to 1/64 in so rotations by 90° about the centre stay exact.
func wrapTo(x, lo, hi float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return (lo + hi) / 2
	}
	x = math.Mod(x-lo, hi-lo)
	if x < 0 {
		x += hi - lo
	}
	return math.Round((lo+x)*64) / 64
}

// scene is a fuzz table: a firer, a target, a third ship and one piece,
// before any rigid motion.
type scene struct {
	a, b, c    geom.Point
	fa, fb     float64 // facings, degrees
	piece      geom.Point
	radius     float64
	kind       terrain.Kind
	baseA      float64
	turnsTimes int // quarter turns of the whole table about its centre
	shift      geom.Point
	// extra adds a small gas cloud on the middle of the line a-b.
	extra bool
}

// move applies the scene's rigid motion to p.
func (s scene) move(p geom.Point) geom.Point {
	c := geom.Pt(fuzzSide/2, fuzzSide/2)
	q := p.Sub(c)
	for i := 0; i < s.turnsTimes%4; i++ {
		q = geom.Pt(-q.Y, q.X)
	}
	return q.Add(c).Add(s.shift)
}

// build returns the scene's battlefield after its rigid motion (on a table
// large enough for any shift).
func (s scene) build(t *testing.T) *terrain.Battlefield {
	rot := float64(90 * (s.turnsTimes % 4))
	ship := func(id string, p geom.Point, f, d float64) terrain.Model {
		return terrain.Model{ID: id, Side: id, Squad: id, Class: terrain.Ship, Position: s.move(p), Level: 1, Altitude: 2,
			Facing: s1.Angle(f+rot) * s1.Degree, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: d}}
	}
	c := geom.Circle{Center: s.move(s.piece), Radius: s.radius}
	piece := terrain.Piece{ID: "p", Kind: s.kind, Circle: &c, Footprint: geom.Polygon{Outer: c.Polygon(terrain.CircleChordError)},
		Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: 1}
	pieces := []terrain.Piece{piece}
	if s.extra {
		g := geom.Circle{Center: s.move(s.a.Add(s.b).Mul(0.5)), Radius: 0.25}
		pieces = append(pieces, terrain.Piece{ID: "x", Kind: terrain.Gas, Circle: &g, Footprint: geom.Polygon{Outer: g.Polygon(terrain.CircleChordError)},
			Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: 1})
	}
	bf, err := terrain.New(terrain.Table{Width: 2 * fuzzSide, Depth: 2 * fuzzSide}, pieces,
		[]terrain.Model{ship("a", s.a, s.fa, s.baseA), ship("b", s.b, s.fb, 1), ship("c", s.c, 0, 1)})
	if err != nil {
		t.Skip(err) // coincident ids cannot happen; a degenerate piece may
	}
	return bf
}

var fuzzKinds = []terrain.Kind{terrain.Debris, terrain.Gas, terrain.Minefield, terrain.Occupied}
var fuzzArcs = []string{"F", "F/B/S", "B+S", "B/S", "360°"}

// FuzzCheckShot checks CheckShot never panics nor errs on a valid table,
// never adds dice by halving, loses dice monotonically as pieces are added
// on the line, is unchanged by a rigid motion of the whole
// table (quarter turns and shifts), and that range and sight are
// reciprocal.
func FuzzCheckShot(f *testing.F) {
	f.Add(10.0, 10.0, 90.0, 30.0, 20.0, 20.0, 15.0, 3.0, uint8(0), uint8(1), uint8(1), 5.0, 5.0)
	f.Add(32.0, 32.0, 0.0, 40.0, 32.0, 36.0, 32.0, 2.0, uint8(3), uint8(0), uint8(2), 0.0, 0.0)
	f.Add(5.0, 5.0, 45.0, 10.0, 10.0, 7.5, 7.5, 1.0, uint8(1), uint8(4), uint8(3), 1.5, -2.0)
	f.Fuzz(func(t *testing.T, ax, ay, af, bx, by, px, py, pr float64, kind, arc, turns uint8, sx, sy float64) {
		s := scene{a: geom.Pt(wrapTo(ax, 1, fuzzSide-1), wrapTo(ay, 1, fuzzSide-1)), b: geom.Pt(wrapTo(bx, 1, fuzzSide-1), wrapTo(by, 1, fuzzSide-1)),
			c: geom.Pt(fuzzSide/2, 1), fa: wrapTo(af, 0, 360), fb: 0, piece: geom.Pt(wrapTo(px, 8, fuzzSide-8), wrapTo(py, 8, fuzzSide-8)),
			radius: wrapTo(pr, 0.5, 6), kind: fuzzKinds[int(kind)%len(fuzzKinds)], baseA: 1}
		if s.a == s.b {
			return
		}
		w := Weapon{Arc: fuzzArcs[int(arc)%len(fuzzArcs)], KR: 12, ER: 9, LR: 5}
		opt := DefaultOptions()
		v0, r0, err := CheckShot(s.build(t), "a", "b", w, opt)
		if err != nil {
			t.Fatal(err)
		}
		if r0.DiceAfter > r0.Dice || r0.DiceAfter != halve(r0.Dice, r0.Halvings) {
			t.Fatalf("halving %d pieces turned %d dice into %d", r0.Halvings, r0.Dice, r0.DiceAfter)
		}
		more := s
		more.extra = true
		_, rm, err := CheckShot(more.build(t), "a", "b", w, opt)
		if err != nil {
			t.Fatal(err)
		}
		if rm.Halvings != r0.Halvings+1 || rm.DiceAfter > r0.DiceAfter {
			t.Fatalf("one more piece crossed: %d pieces, %d dice; before %d pieces, %d dice", rm.Halvings, rm.DiceAfter, r0.Halvings, r0.DiceAfter)
		}
		moved := s
		moved.turnsTimes, moved.shift = int(turns), geom.Pt(wrapTo(sx, 0, fuzzSide), wrapTo(sy, 0, fuzzSide))
		v1, r1, err := CheckShot(moved.build(t), "a", "b", w, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v0.Legal != v1.Legal || r0.Band != r1.Band || r0.Halvings != r1.Halvings || r0.Arc.In != r1.Arc.In || math.Abs(r0.Range-r1.Range) > 1e-9 {
			t.Fatalf("rigid motion changed the shot:\n%s\n%s", v0.Paragraph(), v1.Paragraph())
		}
		_, back, err := CheckShot(s.build(t), "b", "a", Weapon{}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if back.Range != r0.Range || (back.Line.BlockedBy == "") != (r0.Line.BlockedBy == "") || back.Halvings != r0.Halvings {
			t.Fatalf("not reciprocal: a->b %v in blocked %q crossed %v, b->a %v in blocked %q crossed %v",
				r0.Range, r0.Line.BlockedBy, r0.Line.Crossed, back.Range, back.Line.BlockedBy, back.Line.Crossed)
		}
	})
}

// FuzzCheckMove checks CheckMove never panics nor errs on a valid table,
// that a longer allowance never makes a legal move illegal (with the forced
// move lifted, since a longer B also raises the minimum), and that a rigid
// motion of the whole table changes nothing.
func FuzzCheckMove(f *testing.F) {
	f.Add(20.0, 20.0, 90.0, 20.0, 26.0, 0.0, 20.0, 23.0, 1.0, uint8(0), uint8(3), uint8(1), 6.0, 2.0, 3.0, 1.0)
	f.Add(10.0, 10.0, 0.0, 16.0, 10.0, 45.0, 30.0, 30.0, 2.0, uint8(3), uint8(2), uint8(2), 8.0, 4.0, 0.0, 0.0)
	f.Add(32.0, 32.0, 45.0, 36.0, 36.0, -45.0, 34.0, 34.0, 0.5, uint8(1), uint8(1), uint8(3), 7.0, 1.0, 10.0, 5.0)
	f.Fuzz(func(t *testing.T, ax, ay, af, tx, ty, tf, px, py, pr float64, kind, rank, turns uint8, b, extra, sx, sy float64) {
		s := scene{a: geom.Pt(wrapTo(ax, 4, fuzzSide-4), wrapTo(ay, 4, fuzzSide-4)), b: geom.Pt(fuzzSide-2, fuzzSide-2), c: geom.Pt(2, fuzzSide-2),
			fa: wrapTo(af, 0, 360), piece: geom.Pt(wrapTo(px, 8, fuzzSide-8), wrapTo(py, 8, fuzzSide-8)),
			radius: wrapTo(pr, 0.5, 6), kind: fuzzKinds[int(kind)%len(fuzzKinds)], baseA: 1.5}
		to := geom.Pt(wrapTo(tx, 1, fuzzSide-1), wrapTo(ty, 1, fuzzSide-1))
		face := wrapTo(tf, -180, 180)
		opt := DefaultOptions()
		bb := wrapTo(b, 0, 20)
		opt.Ships = map[string]Ship{"a": {Rank: 1 + int(rank)%3, Move: 0, NoForcedMove: true}}
		check := func(s scene, move float64) (bool, MoveResult) {
			o := opt
			o.Ships = map[string]Ship{"a": {Rank: opt.Ships["a"].Rank, Move: lengthOf(move), NoForcedMove: true}}
			fac := s.fa + face + float64(90*(s.turnsTimes%4))
			v, r, err := CheckMove(s.build(t), "a", MovePlan{To: s.move(to), Facing: &fac}, o)
			if err != nil {
				t.Fatal(err)
			}
			return v.Legal, r
		}
		l0, r0 := check(s, bb)
		l1, _ := check(s, bb+wrapTo(extra, 0, 10))
		if l0 && !l1 {
			t.Fatalf("a longer allowance made a legal move illegal (%+v)", r0)
		}
		moved := s
		moved.turnsTimes, moved.shift = int(turns), geom.Pt(wrapTo(sx, 0, fuzzSide), wrapTo(sy, 0, fuzzSide))
		l2, r2 := check(moved, bb)
		if l0 != l2 || r0.Destroyed != r2.Destroyed || len(r0.Overlaps) != len(r2.Overlaps) || len(r0.MineChecks) != len(r2.MineChecks) {
			t.Fatalf("rigid motion changed the move: %v %+v vs %v %+v", l0, r0, l2, r2)
		}
	})
}
