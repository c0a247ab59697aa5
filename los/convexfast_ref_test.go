package los

import (
	"math"
	"math/bits"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// convexFastRef is convexFast as it was before its data-dependent branches
// were made branch-free (commit c3c58b8), kept word for word as the
// reference TestConvexFastMatchesRef compares the current code with: the
// two must return the same (segHit, fastResult) bit for bit on every
// input.
func convexFastRef(r geom.Ring, top float64, a, b geom.Vec3, cv *terrain.ConvexRing, disc *terrain.PlanDisc) (segHit, fastResult) {
	zlo, zhi := a.Z, b.Z
	if zhi < zlo {
		zlo, zhi = zhi, zlo
	}
	every := top > math.MaxFloat64
	if !(zlo <= zhi) || !(top == top) {
		return segHit{}, fastUnsure // NaN: the exact code's min and max
	}
	if !every && zlo > top {
		return segHit{}, fastDecided
	}
	A, B := geom.Flat(a), geom.Flat(b)
	nv := len(r)
	if A == B || (!every && zlo >= top) || nv < 3 {
		return segHit{}, fastDecline
	}
	if cv != nil && (every || (zhi < top && a.Z <= b.Z && !math.IsInf(b.Z-a.Z, 0))) &&
		math.Abs(A.X-disc.CX) < disc.R && math.Abs(A.Y-disc.CY) < disc.R {
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
	s := 16*0x1p-53*(math.Abs(d.X)*(disc.R+math.Abs(disc.CY-A.Y))+math.Abs(d.Y)*(disc.R+math.Abs(disc.CX-A.X))) + 0x1p-900
	ns := -s
	// k0, k1: the two crossed edges by their end vertex (edge r[k-1]→r[k]).
	var k0, k1 int
	// convexSearch and its two chainCross, on float signs, first.
	search := false
	var hi, lo int
	var fhi, flo float64
	if cv != nil && nv >= terrain.ConvexMinVertices && cv.Search {
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
		search = fhi > s && flo < ns
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
				if e >= nv {
					e -= nv
				}
				en := e + 1
				if en == nv {
					en = 0
				}
				q := r[e]
				fe := sg * (d.X*(q.Y-A.Y) - d.Y*(q.X-A.X))
				q = r[en]
				fn := sg * (d.X*(q.Y-A.Y) - d.Y*(q.X-A.X))
				for steps := 0; ; steps++ {
					if !(fe > s || fe < ns) || !(fn > s || fn < ns) || steps == nv {
						return segHit{}, fastUnsure
					}
					if fn > s { // the end on the start's side: forward
						e, en = en, en+1
						if en == nv {
							en = 0
						}
						fe, q = fn, r[en]
						fn = sg * (d.X*(q.Y-A.Y) - d.Y*(q.X-A.X))
					} else if fe < ns { // the start on the end's side: back
						e, en = e-1, e
						if e < 0 {
							e = nv - 1
						}
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
		from, to, fromLeft := hi, lo, true
		for c := 0; ; c++ {
			i, j := from, to
			if j < i {
				j += nv
			}
			for j-i > 1 {
				m := int(uint(i+j) >> 1)
				k := m
				if k >= nv {
					k -= nv
				}
				q := r[k]
				f := d.X*(q.Y-A.Y) - d.Y*(q.X-A.X)
				var left bool
				switch {
				case f > s:
					left = true
				case f < ns:
				default:
					return segHit{}, fastUnsure
				}
				if left == fromLeft {
					i = m
				} else {
					j = m
				}
			}
			if j >= nv {
				j -= nv
			}
			if c == 1 {
				k1 = j
				break
			}
			k0 = j
			from, to, fromLeft = lo, hi, false
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
		// Bit i of left: vertex i lies left of the line.
		var left, bit uint64 = 0, 1
		for _, q := range r {
			f := d.X*(q.Y-A.Y) - d.Y*(q.X-A.X)
			if f > s {
				left |= bit
			} else if !(f < ns) {
				return segHit{}, fastUnsure
			}
			bit <<= 1
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
	pk0, pk1 := k0-1, k1-1
	if pk0 < 0 {
		pk0 = nv - 1
	}
	if pk1 < 0 {
		pk1 = nv - 1
	}
	p, q := r[pk0], r[k0]
	ed := q.Sub(p)
	pa := p.Sub(A)
	num := pa.X*ed.Y - pa.Y*ed.X
	den := d.X*ed.Y - d.Y*ed.X
	nabs := abs(pa.X*ed.Y) + abs(pa.Y*ed.X)
	dabs := abs(d.X*ed.Y) + abs(d.Y*ed.X)
	t0 := num / den
	slack := abs(den) - fastErr*dabs
	if !(slack > 0) {
		return segHit{}, fastDecline
	}
	e0 := fastErr*(nabs+abs(t0)*dabs)/slack + fastErr*abs(t0) + 0x1p-1000
	if !(abs(t0) > e0) || !(abs(t0-1) > e0) {
		return segHit{}, fastDecline
	}
	p, q = r[pk1], r[k1]
	ed = q.Sub(p)
	pa = p.Sub(A)
	num = pa.X*ed.Y - pa.Y*ed.X
	den = d.X*ed.Y - d.Y*ed.X
	nabs = abs(pa.X*ed.Y) + abs(pa.Y*ed.X)
	dabs = abs(d.X*ed.Y) + abs(d.Y*ed.X)
	t1 := num / den
	slack = abs(den) - fastErr*dabs
	if !(slack > 0) {
		return segHit{}, fastDecline
	}
	e1 := fastErr*(nabs+abs(t1)*dabs)/slack + fastErr*abs(t1) + 0x1p-1000
	if !(abs(t1) > e1) || !(abs(t1-1) > e1) {
		return segHit{}, fastDecline
	}
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
	if every || zhi < top {
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
