package los

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r1"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// AreaFilter selects the pieces AreaCrossings reports. The zero value
// selects every concealing piece (woods, fields, hedges, smoke) and every
// debris, gas and minefield piece whatever its sight value (areas that
// act on a line by being crossed, not by blocking it).
type AreaFilter struct {
	// Kinds, when not empty, selects pieces of these kinds instead (any
	// sight value).
	Kinds []terrain.Kind
	// Exclude lists piece (and model) ids never reported.
	Exclude []string
	// AllPieces selects every piece whatever its kind and sight value
	// (Kinds is then ignored).
	AllPieces bool
	// Hulls, when not nil, also reports each model it accepts as an area:
	// the crossing of its hull rectangle (models without a hull are
	// skipped), listed after the pieces in model order with Model set.
	Hulls func(m *terrain.Model) bool
}

// selects reports whether the filter selects piece p.
func (f AreaFilter) selects(p *terrain.Piece) bool {
	if slices.Contains(f.Exclude, p.ID) {
		return false
	}
	if f.AllPieces {
		return true
	}
	if len(f.Kinds) > 0 {
		return slices.Contains(f.Kinds, p.Kind)
	}
	switch p.Kind {
	case terrain.Debris, terrain.Gas, terrain.Minefield:
		return true
	}
	return p.Sight == terrain.SightConcealing
}

// Span is one stretch of a sightline inside a piece (boundary included).
type Span struct {
	// T0 and T1 are the parameters along the sightline, 0 <= T0 <= T1 <= 1.
	T0, T1 float64
	// Entry and Exit are the points at T0 and T1: where the line enters and
	// leaves the piece, or the sightline's own end when it starts or ends
	// inside.
	Entry, Exit geom.Point
	// Length is the flat length of the stretch, inches.
	Length float64
}

// MarshalJSON encodes the span with camelCase keys and points as [x, y].
func (s Span) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		T0     float64    `json:"t0"`
		T1     float64    `json:"t1"`
		Entry  [2]float64 `json:"entry"`
		Exit   [2]float64 `json:"exit"`
		Length float64    `json:"length"`
	}{s.T0, s.T1, measXY(s.Entry), measXY(s.Exit), s.Length})
}

// Crossing describes how a flat sightline from A to B meets one area
// piece (or a model's hull, AreaFilter.Hulls). All lengths are in inches
// on the table plane.
type Crossing struct {
	// PieceID is the piece's id, or the model's when Model is set (Kind
	// and Sight are then empty and Level is the model's).
	PieceID string
	Model   bool
	Kind    terrain.Kind
	Sight   terrain.Sight
	Level   int
	// Spans are the stretches inside the closed piece, in order from A; a
	// non-convex piece may give several (each entry and exit), a line
	// touching a vertex a zero-length one.
	Spans []Span
	// Inside is the summed length of the spans.
	Inside float64
	// Grazing reports whether the line only touches the piece's boundary
	// (never its interior); such a piece is listed but does not count as
	// crossed (CountCrossed).
	Grazing bool
	// FromInside and ToInside report whether A and B lie in the closed
	// piece.
	FromInside, ToInside bool
	// FromEdge and ToEdge are the distances from A and B to the piece's
	// boundary (nearest point, inside or out; 0 on it), and FromEdgePoint,
	// ToEdgePoint those nearest boundary points (how near an end stands to
	// the piece's edge, in contact or not).
	FromEdge, ToEdge           float64
	FromEdgePoint, ToEdgePoint geom.Point
	// FromAlong is the distance along the sightline from A to the first
	// boundary point met travelling towards B: where it leaves the piece
	// when A is inside (how far it looks out), where it enters when A is
	// outside. ToAlong is the same from B travelling towards A: the depth
	// of a target inside (how far into the piece it is seen), or how far
	// behind the piece an outside target stands.
	FromAlong, ToAlong float64
}

// MarshalJSON encodes the crossing with camelCase keys and points as [x, y].
func (c Crossing) MarshalJSON() ([]byte, error) {
	spans := c.Spans
	if spans == nil {
		spans = []Span{}
	}
	return json.Marshal(struct {
		PieceID       string        `json:"pieceId"`
		Model         bool          `json:"model,omitempty"`
		Kind          terrain.Kind  `json:"kind"`
		Sight         terrain.Sight `json:"sight"`
		Level         int           `json:"level"`
		Spans         []Span        `json:"spans"`
		Inside        float64       `json:"inside"`
		Grazing       bool          `json:"grazing"`
		FromInside    bool          `json:"fromInside"`
		ToInside      bool          `json:"toInside"`
		FromEdge      float64       `json:"fromEdge"`
		ToEdge        float64       `json:"toEdge"`
		FromEdgePoint [2]float64    `json:"fromEdgePoint"`
		ToEdgePoint   [2]float64    `json:"toEdgePoint"`
		FromAlong     float64       `json:"fromAlong"`
		ToAlong       float64       `json:"toAlong"`
		Explanation   string        `json:"explanation"`
	}{c.PieceID, c.Model, c.Kind, c.Sight, c.Level, spans, c.Inside, c.Grazing, c.FromInside, c.ToInside,
		c.FromEdge, c.ToEdge, measXY(c.FromEdgePoint), measXY(c.ToEdgePoint), c.FromAlong, c.ToAlong, c.Explain()})
}

// Explain returns the crossing as one plain sentence.
func (c Crossing) Explain() string {
	where := func(in bool, edge, along float64) string {
		if in {
			return fmt.Sprintf("inside, %.2f in from its edge, %.2f in along the line to the edge", edge, along)
		}
		return fmt.Sprintf("outside, %.2f in from its edge, %.2f in along the line to it", edge, along)
	}
	verb := "crosses"
	if c.Grazing {
		verb = "only touches"
	}
	return fmt.Sprintf("sightline %s %s %s (%d stretch(es), %.2f in inside); start %s; end %s",
		verb, c.Kind, c.PieceID, len(c.Spans), c.Inside,
		where(c.FromInside, c.FromEdge, c.FromAlong), where(c.ToInside, c.ToEdge, c.ToAlong))
}

// AreaCrossings returns, in piece order, every selected piece that the
// closed flat segment a-b meets (heights are ignored: area rules are flat).
// Circle pieces are measured on the exact circle, others on the footprint;
// the entry and exit decisions for polygons are exact
// (geom.Polygon.SegmentInside), the points and lengths floating-point.
// Whether the segment crosses a piece or only grazes it (Crossing.Grazing)
// is decided exactly for circles and polygons alike, so an exact tangency
// grazes in every position of the table; a circle the segment passes
// inside by less than rounding still gets a crossing, at the foot of its
// centre.
// Non-finite input gives nil.
func AreaCrossings(bf *terrain.Battlefield, a, b geom.Point, filter AreaFilter) []Crossing {
	if bf == nil || measFinite2("a", a) != nil || measFinite2("b", b) != nil {
		return nil
	}
	seg := geom.Seg(a, b)
	length := seg.Length()
	pieces := bf.Pieces()
	var out []Crossing
	var ivs []r1.Interval
	for _, i := range flatPiecesAlong(bf, seg, filter.selects) {
		p := &pieces[i]
		ivs = pieceInside(p, seg, ivs[:0])
		crosses := areaCrossesInterior(p, seg)
		if len(ivs) == 0 && crosses && p.Circle != nil {
			// The exact test sees the segment pass inside a circle the
			// rounded intersection missed (a near-tangency): keep the
			// crossing, as the foot of the centre on the segment.
			ivs = append(ivs, circleFoot(*p.Circle, seg))
		}
		if len(ivs) == 0 {
			continue
		}
		c := Crossing{PieceID: p.ID, Kind: p.Kind, Sight: p.Sight, Level: p.Level, Grazing: !crosses}
		edge := func(q geom.Point) (float64, geom.Point) { return areaEdgeDistance(p, q) }
		out = append(out, c.fill(seg, length, ivs, edge))
	}
	if filter.Hulls == nil {
		return out
	}
	models := bf.Models()
	var idx []int
	bf.VisitFlatSegment(seg, func(it terrain.Item) bool {
		if it.Kind == terrain.ItemModel {
			m := &models[it.Index]
			if _, ok := m.HullRect(); ok && filter.Hulls(m) && !slices.Contains(filter.Exclude, m.ID) {
				idx = append(idx, it.Index)
			}
		}
		return true
	})
	slices.Sort(idx)
	for _, i := range slices.Compact(idx) {
		m := &models[i]
		r, _ := m.HullRect()
		poly := geom.Polygon{Outer: r.Ring()}
		if ivs = poly.SegmentInside(seg, ivs[:0]); len(ivs) == 0 {
			continue
		}
		c := Crossing{PieceID: m.ID, Model: true, Level: m.Level, Grazing: !poly.SegmentCrossesInterior(seg)}
		edge := func(q geom.Point) (float64, geom.Point) { return geom.DistPointRing(q, poly.Outer) }
		out = append(out, c.fill(seg, length, ivs, edge))
	}
	return out
}

// fill completes c from the closed intervals ivs of seg inside the area
// (not empty) and edge, the distance to the area's boundary.
func (c Crossing) fill(seg geom.Segment, length float64, ivs []r1.Interval, edge func(geom.Point) (float64, geom.Point)) Crossing {
	for _, iv := range ivs {
		sp := Span{T0: iv.Lo, T1: iv.Hi, Entry: seg.At(iv.Lo), Exit: seg.At(iv.Hi), Length: (iv.Hi - iv.Lo) * length}
		c.Spans = append(c.Spans, sp)
		c.Inside += sp.Length
	}
	c.FromInside = ivs[0].Lo == 0
	c.ToInside = ivs[len(ivs)-1].Hi == 1
	c.FromEdge, c.FromEdgePoint = edge(seg.A)
	c.ToEdge, c.ToEdgePoint = edge(seg.B)
	if c.FromInside {
		c.FromAlong = ivs[0].Hi * length
	} else {
		c.FromAlong = ivs[0].Lo * length
	}
	if c.ToInside {
		c.ToAlong = (1 - ivs[len(ivs)-1].Lo) * length
	} else {
		c.ToAlong = (1 - ivs[len(ivs)-1].Hi) * length
	}
	return c
}

// CountCrossed returns how many of the crossings meet their piece's
// interior (grazing contact does not count; a piece crossed twice counts
// once): for example the number of times a shot is halved by areas.
func CountCrossed(cs []Crossing) int {
	n := 0
	for _, c := range cs {
		if !c.Grazing {
			n++
		}
	}
	return n
}

// areaCircleInside returns the parameter interval of the segment inside the
// closed disc, or nil.
func areaCircleInside(c geom.Circle, s geom.Segment) []r1.Interval {
	d := s.B.Sub(s.A)
	f := s.A.Sub(c.Center)
	qa := d.Dot(d)
	if qa == 0 {
		if f.Norm() <= c.Radius {
			return []r1.Interval{{Lo: 0, Hi: 1}}
		}
		return nil
	}
	qb := f.Dot(d)
	qc := f.Dot(f) - c.Radius*c.Radius
	disc := qb*qb - qa*qc
	if disc < 0 {
		return nil
	}
	sq := math.Sqrt(disc)
	t0, t1 := (-qb-sq)/qa, (-qb+sq)/qa
	t0, t1 = math.Max(t0, 0), math.Min(t1, 1)
	if t0 > t1 {
		return nil
	}
	return []r1.Interval{{Lo: t0, Hi: t1}}
}

// areaCrossesInterior reports whether the segment meets the piece's
// interior; touching the boundary does not. Both decisions are exact on the
// float64 inputs (geom.Circle.SegmentCrossesInterior on the exact circle,
// geom.Polygon.SegmentCrossesInterior on the footprint), so an exact
// tangency stays grazing under any rigid motion that moves the table
// exactly (quarter turns, representable shifts).
func areaCrossesInterior(p *terrain.Piece, s geom.Segment) bool {
	if p.Circle != nil {
		return p.Circle.SegmentCrossesInterior(s)
	}
	return p.Footprint.SegmentCrossesInterior(s)
}

// circleFoot returns the parameter of the point of s nearest c's centre,
// as a one-point interval.
func circleFoot(c geom.Circle, s geom.Segment) r1.Interval {
	d := s.B.Sub(s.A)
	t := 0.0
	if l2 := d.Dot(d); l2 > 0 {
		t = math.Min(1, math.Max(0, c.Center.Sub(s.A).Dot(d)/l2))
	}
	return r1.Interval{Lo: t, Hi: t}
}

// areaEdgeDistance returns the distance from q to the piece's boundary and the
// nearest boundary point.
func areaEdgeDistance(p *terrain.Piece, q geom.Point) (float64, geom.Point) {
	if p.Circle != nil {
		c := *p.Circle
		v := q.Sub(c.Center)
		n := v.Norm()
		if n == 0 {
			return c.Radius, c.Center.Add(geom.Pt(c.Radius, 0))
		}
		return math.Abs(n - c.Radius), c.Center.Add(v.Mul(c.Radius / n))
	}
	best, bp := geom.DistPointRing(q, p.Footprint.Outer)
	for _, h := range p.Footprint.Holes {
		if d, hp := geom.DistPointRing(q, h); d < best {
			best, bp = d, hp
		}
	}
	return best, bp
}

// flatPiecesAlong returns, in piece order, the indices of the pieces that
// keep accepts and whose plan box the flat segment touches (heights are
// ignored).
func flatPiecesAlong(bf *terrain.Battlefield, seg geom.Segment, keep func(*terrain.Piece) bool) []int {
	pieces := bf.Pieces()
	var idx []int
	bf.VisitFlatSegment(seg, func(it terrain.Item) bool {
		if it.Kind == terrain.ItemPiece && keep(&pieces[it.Index]) {
			idx = append(idx, it.Index)
		}
		return true
	})
	slices.Sort(idx)
	return idx
}

// pieceInside appends to dst the closed parameter intervals of seg inside
// piece p: on the exact circle for circle pieces, on the footprint
// (geom.Polygon.SegmentInside) otherwise.
func pieceInside(p *terrain.Piece, seg geom.Segment, dst []r1.Interval) []r1.Interval {
	if p.Circle != nil {
		return append(dst, areaCircleInside(*p.Circle, seg)...)
	}
	return p.Footprint.SegmentInside(seg, dst)
}
