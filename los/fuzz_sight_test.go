package los

import (
	"math"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// fuzzPieces is a small table with every kind of occluder edge case: a
// rectangle, an L-shape with a reflex corner, smoke, a flat blocking disc and a
// low wall, all on a quarter-inch grid so that fuzzed points land exactly
// on corners, faces and roof levels.
func fuzzPieces() []terrain.Piece {
	l := geom.PolygonFromPoints(geom.Pt(26, 10), geom.Pt(36, 10), geom.Pt(36, 14), geom.Pt(30, 14), geom.Pt(30, 20), geom.Pt(26, 20))
	return []terrain.Piece{
		building("house", rectFP(10, 10, 14, 14), 3),
		building("l", l, 4),
		smoke("smoke", geom.Pt(12, 36), 2),
		{ID: "disc", Kind: terrain.Occupied, Circle: &geom.Circle{Center: geom.Pt(36, 36), Radius: 3},
			Sight: terrain.SightBlocking, Cover: terrain.CoverNone, Level: 1},
		solid("wall", rectFP(20, 24, 28, 24.5), 1),
	}
}

// grid maps a fuzzed byte pair to a quarter-inch coordinate in [0, 48].
func grid(v int16) float64 { return float64(uint16(v)%193) / 4 }

func FuzzSightSymmetric(f *testing.F) {
	f.Add(int16(20), int16(48), int16(4), int16(80), int16(48), int16(12), false) // roof level through house
	f.Add(int16(32), int16(48), int16(0), int16(48), int16(32), int16(4), false)  // corner touch
	f.Add(int16(40), int16(40), int16(4), int16(80), int16(40), int16(4), true)   // along a face
	f.Add(int16(16), int16(48), int16(4), int16(64), int16(48), int16(20), true)  // roof edge
	bf := mustBF(f, fuzzPieces(), nil)
	f.Fuzz(func(t *testing.T, ax, ay, az, bx, by, bz int16, graze bool) {
		a := geom.V3(grid(ax), grid(ay), grid(az)/4)
		b := geom.V3(grid(bx), grid(by), grid(bz)/4)
		opt := Options{GrazingBlocks: graze}
		ab := SightSegment(bf, a, b, opt)
		ba := SightSegment(bf, b, a, opt)
		if ab.Clear != ba.Clear {
			t.Fatalf("SightSegment(%v, %v).Clear = %v but reversed %v (%s | %s)", a, b, ab.Clear, ba.Clear, ab.Explain(), ba.Explain())
		}
		if !graze && len(ab.Grazing) != len(ba.Grazing) && ab.Clear {
			t.Fatalf("grazing lists differ: %v vs %v", ab.Grazing, ba.Grazing)
		}
	})
}

// rot90 turns p a quarter turn counter-clockwise about the table centre
// (24, 24), exactly: (x, y) -> (48 - y, x).
func rot90(p geom.Point) geom.Point { return geom.Pt(48-p.Y, p.X) }

func rotPolygon(p geom.Polygon) geom.Polygon {
	out := geom.Polygon{}
	for _, v := range p.Outer {
		out.Outer = append(out.Outer, rot90(v))
	}
	return out
}

// FuzzRigidMotion turns the table, a target and a sightline together and
// expects the same answers; plateau (its height plateau%9/4 in, none for
// 0) raises the target onto a 5 x 5 plateau turned with the rest.
func FuzzRigidMotion(f *testing.F) {
	f.Add(int16(20), int16(48), int16(4), int16(80), int16(48), int16(12), uint8(1), int16(100), int16(100), uint8(30), uint8(0))
	f.Add(int16(32), int16(48), int16(0), int16(48), int16(32), int16(4), uint8(2), int16(90), int16(120), uint8(0), uint8(0))
	f.Add(int16(16), int16(48), int16(4), int16(64), int16(48), int16(20), uint8(3), int16(120), int16(90), uint8(200), uint8(0))
	f.Add(int16(20), int16(48), int16(12), int16(80), int16(48), int16(12), uint8(1), int16(100), int16(100), uint8(30), uint8(8))
	f.Add(int16(0), int16(0), int16(40), int16(120), int16(100), int16(8), uint8(3), int16(120), int16(100), uint8(64), uint8(4))
	f.Fuzz(func(t *testing.T, ax, ay, az, bx, by, bz int16, turns uint8, tx, ty int16, facing, plateau uint8) {
		a := geom.V3(grid(ax), grid(ay), grid(az)/4)
		b := geom.V3(grid(bx), grid(by), grid(bz)/4)
		k := int(turns % 4)
		tp := geom.Pt(math.Min(grid(tx), 44), math.Min(grid(ty), 44))
		tp = geom.Pt(math.Max(tp.X, 4), math.Max(tp.Y, 4))
		target := tank("t", "b", tp.X, tp.Y, 2, 1.5, 1.5)
		target.Facing = s1.Angle(float64(facing) * math.Pi / 128)
		pieces := fuzzPieces()
		if hp := float64(plateau%9) / 4; hp > 0 {
			pieces = append(pieces, solid("plateau", rectFP(tp.X-2.5, tp.Y-2.5, tp.X+2.5, tp.Y+2.5), hp))
		}
		bf := mustBF(t, pieces, []terrain.Model{target})
		// Rotate everything k quarter turns (exact on the quarter-inch grid).
		for range k {
			for i := range pieces {
				if pieces[i].Circle != nil {
					c := *pieces[i].Circle
					c.Center = rot90(c.Center)
					pieces[i].Circle = &c
				} else {
					pieces[i].Footprint = rotPolygon(pieces[i].Footprint)
				}
			}
			target.Position = rot90(target.Position)
			target.Facing += math.Pi / 2
			a = geom.Lift(rot90(geom.Flat(a)), a.Z)
			b = geom.Lift(rot90(geom.Flat(b)), b.Z)
		}
		bf2 := mustBF(t, pieces, []terrain.Model{target})
		if g1, g2 := bf.Models()[0].Ground(), bf2.Models()[0].Ground(); g1 != g2 {
			t.Fatalf("turned %d: ground %v -> %v", k, g1, g2)
		}
		a0 := geom.V3(grid(ax), grid(ay), grid(az)/4)
		b0 := geom.V3(grid(bx), grid(by), grid(bz)/4)
		r1 := SightSegment(bf, a0, b0, Options{})
		r2 := SightSegment(bf2, a, b, Options{})
		// Circles are re-polygonised after the turn (their polygon starts on
		// the +x axis), so only compare segments clear of the round pieces.
		round := func(r SegmentResult) bool {
			return r.Blocker.ID == "smoke" || r.Blocker.ID == "disc" || len(r.Grazing) > 0
		}
		if r1.Clear != r2.Clear && !round(r1) && !round(r2) {
			t.Fatalf("turned %d: Clear %v -> %v (%s | %s)", k, r1.Clear, r2.Clear, r1.Explain(), r2.Explain())
		}
		f1, err1 := VisibleFractionFrom(bf, a0, "t", Options{IgnoreSmoke: true})
		f2, err2 := VisibleFractionFrom(bf2, a, "t", Options{IgnoreSmoke: true})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		hasDisc := func(r FractionResult) bool {
			for _, h := range r.Hidden {
				if h.ID == "disc" {
					return true
				}
			}
			return false
		}
		if math.Abs(f1.Fraction-f2.Fraction) > 1e-9 && !hasDisc(f1) && !hasDisc(f2) {
			t.Fatalf("turned %d: fraction %v -> %v", k, f1.Fraction, f2.Fraction)
		}
	})
}

func FuzzOccluderMonotone(f *testing.F) {
	f.Add(int16(20), int16(48), int16(8), int16(120), int16(100), int16(60), int16(80), int16(8), int16(8), int16(12))
	f.Add(int16(10), int16(10), int16(20), int16(100), int16(100), int16(50), int16(50), int16(30), int16(2), int16(40))
	f.Fuzz(func(t *testing.T, ex, ey, ez, tx, ty, ox, oy, ol, ow, oh int16) {
		eye := geom.V3(grid(ex), grid(ey), grid(ez)/4)
		tp := geom.Pt(math.Min(math.Max(grid(tx), 4), 44), math.Min(math.Max(grid(ty), 4), 44))
		models := []terrain.Model{tank("t", "b", tp.X, tp.Y, 2, 1.5, 1.5)}
		base := mustBF(t, nil, models)
		r0, err := VisibleFractionFrom(base, eye, "t", Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r0.Fraction != 1 {
			t.Fatalf("no occluders: fraction %v, want 1", r0.Fraction)
		}
		o := geom.Pt(grid(ox), grid(oy))
		l, w := 0.25+float64(uint16(ol)%40)/4, 0.25+float64(uint16(ow)%40)/4
		fp := rectFP(math.Max(o.X-l/2, 0), math.Max(o.Y-w/2, 0), math.Min(o.X+l/2, 48), math.Min(o.Y+w/2, 48))
		one := mustBF(t, []terrain.Piece{solid("o1", fp, 0.25+float64(uint16(oh)%40)/4)}, models)
		r1, _ := VisibleFractionFrom(one, eye, "t", Options{})
		// A second block halfway between eye and target (it may overlap the
		// first: pieces may overlap).
		mid := geom.Flat(eye).Add(tp).Mul(0.5)
		two := mustBF(t, []terrain.Piece{solid("o1", fp, 0.25+float64(uint16(oh)%40)/4),
			solid("o2", rectFP(mid.X-0.5, mid.Y-0.5, mid.X+0.5, mid.Y+0.5), 1)}, models)
		r2, _ := VisibleFractionFrom(two, eye, "t", Options{})
		if r1.Fraction > r0.Fraction+1e-9 || r2.Fraction > r1.Fraction+1e-9 {
			t.Fatalf("adding occluders raised the fraction: %v -> %v -> %v", r0.Fraction, r1.Fraction, r2.Fraction)
		}
		// Enclosed in a taller building: 0 from outside it.
		box := rectFP(tp.X-2, tp.Y-2, tp.X+2, tp.Y+2)
		if geom.PointInConvex(geom.Flat(eye), box.Outer) == geom.Outside {
			enc := mustBF(t, []terrain.Piece{building("box", box, 3)}, models)
			if r, _ := VisibleFractionFrom(enc, eye, "t", Options{}); r.Fraction != 0 {
				t.Fatalf("enclosed target: fraction %v, want 0 (%s)", r.Fraction, r.Explain())
			}
		}
	})
}
