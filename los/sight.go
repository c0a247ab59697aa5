package los

import (
	"fmt"
	"math"
	"slices"

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
	// policy) at or before the blocker, roughly in order along the segment. With Options.GrazingBlocks a touched
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
// distances are floating-point values. Grazing lists the contacts at or
// before the blocker (all of them when clear), roughly in order along the
// segment; ties between blockers at the
// same parameter go to a true block, then pieces before models, then the
// lower index. It allocates nothing unless it has grazing contacts to
// report or an occluder has more than 16 boundary crossings on the line
// (the first call on a Battlefield also builds its prepared data, see
// docs/sight.md).
func SightSegment(bf *terrain.Battlefield, a, b geom.Vec3, opt Options, ignore ...string) SegmentResult {
	shooter := -1
	if len(ignore) > 0 {
		if i, ok := bf.ModelIndex(ignore[0]); ok {
			shooter = i
		}
	}
	f := newFilter(bf, &opt, shooter, -1, ignore)
	var res SegmentResult
	segmentInto(&res, bf, a, b, &f, false, false)
	return res
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

// segState is the per-call state of segment; it lives on the caller's
// stack (segment passes it only to methods that do not keep it).
type segState struct {
	bf    *terrain.Battlefield
	occ   *terrain.Occluders
	np    int // pieces in occ: occluder ids below np are pieces
	f     *filter
	a, b  geom.Vec3
	first segHit
	fitem terrain.Item
	ftop  float64
	found bool
	squad [8]squadHit
	nsq   int
	// clearOnly stops at the first blocker found (not necessarily the
	// nearest) and may then miss grazing contacts: for callers that only
	// read Clear.
	clearOnly bool
	// reference makes the walk visit every occluder and decide each with
	// prismSegment alone (no grid, disc test or fast path): the slow,
	// obviously complete path the tests compare against.
	reference bool
	// The plan segment's direction unit vector and length (lenD 0 for a
	// vertical segment), for the disc test of visitID.
	ux, uy, lenD float64
	// cand queues the grid walk's candidates (see flush).
	cand  [16]segCand
	ncand int
	// grazes are the grazing contacts found, turned into res.Grazing at
	// the end (kept free of pointers so that the state stays on the stack).
	gz   [8]grazeHit
	ngz  int
	gzov *[]grazeHit // all contacts once there are more than len(gz) (indirect: see sweep.over)
	// The sweep of the general prism test is not kept here: the state is
	// zeroed on every call, and the convex path (most visits) needs none.
}

// grazeHit is a grazing contact found by segment.
type grazeHit struct {
	item terrain.Item
	t    float64
}

// segment is SightSegment with a prepared filter.
func segment(bf *terrain.Battlefield, a, b geom.Vec3, f *filter) SegmentResult {
	return segmentMode(bf, a, b, f, false)
}

// segmentClear is segment for callers that only read Clear (and, when
// Clear, Grazing): it stops at the first blocker found.
func segmentClear(bf *terrain.Battlefield, a, b geom.Vec3, f *filter) SegmentResult {
	return segmentMode(bf, a, b, f, true)
}

func segmentMode(bf *terrain.Battlefield, a, b geom.Vec3, f *filter, clearOnly bool) SegmentResult {
	return segmentRun(bf, a, b, f, clearOnly, false)
}

// segmentRun is segment; reference selects the slow reference walk.
func segmentRun(bf *terrain.Battlefield, a, b geom.Vec3, f *filter, clearOnly, reference bool) SegmentResult {
	var res SegmentResult
	segmentInto(&res, bf, a, b, f, clearOnly, reference)
	return res
}

// segmentInto is segmentRun writing to *res (which must be the zero
// value): SightSegment's result is then built once rather than copied
// through every wrapper.
func segmentInto(res *SegmentResult, bf *terrain.Battlefield, a, b geom.Vec3, f *filter, clearOnly, reference bool) {
	res.From, res.To, res.Clear, res.GrazingBlocks = a, b, true, f.opt.GrazingBlocks
	if !finiteVec(a) || !finiteVec(b) {
		return
	}
	var st segState
	st.bf, st.occ, st.f, st.a, st.b = bf, bf.Occluders(), f, a, b
	st.np = len(st.occ.Pieces.Boxes)
	st.first.t = math.Inf(1)
	st.clearOnly, st.reference = clearOnly, reference
	if dx, dy := b.X-a.X, b.Y-a.Y; dx != 0 || dy != 0 {
		// Not Hypot: an overflow (Inf) or underflow (0) only turns the
		// disc test of visitID off.
		st.lenD = math.Sqrt(dx*dx + dy*dy)
		st.ux, st.uy = dx/st.lenD, dy/st.lenD
	}
	st.walk()
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
		st.fillBlocker(&res.Blocker)
	}
	gz := st.gz[:st.ngz]
	if st.gzov != nil {
		gz = *st.gzov
	}
	// Contacts beyond the blocker are not reported: the sightline never
	// gets there (and the walk may skip those occluders).
	n := 0
	for _, g := range gz {
		if !st.found || g.t <= st.first.t {
			n++
		}
	}
	if n > 0 {
		res.Grazing = make([]Graze, 0, n)
		for _, g := range gz {
			if !st.found || g.t <= st.first.t {
				res.Grazing = append(res.Grazing, Graze{ID: itemID(bf, g.item), Item: g.item, At: segAt(a, b, g.t)})
			}
		}
	}
}

// walk visits every occluder whose plan box the segment's plan may touch:
// through the prepared grid, cells row by row from a towards b, each
// occluder once; without a grid, all of them.
func (st *segState) walk() {
	ax, ay := st.a.X, st.a.Y
	dx, dy := st.b.X-ax, st.b.Y-ay
	g := &st.occ.Grid
	nid := st.np + len(st.occ.Models.Boxes)
	if st.reference {
		for id := range nid {
			if !st.visitID(id) {
				return
			}
		}
		return
	}
	if g.NX == 0 {
		for id := range nid {
			if _, ok := boxEntry(st.box(id), ax, ay, dx, dy, 0, 0); ok && !st.visitID(id) {
				return
			}
		}
		return
	}
	st.ncand = 0
	rx, ry := recip(dx), recip(dy)
	// dx/dy for the rows' x ranges (|y0 - ay| <= |dy|, so the extra
	// rounding is a few ulps of |dx|, far inside m); 0 means divide, when
	// it is not finite (0·Inf would give NaN) or dx is 0 anyway.
	slope := 0.0
	if dy != 0 {
		if sl := dx / dy; !math.IsInf(sl, 0) && !math.IsNaN(sl) {
			slope = sl
		}
	}
	var seen [terrain.GridMaxItems / 64]uint64
	xlo, xhi := min(ax, st.b.X), max(ax, st.b.X)
	ylo, yhi := min(ay, st.b.Y), max(ay, st.b.Y)
	m := g.Margin + 1e-12*(math.Abs(dx)+math.Abs(dy)+math.Abs(ax)+math.Abs(ay))
	j0, j1 := g.Row(ylo-m), g.Row(yhi+m)
	jstep, ja, jb := 1, j0, j1
	if dy < 0 {
		jstep, ja, jb = -1, j1, j0
	}
	for j := ja; ; j += jstep {
		// The segment's plan within the row's band (grown by m).
		x0, x1 := xlo, xhi
		if dy != 0 {
			y0 := max(ylo, g.Y0+float64(j)*g.CH-m)
			y1 := min(yhi, g.Y0+float64(j+1)*g.CH+m)
			if j == j0 {
				y0 = ylo
			}
			if j == j1 {
				y1 = yhi
			}
			var xa, xb float64
			if slope != 0 {
				xa, xb = ax+(y0-ay)*slope, ax+(y1-ay)*slope
			} else {
				xa, xb = ax+(y0-ay)*dx/dy, ax+(y1-ay)*dx/dy
			}
			x0, x1 = max(xlo, min(xa, xb)), min(xhi, max(xa, xb))
		}
		i0, i1 := g.Col(x0-m), g.Col(x1+m)
		istep, ia, ib := 1, i0, i1
		if dx < 0 {
			istep, ia, ib = -1, i1, i0
		}
		for i := ia; ; i += istep {
			k := j*g.NX + i
			for _, id := range g.IDs[g.Start[k]:g.Start[k+1]] {
				w, bit := id>>6, uint64(1)<<(id&63)
				if seen[w]&bit != 0 {
					continue
				}
				seen[w] |= bit
				if t, ok := boxEntry(st.box(int(id)), ax, ay, dx, dy, rx, ry); ok && !st.push(t, id) {
					return
				}
			}
			if st.ncand > 0 && !st.flush() {
				return
			}
			// Cells further on in this row lie past the parameter where
			// the segment leaves this cell's column (less the margin),
			// the rows further on past the row's end (below): once the
			// blocker is nearer, nothing unvisited can block first or
			// graze before it.
			if st.found && st.f.opt.ThroughOwnSquad == 0 && dx != 0 {
				xb := g.X0 + float64(i+1)*g.CW - m
				if dx < 0 {
					xb = g.X0 + float64(i)*g.CW + m
				}
				if st.first.t+entrySlack < min((xb-ax)/dx, st.rowExit(j, dy, m)) {
					return
				}
			}
			if i == ib {
				break
			}
		}
		if j == jb {
			return
		}
		// Rows further on lie past the parameter where the segment leaves
		// this row (less the margin): once the blocker is nearer, no later
		// occluder can block first or graze before it.
		if st.found && st.f.opt.ThroughOwnSquad == 0 && st.first.t+entrySlack < st.rowExit(j, dy, m) {
			return
		}
	}
}

// box returns the plan box of occluder id (pieces first, then models).
func (st *segState) box(id int) *terrain.PlanBox {
	if id < st.np {
		return &st.occ.Pieces.Boxes[id]
	}
	return &st.occ.Models.Boxes[id-st.np]
}

// disc returns the plan disc of occluder id (pieces first, then models).
func (st *segState) disc(id int) *terrain.PlanDisc {
	if id < st.np {
		return &st.occ.Pieces.Discs[id]
	}
	return &st.occ.Models.Discs[id-st.np]
}

// rowExit returns the parameter where the segment leaves grid row j
// (shrunk by the margin m) along the walk's direction, +Inf for a
// horizontal segment, which never leaves its rows.
func (st *segState) rowExit(j int, dy, m float64) float64 {
	if dy == 0 {
		return math.Inf(1)
	}
	g := &st.occ.Grid
	yb := g.Y0 + float64(j+1)*g.CH - m
	if dy < 0 {
		yb = g.Y0 + float64(j)*g.CH + m
	}
	return (yb - st.a.Y) / dy
}

// segCand is a candidate occluder of the grid walk and the parameter where
// the segment enters its plan box.
type segCand struct {
	t  float64
	id int32
}

// push queues a candidate, flushing the queue when it is full; it reports
// whether to go on.
func (st *segState) push(t float64, id int32) bool {
	if st.ncand == len(st.cand) && !st.flush() {
		return false
	}
	st.cand[st.ncand] = segCand{t, id}
	st.ncand++
	return true
}

// flush visits the queued candidates in order of box entry and reports
// whether to go on. Once a blocker is known, a candidate whose box the
// segment enters clearly after it can neither block first nor graze
// before it, so it is skipped (except under ThroughOwnSquad, whose count
// covers the whole segment).
func (st *segState) flush() bool {
	c := st.cand[:st.ncand]
	st.ncand = 0
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].t < c[j-1].t; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	cut := st.f.opt.ThroughOwnSquad == 0
	for _, k := range c {
		if cut && st.found && k.t-entrySlack > st.first.t {
			break
		}
		if !st.visitID(int(k.id)) {
			return false
		}
	}
	return true
}

// entrySlack bounds the rounding of a box entry parameter
// (planBox.hitsSegment) below the true one.
const entrySlack = 1e-9

// visitID handles one prepared occluder (pieces first, then models)
// and reports whether to go on.
func (st *segState) visitID(id int) bool {
	if st.lenD > 0 && !st.reference {
		// The segment's plan misses the occluder's disc clearly (by more
		// than rounding, see planDisc): no contact at all.
		d := st.disc(id)
		cx, cy := d.CX-st.a.X, d.CY-st.a.Y
		r := d.R + 1e-12*(abs(st.a.X)+abs(st.a.Y)+st.lenD)
		if s := cx*st.ux + cy*st.uy; s < -r || s > st.lenD+r || abs(cx*st.uy-cy*st.ux) > r {
			return true
		}
	}
	if id < st.np {
		return st.visit(terrain.Item{Kind: terrain.ItemPiece, Index: id})
	}
	return st.visit(terrain.Item{Kind: terrain.ItemModel, Index: id - st.np})
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

// visit handles one candidate item and reports whether to go on.
func (st *segState) visit(it terrain.Item) bool {
	if it.Kind == terrain.ItemPiece {
		p := &st.bf.Pieces()[it.Index]
		top, ok := st.f.pieceTop(p)
		if !ok || (min(st.a.Z, st.b.Z) > top) {
			return true
		}
		h := st.prism(p.Footprint, top, st.occ.Pieces.Convex[it.Index])
		st.record(it, h, top)
		return !(st.clearOnly && st.found)
	}
	m := &st.bf.Models()[it.Index]
	ok, own := st.f.modelBlocks(m, it.Index)
	if !ok || min(st.a.Z, st.b.Z) > m.Hull.Height {
		return true
	}
	ring := st.occ.Models.Rings[it.Index]
	if len(ring) < 3 {
		return true
	}
	h := st.prism(geom.Polygon{Outer: ring}, m.Hull.Height, st.occ.Models.Convex[it.Index])
	if own && h.block {
		if st.nsq < len(st.squad) {
			st.squad[st.nsq] = squadHit{it, h}
			st.nsq++
			return !(st.clearOnly && st.nsq > st.f.opt.ThroughOwnSquad)
		}
	}
	st.record(it, h, m.Hull.Height)
	return !(st.clearOnly && st.found)
}

// prism decides how the segment meets one prism; cv is the footprint's
// convexRing when it is strictly convex without holes (nil otherwise).
func (st *segState) prism(fp geom.Polygon, top float64, cv *terrain.ConvexRing) segHit {
	if cv != nil && !st.reference {
		if h, ok := prismConvex(fp, top, st.a, st.b, cv); ok {
			return h
		}
	}
	return prismSwept(fp, top, st.a, st.b, st.reference)
}

// prismSwept is the prism test with a sweep: prismSegment for the
// reference walk, prismSegmentFast otherwise.
func prismSwept(fp geom.Polygon, top float64, a, b geom.Vec3, reference bool) segHit {
	var sw sweep
	if reference {
		return prismSegment(fp, top, a, b, &sw)
	}
	return prismSegmentFast(fp, top, a, b, &sw)
}

// record folds one occluder's hit into the state.
func (st *segState) record(it terrain.Item, h segHit, top float64) {
	switch {
	case h.block:
		st.consider(it, h, top)
	case h.graze && st.f.opt.GrazingBlocks:
		st.consider(it, h, top)
	case h.graze:
		g := grazeHit{it, h.t}
		switch {
		case st.gzov != nil:
			*st.gzov = append(*st.gzov, g)
		case st.ngz < len(st.gz):
			st.gz[st.ngz] = g
			st.ngz++
		default:
			ov := append(append(make([]grazeHit, 0, 4*len(st.gz)), st.gz[:]...), g)
			st.gzov = &ov
		}
	}
}

// consider keeps the blocking hit nearest to a. Ties go to a true block
// over a grazing one, then to pieces before models, then to the lower
// index, so that the answer does not depend on the visiting order.
func (st *segState) consider(it terrain.Item, h segHit, top float64) {
	better := !st.found || h.t < st.first.t
	if !better && h.t == st.first.t {
		switch {
		case h.block != st.first.block:
			better = h.block
		case it.Kind != st.fitem.Kind:
			better = it.Kind < st.fitem.Kind
		default:
			better = it.Index < st.fitem.Index
		}
	}
	if better {
		st.first, st.fitem, st.ftop, st.found = h, it, top, true
	}
}

// fillBlocker writes the reported Blocker to *bl (the zero value before).
func (st *segState) fillBlocker(bl *Blocker) {
	h := st.first
	bl.ID, bl.Item, bl.Kind = itemID(st.bf, st.fitem), st.fitem, st.fitem.Kind.String()
	bl.At, bl.T, bl.Grazing = segAt(st.a, st.b, h.t), h.t, !h.block
	if math.IsInf(st.ftop, 1) {
		bl.EveryHeight = true
	} else {
		bl.Top = st.ftop
		if h.block {
			bl.Below = h.below
		}
	}
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

// abs is math.Abs (spelt out so it inlines in the hot loops).
func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
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
	zs     int8    // cached sign of z(t) - top, 2 when unknown
	err    float64 // bound on the rounding error of t (prismSegmentFast)
}

// sweep holds the fracScratch space of prismSegment.
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
	zlo, zhi := math.Min(a.Z, b.Z), math.Max(a.Z, b.Z)
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

// prismConvex is prismSegmentFast for a footprint whose outer ring is
// strictly convex with no holes (cv its convexRing), without a sweep: the
// none or two crossings come from convexCrossings, and the answer is the
// one blockAll, blockMixed and grazeMixed give on those events (one
// interior stretch between them). ok is false when the general path must
// decide (vertical segment, segment level with the roof at its lowest, a
// vertex on the line, crossings too close together or to an end).
func prismConvex(fp geom.Polygon, top float64, a, b geom.Vec3, cv *terrain.ConvexRing) (h segHit, ok bool) {
	A, B := geom.Flat(a), geom.Flat(b)
	zlo, zhi := min(a.Z, b.Z), max(a.Z, b.Z)
	every := math.IsInf(top, 1)
	if !every && zlo > top {
		return segHit{}, true
	}
	if A == B || (!every && zlo >= top) || len(fp.Outer) < 3 {
		return segHit{}, false
	}
	// A segment starting in the interior of the plan, below the roof all
	// along, is blocked at its start. Its below, blockAll's top -
	// min(z(0), z(t1)), needs no crossing when the segment rises or is
	// level (z is never below z(0)); a falling one takes the path below.
	if (every || (zhi < top && a.Z <= b.Z && !math.IsInf(b.Z-a.Z, 0))) && strictlyInside(fp.Outer, cv, A) {
		h := segHit{block: true}
		if !every {
			h.below = max(0, top-zAt(a, b, 0))
		}
		return h, true
	}
	var ce [2]sweepEvent
	n, ok := convexCrossings(fp.Outer, cv, A, B, B.Sub(A), &ce)
	if !ok {
		return segHit{}, false
	}
	cross := n == 2 && ce[0].t < 1 && ce[1].t > 0
	// The stretch clipped to the segment; i0, i1 = -1 where clipped (as
	// in sweep.stretches).
	t0, t1, i0, i1 := ce[0].t, ce[1].t, 0, 1
	if t0 < 0 {
		t0, i0 = 0, -1
	}
	if t1 > 1 {
		t1, i1 = 1, -1
	}
	if every || zhi < top {
		if !cross {
			return segHit{}, true
		}
		h := segHit{block: true, t: t0}
		if !every {
			h.below = max(0, top-min(zAt(a, b, t0), zAt(a, b, t1)))
		}
		return h, true
	}
	// Mixed: zlo < top <= zhi (blockMixed, then grazeMixed).
	zs := [2]int{2, 2}
	zsign := func(i int) int {
		if zs[i] == 2 {
			e := &ce[i]
			zs[i] = geom.Orient3(a, b, geom.Lift(e.p, top), geom.Lift(e.q, top)) * int(e.sq)
		}
		return zs[i]
	}
	endSign := func(i int, t float64) int {
		if i >= 0 {
			return zsign(i)
		}
		z := a.Z
		if t > 0.5 {
			z = b.Z
		}
		return sgnCmp(z, top)
	}
	if cross {
		s0, s1 := endSign(i0, t0), endSign(i1, t1)
		if s0 < 0 || s1 < 0 {
			t := t0
			if s0 >= 0 { // enters above the roof and comes down through it
				th := (top - a.Z) / (b.Z - a.Z)
				t = min(max(th, t0), t1)
			}
			return segHit{block: true, t: t, below: max(0, top-min(zAt(a, b, t0), zAt(a, b, t1)))}, true
		}
	}
	for i := range n {
		if t := ce[i].t; t >= 0 && t <= 1 && zsign(i) <= 0 {
			return segHit{graze: true, t: t}, true
		}
	}
	if a.Z <= top && fp.Locate(A) != geom.Outside {
		return segHit{graze: true, t: 0}, true
	}
	if b.Z <= top && fp.Locate(B) != geom.Outside {
		return segHit{graze: true, t: 1}, true
	}
	return segHit{}, true
}

// strictlyInside reports whether A lies in the interior of the strictly
// convex counter-clockwise ring r (cv its convexRing), exactly; it may also
// report false for an interior A on the fan diagonal it tests (the caller
// then takes the crossings path). A small ring is checked edge by edge (A
// strictly left of each). A large one by its fan from r[0]: a point
// strictly inside the wedge at r[0] between two consecutive vertices
// (found by bisection on exact signs) and strictly left of the edge
// joining them is inside that triangle, so inside the ring.
func strictlyInside(r geom.Ring, cv *terrain.ConvexRing, A geom.Point) bool {
	if !(A.X > cv.Box.X0 && A.X < cv.Box.X1 && A.Y > cv.Box.Y0 && A.Y < cv.Box.Y1) {
		return false
	}
	n := len(r)
	if n < terrain.ConvexMinVertices {
		p := r[n-1]
		for _, q := range r {
			if orientFast(p, q, q.Sub(p), A) <= 0 {
				return false
			}
			p = q
		}
		return true
	}
	o := r[0]
	if orientFast(o, r[1], r[1].Sub(o), A) <= 0 || orientFast(o, r[n-1], r[n-1].Sub(o), A) >= 0 {
		return false
	}
	lo, hi := 1, n-1
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if 2*m == n && m+1 < hi {
			// The diagonal r[0]–r[n/2] of a centrally symmetric ring
			// (regular polygon, rectangle) runs through its centre, where
			// the eye points of models lie: skip it.
			m++
		}
		switch orientFast(o, r[m], r[m].Sub(o), A) {
		case 0:
			return false
		case 1:
			lo = m
		default:
			hi = m
		}
	}
	return orientFast(r[lo], r[hi], r[hi].Sub(r[lo]), A) > 0
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

// fastErr is the relative rounding bound used by collectFast: each of the
// two cross products carries at most about 4 roundings of its terms' size,
// doubled for safety.
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

// addCrossFast appends the crossing of edge p→q (see crossFast); it
// reports false when crossFast does.
func (sw *sweep) addCrossFast(p, q geom.Point, sq int, A, d geom.Point) bool {
	e, ok := crossFast(p, q, sq, A, d)
	if ok {
		sw.addEvent(e)
	}
	return ok
}

// crossFast is the crossing event of edge p→q (q on side sq of the line,
// p on the other, both exactly) with the bound on its parameter's rounding
// error; ok is false when the crossing may lie at an end of the segment or
// its parameter cannot be bounded.
func crossFast(p, q geom.Point, sq int, A, d geom.Point) (e sweepEvent, ok bool) {
	ok = crossInto(&e, p, q, sq, A, d)
	return e, ok
}

// crossInto is crossFast writing the event to *e (left unspecified when it
// reports false): the convex path's events are written in place rather than
// copied through return values.
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
	*e = sweepEvent{t: t, p: p, q: q, sq: int8(sq), tp: 1, tm: 1, zs: 2, err: err}
	return true
}

// convexCrossings finds the boundary crossings of the strictly convex
// counter-clockwise ring r (cv its convexRing) with the line A→B: none or
// two, ev[0] before ev[1] along the line and farther apart than their
// error bounds, the same events collectFast would give. ok is false when
// a vertex lies on the line or the crossings cannot be separated; the
// caller then takes the general path. A line meets the boundary of a
// strictly convex region with no vertex on it in at most two points.
func convexCrossings(r geom.Ring, cv *terrain.ConvexRing, A, B, d geom.Point, ev *[2]sweepEvent) (n int, ok bool) {
	if cv.Search {
		n, ok = convexSearch(r, cv, A, B, d, ev)
	}
	if !ok {
		// Every vertex, exactly; crossings in ring order.
		p := r[len(r)-1]
		det, bnd := sideFilter(A, d, p)
		sp := certainSign(det, bnd)
		if sp == 0 {
			sp = geom.Orient(A, B, p)
		}
		if sp == 0 {
			return 0, false
		}
		n = 0
		for _, q := range r {
			det, bnd := sideFilter(A, d, q)
			sq := certainSign(det, bnd)
			if sq == 0 {
				if sq = geom.Orient(A, B, q); sq == 0 {
					return 0, false
				}
			}
			if sq != sp {
				if n == 2 {
					return 0, false
				}
				if !crossInto(&ev[n], p, q, sq, A, d) {
					return 0, false
				}
				n++
			}
			p, sp = q, sq
		}
		if n == 1 {
			return 0, false
		}
	}
	if n == 2 {
		if ev[1].t < ev[0].t {
			ev[0], ev[1] = ev[1], ev[0]
		}
		if !(ev[1].t-ev[0].t > ev[0].err+ev[1].err) {
			return 0, false
		}
	}
	return n, true
}

// acosTurns[k] is acos(x)/(2π) for x = -1 + k/(len(acosTurns)-1)·2: the
// fraction of a turn between the normal of a line and where the line
// crosses a circle, for convexSearch's first guess (a guess only: its
// sides are checked exactly).
var acosTurns = func() (t [257]float64) {
	for k := range t {
		t[k] = math.Acos(-1+2*float64(k)/float64(len(t)-1)) / (2 * math.Pi)
	}
	return t
}()

// convexSearch finds the two crossings of a large strictly convex ring by
// search (see convexCrossings), in either order, and reports false when it
// cannot (the caller then classifies every vertex).
//
// The side of a vertex, f(v) = cross(d, v - A), is linear, so around a
// strictly convex ring its exact signs form one run of +1 and one of -1,
// with 0s only between the runs. Given one vertex exactly left of the line
// (hi) and one exactly right (lo) — the table's extreme vertices for the
// line's normal and its opposite, a guess checked exactly — each of the
// two chains hi→lo and lo→hi holds exactly one change of sign, found by
// search on exact signs (chainCross). A vertex found on the line gives
// false; otherwise the two edges found are all the crossings (a 0
// elsewhere would lie between the runs, that is on one of these edges'
// ends).
func convexSearch(r geom.Ring, cv *terrain.ConvexRing, A, B, d geom.Point, ev *[2]sweepEvent) (int, bool) {
	n := len(r)
	k := terrain.DirBucket(-d.Y, d.X)
	hi, lo := int(cv.Ext[k]), int(cv.Ext[(k+terrain.ConvexDirs/2)%terrain.ConvexDirs])
	if hi >= n || lo >= n {
		return 0, false
	}
	fhi, bnd := sideFilter(A, d, r[hi])
	shi := certainSign(fhi, bnd)
	if shi == 0 {
		shi = geom.Orient(A, B, r[hi])
	}
	flo, bnd := sideFilter(A, d, r[lo])
	slo := certainSign(flo, bnd)
	if slo == 0 {
		slo = geom.Orient(A, B, r[lo])
	}
	if shi <= 0 || slo >= 0 {
		return 0, false
	}
	// On a regular ring, hi is (about) the vertex extreme along the
	// line's normal and lo the opposite one, so fhi ≈ |d|(h+R) and
	// flo ≈ |d|(h-R) for the centre's offset h and the radius R: the line
	// crosses the circle a turn of acos(-h/R)/(2π) on from hi, and as far
	// back. g0, g1 are those edges' starts as offsets along each chain (0:
	// no guess); a wrong guess costs one or two extra steps.
	g0, g1 := 0, 0
	if cv.Regular {
		x := (fhi + flo) / (flo - fhi)
		if !(x >= -1) { // NaN too
			x = -1
		}
		x = min(x, 1)
		f := acosTurns[int((x+1)*float64(len(acosTurns)-1)/2+0.5)] * float64(n)
		g0, g1 = int(f), int(float64(n)/2-f)
	}
	if !chainCross(&ev[0], r, hi, lo, 1, g0, A, B, d) || !chainCross(&ev[1], r, lo, hi, -1, g1, A, B, d) {
		return 0, false
	}
	return 2, true
}

// chainCross finds, on the chain of ring r from vertex s (exactly on side
// ss of the line) forward to vertex e (exactly on side -ss), the edge whose
// ends are exactly on opposite sides, by bisection on exact signs
// (O(log n) steps), and writes its crossing to *ev (crossInto). guess > 0 is the
// offset from s of the likely edge's start: the first pivots are that
// vertex and its neighbour toward the crossing, then bisection goes on
// (any pivot inside the bracket keeps the bracket's exact signs, so the
// edge found is the same). It reports false when a vertex lies on the
// line or crossInto does.
func chainCross(ev *sweepEvent, r geom.Ring, s, e, ss, guess int, A, B, d geom.Point) bool {
	n := len(r)
	i, j := s, e
	if j < i {
		j += n
	}
	// p is the next guessed pivot (unwrapped), used while it lies strictly
	// inside the bracket; at most two guesses.
	p, np := -1, 0
	if guess > 0 {
		p = s + guess
	}
	// i < j index the chain unwrapped: vertex k is r[k] or r[k-n].
	for j-i > 1 {
		m := int(uint(i+j) >> 1)
		guessed := false
		if np < 2 && p > i && p < j {
			m, guessed = p, true
			np++
		} else {
			np = 2
		}
		k := m
		if k >= n {
			k -= n
		}
		det, bnd := sideFilter(A, d, r[k])
		sg := certainSign(det, bnd)
		if sg == 0 {
			if sg = geom.Orient(A, B, r[k]); sg == 0 {
				return false
			}
		}
		if sg == ss {
			i, p = m, m+1
		} else {
			j, p = m, m-1
		}
		if !guessed {
			np = 2
		}
	}
	if i >= n {
		i -= n
	}
	if j >= n {
		j -= n
	}
	return crossInto(ev, r[i], r[j], -ss, A, d)
}

// sideFilter is the float part of orientFast: the value of cross(d, q - A)
// and a bound on its rounding error (plus an absolute term for underflow,
// see orientFast); the sign is certain when |det| > bound. Small enough to
// inline.
func sideFilter(A, d, q geom.Point) (det, bound float64) {
	l, r := d.X*(q.Y-A.Y), d.Y*(q.X-A.X)
	return l - r, 8*0x1p-53*(math.Abs(l)+math.Abs(r)) + 0x1p-900
}

// certainSign is the sign of det when sideFilter's bound certifies it, 0
// when geom.Orient must decide.
func certainSign(det, bound float64) int {
	switch {
	case det > bound:
		return 1
	case det < -bound:
		return -1
	}
	return 0
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
			h.below = math.Max(h.below, top-math.Min(zAt(a, b, s.t0), zAt(a, b, s.t1)))
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
// sightline through it is returned. A blocker that provably hides every
// point of the target settles the answer early (docs/sight.md, "Cover
// proof"); the result is the one the region would give. Unknown ids give an error wrapping
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
	return sightRun(bf, eye, ti, f, false)
}

// sightRun is sight; reference turns off the cover proofs (hidesAll), for
// the tests that compare the two.
func sightRun(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, reference bool) SightResult {
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
	var buf [2*terrain.MaxPlanRing + 2]geom.Vec3
	pts := characteristicPoints(m, bf.Occluders().Models.Rings[ti], buf[:0])
	res.Centre = geom.Segment3{A: eye, B: pts[0]}
	// The centre sightline is complete (its blocker is reported); the
	// others only need Clear and stop at the first blocker found.
	centre := segment(bf, eye, pts[0], f)
	if centre.Clear {
		visible(centre)
		return res
	}
	sc := getScratch()
	defer putScratch(sc)
	// hidden is the answer of the region computation when nothing of the
	// target is visible.
	hidden := func() SightResult {
		res.Method = MethodRegion
		fv := 0.0
		res.Fraction = &fv
		bl := centre.Blocker
		res.BlockedBy = &bl
		return res
	}
	// Most sightlines are blocked, mostly by one occluder hiding the whole
	// target: the blockers met are tried as cover proofs (hidesAll), each
	// once, so that neither the remaining points nor the region are needed.
	cv, prove := coverView{}, false
	if !reference {
		cv, prove = newCoverView(bf, eye, ti)
	}
	var tried [4]terrain.Item
	ntried := 0
	try := func(it terrain.Item) bool {
		if !prove || ntried == len(tried) || slices.Contains(tried[:ntried], it) {
			return false
		}
		tried[ntried] = it
		ntried++
		return cv.hidesAll(bf, f, it)
	}
	if try(centre.Blocker.Item) {
		return hidden()
	}
	for _, p := range pts[1:] {
		s := segmentClear(bf, eye, p, f)
		if s.Clear {
			visible(s)
			return res
		}
		if try(s.Blocker.Item) {
			return hidden()
		}
	}
	fr := visibleFractionMode(bf, eye, ti, f, sc, fracSight)
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
// ring is the model's plan ring (modelRing).
func characteristicPoints(m *terrain.Model, ring []geom.Point, dst []geom.Vec3) []geom.Vec3 {
	h := m.Hull.Height
	dst = append(dst, geom.Lift(m.Position, h/2), geom.Lift(m.Position, h))
	step := max(1, len(ring)/8)
	for i := 0; i < len(ring); i += step {
		dst = append(dst, geom.Lift(ring[i], h))
	}
	for i := 0; i < len(ring); i += step {
		dst = append(dst, geom.Lift(ring[i], 0))
	}
	return dst
}
