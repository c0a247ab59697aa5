package los

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Hidden is the part of a target's silhouette one occluder hides.
type Hidden struct {
	// ID is the piece or model id.
	ID string `json:"id"`
	// Item locates it in the Battlefield.
	Item terrain.Item `json:"item"`
	// Fraction is the share of the silhouette it hides on its own, in
	// [0, 1]; shares of overlapping occluders add up to more than the
	// hidden total.
	Fraction float64 `json:"fraction"`
}

// Fraction cases: how a FractionResult was decided.
const (
	// CaseSilhouette is the general case: polygon clipping of the
	// projected silhouette.
	CaseSilhouette = "silhouette"
	// CasePoint: the target is a single point (airborne); the fraction is
	// 1 when the segment to it is clear, else 0.
	CasePoint = "point"
	// CaseEyeInside: the eye is inside or on the target's volume; the
	// fraction is 1 by definition.
	CaseEyeInside = "eye-inside"
	// CaseDegenerate: the silhouette has no area (a target of zero
	// height seen exactly edge-on, or a zero-size volume); the fraction is
	// that of the centre point, 1 or 0.
	CaseDegenerate = "degenerate"
)

// FractionResult is the answer of VisibleFraction: which share of the
// target's silhouette the eye sees.
type FractionResult struct {
	// From is the shooter's id ("" for VisibleFractionFrom); To the
	// target's.
	From string `json:"from,omitempty"`
	To   string `json:"to"`
	// Eye is the eye point; Centre the target volume's centre (the
	// projection axis runs Eye→Centre).
	Eye    geom.Vec3 `json:"eye"`
	Centre geom.Vec3 `json:"centre"`
	// Fraction is the visible share of the silhouette, in [0, 1].
	Fraction float64 `json:"fraction"`
	// Case says how the fraction was decided (CaseSilhouette, …).
	Case string `json:"case"`
	// Silhouette is the target's projected outline (counter-clockwise) in
	// the projection plane at unit distance from the eye, axes U
	// (horizontal, to the right seen from the eye) and V (up); areas below
	// are in those units.
	Silhouette []geom.Point `json:"silhouette,omitempty"`
	// SilhouetteArea and VisibleArea are in projection units.
	SilhouetteArea float64 `json:"silhouetteArea"`
	VisibleArea    float64 `json:"visibleArea"`
	// Hidden lists every occluder hiding a part, largest first.
	Hidden []Hidden `json:"hidden,omitempty"`
	// Witness is a point of the target's surface seen through the visible
	// region (nil when nothing is visible or none could be built).
	Witness *geom.Vec3 `json:"witness,omitempty"`
}

// VisibleFraction returns the fraction of the target model's silhouette
// seen from the shooter model's eye point (terrain.Model.EyePoint), computed
// exactly by polygon clipping (see docs/sight.md for the definition).
// Unknown ids give an error wrapping terrain.ErrUnknownID.
func VisibleFraction(bf *terrain.Battlefield, from, to string, opt Options) (FractionResult, error) {
	si, ok := bf.ModelIndex(from)
	if !ok {
		return FractionResult{}, errUnknown(bf, "shooter", from)
	}
	ti, ok := bf.ModelIndex(to)
	if !ok {
		return FractionResult{}, errUnknown(bf, "target", to)
	}
	f := newFilter(bf, &opt, si, ti, nil)
	sc := getScratch()
	defer putScratch(sc)
	r := visibleFraction(bf, bf.Models()[si].EyePoint(), ti, &f, sc, true)
	r.From = from
	return r, nil
}

// VisibleFractionFrom is VisibleFraction from an arbitrary eye point; no
// model counts as the shooter.
func VisibleFractionFrom(bf *terrain.Battlefield, eye geom.Vec3, targetID string, opt Options) (FractionResult, error) {
	ti, ok := bf.ModelIndex(targetID)
	if !ok {
		return FractionResult{}, errUnknown(bf, "target", targetID)
	}
	if !finiteVec(eye) {
		return FractionResult{}, errNonFinite("eye", eye)
	}
	f := newFilter(bf, &opt, -1, ti, nil)
	sc := getScratch()
	defer putScratch(sc)
	return visibleFraction(bf, eye, ti, &f, sc, true), nil
}

// FractionMatrix returns m[i][j], the visible fraction of model j seen
// from model i (indices of bf.Models()); the diagonal is 1.
func FractionMatrix(bf *terrain.Battlefield, opt Options) [][]float64 {
	return FractionMatrixParallel(bf, opt, 1)
}

// FractionMatrixParallel is FractionMatrix computed by the given number of
// goroutines (workers <= 0: runtime.GOMAXPROCS). Each worker owns its
// fracScratch space; the Battlefield is only read.
func FractionMatrixParallel(bf *terrain.Battlefield, opt Options, workers int) [][]float64 {
	n := len(bf.Models())
	out := make([][]float64, n)
	cells := make([]float64, n*n)
	for i := range out {
		out[i] = cells[i*n : (i+1)*n : (i+1)*n]
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, n))
	row := func(i int, sc *fracScratch) {
		eye := bf.Models()[i].EyePoint()
		for j := range n {
			if i == j {
				out[i][j] = 1
				continue
			}
			f := newFilter(bf, &opt, i, j, nil)
			if hiddenCertain(bf, eye, j, &f) {
				out[i][j] = 0
				continue
			}
			out[i][j] = visibleFraction(bf, eye, j, &f, sc, false).Fraction
		}
	}
	if workers == 1 {
		sc := getScratch()
		for i := range n {
			row(i, sc)
		}
		putScratch(sc)
		return out
	}
	// Rows are handed out by an atomic counter. The workers share nothing
	// they write except their own rows of out: the Battlefield and its
	// prepared data are read-only, each worker has its own scratch space,
	// and the hot path allocates (almost) nothing, so there is no pool,
	// lock or GC pressure to serialise on.
	var wg sync.WaitGroup
	var next atomic.Int64
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := new(fracScratch)
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				row(i, sc)
			}
		}()
	}
	wg.Wait()
	return out
}

// fracScratch is the reusable working space of one fraction computation.
type fracScratch struct {
	pts   []geom.Point   // projected points of one part
	hull  []geom.Point   // hull of one part
	buf   []geom.Point   // clipped parts, back to back
	spans [][2]int       // clipped part k is buf[spans[k][0]:spans[k][1]]
	items []terrain.Item // occluder of clipped part k
	parts [][]geom.Point
	ring  []geom.Point
	sil   []geom.Point
	cands []terrain.Item
	ord   []int
	arena []geom.Point // pieces of the visible region
	cur   [][2]int
	next  [][2]int
	tmp   []geom.Point
	wedge []geom.Point // plan hull of the eye and the target
	wtmp  []geom.Point
}

var scratchPool = sync.Pool{New: func() any { return new(fracScratch) }}

func getScratch() *fracScratch  { return scratchPool.Get().(*fracScratch) }
func putScratch(s *fracScratch) { scratchPool.Put(s) }

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
// monotone runs, which sortPoints merges instead of sorting.
func (v *projView) prismProject(ring []geom.Point, z0, z1 float64, dst []geom.Point) []geom.Point {
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
		return dst // no edge crosses the near plane
	}
	for i := range n {
		p, q := ring[i], ring[(i+1)%n]
		d0, d1 := depth(p, z0), depth(p, z1)
		edge(p, p, z0, z1, d0, d1)
		edge(p, q, z0, z0, d0, depth(q, z0))
		edge(p, q, z1, z1, d1, depth(q, z1))
	}
	return dst
}

// entry returns the ray parameter s >= 0 at which the ray eye + s·dir enters
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

// fracMode selects what visibleFractionMode computes besides the fraction.
type fracMode uint8

const (
	// fracValue: the fraction only. It stops as soon as one occluder part
	// is found to cover the whole silhouette (the fraction is then 0).
	fracValue fracMode = iota
	// fracSight: the fraction and the witness (for Sight), with the same
	// early stop.
	fracSight
	// fracFull: everything, including every occluder's share.
	fracFull
)

// visibleFraction computes the fraction of model ti seen from eye. detail
// adds the silhouette, per-occluder shares and the witness.
func visibleFraction(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, sc *fracScratch, detail bool) FractionResult {
	if detail {
		return visibleFractionMode(bf, eye, ti, f, sc, fracFull)
	}
	return visibleFractionMode(bf, eye, ti, f, sc, fracValue)
}

// visibleFractionMode is visibleFraction computing what mode asks for.
func visibleFractionMode(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, sc *fracScratch, mode fracMode) FractionResult {
	pr := bf.Occluders()
	m := &bf.Models()[ti]
	res := FractionResult{To: m.ID, Eye: eye, Case: CaseSilhouette}
	if m.Airborne() {
		p := m.EyePoint()
		res.Centre, res.Case = p, CasePoint
		if segment(bf, eye, p, f).Clear {
			res.Fraction, res.Witness = 1, &p
		}
		return res
	}
	ring, z0, z1 := pr.Models.Rings[ti], 0.0, m.Hull.Height
	centre := geom.Lift(m.Position, (z0+z1)/2)
	res.Centre = centre
	if len(ring) >= 3 && eye.Z >= z0 && eye.Z <= z1 && geom.PointInConvex(geom.Flat(eye), ring) != geom.Outside || eye == centre {
		res.Case, res.Fraction = CaseEyeInside, 1
		return res
	}
	v := newProjView(eye, centre)
	v.targetRing, v.tz0, v.tz1 = ring, z0, z1
	pts := v.prismProject(ring, z0, z1, sc.pts[:0])
	sc.pts = pts
	sil := geom.ConvexHullInto(sc.sil[:0], pts)
	sc.sil = sil
	area := geom.ConvexArea(sil)
	if len(sil) < 3 || !(area > 0) {
		res.Case = CaseDegenerate
		if segment(bf, eye, centre, f).Clear {
			w := centre // allocated only here
			res.Fraction, res.Witness = 1, &w
		}
		return res
	}
	res.SilhouetteArea = area
	v.silBox = terrain.PlanBoxOf(sil)
	for _, p := range ring {
		v.tdmax = max(v.tdmax, v.depth(p, z0), v.depth(p, z1))
	}
	v.tdmax += 1e-9 * (abs(v.tdmax) + abs(eye.X) + abs(eye.Y) + abs(eye.Z) + 1)
	v.earlyStop = mode != fracFull
	v.zlo = math.Min(math.Min(eye.Z, z0), 0) - 1
	v.zhi = math.Max(eye.Z, z1) + 1
	zmin := math.Min(eye.Z, z0)
	// Candidates: every item whose plan box meets the plan box of the eye
	// and the target, which holds every sightline of the query.
	box := geom.RectFromPoints(geom.Flat(eye)).Union(geom.Polygon{Outer: ring}.Bound())
	sc.cands = sc.cands[:0]
	bf.VisitRect(box, func(it terrain.Item) bool {
		sc.cands = append(sc.cands, it)
		return true
	})
	sc.wtmp = append(append(sc.wtmp[:0], ring...), geom.Flat(eye))
	sc.wedge = geom.ConvexHullInto(sc.wedge[:0], sc.wtmp)
	v.wedge = sc.wedge
	sc.buf, sc.spans, sc.items = sc.buf[:0], sc.spans[:0], sc.items[:0]
	for _, it := range sc.cands {
		if v.covered && v.earlyStop {
			break
		}
		if it.Kind == terrain.ItemPiece {
			p := &bf.Pieces()[it.Index]
			top, ok := f.pieceTop(p)
			if !ok || top < zmin {
				continue
			}
			hi := math.Min(top, v.zhi)
			for _, part := range p.ConvexParts() {
				v.addPart(sc, it, part, v.zlo, hi, sil)
			}
			continue
		}
		om := &bf.Models()[it.Index]
		ok, _ := f.modelBlocks(om, it.Index)
		// Own-squad models are treated as blocking here: ThroughOwnSquad
		// counts models along one line and has no silhouette meaning.
		if !ok || om.Hull.Height < zmin {
			continue
		}
		oring := pr.Models.Rings[it.Index]
		if len(oring) < 3 {
			continue
		}
		v.addPart(sc, it, oring, v.zlo, om.Hull.Height, sil)
	}
	sc.parts = sc.parts[:0]
	for _, s := range sc.spans {
		sc.parts = append(sc.parts, sc.buf[s[0]:s[1]])
	}
	if v.covered {
		// One part in front covers the whole silhouette: nothing is
		// visible, no witness; only the shares remain to compute.
		res.VisibleArea, res.Fraction = 0, 0
		if mode != fracFull {
			return res
		}
		res.Silhouette = append([]geom.Point(nil), sil...)
		res.Hidden = hiddenShares(bf, sc, sil, area)
		return res
	}
	// Always subtract (with no parts it copies sil): it leaves the
	// visible pieces in sc.cur for the witness.
	hidden := area - sc.subtract(sil, sc.parts, area)
	vis := math.Max(0, area-hidden)
	if vis <= areaRounding*area {
		// The clipping carries rounding of order ulp × perimeter (slivers
		// along shared edges): a
		// visible remainder this small is that rounding, not a region.
		vis = 0
	}
	res.VisibleArea = vis
	res.Fraction = math.Min(1, vis/area)
	if mode == fracValue {
		return res
	}
	if vis > 0 {
		if p, ok := v.witness(sc); ok {
			res.Witness = &p
		}
	}
	if mode == fracSight {
		return res
	}
	res.Silhouette = append([]geom.Point(nil), sil...)
	res.Hidden = hiddenShares(bf, sc, sil, area)
	return res
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
	sc.pts = v.prismProject(part, z0, z1, sc.pts[:0])
	if pb := terrain.PlanBoxOf(sc.pts); pb.X1 < v.silBox.X0 || pb.X0 > v.silBox.X1 || pb.Y1 < v.silBox.Y0 || pb.Y0 > v.silBox.Y1 {
		return // the clip would be empty
	}
	sc.hull = geom.ConvexHullInto(sc.hull[:0], sc.pts)
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
	// Depth order along the ray through the clipped part's polyCentroid.
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

// areaRounding is the relative visible area below which the remainder of
// the silhouette is taken as rounding error (and reported as 0).
const areaRounding = 1e-9

// maxWitnessPieces bounds the convex decomposition of the visible region.
const maxWitnessPieces = 4096

// witness finds a point of the visible region (the silhouette minus every
// clipped part, left in sc.cur by the last subtract) as the polyCentroid of
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

// coverView holds one Sight query for hidesAll: the eye and the target's
// volume ring × [0, h].
type coverView struct {
	eye  geom.Vec3
	ring []geom.Point // the target's plan ring
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
	h := m.Hull.Height
	if m.Airborne() || len(ring) < 3 || !(h > 0) {
		return coverView{}, false
	}
	if eye.Z >= 0 && eye.Z <= h && geom.PointInConvex(geom.Flat(eye), ring) != geom.Outside {
		return coverView{}, false
	}
	scale := 1 + abs(eye.X) + abs(eye.Y) + abs(eye.Z) + abs(ring[0].X) + abs(ring[0].Y) + h
	cv := coverView{eye: eye, ring: ring, h: h, tol: 1e-9 * scale}
	if len(ring) > len(cv.oct) {
		// A polygonised round base has 20 to 256 vertices: prove the
		// octagon circumscribing its bounding disc instead (a superset:
		// what hides it hides the base). The disc's radius is grown by
		// far more than the rounding of the octagon's corners.
		d := &bf.Occluders().Models.Discs[ti]
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
func hiddenCertain(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter) bool {
	cv, ok := newCoverView(bf, eye, ti)
	if !ok {
		return false
	}
	m := &bf.Models()[ti]
	s := segmentClear(bf, eye, geom.Lift(m.Position, m.Hull.Height/2), f)
	return !s.Clear && cv.hidesAll(bf, f, s.Blocker.Item)
}

// hidesAll reports whether the occluder it alone is certain to block every
// sightline from the eye to every point of the target's volume, by
// partHides on one convex part of it. A model of the shooter's own squad
// proves nothing under Options.ThroughOwnSquad (the sightline may pass
// through it). It is a conservative test: doubtful cases report false.
func (cv *coverView) hidesAll(bf *terrain.Battlefield, f *filter, it terrain.Item) bool {
	if it.Kind == terrain.ItemPiece {
		p := &bf.Pieces()[it.Index]
		top, ok := f.pieceTop(p)
		if !ok {
			return false
		}
		for _, part := range p.ConvexParts() {
			if cv.partHides(part, top) {
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
	ring := bf.Occluders().Models.Rings[it.Index]
	return len(ring) >= 3 && cv.partHides(ring, m.Hull.Height)
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
		if !cv.rayInside(part, top, geom.Lift(p, 0)) || !cv.rayInside(part, top, geom.Lift(p, cv.h)) {
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
	keep := func(c0, c1 float64) { // keep c0 + s·c1 > 0
		switch {
		case c1 > 0:
			lo = max(lo, -c0/c1)
		case c1 < 0:
			hi = min(hi, -c0/c1)
		case !(c0 > 0):
			hi = -1
		}
	}
	if !math.IsInf(top, 1) {
		keep(top-e.Z, -dz)
	}
	n := len(part)
	for i := range n {
		p, q := part[i], part[(i+1)%n]
		ex, ey := q.X-p.X, q.Y-p.Y
		keep(ex*(e.Y-p.Y)-ey*(e.X-p.X), ex*dy-ey*dx)
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
