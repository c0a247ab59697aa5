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
	if eye.Z >= z0 && eye.Z <= z1 && inRing(bf, ti, geom.Flat(eye)) || eye == centre {
		return whole()
	}
	if _, ok := eyeBuried(bf, f, eye); ok {
		return whole()
	}
	v, sil, area := silhouetteView(sc, eye, centre, ring, z0, z1)
	if len(sil) < 3 || !(area > 0) {
		return whole()
	}
	if !sc.noProof {
		if _, ok := coverProof(bf, eye, ti, f, &sc.proof); ok {
			return 0 >= c.limit // visibleFraction's answer: Fraction 0
		}
	}
	v.silBox = terrain.PlanBoxOf(sil)
	v.setTargetDepths()
	v.earlyStop = true // a covering part gives Fraction 0 in every mode
	v.zlo = math.Min(math.Min(eye.Z, z0), 0) - 1
	v.zhi = math.Max(eye.Z, z1) + 1
	zmin := math.Min(eye.Z, z0)
	// A part hiding more than this leaves a visible area below the limit.
	hide := (1 - c.limit + limitMargin) * area
	v.setWedge(sc)
	if c.hint {
		sc.buf, sc.spans, sc.items = sc.buf[:0], sc.spans[:0], sc.items[:0]
		if v.addItemUpTo(bf, f, sc, c.last, sil, zmin, hide) {
			return false
		}
	}
	if it, over := v.collectUpTo(bf, f, sc, sil, zmin, hide, true); over {
		c.last, c.hint = it, true
		return false
	}
	res := FractionResult{SilhouetteArea: area}
	v.settle(bf, sc, sil, fracValue, &res)
	return res.Fraction >= c.limit
}
