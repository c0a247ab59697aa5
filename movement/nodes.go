package movement

import (
	"math"
	"math/bits"

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
//
// A ring is made in passes, each a loop of its own whose common case
// calls nothing (a loop with calls keeps its values in memory): the
// convex vertices (convexVerts), the boxes holding them (boxHits, for a
// ring with candidate obstacles), the contact tests of those and the
// blockers (blockVerts), then the nodes (addNodes).
func (s *obstacleSet) makeNodes(rings []offsetRing) {
	total, longest := 0, 0
	for _, rg := range rings {
		total += rg.r.Len()
		longest = max(longest, rg.r.Len())
	}
	s.nodes = make([]node, 0, total)
	s.rings = make([]tangentRing, 0, len(rings))
	s.discs = make([]ringDisc, 0, len(rings))
	// the nodes' blocker lists are consecutive runs of one array, s.blk
	all := s.blk[:0]
	var cbuf [16]int32
	var words []uint64
	// per ring vertex: the kept ones, where their blockers start in all,
	// and the candidates whose boxes hold them
	var kbuf, rbuf [256]int32
	var hbuf [256]uint64
	keepBuf, runBuf, hits := kbuf[:], rbuf[:], hbuf[:]
	if longest > len(kbuf) {
		keepBuf, runBuf, hits = make([]int32, longest), make([]int32, longest), make([]uint64, longest)
	}
	for _, rg := range rings {
		r := rg.r
		n := r.Len()
		if n == 0 {
			continue
		}
		box := ringBox(r)
		var cand []int32
		cand, words = s.ringCandidates(cbuf[:0], rg, box, words)
		keep := convexVerts(keepBuf[:n], r, rg.outer)
		var runs []int32 // nil: no kept vertex has a blocker
		if len(cand) > 0 {
			keep, runs, all = s.blockVerts(keep, runBuf[:len(keep)], hits[:len(keep)], all, r, cand)
		}
		if len(keep) == 0 {
			continue // no node kept: the ring is not searched
		}
		lo := len(s.nodes)
		tr := tangentRing{lo: int32(lo), hi: int32(lo + len(keep)), box: box}
		s.nodes, tr.chain = addNodes(s.nodes, r, keep, runs, int32(len(all)), rg.owner)
		if len(keep) == n {
			// every vertex kept, in ring order: their box is the ring's
			tr.boundIn(s.nodes, box)
		} else {
			tr.bound(s.nodes)
		}
		if rg.outer && n >= minIndexedRing {
			nodeOf := make([]int32, n)
			for k := range nodeOf {
				nodeOf[k] = -1
			}
			for k, v := range keep {
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

// convexVerts writes to keep (of length n = len(r) ≥ 1), in order, the
// vertices of ring r that may be nodes, and returns them: every vertex of
// a hole, the convex ones of an outer ring (a reflex or flat vertex,
// geom.Orient ≤ 0, is never on a shortest path). The float filter of
// orientSign decides nearly every vertex (convexScan); geom.Orient the
// others.
func convexVerts(keep []int32, r geom.Ring, outer bool) []int32 {
	if !outer {
		for i := range keep {
			keep[i] = int32(i)
		}
		return keep
	}
	nk := 0
	for i := 0; i < len(r); i++ {
		var k int
		k, i = convexScan(keep[nk:], r, i)
		nk += k
		if i < len(r) && geom.Orient(vertexAt(r, i-1), r[i], vertexAt(r, i+1)) > 0 {
			keep[nk] = int32(i)
			nk++
		}
	}
	return keep[:nk]
}

// convexScan writes to keep the vertices of r from i0 on that the float
// filter finds convex, and returns how many, and the first vertex it
// cannot tell (len(r) when none): a loop that calls nothing.
func convexScan(keep []int32, r geom.Ring, i0 int) (int, int) {
	n := len(r)
	prev, v := r[(i0+n-1)%n], r[i0]
	nk := 0
	for i := i0; i < n; i++ {
		next := r[0]
		if i+1 < n {
			next = r[i+1]
		}
		l := (prev.X - next.X) * (v.Y - next.Y)
		rt := (prev.Y - next.Y) * (v.X - next.X)
		d := l - rt
		b := orientFilterBound*(math.Abs(l)+math.Abs(rt)) + orientFilterTiny
		if d > b {
			keep[nk] = int32(i)
			nk++
		} else if !(d < -b) {
			return nk, i
		}
		prev, v = v, next
	}
	return nk, n
}

// blockVerts drops from keep (vertices of ring r) those too close to a
// piece among the candidate obstacles cand, and appends to all the others'
// blockers (the models among cand they are too close to, in cand's
// order): it returns keep compacted in place, runs (runs[k]: where kept
// vertex k's blockers start in all; runs and hits have keep's length) and
// all. The boxes are tested first for every vertex (boxHits, one loop per
// candidate), then the contacts, in cand's order, for the vertices a box
// holds.
func (s *obstacleSet) blockVerts(keep, runs []int32, hits []uint64, all []int32, r geom.Ring, cand []int32) ([]int32, []int32, []int32) {
	if len(cand) > 64 {
		return s.blockVertsPlain(keep, runs, all, r, cand)
	}
	clear(hits)
	for c, j := range cand {
		boxHits(hits, keep, r, &s.obs[j].box, uint64(1)<<c)
	}
	kept := 0
	for k, i := range keep {
		h := hits[k]
		blo, buried := len(all), false
		for h != 0 {
			c := bits.TrailingZeros64(h)
			h &= h - 1
			j := cand[c]
			o := &s.obs[j]
			if !o.core.touchesPoint(r[i], s.radius) {
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
			continue
		}
		keep[kept], runs[kept] = i, int32(blo)
		kept++
	}
	return keep[:kept], runs[:kept], all
}

// boxHits sets bit in hits[k] for each vertex keep[k] of r that box
// holds (closed): r2.Rect.ContainsPoint, written out.
func boxHits(hits []uint64, keep []int32, r geom.Ring, box *geom.Rect, bit uint64) {
	x0, x1, y0, y1 := box.X.Lo, box.X.Hi, box.Y.Lo, box.Y.Hi
	hits = hits[:len(keep)]
	for k, i := range keep {
		v := r[i]
		if x0 <= v.X && v.X <= x1 && y0 <= v.Y && v.Y <= y1 {
			hits[k] |= bit
		}
	}
}

// blockVertsPlain is blockVerts for any number of candidates: each
// vertex tests every candidate's box, then its contact.
func (s *obstacleSet) blockVertsPlain(keep, runs, all []int32, r geom.Ring, cand []int32) ([]int32, []int32, []int32) {
	kept := 0
	for _, i := range keep {
		v := r[i]
		blo, buried := len(all), false
		for _, j := range cand {
			o := &s.obs[j]
			if !o.box.ContainsPoint(v) || !o.core.touchesPoint(v, s.radius) {
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
			continue
		}
		keep[kept], runs[kept] = i, int32(blo)
		kept++
	}
	return keep[:kept], runs[:kept], all
}

// addNodes appends to nodes the nodes of ring r's vertices keep (in
// order), owned by owner, and reports whether they chain (each after the
// first follows the one before: tangentRing.chain). Node k's blockers
// start at runs[k] in the set's blocker array and end where node k+1's
// start, the last node's at end; a nil runs means none has any (all
// start and end at end). nodes has the capacity.
func addNodes(nodes []node, r geom.Ring, keep, runs []int32, end, owner int32) ([]node, bool) {
	lo := len(nodes)
	nodes = nodes[:lo+len(keep)] // within capacity (zeroed by make): filled in place
	ns := nodes[lo:]
	if len(keep) == len(r) {
		// every vertex, in order: each node follows the one before
		n := len(r)
		prev, v := r[n-1], r[0]
		for k := range ns {
			next := r[0]
			if k+1 < n {
				next = r[k+1]
			}
			nd := &ns[k]
			nd.p, nd.prev, nd.next, nd.taut, nd.follows = v, prev, next, true, k > 0
			nd.owner, nd.blo = owner, end
			prev, v = v, next
		}
	} else {
		for k, i := range keep {
			nd := &ns[k]
			nd.p, nd.prev, nd.next, nd.taut = r[i], vertexAt(r, int(i)-1), vertexAt(r, int(i)+1), true
			nd.owner, nd.blo = owner, end
			if k > 0 {
				// the node before is vertex i-1 (then its p is prev and
				// its next v), or the points decide
				pn := &ns[k-1]
				nd.follows = keep[k-1] == i-1 || (pn.p == nd.prev && pn.next == nd.p)
			}
		}
	}
	chain := true
	for k := 1; k < len(ns); k++ {
		chain = chain && ns[k].follows
	}
	if runs != nil {
		for k := range ns {
			ns[k].blo = runs[k]
		}
		for k := range len(ns) - 1 {
			ns[k].nblk = ns[k+1].blo - ns[k].blo
		}
		ns[len(ns)-1].nblk = end - ns[len(ns)-1].blo
	}
	return nodes, chain
}

// vertexAt returns r[i], i taken modulo len(r) for i in [-1, len(r)].
func vertexAt(r geom.Ring, i int) geom.Point {
	switch {
	case i < 0:
		return r[len(r)-1]
	case i == len(r):
		return r[0]
	}
	return r[i]
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
