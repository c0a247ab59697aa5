package dropzone

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// lzTemplate returns aircraft m's landing-zone template centred on c
// (DZC-33): a circle of the radius Options.LZRadius gives for its LZ size
// (size overrides the profile's; "M" when neither is given).
func lzTemplate(m *terrain.Model, size string, c geom.Point, opt *Options) (geom.Circle, string) {
	if size == "" {
		size = opt.unit(m.ID).LZ
	}
	if size == "" {
		size = "M"
	}
	return geom.Circle{Center: c, Radius: float64(opt.LZRadius[size])}, size
}

// CheckLanding decides whether aircraft model may land with its template
// centred on at (DZC-33/34/41): not a fast aircraft, the template touching
// no ground unit (its own passengers excepted), no impassable or difficult
// terrain, no template of squad-mates landing with it, and no enemy
// infantry or vehicle within 3 in of the template's rim and in sight of it.
func CheckLanding(bf *terrain.Battlefield, modelID string, at geom.Point, size string, passengers, with []string, opt Options) (*rulesets.Verdict, error) {
	m, ok := bf.Model(modelID)
	if !ok || m.Class != terrain.Aircraft {
		return nil, fmt.Errorf("model %q: not an aircraft: %w", modelID, ErrQuery)
	}
	if !finitePt(at) {
		return nil, fmt.Errorf("point: not finite: %w", ErrQuery)
	}
	u := opt.unit(m.ID)
	v := rulesets.NewVerdict()
	tpl, size := lzTemplate(m, size, at, &opt)
	v.Measure("templateRadius", tpl.Radius, "in")
	v.Modify(rulesets.Modifier{Name: "LZ " + size, Clause: "DZC-33"})
	if u.Fast {
		v.Forbid("DZC-33", "fast aircraft cannot land")
	}
	skip := map[string]bool{m.ID: true}
	for _, p := range passengers {
		skip[p] = true
	}
	clear := true
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if skip[o.ID] || airborne(o) || o.Garrison != nil {
			continue
		}
		if d, _, _ := geom.DistConvex(tpl, o.Footprint()); d <= eps {
			v.Forbid("DZC-33", "the template touches ground unit %s", o.ID)
			clear = false
		}
	}
	if len(passengers) > 0 {
		v.Allow("DZC-41", "its own passengers (%d) are not obstacles for the template", len(passengers))
	}
	for j := range bf.Pieces() {
		pc := &bf.Pieces()[j]
		cls := pc.Movement.For(terrain.Vehicle)
		if u.Type == "antigrav" {
			cls = terrain.Open
			if pc.Kind == terrain.Building || (pc.Kind == terrain.Area && pc.Height > antigravStep) {
				cls = terrain.Impassable
			}
		}
		if pc.Kind == terrain.Building {
			cls = terrain.Impassable
		}
		if cls != terrain.Impassable && cls != terrain.Difficult && cls != terrain.Dangerous {
			continue
		}
		if d := shapeDist(tpl, pc); d <= eps {
			v.Forbid("DZC-33", "the template touches %s terrain %s", cls, pc.ID)
			clear = false
		}
	}
	for _, id := range with {
		o, ok := bf.Model(id)
		if !ok {
			return nil, fmt.Errorf("with: %q: unknown model: %w", id, ErrQuery)
		}
		ot, _ := lzTemplate(o, "", o.Position, &opt)
		if d := planDist(ot.Center, tpl.Center); d < ot.Radius+tpl.Radius-eps {
			v.Forbid("DZC-33", "the template overlaps that of squad-mate %s (centres %.3f in apart)", id, d)
			clear = false
		}
	}
	if clear {
		v.Allow("DZC-33", "the template touches no ground unit and no impassable or difficult terrain")
	}
	contested(bf, v, m, tpl, &opt)
	if !onTable(bf, at, &opt) {
		v.Forbid("DZC-01", "(%.3g, %.3g) is off the table", at.X, at.Y)
	}
	return v, nil
}

// contested applies DZC-34.
func contested(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, tpl geom.Circle, opt *Options) {
	lo := sightOptions(opt)
	near := math.Inf(1)
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if o.Side == m.Side || o.Class == terrain.Aircraft || o.Garrison != nil {
			continue
		}
		var d float64
		if opt.ContestMeasure == "edge" {
			d, _, _ = geom.DistConvex(tpl, o.Footprint())
		} else {
			d = math.Max(0, planDist(o.Position, tpl.Center)-tpl.Radius)
		}
		near = math.Min(near, d)
		if d > contestReach+eps {
			continue
		}
		eye := eyePoint(bf, o, false, opt)
		if p, ok := rimInSight(bf, lo, eye, tpl, opt, o.ID); ok {
			v.Forbid("DZC-34", "enemy %s is %.3f in from the template's rim and sees it at (%.3g, %.3g): the landing zone is contested", o.ID, d, p.X, p.Y)
			return
		}
		v.Allow("DZC-34", "enemy %s is %.3f in from the rim but has no sight of it", o.ID, d)
	}
	// Garrison walls with troops assigned to fire out count as enemies.
	for j := range bf.Pieces() {
		b := &bf.Pieces()[j]
		if b.Building == nil {
			continue
		}
		for wi := range b.Building.Walls {
			w := &b.Building.Walls[wi]
			if !wallHasEnemy(bf, b.ID, w.ID, m.Side) {
				continue
			}
			d, _ := geom.DistPointSegment(tpl.Center, w.Segment())
			d = math.Max(0, d-tpl.Radius)
			near = math.Min(near, d)
			if d > contestReach+eps {
				continue
			}
			_, q := geom.DistPointSegment(tpl.Center, w.Segment())
			eye := nudgeOut(b, geom.Lift(q, wallPointHeight(b, w)))
			if p, ok := rimInSight(bf, lo, eye, tpl, opt, ""); ok {
				v.Forbid("DZC-34", "wall %s of %s, with enemies assigned to fire out, is %.3f in from the rim and sees (%.3g, %.3g): contested", w.ID, b.ID, d, p.X, p.Y)
				return
			}
		}
	}
	if !math.IsInf(near, 1) {
		v.Measure("nearestEnemyToRim", round6(near), "in")
	}
	v.Allow("DZC-34", "no enemy within %g in of the rim and in sight of it", contestReach)
}

func wallHasEnemy(bf *terrain.Battlefield, b, w, side string) bool {
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if g := o.Garrison; g != nil && g.Building == b && g.Wall == w && o.Side != side {
			return true
		}
	}
	return false
}

// rimInSight samples 72 rim points and reports one in sight of eye.
func rimInSight(bf *terrain.Battlefield, lo los.Options, eye geom.Vec3, tpl geom.Circle, opt *Options, ignore string) (geom.Point, bool) {
	const n = 72
	for k := 0; k < n; k++ {
		a := 2 * math.Pi * float64(k) / n
		p := tpl.Center.Add(geom.Pt(math.Cos(a), math.Sin(a)).Mul(tpl.Radius))
		var ign []string
		if ignore != "" {
			ign = append(ign, ignore)
		}
		if los.SightSegment(bf, eye, geom.Lift(p, float64(opt.LZRimHeight)), lo, ign...).Clear {
			return p, true
		}
	}
	return geom.Point{}, false
}

// CrashResult lists what a crash template hits (DZC-37).
type CrashResult struct {
	Touched        []string  `json:"touched"`        // ground units with any part under: one hit on 4+
	CentreUnder    []string  `json:"centreUnder"`    // infantry bases whose centre is under: D6 hits on 4+
	Buildings      []string  `json:"buildings"`      // buildings touched: one hit on 4+
	AutoHits       []string  `json:"autoHits"`       // buildings under 1/3 or more of the template
	BuildingShares []float64 `json:"buildingShares"` // template share over each touched building
}

// CheckCrash places aircraft model's LZ template over the crash site at
// (DZC-37) and lists the units and buildings at risk; a building under
// "1/3 oder mehr" of the template (2D area) takes automatic hits equal to
// the aircraft's LP.
func CheckCrash(bf *terrain.Battlefield, modelID string, at geom.Point, size string, opt Options) (*rulesets.Verdict, CrashResult, error) {
	m, ok := bf.Model(modelID)
	if !ok || m.Class != terrain.Aircraft {
		return nil, CrashResult{}, fmt.Errorf("model %q: not an aircraft: %w", modelID, ErrQuery)
	}
	if !finitePt(at) {
		return nil, CrashResult{}, fmt.Errorf("point: not finite: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	tpl, size := lzTemplate(m, size, at, &opt)
	v.Measure("templateRadius", tpl.Radius, "in")
	var res CrashResult
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if o.ID == m.ID || airborne(o) || o.Garrison != nil {
			continue
		}
		d, _, _ := geom.DistConvex(tpl, o.Footprint())
		centre := planDist(o.Position, tpl.Center) <= tpl.Radius+eps
		if infantry(o) {
			under := centre
			if opt.CrashInfantry == "any" {
				under = d <= eps
			}
			if under {
				res.CentreUnder = append(res.CentreUnder, o.ID)
				continue
			}
		}
		if d <= eps {
			res.Touched = append(res.Touched, o.ID)
		}
	}
	ring := tpl.Polygon(1e-4)
	area := math.Pi * tpl.Radius * tpl.Radius
	lp := opt.unit(m.ID).LP
	for j := range bf.Pieces() {
		b := &bf.Pieces()[j]
		if b.Kind != terrain.Building || shapeDist(tpl, b) > eps {
			continue
		}
		share := overlapArea(ring, b) / area
		res.Buildings = append(res.Buildings, b.ID)
		res.BuildingShares = append(res.BuildingShares, round6(share))
		v.Measure("share:"+b.ID, round6(share), "")
		if share >= crashBuildingShare-1e-9 {
			res.AutoHits = append(res.AutoHits, b.ID)
			v.Allow("DZC-37", "%.1f%% of the template lies over %s (1/3 or more): %d automatic energy-10 hits", 100*share, b.ID, lp)
		} else {
			v.Allow("DZC-37", "%.1f%% of the template lies over %s (less than 1/3): one hit on 4+", 100*share, b.ID)
		}
	}
	v.Allow("DZC-37", "template %s (radius %g in): %d ground units touched, %d infantry bases with the centre under", size, tpl.Radius, len(res.Touched), len(res.CentreUnder))
	return v, res, nil
}

// overlapArea is the area of the convex ring clipped by the piece's convex
// parts, square inches.
func overlapArea(ring geom.Ring, pc *terrain.Piece) float64 {
	total := 0.0
	var buf []geom.Point
	for _, part := range pc.ConvexParts() {
		buf = geom.ClipConvex(buf[:0], ring, part)
		total += math.Abs(geom.ConvexArea(buf))
	}
	return total
}

// ReactionResult holds the engagement point of an AA reaction shot.
type ReactionResult struct {
	S     float64    `json:"s"`     // arc length along the corridor, in
	Point geom.Point `json:"point"` // engagement point on the table plane
}

// CheckReaction decides an AA reaction shot (DZC-36) by shooter with
// weapon w at aircraft along its flight corridor, at arc length s from the
// corridor's start: the weapon must be AA, not fired this round, the
// shooter moved no more than BS; s must lie after the previous engagement
// point prev (<0: none); then the shot is checked against the engagement
// point (range to its ground point, sight to it at altitude, arc) with
// +2 on Ge. An out-of-range, unseen or out-of-arc point is legal to
// declare but every shot misses; the verdict then says so and is illegal.
func CheckReaction(bf *terrain.Battlefield, shooterID, aircraftID string, corridor []geom.Point, s, prev float64, w Weapon, fired bool, opt Options) (*rulesets.Verdict, ReactionResult, error) {
	a, ok := bf.Model(aircraftID)
	if !ok || a.Class != terrain.Aircraft {
		return nil, ReactionResult{}, fmt.Errorf("aircraft %q: not an aircraft: %w", aircraftID, ErrQuery)
	}
	if len(corridor) < 2 || len(corridor) > 10000 {
		return nil, ReactionResult{}, fmt.Errorf("corridor: want 2..10000 points: %w", ErrQuery)
	}
	total := 0.0
	for i, p := range corridor {
		if !finitePt(p) {
			return nil, ReactionResult{}, fmt.Errorf("corridor[%d]: not finite: %w", i, ErrQuery)
		}
		if i > 0 {
			total += planDist(corridor[i-1], p)
		}
	}
	if math.IsNaN(s) || s < -eps || s > total+eps {
		return nil, ReactionResult{}, fmt.Errorf("at: %g: want 0..%g (the corridor's length): %w", s, total, ErrQuery)
	}
	pt := movement.PointAlong(corridor, s)
	res := ReactionResult{S: s, Point: pt}
	w.Reaction = true
	// Judge the shot against a copy of the battlefield with the aircraft
	// moved to the engagement point.
	models := append([]terrain.Model(nil), bf.Models()...)
	for i := range models {
		if models[i].ID == a.ID {
			models[i].Position = pt
		}
	}
	moved, err := terrain.New(bf.Table(), bf.Pieces(), models)
	if err != nil {
		return nil, res, fmt.Errorf("engagement point: %w", err)
	}
	v, err := CheckShot(moved, shooterID, aircraftID, w, opt)
	if err != nil {
		return nil, res, err
	}
	v.Measure("engagementS", round6(s), "in")
	v.Measure("engagementX", round6(pt.X), "in")
	v.Measure("engagementY", round6(pt.Y), "in")
	if !w.AA {
		v.Forbid("DZC-36", "only AA (LA) weapons make reaction fire")
	}
	if fired {
		v.Forbid("DZC-36", "the weapon already fired this round")
	}
	if prev >= 0 {
		after := s > prev+eps
		if opt.ReactionSamePoint {
			after = s >= prev-eps
		}
		if after {
			v.Allow("DZC-36", "the engagement point (s = %.3f in) lies after the previous one (s = %.3f in)", s, prev)
		} else {
			v.Forbid("DZC-36", "the engagement point (s = %.3f in) must lie after the previous one (s = %.3f in)", s, prev)
		}
	}
	v.Modify(rulesets.Modifier{Name: "afterwards: no more fire, move at most BS", Clause: "DZC-36", Value: float64(w.BS)})
	return v, res, nil
}
