package generic

import (
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Weapon is the "weapon" object of a generic shot: a maximum (and optional
// minimum) range measured in Mode, an optional arc the target must be in,
// and a free-text name. A shot is legal when the target is visible, in
// range (both limits inclusive) and in arc.
type Weapon struct {
	Name     string          `json:"name"`
	Range    scenario.Length `json:"range" scenario:"required"`
	MinRange scenario.Length `json:"minRange"`
	Arc      string          `json:"arc"`
	Mode     string          `json:"mode"`
}

// ShotRequest is a generic "shot" query.
type ShotRequest struct {
	Shooter string `json:"shooter" scenario:"required"`
	Target  string `json:"target" scenario:"required"`
	Weapon  Weapon `json:"weapon" scenario:"required"`
}

// Generic shot clauses: the generic rules have no rulebook, so their
// decisions name the query field they come from.
const (
	clauseRange = "generic: weapon.range"
	clauseArc   = "generic: weapon.arc"
	clauseSight = "generic: sight"
)

// maxLength bounds lengths given in queries: far beyond any table, small
// enough that sums of them stay exact to well below 1e-9 in.
const maxLength = 1e5

// checkWeapon reports the first unusable field of w.
func checkWeapon(env *rulesets.Env, w Weapon) error {
	for _, f := range []struct {
		name string
		v    scenario.Length
	}{{"range", w.Range}, {"minRange", w.MinRange}} {
		if f.v < 0 || f.v > maxLength {
			return env.Errorf("weapon."+f.name, scenario.ErrValue, "%g is not a length in [0, %g] in", float64(f.v), float64(maxLength))
		}
	}
	if w.Range == 0 {
		return env.Errorf("weapon.range", scenario.ErrValue, "a weapon needs a range above 0")
	}
	if w.MinRange > w.Range {
		return env.Errorf("weapon.minRange", scenario.ErrValue, "%g in is above range %g in", float64(w.MinRange), float64(w.Range))
	}
	return nil
}

// Shot answers a generic shot: range, arc and sight, each a reason of the
// verdict. A garrisoned shooter looks out of the best window of its wall
// (range measured from there).
func Shot(env *rulesets.Env, q *ShotRequest) (rulesets.Result, error) {
	w := q.Weapon
	if err := checkWeapon(env, w); err != nil {
		return rulesets.Result{}, err
	}
	geo := env.Options.Geometry()
	mode := geo.Range
	if w.Mode != "" {
		m, err := los.ParseRangeMode(w.Mode)
		if err != nil {
			return rulesets.Result{}, env.At("weapon.mode", err)
		}
		mode = m
	}
	bf := env.Battlefield
	v := rulesets.NewVerdict()
	sight, err := shotSight(env, q.Shooter, q.Target, geo.Sight)
	if err != nil {
		return rulesets.Result{}, err
	}
	dist := sight.windowRange
	if !sight.fromWindow {
		r, err := los.Range(bf, q.Shooter, q.Target, mode)
		if err != nil {
			return rulesets.Result{}, err
		}
		dist = r.Distance
	}
	v.Measure("range", dist, "in")
	maxR, minR := float64(w.Range), float64(w.MinRange)
	switch {
	case dist > maxR:
		v.Forbid(clauseRange, "target at %.2f in is beyond the weapon's %g in", dist, maxR)
	case dist < minR:
		v.Forbid(clauseRange, "target at %.2f in is inside the minimum range %g in", dist, minR)
	default:
		v.Allow(clauseRange, "target at %.2f in is within %g in", dist, maxR)
	}
	if w.Arc != "" {
		r, err := los.InArc(bf, q.Shooter, q.Target, w.Arc, geo.Arc)
		if err != nil {
			return rulesets.Result{}, env.At("weapon.arc", err)
		}
		v.Measure("bearing", r.Bearing, "deg")
		if r.InArc {
			v.Allow(clauseArc, "target in the %s arc (bearing %.1f°)", w.Arc, r.Bearing)
		} else {
			v.Forbid(clauseArc, "target is in the %s arc, not %s (bearing %.1f°)", r.ArcOf, w.Arc, r.Bearing)
		}
	}
	if sight.visible {
		v.Allow(clauseSight, "%s", sight.text)
	} else {
		v.Forbid(clauseSight, "%s", sight.text)
	}
	var a rulesets.Result
	a.Set("legal", v.Legal)
	a.Set("reasons", v.Reasons)
	a.Set("measures", v.Measures)
	a.SetLength("range", dist)
	a.Set("visible", sight.visible)
	a.Explanation = v.Paragraph()
	if rulesets.Pictures {
		a.Draw([]string{q.Shooter, q.Target})
	}
	if sight.overlay != (render.Sightline{}) {
		if rulesets.Pictures {
			a.Draw(nil, sight.overlay)
		}
	}
	return a, nil
}

// shotSightResult is the sight part of a shot, from a window for a
// garrison.
type shotSightResult struct {
	visible     bool
	text        string
	fromWindow  bool
	windowRange float64
	overlay     render.Sightline
}

// shotSight traces the sight of a shot: from the best window of its wall
// for a garrisoned shooter, else from its eye.
func shotSight(env *rulesets.Env, shooter, target string, opt los.Options) (shotSightResult, error) {
	bf := env.Battlefield
	if m, ok := bf.Model(shooter); ok && m.Garrison != nil {
		r, err := los.BestWindow(bf, shooter, target, opt)
		if err != nil {
			return shotSightResult{}, err
		}
		res := shotSightResult{visible: r.Found, text: r.Explain(), fromWindow: true}
		if r.Found {
			res.windowRange = r.Best.Range
			if t, ok := bf.Model(target); ok {
				res.overlay = render.Sightline{From: r.Best.Point, To: t.EyePoint(), Clear: true, Label: "window " + r.Best.Wall}
			}
		} else if len(r.Candidates) > 0 {
			res.windowRange = r.Candidates[0].Range
		}
		return res, nil
	}
	if t, ok := bf.Model(target); ok && t.Garrison != nil {
		// Seen through the window it would see the shooter from.
		r, err := los.BestWindow(bf, target, shooter, opt)
		if err != nil {
			return shotSightResult{}, err
		}
		res := shotSightResult{visible: r.Found, text: target + " is seen through the windows of its wall: " + r.Explain(), fromWindow: true}
		if r.Found {
			res.windowRange = r.Best.Range
			res.overlay = render.Sightline{From: m0(bf, shooter), To: r.Best.Point, Clear: true, Label: "window " + r.Best.Wall}
		} else if len(r.Candidates) > 0 {
			res.windowRange = r.Candidates[0].Range
		}
		return res, nil
	}
	r, err := los.Sight(bf, shooter, target, opt)
	if err != nil {
		return shotSightResult{}, err
	}
	return shotSightResult{visible: r.Visible, text: r.Explain(), overlay: render.SightlineFromSight(r, "")}, nil
}

// m0 is the eye of the model id (the origin when unknown).
func m0(bf *terrain.Battlefield, id string) geom.Vec3 {
	if m, ok := bf.Model(id); ok {
		return m.EyePoint()
	}
	return geom.Vec3{}
}
