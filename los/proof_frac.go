package los

import (
	"math"

	"github.com/sightline/sightline/geom"
)

// proofEdge is one edge p→q of a convex part, with what rayInside
// computes of it that does not depend on the ray.
type proofEdge struct {
	px, py, ex, ey float64
	c0             float64 // ex·(eye.Y−p.Y) − ey·(eye.X−p.X)
	tol            float64 // cv.tol·(|ex|+|ey|)
}

// partHidesShared is partHides, with the same answer bit for bit: the
// edge terms that do not depend on the ray are computed once per part, and
// the clip of a ray by the part's edges, which depends only on its plan
// direction, once per plan vertex of the target for both of its heights
// (rayInside computes each again for every ray). Every value rayInside
// compares is computed by the same floating-point operations; the clip's
// bounds are a maximum and a minimum, which do not depend on the order in
// which the edges and the top are taken.
func (cv *coverView) partHidesShared(part []geom.Point, top float64, edges *[]proofEdge) bool {
	n := len(part)
	if n < 3 {
		return false
	}
	e := cv.eye
	es := (*edges)[:0]
	for i := range n {
		p, q := part[i], part[(i+1)%n]
		ex, ey := q.X-p.X, q.Y-p.Y
		es = append(es, proofEdge{
			px: p.X, py: p.Y, ex: ex, ey: ey,
			c0:  ex*(e.Y-p.Y) - ey*(e.X-p.X),
			tol: cv.tol * (abs(ex) + abs(ey)),
		})
	}
	*edges = es
	ring := cv.ring
	if cv.useOct {
		ring = cv.oct[:]
	}
	finite := !math.IsInf(top, 1)
	for _, c := range ring {
		dx, dy := c.X-e.X, c.Y-e.Y
		lo, hi := 0.0, 1.0
		for k := range es {
			ed := &es[k]
			lo, hi = keepPositive(lo, hi, ed.c0, ed.ex*dy-ed.ey*dx)
		}
		if !(lo < hi) {
			return false // both rays of this vertex miss the part
		}
		for _, z := range [2]float64{cv.z0, cv.z0 + cv.h} {
			if !cv.rayInsideClipped(es, top, finite, lo, hi, dx, dy, z-e.Z) {
				return false
			}
		}
	}
	return true
}

// rayInsideClipped finishes rayInside for the ray eye + s·(dx, dy, dz),
// s in [lo, hi] once clipped by the part's edges: the clip by the top,
// then the margin test at the stretch's midpoint.
func (cv *coverView) rayInsideClipped(es []proofEdge, top float64, finite bool, lo, hi, dx, dy, dz float64) bool {
	e := cv.eye
	if finite {
		lo, hi = keepPositive(lo, hi, top-e.Z, -dz)
	}
	if !(lo < hi) {
		return false
	}
	s := 0.5 * (lo + hi)
	y := geom.V3(e.X+s*dx, e.Y+s*dy, e.Z+s*dz)
	if finite && !(y.Z < top-cv.tol) {
		return false
	}
	for k := range es {
		ed := &es[k]
		if !(ed.ex*(y.Y-ed.py)-ed.ey*(y.X-ed.px) > ed.tol) {
			return false
		}
	}
	return true
}

// keepPositive narrows the parameter interval [lo, hi] of a ray to where
// c0 + s·c1 > 0 (hi -1: nowhere). The proofs' clips, by an edge's
// half-plane or below a top, all go through it.
func keepPositive(lo, hi, c0, c1 float64) (float64, float64) {
	switch {
	case c1 > 0:
		lo = max(lo, -c0/c1)
	case c1 < 0:
		hi = min(hi, -c0/c1)
	case !(c0 > 0):
		hi = -1
	}
	return lo, hi
}
