package movement

import (
	"math"
	"slices"
	"sync"

	"github.com/sightline/sightline/geom"
)

// search is A* over start, goal, the set's usable nodes and the given
// boundary samples, with lazy edges: an edge is pushed with its length as
// a lower bound on its cost and checked (clearance, exact cost) only when
// popped, so only edges that could lie on a route cheaper than the
// current frontier are ever tested. Node-to-node candidates (tangent at
// both ends) and their blockers are cached in the set. A node is closed
// by its first popped entry whose edge is verified (clear and exactly
// costed);
// with the straight-line heuristic (consistent, since every weight is at
// least 1) the result is optimal over the graph. Entries whose key
// exceeds ub are not pushed. It returns the waypoints and the cost; ok is
// false only when no route exists over the whole graph (no node is ever
// dropped), and a non-nil error means the query's work limit stopped the
// search first (see DefaultRouteWork for what is counted).
//
// With rev, from is the route's goal and to its start: the search runs
// over the same graph backwards, pricing and testing every edge in its
// direction from start to goal (a leg out of the start must be tangent
// at its node, a leg into the goal need not be, so backwards the first
// legs go untested and the last ones are tested), and the waypoints and
// cost it returns are the route's, from start to goal.
//
// It runs past 80 lines on purpose: the A* loop, its three entry stages
// and the two expansion cases share the heap, the cost arrays and the
// point lookup; split into methods they would need a state struct
// threaded through every call on the hottest path of the package, and the
// one loop reads as the algorithm it is.
func (q *query) search(from, to geom.Point, ub float64, samples []node, rev bool) ([]geom.Point, float64, bool, error) {
	if a, b := ends(from, to, rev); q.clear(a, b) && (!q.weighted || q.cost(a, b) == dist(a, b)) {
		return []geom.Point{a, b}, dist(a, b), true, nil
	}
	set := q.set
	nodes := set.nodes
	nn := int32(len(nodes))
	// graph ids: 0 start, 1 goal, 2+k node k, 2+nn+k sample k
	n := int32(2 + len(nodes) + len(samples))
	lim := ub*(1+1e-12) + 1e-9
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	sc.reset(int(n))
	g, gbest, parent, closed, usable := sc.g, sc.gbest, sc.parent, sc.closed, sc.usable
	// cands: the usable nodes that can lie on a route within ub, packed
	// with their heuristic (the straight-line distance to the goal)
	cands := sc.cands
	if math.IsInf(ub, 1) {
		for k := range nodes {
			if q.usable(&nodes[k]) {
				cands = append(cands, packed{p: nodes[k].p, h: dist(nodes[k].p, to), w: int32(k) + 2})
			}
		}
	} else {
		cands = q.nearCands(cands, from, to, lim)
	}
	for _, c := range cands {
		usable[c.w] = true
	}
	for k := range samples {
		usable[int(nn)+2+k] = true
	}
	if q.weighted && !math.IsInf(ub, 1) {
		sc.local = q.setLocal(sc.local, from, to, lim)
		defer func() { q.local, q.localOn = nil, false }()
	}
	pt := func(v int32) geom.Point {
		switch {
		case v == 0:
			return from
		case v == 1:
			return to
		case v < nn+2:
			return nodes[v-2].p
		}
		return samples[v-2-nn].p
	}
	h := sc.h
	defer func() {
		sc.clean(cands, nn, len(samples))
		sc.h, sc.cands = h[:0], cands[:0]
	}()
	// hto caches each usable vertex's heuristic (straight-line distance to
	// the goal), spts the samples' points packed with theirs (cands has
	// the nodes'); worth reports whether an entry of cost gw for w would
	// be pushed, so the loops below skip tangent tests for entries push
	// would drop anyway (and, having made push's tests, push to the heap
	// directly: the key gw + hto[w] is the one push would compute)
	hto := sc.hto
	for _, c := range cands {
		hto[c.w] = c.h
	}
	spts := sc.spts[:0]
	for k := range samples {
		w := nn + 2 + int32(k)
		hto[w] = dist(to, samples[k].p)
		spts = append(spts, packed{p: samples[k].p, h: hto[w], w: w})
	}
	sc.spts = spts
	hto[0], hto[1] = dist(to, from), 0
	worth := func(w int32, gw float64) bool { return gw < gbest[w] && gw+hto[w] <= lim }
	push := func(w, u, e int32, gw float64, st stage) {
		if gw >= gbest[w] {
			return
		}
		key := gw + hto[w]
		if key > lim {
			return
		}
		if st == verified {
			gbest[w] = gw
		}
		h.push(item{v: w, u: u, e: e, key: key, g: gw, st: st})
	}
	push(0, -1, -1, 0, verified)
	if err := q.work.Add(len(nodes) + len(samples)); err != nil {
		return nil, 0, false, err
	}
	for len(h) > 0 {
		it := h.pop()
		v := it.v
		if closed[v] {
			continue
		}
		if err := q.work.Add(1); err != nil {
			return nil, 0, false, err
		}
		pv := pt(v)
		if it.st != verified {
			if it.g >= gbest[v] {
				continue // a verified entry at least as good is queued
			}
			pu := pt(it.u)
			ea, eb := ends(pu, pv, rev) // the edge from start to goal
			if it.st == bound && q.weighted {
				// the cheap lower bound next: an edge through the
				// inside of difficult terrain goes back in line
				// without its exact cost
				if c := g[it.u] + q.costBound(ea, eb); c > it.g {
					push(v, it.u, it.e, c, lowered)
					continue
				}
			}
			if (it.st == bound || it.st == lowered) && q.weighted {
				// cost first: an edge through difficult terrain goes
				// back in line and is tested for clearance only if
				// still cheap enough when popped again
				c := g[it.u] + q.cost(ea, eb)
				if c > it.g {
					push(v, it.u, it.e, c, costed)
					continue
				}
				it.g = c // equal to the bound up to rounding
			}
			if it.e >= 0 {
				// a candidate's cached blockers are tested from the
				// node whose list holds it, as a forward search
				// tests them; an exact test from start to goal
				ea, eb = pu, pv
			}
			if !q.edgeUsable(it.u, it.e, ea, eb) {
				continue
			}
		}
		closed[v], g[v], parent[v] = true, it.g, it.u
		gbest[v] = math.Inf(-1) // no entry for v is pushed again: the scans below need not read closed
		if v == 1 {
			break
		}
		// the goal, lazily (backwards the start: from a node only on
		// a leg tangent there, as the start's legs are)
		if !rev || v < 2 || v >= nn+2 || tangent(to, &nodes[v-2]) {
			push(1, v, -1, g[v]+dist(to, pv), bound)
		}
		if v >= 2 && v < nn+2 {
			// a node: its cached tangent candidates, then the samples
			// (a sample end needs no tangency)
			if !set.nbrsKnown(v - 2) {
				if err := q.work.Add(set.nbrCost); err != nil {
					return nil, 0, false, err
				}
			}
			nb := set.nbrsOf(v - 2)
			if err := q.work.Add(len(nb) + len(samples)); err != nil {
				return nil, 0, false, err
			}
			for k := range nb {
				w := nb[k].to + 2
				if w >= nn+2 || closed[w] || !usable[w] {
					continue
				}
				if gw := g[v] + dist(pv, nodes[w-2].p); worth(w, gw) {
					h.push(item{v: w, u: v, e: int32(k), key: gw + hto[w], g: gw, st: bound}) // push's tests passed
				}
			}
			pushFromNode(&h, spts, gbest, &nodes[v-2], v, pv, g[v], farthest(g[v], hto[v], lim), lim)
			continue
		}
		// the start or a sample: every tangent node and every sample
		if err := q.work.Add(len(cands) + len(samples)); err != nil {
			return nil, 0, false, err
		}
		gv, hmax := g[v], farthest(g[v], hto[v], lim)
		if rev && v == 0 {
			// backwards from the goal: its legs need no tangency
			pushAll(&h, cands, gbest, v, pv, gv, hmax, lim)
			pushAll(&h, spts, gbest, v, pv, gv, hmax, lim)
			continue
		}
		for k := range cands {
			c := &cands[k]
			if c.h > hmax {
				continue
			}
			gw := gv + dist(pv, c.p)
			if gw+c.h > lim || gw >= gbest[c.w] {
				continue // not worth a push
			}
			n := &nodes[c.w-2]
			if n.taut {
				// tangent(pv, n), its float filter inline (most tests fail)
				l1 := (pv.X - n.prev.X) * (n.p.Y - n.prev.Y)
				r1 := (pv.Y - n.prev.Y) * (n.p.X - n.prev.X)
				l2 := (pv.X - n.next.X) * (n.p.Y - n.next.Y)
				r2 := (pv.Y - n.next.Y) * (n.p.X - n.next.X)
				d1, d2 := l1-r1, l2-r2
				b1 := orientFilterBound*(math.Abs(l1)+math.Abs(r1)) + orientFilterTiny
				b2 := orientFilterBound*(math.Abs(l2)+math.Abs(r2)) + orientFilterTiny
				if (d1 > b1 || d1 < -b1) && (d2 > b2 || d2 < -b2) {
					if (d1 > 0) != (d2 > 0) {
						continue
					}
				} else if !tangent(pv, n) {
					continue
				}
			}
			h.push(item{v: c.w, u: v, e: -1, key: gw + c.h, g: gw, st: bound})
		}
		pushAll(&h, spts, gbest, v, pv, gv, hmax, lim)
	}
	if !closed[1] {
		return nil, 0, false, nil
	}
	var path []geom.Point
	for v := int32(1); v >= 0; v = parent[v] {
		path = append(path, pt(v))
		if len(path) > int(n) {
			panic("movement: a cycle in the search tree") // closed nodes form a tree
		}
	}
	if rev {
		// already from the route's start; its cost summed from there,
		// as a forward search sums it
		c := 0.0
		for i := 1; i < len(path); i++ {
			c += q.cost(path[i-1], path[i])
		}
		return path, c, true, nil
	}
	slices.Reverse(path)
	return path, g[1], true, nil
}

// ends returns the edge a–b in its direction from the route's start to
// its goal: b–a in a backward search.
func ends(a, b geom.Point, rev bool) (geom.Point, geom.Point) {
	if rev {
		return b, a
	}
	return a, b
}

// nearCands appends to dst, packed with their distance to `to`, in index
// order, the usable nodes p with |from−p| + |p−to| ≤ lim, ring by ring
// (the rings' node ranges tile the node list in order), skipping a ring
// whose disc lies outside the ellipse: every node p in it has
// |from−p| + |p−to| ≥ that of the centre − 2·radius.
func (q *query) nearCands(dst []packed, from, to geom.Point, lim float64) []packed {
	nodes := q.set.nodes
	for r := range q.set.rings {
		rg := &q.set.rings[r]
		if dist(from, rg.center)+dist(rg.center, to)-2*(rg.radius+coneMargin) > lim {
			continue
		}
		for k := rg.lo; k < rg.hi; k++ {
			p := nodes[k].p
			if h := dist(p, to); q.usable(&nodes[k]) && dist(from, p)+h <= lim {
				dst = append(dst, packed{p: p, h: h, w: k + 2})
			}
		}
	}
	return dst
}

// pushFromNode pushes the entries from node n (graph id v, at pv, of
// cost gv) to the samples spts that the search's push would take (cost
// below the best verified one, key within lim) and n is tangent to; hmax
// is farthest's bound. It is the loop
//
//	if gw := gv + |pv−p|; gw+h ≤ lim && gw < gbest[w] && tangent(p, n) { push }
//
// with tangent's float filter inline and n's differences computed once
// (the same products, so the same answers).
func pushFromNode(h *heapq, spts []packed, gbest []float64, n *node, v int32, pv geom.Point, gv, hmax, lim float64) {
	ax, ay, bx, by := n.prev.X, n.prev.Y, n.p.X-n.prev.X, n.p.Y-n.prev.Y
	cx, cy, dx, dy := n.next.X, n.next.Y, n.p.X-n.next.X, n.p.Y-n.next.Y
	for k := range spts {
		c := &spts[k]
		if c.h > hmax {
			continue
		}
		gw := gv + dist(pv, c.p)
		if gw+c.h > lim || gw >= gbest[c.w] {
			continue
		}
		if n.taut {
			l1, r1 := (c.p.X-ax)*by, (c.p.Y-ay)*bx
			l2, r2 := (c.p.X-cx)*dy, (c.p.Y-cy)*dx
			d1, d2 := l1-r1, l2-r2
			b1 := orientFilterBound*(math.Abs(l1)+math.Abs(r1)) + orientFilterTiny
			b2 := orientFilterBound*(math.Abs(l2)+math.Abs(r2)) + orientFilterTiny
			if (d1 > b1 || d1 < -b1) && (d2 > b2 || d2 < -b2) {
				if (d1 > 0) != (d2 > 0) {
					continue
				}
			} else if !tangent(c.p, n) {
				continue
			}
		}
		h.push(item{v: c.w, u: v, e: -1, key: gw + c.h, g: gw, st: bound})
	}
}

// pushAll pushes the entries from v (at pv, of cost gv) to the points
// cs that the search's push would take (cost below the best verified
// one, key within lim), with no tangency test; hmax is farthest's bound.
func pushAll(h *heapq, cs []packed, gbest []float64, v int32, pv geom.Point, gv, hmax, lim float64) {
	for k := range cs {
		c := &cs[k]
		if c.h > hmax {
			continue
		}
		if gw := gv + dist(pv, c.p); gw+c.h <= lim && gw < gbest[c.w] {
			h.push(item{v: c.w, u: v, e: -1, key: gw + c.h, g: gw, st: bound})
		}
	}
}

// farthest returns the largest heuristic h of a point p that an entry
// from a vertex at pv (cost gv, heuristic hv) may reach within lim: the
// entry's key gv + |pv−p| + h is at least gv + (h − hv) + h (triangle
// inequality), more than lim when h exceeds (lim − gv + hv)/2. The margin
// (1e-9 in, far above the rounding of the sums on a table-sized scene)
// keeps the test from dropping an entry the exact test would push.
func farthest(gv, hv, lim float64) float64 {
	return (lim-gv+hv)/2 + 1e-9
}

// packed is a candidate's or sample's point, heuristic and graph id.
type packed struct {
	p geom.Point
	h float64
	w int32
}

// scratch is the per-search working memory, pooled so that a warm query
// allocates little.
type scratch struct {
	g, gbest       []float64 // cost when closed; best verified cost pushed (−Inf once closed)
	hto            []float64 // heuristic of the usable vertices
	parent         []int32
	closed, usable []bool
	cands, spts    []packed // the candidate nodes and the samples
	local          []int32  // the query's local regions (query.setLocal)
	h              heapq
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// reset sizes the scratch for n graph vertices. Between searches the
// best pushed costs are infinite and the flags false over the arrays'
// whole capacity (clean restores what a search set), so only fresh
// arrays need filling: the cost of a query does not grow with the graph.
func (sc *scratch) reset(n int) {
	sc.g = slices.Grow(sc.g[:0], n)[:n]
	sc.hto = slices.Grow(sc.hto[:0], n)[:n]
	sc.parent = slices.Grow(sc.parent[:0], n)[:n]
	// g, parent and hto are written before they are read (g and parent
	// when a vertex is closed, hto for the usable vertices)
	if cap(sc.gbest) < n {
		sc.gbest = make([]float64, n)
		for i := range sc.gbest {
			sc.gbest[i] = math.Inf(1)
		}
		sc.closed, sc.usable = make([]bool, n), make([]bool, n)
	}
	sc.gbest, sc.closed, sc.usable = sc.gbest[:n], sc.closed[:n], sc.usable[:n]
	sc.cands, sc.h = sc.cands[:0], sc.h[:0]
}

// clean clears what a search over nn nodes and ns samples set: every
// vertex it pushed, closed or marked usable is the start, the goal, one
// of the candidates cands or a sample.
func (sc *scratch) clean(cands []packed, nn int32, ns int) {
	unset := func(v int32) {
		sc.gbest[v], sc.closed[v], sc.usable[v] = math.Inf(1), false, false
	}
	unset(0)
	unset(1)
	for _, c := range cands {
		unset(c.w)
	}
	for k := range int32(ns) {
		unset(nn + 2 + k)
	}
}

// edgeUsable reports whether the disc may translate from graph vertex u
// (at pu) to pv: through the set's blocker cache when u is a node and e
// its candidate index, else (or when the cache records too many blockers
// to tell what this query excludes) by an exact test. The exact test is
// charged to the query's work (ignored here: the next Add reports it).
func (q *query) edgeUsable(u, e int32, pu, pv geom.Point) bool {
	if e < 0 {
		_ = q.work.Add(len(q.set.obs))
		return q.clear(pu, pv)
	}
	nb := q.set.nbrsOf(u - 2)
	if nb[e].blk.Load() == 0 {
		_ = q.work.Add(len(q.set.obs))
	}
	cnt, bl := q.set.nbrBlockers(&nb[e], pu, pv, &q.words)
	if cnt < 0 {
		if !q.anyExcluded {
			return false // more than maxBlockers obstacles, none excluded
		}
		_ = q.work.Add(len(q.set.obs))
		return q.clear(pu, pv)
	}
	for k := range cnt {
		if !q.excluded[bl[k]] {
			return false
		}
	}
	return true
}

// item is a heap entry: node v reached from u with tentative cost g
// (a lower bound until verified) and priority key = g + heuristic.
type item struct {
	v, u   int32
	e      int32 // candidate index in u's cached list, or -1
	st     stage
	key, g float64
}

// stage is how much of an item's edge is known.
type stage uint8

const (
	bound    stage = iota // g is a lower bound (the edge's length)
	lowered               // g is costBound's lower bound
	costed                // g is exact, clearance not yet tested
	verified              // clear and exactly costed
)

// heapq is a binary min-heap of items by key (no interface boxing). Items
// move into a hole rather than being swapped; the comparisons are those
// of the swapping heap, so equal keys pop in the same order.
type heapq []item

func (h *heapq) push(x item) {
	a := append(*h, x)
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if a[p].key <= x.key {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = x
	*h = a
}

// pop removes the least item. It is the bottom-up form of the swapping
// heap's sift-down: the hole left at the root goes down to a leaf along
// the smaller children (one comparison per level instead of two), then the
// last item climbs back while its parent's key is at least its own. Along
// that path the keys do not decrease, so it stops where the swapping heap
// stops (below the last key smaller than its own) and every item moved
// past that point returns to its place: the same array, pop for pop.
func (h *heapq) pop() item {
	a := *h
	top := a[0]
	x := a[len(a)-1]
	a = a[:len(a)-1]
	*h = a
	if len(a) == 0 {
		return top
	}
	// unsigned indices and len(a) bounds let the compiler drop the
	// bounds checks of the inner loop
	i := uint(0)
	for {
		l := 2*i + 1
		if l >= uint(len(a)) {
			break
		}
		if r := l + 1; r < uint(len(a)) && a[r].key < a[l].key {
			l = r
		}
		a[i] = a[l]
		i = l
	}
	for i > 0 {
		p := (i - 1) / 2
		if a[p].key < x.key {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = x
	return top
}
