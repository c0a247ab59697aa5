package los

import (
	"math"

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
// (the first call on a Battlefield also builds its terrain.Occluders, see
// docs/sight.md).
func SightSegment(bf *terrain.Battlefield, a, b geom.Vec3, opt Options, ignore ...string) (res SegmentResult) {
	var f filter
	if !fastPaths || !f.initShot(bf, &opt, ignore) {
		sightSegmentSlow(&res, bf, a, b, &opt, ignore)
		return res
	}
	segmentInto(&res, bf, a, b, &f, segFull)
	return res
}

// sightSegmentSlow is SightSegment for the calls initShot does not take,
// with a filter of its own: kept out of SightSegment, whose segment ends
// then live across no call before segmentInto (a call there made the
// common path save and reload them).
func sightSegmentSlow(res *SegmentResult, bf *terrain.Battlefield, a, b geom.Vec3, opt *Options, ignore []string) {
	var f filter
	f.initSegment(bf, opt, ignore)
	segmentInto(res, bf, a, b, &f, segFull)
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
	// squad holds the passes through own-squad models under
	// ThroughOwnSquad (up to 8; nil otherwise: without the option such a
	// model blocks like any other, and the state zeroed on every call stays
	// small).
	squad *[8]squadHit
	nsq   int
	// found reports whether first holds a blocker.
	found bool
	// clearOnly stops at the first blocker found (not necessarily the
	// nearest) and may then miss grazing contacts: for callers that only
	// read Clear.
	clearOnly bool
	// reference makes the walk visit every occluder and decide each with
	// prismSegment alone (no grid, disc test or fast path): the slow,
	// obviously complete path the tests compare against.
	reference bool
	// ngz counts the grazing contacts in gz (an int32 beside the flags:
	// the state is 384 bytes, six blocks of the zeroing loop).
	ngz int32
	// The plan segment's direction unit vector and length (lenD 0 for a
	// vertical segment), for the disc test of visitID.
	ux, uy, lenD float64
	inv          float64 // 1 / lenD
	// The sightline's constants in visitID's tests, computed once rather
	// than at each visit (the same floats): the ends' least and greatest
	// heights, |a.Z| + |b.Z|, and the disc test's rounding slack
	// 1e-12·(|a.X| + |a.Y| + lenD). (modelPrism's clipped a and b never
	// reach visitID.)
	zlo, zhi, zabs, rslack float64
	// cand queues the grid walk's candidates (see flush).
	cand  [4]segCand
	ncand int
	// grazes are the grazing contacts found, turned into res.Grazing at
	// the end (kept free of pointers so that the state stays on the stack).
	gz   [4]grazeHit
	gzov *[]grazeHit // all contacts once there are more than len(gz) (indirect: see sweep.over)
	// The sweep of the general prism test is not kept here: the state is
	// zeroed on every call, and the convex path (most visits) needs none.
}

// grazeHit is a grazing contact found by segment: the item packed in 16
// bytes instead of 24, since the state is zeroed on every call (an index
// of 2^31 occluders or more would need hundreds of gigabytes of records).
type grazeHit struct {
	t     float64
	index int32
	kind  terrain.ItemKind
}

// item returns the contact's terrain.Item.
func (g grazeHit) item() terrain.Item { return terrain.Item{Kind: g.kind, Index: int(g.index)} }

// segMode selects how much of the segment test runs.
type segMode uint8

const (
	// segFull finds the nearest blocker and every grazing contact before it.
	segFull segMode = iota
	// segClearOnly stops at the first blocker found (not necessarily the
	// nearest), for callers that only read Clear (and, when Clear,
	// Grazing).
	segClearOnly
	// segReference visits every occluder and decides each with
	// prismSegment alone: the slow reference the tests compare against.
	segReference
)

// segment is SightSegment for a prepared filter, in the given mode.
func segment(bf *terrain.Battlefield, a, b geom.Vec3, f *filter, mode segMode) (res SegmentResult) {
	segmentInto(&res, bf, a, b, f, mode)
	return res
}

// segmentInto is segment writing to *res (which must be the zero value):
// SightSegment's result is then built in place rather than copied.
func segmentInto(res *SegmentResult, bf *terrain.Battlefield, a, b geom.Vec3, f *filter, mode segMode) {
	res.From, res.To, res.Clear, res.GrazingBlocks = a, b, true, f.opt.GrazingBlocks
	if !finiteVec(a) || !finiteVec(b) {
		return
	}
	var st segState
	st.bf, st.occ, st.f, st.a, st.b = bf, bf.BuiltOccluders(), f, a, b
	if st.occ == nil {
		st.occ = bf.Occluders() // the first query: builds them
	}
	st.np = len(st.occ.Pieces.Boxes)
	st.first.t = math.Inf(1)
	st.clearOnly, st.reference = mode == segClearOnly, mode == segReference
	if f.opt.ThroughOwnSquad > 0 {
		st.squad = new([8]squadHit) // on the stack
	}
	st.zlo, st.zhi, st.zabs = min(a.Z, b.Z), max(a.Z, b.Z), abs(a.Z)+abs(b.Z)
	dx, dy := b.X-a.X, b.Y-a.Y
	// The walk's reciprocals first: the walk waits for them, the disc
	// test's length and its reciprocal only at the first visit.
	rx, ry := recip(dx), recip(dy)
	if dx != 0 || dy != 0 {
		// Not Hypot: an overflow or underflow (lenD 0) only turns the
		// disc test of visitID off.
		if st.lenD = math.Sqrt(dx*dx + dy*dy); st.lenD > math.MaxFloat64 {
			st.lenD = 0
		}
		st.inv = 1 / st.lenD
		st.ux, st.uy = dx*st.inv, dy*st.inv
	}
	st.rslack = 1e-12 * (abs(a.X) + abs(a.Y) + st.lenD)
	// The walk visits every occluder whose plan box the segment's plan
	// may touch: through the prepared grid, cell by cell in the order the
	// segment's plan crosses them (walkCells), each occluder once; without
	// a grid, or for a segment whose reciprocal direction is not finite
	// or whose coordinates are too large for the grid's margin to cover
	// the walk's rounding (see walkPrecision), every one (walkAll).
	g := &st.occ.Grid
	if sum := abs(a.X) + abs(a.Y) + abs(b.X) + abs(b.Y); st.reference || g.NX == 0 ||
		(dx != 0 && rx == 0) || (dy != 0 && ry == 0) || !(sum < 1e150) || !(walkPrecision*sum <= g.Margin) {
		st.walkAll(dx, dy)
	} else {
		st.walkCells(a.X, a.Y, dx, dy, rx, ry)
	}
	// (st.nsq > 0 first: a negative ThroughOwnSquad, which counts no
	// squad model, must not index the empty list below.)
	if st.nsq > 0 && st.nsq > st.f.opt.ThroughOwnSquad {
		h := st.squad[:st.nsq]
		// By insertion, not slices.SortFunc, which would instantiate a
		// quicksort for squadHit (code size of the WebAssembly module) and
		// sorts up to 12 items by the same insertion; above, hits at exactly
		// the same distance now keep the order they were found in. Squads
		// are small, and this allocates nothing.
		for i := 1; i < len(h); i++ {
			for j := i; j > 0 && h[j].hit.t < h[j-1].hit.t; j-- {
				h[j], h[j-1] = h[j-1], h[j]
			}
		}
		sh := h[st.f.opt.ThroughOwnSquad]
		m := &st.bf.Models()[sh.item.Index]
		st.consider(sh.item, sh.hit, m.Top())
		res.SquadPassed = st.f.opt.ThroughOwnSquad
	} else {
		res.SquadPassed = st.nsq
	}
	if st.found {
		res.Clear = false
		// The Blocker (the zero value before), written here: a call
		// fewer. Its point from st.a and st.b (a and b again: modelPrism
		// restores them), not a and b, which the compiler then kept in
		// a stack copy of their own across the walk.
		h, bl := &st.first, &res.Blocker
		bl.ID, bl.Item, bl.Kind = st.recID(st.fitem), st.fitem, st.fitem.Kind.String()
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
				res.Grazing = append(res.Grazing, Graze{ID: st.recID(g.item()), Item: g.item(), At: segAt(st.a, st.b, g.t)})
			}
		}
	}
}

// segAt is the point at parameter t of the segment a→b.
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

// sgnCmp compares x and y: -1, 0 or +1 (0 when either is NaN).
func sgnCmp(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// abs is math.Abs (spelt out so it inlines in the hot loops).
func abs(x float64) float64 {
	return math.Abs(x)
}

// finiteVec reports whether every coordinate of v is finite (and their
// sum too). x - x is 0 exactly when x is finite (NaN for an infinity or
// a NaN): one subtraction for math.IsNaN and math.IsInf.
func finiteVec(v geom.Vec3) bool {
	x := v.X + v.Y + v.Z
	return x-x == 0
}
