package los

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// FractionCheck answers, for one target, one policy and one limit, whether
// the visible fraction from an eye reaches the limit, with exactly
// VisibleFractionFrom's answer (Fraction >= limit), for many eyes in turn.
// It stops as soon as one occluder part in front of the target hides more
// of the silhouette than the limit leaves (by a margin far above the
// clipping's rounding), computes no occluder shares, and tries first the
// occluder that settled the previous eye (neighbouring eyes usually share
// it). A FractionCheck is not safe for concurrent use.
type FractionCheck struct {
	bf    *terrain.Battlefield
	ti    int
	f     filter
	limit float64
	last  terrain.Item
	hint  bool
}

// NewFractionCheck returns the check of targetID's visible fraction
// against limit under opt (no model counts as the shooter, as in
// VisibleFractionFrom). An unknown id gives an error wrapping
// terrain.ErrUnknownID.
func NewFractionCheck(bf *terrain.Battlefield, targetID string, opt Options, limit float64) (*FractionCheck, error) {
	ti, ok := bf.ModelIndex(targetID)
	if !ok {
		return nil, errUnknown(bf, "target", targetID)
	}
	return &FractionCheck{bf: bf, ti: ti, f: newFilter(bf, &opt, -1, ti, nil), limit: limit}, nil
}

// AtLeast reports whether VisibleFractionFrom(bf, eye, target, opt).Fraction
// >= limit. A non-finite eye gives VisibleFractionFrom's error.
func (c *FractionCheck) AtLeast(eye geom.Vec3) (bool, error) {
	if !finiteVec(eye) {
		return false, errNonFinite("eye", eye)
	}
	sc := getScratch()
	defer putScratch(sc)
	return c.atLeast(eye, sc), nil
}

// limitMargin is the relative area by which one part must exceed the
// hidden share the limit allows before a FractionCheck stops on it: many
// orders above the rounding of the subtraction (areaRounding).
const limitMargin = 1e-6

// atLeast is visibleFraction(..., fracFull).Fraction >= c.limit. The
// special cases (airborne target, eye inside or buried, degenerate
// silhouette) are left to visibleFraction; in the silhouette case the
// cover proof and the parts are visibleFraction's, collected until one
// part alone settles the answer. Trying the hinted occluder first is
// sound: a part of it hiding that much is a part the full collection adds
// too (same clip), so the union hides at least as much.
func (c *FractionCheck) atLeast(eye geom.Vec3, sc *fracScratch) bool {
	bf, ti, f := c.bf, c.ti, &c.f
	whole := func() bool { return visibleFraction(bf, eye, ti, f, sc, fracFull).Fraction >= c.limit }
	m := &bf.Models()[ti]
	if m.Airborne() {
		return whole()
	}
	ring, z0, z1 := bf.Occluders().Models.Rings[ti], m.Ground(), m.Top()
	centre := geom.Lift(m.Position, z0+m.Hull.Height/2)
	if len(ring) >= 3 && eye.Z >= z0 && eye.Z <= z1 && geom.PointInConvex(geom.Flat(eye), ring) != geom.Outside || eye == centre {
		return whole()
	}
	if _, ok := eyeBuried(bf, f, eye); ok {
		return whole()
	}
	v := newProjView(eye, centre)
	v.targetRing, v.tz0, v.tz1 = ring, z0, z1
	pts := v.prismProject(ring, z0, z1, sc.pts[:0])
	sc.pts = pts
	sil := geom.ConvexHullInto(sc.sil[:0], pts)
	sc.sil = sil
	area := geom.ConvexArea(sil)
	if len(sil) < 3 || !(area > 0) {
		return whole()
	}
	if !sc.noProof {
		if _, ok := coverProof(bf, eye, ti, f); ok {
			return 0 >= c.limit // visibleFraction's answer: Fraction 0
		}
	}
	v.silBox = terrain.PlanBoxOf(sil)
	for _, p := range ring {
		v.tdmax = max(v.tdmax, v.depth(p, z0), v.depth(p, z1))
	}
	v.tdmax += 1e-9 * (abs(v.tdmax) + abs(eye.X) + abs(eye.Y) + abs(eye.Z) + 1)
	v.earlyStop = true // a covering part gives Fraction 0 in every mode
	v.zlo = math.Min(math.Min(eye.Z, z0), 0) - 1
	v.zhi = math.Max(eye.Z, z1) + 1
	zmin := math.Min(eye.Z, z0)
	// A part hiding more than this leaves a visible area below the limit.
	hide := (1 - c.limit + limitMargin) * area
	sc.wtmp = append(append(sc.wtmp[:0], v.targetRing...), geom.Flat(v.eye))
	sc.wedge = geom.ConvexHullInto(sc.wedge[:0], sc.wtmp)
	v.wedge = sc.wedge
	if c.hint {
		sc.buf, sc.spans, sc.items = sc.buf[:0], sc.spans[:0], sc.items[:0]
		if v.addItemUpTo(bf, f, sc, c.last, sil, zmin, hide) {
			return false
		}
	}
	if it, over := v.collectPartsUpTo(bf, f, sc, sil, zmin, hide); over {
		c.last, c.hint = it, true
		return false
	}
	res := FractionResult{SilhouetteArea: area}
	v.settle(bf, sc, sil, fracValue, &res)
	return res.Fraction >= c.limit
}

// collectPartsUpTo is projView.collectParts (same candidates, parts and
// order; v.wedge already set) stopping, with the item and true, at the
// first part whose clipped area exceeds hide, or at a part covering the
// whole silhouette (with false: the fraction is then 0).
func (v *projView) collectPartsUpTo(bf *terrain.Battlefield, f *filter, sc *fracScratch, sil []geom.Point, zmin, hide float64) (terrain.Item, bool) {
	if sc.bboxGather {
		box := geom.RectFromPoints(geom.Flat(v.eye)).Union(geom.Polygon{Outer: v.targetRing}.Bound())
		sc.cands = sc.cands[:0]
		bf.VisitRect(box, func(it terrain.Item) bool {
			sc.cands = append(sc.cands, it)
			return true
		})
	} else {
		sc.gatherWedge(bf, sc.wedge)
	}
	sc.buf, sc.spans, sc.items = sc.buf[:0], sc.spans[:0], sc.items[:0]
	for _, it := range sc.cands {
		if v.covered {
			break
		}
		if v.addItemUpTo(bf, f, sc, it, sil, zmin, hide) {
			return it, true
		}
	}
	sc.parts = sc.parts[:0]
	for _, s := range sc.spans {
		sc.parts = append(sc.parts, sc.buf[s[0]:s[1]])
	}
	return terrain.Item{}, false
}

// addItemUpTo adds item it's parts as collectParts does and reports
// whether one of them, clipped to the silhouette, exceeds hide in area.
func (v *projView) addItemUpTo(bf *terrain.Battlefield, f *filter, sc *fracScratch, it terrain.Item, sil []geom.Point, zmin, hide float64) bool {
	over := func(n int) bool {
		if len(sc.spans) == n {
			return false
		}
		s := sc.spans[len(sc.spans)-1]
		return geom.ConvexArea(sc.buf[s[0]:s[1]]) > hide
	}
	if it.Kind == terrain.ItemPiece {
		p := &bf.Pieces()[it.Index]
		top, ok := f.pieceTop(p)
		if !ok || top < zmin {
			return false
		}
		hi := math.Min(top, v.zhi)
		for _, part := range p.ConvexParts() {
			n := len(sc.spans)
			v.addPart(sc, it, part, v.zlo, hi, sil)
			if over(n) {
				return true
			}
		}
		return false
	}
	om := &bf.Models()[it.Index]
	ok, _ := f.modelBlocks(om, it.Index)
	// Own-squad models block here, as in collectParts.
	if !ok || om.Top() < zmin {
		return false
	}
	oring := bf.Occluders().Models.Rings[it.Index]
	if len(oring) < 3 {
		return false
	}
	lo := v.zlo
	if g := om.Ground(); g > 0 {
		lo = max(lo, g)
	}
	n := len(sc.spans)
	v.addPart(sc, it, oring, lo, math.Min(om.Top(), v.zhi), sil)
	return over(n)
}
