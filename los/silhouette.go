package los

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// projView is the perspective projection of one query.
type projView struct {
	eye        geom.Vec3
	w, e1, e2  geom.Vec3 // axis and image-plane basis, orthonormal
	near       float64   // depth of the near plane
	zlo, zhi   float64   // heights bounding every sightline of the query
	targetRing []geom.Point
	tz0, tz1   float64
	wedge      []geom.Point    // plan hull of the eye and the target ring
	silBox     terrain.PlanBox // bounds of the silhouette
	tdmax      float64         // largest depth of the target's volume, grown by a relative 1e-9
	// covered is set by addPart when a part in front covers the whole
	// silhouette (the fraction is 0); with earlyStop the caller then stops
	// collecting parts, otherwise it still needs them for the shares.
	earlyStop, covered bool
}

// newProjView returns the projection from eye along eye→centre.
func newProjView(eye, centre geom.Vec3) projView {
	w := centre.Sub(eye)
	dist := w.Norm()
	w = w.Mul(1 / dist)
	up := geom.V3(0, 0, 1)
	e1 := w.Cross(up)
	if e1.Norm() < 1e-12 {
		e1 = geom.V3(1, 0, 0).Sub(w.Mul(w.X))
	}
	e1 = e1.Normalize()
	e2 := e1.Cross(w)
	return projView{eye: eye, w: w, e1: e1, e2: e2, near: 1e-6 * dist}
}

// depth is the depth of the point (p, z) along the projection axis.
func (v *projView) depth(p geom.Point, z float64) float64 {
	return (p.X-v.eye.X)*v.w.X + (p.Y-v.eye.Y)*v.w.Y + (z-v.eye.Z)*v.w.Z
}

// prismProject appends to dst the projections of the part of the convex
// prism ring × [z0, z1] in front of the near plane: its vertices in front
// and the points where its edges cross the near plane. The projection of
// the clipped prism is the convex hull of these points. They come bottom
// ring first, then top ring, each in ring order, then the crossings: a few
// monotone runs, which geom.ConvexHullInto merges instead of sorting. It
// reports whether the near plane cuts the prism (otherwise dst holds the
// two rings' projections and nothing else).
func (v *projView) prismProject(ring []geom.Point, z0, z1 float64, dst []geom.Point) ([]geom.Point, bool) {
	n := len(ring)
	depth := func(p geom.Point, z float64) float64 {
		return (p.X-v.eye.X)*v.w.X + (p.Y-v.eye.Y)*v.w.Y + (z-v.eye.Z)*v.w.Z
	}
	proj := func(p geom.Point, z float64, d float64) geom.Point {
		r := geom.V3(p.X-v.eye.X, p.Y-v.eye.Y, z-v.eye.Z)
		return geom.Pt(r.Dot(v.e1)/d, r.Dot(v.e2)/d)
	}
	edge := func(p, q geom.Point, zp, zq, dp, dq float64) {
		if (dp-v.near)*(dq-v.near) < 0 {
			s := (v.near - dp) / (dq - dp)
			x := geom.Pt(p.X+s*(q.X-p.X), p.Y+s*(q.Y-p.Y))
			dst = append(dst, proj(x, zp+s*(zq-zp), v.near))
		}
	}
	cut := false
	for _, p := range ring {
		if d0 := depth(p, z0); d0 >= v.near {
			dst = append(dst, proj(p, z0, d0))
		} else {
			cut = true
		}
	}
	if z1 != z0 {
		for _, p := range ring {
			if d1 := depth(p, z1); d1 >= v.near {
				dst = append(dst, proj(p, z1, d1))
			} else {
				cut = true
			}
		}
	}
	if !cut {
		return dst, false // no edge crosses the near plane
	}
	for i := range n {
		p, q := ring[i], ring[(i+1)%n]
		d0, d1 := depth(p, z0), depth(p, z1)
		edge(p, p, z0, z1, d0, d1)
		edge(p, q, z0, z0, d0, depth(q, z0))
		edge(p, q, z1, z1, d1, depth(q, z1))
	}
	return dst, true
}

// rayEntry returns the ray parameter s >= 0 at which the ray eye + s·dir enters
// the convex prism ring × [z0, z1] (counter-clockwise ring), and whether it
// meets it at all.
func rayEntry(eye, dir geom.Vec3, ring []geom.Point, z0, z1 float64) (float64, bool) {
	lo, hi := 0.0, math.Inf(1)
	clip := func(c0, c1 float64) bool { // keep c0 + s·c1 >= 0
		if c1 == 0 {
			return c0 >= 0
		}
		s := -c0 / c1
		if c1 > 0 {
			lo = math.Max(lo, s)
		} else {
			hi = math.Min(hi, s)
		}
		return lo <= hi
	}
	if !clip(eye.Z-z0, dir.Z) || !clip(z1-eye.Z, -dir.Z) {
		return 0, false
	}
	n := len(ring)
	for i := range n {
		p, q := ring[i], ring[(i+1)%n]
		e := q.Sub(p)
		c0 := e.X*(eye.Y-p.Y) - e.Y*(eye.X-p.X)
		c1 := e.X*dir.Y - e.Y*dir.X
		if !clip(c0, c1) {
			return 0, false
		}
	}
	return lo, true
}

// addPart projects one convex occluder part, clips it to the silhouette and
// keeps it when it lies in front of the target.
func (v *projView) addPart(sc *fracScratch, it terrain.Item, part []geom.Point, z0, z1 float64, sil []geom.Point) {
	if z1 <= z0 || geom.SeparatedByEdge(v.wedge, part) {
		return
	}
	// A part wholly deeper than the target is behind it on every ray: the
	// depth test below (entry parameter = depth) would drop it anyway.
	dmin := math.Inf(1)
	for _, p := range part {
		dmin = min(dmin, v.depth(p, z0), v.depth(p, z1))
	}
	if dmin > v.tdmax {
		return
	}
	var cut bool
	sc.pts, cut = v.prismProject(part, z0, z1, sc.pts[:0])
	if pb := terrain.PlanBoxOf(sc.pts); pb.X1 < v.silBox.X0 || pb.X0 > v.silBox.X1 || pb.Y1 < v.silBox.Y0 || pb.Y0 > v.silBox.Y1 {
		return // the clip would be empty
	}
	sc.hull, sc.ch = hullOfPrism(sc.hull[:0], sc.pts, sc.ch, len(part), cut)
	if len(sc.hull) < 3 {
		return
	}
	start := len(sc.buf)
	sc.buf = geom.ClipConvex(sc.buf, sc.hull, sil)
	clipped := sc.buf[start:]
	if len(clipped) < 3 || !(geom.ConvexArea(clipped) > 0) {
		sc.buf = sc.buf[:start]
		return
	}
	// Depth order along the ray through the clipped part's centroid.
	c := geom.ConvexCentroid(clipped)
	dir := v.w.Add(v.e1.Mul(c.X)).Add(v.e2.Mul(c.Y))
	so, okO := rayEntry(v.eye, dir, part, z0, z1)
	st, okT := rayEntry(v.eye, dir, v.targetRing, v.tz0, v.tz1)
	if !okO || (okT && so > st) {
		sc.buf = sc.buf[:start]
		return
	}
	sc.spans = append(sc.spans, [2]int{start, len(sc.buf)})
	sc.items = append(sc.items, it)
	if !v.covered && geom.ContainsClearly(sc.hull, sil) {
		v.covered = true
	}
}

// hiddenShares sums the clipped parts per occluder.
func hiddenShares(bf *terrain.Battlefield, sc *fracScratch, sil []geom.Point, area float64) []Hidden {
	var out []Hidden
	for k := 0; k < len(sc.items); {
		j := k
		var group [][]geom.Point
		for ; j < len(sc.items) && sc.items[j] == sc.items[k]; j++ {
			group = append(group, sc.parts[j])
		}
		var share float64
		if len(group) == 1 {
			// One convex part, already clipped to the silhouette: its
			// share is its own area (no difference to compute).
			share = geom.ConvexArea(group[0]) / area
		} else {
			share = 1 - sc.subtract(sil, group, area)/area
		}
		h := Hidden{ID: itemID(bf, sc.items[k]), Item: sc.items[k], Fraction: math.Min(1, share)}
		if h.Fraction > 0 {
			out = append(out, h)
		}
		k = j
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Fraction > out[j-1].Fraction; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// maxWitnessPieces bounds the convex decomposition of the visible region.
const maxWitnessPieces = 4096

// witness finds a point of the visible region (the silhouette minus every
// clipped part, left in sc.cur by the last subtract) as the centroid of
// the largest convex piece of it, lifted back onto the target's surface.
func (v *projView) witness(sc *fracScratch) (geom.Vec3, bool) {
	best, bestA := -1, 0.0
	for i, sp := range sc.cur {
		if a := geom.ConvexArea(sc.arena[sp[0]:sp[1]]); a > bestA {
			best, bestA = i, a
		}
	}
	if best < 0 {
		return geom.Vec3{}, false
	}
	c := geom.ConvexCentroid(sc.arena[sc.cur[best][0]:sc.cur[best][1]])
	dir := v.w.Add(v.e1.Mul(c.X)).Add(v.e2.Mul(c.Y))
	s, ok := rayEntry(v.eye, dir, v.targetRing, v.tz0, v.tz1)
	if !ok {
		return geom.Vec3{}, false
	}
	return v.eye.Add(dir.Mul(s)), true
}

// subtract returns the area of sil minus the union of the convex parts,
// leaving the convex pieces of the difference in sc.cur (spans of
// sc.arena). Each part splits the pieces it overlaps into at most one
// piece per edge (the piece outside edge k and inside edges 0..k-1);
// pieces of area at most pieceRounding × total are rounding slivers and
// dropped. It stops refining at maxWitnessPieces pieces (never reached by
// table scenes) and then over-reports the visible area.
//
// geom.ConvexUnionArea would give the hidden area directly, but it
// disagrees with both the simplefeatures overlay and dense sampling on
// parts with nearly coincident edges (reported to the lead), so the
// difference is computed here.
func (sc *fracScratch) subtract(sil []geom.Point, parts [][]geom.Point, total float64) float64 {
	sc.arena = append(sc.arena[:0], sil...)
	sc.cur = append(sc.cur[:0], [2]int{0, len(sil)})
	for _, c := range parts {
		cb := geom.RectFromPoints(c...)
		sc.next = sc.next[:0]
		for _, sp := range sc.cur {
			if len(sc.next) > maxWitnessPieces {
				sc.next = append(sc.next, sp)
				continue
			}
			if !geom.RectFromPoints(sc.arena[sp[0]:sp[1]]...).Intersects(cb) {
				sc.next = append(sc.next, sp)
				continue
			}
			rest := sp
			n := len(c)
			for k := range n {
				a, b := c[k], c[(k+1)%n]
				start := len(sc.arena)
				sc.arena = geom.ClipHalfPlane(sc.arena, sc.arena[rest[0]:rest[1]], b, a)
				if out := sc.arena[start:]; len(out) >= 3 && geom.ConvexArea(out) > pieceRounding*total {
					sc.next = append(sc.next, [2]int{start, len(sc.arena)})
				} else {
					sc.arena = sc.arena[:start]
				}
				start = len(sc.arena)
				sc.arena = geom.ClipHalfPlane(sc.arena, sc.arena[rest[0]:rest[1]], a, b)
				rest = [2]int{start, len(sc.arena)}
				if rest[1]-rest[0] < 3 {
					break
				}
			}
		}
		sc.cur, sc.next = sc.next, sc.cur
	}
	vis := 0.0
	for _, sp := range sc.cur {
		vis += geom.ConvexArea(sc.arena[sp[0]:sp[1]])
	}
	return math.Min(vis, total)
}

// pieceRounding is the relative area below which a piece of the visible
// region is a rounding sliver.
const pieceRounding = 1e-14
