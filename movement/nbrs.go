package movement

// The candidate edges of a node (nbrsOf): the rings the node's cone may
// meet, and the scan of each for the nodes tangent to it.

import (
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
)

// nbrsOf returns the candidate edges of node i, computing them on first
// use: every other node j such that the segment is tangent at both ends,
// in index order. A ring whose disc lies outside the double wedge of
// points from which node i is tangent is skipped; the others are scanned,
// or for an indexed ring only the few vertices tangentVerts finds are
// tested (the same predicate, so the list is the same). Whether an edge is clear is left to the query (see
// query.edgeUsable).
func (s *obstacleSet) nbrsOf(i int32) []nbr {
	if e := s.nbrs[i].Load(); e != nil {
		return *e
	}
	ni := &s.nodes[i]
	var buf [64]int32
	js := buf[:0]
	var vs [4]int32
	// the rings whose disc the cone does not miss (outsideCone), first
	// (one tight loop over the discs), then their tangent nodes
	var rbuf [128]int32
	seen := rbuf[:]
	if len(s.discs) > len(rbuf) {
		seen = make([]int32, len(s.discs))
	}
	if cone := coneOf(ni); cone.ok {
		seen = seen[:ringsInCone(seen, s.discs, &cone)]
	} else {
		seen = seen[:len(s.discs)]
		for r := range seen {
			seen[r] = int32(r)
		}
	}
	for _, r := range seen {
		rg := &s.rings[r]
		if rg.indexed {
			cand, ok := rg.tangentVerts(vs[:0], ni.p)
			if ok {
				for _, v := range cand {
					if j := rg.node[v]; j >= 0 && j != i && tangent(ni.p, &s.nodes[j]) && tangent(s.nodes[j].p, ni) {
						js = append(js, j)
					}
				}
				continue
			}
		}
		js = s.scanRing(js, rg, i)
	}
	slices.Sort(js)
	js = slices.Compact(js) // a small ring's four candidates may repeat
	out := make([]nbr, len(js))
	for k, j := range js {
		out[k].to = j
	}
	if !s.nbrs[i].CompareAndSwap(nil, &out) {
		return *s.nbrs[i].Load() // another reader published first: share its cache
	}
	return out
}

// ringsInCone writes to seen (as long as discs at least) the rings whose
// disc cone does not miss (nodeCone.misses, inline), in order, and
// returns how many: a loop that calls nothing, so that its values stay in
// registers.
func ringsInCone(seen []int32, discs []ringDisc, cone *nodeCone) int {
	p, u1, u2 := cone.p, cone.u1, cone.u2
	seen = seen[:len(discs)]
	n := 0
	for r := range discs {
		d := &discs[r]
		w := d.c.Sub(p)
		d1, d2 := u1.Cross(w), u2.Cross(w)
		if math.Abs(d1) > d.lim && math.Abs(d2) > d.lim && (d1 > 0) != (d2 > 0) {
			continue // no node of the ring sees the cone's node as tangent
		}
		seen[n] = int32(r)
		n++
	}
	return n
}

// scanRing appends to js, in index order, the nodes j of ring rg other
// than node i such that tangent(ni.p, nj) and tangent(nj.p, ni): the scan
// nbrsOf makes of a ring it does not search. tangent(p, nj) is the product
// of the signs of Orient(p, nj.p, nj.prev) and Orient(p, nj.p, nj.next);
// where nj follows the previous node of the scan on its ring (node.follows),
// the first sign is the opposite of that node's second (Orient is exact
// and swapping two points negates it), so a run of consecutive vertices
// costs one orientation per node instead of two. The signs are those
// tangent computes, so the list is the same.
func (s *obstacleSet) scanRing(js []int32, rg *tangentRing, i int32) []int32 {
	if !fastPaths {
		return s.scanRingFrom(js, rg, i, 0, 0)
	}
	var cand [16]int32
	return s.scanRingBuf(js, rg, i, cand[:])
}

// scanRingBuf is scanRing with cand as its buffer of candidates. Its loop
// makes no call (the reason it is two loops: a loop with calls keeps its
// values in memory): it takes the signs by tangent's float filter alone and
// notes in cand the nodes whose two signs allow a tangent; the first sign
// the filter cannot tell, or a full cand, hands the rest of the ring to
// scanRingFrom, the plain scan. The noted nodes get their other test,
// tangent(nj.p, ni), after the loop (finishScan).
func (s *obstacleSet) scanRingBuf(js []int32, rg *tangentRing, i int32, cand []int32) []int32 {
	if rg.chain {
		return s.scanChain(js, rg, i, cand)
	}
	p := s.nodes[i].p
	ns := s.nodes[rg.lo:rg.hi]
	nc, k, lastNext := ringScan(p, ns, cand, rg.filterBound(p))
	js = s.finishScan(js, rg, i, cand[:nc])
	if k < len(ns) {
		return s.scanRingFrom(js, rg, i, k, lastNext)
	}
	return js
}

// ringScan is scanRingBuf's loop, a function of its own that calls
// nothing (so that its values stay in registers), with bd the ring's
// filter bound (tangentRing.filterBound): it notes in cand the nodes
// whose two signs allow a tangent and returns how many, the node it
// stopped at (len(ns) when done, else the first whose sign the filter
// cannot tell or that finds cand full) and the sign of Orient(p, its p,
// its next) of the node before that.
func ringScan(p geom.Point, ns []node, cand []int32, bd float64) (int, int, int) {
	nc := 0
	lastNext := 0 // the previous node's sign of Orient(p, its p, its next)
	for k := range ns {
		nj := &ns[k]
		sp := -lastNext
		if k == 0 || !nj.follows {
			c := nj.prev
			l := (p.X - c.X) * (nj.p.Y - c.Y)
			r := (p.Y - c.Y) * (nj.p.X - c.X)
			d := l - r
			switch {
			case d > bd:
				sp = 1
			case d < -bd:
				sp = -1
			default:
				return nc, k, lastNext
			}
		}
		c := nj.next
		l := (p.X - c.X) * (nj.p.Y - c.Y)
		r := (p.Y - c.Y) * (nj.p.X - c.X)
		d := l - r
		sn := 1
		switch {
		case d > bd:
		case d < -bd:
			sn = -1
		default:
			return nc, k, lastNext
		}
		if !nj.taut || sp*sn >= 0 {
			if nc == len(cand) {
				return nc, k, lastNext
			}
			cand[nc] = int32(k)
			nc++
		}
		lastNext = sn
	}
	return nc, len(ns), lastNext
}

// scanChain is scanRingBuf for a chained ring (tangentRing.chain): node
// k's first sign is the opposite of node k−1's second from the second
// node on, so the loop (chainScan) reads no flag.
func (s *obstacleSet) scanChain(js []int32, rg *tangentRing, i int32, cand []int32) []int32 {
	p := s.nodes[i].p
	ns := s.nodes[rg.lo:rg.hi]
	n0 := &ns[0]
	c := n0.prev
	l := (p.X - c.X) * (n0.p.Y - c.Y)
	r := (p.Y - c.Y) * (n0.p.X - c.X)
	d := l - r
	bd := orientFilterBound*(math.Abs(l)+math.Abs(r)) + orientFilterTiny
	var neg bool // whether node 0's first sign is positive (minus it is node −1's second)
	switch {
	case d > bd:
		neg = true
	case d < -bd:
	default:
		return s.scanRingFrom(js, rg, i, 0, 0)
	}
	nc, k, neg := chainScan(p, ns, neg, cand, rg.filterBound(p))
	js = s.finishScan(js, rg, i, cand[:nc])
	if k < len(ns) {
		lastNext := 1
		if neg {
			lastNext = -1
		}
		return s.scanRingFrom(js, rg, i, k, lastNext)
	}
	return js
}

// chainScan is scanChain's loop, a function of its own that calls
// nothing (so that its values stay in registers): from node 0 on, with
// neg whether the sign of Orient(p, its p, its next) of the node before
// is negative, it notes in cand the nodes whose first sign (the opposite
// of that) times their second is at least 0, taking the signs by the
// float filter alone, with bd the ring's bound (tangentRing.filterBound).
// It returns the count noted and the node it stopped at with neg for the
// node before it: len(ns) when done, else the first node whose sign the
// filter cannot tell or that finds cand full.
func chainScan(p geom.Point, ns []node, neg bool, cand []int32, bd float64) (int, int, bool) {
	nc := 0
	for k := range ns {
		nj := &ns[k]
		c := nj.next
		l := (p.X - c.X) * (nj.p.Y - c.Y)
		r := (p.Y - c.Y) * (nj.p.X - c.X)
		d := l - r
		var sneg bool
		switch {
		case d > bd:
		case d < -bd:
			sneg = true
		default:
			return nc, k, neg
		}
		if sneg != neg { // first sign (−node k−1's second) times second ≥ 0
			if nc == len(cand) {
				return nc, k, neg
			}
			cand[nc] = int32(k)
			nc++
		}
		neg = sneg
	}
	return nc, len(ns), neg
}

// finishScan appends to js the nodes rg.lo+k (k in cand, increasing)
// other than node i from which node i is tangent.
func (s *obstacleSet) finishScan(js []int32, rg *tangentRing, i int32, cand []int32) []int32 {
	ni := &s.nodes[i]
	for _, k := range cand {
		if j := rg.lo + k; j != i && tangent(s.nodes[j].p, ni) {
			js = append(js, j)
		}
	}
	return js
}

// scanRingFrom is scanRing's plain scan of ring rg from its node k0 on,
// lastNext being node k0−1's sign of Orient(p, its p, its next) (any
// value when k0 is 0).
func (s *obstacleSet) scanRingFrom(js []int32, rg *tangentRing, i int32, k0 int, lastNext int) []int32 {
	ni := &s.nodes[i]
	p := ni.p
	ns := s.nodes[rg.lo:rg.hi]
	for k := k0; k < len(ns); k++ {
		nj := &ns[k]
		var sp int
		if k > 0 && nj.follows {
			sp = -lastNext
		} else {
			sp = orientSign(p, nj.p, nj.prev)
		}
		sn := orientSign(p, nj.p, nj.next)
		lastNext = sn
		if j := rg.lo + int32(k); j != i && (!nj.taut || sp*sn >= 0) && tangent(nj.p, ni) {
			js = append(js, j)
		}
	}
	return js
}

// orientSign is geom.Orient(a, b, c), with tangent's float filter in
// front: the exact predicate runs only when the filter cannot tell the
// sign.
func orientSign(a, b, c geom.Point) int {
	l := (a.X - c.X) * (b.Y - c.Y)
	r := (a.Y - c.Y) * (b.X - c.X)
	d := l - r
	bd := orientFilterBound*(math.Abs(l)+math.Abs(r)) + orientFilterTiny
	switch {
	case d > bd:
		return 1
	case d < -bd:
		return -1
	}
	return geom.Orient(a, b, c)
}
