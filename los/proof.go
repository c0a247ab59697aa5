package los

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// coverView holds one Sight query for hidesAll: the eye and the target's
// volume ring × [z0, z0+h].
type coverView struct {
	eye  geom.Vec3
	ring []geom.Point // the target's plan ring
	z0   float64      // the target's ground
	h    float64
	tol  float64 // absolute margin, of the coordinates' scale times 1e-9
	// oct, when useOct, replaces ring (see newCoverView); kept apart, as a
	// slice of it stored in the value would make every coverView escape.
	oct    [8]geom.Point
	useOct bool
}

// newCoverView prepares the cover proofs of model ti seen from eye and
// reports whether they can be made: a ground target of positive height
// and the eye outside its closed volume (from inside, the target counts as
// visible whatever blocks).
func newCoverView(bf *terrain.Battlefield, eye geom.Vec3, ti int) (coverView, bool) {
	m := &bf.Models()[ti]
	ring := bf.Occluders().Models.Rings[ti]
	h, z0 := m.Hull.Height, m.Ground()
	if m.Airborne() || len(ring) < 3 || !(h > 0) {
		return coverView{}, false
	}
	if eye.Z >= z0 && eye.Z <= z0+h && geom.PointInConvex(geom.Flat(eye), ring) != geom.Outside {
		return coverView{}, false
	}
	scale := 1 + abs(eye.X) + abs(eye.Y) + abs(eye.Z) + abs(ring[0].X) + abs(ring[0].Y) + z0 + h
	cv := coverView{eye: eye, ring: ring, z0: z0, h: h, tol: 1e-9 * scale}
	if len(ring) > len(cv.oct) {
		// A polygonised round base has 20 to 256 vertices: prove the
		// octagon circumscribing its bounding disc instead (a superset:
		// what hides it hides the base). The disc's radius is grown by
		// far more than the rounding of the octagon's corners.
		d := &bf.Occluders().Models.Recs[ti].Disc
		for k, u := range unitOctagon {
			cv.oct[k] = geom.Pt(d.CX+d.R*(1+1e-9)*u.X, d.CY+d.R*(1+1e-9)*u.Y)
		}
		cv.useOct = true
	}
	return cv, true
}

// hiddenCertain reports whether model ti is certainly hidden from eye as a
// whole: the occluder first found on the sightline to its centre hides
// every point of it (hidesAll). Its visible fraction is then 0, and most
// pairs of a table are settled this way without the region.
// edges is working space for partHidesShared, kept by the caller between
// queries.
func hiddenCertain(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, edges *[]proofEdge) bool {
	_, ok := coverProof(bf, eye, ti, f, edges)
	return ok
}

// coverProof is hiddenCertain, also returning the occluder that hides the
// target.
func coverProof(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, edges *[]proofEdge) (terrain.Item, bool) {
	cv, ok := newCoverView(bf, eye, ti)
	if !ok {
		return terrain.Item{}, false
	}
	m := &bf.Models()[ti]
	s := segment(bf, eye, geom.Lift(m.Position, m.Ground()+m.Hull.Height/2), f, segClearOnly)
	if s.Clear || !cv.hidesAll(bf, f, s.Blocker.Item, edges) {
		return terrain.Item{}, false
	}
	return s.Blocker.Item, true
}

// hidesAll reports whether the occluder it alone is certain to block every
// sightline from the eye to every point of the target's volume, by
// partHides on one convex part of it. A model of the shooter's own squad
// proves nothing under Options.ThroughOwnSquad (the sightline may pass
// through it). It is a conservative test: doubtful cases report false.
// With edges (working space, kept by the caller) the parts are tested by
// partHidesShared, the same answer with less work; nil tests each ray on
// its own (partHides), without working space.
func (cv *coverView) hidesAll(bf *terrain.Battlefield, f *filter, it terrain.Item, edges *[]proofEdge) bool {
	if it.Kind == terrain.ItemPiece {
		p := &bf.Pieces()[it.Index]
		top, ok := f.pieceTop(p)
		if !ok {
			return false
		}
		for _, part := range p.ConvexParts() {
			if cv.partHidesWith(part, top, edges) {
				return true
			}
		}
		return false
	}
	m := &bf.Models()[it.Index]
	ok, own := f.modelBlocks(m, it.Index)
	if !ok || (own && f.opt.ThroughOwnSquad > 0) {
		return false
	}
	if m.Ground() > 0 {
		// partHides proves prisms reaching down to -∞; a model standing
		// above the table has a bottom face: proven by nothing here.
		return false
	}
	ring := bf.Occluders().Models.Rings[it.Index]
	return len(ring) >= 3 && cv.partHidesWith(ring, m.Hull.Height, edges)
}

// partHidesWith is partHidesShared with working space edges, partHides
// without (edges nil).
func (cv *coverView) partHidesWith(part []geom.Point, top float64, edges *[]proofEdge) bool {
	if edges == nil {
		return cv.partHides(part, top)
	}
	return cv.partHidesShared(part, top, edges)
}

// partHides reports whether the sightline from the eye to every vertex of
// the target's volume passes through the interior of the convex prism
// part × (-∞, top] (top +Inf: every height): on each, it finds a point
// inside the prism by the margin tol. The target points whose sightline
// meets the interior of a convex body form a convex set (in the triangle
// eye, X1, X2 the sightline to any point of X1X2 crosses the segment
// between the points found on eye–X1 and eye–X2), so then every point of
// the volume is hidden, and every SightSegment to it is blocked, whatever
// lies in front or behind.
func (cv *coverView) partHides(part []geom.Point, top float64) bool {
	if len(part) < 3 {
		return false
	}
	ring := cv.ring
	if cv.useOct {
		ring = cv.oct[:]
	}
	for _, p := range ring {
		if !cv.rayInside(part, top, geom.Lift(p, cv.z0)) || !cv.rayInside(part, top, geom.Lift(p, cv.z0+cv.h)) {
			return false
		}
	}
	return true
}

// rayInside reports whether a point of the segment eye→x lies inside the
// prism part × (-∞, top] by more than tol: the stretch of the segment
// inside every edge's half-plane (and below top) is clipped in floating
// point, then its midpoint is checked with the margin.
func (cv *coverView) rayInside(part []geom.Point, top float64, x geom.Vec3) bool {
	e := cv.eye
	dx, dy, dz := x.X-e.X, x.Y-e.Y, x.Z-e.Z
	lo, hi := 0.0, 1.0
	if !math.IsInf(top, 1) {
		lo, hi = keepPositive(lo, hi, top-e.Z, -dz)
	}
	n := len(part)
	for i := range n {
		p, q := part[i], part[(i+1)%n]
		ex, ey := q.X-p.X, q.Y-p.Y
		lo, hi = keepPositive(lo, hi, ex*(e.Y-p.Y)-ey*(e.X-p.X), ex*dy-ey*dx)
	}
	if !(lo < hi) {
		return false
	}
	s := 0.5 * (lo + hi)
	y := geom.V3(e.X+s*dx, e.Y+s*dy, e.Z+s*dz)
	if !math.IsInf(top, 1) && !(y.Z < top-cv.tol) {
		return false
	}
	for i := range n {
		p, q := part[i], part[(i+1)%n]
		ex, ey := q.X-p.X, q.Y-p.Y
		if !(ex*(y.Y-p.Y)-ey*(y.X-p.X) > cv.tol*(abs(ex)+abs(ey))) {
			return false
		}
	}
	return true
}
