package los

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Blocker is the first occluder met along a sightline.
type Blocker struct {
	// ID is the piece or model id.
	ID string `json:"id"`
	// Item locates it in the Battlefield.
	Item terrain.Item `json:"item"`
	// Kind is "piece" or "model".
	Kind string `json:"kind"`
	// At is the point (inches) where the sightline enters the blocking part
	// of the occluder, or touches it when Grazing.
	At geom.Vec3 `json:"at"`
	// T is the parameter of At along the sightline, in [0, 1].
	T float64 `json:"t"`
	// Below is how far, in inches, the sightline passes below the
	// occluder's top at its lowest point inside it (how much it would have
	// to rise to clear it); 0 when EveryHeight or Grazing.
	Below float64 `json:"below"`
	// Top is the occluder's top (inches); 0 when EveryHeight.
	Top float64 `json:"top"`
	// EveryHeight reports whether the occluder blocks at every height
	// (smoke, flat blocking pieces of Height 0).
	EveryHeight bool `json:"everyHeight"`
	// Grazing reports whether the sightline only touches the occluder and
	// blocks because Options.GrazingBlocks is set.
	Grazing bool `json:"grazing"`
}

// Graze is an occluder a sightline touches without passing through it:
// along a face, through an edge or vertex, exactly level with a roof.
type Graze struct {
	// ID is the piece or model id.
	ID string `json:"id"`
	// Item locates it in the Battlefield.
	Item terrain.Item `json:"item"`
	// At is a point of contact (inches).
	At geom.Vec3 `json:"at"`
}

// SegmentResult is the answer of SightSegment.
type SegmentResult struct {
	// From and To are the sightline's ends.
	From geom.Vec3 `json:"from"`
	To   geom.Vec3 `json:"to"`
	// Clear reports whether nothing blocks the closed segment.
	Clear bool `json:"clear"`
	// Blocker is the first blocker along From→To when not Clear (zero
	// otherwise).
	Blocker Blocker `json:"blocker,omitzero"`
	// Grazing lists the occluders only touched (clear under the default
	// policy), in visiting order. With Options.GrazingBlocks a touched
	// occluder blocks instead and appears as Blocker with Grazing set.
	Grazing []Graze `json:"grazing,omitempty"`
	// GrazingBlocks records the policy used (Options.GrazingBlocks).
	GrazingBlocks bool `json:"grazingBlocks"`
	// SquadPassed counts models of the shooter's own squad the sightline
	// passes through under Options.ThroughOwnSquad.
	SquadPassed int `json:"squadPassed,omitempty"`
}

// SightSegment reports whether the straight segment from a to b is clear of
// every occluder selected by opt (see docs/sight.md for what blocks). The
// ids in ignore (pieces or models) never block; when the first of them is a
// model it is taken as the shooter for Options.ThroughOwnSquad.
//
// Policy: the segment is blocked when it passes through the interior of an
// occluder. A segment meeting an occluder only on its surface (along a wall
// face, through an edge or vertex, exactly level with a roof) is clear and
// the occluder is listed in Grazing, unless Options.GrazingBlocks. All such
// decisions are exact (geom's predicates); only the reported points and
// distances are floating-point values. It allocates nothing unless it has
// grazing contacts to report or an occluder has more than 64 boundary
// crossings on the line.
func SightSegment(bf *terrain.Battlefield, a, b geom.Vec3, opt Options, ignore ...string) SegmentResult {
	shooter := -1
	if len(ignore) > 0 {
		if i, ok := bf.ModelIndex(ignore[0]); ok {
			shooter = i
		}
	}
	f := newFilter(bf, &opt, shooter, -1, ignore)
	return segment(bf, a, b, &f)
}

// segHit is how a segment meets one occluder.
type segHit struct {
	block, graze bool
	t            float64 // entry (block) or contact (graze) parameter
	below        float64
}

// squadHit is a pass through a model of the shooter's squad.
type squadHit struct {
	item terrain.Item
	hit  segHit
}

// segState is the per-call state of segment; it lives on the stack.
type segState struct {
	bf    *terrain.Battlefield
	f     *filter
	a, b  geom.Vec3
	res   *SegmentResult
	first segHit
	fitem terrain.Item
	ftop  float64
	found bool
	squad [8]squadHit
	nsq   int
	ring  [circleSegmentsMax]geom.Point
	sw    sweep
}

// segPool recycles segment states (they are too large for the stack once
// captured by the index visitor).
var segPool = sync.Pool{New: func() any { return new(segState) }}

// reset prepares a pooled state for one query.
func (st *segState) reset(bf *terrain.Battlefield, f *filter, a, b geom.Vec3, res *SegmentResult) {
	st.bf, st.f, st.a, st.b, st.res = bf, f, a, b, res
	st.first, st.fitem, st.ftop, st.found, st.nsq = segHit{t: math.Inf(1)}, terrain.Item{}, 0, false, 0
}

// segment is SightSegment with a prepared filter.
func segment(bf *terrain.Battlefield, a, b geom.Vec3, f *filter) SegmentResult {
	res := SegmentResult{From: a, To: b, Clear: true, GrazingBlocks: f.opt.GrazingBlocks}
	if !finiteVec(a) || !finiteVec(b) {
		return res
	}
	st := segPool.Get().(*segState)
	defer segPool.Put(st)
	st.reset(bf, f, a, b, &res)
	bf.VisitFlatSegment(geom.Seg(geom.Flat(a), geom.Flat(b)), st.visit)
	if st.nsq > f.opt.ThroughOwnSquad {
		h := st.squad[:st.nsq]
		slices.SortFunc(h, func(x, y squadHit) int { return sgnCmp(x.hit.t, y.hit.t) })
		sh := h[f.opt.ThroughOwnSquad]
		m := &bf.Models()[sh.item.Index]
		st.consider(sh.item, sh.hit, m.Hull.Height)
		res.SquadPassed = f.opt.ThroughOwnSquad
	} else {
		res.SquadPassed = st.nsq
	}
	if st.found {
		res.Clear = false
		res.Blocker = st.blocker()
	}
	return res
}

func sgnCmp(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// visit handles one candidate item of the spatial index.
func (st *segState) visit(it terrain.Item) bool {
	if it.Kind == terrain.ItemPiece {
		p := &st.bf.Pieces()[it.Index]
		top, ok := st.f.pieceTop(p)
		if !ok || (math.Min(st.a.Z, st.b.Z) > top) {
			return true
		}
		h := prismSegment(p.Footprint, top, st.a, st.b, &st.sw)
		st.record(it, h, top)
		return true
	}
	m := &st.bf.Models()[it.Index]
	ok, own := st.f.modelBlocks(m, it.Index)
	if !ok || math.Min(st.a.Z, st.b.Z) > m.Hull.Height {
		return true
	}
	ring := modelRing(m, st.ring[:0])
	if len(ring) < 3 {
		return true
	}
	h := prismSegment(geom.Polygon{Outer: ring}, m.Hull.Height, st.a, st.b, &st.sw)
	if own && h.block {
		if st.nsq < len(st.squad) {
			st.squad[st.nsq] = squadHit{it, h}
			st.nsq++
			return true
		}
	}
	st.record(it, h, m.Hull.Height)
	return true
}

// record folds one occluder's hit into the state.
func (st *segState) record(it terrain.Item, h segHit, top float64) {
	switch {
	case h.block:
		st.consider(it, h, top)
	case h.graze && st.f.opt.GrazingBlocks:
		st.consider(it, h, top)
	case h.graze:
		st.res.Grazing = append(st.res.Grazing, Graze{ID: itemID(st.bf, it), Item: it, At: segAt(st.a, st.b, h.t)})
	}
}

// consider keeps the blocking hit nearest to a.
func (st *segState) consider(it terrain.Item, h segHit, top float64) {
	if !st.found || h.t < st.first.t || (h.t == st.first.t && h.block && !st.first.block) {
		st.first, st.fitem, st.ftop, st.found = h, it, top, true
	}
}

// blocker builds the reported Blocker.
func (st *segState) blocker() Blocker {
	h := st.first
	bl := Blocker{ID: itemID(st.bf, st.fitem), Item: st.fitem, Kind: st.fitem.Kind.String(), At: segAt(st.a, st.b, h.t), T: h.t, Grazing: !h.block}
	if math.IsInf(st.ftop, 1) {
		bl.EveryHeight = true
	} else {
		bl.Top = st.ftop
		if h.block {
			bl.Below = h.below
		}
	}
	return bl
}

func segAt(a, b geom.Vec3, t float64) geom.Vec3 {
	return geom.Segment3{A: a, B: b}.At(t)
}

// itemID returns the id of an item.
func itemID(bf *terrain.Battlefield, it terrain.Item) string {
	if it.Kind == terrain.ItemPiece {
		return bf.Pieces()[it.Index].ID
	}
	return bf.Models()[it.Index].ID
}

func finiteVec(v geom.Vec3) bool {
	return !math.IsNaN(v.X+v.Y+v.Z) && !math.IsInf(v.X+v.Y+v.Z, 0)
}

// sweepEvent is a point where the line of the segment meets a polygon's
// boundary: an edge crossing (p→q straddles the line) or a vertex p on
// the line (q is the neighbour of p along the edge that produced it, off
// the line). tp and tm toggle the even-odd parity of the polygon shifted
// infinitesimally to the left and right of the line.
type sweepEvent struct {
	t      float64
	p, q   geom.Point
	sq     int8 // Orient(A, B, q)
	tp, tm uint8
	zs     int8 // cached sign of z(t) - top, 2 when unknown
}

// sweep holds the fracScratch space of prismSegment.
type sweep struct {
	ev  [64]sweepEvent
	evs []sweepEvent
	iv  [16]r1.Interval
}

// prismSegment decides how the segment a→b meets the prism footprint ×
// (-∞, top] (top = +Inf: every height). See SightSegment for the policy.
//
// Exactness: the plan part uses geom's exact predicates; the height test at
// a boundary crossing uses the identity
//
//	Orient3(a, b, p', q') = sign((z(X) - top) · cross(B-A, q-p))
//
// for the roof edge p'q' (p, q lifted to top) whose plan crosses the
// segment's plan at X, so "above, level with or below the roof edge" is
// decided exactly. Crossings are ordered along the line by their
// floating-point parameters.
func prismSegment(fp geom.Polygon, top float64, a, b geom.Vec3, sw *sweep) segHit {
	A, B := geom.Flat(a), geom.Flat(b)
	zlo, zhi := math.Min(a.Z, b.Z), math.Max(a.Z, b.Z)
	every := math.IsInf(top, 1)
	if !every && zlo > top {
		return segHit{}
	}
	if A == B {
		return verticalSegment(fp, top, a, b)
	}
	s := geom.Seg(A, B)
	cross := fp.SegmentCrossesInterior(s)
	if every || zhi < top {
		if cross {
			sw.collect(fp, a, b)
			return sw.blockAll(a, b, top, every)
		}
		iv := fp.SegmentInside(s, sw.iv[:0])
		if len(iv) > 0 {
			return segHit{graze: true, t: iv[0].Lo}
		}
		return segHit{}
	}
	if zlo >= top { // zlo == top here
		switch {
		case a.Z == b.Z:
			if iv := fp.SegmentInside(s, sw.iv[:0]); len(iv) > 0 {
				return segHit{graze: true, t: iv[0].Lo}
			}
		case a.Z == top && fp.Locate(A) != geom.Outside:
			return segHit{graze: true, t: 0}
		case b.Z == top && fp.Locate(B) != geom.Outside:
			return segHit{graze: true, t: 1}
		}
		return segHit{}
	}
	// Mixed: zlo < top <= zhi.
	sw.collect(fp, a, b)
	if cross {
		if h := sw.blockMixed(a, b, top); h.block {
			return h
		}
	}
	return sw.grazeMixed(fp, a, b, top)
}

// verticalSegment handles a segment whose plan is a single point.
func verticalSegment(fp geom.Polygon, top float64, a, b geom.Vec3) segHit {
	loc := fp.Locate(geom.Flat(a))
	zlo := math.Min(a.Z, b.Z)
	every := math.IsInf(top, 1)
	tlo := 0.0
	if b.Z < a.Z {
		tlo = 1
	}
	switch {
	case loc == geom.Inside && (every || zlo < top):
		t := tlo
		below := 0.0
		if !every {
			below = top - zlo
			if a.Z > top {
				t = (a.Z - top) / (a.Z - b.Z)
			} else if b.Z > top {
				t = 0
			}
		}
		return segHit{block: true, t: t, below: below}
	case loc != geom.Outside && (every || zlo <= top):
		return segHit{graze: true, t: tlo}
	}
	return segHit{}
}

// collect gathers the boundary events of fp on the segment's line, sorted.
func (sw *sweep) collect(fp geom.Polygon, a, b geom.Vec3) {
	A, B := geom.Flat(a), geom.Flat(b)
	sw.evs = sw.ev[:0]
	d := B.Sub(A)
	dd := d.Dot(d)
	add := func(r geom.Ring) {
		n := len(r)
		for i := range n {
			p, q := r[i], r[(i+1)%n]
			sp, sq := geom.Orient(A, B, p), geom.Orient(A, B, q)
			switch {
			case sp*sq < 0:
				e := q.Sub(p)
				t := p.Sub(A).Cross(e) / d.Cross(e)
				sw.evs = append(sw.evs, sweepEvent{t: t, p: p, q: q, sq: int8(sq), tp: 1, tm: 1, zs: 2})
			case sp == 0 && sq != 0:
				sw.evs = append(sw.evs, vertexEvent(p, q, sq, A, d, dd))
			case sq == 0 && sp != 0:
				sw.evs = append(sw.evs, vertexEvent(q, p, sp, A, d, dd))
			}
		}
	}
	add(fp.Outer)
	for _, h := range fp.Holes {
		add(h)
	}
	// Insertion sort: event counts are small and this does not allocate.
	ev := sw.evs
	for i := 1; i < len(ev); i++ {
		for j := i; j > 0 && ev[j].t < ev[j-1].t; j-- {
			ev[j], ev[j-1] = ev[j-1], ev[j]
		}
	}
}

// vertexEvent is the event of vertex v on the line whose neighbour w lies on
// side sw (+1 left, -1 right). Under the shift to the left (vertices on the
// line count as left) the edge crosses when w is right, and vice versa.
func vertexEvent(v, w geom.Point, side int, A, d geom.Point, dd float64) sweepEvent {
	e := sweepEvent{t: v.Sub(A).Dot(d) / dd, p: v, q: w, sq: int8(side), zs: 2}
	if side < 0 {
		e.tp = 1
	} else {
		e.tm = 1
	}
	return e
}

// zsign returns the exact sign of z(X) - top at the event's point X.
func (sw *sweep) zsign(i int, a, b geom.Vec3, top float64) int {
	e := &sw.evs[i]
	if e.zs == 2 {
		e.zs = int8(geom.Orient3(a, b, geom.Lift(e.p, top), geom.Lift(e.q, top)) * int(e.sq))
	}
	return int(e.zs)
}

// stretch is an open interval of the line inside the polygon's interior,
// clipped to the segment; i0 and i1 are its ending events, -1 where it is
// cut by the segment's end.
type stretch struct {
	t0, t1 float64
	i0, i1 int
}

// stretches calls fn for every interior stretch meeting the segment.
func (sw *sweep) stretches(fn func(s stretch) bool) {
	var pp, pm uint8
	ev := sw.evs
	for i := 0; i+1 < len(ev); i++ {
		pp ^= ev[i].tp
		pm ^= ev[i].tm
		if pp == 0 || pm == 0 || !(ev[i].t < ev[i+1].t) {
			continue
		}
		s := stretch{t0: ev[i].t, t1: ev[i+1].t, i0: i, i1: i + 1}
		if s.t1 <= 0 || s.t0 >= 1 {
			continue
		}
		if s.t0 < 0 {
			s.t0, s.i0 = 0, -1
		}
		if s.t1 > 1 {
			s.t1, s.i1 = 1, -1
		}
		if !fn(s) {
			return
		}
	}
}

// blockAll is the blocking hit of a segment entirely below top (or an
// every-height prism) whose plan crosses the footprint's interior.
func (sw *sweep) blockAll(a, b geom.Vec3, top float64, every bool) segHit {
	h := segHit{block: true, t: math.Inf(1)}
	sw.stretches(func(s stretch) bool {
		if s.t0 < h.t {
			h.t = s.t0
		}
		if !every {
			h.below = math.Max(h.below, top-math.Min(zAt(a, b, s.t0), zAt(a, b, s.t1)))
		}
		return true
	})
	if math.IsInf(h.t, 1) { // rounding hid the crossing: report the nearest end
		h.t = 0
		if !every {
			h.below = top - math.Min(a.Z, b.Z)
		}
	}
	return h
}

func zAt(a, b geom.Vec3, t float64) float64 {
	if t == 1 {
		return b.Z
	}
	return a.Z + t*(b.Z-a.Z)
}

// endSign is the exact sign of z - top at a stretch end (event i, or the
// segment's end at parameter t when i is -1).
func (sw *sweep) endSign(i int, t float64, a, b geom.Vec3, top float64) int {
	if i >= 0 {
		return sw.zsign(i, a, b, top)
	}
	z := a.Z
	if t > 0.5 {
		z = b.Z
	}
	return sgnCmp(z, top)
}

// blockMixed finds the first stretch of the interior where the segment is
// below top, when the segment rises or falls through top.
func (sw *sweep) blockMixed(a, b geom.Vec3, top float64) segHit {
	h := segHit{t: math.Inf(1)}
	th := (top - a.Z) / (b.Z - a.Z)
	sw.stretches(func(s stretch) bool {
		s0 := sw.endSign(s.i0, s.t0, a, b, top)
		s1 := sw.endSign(s.i1, s.t1, a, b, top)
		if s0 >= 0 && s1 >= 0 {
			return true
		}
		t := s.t0
		if s0 >= 0 { // enters above the roof and comes down through it
			t = math.Min(math.Max(th, s.t0), s.t1)
		}
		if !h.block || t < h.t {
			h.t = t
		}
		h.block = true
		h.below = math.Max(h.below, top-math.Min(zAt(a, b, s.t0), zAt(a, b, s.t1)))
		return true
	})
	return h
}

// grazeMixed reports a contact of the closed segment with the closed prism
// when it does not block: a boundary event or an end inside the footprint at
// or below top.
func (sw *sweep) grazeMixed(fp geom.Polygon, a, b geom.Vec3, top float64) segHit {
	for i := range sw.evs {
		t := sw.evs[i].t
		if t >= 0 && t <= 1 && sw.zsign(i, a, b, top) <= 0 {
			return segHit{graze: true, t: t}
		}
	}
	if a.Z <= top && fp.Locate(geom.Flat(a)) != geom.Outside {
		return segHit{graze: true, t: 0}
	}
	if b.Z <= top && fp.Locate(geom.Flat(b)) != geom.Outside {
		return segHit{graze: true, t: 1}
	}
	return segHit{}
}

// errUnknown is the error for an id that names no model.
func errUnknown(bf *terrain.Battlefield, role, id string) error {
	if _, ok := bf.Piece(id); ok {
		return fmt.Errorf("los: %s %q is a terrain piece, not a model: %w", role, id, terrain.ErrNotAllowed)
	}
	return fmt.Errorf("los: %s %q: %w", role, id, terrain.ErrUnknownID)
}

// Sight methods: how a SightResult was decided.
const (
	// MethodPoint: a sightline to a characteristic point of the target
	// (centre, top centre, corners, rim points) is clear.
	MethodPoint = "point"
	// MethodRegion: no characteristic point is seen; the exact visible
	// region of the silhouette decided (VisibleFraction).
	MethodRegion = "region"
	// MethodAirborne: the target is airborne, a single point.
	MethodAirborne = "airborne"
	// MethodEyeInside: the eye is inside the target's volume.
	MethodEyeInside = "eye-inside"
)

// SightResult is the answer of Sight: whether any part of the target's
// volume is seen from the eye.
type SightResult struct {
	// From is the shooter's id ("" for SightFrom); To the target's.
	From string `json:"from,omitempty"`
	To   string `json:"to"`
	// Eye is the eye point used.
	Eye geom.Vec3 `json:"eye"`
	// Visible reports whether some point of the target's volume is seen.
	Visible bool `json:"visible"`
	// Method says how it was decided (MethodPoint, …).
	Method string `json:"method"`
	// Witness is a clear sightline from Eye to a point of the target when
	// Visible (nil otherwise).
	Witness *geom.Segment3 `json:"witness,omitempty"`
	// Centre is the sightline from Eye to the target volume's centre (the
	// eye point of an airborne target).
	Centre geom.Segment3 `json:"centre"`
	// BlockedBy is the first blocker on the centre sightline when the
	// target is not visible (nil otherwise).
	BlockedBy *Blocker `json:"blockedBy,omitempty"`
	// Grazing lists the occluders the witness sightline touches.
	Grazing []Graze `json:"grazing,omitempty"`
	// GrazingBlocks records the policy used (Options.GrazingBlocks).
	GrazingBlocks bool `json:"grazingBlocks"`
	// Fraction is the visible fraction when it was computed (MethodRegion),
	// nil otherwise.
	Fraction *float64 `json:"fraction,omitempty"`
}

// Sight reports whether any part of the target model's volume is seen
// from the shooter model's eye point (scenario v1: terrain.Model.EyePoint;
// an airborne target is the single point at its altitude). Sightlines to
// characteristic points are tried first; when all are blocked the exact
// visible region decides (see VisibleFraction), and a clear witness
// sightline through it is returned. Unknown ids give an error wrapping
// terrain.ErrUnknownID that names the id.
func Sight(bf *terrain.Battlefield, from, to string, opt Options) (SightResult, error) {
	si, ok := bf.ModelIndex(from)
	if !ok {
		return SightResult{}, errUnknown(bf, "shooter", from)
	}
	ti, ok := bf.ModelIndex(to)
	if !ok {
		return SightResult{}, errUnknown(bf, "target", to)
	}
	f := newFilter(bf, &opt, si, ti, nil)
	r := sight(bf, bf.Models()[si].EyePoint(), ti, &f)
	r.From = from
	return r, nil
}

// SightFrom is Sight from an arbitrary eye point; no model counts as the
// shooter.
func SightFrom(bf *terrain.Battlefield, eye geom.Vec3, targetID string, opt Options) (SightResult, error) {
	ti, ok := bf.ModelIndex(targetID)
	if !ok {
		return SightResult{}, errUnknown(bf, "target", targetID)
	}
	if !finiteVec(eye) {
		return SightResult{}, errNonFinite("eye", eye)
	}
	f := newFilter(bf, &opt, -1, ti, nil)
	return sight(bf, eye, ti, &f), nil
}

func errNonFinite(field string, v geom.Vec3) error {
	return fmt.Errorf("los: %s (%g, %g, %g) is not finite: %w", field, v.X, v.Y, v.Z, terrain.ErrInvalidValue)
}

// sight implements Sight for a prepared filter.
func sight(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter) SightResult {
	m := &bf.Models()[ti]
	res := SightResult{To: m.ID, Eye: eye, GrazingBlocks: f.opt.GrazingBlocks, Method: MethodPoint}
	visible := func(s SegmentResult) {
		res.Visible = true
		w := geom.Segment3{A: s.From, B: s.To}
		res.Witness = &w
		res.Grazing = s.Grazing
	}
	if m.Airborne() {
		p := m.EyePoint()
		res.Method, res.Centre = MethodAirborne, geom.Segment3{A: eye, B: p}
		s := segment(bf, eye, p, f)
		if s.Clear {
			visible(s)
		} else {
			bl := s.Blocker
			res.BlockedBy = &bl
		}
		return res
	}
	var buf [2*circleSegmentsMax + 2]geom.Vec3
	pts := characteristicPoints(m, buf[:0])
	res.Centre = geom.Segment3{A: eye, B: pts[0]}
	var centre SegmentResult
	for i, p := range pts {
		s := segment(bf, eye, p, f)
		if i == 0 {
			centre = s
		}
		if s.Clear {
			visible(s)
			return res
		}
	}
	sc := getScratch()
	defer putScratch(sc)
	fr := visibleFraction(bf, eye, ti, f, sc, true)
	res.Method = MethodRegion
	if fr.Case == CaseEyeInside {
		res.Method = MethodEyeInside
		res.Visible = true
		w := geom.Segment3{A: eye, B: eye}
		res.Witness = &w
		return res
	}
	fv := fr.Fraction
	res.Fraction = &fv
	if fr.Witness != nil {
		if s := segment(bf, eye, *fr.Witness, f); s.Clear {
			visible(s)
			return res
		}
	}
	bl := centre.Blocker
	res.BlockedBy = &bl
	return res
}

// characteristicPoints appends the points Sight tries first: the volume's
// centre, its top centre, then the corners of its plan ring at the top and
// at the bottom (at most 8 of each, evenly spread over a polygonised base).
func characteristicPoints(m *terrain.Model, dst []geom.Vec3) []geom.Vec3 {
	h := m.Hull.Height
	dst = append(dst, geom.Lift(m.Position, h/2), geom.Lift(m.Position, h))
	var rb [circleSegmentsMax]geom.Point
	ring := modelRing(m, rb[:0])
	step := max(1, len(ring)/8)
	for i := 0; i < len(ring); i += step {
		dst = append(dst, geom.Lift(ring[i], h))
	}
	for i := 0; i < len(ring); i += step {
		dst = append(dst, geom.Lift(ring[i], 0))
	}
	return dst
}
