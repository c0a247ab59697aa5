package los

import (
	"math"
	"math/bits"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// convexFast is the float first try of prismConvex (see
// prismConvexExact, the exact code it mirrors step by step).

// fastResult is what convexFast concludes.
type fastResult uint8

const (
	fastUnsure  fastResult = iota // a sign in doubt: ask prismConvexExact
	fastDecided                   // the answer is prismConvexExact's
	fastDecline                   // prismConvexExact would decline too
)

// convexFast is prismConvexExact with every side of the segment's line and
// every height sign decided by a float filter and no exact predicate:
// fastDecided with prismConvexExact's answer (the same floats, bit for
// bit), fastDecline when prismConvexExact would report false, fastUnsure
// when a sign is in doubt (the caller then runs prismConvexExact, which
// decides it exactly). convexfast_test.go compares the two.
//
// Why: the exact code spent most of its instructions around its exact
// predicates rather than in them. A rarely taken call to geom.Orient
// inside a loop made Go save and reload the loop's state on every
// iteration (Go keeps no register across a call), each vertex paid its
// own error bound, and the height at a crossing took geom.Orient3 (about
// 100 instructions) where one float comparison nearly always decides. Here
// the loops call nothing, the bound is one per ring, and the height sign
// is a float filter.
//
// Sides. The float value f(q) = d.X·(q.Y-A.Y) - d.Y·(q.X-A.X) of a vertex
// q (d = B - A as computed) has the exact sign of cross(B-A, q-A) (that is
// geom.Orient(A, B, q)) when |f(q)| > s, with one s for the whole ring:
// s >= sideFilter's bound 8u(|l|+|r|) + 2^-900 for every vertex (u =
// 2^-53, l and r the two rounded products of f), so whatever s certifies
// sideFilter certifies too, with the same sign, and sideFilter is sound
// (see orientFast). Every vertex lies in the disc (terrain.PlanDisc), so
// |q.Y-A.Y| <= R + |CY-A.Y| =: my and |l| <= |d.X|·my·(1+u)^2 (likewise
// |r| with mx); s = 16u(|d.X|·my + |d.Y|·mx) + 2^-900 is twice that bound
// before its own rounding (a relative 6u at most, under the factor 2). A
// non-finite input makes s NaN or infinite: no sign is certified. The
// price of one bound is a sign left in doubt when a vertex lies within
// about 4e-15 of the ring's distance from A off the line, instead of 2e-15
// of its own.
//
// Heights. At a crossing of float parameter t within err of the exact t*
// (crossInto's bound), the sign of z(t*) - top (z the height along a→b) is
// what geom.Orient3 gives prismConvexExact (see zsign there). With dz =
// b.Z - a.Z, the float z = fl(a.Z + p), p = fl(t·fl(dz)), differs from
// z(t*) = a.Z + t*·dz by at most u(|a.Z| + |p|) (the sum) + 2.02u(|p| +
// 2^-1075) (the product and dz) + 2^-1075 (underflow) + err·|fl(dz)|·(1+2u)
// (the error of t) <= 4u(|a.Z| + |p|) + err·|fl(dz)|·(1+2u) + 2^-1073; the
// bound used is twice that before its own rounding. v = fl(z - top) has the
// sign of z - top (a correctly rounded difference keeps the sign), and |v|
// > bound makes |z - top| exceed z's error, so z(t*) - top has v's sign. A
// fused multiply-add would only make z more accurate.
//
// Misses. The side value fc of the disc's centre C has the same error
// bound s/2 as a vertex's (C is in the disc), and every vertex q has
// cross(B-A, q-A) = cross(B-A, C-A) + cross(B-A, q-C), the last term at
// most |B-A|·R in size. So when |fc| - s > R·|d|·(1 + 2u) every vertex is
// on fc's side, exactly: no crossing (compared in squares, the factor
// 1 + 2^-40 covering u and the rounding of both sides).
//
// Inside. strictlyInside's orientations of A against an edge or a
// diagonal p→q of the ring, f = (q.X-p.X)·(A.Y-p.Y) - (q.Y-p.Y)·(A.X-p.X),
// are taken with one bound too, once A is in the square about the disc
// (|A.X-CX| < R): every factor is then under 2R, so |l|, |r| <= 4R^2(1+u)^3
// and si = 128u·R^2 + 2^-900 is at least twice orientFast's bound 8u(|l| +
// |r|) (and over its 2^-900), as for the sides.
//
// The same answer: the steps are prismConvexExact's in the same order with
// the same float arithmetic, on the same two crossings. The search needs
// the extreme vertices hi (left) and lo (right) certified; a strictly
// convex ring then has exactly one edge whose ends are certified left then
// right and one right then left, and no vertex on the line (it would be a
// third point of the boundary on the line), so those two edges, however
// they are found (a walk from the guessed edges on a regular ring, the
// bisection of chainCross on another), are the ones convexSearch finds; a
// failed guess falls back to every vertex as convexCrossings does, and a
// crossing too near an end or the other declines both (convexCrossings
// would find the same two edges again vertex by vertex). The vertex-by-
// vertex classification finds the sign changes in ring order, and a third
// one, or a crossing too near an end or the other, makes convexCrossings
// give up as well. The crossing parameters and their bounds are
// crossInto's expressions, written out, and the start-inside test takes
// strictlyInside's steps. Everything is written out so that convexFast
// calls nothing: a call anywhere made Go save its arguments on the way in.
//
// Branches. A branch whose direction is the data's (which side a vertex
// lies on, which half a bisection keeps, the sign under an abs, whether
// a wrapped index passed the ring's end) is mispredicted about half the
// time, at some 15 to 20 cycles each; on the sightlines between models
// these cost more than the instructions. So those values are chosen
// without a branch: a comparison taken as 0 or 1 (b2u, a SETcc), a sign
// mask (i >> 63) for a wrap, math.Abs (a bit cleared). Go makes no
// conditional move for a value that leads to a load's address (k0, the
// bisection's i and j), hence masks rather than selects there. A branch
// is kept where it is nearly always taken one way (the doubts, the
// declines) or measured no slower (the order of the two crossings).
// TestConvexFastMatchesExactWide holds the result to prismConvexExact on
// some 780,000 inputs (the benchmark's among them); the rewrite was also
// compared with the code before it, bit for bit, on the same inputs
// (docs/sight.md, thirteenth pass).
func convexFast(r geom.Ring, top float64, a, b geom.Vec3, cv *terrain.ConvexRing, disc *terrain.PlanDisc) (segHit, fastResult) {
	return convexFastZ(r, top, a, b, min(a.Z, b.Z), max(a.Z, b.Z), cv, disc)
}

// convexFastZ is convexFast with zlo, zhi = min(a.Z, b.Z), max(a.Z, b.Z)
// given (either NaN: both NaN): the segment walk's visits pass the ones
// it computed once for the sightline (segState.zlo, zhi).
func convexFastZ(r geom.Ring, top float64, a, b geom.Vec3, zlo, zhi float64, cv *terrain.ConvexRing, disc *terrain.PlanDisc) (segHit, fastResult) {
	every := top > math.MaxFloat64
	if !(zlo <= zhi) || !(top == top) {
		return segHit{}, fastUnsure // NaN: the exact code's min and max
	}
	if zlo > top { // never when every: top is +Inf
		return segHit{}, fastDecided
	}
	A, B := geom.Flat(a), geom.Flat(b)
	nv := len(r)
	if A == B || (zlo >= top && !every) || nv < 3 {
		return segHit{}, fastDecline
	}
	// Whether to try the start inside: every condition a 0 or 1 (SETcc),
	// one branch on them all. Here a.Z and b.Z are numbers, so the
	// difference is NaN only as -Inf - -Inf, which math.IsInf (and so the
	// negated comparison) lets through.
	// (ox, oy: the start's plan from the disc's centre in absolute value,
	// read again by the side bound below.)
	ox, oy := math.Abs(A.X-disc.CX), math.Abs(A.Y-disc.CY)
	try := b2u(cv != nil) & b2u(ox < disc.R) & b2u(oy < disc.R) &
		(b2u(every) | b2u(zhi < top)&b2u(a.Z <= b.Z)&b2u(!(math.Abs(b.Z-a.Z) > math.MaxFloat64)))
	if try != 0 {
		// strictlyInside on float signs (see Inside above).
		si := 128*0x1p-53*disc.R*disc.R + 0x1p-900
		nsi := -si
		in := true
		if nv < terrain.ConvexMinVertices {
			p := r[nv-1]
			for _, q := range r {
				f := (q.X-p.X)*(A.Y-p.Y) - (q.Y-p.Y)*(A.X-p.X)
				if f < nsi {
					in = false
					break
				}
				if !(f > si) {
					return segHit{}, fastUnsure
				}
				p = q
			}
		} else {
			o := r[0]
			q := r[1]
			f1 := (q.X-o.X)*(A.Y-o.Y) - (q.Y-o.Y)*(A.X-o.X)
			q = r[nv-1]
			f2 := (q.X-o.X)*(A.Y-o.Y) - (q.Y-o.Y)*(A.X-o.X)
			if !(f1 > si || f1 < nsi) || !(f2 > si || f2 < nsi) {
				return segHit{}, fastUnsure
			}
			in = f1 > si && f2 < nsi
			lo, hi := 1, nv-1
			for in && hi-lo > 1 {
				m := int(uint(lo+hi) >> 1)
				if 2*m == nv && m+1 < hi {
					m++ // as strictlyInside: off the diagonal through the centre
				}
				q := r[m]
				f := (q.X-o.X)*(A.Y-o.Y) - (q.Y-o.Y)*(A.X-o.X)
				switch {
				case f > si:
					lo = m
				case f < nsi:
					hi = m
				default:
					return segHit{}, fastUnsure
				}
			}
			if in {
				p, q := r[lo], r[hi]
				f := (q.X-p.X)*(A.Y-p.Y) - (q.Y-p.Y)*(A.X-p.X)
				if !(f > si || f < nsi) {
					return segHit{}, fastUnsure
				}
				in = f > si
			}
		}
		if in {
			h := segHit{block: true}
			if !every {
				h.below = max(0, top-zAt(a, b, 0))
			}
			return h, fastDecided
		}
	}
	d := B.Sub(A)
	// One side bound for the ring (see Sides above).
	// (|CY − A.Y| is oy: x − y and y − x differ only in sign.)
	s := 16*0x1p-53*(math.Abs(d.X)*(disc.R+oy)+math.Abs(d.Y)*(disc.R+ox)) + 0x1p-900
	ns := -s
	// k0, k1: the two crossed edges by their end vertex (edge r[k-1]→r[k]).
	var k0, k1 int
	// convexSearch and its two chainCross, on float signs, first.
	search := false
	var hi, lo int
	var fhi, flo float64
	// The ring's size first: it is what changes from one occluder to
	// the next, and the other two follow it (one branch to mispredict
	// rather than two).
	if nv >= terrain.ConvexMinVertices && cv != nil && cv.Search {
		k := terrain.DirBucket(-d.Y, d.X)
		hi, lo = int(cv.Ext[k]), int(cv.Ext[(k+terrain.ConvexDirs/2)%terrain.ConvexDirs])
		if hi < nv && lo < nv {
			q := r[hi]
			fhi = d.X*(q.Y-A.Y) - d.Y*(q.X-A.X)
			q = r[lo]
			flo = d.X*(q.Y-A.Y) - d.Y*(q.X-A.X)
		}
		// A wrong guess (mostly a line that misses the ring: both on
		// one side) leaves the answer to every vertex, as in
		// convexCrossings.
		search = b2u(fhi > s)&b2u(flo < ns) != 0
	}
	if search {
		if cv.Regular {
			x := (fhi + flo) / (flo - fhi)
			if !(x >= -1) { // NaN too
				x = -1
			}
			x = min(x, 1)
			f := acosTurns[int((x+1)*float64(len(acosTurns)-1)/2+0.5)] * float64(nv)
			g0, g1 := int(f), int(float64(nv)/2-f)
			// From the guessed edges, a walk along the ring to the
			// crossed ones: edge e0→e0+1 from left to right, edge
			// e1→e1+1 from right to left (there is one of each, hi
			// being left and lo right, and with every side read
			// certified they are the two crossed edges: a strictly
			// convex ring meets a line in at most two points). From an
			// edge whose end is on its start's side the walk goes
			// forward, from one whose start is on its end's side back,
			// so it goes one way to the edge it wants, in a step or
			// two from a good guess.
			k0 = hi + g0
			k1 = lo + g1
			for c := 0; c < 2; c++ {
				e, sg := k0, 1.0
				if c == 1 { // the mirror image: right to left
					e, sg = k1, -1
				}
				// Wraps by sign masks (here and below), not branches.
				e -= nv
				e += nv & (e >> 63)
				en := e + 1 - nv
				en += nv & (en >> 63)
				q := r[e]
				fe := sg * (d.X*(q.Y-A.Y) - d.Y*(q.X-A.X))
				q = r[en]
				fn := sg * (d.X*(q.Y-A.Y) - d.Y*(q.X-A.X))
				for steps := 0; ; steps++ {
					if !(math.Abs(fe) > s) || !(math.Abs(fn) > s) || steps == nv {
						return segHit{}, fastUnsure
					}
					if fn > s { // the end on the start's side: forward
						e, en = en, en+1-nv
						en += nv & (en >> 63)
						fe, q = fn, r[en]
						fn = sg * (d.X*(q.Y-A.Y) - d.Y*(q.X-A.X))
					} else if fe < ns { // the start on the end's side: back
						e, en = e-1, e
						e += nv & (e >> 63)
						fn, q = fe, r[e]
						fe = sg * (d.X*(q.Y-A.Y) - d.Y*(q.X-A.X))
					} else {
						break
					}
				}
				if c == 0 {
					k0 = en
				} else {
					k1 = en
				}
			}
			goto crossings
		}
		// Another ring: chainCross's bisection on each chain, chain 0
		// from hi (left) forward to lo, chain 1 from lo (right) round to
		// hi; each ends with the end vertex of its crossed edge in j.
		// Which half a step keeps is the data's: it is chosen by masks,
		// and the wraps by sign masks, without a branch.
		from, to, fromLeft := hi, lo, uint8(1)
		for c := 0; ; c++ {
			i, j := from, to
			j += nv & ((j - i) >> 63)
			for j-i > 1 {
				m := int(uint(i+j) >> 1)
				k := m - nv
				k += nv & (k >> 63)
				q := r[k]
				f := d.X*(q.Y-A.Y) - d.Y*(q.X-A.X)
				if !(math.Abs(f) > s) {
					return segHit{}, fastUnsure
				}
				// keep is -1 when m is on the side of from (i moves
				// up to it), 0 when on the other (j moves down).
				keep := int(b2u(f > s)^fromLeft) - 1
				i += (m - i) & keep
				j += (m - j) &^ keep
			}
			j -= nv
			j += nv & (j >> 63)
			if c == 1 {
				k1 = j
				break
			}
			k0 = j
			from, to, fromLeft = lo, hi, 0
		}
	} else {
		if nv >= 64 {
			// Past the bit mask (a search table's wrong guess, or a large
			// ring that is not convex): only a line that clearly misses
			// the disc is decided here (see Misses above).
			fc := d.X*(disc.CY-A.Y) - d.Y*(disc.CX-A.X)
			if m := math.Abs(fc) - s; m > 0 && m*m > disc.R*disc.R*(d.X*d.X+d.Y*d.Y)*(1+0x1p-40) {
				return segHit{}, fastDecided
			}
			return segHit{}, fastUnsure
		}
		// Bit i of left: vertex i lies left of the line; of right: right.
		// Each bit is a comparison's result taken as a number (SETcc),
		// not a branch: which side a vertex lies on is a coin toss to a
		// branch predictor. (A conditional move would do too, but Go
		// makes none for a value that leads to a load's address, as left
		// does through k0.) A vertex on neither side, rare, is looked for
		// once after the loop (the same fastUnsure as at the vertex). The
		// loop runs backwards so that the bits shift in from the bottom.
		var left, right uint64
		for i := nv - 1; i >= 0; i-- {
			q := r[i]
			f := d.X*(q.Y-A.Y) - d.Y*(q.X-A.X)
			var l, rt uint64
			if f > s {
				l = 1
			}
			if f < ns {
				rt = 1
			}
			left, right = left<<1|l, right<<1|rt
		}
		bit := uint64(1) << uint(nv)
		if left|right != bit-1 {
			return segHit{}, fastUnsure
		}
		// Bit i of ch: the edge r[i-1]→r[i] changes sides.
		ch := (left ^ (left<<1 | left>>(nv-1))) & (bit - 1)
		if ch == 0 {
			// No crossing: prismConvexExact's answer with n = 0.
			return segHit{}, fastDecided
		}
		k0 = bits.TrailingZeros64(ch)
		ch &= ch - 1
		if ch == 0 || ch&(ch-1) != 0 {
			return segHit{}, fastDecline
		}
		k1 = bits.TrailingZeros64(ch)
	}
crossings:
	// The two crossings (crossInto's arithmetic), written out twice: a
	// loop over the two cost about 17 instructions more per sightline.
	// The start vertices, wrapped to nv-1 by a sign mask rather than a
	// branch (which edge is crossed is the data's).
	pk0, pk1 := k0-1, k1-1
	pk0 += nv & (pk0 >> 63)
	pk1 += nv & (pk1 >> 63)
	p, q := r[pk0], r[k0]
	ed := q.Sub(p)
	pa := p.Sub(A)
	num := pa.X*ed.Y - pa.Y*ed.X
	den := d.X*ed.Y - d.Y*ed.X
	nabs := math.Abs(pa.X*ed.Y) + math.Abs(pa.Y*ed.X)
	dabs := math.Abs(d.X*ed.Y) + math.Abs(d.Y*ed.X)
	t0 := num / den
	slack := math.Abs(den) - fastErr*dabs
	// 1/slack beside num/den rather than a division by slack after it:
	// the two divisions run side by side, not one after the other, on
	// the chain every later decision waits for (fastErrR covers the two
	// roundings this adds).
	is := 1 / slack
	if !(slack > 0) {
		return segHit{}, fastDecline
	}
	e0 := fastErrR*(nabs+math.Abs(t0)*dabs)*is + fastErr*math.Abs(t0) + 0x1p-1000
	if !(math.Abs(t0) > e0) || !(math.Abs(t0-1) > e0) {
		return segHit{}, fastDecline
	}
	p, q = r[pk1], r[k1]
	ed = q.Sub(p)
	pa = p.Sub(A)
	num = pa.X*ed.Y - pa.Y*ed.X
	den = d.X*ed.Y - d.Y*ed.X
	nabs = math.Abs(pa.X*ed.Y) + math.Abs(pa.Y*ed.X)
	dabs = math.Abs(d.X*ed.Y) + math.Abs(d.Y*ed.X)
	t1 := num / den
	slack = math.Abs(den) - fastErr*dabs
	is = 1 / slack
	if !(slack > 0) {
		return segHit{}, fastDecline
	}
	e1 := fastErrR*(nabs+math.Abs(t1)*dabs)*is + fastErr*math.Abs(t1) + 0x1p-1000
	if !(math.Abs(t1) > e1) || !(math.Abs(t1-1) > e1) {
		return segHit{}, fastDecline
	}
	// (A branch: min and max, without one, measured no faster.)
	if t1 < t0 {
		t0, t1, e0, e1 = t1, t0, e1, e0
	}
	if !(t1-t0 > e0+e1) {
		return segHit{}, fastDecline
	}
	// From here prismConvexExact with n = 2, ce[i].t = t0, t1.
	cross := t0 < 1 && t1 > 0
	c0, c1 := t0, t1 // the stretch clipped to the segment
	in0, in1 := true, true
	if c0 < 0 {
		c0, in0 = 0, false
	}
	if c1 > 1 {
		c1, in1 = 1, false
	}
	if b2u(every)|b2u(zhi < top) != 0 { // one branch for the two
		if !cross {
			return segHit{}, fastDecided
		}
		h := segHit{block: true, t: c0}
		if !every {
			h.below = max(0, top-min(zAt(a, b, c0), zAt(a, b, c1)))
		}
		return h, fastDecided
	}
	// Mixed: zlo < top <= zhi. The height signs at the two crossings (see
	// Heights above).
	dz := b.Z - a.Z
	azb := 8 * 0x1p-53 * math.Abs(a.Z)
	dzb := 2 * math.Abs(dz)
	var z0, z1 int
	t, err := t0, e0
	for c := 0; ; c++ {
		p := t * dz
		v := a.Z + p - top
		bound := azb + 8*0x1p-53*math.Abs(p) + err*dzb + 0x1p-1000
		z := 0
		switch {
		case v > bound:
			z = 1
		case v < -bound:
			z = -1
		default:
			return segHit{}, fastUnsure
		}
		if c == 1 {
			z1 = z
			break
		}
		z0 = z
		t, err = t1, e1
	}
	if cross {
		s0, s1 := z0, z1
		if !in0 {
			s0 = sgnCmp(a.Z, top) // c0 = 0
		}
		if !in1 {
			s1 = sgnCmp(b.Z, top) // c1 = 1
		}
		if s0 < 0 || s1 < 0 {
			t := c0
			if s0 >= 0 { // enters above the roof and comes down through it
				th := (top - a.Z) / (b.Z - a.Z)
				t = min(max(th, c0), c1)
			}
			return segHit{block: true, t: t, below: max(0, top-min(zAt(a, b, c0), zAt(a, b, c1)))}, fastDecided
		}
	}
	if t0 >= 0 && t0 <= 1 && z0 <= 0 {
		return segHit{graze: true, t: t0}, fastDecided
	}
	if t1 >= 0 && t1 <= 1 && z1 <= 0 {
		return segHit{graze: true, t: t1}, fastDecided
	}
	if a.Z <= top && t0 < 0 && t1 > 0 {
		return segHit{graze: true, t: 0}, fastDecided
	}
	if b.Z <= top && t0 < 1 && t1 > 1 {
		return segHit{graze: true, t: 1}, fastDecided
	}
	return segHit{}, fastDecided
}

// b2u is 1 for true and 0 for false, without a branch (Go makes it a
// SETcc).
func b2u(c bool) uint8 {
	var x uint8
	if c {
		x = 1
	}
	return x
}

// fastErrR is fastErr grown by four units of roundoff, for convexFast's
// crossing bound fastErr·x/slack evaluated as fastErrR·x·(1/slack): the
// reciprocal and the two products round three times where the quotient
// rounded once (fastErr·x is exact, fastErr being a power of two), a
// relative 2u more at most, which the factor 1 + 4u covers.
const fastErrR = fastErr * (1 + 0x1p-50)
