package los

import (
	"math"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
)

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
	zlo, zhi := min(a.Z, b.Z), max(a.Z, b.Z)
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
		if t, ok := firstInside(fp, s); ok {
			return segHit{graze: true, t: t}
		}
		return segHit{}
	}
	if zlo >= top { // zlo == top here
		switch {
		case a.Z == b.Z:
			if t, ok := firstInside(fp, s); ok {
				return segHit{graze: true, t: t}
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

// firstInside returns the start of the first stretch of s inside the closed
// footprint, if any. Its buffer lives here rather than in the sweep: the
// per-call state is zeroed on every SightSegment, and this is the rare path.
func firstInside(fp geom.Polygon, s geom.Segment) (float64, bool) {
	var buf [16]r1.Interval
	if iv := fp.SegmentInside(s, buf[:0]); len(iv) > 0 {
		return iv[0].Lo, true
	}
	return 0, false
}

// prismSegmentFast is prismSegment with a fast path for the common case:
// no vertex of the footprint lies on the segment's line, and the boundary
// crossings are separated from each other and from the segment's ends by
// more than their rounding error. The exact order of the crossings along
// the line is then their floating-point order, the interior stretches on
// the line follow from parity alone, and whether the segment crosses the
// interior is read off them instead of from
// geom.Polygon.SegmentCrossesInterior; a segment that does not cross
// cannot touch the closed footprint either (it would need a vertex on the
// line or a crossing at an end). Every other case, and any doubt, goes to
// prismSegment; the answers are the same (segment_fast_test.go compares
// them).
func prismSegmentFast(fp geom.Polygon, top float64, a, b geom.Vec3, sw *sweep) segHit {
	A, B := geom.Flat(a), geom.Flat(b)
	zlo, zhi := min(a.Z, b.Z), max(a.Z, b.Z)
	every := math.IsInf(top, 1)
	if !every && zlo > top {
		return segHit{}
	}
	if A == B || (!every && zlo >= top) || len(fp.Outer) < 3 {
		return prismSegment(fp, top, a, b, sw)
	}
	if !sw.collectFast(fp, A, B) {
		return prismSegment(fp, top, a, b, sw)
	}
	cross := false
	var par uint8
	ev := sw.events()
	for i := 0; i+1 < len(ev); i++ {
		par ^= 1
		if par == 1 && ev[i].t < 1 && ev[i+1].t > 0 {
			cross = true
			break
		}
	}
	if every || zhi < top {
		if cross {
			return sw.blockAll(a, b, top, every)
		}
		return segHit{}
	}
	// Mixed: zlo < top <= zhi.
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
	zlo := min(a.Z, b.Z)
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
	zs     int8    // cached sign of z(t) - top, 2 when unknown
	err    float64 // bound on the rounding error of t (prismSegmentFast)
}

// sweep holds the boundary events of prismSegment and prismSegmentFast.
type sweep struct {
	ev   [16]sweepEvent
	nev  int           // events in ev, when over is nil
	over *[]sweepEvent // all events, when there are more than len(ev); a
	// pointer, since appending to a slice field would make the whole sweep
	// (and whatever its owner points to) escape
}

// The events live in the fixed array unless there are too many: a slice of
// ev kept in the sweep itself would make every sweep escape to the heap.

// events returns the collected events.
func (sw *sweep) events() []sweepEvent {
	if sw.over != nil {
		return *sw.over
	}
	return sw.ev[:sw.nev]
}

// resetEvents empties the event list.
func (sw *sweep) resetEvents() { sw.nev, sw.over = 0, nil }

// addEvent appends one event (to the heap only past len(sw.ev) events).
func (sw *sweep) addEvent(e sweepEvent) {
	switch {
	case sw.over != nil:
		*sw.over = append(*sw.over, e)
	case sw.nev < len(sw.ev):
		sw.ev[sw.nev] = e
		sw.nev++
	default:
		ov := append(append(make([]sweepEvent, 0, 2*len(sw.ev)), sw.ev[:]...), e)
		sw.over = &ov
	}
}

// collect gathers the boundary events of fp on the segment's line, sorted.
func (sw *sweep) collect(fp geom.Polygon, a, b geom.Vec3) {
	A, B := geom.Flat(a), geom.Flat(b)
	sw.resetEvents()
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
				sw.addEvent(sweepEvent{t: t, p: p, q: q, sq: int8(sq), tp: 1, tm: 1, zs: 2})
			case sp == 0 && sq != 0:
				sw.addEvent(vertexEvent(p, q, sq, A, d, dd))
			case sq == 0 && sp != 0:
				sw.addEvent(vertexEvent(q, p, sp, A, d, dd))
			}
		}
	}
	add(fp.Outer)
	for _, h := range fp.Holes {
		add(h)
	}
	// Insertion sort: event counts are small and this does not allocate.
	ev := sw.events()
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
	e := &sw.events()[i]
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
	ev := sw.events()
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
			h.below = max(h.below, top-min(zAt(a, b, s.t0), zAt(a, b, s.t1)))
		}
		return true
	})
	if math.IsInf(h.t, 1) {
		// Rounding hid the crossing (it lies within rounding of an end):
		// report the boundary event nearest to the segment, clamped to it.
		h.t = 0
		best := math.Inf(1)
		for _, e := range sw.events() {
			c := min(max(e.t, 0), 1)
			if d := abs(e.t - c); d < best {
				best, h.t = d, c
			}
		}
		if !every {
			h.below = top - zAt(a, b, h.t)
		}
	}
	return h
}

// zAt is the height at parameter t of the segment a→b (exactly b.Z at
// t = 1).
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
			t = min(max(th, s.t0), s.t1)
		}
		if !h.block || t < h.t {
			h.t = t
		}
		h.block = true
		h.below = max(h.below, top-min(zAt(a, b, s.t0), zAt(a, b, s.t1)))
		return true
	})
	return h
}

// grazeMixed reports a contact of the closed segment with the closed prism
// when it does not block: a boundary event or an end inside the footprint at
// or below top.
func (sw *sweep) grazeMixed(fp geom.Polygon, a, b geom.Vec3, top float64) segHit {
	for i := range sw.events() {
		t := sw.events()[i].t
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

// collectFast gathers the boundary crossings of fp on the line A→B, sorted,
// each with a bound on the rounding error of its parameter. It reports false
// (leaving the events unusable) when a vertex lies on the line, a crossing
// may be at an end of the segment or may be out of order, or there are more
// than len(sw.ev) crossings.
func (sw *sweep) collectFast(fp geom.Polygon, A, B geom.Point) bool {
	sw.resetEvents()
	d := B.Sub(A)
	if !sw.addRingFast(fp.Outer, A, B, d) {
		return false
	}
	for _, h := range fp.Holes {
		if !sw.addRingFast(h, A, B, d) {
			return false
		}
	}
	ev := sw.events()
	for i := 1; i < len(ev); i++ {
		for j := i; j > 0 && ev[j].t < ev[j-1].t; j-- {
			ev[j], ev[j-1] = ev[j-1], ev[j]
		}
	}
	for i := 0; i+1 < len(ev); i++ {
		if !(ev[i+1].t-ev[i].t > ev[i].err+ev[i+1].err) {
			return false
		}
	}
	return true
}

// orientFast is geom.Orient(A, B, q) for d = B - A (as computed in
// floating point): a float filter inlined in the hot loop, with the exact
// predicate behind it. The bound covers the rounding of d, of q - A, of the
// two products and of their difference.
func orientFast(A, B, d, q geom.Point) int {
	qx, qy := q.X-A.X, q.Y-A.Y
	l, r := d.X*qy, d.Y*qx
	det := l - r
	bound := 8 * 0x1p-53 * (abs(l) + abs(r))
	switch {
	case det > bound && det > 0x1p-900:
		return 1
	case det < -bound && det < -0x1p-900:
		return -1
	}
	return geom.Orient(A, B, q)
}

// fastErr is the relative rounding bound used by collectFast and
// crossInto (and convexFast, which writes crossInto out), with u = 2⁻⁵³
// the unit roundoff. The derivation, for crossInto's num = pa×ed and
// den = d×ed (pa = p − A, ed = q − p, each coordinate a difference rounded
// once; d = B − A likewise):
//
//   - each product term of a cross product carries the rounding of its two
//     factors' differences, of the product and of the final subtraction: a
//     factor (1+ε₁)(1+ε₂)(1+ε₃)(1+ε₄) with |εᵢ| ≤ u, so the computed value
//     is within ((1+u)⁴ − 1)·S ≤ 4.01u·S of the exact one, S the sum of
//     the exact terms' magnitudes;
//   - the code bounds with the computed sums nabs and dabs (themselves
//     within (1+u)⁴ of S, sums and absolute values included) times 16u,
//     which covers 4.01u·S(1+u)⁴ four times over;
//   - t = num/den: with |num̃ − num| ≤ Eₙ and |dẽn − den| ≤ E_d,
//     |num̃/dẽn − num/den| ≤ (Eₙ + |num̃/dẽn|·E_d)/(|dẽn| − E_d) whenever
//     |dẽn| > E_d (slack > 0, else crossInto declines); the division's own
//     rounding (u·|t|) and taking the computed |t| for |num̃/dẽn| (another
//     u·|t| at most, times dabs/slack) are covered by the term 16u·|t|
//     and the same fourfold margin (d's rounding is among the four
//     factors above, so t is compared with the parameter along the exact
//     segment A→B);
//   - the relative bounds above assume no product underflows, which
//     needs both of its factors below about 2⁻⁵¹¹ in magnitude: an edge
//     shorter than about 1e-154 in together with a segment whose start
//     lies that close to the edge's first vertex, or whose own length is
//     that small. That case is not covered (the term 2⁻¹⁰⁰⁰ in err only
//     keeps err positive); it lies far below any table's features.
//
// So, outside that case, the exact crossing parameter lies within err of
// the computed t, and the decisions resting on it (an end of the segment
// inside or outside the crossing, convexFast's height sign at a crossing)
// are exact.
const fastErr = 16 * 0x1p-53

// addRingFast appends the crossings of one ring (see collectFast).
func (sw *sweep) addRingFast(r geom.Ring, A, B, d geom.Point) bool {
	n := len(r)
	if n == 0 {
		return true
	}
	p := r[n-1]
	sp := orientFast(A, B, d, p)
	if sp == 0 {
		return false
	}
	for _, q := range r {
		// orientFast, spelt out: this loop is the hot spot of SightSegment.
		l, rr := d.X*(q.Y-A.Y), d.Y*(q.X-A.X)
		det := l - rr
		bound := 8 * 0x1p-53 * (abs(l) + abs(rr))
		var sq int
		switch {
		case det > bound && det > 0x1p-900:
			sq = 1
		case det < -bound && det < -0x1p-900:
			sq = -1
		default:
			sq = geom.Orient(A, B, q)
		}
		if sq == 0 {
			return false
		}
		if sp != sq {
			if sw.nev == len(sw.ev) || !sw.addCrossFast(p, q, sq, A, d) {
				return false
			}
		}
		p, sp = q, sq
	}
	return true
}

// addCrossFast appends the crossing of edge p→q (see crossInto); it
// reports false when crossInto does.
func (sw *sweep) addCrossFast(p, q geom.Point, sq int, A, d geom.Point) bool {
	var e sweepEvent
	if !crossInto(&e, p, q, sq, A, d) {
		return false
	}
	sw.addEvent(e)
	return true
}

// crossInto writes to *e the crossing event of edge p→q (q on side sq of
// the line, p on the other, both exactly) with the bound on its
// parameter's rounding error. It reports false (leaving *e unspecified)
// when the crossing may lie at an end of the segment or its parameter
// cannot be bounded.
func crossInto(e *sweepEvent, p, q geom.Point, sq int, A, d geom.Point) bool {
	ed := q.Sub(p)
	pa := p.Sub(A)
	num := pa.X*ed.Y - pa.Y*ed.X
	den := d.X*ed.Y - d.Y*ed.X
	nabs := abs(pa.X*ed.Y) + abs(pa.Y*ed.X)
	dabs := abs(d.X*ed.Y) + abs(d.Y*ed.X)
	t := num / den
	slack := abs(den) - fastErr*dabs
	if !(slack > 0) {
		return false
	}
	err := fastErr*(nabs+abs(t)*dabs)/slack + fastErr*abs(t) + 0x1p-1000
	if !(abs(t) > err) || !(abs(t-1) > err) {
		return false
	}
	// Field by field: the composite literal was built on the stack and
	// copied, a quarter of the function.
	e.t, e.p, e.q, e.sq, e.tp, e.tm, e.zs, e.err = t, p, q, int8(sq), 1, 1, 2, err
	return true
}
