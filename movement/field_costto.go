package movement

import (
	"cmp"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
)

// CostTo returns the cost of the shortest legal route from the start to
// p, the index of its last bend (for Path) and whether p is reachable
// within the budget. ok is false when p is blocked, beyond the budget or
// the work limit is reached (see Exhausted).
//
// The tree's vertices are tried cheapest lower bound first (their cost
// plus the straight distance to p) until no untried one can beat the best
// clear last leg. Most tries fail on clearance, mostly on the obstacle
// that blocked the same vertex's leg to the previous point asked (the
// search asks neighbouring points in turn): that obstacle is tested
// first, so a blocked try usually costs one obstacle test instead of a
// pass over all of them. The answer does not depend on the hints.
func (f *CostField) CostTo(p geom.Point) (cost float64, last int, ok bool) {
	if _, bad := f.q.pointBlocked(p); bad {
		return 0, -1, false
	}
	if len(f.hint) != len(f.verts) {
		f.hint = make([]int32, len(f.verts))
		for i := range f.hint {
			f.hint[i] = -1
		}
	}
	lim := f.budget*(1+1e-12) + 1e-9
	f.cands = f.cands[:0]
	for i := range f.verts {
		if b := f.verts[i].g + dist(f.verts[i].p, p); b < lim+1e-12 {
			f.cands = append(f.cands, cand{lb: b, v: int32(i)})
		}
	}
	f.cands.init()
	best, arg := math.Inf(1), -1
	for len(f.cands) > 0 && f.cands[0].lb < best {
		k := int(f.cands.pop().v)
		if !f.spend(1) {
			return 0, -1, false
		}
		v := &f.verts[k]
		if h := f.hint[k]; h >= 0 && f.surelyBlocks(h, v.p, p) {
			continue
		}
		c := v.g + f.q.cost(v.p, p)
		if c >= best || c > lim {
			continue
		}
		if o := f.blocker(v.p, p); o >= 0 {
			f.hint[k] = o
			continue
		}
		best, arg = c, k
	}
	if arg < 0 {
		return 0, -1, false
	}
	return best, arg, true
}

// LowerBound returns a lower bound on CostTo over the rectangle r: the
// cheapest vertex plus its distance to r (every last leg is at least that
// long and costs at least its length). The vertices are visited by cost,
// so the scan stops at the first one costing more than the bound so far.
func (f *CostField) LowerBound(r geom.Rect) float64 {
	if len(f.byG) != len(f.verts) {
		f.byG = make([]int32, len(f.verts))
		for i := range f.byG {
			f.byG[i] = int32(i)
		}
		slices.SortStableFunc(f.byG, func(a, b int32) int { return cmp.Compare(f.verts[a].g, f.verts[b].g) })
	}
	best := math.Inf(1)
	for _, i := range f.byG {
		v := &f.verts[i]
		if v.g >= best {
			break
		}
		dx := math.Max(math.Max(r.X.Lo-v.p.X, v.p.X-r.X.Hi), 0)
		dy := math.Max(math.Max(r.Y.Lo-v.p.Y, v.p.Y-r.Y.Hi), 0)
		best = math.Min(best, v.g+math.Sqrt(dx*dx+dy*dy))
	}
	return best
}

// blocker returns the index of an obstacle that keeps the disc from
// translating a→b, -1 when the move is clear and -2 when an end is off the
// table: the same decision as query.clear, each obstacle's inner discs
// (surelyBlocks) tried before its exact test.
func (f *CostField) blocker(a, b geom.Point) int32 {
	q := &f.q
	if !q.table.ContainsPoint(a) || !q.table.ContainsPoint(b) {
		return -2
	}
	s := geom.Segment{A: a, B: b}
	sb := s.Bound()
	for i := range q.set.obs {
		o := &q.set.obs[i]
		if q.excluded[i] || !o.box.Intersects(sb) || farFrom(s, o.center, o.reach) {
			continue
		}
		if f.surelyBlocks(int32(i), a, b) {
			return int32(i)
		}
		if _, hit := o.core.firstContact(s, q.set.radius); hit {
			return int32(i)
		}
	}
	return -1
}

// innerDisc is a disc inside an obstacle's core region: a disc of the
// mover's radius whose centre passes closer than r+radius to c overlaps
// the core's interior, so the move is blocked.
type innerDisc struct {
	c geom.Point
	r float64
}

// innerMargin keeps surelyBlocks clear of rounding: a segment passing
// within this of the disc's reach is left to the exact test.
const innerMargin = 1e-6

// surelyBlocks reports whether obstacle i certainly keeps the disc from
// translating a→b: the segment passes well inside the reach of one of
// the obstacle's inner discs (a sufficient condition, never a false
// "blocked"; false tells nothing). Excluded obstacles never block.
func (f *CostField) surelyBlocks(i int32, a, b geom.Point) bool {
	q := &f.q
	if q.excluded[i] {
		return false
	}
	if f.inner == nil {
		f.inner = make([][]innerDisc, len(q.set.obs))
		f.innerDone = make([]bool, len(q.set.obs))
	}
	if !f.innerDone[i] {
		f.inner[i], f.innerDone[i] = innerDiscs(&q.set.obs[i].core), true
	}
	for _, d := range f.inner[i] {
		if r := d.r + q.set.radius - innerMargin; r > 0 && distSq(d.c, a, b) < r*r {
			return true
		}
	}
	return false
}

// distSq returns the squared distance from c to the segment ab (a float
// computation: surelyBlocks keeps innerMargin from its rounding).
func distSq(c, a, b geom.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	wx, wy := c.X-a.X, c.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Min(math.Max((wx*dx+wy*dy)/l, 0), 1)
	}
	ex, ey := wx-t*dx, wy-t*dy
	return ex*ex + ey*ey
}

// innerDiscs returns up to nine discs inside the core's region (the
// polygon grown by inflate): for a bare point core the point with the
// inflate radius, else the points of a 3×3 grid over the polygon's bound
// that lie inside it, each with its distance to the boundary.
func innerDiscs(c *core) []innerDisc {
	if c.inflate < 0 {
		return nil
	}
	if len(c.poly.Outer) < 3 {
		if len(c.edges) == 1 && c.edges[0].A == c.edges[0].B && c.inflate > 0 {
			return []innerDisc{{c: c.edges[0].A, r: c.inflate}}
		}
		return nil
	}
	bd := c.poly.Bound()
	var out []innerDisc
	for _, u := range [3]float64{0.25, 0.5, 0.75} {
		for _, v := range [3]float64{0.25, 0.5, 0.75} {
			p := geom.Pt(bd.X.Lo+u*(bd.X.Hi-bd.X.Lo), bd.Y.Lo+v*(bd.Y.Hi-bd.Y.Lo))
			if c.poly.Locate(p) != geom.Inside {
				continue
			}
			r := math.Inf(1)
			for _, e := range c.edges {
				d, _ := geom.DistPointSegment(p, e)
				r = math.Min(r, d)
			}
			if r > 0 && !math.IsInf(r, 1) {
				out = append(out, innerDisc{c: p, r: r + c.inflate})
			}
		}
	}
	return out
}

// cand is one vertex of CostTo with its lower bound.
type cand struct {
	lb float64
	v  int32
}

// candHeap is a binary min-heap of candidates by lower bound, ties by
// vertex index (the order CostTo always tried them in).
type candHeap []cand

// less orders a before b.
func (h candHeap) less(a, b int) bool {
	return h[a].lb < h[b].lb || (h[a].lb == h[b].lb && h[a].v < h[b].v)
}

// init orders the slice as a heap.
func (h candHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// pop removes and returns the least candidate.
func (h *candHeap) pop() cand {
	a := *h
	top := a[0]
	a[0] = a[len(a)-1]
	*h = a[:len(a)-1]
	h.down(0)
	return top
}

// down sifts element i down.
func (h candHeap) down(i int) {
	for {
		l, m := 2*i+1, i
		if l < len(h) && h.less(l, m) {
			m = l
		}
		if r := l + 1; r < len(h) && h.less(r, m) {
			m = r
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}
