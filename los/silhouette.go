package los

import (
	"math"
	"slices"

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
	wedgeTol   []float64       // tolerance of each wedge edge (outsideWedge)
	wedgeFirst int             // the wedge edge outsideWedge tries first
	silBox     terrain.PlanBox // bounds of the silhouette
	tdmax      float64         // largest depth of the target's volume, grown by a relative 1e-9
	tdmin      float64         // least depth of the target's volume, shrunk by as much
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

// setTargetDepths sets tdmax and tdmin from the target's volume.
func (v *projView) setTargetDepths() {
	v.tdmax, v.tdmin = 0, math.Inf(1)
	for _, p := range v.targetRing {
		d0, d1 := v.depth(p, v.tz0), v.depth(p, v.tz1)
		v.tdmax = max(v.tdmax, d0, d1)
		v.tdmin = min(v.tdmin, d0, d1)
	}
	v.tdmax += v.depthMargin(v.tdmax)
	v.tdmin -= v.depthMargin(v.tdmin)
}

// depthMargin is the margin, a relative 1e-9 of the depth d and of the
// eye's coordinates, by which depths are compared: far above the rounding
// of a depth or of a ray's entry parameter.
func (v *projView) depthMargin(d float64) float64 {
	return 1e-9 * (abs(d) + abs(v.eye.X) + abs(v.eye.Y) + abs(v.eye.Z) + 1)
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
			lo = max(lo, s)
		} else {
			hi = min(hi, s)
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
	if z1 <= z0 || v.outsideWedge(part) {
		return
	}
	// A part wholly deeper than the target is behind it on every ray: the
	// depth test below (entry parameter = depth) would drop it anyway.
	dmin, dmax := math.Inf(1), math.Inf(-1)
	for _, p := range part {
		d0, d1 := v.depth(p, z0), v.depth(p, z1)
		dmin, dmax = min(dmin, d0, d1), max(dmax, d0, d1)
	}
	if dmin > v.tdmax {
		return
	}
	// box bounds the part's projection (sc.hull).
	var ok bool
	var box planeBox
	if sc.hull, box, ok = v.prismOutline(sc.hull[:0], part, z0, z1); !ok {
		var cut bool
		sc.pts, cut = v.prismProject(part, z0, z1, sc.pts[:0])
		pb := terrain.PlanBoxOf(sc.pts)
		box = planeBox{pb.X0, pb.Y0, pb.X1, pb.Y1}
		sc.hull, sc.ch = hullOfPrism(sc.hull[:0], sc.pts, sc.ch, len(part), cut)
	}
	sb := v.silBox
	if box.x1 < sb.X0 || box.x0 > sb.X1 || box.y1 < sb.Y0 || box.y0 > sb.Y1 {
		return // the clip would be empty
	}
	if len(sc.hull) < 3 {
		return
	}
	start := len(sc.buf)
	sc.buf = clipConvexBoxed(sc.buf, sil, sc.hull, &sc.clipA, &sc.clipB)
	clipped := sc.buf[start:]
	if len(clipped) < 3 || !(geom.ConvexArea(clipped) > 0) {
		sc.buf = sc.buf[:start]
		return
	}
	// Depth order along the ray through the clipped part's centroid.
	c := geom.ConvexCentroid(clipped)
	dir := v.w.Add(v.e1.Mul(c.X)).Add(v.e2.Mul(c.Y))
	so, okO := rayEntry(v.eye, dir, part, z0, z1)
	behind := !okO
	// The entry parameter is the depth: a part wholly nearer than the
	// target enters first on every ray that meets both.
	if !behind && !(dmax+v.depthMargin(dmax) < v.tdmin) {
		st, okT := rayEntry(v.eye, dir, v.targetRing, v.tz0, v.tz1)
		behind = okT && so > st
	}
	if behind {
		sc.buf = sc.buf[:start]
		return
	}
	sc.spans = append(sc.spans, [2]int{start, len(sc.buf)})
	sc.items = append(sc.items, it)
	// Covering needs the silhouette inside the part's projection, and its
	// box inside that projection's.
	if !v.covered && box.x0 < sb.X0 && box.x1 > sb.X1 && box.y0 < sb.Y0 && box.y1 > sb.Y1 &&
		geom.ContainsClearly(sc.hull, sil) {
		v.covered = true
	}
}

// hiddenShares sums the clipped parts per occluder.
func hiddenShares(bf *terrain.Battlefield, sc *fracScratch, sil []geom.Point, area float64) []Hidden {
	runs := 0
	for k := range sc.items {
		if k == 0 || sc.items[k] != sc.items[k-1] {
			runs++
		}
	}
	var out []Hidden
	if runs > 0 {
		out = make([]Hidden, 0, runs)
	}
	for k := 0; k < len(sc.items); {
		j := k
		for j < len(sc.items) && sc.items[j] == sc.items[k] {
			j++
		}
		group := sc.parts[k:j] // an occluder's parts come together
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
	if len(out) == 0 {
		return nil
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
// The split by one edge is geom.ClipHalfPlane's on each side (the same
// pieces, to the bit), with each vertex's sides computed once, and skipped
// when the piece's bounding box lies clearly on one side of the edge's
// line (boxSide): then one side keeps the piece whole and the other gets
// nothing.
//
// geom.ConvexUnionArea would give the hidden area directly, but it
// disagrees with both the simplefeatures overlay and dense sampling on
// parts with nearly coincident edges (reported to the lead), so the
// difference is computed here.
func (sc *fracScratch) subtract(sil []geom.Point, parts [][]geom.Point, total float64) float64 {
	sc.arena = append(sc.arena[:0], sil...)
	sc.cur = append(sc.cur[:0], [2]int{0, len(sil)})
	sc.curBox = append(sc.curBox[:0], boxOfPts(sil))
	thr := pieceRounding * total
	for _, c := range parts {
		cb := boxOfPts(c)
		sc.next, sc.nextBox = sc.next[:0], sc.nextBox[:0]
		for i, sp := range sc.cur {
			pb := sc.curBox[i]
			if len(sc.next) > maxWitnessPieces || !pb.meets(cb) {
				sc.next, sc.nextBox = append(sc.next, sp), append(sc.nextBox, pb)
				continue
			}
			// rb bounds every rest of the piece: it is the piece's box.
			rest, rb := sp, pb
			n := len(c)
			for k := range n {
				a, b := c[k], c[(k+1)%n]
				side := rb.side(a, b)
				var out, in [2]int
				if side == 0 {
					out, in, side = sc.splitHalfPlane(rest, a, b)
				}
				switch side {
				case 1: // wholly inside edge k: nothing outside it
					continue
				case -1: // wholly outside: the piece stays whole
					if geom.ConvexArea(sc.arena[rest[0]:rest[1]]) > thr {
						sc.next, sc.nextBox = append(sc.next, rest), append(sc.nextBox, boxOfPts(sc.arena[rest[0]:rest[1]]))
					}
				default:
					if o := sc.arena[out[0]:out[1]]; len(o) >= 3 && geom.ConvexArea(o) > thr {
						sc.next, sc.nextBox = append(sc.next, out), append(sc.nextBox, boxOfPts(o))
					}
					if rest = in; rest[1]-rest[0] >= 3 {
						continue
					}
				}
				break
			}
		}
		sc.cur, sc.next = sc.next, sc.cur
		sc.curBox, sc.nextBox = sc.nextBox, sc.curBox
	}
	vis := 0.0
	for _, sp := range sc.cur {
		vis += geom.ConvexArea(sc.arena[sp[0]:sp[1]])
	}
	return math.Min(vis, total)
}

// splitHalfPlane appends to sc.arena the parts of the convex piece
// sc.arena[sp[0]:sp[1]] right of a→b and left of it, as
// geom.ClipHalfPlane(dst, piece, b, a) and geom.ClipHalfPlane(dst, piece,
// a, b) give them (the same points, computed by the same operations, each
// vertex's sides once), and returns their spans and 0. When the sides
// show that ClipHalfPlane would keep the piece whole on one side and
// nothing of area on the other, it appends nothing and returns 1 (whole on
// the left) or -1 (whole on the right).
func (sc *fracScratch) splitHalfPlane(sp [2]int, a, b geom.Point) (out, in [2]int, side int) {
	p := sc.arena[sp[0]:sp[1]]
	n := len(p)
	sc.sides = slices.Grow(sc.sides[:0], 2*n)[:2*n]
	sIn, sOut := sc.sides[:n], sc.sides[n:]
	d, dr := b.Sub(a), a.Sub(b)
	whole := true // every side value a number, none in < 0 nor out > 0
	for i, q := range p {
		si, so := d.Cross(q.Sub(a)), dr.Cross(q.Sub(b))
		sIn[i], sOut[i] = si, so
		whole = whole && si >= 0 && so <= 0
	}
	if whole {
		// Left: every vertex kept, no crossing; right: only vertices on
		// the line, no crossing (no area).
		return out, in, 1
	}
	start := len(sc.arena)
	sc.arena = clipBySides(sc.arena, p, sOut)
	mid := len(sc.arena)
	sc.arena = clipBySides(sc.arena, p, sIn)
	return [2]int{start, mid}, [2]int{mid, len(sc.arena)}, 0
}

// clipBySides is geom.ClipHalfPlane's loop given the side values s of the
// vertices of p: it appends to dst the part of p where the side is >= 0.
func clipBySides(dst, p []geom.Point, s []float64) []geom.Point {
	n := len(p)
	for i := range n {
		j := i + 1
		if j == n {
			j = 0
		}
		sq, sr := s[i], s[j]
		if sq >= 0 {
			dst = append(dst, p[i])
		}
		if (sq > 0 && sr < 0) || (sq < 0 && sr > 0) {
			q, r := p[i], p[j]
			t := sq / (sq - sr)
			dst = append(dst, geom.Pt(q.X+t*(r.X-q.X), q.Y+t*(r.Y-q.Y)))
		}
	}
	return dst
}

// planeBox is the bounding box of a piece of the visible region.
type planeBox struct{ x0, y0, x1, y1 float64 }

// boxOfPts returns the bounding box of pts (not empty).
func boxOfPts(pts []geom.Point) planeBox {
	x0, y0, x1, y1 := boxOf(pts)
	return planeBox{x0, y0, x1, y1}
}

// meets reports whether the closed boxes b and o share a point (as
// geom.Rect.Intersects).
func (b planeBox) meets(o planeBox) bool {
	return b.x0 <= o.x1 && o.x0 <= b.x1 && b.y0 <= o.y1 && o.y0 <= b.y1
}

// side reports on which side of the line a→b the box lies, clearly enough
// that geom.ClipHalfPlane computes every point of it on that side in
// floating point: 1 when strictly left (ClipHalfPlane(a, b) keeps every
// vertex and ClipHalfPlane(b, a) none), -1 when strictly right, 0 when
// the line may cut it. The margin, a relative 1e-12 of the products, is
// far above the few roundings of a side value (and of d = b−a against
// a−b).
func (b planeBox) side(a, c geom.Point) int {
	d := c.Sub(a)
	lo := geom.Pt(b.x1, b.y0) // the corner where d×(q−a) is least
	hi := geom.Pt(b.x0, b.y1)
	if d.X < 0 {
		lo.Y, hi.Y = b.y1, b.y0
	}
	if d.Y < 0 {
		lo.X, hi.X = b.x0, b.x1
	}
	r := max(abs(b.x0-a.X), abs(b.x1-a.X), abs(b.y0-a.Y), abs(b.y1-a.Y)) + abs(d.X) + abs(d.Y)
	margin := 1e-12*(abs(d.X)+abs(d.Y))*r + 0x1p-960
	switch {
	case d.Cross(lo.Sub(a)) > margin:
		return 1
	case d.Cross(hi.Sub(a)) < -margin:
		return -1
	}
	return 0
}

// pieceRounding is the relative area below which a piece of the visible
// region is a rounding sliver.
const pieceRounding = 1e-14
