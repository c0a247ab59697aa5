package los

import (
	"fmt"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Sight methods: how a SightResult was decided.
const (
	// MethodPoint: a sightline to a characteristic point of the target
	// (centre, top centre, corners, rim points) is clear.
	MethodPoint = "point"
	// MethodRegion: no characteristic point is seen; the exact visible
	// region of the silhouette decided (VisibleFraction).
	MethodRegion = "region"
	// MethodAirborne: the target is airborne, a single point.
	MethodAirborne = "airborne"
	// MethodEyeInside: the eye is inside the target's volume.
	MethodEyeInside = "eye-inside"
)

// SightResult is the answer of Sight: whether any part of the target's
// volume is seen from the eye.
type SightResult struct {
	// From is the shooter's id ("" for SightFrom); To the target's.
	From string `json:"from,omitempty"`
	To   string `json:"to"`
	// Eye is the eye point used.
	Eye geom.Vec3 `json:"eye"`
	// Visible reports whether some point of the target's volume is seen.
	Visible bool `json:"visible"`
	// Method says how it was decided (MethodPoint, …).
	Method string `json:"method"`
	// Witness is a clear sightline from Eye to a point of the target when
	// Visible (nil otherwise).
	Witness *geom.Segment3 `json:"witness,omitempty"`
	// Centre is the sightline from Eye to the target volume's centre (the
	// eye point of an airborne target).
	Centre geom.Segment3 `json:"center"`
	// BlockedBy is the first blocker on the centre sightline when the
	// target is not visible (nil otherwise).
	BlockedBy *Blocker `json:"blockedBy,omitempty"`
	// Grazing lists the occluders the witness sightline touches.
	Grazing []Graze `json:"grazing,omitempty"`
	// GrazingBlocks records the policy used (Options.GrazingBlocks).
	GrazingBlocks bool `json:"grazingBlocks"`
	// Fraction is the visible fraction when it was computed (MethodRegion),
	// nil otherwise.
	Fraction *float64 `json:"fraction,omitempty"`
}

// Sight reports whether any part of the target model's volume is seen
// from the shooter model's eye point (scenario v1: terrain.Model.EyePoint;
// an airborne target is the single point at its altitude). Sightlines to
// characteristic points are tried first; when all are blocked the exact
// visible region decides (see VisibleFraction), and a clear witness
// sightline through it is returned. A blocker that provably hides every
// point of the target settles the answer early (docs/sight.md, "Cover
// proof"); the result is the one the region would give. Unknown ids give an error wrapping
// terrain.ErrUnknownID that names the id.
func Sight(bf *terrain.Battlefield, from, to string, opt Options) (SightResult, error) {
	si, ok := bf.ModelIndex(from)
	if !ok {
		return SightResult{}, errUnknown(bf, "shooter", from)
	}
	ti, ok := bf.ModelIndex(to)
	if !ok {
		return SightResult{}, errUnknown(bf, "target", to)
	}
	f := newFilter(bf, &opt, si, ti, nil)
	r := sight(bf, bf.Models()[si].EyePoint(), ti, &f, false)
	r.From = from
	return r, nil
}

// SightFrom is Sight from an arbitrary eye point; no model counts as the
// shooter.
func SightFrom(bf *terrain.Battlefield, eye geom.Vec3, targetID string, opt Options) (SightResult, error) {
	ti, ok := bf.ModelIndex(targetID)
	if !ok {
		return SightResult{}, errUnknown(bf, "target", targetID)
	}
	if !finiteVec(eye) {
		return SightResult{}, errNonFinite("eye", eye)
	}
	f := newFilter(bf, &opt, -1, ti, nil)
	return sight(bf, eye, ti, &f, false), nil
}

// sight is Sight from eye to model ti for a prepared filter; reference
// turns off the cover proofs (hidesAll), for the tests that compare the
// two.
func sight(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, reference bool) SightResult {
	m := &bf.Models()[ti]
	res := SightResult{To: m.ID, Eye: eye, GrazingBlocks: f.opt.GrazingBlocks, Method: MethodPoint}
	if m.Airborne() {
		p := m.EyePoint()
		res.Method, res.Centre = MethodAirborne, geom.Segment3{A: eye, B: p}
		if s := segment(bf, eye, p, f, segFull); s.Clear {
			res.seen(s)
		} else {
			res.blocked(s.Blocker)
		}
		return res
	}
	var buf [2*terrain.MaxPlanRing + 2]geom.Vec3
	pts := characteristicPoints(m, bf.Occluders().Models.Rings[ti], buf[:0])
	res.Centre = geom.Segment3{A: eye, B: pts[0]}
	// The centre sightline is complete (its blocker is reported); the
	// others only need Clear and stop at the first blocker found.
	centre := segment(bf, eye, pts[0], f, segFull)
	if centre.Clear {
		res.seen(centre)
		return res
	}
	switch s, out := sightPoints(bf, eye, ti, f, centre.Blocker.Item, pts[1:], reference); out {
	case pointSeen:
		res.seen(s)
		return res
	case pointsHidden:
		// The region computation's answer when nothing is visible.
		res.Method = MethodRegion
		fv := 0.0
		res.Fraction = &fv
		res.blocked(centre.Blocker)
		return res
	}
	sightRegion(bf, eye, ti, f, &res)
	if !res.Visible && res.Method == MethodRegion {
		res.blocked(centre.Blocker)
	}
	return res
}

// seen records the clear sightline s as the witness.
func (r *SightResult) seen(s SegmentResult) {
	r.Visible = true
	w := geom.Segment3{A: s.From, B: s.To}
	r.Witness = &w
	r.Grazing = s.Grazing
}

// blocked records bl as the blocker of the centre sightline.
func (r *SightResult) blocked(bl Blocker) { r.BlockedBy = &bl }

// pointsOutcome is what the characteristic points settled.
type pointsOutcome uint8

const (
	// pointsOpen: every point is blocked, nothing proven: the region decides.
	pointsOpen pointsOutcome = iota
	// pointSeen: a sightline to a point is clear.
	pointSeen
	// pointsHidden: a blocker provably hides the whole target.
	pointsHidden
)

// sightPoints tries the sightlines from eye to pts (the characteristic
// points after the centre, whose blocker is first) and returns the first
// clear one. Most sightlines are blocked, mostly by one occluder hiding the
// whole target: the blockers met (first included) are tried as cover
// proofs (hidesAll), each once, so that neither the remaining points nor
// the region are needed; reference turns the proofs off.
func sightPoints(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, first terrain.Item, pts []geom.Vec3, reference bool) (SegmentResult, pointsOutcome) {
	cv, prove := coverView{}, false
	if !reference {
		cv, prove = newCoverView(bf, eye, ti)
	}
	var tried [4]terrain.Item
	ntried := 0
	try := func(it terrain.Item) bool {
		if !prove || ntried == len(tried) || slices.Contains(tried[:ntried], it) {
			return false
		}
		tried[ntried] = it
		ntried++
		return cv.hidesAll(bf, f, it, nil)
	}
	if try(first) {
		return SegmentResult{}, pointsHidden
	}
	for _, p := range pts {
		s := segment(bf, eye, p, f, segClearOnly)
		if s.Clear {
			return s, pointSeen
		}
		if try(s.Blocker.Item) {
			return SegmentResult{}, pointsHidden
		}
	}
	return SegmentResult{}, pointsOpen
}

// sightRegion decides Sight by the exact visible region of model ti's
// silhouette (visibleFraction) when every characteristic point is
// blocked: a clear sightline through the region's witness makes it
// visible. It sets Method, Fraction and the witness; the caller sets
// BlockedBy when the target stays hidden.
func sightRegion(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, res *SightResult) {
	sc := getScratch()
	defer putScratch(sc)
	fr := visibleFraction(bf, eye, ti, f, sc, fracSight)
	res.Method = MethodRegion
	if fr.Case == CaseEyeInside {
		res.Method = MethodEyeInside
		res.Visible = true
		w := geom.Segment3{A: eye, B: eye}
		res.Witness = &w
		return
	}
	fv := fr.Fraction
	res.Fraction = &fv
	if fr.Witness != nil {
		if s := segment(bf, eye, *fr.Witness, f, segFull); s.Clear {
			res.seen(s)
		}
	}
}

// characteristicPoints appends the points Sight tries first: the volume's
// centre, its top centre, then the corners of its plan ring at the top and
// at the bottom (at most 8 of each, evenly spread over a polygonised base),
// the volume standing on the model's ground. ring is the model's plan ring
// (terrain.Model.PlanRing).
func characteristicPoints(m *terrain.Model, ring []geom.Point, dst []geom.Vec3) []geom.Vec3 {
	g, h := m.Ground(), m.Hull.Height
	dst = append(dst, geom.Lift(m.Position, g+h/2), geom.Lift(m.Position, g+h))
	step := max(1, len(ring)/8)
	for i := 0; i < len(ring); i += step {
		dst = append(dst, geom.Lift(ring[i], g+h))
	}
	for i := 0; i < len(ring); i += step {
		dst = append(dst, geom.Lift(ring[i], g))
	}
	return dst
}

// errUnknown is the error for an id that names no model.
func errUnknown(bf *terrain.Battlefield, role, id string) error {
	if _, ok := bf.Piece(id); ok {
		return fmt.Errorf("los: %s %q is a terrain piece, not a model: %w", role, id, terrain.ErrNotAllowed)
	}
	return fmt.Errorf("los: %s %q: %w", role, id, terrain.ErrUnknownID)
}

// errNonFinite is the error for a non-finite point given as field.
func errNonFinite(field string, v geom.Vec3) error {
	return fmt.Errorf("los: %s (%g, %g, %g) is not finite: %w", field, v.X, v.Y, v.Z, terrain.ErrInvalidValue)
}
