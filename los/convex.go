package los

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// prismConvex is prismSegmentFast for a footprint whose outer ring is
// strictly convex with no holes (cv its terrain.ConvexRing), without a sweep: the
// none or two crossings come from convexCrossings, and the answer is the
// one blockAll, blockMixed and grazeMixed give on those events (one
// interior stretch between them). ok is false when the general path must
// decide (vertical segment, segment level with the roof at its lowest, a
// vertex on the line, crossings too close together or to an end). disc
// holds the ring (terrain.PlanDisc: any disc holding it by more than
// rounding).
//
// With cv nil the ring is any ring without holes, not necessarily convex:
// there is no inside shortcut, and convexCrossings classifies every
// vertex and declines above two crossings. With no vertex on the line and
// two crossings (or none) the line meets the footprint in one stretch
// between them (or not at all) whatever its shape, so the answer is the
// sweep's on the same two events, as for a convex ring.
//
// It asks convexFast, the float first try, and prismConvexExact only when
// a sign is in doubt there; both give the same answers.
func prismConvex(fp geom.Polygon, top float64, a, b geom.Vec3, cv *terrain.ConvexRing, disc *terrain.PlanDisc) (segHit, bool) {
	if !fastPaths {
		return prismConvexExact(fp, top, a, b, cv, disc)
	}
	h, res := convexFast(fp.Outer, top, a, b, cv, disc)
	if res == fastUnsure {
		return prismConvexExact(fp, top, a, b, cv, disc)
	}
	return h, res == fastDecided
}

// prismConvexExact is prismConvex with exact predicates throughout: every
// side by geom.Orient (behind a float filter), every height sign by
// geom.Orient3.
//
// It stays one function (about 90 lines) on purpose: its steps mirror
// blockAll, blockMixed and grazeMixed line for line (so the two can be
// read side by side), convexFast mirrors it in turn, and its two events
// live in a stack array that helper calls would have to share by pointer.
func prismConvexExact(fp geom.Polygon, top float64, a, b geom.Vec3, cv *terrain.ConvexRing, disc *terrain.PlanDisc) (h segHit, ok bool) {
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
	if cv != nil && (every || (zhi < top && a.Z <= b.Z && !math.IsInf(b.Z-a.Z, 0))) && strictlyInside(fp.Outer, disc, A) {
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
	// An end in the closed plan: with no vertex on the line, the line
	// meets the plan in [ce[0].t, ce[1].t], and crossInto certified each
	// t's side of 0 and of 1, so this is fp.Locate's answer without the
	// walk round the ring.
	if a.Z <= top && n == 2 && ce[0].t < 0 && ce[1].t > 0 {
		return segHit{graze: true, t: 0}, true
	}
	if b.Z <= top && n == 2 && ce[0].t < 1 && ce[1].t > 1 {
		return segHit{graze: true, t: 1}, true
	}
	return segHit{}, true
}

// strictlyInside reports whether A lies in the interior of the strictly
// convex counter-clockwise ring r (disc holding it by more than rounding,
// see terrain.PlanDisc: the square about it is the first, float, test; the
// record's disc is in the cache already, the ConvexRing's box would not
// be), exactly; it may also
// report false for an interior A on the fan diagonal it tests (the caller
// then takes the crossings path). A small ring is checked edge by edge (A
// strictly left of each). A large one by its fan from r[0]: a point
// strictly inside the wedge at r[0] between two consecutive vertices
// (found by bisection on exact signs) and strictly left of the edge
// joining them is inside that triangle, so inside the ring.
func strictlyInside(r geom.Ring, disc *terrain.PlanDisc, A geom.Point) bool {
	if !(abs(A.X-disc.CX) < disc.R && abs(A.Y-disc.CY) < disc.R) {
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

// convexCrossings finds the boundary crossings of the strictly convex
// counter-clockwise ring r (cv its terrain.ConvexRing) with the line A→B: none or
// two, ev[0] before ev[1] along the line and farther apart than their
// error bounds, the same events collectFast would give. ok is false when
// a vertex lies on the line or the crossings cannot be separated; the
// caller then takes the general path. A line meets the boundary of a
// strictly convex region with no vertex on it in at most two points. With
// cv nil, r is any ring (see prismConvex): every vertex is classified,
// and more than two crossings give false.
func convexCrossings(r geom.Ring, cv *terrain.ConvexRing, A, B, d geom.Point, ev *[2]sweepEvent) (n int, ok bool) {
	// Search is set exactly for rings of ConvexMinVertices or more
	// (TestConvexRingSearch): a wall, building or hull rectangle is decided
	// without reading cv, one cache miss less per such occluder on a
	// large table.
	if cv != nil && len(r) >= terrain.ConvexMinVertices && cv.Search {
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
