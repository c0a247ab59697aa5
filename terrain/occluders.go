package terrain

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/sightline/sightline/geom"
)

// Occluders is the plan data of a Battlefield's pieces and models prepared
// for queries that walk a segment across the table (package los): for each
// one its plan bounds and a compact record (OccluderRec: a disc holding it,
// its heights, ring and, for a strictly convex plan, a search table, its
// id, class and flags); for each model its plan ring; and a uniform grid
// over all of them. Battlefield.Occluders builds it once, on first use, and returns
// the same value afterwards. It is immutable and safe for concurrent
// readers: every field and slice is read-only.
//
// Pieces and models are kept apart: Pieces depends on the pieces alone, so
// an operation that moves a model can share it unchanged and rebuild only
// Models and Grid (the grid lists both, cheap to rebuild).
type Occluders struct {
	// Pieces holds the pieces in Battlefield.Pieces order (Rings empty:
	// a piece's plan is its Footprint).
	Pieces *OccluderSet
	// Models holds the models in Battlefield.Models order.
	Models *OccluderSet
	// Grid buckets the occluders by id: pieces first (id = piece index),
	// then models (id = len(Pieces.Boxes) + model index).
	Grid PlanGrid
}

// OccluderSet is the prepared plan data of one kind of occluder, index
// by index. Its slices are read-only.
type OccluderSet struct {
	// Rings are the models' plan rings (Model.PlanRing); nil for pieces.
	Rings [][]geom.Point
	// Boxes are the plan bounds of each occluder's plan.
	Boxes []PlanBox
	// Recs hold the rest, one compact record per occluder (see
	// OccluderRec): its disc, heights, ring, ConvexRing, id, class and
	// flags.
	Recs []OccluderRec
}

// OccluderRec is what a segment walk reads to decide one occluder, in one
// record: on a large table the reads scattered over the Piece or Model
// (strings, footprint), the prepared arrays and the ConvexRing, each a
// likely cache miss, were most of the cost of a sightline. Its fields are
// read-only (Ring is shared with the Piece's Footprint or the set's Rings).
type OccluderRec struct {
	// The first 64 bytes hold what decides whether the occluder is met
	// at all (its disc, heights, id, class and flags); the ring and its
	// ConvexRing, read only to decide how, follow.

	// Disc is the occluder's PlanDisc (the first thing a walk tests).
	Disc PlanDisc
	// Bottom and Top are the volume's heights: for a piece 0 and Height,
	// for a model Model.Ground and Model.Top.
	Bottom, Top float64
	// ID is the piece's or model's id.
	ID string
	// ClassBit is a model's Class.Bit() (0 for a piece).
	ClassBit uint16
	// Flags classify the occluder (OccSmoke, …).
	Flags OccluderFlags
	// Ring is the plan's outer ring: a piece's Footprint.Outer (see
	// OccHoles), a model's plan ring.
	Ring []geom.Point
	// Convex is the plan's ConvexRing, nil when it is not one.
	Convex *ConvexRing
	// Class is a model's class ("" for a piece).
	Class Class
	// The record fills two 64-byte cache lines: in an array aligned to
	// them (a large array is page-aligned) the first part is one line.
	_ [16]byte
}

// Bit returns a bit of its own for each class of scenario v1 core
// (Infantry … Figure), 0 for any other value: sets of classes as bit masks.
func (c Class) Bit() uint16 {
	switch c {
	case Infantry:
		return 1 << 0
	case Vehicle:
		return 1 << 1
	case Walker:
		return 1 << 2
	case Skimmer:
		return 1 << 3
	case Aircraft:
		return 1 << 4
	case Ship:
		return 1 << 5
	case Figure:
		return 1 << 6
	}
	return 0
}

// OccluderFlags classify an occluder for OccluderRec.
type OccluderFlags uint8

const (
	// OccSmoke marks a piece of Kind Smoke.
	OccSmoke OccluderFlags = 1 << iota
	// OccBlocking marks a piece whose Sight is SightBlocking.
	OccBlocking
	// OccConcealing marks a piece whose Sight is SightConcealing.
	OccConcealing
	// OccHoles marks a piece whose Footprint has holes: Ring is only its
	// outer ring.
	OccHoles
	// OccStanding marks a model that may occlude: not airborne, with a
	// hull height above 0.
	OccStanding
)

// pieceRec returns the OccluderRec of piece p with its prepared plan data.
func pieceRec(p *Piece, disc PlanDisc, cv *ConvexRing) OccluderRec {
	r := OccluderRec{Disc: disc, Top: p.Height, Ring: p.Footprint.Outer, Convex: cv, ID: p.ID}
	if p.Kind == Smoke {
		r.Flags |= OccSmoke
	}
	switch p.Sight {
	case SightBlocking:
		r.Flags |= OccBlocking
	case SightConcealing:
		r.Flags |= OccConcealing
	}
	if len(p.Footprint.Holes) > 0 {
		r.Flags |= OccHoles
	}
	return r
}

// modelRec returns the OccluderRec of model m with its prepared plan data.
func modelRec(m *Model, ring []geom.Point, disc PlanDisc, cv *ConvexRing, bottom, top float64) OccluderRec {
	r := OccluderRec{Disc: disc, Bottom: bottom, Top: top, Ring: ring, Convex: cv, ID: m.ID, Class: m.Class, ClassBit: m.Class.Bit()}
	if !m.Airborne() && m.Hull.Height > 0 {
		r.Flags |= OccStanding
	}
	return r
}

// occluderState is the lazily built Occluders of a Battlefield. It is
// reached through a pointer so that Battlefield holds no lock by value.
type occluderState struct {
	once sync.Once
	occ  *Occluders
	// done is occ once built, for an edited Battlefield to reuse (see
	// deriveOccluders) without waiting for or starting a build.
	done atomic.Pointer[Occluders]
	// base and from, when base is not nil, are the built Occluders of the
	// Battlefield this one was edited from and, for each model here, its
	// index there (-1 for a new or changed model): the build then shares
	// base.Pieces and copies the unchanged models' entries.
	base *Occluders
	from []int
}

// Occluders returns the battlefield's prepared occluder data, building it
// on the first call (concurrent first callers wait for that one build; no
// lock is held afterwards). The result is shared and read-only.
func (bf *Battlefield) Occluders() *Occluders {
	s := bf.occluders
	if o := s.done.Load(); o != nil {
		// Built: every query after the first takes this path (a load,
		// no closure for once.Do).
		return o
	}
	s.once.Do(func() {
		if s.base != nil {
			s.occ = deriveOccluders(s.base, s.from, bf.models)
			s.base, s.from = nil, nil
		} else {
			s.occ = buildOccluders(bf.pieces, bf.models)
		}
		s.done.Store(s.occ)
	})
	return s.occ
}

// BuiltOccluders returns what Occluders returns if that is built already,
// and nil otherwise (it builds nothing). It inlines in the caller: a hot
// query calls Occluders only when this is nil, a call fewer per query.
func (bf *Battlefield) BuiltOccluders() *Occluders { return bf.occluders.done.Load() }

// buildOccluders prepares the occluder data of the given pieces and models.
func buildOccluders(pieces []Piece, models []Model) *Occluders {
	o := &Occluders{Pieces: pieceSet(pieces), Models: modelSet(models)}
	boxes := make([]PlanBox, 0, len(pieces)+len(models))
	boxes = append(append(boxes, o.Pieces.Boxes...), o.Models.Boxes...)
	o.Grid = buildGrid(boxes, gridMarks(o.Pieces, o.Models))
	return o
}

// gridMarks returns the grid's Mark of every occluder, pieces first, from
// their records (nil, none marked, without fastPaths).
func gridMarks(pieces, models *OccluderSet) []Mark {
	if !fastPaths {
		return nil
	}
	marks := make([]Mark, 0, len(pieces.Recs)+len(models.Recs))
	for i := range pieces.Recs {
		marks = append(marks, MarkOf(pieces.Recs[i].Flags, false))
	}
	for i := range models.Recs {
		marks = append(marks, MarkOf(models.Recs[i].Flags, true))
	}
	return marks
}

// pieceSet prepares the pieces' plans (their footprints).
func pieceSet(pieces []Piece) *OccluderSet {
	s := &OccluderSet{Boxes: make([]PlanBox, len(pieces)), Recs: make([]OccluderRec, len(pieces))}
	for i := range pieces {
		fp := &pieces[i].Footprint
		s.Boxes[i] = PlanBoxOf(fp.Outer)
		var cv *ConvexRing
		if len(fp.Holes) == 0 {
			cv = ConvexRingOf(fp.Outer)
		}
		s.Recs[i] = pieceRec(&pieces[i], planDiscOf(fp.Outer, s.Boxes[i]), cv)
	}
	return s
}

// modelSet prepares the models' plans (their plan rings).
func modelSet(models []Model) *OccluderSet {
	s := &OccluderSet{
		Rings: make([][]geom.Point, len(models)),
		Boxes: make([]PlanBox, len(models)),
		Recs:  make([]OccluderRec, len(models)),
	}
	for i := range models {
		s.setModel(i, &models[i])
	}
	return s
}

// setModel prepares entry i of the model set s for m.
func (s *OccluderSet) setModel(i int, m *Model) {
	r := m.PlanRing(nil)
	s.Rings[i] = r
	s.Boxes[i] = PlanBoxOf(r)
	s.Recs[i] = modelRec(m, r, planDiscOf(r, s.Boxes[i]), ConvexRingOf(r), m.Ground(), m.Top())
}

// PlanBox is a closed plan rectangle [X0, X1] × [Y0, Y1]; the empty box
// has X0 = Y0 = +Inf and X1 = Y1 = -Inf.
type PlanBox struct{ X0, Y0, X1, Y1 float64 }

// PlanBoxOf returns the bounds of pts (the empty box for none).
func PlanBoxOf(pts []geom.Point) PlanBox {
	b := PlanBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		b.X0, b.Y0 = min(b.X0, p.X), min(b.Y0, p.Y)
		b.X1, b.Y1 = max(b.X1, p.X), max(b.Y1, p.Y)
	}
	return b
}

// PlanDisc is a closed disc holding every vertex of an occluder's plan,
// its radius grown by a relative 1e-9 (plus an absolute term of the
// coordinates' size) so that float tests against it are conservative.
type PlanDisc struct{ CX, CY, R float64 }

// PlanDiscOf returns the PlanDisc the terrain builds for an occluder whose
// plan outline is pts (centred on their bounds, radius grown as PlanDisc
// says).
func PlanDiscOf(pts []geom.Point) PlanDisc { return planDiscOf(pts, PlanBoxOf(pts)) }

// planDiscOf returns the PlanDisc of pts centred on their bounds b.
func planDiscOf(pts []geom.Point, b PlanBox) PlanDisc {
	d := PlanDisc{CX: 0.5 * (b.X0 + b.X1), CY: 0.5 * (b.Y0 + b.Y1)}
	r2 := 0.0
	for _, p := range pts {
		dx, dy := p.X-d.CX, p.Y-d.CY
		r2 = max(r2, dx*dx+dy*dy)
	}
	d.R = math.Sqrt(r2)*(1+1e-9) + 1e-9*(math.Abs(d.CX)+math.Abs(d.CY)+1)
	return d
}

// circleSegmentsMax caps the vertex count of a polygonised model base.
const circleSegmentsMax = 256

// MaxPlanRing is the largest number of vertices Model.PlanRing gives.
const MaxPlanRing = circleSegmentsMax

// unitPolys caches the circumscribed regular n-gons of the unit circle
// (immutable tables, filled on first use).
var unitPolys [circleSegmentsMax + 1]struct {
	once sync.Once
	pts  []geom.Point
}

// unitPolygon returns the counter-clockwise regular n-gon circumscribed about
// the unit circle, first vertex on the +x axis (shared, read-only).
func unitPolygon(n int) []geom.Point {
	u := &unitPolys[n]
	u.once.Do(func() {
		r := 1 / math.Cos(math.Pi/float64(n))
		u.pts = make([]geom.Point, n)
		for k := range n {
			s, c := math.Sincos(2 * math.Pi * float64(k) / float64(n))
			u.pts[k] = geom.Pt(r*c, r*s)
		}
	})
	return u.pts
}

// circleSides returns the vertex count of a circumscribed polygon of a
// circle of radius r straying at most CircleChordError outside it:
// r(sec(pi/n) - 1) <= err.
func circleSides(r float64) int {
	if !(r > 0) {
		return 8
	}
	c := r / (r + CircleChordError)
	n := int(math.Ceil(math.Pi / math.Acos(c)))
	return min(max(n, 8), circleSegmentsMax)
}

// PlanRing appends the plan of the model's volume to dst as a convex
// counter-clockwise ring: the hull rectangle, or the base (round and oval
// bases as circumscribed polygons straying at most CircleChordError
// outside, at most MaxPlanRing vertices, oriented with the model's facing
// so the ring moves rigidly with the model). A model without hull plan or
// base gives a single point.
func (m *Model) PlanRing(dst []geom.Point) []geom.Point {
	if r, ok := m.HullRect(); ok {
		c := r.Corners()
		return append(dst, c[:]...)
	}
	sin, cos := math.Sincos(float64(m.Facing))
	switch m.Base.Shape {
	case BaseCircle, BaseOval:
		a, b := m.Base.Diameter/2, m.Base.Diameter/2
		if m.Base.Shape == BaseOval {
			a, b = m.Base.Length/2, m.Base.Width/2
		}
		if a > 0 && b > 0 {
			for _, u := range unitPolygon(circleSides(max(a, b))) {
				x, y := a*u.X, b*u.Y
				dst = append(dst, geom.Pt(m.Position.X+x*cos-y*sin, m.Position.Y+x*sin+y*cos))
			}
			return dst
		}
	case BaseRect:
		if m.Base.Length > 0 && m.Base.Width > 0 {
			c := geom.OrientedRect{Center: m.Position, Length: m.Base.Length, Width: m.Base.Width, Angle: m.Facing}.Corners()
			return append(dst, c[:]...)
		}
	}
	return append(dst, m.Position)
}
