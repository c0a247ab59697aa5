package terrain

import (
	"math"
	"testing"
	"unsafe"

	"github.com/sightline/sightline/geom"
)

// TestClassBit: each core class has a bit of its own, anything else none.
func TestClassBit(t *testing.T) {
	tests := []struct {
		in   Class
		want uint16
	}{
		{Infantry, 1}, {Vehicle, 2}, {Walker, 4}, {Skimmer, 8}, {Aircraft, 16}, {Ship, 32}, {Figure, 64},
		{"", 0}, {"tank", 0}, {"Infantry", 0},
	}
	for _, tt := range tests {
		if got := tt.in.Bit(); got != tt.want {
			t.Errorf("Class(%q).Bit() = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestOccluderRecs: every record holds its piece's or model's data (the
// segment walk decides from the records alone), for a generated table and
// for a hand-made one with each kind of piece and an airborne model.
func TestOccluderRecs(t *testing.T) {
	gen, err := GenerateBattlefield(7, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	sq := geom.Polygon{Outer: geom.Ring{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}}}
	holed := geom.Polygon{Outer: geom.Ring{{X: 10, Y: 0}, {X: 20, Y: 0}, {X: 20, Y: 10}, {X: 10, Y: 10}},
		Holes: []geom.Ring{{{X: 12, Y: 2}, {X: 12, Y: 8}, {X: 18, Y: 8}, {X: 18, Y: 2}}}}
	pieces := []Piece{
		{ID: "wall", Kind: Solid, Footprint: sq, Height: 2, Sight: SightBlocking},
		{ID: "court", Kind: Building, Footprint: holed, Height: 5, Sight: SightBlocking},
		{ID: "wood", Kind: Area, Footprint: geom.Polygon{Outer: geom.Ring{{X: 30, Y: 0}, {X: 34, Y: 0}, {X: 32, Y: 3}}}, Height: 3, Sight: SightConcealing},
	}
	models := []Model{
		{ID: "a", Class: Infantry, Position: geom.Pt(40, 40), Base: Base{Shape: BaseCircle, Diameter: 1}, Hull: Hull{Height: 1}},
		{ID: "b", Class: Aircraft, Position: geom.Pt(44, 40), Base: Base{Shape: BaseCircle, Diameter: 1}, Hull: Hull{Height: 1}, Altitude: 6},
		{ID: "c", Class: Vehicle, Position: geom.Pt(40, 44), Hull: Hull{Length: 2, Width: 1, Height: 0}},
	}
	hand, err := New(Table{Width: 48, Depth: 48}, pieces, models)
	if err != nil {
		t.Fatal(err)
	}
	for _, bf := range []*Battlefield{gen, hand} {
		o := bf.Occluders()
		for i := range bf.Pieces() {
			p, r := &bf.Pieces()[i], &o.Pieces.Recs[i]
			var want OccluderFlags
			if p.Kind == Smoke {
				want |= OccSmoke
			}
			if p.Sight == SightBlocking {
				want |= OccBlocking
			}
			if p.Sight == SightConcealing {
				want |= OccConcealing
			}
			if len(p.Footprint.Holes) > 0 {
				want |= OccHoles
			}
			var cv *ConvexRing
			if len(p.Footprint.Holes) == 0 {
				cv = ConvexRingOf(p.Footprint.Outer)
			}
			if r.ID != p.ID || r.Flags != want || r.Top != p.Height || r.Bottom != 0 || r.Class != "" || r.ClassBit != 0 ||
				r.Disc != planDiscOf(p.Footprint.Outer, PlanBoxOf(p.Footprint.Outer)) || !sameConvex(r.Convex, cv) ||
				!sameRing(r.Ring, p.Footprint.Outer) || o.Pieces.Boxes[i] != PlanBoxOf(p.Footprint.Outer) {
				t.Errorf("piece %s: record %+v, want flags %b, top %v and its disc, ring and ConvexRing", p.ID, *r, want, p.Height)
			}
		}
		for i := range bf.Models() {
			m, r := &bf.Models()[i], &o.Models.Recs[i]
			var want OccluderFlags
			if !m.Airborne() && m.Hull.Height > 0 {
				want = OccStanding
			}
			ring := m.PlanRing(nil)
			if r.ID != m.ID || r.Class != m.Class || r.ClassBit != m.Class.Bit() || r.Flags != want ||
				r.Top != m.Top() || r.Bottom != m.Ground() || r.Disc != planDiscOf(ring, PlanBoxOf(ring)) ||
				!sameConvex(r.Convex, ConvexRingOf(ring)) || !sameRing(r.Ring, ring) || !sameRing(o.Models.Rings[i], ring) {
				t.Errorf("model %s: record %+v, want flags %b and its heights, disc, ring and ConvexRing", m.ID, *r, want)
			}
		}
	}
	// The hand-made table's flags, spelt out.
	o := hand.Occluders()
	for i, want := range []OccluderFlags{OccBlocking, OccBlocking | OccHoles, OccConcealing} {
		if got := o.Pieces.Recs[i].Flags; got != want {
			t.Errorf("piece %s flags = %b, want %b", pieces[i].ID, got, want)
		}
	}
	for i, want := range []OccluderFlags{OccStanding, 0, 0} {
		if got := o.Models.Recs[i].Flags; got != want {
			t.Errorf("model %s flags = %b, want %b", models[i].ID, got, want)
		}
	}
}

// sameConvex reports whether a and b are both nil or equal ConvexRings.
func sameConvex(a, b *ConvexRing) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// sameRing reports whether a and b are the same points.
func sameRing(a, b []geom.Point) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// TestOuter32: each bound rounded outwards to float32, exact ones kept,
// bounds beyond float32's range to its largest value or an infinity.
func TestOuter32(t *testing.T) {
	const third = 1.0 / 3
	f := float32(third) // 0.3333333432674408, above 1/3
	below := math.Nextafter32(f, 0)
	tests := []struct {
		in   PlanBox
		want PlanBox32
	}{
		{PlanBox{0, -2.5, 4, 1e3}, PlanBox32{0, -2.5, 4, 1e3}},
		{PlanBox{third, third, third, third}, PlanBox32{below, below, f, f}},
		{PlanBox{-third, -third, -third, -third}, PlanBox32{-f, -f, -below, -below}},
		{PlanBox{-1e300, -1e39, 1e39, 1e300}, PlanBox32{float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(1)), float32(math.Inf(1))}},
		{PlanBox{1e39, 1e39, -1e39, -1e39}, PlanBox32{math.MaxFloat32, math.MaxFloat32, -math.MaxFloat32, -math.MaxFloat32}},
		{PlanBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}, PlanBox32{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(-1))}},
	}
	for _, tt := range tests {
		if got := tt.in.Outer32(); got != tt.want {
			t.Errorf("%v.Outer32() = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestGridEntriesHoldBoxes: every listing's float32 box holds the box of
// the occluder it lists, on a generated table and on one edited by moving
// a model (whose grid is patched, not rebuilt).
func TestGridEntriesHoldBoxes(t *testing.T) {
	bf, err := GenerateBattlefield(11, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	m := bf.Models()[0]
	m.Position = m.Position.Add(geom.Pt(0.75, 0.5))
	moved, err := bf.ReplaceModel(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []*Battlefield{bf, moved} {
		b.Occluders() // the moved one derives from bf's
		o := b.Occluders()
		np := len(o.Pieces.Boxes)
		for k, e := range o.Grid.Entries {
			box := o.Pieces.Boxes
			id := int(e.ID())
			if id >= np {
				box, id = o.Models.Boxes, id-np
			}
			w := box[id]
			if !(float64(e.Box.X0) <= w.X0 && float64(e.Box.Y0) <= w.Y0 && float64(e.Box.X1) >= w.X1 && float64(e.Box.Y1) >= w.Y1) {
				t.Fatalf("entry %d (id %d) box %v does not hold %v", k, e.ID(), e.Box, w)
			}
			if e.ID() != o.Grid.IDs[k] {
				t.Fatalf("entry %d id %d, IDs[%d] = %d", k, e.ID(), k, o.Grid.IDs[k])
			}
		}
	}
}

// TestGridMarks: every listing carries its occluder's MarkOf, on a
// generated table, on one edited by lifting a model off the table (an
// inert model: its grid patched, not rebuilt) and by landing a roaming
// aircraft, whose listing stays unmarked (the roaming grid serves every
// placement).
func TestGridMarks(t *testing.T) {
	bf, err := GenerateBattlefield(11, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	bf.Occluders()
	m := bf.Models()[3]
	m.Altitude = 6
	lifted, err := bf.ReplaceModel(m)
	if err != nil {
		t.Fatal(err)
	}
	// The lifted model roams and lands: its record is then standing, and
	// the roaming grid, built while it flew, must not have marked it
	// inert.
	air := 3
	lifted.Occluders()
	r, err := lifted.Roam(m.ID)
	if err != nil {
		t.Fatal(err)
	}
	landed := m
	landed.Altitude = 0
	placed, err := r.Place(landed)
	if err != nil {
		t.Fatal(err)
	}
	if MarkOf(placed.Occluders().Models.Recs[air].Flags, true) != 0 {
		t.Fatal("the landed aircraft does not occlude")
	}
	marked := map[Mark]int{}
	for name, c := range map[string]struct {
		b       *Battlefield
		roaming int
	}{"generated": {bf, -1}, "lifted": {lifted, -1}, "placed": {placed, air}} {
		o := c.b.Occluders()
		np := len(o.Pieces.Recs)
		for k, e := range o.Grid.Entries {
			id := int(e.ID())
			want := Mark(0)
			switch {
			case id < np:
				want = MarkOf(o.Pieces.Recs[id].Flags, false)
			case id-np != c.roaming:
				want = MarkOf(o.Models.Recs[id-np].Flags, true)
			}
			if !fastPaths {
				want = 0 // no marks in this build
			}
			if e.Mark() != want {
				t.Fatalf("%s: entry %d (id %d) mark %b, want %b", name, k, id, e.Mark(), want)
			}
			marked[e.Mark()]++
		}
		if name == "lifted" {
			if got := MarkOf(o.Models.Recs[3].Flags, true); got != MarkInert {
				t.Fatalf("lifted model's mark %b, want MarkInert", got)
			}
		}
	}
	if fastPaths && (marked[MarkInert] == 0 || marked[MarkConcealing] == 0) {
		t.Errorf("marks met %v: want inert and concealing ones", marked)
	}
}

// TestOccluderRecLayout: the fields that decide whether an occluder is met
// fill the record's first 64 bytes and the record two cache lines (see
// OccluderRec): a field added in the wrong place costs a cache miss per
// occluder on large tables.
func TestOccluderRecLayout(t *testing.T) {
	var r OccluderRec
	if got := unsafe.Sizeof(r); got != 128 {
		t.Errorf("unsafe.Sizeof(OccluderRec{}) = %d, want 128", got)
	}
	if got := unsafe.Offsetof(r.Ring); got != 64 {
		t.Errorf("unsafe.Offsetof(OccluderRec.Ring) = %d, want 64", got)
	}
}

// TestPlanDiscOf checks the disc of a 2 x 2 square with hand-computed
// values: centre (1, 1), radius √2 grown by 1e-9 relative and 1e-9·(1+1+1).
func TestPlanDiscOf(t *testing.T) {
	sq := []geom.Point{geom.Pt(0, 0), geom.Pt(2, 0), geom.Pt(2, 2), geom.Pt(0, 2)}
	d := PlanDiscOf(sq)
	want := math.Sqrt2*(1+1e-9) + 3e-9
	if d.CX != 1 || d.CY != 1 || math.Abs(d.R-want) > 1e-15 {
		t.Errorf("PlanDiscOf(square) = %+v; want centre (1, 1), radius %.17g", d, want)
	}
	for _, p := range sq {
		if dx, dy := p.X-d.CX, p.Y-d.CY; dx*dx+dy*dy >= d.R*d.R {
			t.Errorf("vertex %v not strictly inside the disc %+v", p, d)
		}
	}
}
