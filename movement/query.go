package movement

import (
	"math"
	"slices"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// query is one search over a routing graph, with its own scratch (the
// graph is shared and read-only).
type query struct {
	set      *obstacleSet
	excluded []bool // per obstacle
	// anyExcluded reports whether any obstacle is excluded
	anyExcluded bool
	table       geom.Rect
	weighted    bool
	maxFactor   float64 // the largest difficult factor of the regions
	minFactor   float64 // the smallest (costBound)
	regions     []region
	buf         []r1.Interval
	polys       []*geom.Polygon
	regs        []*region      // cost's regions
	ex          extraScratch   // regionsExtra's
	words       []uint64       // boxMask.near's answers, reused
	work        budget.Counter // charged by search and samples
	// local, when localOn, lists in index order the regions whose boxes
	// meet the ellipse of the running weighted search (see setLocal);
	// near holds, for them in the same order, what cost and costBound
	// read of them, packed (see localRegion): they scan it instead of
	// asking the region mask (the same regions in the same order), except
	// in a build without fast paths, which asks the mask
	local   []int32
	localOn bool
	near    []localRegion
	// force, when not zero, runs the weighted search forwards (1) or
	// backwards (−1) whatever backwards says: tests compare the two.
	force int8
}

// localRegion is one region of a local scene: its box, the pieces
// costBound clips against (nil when it may not: the region is not
// isolated or its pieces are unknown) and the region.
type localRegion struct {
	x0, y0, x1, y1 float64
	pc             *regionPieces
	rg             *region
}

// maxLocal is the most regions a local scene holds: past it the box
// mask's lookup is cheaper than scanning the list.
const maxLocal = 12

// setLocal lists in dst, in index order, the regions whose boxes may meet
// the ellipse |from−p| + |p−to| ≤ lim, and turns the list on when it
// holds at most maxLocal (else off, the box mask answering). Every
// segment a search tests joins two points of the ellipse, so lies in it
// (the ellipse is convex), and a region meeting it has a point p with
// |from−p| + |p−to| ≤ lim, at least the distances to its box: the list
// holds every region the mask would report as meeting the segment's box,
// in the same order (the margin covers the rounding of both sums).
func (q *query) setLocal(dst []int32, from, to geom.Point, lim float64) []int32 {
	dst = dst[:0]
	if fastPaths && q.near == nil {
		q.near = make([]localRegion, 0, maxLocal) // once per query, not at each growth
	}
	near := q.near[:0]
	for i := range q.regions {
		b := q.regions[i].box
		if distToRect(from, b)+distToRect(to, b) <= lim+1e-6 {
			dst = append(dst, int32(i))
			if fastPaths {
				rb := &q.set.bounds[i]
				near = append(near, localRegion{x0: rb.x0, y0: rb.y0, x1: rb.x1, y1: rb.y1, pc: rb.lookup(), rg: &q.regions[i]})
			}
		}
	}
	q.local, q.localOn, q.near = dst, len(dst) <= maxLocal, near
	return dst
}

// newQuery prepares a search over set for a disc of radius R: the models
// the options (and the mover self) exclude, the rectangle the reference
// point must stay in and whether difficult regions are weighted.
func newQuery(set *obstacleSet, tb terrain.Table, R float64, self string, opt RouteOptions) query {
	q := query{set: set, excluded: make([]bool, len(set.obs)), maxFactor: set.maxFactor, minFactor: set.minFactor,
		work: budget.Counter{B: opt.Budget, Limit: DefaultRouteWork}}
	for _, i := range set.models {
		if o := &set.obs[i]; opt.IgnoreModels || o.id == self || slices.Contains(opt.Ignore, o.id) {
			q.excluded[i] = true
			q.anyExcluded = true
		}
	}
	if !opt.Unweighted && !opt.AvoidDifficult && q.maxFactor > 1 {
		q.weighted = true
		q.regions = set.regions
	}
	inset := R
	if opt.CenterOnTable {
		inset = 0
	}
	tol := ContactTolerance
	q.table = geom.Rect{X: r1.Interval{Lo: inset - tol, Hi: tb.Width - inset + tol}, Y: r1.Interval{Lo: inset - tol, Hi: tb.Depth - inset + tol}}
	return q
}

// pointBlocked reports whether p is off the table or too close to a
// non-excluded obstacle, naming it.
func (q *query) pointBlocked(p geom.Point) (string, bool) {
	if !q.onTable(p) {
		return "the table edge", true
	}
	for _, i := range q.set.grid.at(p) {
		o := &q.set.obs[i]
		if q.excluded[i] || !o.box.ContainsPoint(p) {
			continue
		}
		if o.core.touchesPoint(p, q.set.radius) {
			return o.id, true
		}
	}
	return "", false
}

// onTable is q.table.ContainsPoint(p), written out (the method is not
// inlined).
func (q *query) onTable(p geom.Point) bool {
	return q.table.X.Lo <= p.X && p.X <= q.table.X.Hi && q.table.Y.Lo <= p.Y && p.Y <= q.table.Y.Hi
}

// clear reports whether the disc can translate from a to b.
func (q *query) clear(a, b geom.Point) bool {
	if !q.onTable(a) || !q.onTable(b) {
		return false
	}
	s := geom.Segment{A: a, B: b}
	sb := s.Bound()
	words := nearAll(q.set.obsMask, sb.X.Lo, sb.Y.Lo, sb.X.Hi, sb.Y.Hi, q.words)
	q.keepWords(words)
	for i := nextIndex(words, 0, len(q.set.obs)); i >= 0; i = nextIndex(words, i+1, len(q.set.obs)) {
		o := &q.set.obs[i]
		// o.box.Intersects(sb) on two boxes that are not empty (a and b
		// are on the table, so numbers)
		if q.excluded[i] || o.box.X.Lo > sb.X.Hi || o.box.X.Hi < sb.X.Lo || o.box.Y.Lo > sb.Y.Hi || o.box.Y.Hi < sb.Y.Lo ||
			farFrom(s, o.center, o.reach) {
			continue
		}
		if o.core.touches(s, q.set.radius) {
			return false
		}
	}
	return true
}

// cost returns the weighted cost of the straight move a→b.
func (q *query) cost(a, b geom.Point) float64 {
	L := dist(a, b)
	if !q.weighted || L == 0 {
		return L
	}
	s := geom.Segment{A: a, B: b}
	sb := s.Bound()
	if q.regs == nil {
		q.regs = make([]*region, 0, 8)
	}
	regs := q.regs[:0]
	if fastPaths && q.localOn {
		for k := range q.near {
			// rg.box.Intersects(sb), on boxes that are not empty
			if e := &q.near[k]; !(e.x0 > sb.X.Hi || e.x1 < sb.X.Lo || e.y0 > sb.Y.Hi || e.y1 < sb.Y.Lo) {
				regs = append(regs, e.rg)
			}
		}
	} else {
		words := nearAll(q.set.regionMask, sb.X.Lo, sb.Y.Lo, sb.X.Hi, sb.Y.Hi, q.words)
		q.keepWords(words)
		for i := nextIndex(words, 0, len(q.regions)); i >= 0; i = nextIndex(words, i+1, len(q.regions)) {
			if rg := &q.regions[i]; rg.box.Intersects(sb) {
				regs = append(regs, rg)
			}
		}
	}
	q.regs = regs
	if len(regs) == 0 {
		return L
	}
	f := regs[len(regs)-1].factor
	var extra float64
	if fastPaths && L <= math.MaxFloat64 {
		extra = regionsExtra(regs, s, &q.ex) // difficultExtra's value, in one pass
	} else {
		q.polys = q.polys[:0]
		for _, rg := range regs {
			q.polys = append(q.polys, &rg.poly)
		}
		extra, q.buf = difficultExtra(q.polys, s, q.buf)
	}
	return L + (f-1)*extra*L
}

// keepWords keeps the buffer of a boxMask answer for the next one.
func (q *query) keepWords(words []uint64) {
	if cap(words) > cap(q.words) {
		q.words = words
	}
}

// usable reports whether node n is a legal waypoint for this query.
func (q *query) usable(n *node) bool {
	if (n.owner >= 0 && q.excluded[n.owner]) || !q.onTable(n.p) {
		return false
	}
	for _, b := range q.set.blk[n.blo : n.blo+n.nblk] {
		if !q.excluded[b] {
			return false
		}
	}
	return true
}

// route returns the best route from `from` to `to` and its cost. A
// weighted query first finds the unweighted route: its weighted cost ub
// bounds the optimum, so a waypoint p with |from−p| + |p−to| > ub (outside
// that ellipse) cannot be on a better route (cost ≥ length), and the
// difficult boundaries are sampled only inside the ellipse.
//
// ok is false only when no route exists; a non-nil error (the work limit)
// means the search stopped before it knew.
func (q *query) route(from, to geom.Point, spacing float64) (pts []geom.Point, cost float64, ok bool, err error) {
	if !q.weighted {
		return q.searchNear(from, to)
	}
	q.weighted = false
	pts, _, ok, err = q.searchNear(from, to)
	q.weighted = true
	if !ok || err != nil {
		return nil, 0, false, err // the same obstacles: no weighted route either
	}
	ub := 0.0
	var buf [16]float64
	legs := buf[:0]
	for i := 1; i < len(pts); i++ {
		c := q.cost(pts[i-1], pts[i])
		ub += c
		legs = append(legs, c)
	}
	if len(pts) == 2 && ub == dist(from, to) {
		return pts, ub, true, nil // straight and clear of difficult terrain
	}
	samples, err := q.samples(from, to, ub, spacing)
	if err != nil {
		return nil, 0, false, err
	}
	var wp []geom.Point
	var wc float64
	// a build without fast paths (the WebAssembly module) searches
	// forwards: the same answer, in less code
	if q.force > 0 || q.force == 0 && !(fastPaths && backwards(pts, legs, samples, from, to, ub)) {
		wp, wc, ok, err = q.search(from, to, ub, samples, false)
	} else {
		wp, wc, ok, err = q.search(to, from, ub, samples, true)
	}
	if err != nil {
		return nil, 0, false, err
	}
	if ok && wc <= ub {
		return wp, wc, true, nil
	}
	return pts, ub, true, nil
}

// nearBounds are the bounds, as multiples of the straight distance, that
// searchNear tries before an unbounded search.
var nearBounds = []float64{1.5, 4}

// searchNear is search without samples or a known bound, first within the
// ellipses |from−p| + |p−to| ≤ k·|from−to| of nearBounds, then unbounded:
// a route of length L ≤ k·|from−to| is found by the bounded search (only
// entries whose key, a lower bound on the length of any route through
// them, exceeds the bound are left out), and the candidates scanned are
// those near the route instead of the whole table's.
func (q *query) searchNear(from, to geom.Point) ([]geom.Point, float64, bool, error) {
	d := dist(from, to)
	for _, k := range nearBounds {
		pts, cost, ok, err := q.search(from, to, k*d, nil, false)
		if ok || err != nil {
			return pts, cost, ok, err
		}
	}
	return q.search(from, to, math.Inf(1), nil, false)
}

// samples returns the usable points at spacing h on the difficult regions'
// boundaries (every vertex, then every h along each edge) that lie inside
// the ellipse |from−p| + |p−to| ≤ ub. Each point considered is charged to
// the query's work; there is no other cap, so the error bound of the
// answer (which assumes spacing h) always holds.
func (q *query) samples(from, to geom.Point, ub, h float64) ([]node, error) {
	lim := ub*(1+1e-12) + 1e-9
	var out []node
	for i := range q.regions {
		rg := &q.regions[i]
		if rg.factor <= 1 || distToRect(from, rg.box)+distToRect(to, rg.box) > lim {
			continue
		}
		for _, r := range append([]geom.Ring{rg.poly.Outer}, rg.poly.Holes...) {
			for i := range r.Len() {
				e := r.Edge(i)
				if dist(from, e.A)+dist(e.A, to) > lim+2*e.Length() {
					continue // the sum changes by at most 2 per inch along the edge
				}
				k := max(int(math.Ceil(e.Length()/h)), 1)
				if err := q.work.Add(k); err != nil {
					return nil, err
				}
				for j := range k {
					p := e.At(float64(j) / float64(k))
					if dist(from, p)+dist(p, to) > lim {
						continue
					}
					if _, bad := q.pointBlocked(p); bad {
						continue
					}
					out = append(out, node{p: p, prev: p, next: p, owner: -1})
				}
			}
		}
	}
	return out, nil
}

// dist returns |a−b| (plain square root: table-sized values cannot
// overflow, and it is much cheaper than math.Hypot).
func dist(a, b geom.Point) float64 {
	dx, dy := a.X-b.X, a.Y-b.Y
	return math.Sqrt(dx*dx + dy*dy)
}

// distToRect returns the distance from p to the closed rectangle r.
func distToRect(p geom.Point, r geom.Rect) float64 {
	dx := max(max(r.X.Lo-p.X, p.X-r.X.Hi), 0)
	dy := max(max(r.Y.Lo-p.Y, p.Y-r.Y.Hi), 0)
	return math.Hypot(dx, dy)
}
