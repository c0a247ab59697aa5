package movement

import (
	"sync/atomic"

	"github.com/sightline/sightline/geom"
)

// lbInset is how far inside a difficult region's convex pieces a stretch
// must stay to count in costBound, inches: far above the rounding of the
// float clipping (about 1e-13 in on a table-sized segment), so the bound
// never exceeds the exact cost.
const lbInset = 1e-7

// halfPlane is {x : n·x ≤ c} with n a unit outward normal.
type halfPlane struct {
	n geom.Point
	c float64
}

// regionBound is what costBound knows of one difficult region: its box,
// whether that box meets no other region's box (isolated: the case where
// the exact cost's stretch inside it is exactly its interior measure,
// whatever other regions the segment crosses) and, made on first use, its
// convex pieces.
type regionBound struct {
	x0, y0, x1, y1 float64 // the region's box
	isolated       bool
	reg            *region // the region, for its pieces (its polygon and parts)
	pcs            atomic.Pointer[regionPieces]
}

// regionPieces are an isolated region's convex pieces as half-plane
// lists, each moved lbInset inwards (the pieces partition the region:
// interiors disjoint); ok is false when the pieces cannot be found, and
// costBound then treats the region as not isolated.
type regionPieces struct {
	hp [][]halfPlane
	ok bool
}

// boundRegions prepares costBound's data for the set's regions: boxes and
// isolation now, the convex pieces of an isolated region when a query
// first needs them (pieces), so that a cold query pays only for the
// regions near its route.
func boundRegions(regions []region) []regionBound {
	out := make([]regionBound, len(regions))
	for i := range regions {
		rb := &out[i]
		b := regions[i].box
		rb.x0, rb.y0, rb.x1, rb.y1 = b.X.Lo, b.Y.Lo, b.X.Hi, b.Y.Hi
		rb.reg = &regions[i]
		rb.isolated = true
		for j := range regions {
			if j != i && regions[j].box.Intersects(regions[i].box) {
				rb.isolated = false
				break
			}
		}
	}
	return out
}

// pieces returns the region's convex pieces, made on first use. The set
// is shared by concurrent queries: every caller computes the same value,
// and the first one stored is kept.
func (rb *regionBound) pieces() *regionPieces {
	if p := rb.pcs.Load(); p != nil {
		return p
	}
	p := &regionPieces{ok: true}
	var pieces [][]geom.Point
	switch {
	case rb.reg.poly.IsConvex() && len(rb.reg.poly.Holes) == 0:
		pieces = [][]geom.Point{rb.reg.poly.Outer}
	case rb.reg.parts != nil:
		// The Battlefield's decomposition of the same footprint: what
		// geom.ConvexPieces would return here (TestRegionPiecesOnFirstUse).
		pieces = rb.reg.parts
	default:
		var err error
		if pieces, err = geom.ConvexPieces(rb.reg.poly); err != nil {
			p.ok, pieces = false, nil
		}
	}
	for _, pc := range pieces {
		hp := halfPlanes(pc)
		for k := range hp {
			hp[k].c -= lbInset // costBound clips against the inset pieces
		}
		p.hp = append(p.hp, hp)
	}
	rb.pcs.CompareAndSwap(nil, p)
	return rb.pcs.Load()
}

// halfPlanes returns the half-planes of convex polygon pts (either
// orientation).
func halfPlanes(pts []geom.Point) []halfPlane {
	n := len(pts)
	area := 0.0
	for i := range n {
		area += pts[i].Cross(pts[(i+1)%n])
	}
	hp := make([]halfPlane, 0, n)
	for i := range n {
		a, b := pts[i], pts[(i+1)%n]
		d := b.Sub(a)
		L := d.Norm()
		if L == 0 {
			continue
		}
		nrm := geom.Pt(d.Y/L, -d.X/L) // outward for a counter-clockwise ring
		if area < 0 {
			nrm = nrm.Mul(-1)
		}
		hp = append(hp, halfPlane{n: nrm, c: nrm.Dot(a)})
	}
	return hp
}

// costBound returns a lower bound on q.cost(a, b), cheap to compute: the
// length, plus (f−1) times the length of the segment lying at least
// lbInset inside the convex pieces of isolated regions (clipped in
// floating point against the inset half-planes). That stretch is inside
// the region's interior with room to spare, and for an isolated region
// the exact cost counts the interior measure, which is at least the inset
// stretch (the pieces' interiors are disjoint). When a non-isolated region's box meets the
// segment's, it returns the length (the exact cost there subtracts runs
// along any region's edge, which another region may contain).
func (q *query) costBound(a, b geom.Point) float64 {
	L := dist(a, b)
	if !q.weighted || L == 0 {
		return L
	}
	// the segment's box (compared, not min and max: no NaN here, L is a
	// number, and a zero's sign makes no difference to the comparisons)
	sx0, sx1 := a.X, b.X
	if sx1 < sx0 {
		sx0, sx1 = sx1, sx0
	}
	sy0, sy1 := a.Y, b.Y
	if sy1 < sy0 {
		sy0, sy1 = sy1, sy0
	}
	d := b.Sub(a)
	inside := 0.0
	bounds := q.set.bounds
	if fastPaths && q.localOn {
		var ok bool
		if inside, ok = nearInside(q.near, a, d, L, &[4]float64{sx0, sy0, sx1, sy1}); !ok {
			return L
		}
	} else {
		words := nearAll(q.set.regionMask, sx0, sy0, sx1, sy1, q.words)
		q.keepWords(words)
		for i := nextIndex(words, 0, len(bounds)); i >= 0; i = nextIndex(words, i+1, len(bounds)) {
			rb := &bounds[i]
			if rb.x0 > sx1 || rb.x1 < sx0 || rb.y0 > sy1 || rb.y1 < sy0 {
				continue
			}
			pc := rb.lookup()
			if pc == nil {
				return L
			}
			inside = pc.addInside(inside, a, d, L)
		}
	}
	if inside == 0 {
		return L
	}
	return L + (max(q.minFactor, 1)-1)*inside
}

// lookup returns the pieces costBound may clip against: nil when the
// region is not isolated or its pieces cannot be found.
func (rb *regionBound) lookup() *regionPieces {
	if !rb.isolated {
		return nil
	}
	if pc := rb.pieces(); pc.ok {
		return pc
	}
	return nil
}

// nearInside is costBound's sum over a local scene: the length of the
// segment a→a+d (length L, box sb: x0, y0, x1, y1) lying at least
// lbInset inside the convex pieces of the regions of near whose boxes
// meet the segment's, or false when one of them may not be clipped
// against. It is addInside region by region, with the clip written out
// so that the loop makes no call (a call would clobber every register
// the loop keeps), and the box read through a pointer, which leaves the
// clip's values in registers: the same operations in the same order.
func nearInside(near []localRegion, a, d geom.Point, L float64, sb *[4]float64) (float64, bool) {
	inside := 0.0
	for k := range near {
		e := &near[k]
		if e.x0 > sb[2] || e.x1 < sb[0] || e.y0 > sb[3] || e.y1 < sb[1] {
			continue // the boxes are disjoint (closed boxes, as Rect.Intersects)
		}
		if e.pc == nil {
			return 0, false
		}
		for _, hp := range e.pc.hp {
			t0, t1 := 0.0, 1.0
			for j := range hp {
				h := &hp[j]
				num := h.c - h.n.Dot(a)
				den := h.n.Dot(d)
				switch {
				case den > 0:
					if v := num / den; v < t1 {
						t1 = v
					}
				case den < 0:
					if v := num / den; v > t0 {
						t0 = v
					}
				case num < 0:
					t1 = -1 // parallel and outside
				}
				if t0 >= t1 {
					break
				}
			}
			if t1 > t0 {
				inside += (t1 - t0) * L
			}
		}
	}
	return inside, true
}

// addInside returns inside plus, piece by piece, the length of the
// segment a→a+d (length L) lying at least lbInset inside each convex
// piece.
func (pc *regionPieces) addInside(inside float64, a, d geom.Point, L float64) float64 {
	for _, hp := range pc.hp {
		t0, t1 := 0.0, 1.0
		for _, h := range hp {
			num := h.c - h.n.Dot(a)
			den := h.n.Dot(d)
			// compared, not min and max: the quotients are numbers for a
			// finite segment (for a NaN one the bound is NaN whatever
			// inside is), and a zero's sign changes neither the
			// comparisons below nor what they add
			switch {
			case den > 0:
				if v := num / den; v < t1 {
					t1 = v
				}
			case den < 0:
				if v := num / den; v > t0 {
					t0 = v
				}
			case num < 0:
				t1 = -1 // parallel and outside
			}
			if t0 >= t1 {
				break
			}
		}
		if t1 > t0 {
			inside += (t1 - t0) * L
		}
	}
	return inside
}
