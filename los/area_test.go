package los

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// msArea is a flat concealing area piece of the given kind.
func msArea(id string, kind terrain.Kind, fp geom.Polygon) terrain.Piece {
	return terrain.Piece{ID: id, Kind: kind, Footprint: fp, Sight: terrain.SightConcealing, Cover: terrain.CoverSoft, Level: 1}
}

func TestAreaCrossingsConcave(t *testing.T) {
	// A U-shaped wood: [10,20] x [0,10] without the notch [13,17] x [3,10].
	u := geom.PolygonFromPoints(geom.Pt(10, 0), geom.Pt(20, 0), geom.Pt(20, 10), geom.Pt(17, 10),
		geom.Pt(17, 3), geom.Pt(13, 3), geom.Pt(13, 10), geom.Pt(10, 10))
	bf := msBF(t, []terrain.Piece{msArea("wood", terrain.Area, u), msSolid("house", msRect(40, 0, 44, 10), 3)}, nil)

	// y = 6 from x = 0 to 30 (length 30): inside [10,13] and [17,20].
	cs := AreaCrossings(bf, geom.Pt(0, 6), geom.Pt(30, 6), AreaFilter{})
	if len(cs) != 1 {
		t.Fatalf("AreaCrossings = %d crossings, want 1 (the house is not area terrain)", len(cs))
	}
	c := cs[0]
	if len(c.Spans) != 2 || !msNear(c.Spans[0].Entry.X, 10) || !msNear(c.Spans[0].Exit.X, 13) ||
		!msNear(c.Spans[1].Entry.X, 17) || !msNear(c.Spans[1].Exit.X, 20) {
		t.Errorf("spans = %+v, want [10,13] and [17,20]", c.Spans)
	}
	// 3 + 3 inside; A is 10 before the entry, B 10 behind the exit.
	if !msNear(c.Inside, 6) || c.FromInside || c.ToInside || !msNear(c.FromAlong, 10) || !msNear(c.ToAlong, 10) || c.Grazing {
		t.Errorf("crossing = %+v, want inside 6, along 10/10, ends outside", c)
	}
	// A inside at (11,1): 1 from the west and south edges; the line y = 1
	// leaves at x = 20 (9 along). B (25,1) is 5 from the east edge.
	cs = AreaCrossings(bf, geom.Pt(11, 1), geom.Pt(25, 1), AreaFilter{})
	c = cs[0]
	if !c.FromInside || c.ToInside || !msNear(c.FromAlong, 9) || !msNear(c.FromEdge, 1) || !msNear(c.ToEdge, 5) ||
		!msNear(c.ToEdgePoint.X, 20) || !msNear(c.ToAlong, 5) || !msNear(c.Inside, 9) {
		t.Errorf("crossing from inside = %+v", c)
	}
	// Both ends inside the notch's arms: (11,5) to (19,5): two spans, 2 + 2.
	cs = AreaCrossings(bf, geom.Pt(11, 5), geom.Pt(19, 5), AreaFilter{})
	c = cs[0]
	if !c.FromInside || !c.ToInside || !msNear(c.Inside, 4) || !msNear(c.FromAlong, 2) || !msNear(c.ToAlong, 2) {
		t.Errorf("crossing both ends inside = %+v", c)
	}
}

func TestAreaCrossingsSmokeGasCount(t *testing.T) {
	smoke := terrain.Piece{ID: "smoke", Kind: terrain.Smoke, Circle: &geom.Circle{Center: geom.Pt(10, 10), Radius: 1.5},
		Sight: terrain.SightConcealing, Cover: terrain.CoverNone, Level: 1}
	gas := terrain.Piece{ID: "gas", Kind: terrain.Gas, Footprint: msRect(20, 0, 24, 20), Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: 1}
	debris := terrain.Piece{ID: "debris", Kind: terrain.Debris, Footprint: msRect(30, 0, 34, 20), Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: 1}
	bf := msBF(t, []terrain.Piece{smoke, gas, debris}, nil)
	// A 3 in disc across its centre: chord 3.
	cs := AreaCrossings(bf, geom.Pt(0, 10), geom.Pt(15, 10), AreaFilter{})
	if len(cs) != 1 || !msNear(cs[0].Inside, 3) {
		t.Errorf("smoke chord = %+v, want 3", cs)
	}
	// Offset 1.3: chord 2*sqrt(1.5^2 - 1.3^2) = 2*sqrt(0.56).
	cs = AreaCrossings(bf, geom.Pt(0, 11.3), geom.Pt(15, 11.3), AreaFilter{})
	if len(cs) != 1 || math.Abs(cs[0].Inside-2*math.Sqrt(0.56)) > 1e-9 {
		t.Errorf("smoke offset chord = %+v, want %v", cs, 2*math.Sqrt(0.56))
	}
	// From inside the gas through the debris: two crossed.
	cs = AreaCrossings(bf, geom.Pt(22, 10), geom.Pt(40, 10), AreaFilter{})
	if CountCrossed(cs) != 2 || !cs[0].FromInside || !msNear(cs[0].FromAlong, 2) {
		t.Errorf("gas+debris = %+v, want 2 crossed, start inside 2 from the exit", cs)
	}
	// Along the gas cloud's west edge x = 20: grazing only, not counted.
	cs = AreaCrossings(bf, geom.Pt(20, 2), geom.Pt(20, 18), AreaFilter{})
	if len(cs) != 1 || !cs[0].Grazing || CountCrossed(cs) != 0 {
		t.Errorf("grazing = %+v, want one grazing crossing, none counted", cs)
	}
	// Kind filter: only debris.
	cs = AreaCrossings(bf, geom.Pt(0, 10), geom.Pt(40, 10), AreaFilter{Kinds: []terrain.Kind{terrain.Debris}})
	if len(cs) != 1 || cs[0].PieceID != "debris" {
		t.Errorf("kind filter = %+v, want debris only", cs)
	}
	if AreaCrossings(bf, geom.Pt(math.NaN(), 0), geom.Pt(1, 1), AreaFilter{}) != nil {
		t.Errorf("NaN input gave crossings")
	}
}

func TestAreaCrossingsAllPiecesAndHulls(t *testing.T) {
	// A solid house [10,14] x [0,4] and a tank whose 2 x 1 hull is centred
	// at (20,2) facing east: the line y = 2 from (0,2) to (30,2).
	tank := msTank("tank", geom.Pt(20, 2), 0, 2, 1, 1)
	bf := msBF(t, []terrain.Piece{msSolid("house", msRect(10, 0, 14, 4), 3)}, []terrain.Model{tank})
	if cs := AreaCrossings(bf, geom.Pt(0, 2), geom.Pt(30, 2), AreaFilter{}); len(cs) != 0 {
		t.Errorf("default filter = %+v, want no area", cs)
	}
	all := func(*terrain.Model) bool { return true }
	cs := AreaCrossings(bf, geom.Pt(0, 2), geom.Pt(30, 2), AreaFilter{AllPieces: true, Hulls: all})
	if len(cs) != 2 || cs[0].PieceID != "house" || cs[0].Model || !msNear(cs[0].Inside, 4) {
		t.Fatalf("crossings = %+v, want the house (4 inside) then the tank", cs)
	}
	// The hull spans x in [19,21]: 2 inside, 19 along from A, 9 from B.
	if h := cs[1]; h.PieceID != "tank" || !h.Model || !msNear(h.Inside, 2) || !msNear(h.FromAlong, 19) || !msNear(h.ToAlong, 9) || h.Grazing {
		t.Errorf("hull crossing = %+v, want tank, 2 inside, along 19/9", h)
	}
	// Ending inside the hull at (20.5,2): the line towards A leaves it 1.5
	// along; its nearest edge (y = 2.5 and x = 21) is 0.5 away.
	cs = AreaCrossings(bf, geom.Pt(0, 2), geom.Pt(20.5, 2), AreaFilter{Hulls: all})
	if len(cs) != 1 || !cs[0].ToInside || !msNear(cs[0].ToAlong, 1.5) || !msNear(cs[0].ToEdge, 0.5) {
		t.Errorf("into the hull = %+v, want inside, 1.5 along, 0.5 from the edge", cs)
	}
	// Excluded by id, and a line that only touches the hull's side grazes.
	if cs := AreaCrossings(bf, geom.Pt(0, 2), geom.Pt(30, 2), AreaFilter{Hulls: all, Exclude: []string{"tank"}}); len(cs) != 0 {
		t.Errorf("excluded tank = %+v", cs)
	}
	if cs := AreaCrossings(bf, geom.Pt(15, 2.5), geom.Pt(25, 2.5), AreaFilter{Hulls: all}); len(cs) != 1 || !cs[0].Grazing {
		t.Errorf("touching the hull side = %+v, want one grazing crossing", cs)
	}
}

// TestAreaCrossingsCircleTangent: the segment (10,40)-(50,10) is tangent to
// the disc of radius 4 at (30,30) (d = (40,-30), cross with (20,-10) is
// 200, 200/50 = 4), touching it at (27.6, 26.8). In every quarter turn of
// the table about (32,32) it only grazes; with the radius one ulp larger it
// crosses, in every turn, with a span at the touching point.
func TestAreaCrossingsCircleTangent(t *testing.T) {
	turn := func(p geom.Point, k int) geom.Point {
		for range k {
			p = geom.Pt(64-p.Y, p.X)
		}
		return p
	}
	for _, r := range []float64{4, math.Nextafter(4, 5)} {
		for k := range 4 {
			c := geom.Circle{Center: turn(geom.Pt(30, 30), k), Radius: r}
			mine := terrain.Piece{ID: "mine", Kind: terrain.Minefield, Circle: &c, Footprint: geom.Polygon{Outer: c.Polygon(terrain.CircleChordError)},
				Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: 1}
			bf := msBF(t, []terrain.Piece{mine}, nil)
			a, b := turn(geom.Pt(10, 40), k), turn(geom.Pt(50, 10), k)
			cs := AreaCrossings(bf, a, b, AreaFilter{AllPieces: true})
			touch := turn(geom.Pt(27.6, 26.8), k)
			crossed := r > 4
			if CountCrossed(cs) != map[bool]int{false: 0, true: 1}[crossed] {
				t.Errorf("radius %v turn %d: %+v, want crossed %v", r, k, cs, crossed)
				continue
			}
			if crossed && (len(cs[0].Spans) != 1 || cs[0].Spans[0].Entry.Sub(touch).Norm() > 1e-6) {
				t.Errorf("radius %v turn %d: spans %+v, want one at %v", r, k, cs[0].Spans, touch)
			}
		}
	}
	// A near-tangency the rounded chord computation misses (its
	// discriminant rounds below 0) while the segment passes inside the
	// circle (the rational test, geom.Circle.SegmentCrossesInterior): the
	// crossing is kept, as one point at the foot of the centre.
	c := geom.Circle{Center: geom.Pt(32.625, 47.515625), Radius: 3.4007614504242722}
	near := terrain.Piece{ID: "near", Kind: terrain.Debris, Circle: &c, Footprint: geom.Polygon{Outer: c.Polygon(terrain.CircleChordError)},
		Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: 1}
	a, b := geom.Pt(37.03125, 30.8125), geom.Pt(35.234375, 60.84375)
	_, foot := geom.DistPointSegment(c.Center, geom.Seg(a, b))
	cs := AreaCrossings(msBF(t, []terrain.Piece{near}, nil), a, b, AreaFilter{AllPieces: true})
	if CountCrossed(cs) != 1 || len(cs[0].Spans) != 1 || cs[0].Spans[0].Entry.Sub(foot).Norm() > 1e-9 {
		t.Errorf("near-tangency: %+v, want one crossing at %v", cs, foot)
	}
}
