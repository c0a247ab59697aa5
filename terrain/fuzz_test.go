package terrain

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
)

// fuzzReader turns fuzz bytes into values; it yields zeros when exhausted.
type fuzzReader struct{ b []byte }

func (r *fuzzReader) byte() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// num returns mostly small table coordinates, sometimes raw float64 bits
// (NaN, Inf, huge, subnormal).
func (r *fuzzReader) num() float64 {
	c := r.byte()
	if c >= 250 {
		var buf [8]byte
		for i := range buf {
			buf[i] = r.byte()
		}
		return math.Float64frombits(binary.LittleEndian.Uint64(buf[:]))
	}
	return float64(c) / 5 // 0 .. 49.8 in steps of 0.2
}

func FuzzNew(f *testing.F) {
	f.Add(validFuzzSeed)
	f.Add([]byte{240, 240, 2, 4, 10, 10, 30, 10, 30, 30, 10, 30, 10, 1, 50, 50, 20, 0})
	f.Add([]byte{240, 240, 1, 3, 0, 0, 0, 0, 0, 0, 5, 1, 0, 0})
	f.Add([]byte{250, 0, 0, 0, 0, 0, 0, 248, 127, 240, 0})
	f.Add([]byte{240, 240, 3, 3, 10, 10, 20, 20, 30, 10, 5, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 100, 100, 5, 3, 90, 90, 40})
	f.Fuzz(func(t *testing.T, data []byte) { fuzzNew(t, data) })
}

// validFuzzSeed decodes to a 48 x 48 table with a building "a" (10..20 x
// 10..20, 2 in tall, wall "w" on its south side with a window), a smoke
// circle of radius 1 at (30, 30), a garrisoned infantry model and a
// vehicle (each with a zero elevation byte: on the ground), and a query
// segment along y = 30 through the smoke.
var validFuzzSeed = []byte{240, 240, 2,
	1, 50, 4, 50, 50, 100, 50, 100, 100, 50, 100, 0, 5,
	3, 0, 0, 150, 150, 20,
	2,
	0, 0, 75, 75, 0, 0, 5, 0, 0, 5, 0, 0,
	1, 1, 200, 25, 10, 2, 10, 5, 4, 1, 0,
	0, 150, 5, 240, 150, 5}

// TestFuzzSeedValid makes sure the fuzz decoder can reach a valid
// battlefield, so the index comparison in FuzzNew is exercised.
func TestFuzzSeedValid(t *testing.T) {
	bf := fuzzNew(t, validFuzzSeed)
	if bf == nil || len(bf.Pieces()) != 2 || len(bf.Models()) != 2 {
		t.Fatalf("fuzzNew(validFuzzSeed) = %v, want 2 pieces and 2 models", bf)
	}
	n := 0
	bf.VisitSegment(geom.Segment3{A: geom.V3(0, 30, 0.2), B: geom.V3(48, 30, 0.2)}, func(it Item) bool { n++; return true })
	if n != 1 {
		t.Errorf("segment through the smoke visited %d items, want 1", n)
	}
}

// fuzzNew decodes data into a table, calls New, and, when it succeeds,
// compares index queries with brute force. It returns the battlefield or
// nil.
func fuzzNew(t *testing.T, data []byte) *Battlefield {
	{
		r := &fuzzReader{b: data}
		tab := Table{Width: r.num(), Depth: r.num()}
		np := int(r.byte() % 6)
		var pieces []Piece
		for i := range np {
			p := Piece{ID: string(rune('a' + i)), Kind: []Kind{Solid, Building, Area, Smoke}[r.byte()%4],
				Sight: SightBlocking, Cover: CoverHard, Level: 1, Height: r.num() / 5}
			if nv := int(r.byte() % 8); nv == 0 {
				p.Circle = &geom.Circle{Center: geom.Pt(r.num(), r.num()), Radius: r.num() / 4}
			} else {
				for range nv {
					p.Footprint.Outer = append(p.Footprint.Outer, geom.Pt(r.num(), r.num()))
				}
			}
			if p.Kind == Building && len(p.Footprint.Outer) > 1 {
				o := p.Footprint.Outer
				p.Building = &BuildingInfo{Floors: 1 + int(r.byte()%3), Walls: []Wall{{ID: "w", From: o[0], To: o[1],
					Windows: []geom.Vec3{geom.Lift(geom.Pt((o[0].X+o[1].X)/2, (o[0].Y+o[1].Y)/2), r.num()/10)}}}}
			}
			pieces = append(pieces, p)
		}
		nb := r.byte()
		nm := int(nb % 6)
		tab.Straddle = Straddles()[int(nb/6)%3]
		var models []Model
		for i := range nm {
			m := Model{ID: string(rune('A' + i)), Squad: string(rune('x' + r.byte()%2)), Class: []Class{Infantry, Vehicle, Aircraft}[r.byte()%3],
				Position: geom.Pt(r.num(), r.num()), Facing: s1.Angle(r.num()), Level: 1}
			switch r.byte() % 3 {
			case 0:
				m.Base = Base{Shape: BaseCircle, Diameter: r.num() / 10}
			case 1:
				m.Base = Base{Shape: BaseOval, Length: r.num() / 10, Width: r.num() / 10}
			}
			m.Hull = Hull{Length: r.num() / 10, Width: r.num() / 10, Height: r.num() / 10}
			if m.Class == Aircraft {
				m.Altitude = r.num() / 5
			}
			if r.byte()%4 == 0 {
				m.Garrison = &GarrisonRef{Building: "a", Wall: "w"}
			}
			// Elevated models: a given elevation (perhaps buried, between
			// floors, on a roof), a garrison floor, a declared level.
			if e := r.byte(); e%4 == 1 {
				z := float64(e) / 40
				m.Elevation = &z
			} else if e%4 == 2 && m.Garrison != nil {
				m.Garrison.Floor = 1 + int(e/4)%3
			} else if e%4 == 3 {
				m.Level = 1 + int(e/4)%4
			}
			models = append(models, m)
		}
		bf, err := New(tab, pieces, models)
		if err != nil {
			if _, ok := err.(*FieldError); !ok {
				t.Fatalf("New() error %v is %T, want *FieldError", err, err)
			}
			return nil
		}
		checkGrounds(t, bf)
		for range 4 {
			a := geom.V3(r.num(), r.num(), r.num()/5)
			c := geom.V3(r.num(), r.num(), r.num()/5)
			ad := [3]float64{a.X, a.Y, a.Z}
			d := [3]float64{c.X - a.X, c.Y - a.Y, c.Z - a.Z}
			got := collect(func(fn func(Item) bool) { bf.VisitSegment(geom.Segment3{A: a, B: c}, fn) })
			want := bruteForce(bf, func(b *box3) bool { return finite3(ad) && finite3(d) && b.hitsSegment(ad, d, 3) })
			if !sameItems(got, want) {
				t.Fatalf("VisitSegment(%v, %v) = %v, want %v", a, c, got, want)
			}
			rect := geom.RectFromPoints(geom.Flat(a), geom.Flat(c))
			got = collect(func(fn func(Item) bool) { bf.VisitRect(rect, fn) })
			want = bruteForce(bf, func(b *box3) bool { return !rect.IsEmpty() && b.overlapsRect(rect) })
			if !sameItems(got, want) {
				t.Fatalf("VisitRect(%v) = %v, want %v", rect, got, want)
			}
		}
		return bf
	}
}

// checkGrounds checks every model's resolved ground: a surface at or
// above the table, the model's volume from it, its eye above it, and a
// model of the Battlefield fed back to New resolving to the same ground
// (its declared level and elevation kept).
func checkGrounds(t *testing.T, bf *Battlefield) {
	again, err := New(bf.Table(), bf.Pieces(), bf.Models())
	if err != nil {
		t.Fatalf("New(bf.Models()) = %v, want the battlefield back", err)
	}
	for i := range bf.Models() {
		m := &bf.Models()[i]
		g := m.Ground()
		if !(g >= 0) || m.Top() < g {
			t.Fatalf("%s: ground %v, top %v", m.ID, g, m.Top())
		}
		if lo, _ := m.VolumeBound(); !m.Airborne() && lo.Z != g {
			t.Fatalf("%s: volume from %v, ground %v", m.ID, lo.Z, g)
		}
		if m.Airborne() && m.Altitude < g {
			t.Fatalf("%s: altitude %v below its ground %v", m.ID, m.Altitude, g)
		}
		if m2 := &again.Models()[i]; m2.Stand() != m.Stand() || m2.Level != m.Level {
			t.Fatalf("%s: resolved again to %v level %d, was %v level %d", m.ID, m2.Stand(), m2.Level, m.Stand(), m.Level)
		}
	}
}
