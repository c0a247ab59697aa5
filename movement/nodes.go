package movement

import (
	"math"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
)

// offsetRing is one ring of an obstacle's offset, as buildSet collects
// them before making nodes: owner is the obstacle's index, outer whether
// it is an outer ring (whose reflex vertices are no nodes).
type offsetRing struct {
	owner int32
	r     geom.Ring
	outer bool
}

// makeNodes fills s.nodes and s.rings from the offset rings, in ring
// order: a ring's convex vertices (every vertex of a hole), each with the
// obstacles it is too close to, dropping those no query can use (too
// close to a piece: a query excludes models only; exact, unlike a cap on
// the count). The rings that keep a node become s.rings, numbered in
// order, each indexed for the tangent search when it is a large convex
// outer ring. It needs s.obs and s.obsMask.
//
// The obstacles a ring's vertices may be too close to are found once per
// ring (those whose box meets the ring's box, in increasing index; the
// owner left out when its offset is whole, see cobs.whole), so a vertex
// tests a few boxes; the result is that of testing every obstacle whose
// box holds the vertex, in index order (see blockRef in the tests).
func (s *obstacleSet) makeNodes(rings []offsetRing) {
	total := 0
	for _, rg := range rings {
		total += rg.r.Len()
	}
	s.nodes = make([]node, 0, total)
	s.rings = make([]tangentRing, 0, len(rings))
	s.discs = make([]ringDisc, 0, len(rings))
	// the nodes' blocker lists are consecutive runs of one array, s.blk
	all := s.blk[:0]
	var cbuf [16]int32
	var words []uint64
	var vbuf [64]int32
	verts := vbuf[:0] // the ring's kept vertices, for indexRing
	for _, rg := range rings {
		r := rg.r
		n := r.Len()
		if n == 0 {
			continue
		}
		var cand []int32
		box := ringBox(r)
		cand, words = s.ringCandidates(cbuf[:0], rg, box, words)
		lo := len(s.nodes)
		verts = verts[:0]
		// index: a ring indexRing may index; chain: every node so far taut
		// (all are) and following the one before
		index, chain := rg.outer && n >= minIndexedRing, true
		prev, v := r[n-1], r[0]
		last := -2 // the vertex of the ring's last node so far
		for i := range n {
			next := r[0]
			if i+1 < n {
				next = r[i+1]
			}
			if rg.outer {
				// reflex or flat (geom.Orient <= 0): never on a shortest
				// path. orientSign's float filter, written out (too big to
				// inline), decides nearly every vertex without a call: its
				// bound is at least geom.Orient's, so d above it is a
				// positive sign.
				l := (prev.X - next.X) * (v.Y - next.Y)
				rt := (prev.Y - next.Y) * (v.X - next.X)
				if !(l-rt > orientFilterBound*(math.Abs(l)+math.Abs(rt))+orientFilterTiny) && geom.Orient(prev, v, next) <= 0 {
					prev, v = v, next
					continue
				}
			}
			blo, buried := len(all), false
			for _, j := range cand {
				o := &s.obs[j]
				// o.box.ContainsPoint(v), written out: the call is not inlined
				b := &o.box
				if !(b.X.Lo <= v.X && v.X <= b.X.Hi && b.Y.Lo <= v.Y && v.Y <= b.Y.Hi) || !o.core.touchesPoint(v, s.radius) {
					continue
				}
				if o.model < 0 {
					buried = true // in a piece: never usable
					break
				}
				all = append(all, j)
			}
			if buried {
				all = all[:blo]
				prev, v = v, next
				continue
			}
			k := len(s.nodes)
			s.nodes = s.nodes[:k+1] // within capacity (zeroed by make): filled in place, field by field
			nd := &s.nodes[k]
			nd.p, nd.prev, nd.next, nd.taut = v, prev, next, true
			nd.owner = rg.owner
			if index {
				verts = append(verts, int32(i))
			}
			nd.blo, nd.nblk = int32(blo), int32(len(all)-blo)
			if k > lo {
				// the node before is vertex i-1 (then its p is prev and
				// its next v), or the points decide
				pn := &s.nodes[k-1]
				nd.follows = last == i-1 || (pn.p == prev && pn.next == v)
				chain = chain && nd.follows
			}
			last = i
			prev, v = v, next
		}
		if len(s.nodes) == lo {
			continue // no node kept: the ring is not searched
		}
		tr := tangentRing{lo: int32(lo), hi: int32(len(s.nodes)), chain: chain, box: box}
		if len(s.nodes)-lo == n {
			// every vertex kept, in ring order: their box is the ring's
			tr.boundIn(s.nodes, box)
		} else {
			tr.bound(s.nodes)
		}
		if index {
			nodeOf := make([]int32, n)
			for k := range nodeOf {
				nodeOf[k] = -1
			}
			for k, v := range verts {
				nodeOf[v] = int32(lo + k)
			}
			tr.indexRing(r, nodeOf)
		}
		s.rings = append(s.rings, tr)
		s.discs = append(s.discs, ringDisc{c: tr.center, lim: tr.radius + coneMargin})
		s.nbrCost += tr.searchCost()
	}
	s.blk = all
}

// ringCandidates appends to dst, in increasing index, the obstacles whose
// box meets b, the bound of ring rg's vertices (ringBox), without its owner when the
// owner's offset is whole (its vertices keep the clearance from it by
// construction): a superset of the obstacles whose box holds a vertex.
// words is the caller's buffer for the obstacle mask's answer.
func (s *obstacleSet) ringCandidates(dst []int32, rg offsetRing, b geom.Rect, words []uint64) ([]int32, []uint64) {
	words = nearAll(s.obsMask, b.X.Lo, b.Y.Lo, b.X.Hi, b.Y.Hi, words)
	for j := nextIndex(words, 0, len(s.obs)); j >= 0; j = nextIndex(words, j+1, len(s.obs)) {
		o := &s.obs[j]
		if (int32(j) == rg.owner && o.whole) || !o.box.Intersects(b) {
			continue
		}
		dst = append(dst, int32(j))
	}
	return dst, words
}

// ringBox returns the bound of a ring's vertices (nonempty, finite
// coordinates), with plain comparisons: geom.Ring.Bound's AddPoint
// per vertex costs several times as much.
func ringBox(r geom.Ring) geom.Rect {
	x0, y0 := r[0].X, r[0].Y
	x1, y1 := x0, y0
	for _, p := range r[1:] {
		if p.X < x0 {
			x0 = p.X
		} else if p.X > x1 {
			x1 = p.X
		}
		if p.Y < y0 {
			y0 = p.Y
		} else if p.Y > y1 {
			y1 = p.Y
		}
	}
	return geom.Rect{X: r1.Interval{Lo: x0, Hi: x1}, Y: r1.Interval{Lo: y0, Hi: y1}}
}
