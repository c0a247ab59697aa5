package answer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

func init() {
	handlers["shot"] = answerShot
}

// GenericWeapon is the "weapon" object of a shot query in a generic
// scenario: a maximum (and optional minimum) range measured in Mode, an
// optional arc the target must be in, and a free-text name. A shot is legal
// when the target is visible, in range (both limits inclusive) and in arc.
type GenericWeapon struct {
	Name     string  `json:"name"`
	Range    float64 `json:"range"`
	MinRange float64 `json:"minRange"`
	Arc      string  `json:"arc"`
	Mode     string  `json:"mode"`
}

// Generic shot clauses: the generic ruleset has no rulebook, so its
// decisions name the query field they come from.
const (
	clauseRange = "generic: weapon.range"
	clauseArc   = "generic: weapon.arc"
	clauseSight = "generic: sight"
)

func parseGenericWeapon(q *scenario.Query) (GenericWeapon, error) {
	var w GenericWeapon
	path := q.JSONPath + ".weapon"
	if len(q.Weapon) == 0 {
		return w, &QueryError{Path: path, Err: fmt.Errorf("a generic shot needs a weapon object with a range: %w", scenario.ErrMissing)}
	}
	if q.Weapon[0] == '"' {
		return w, &QueryError{Path: path, Err: fmt.Errorf("named weapons belong to a game's ruleset; give {\"range\": ...}: %w", scenario.ErrValue)}
	}
	dec := json.NewDecoder(bytes.NewReader(q.Weapon))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return w, &QueryError{Path: path, Err: fmt.Errorf("%v: %w", err, scenario.ErrValue)}
	}
	for name, v := range map[string]float64{"range": w.Range, "minRange": w.MinRange} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 1e5 {
			return w, &QueryError{Path: path + "." + name, Err: fmt.Errorf("%g is not a length in [0, 100000] in: %w", v, scenario.ErrValue)}
		}
	}
	if w.Range == 0 {
		return w, &QueryError{Path: path + ".range", Err: fmt.Errorf("a weapon needs a range above 0: %w", scenario.ErrMissing)}
	}
	if w.MinRange > w.Range {
		return w, &QueryError{Path: path + ".minRange", Err: fmt.Errorf("%g is above range %g: %w", w.MinRange, w.Range, scenario.ErrValue)}
	}
	return w, nil
}

// answerShot answers a generic shot: range, arc and sight, each a reason of
// the verdict. A garrisoned shooter looks out of the best window of its
// wall (range measured from there); a garrisoned target is seen at the
// nearest visible point of its wall.
func answerShot(f *scenario.File, q *scenario.Query, a *Answer) error {
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	w, err := parseGenericWeapon(q)
	if err != nil {
		return err
	}
	mode, err := los.ParseRangeMode(w.Mode)
	if err != nil {
		return &QueryError{Path: q.JSONPath + ".weapon.mode", Err: err}
	}
	bf := f.Battlefield()
	v := rulesets.NewVerdict()
	sight, err := shotSight(f, q.Shooter, q.Target, o.Sight())
	if err != nil {
		return err
	}
	var dist float64
	if sight.fromWindow {
		dist = sight.windowRange
	} else {
		r, err := los.Range(bf, q.Shooter, q.Target, mode)
		if err != nil {
			return err
		}
		dist = r.Distance
	}
	v.Measure("range", dist, "in")
	switch {
	case dist > w.Range:
		v.Forbid(clauseRange, "target at %.2f in is beyond the weapon's %g in", dist, w.Range)
	case dist < w.MinRange:
		v.Forbid(clauseRange, "target at %.2f in is inside the minimum range %g in", dist, w.MinRange)
	default:
		v.Allow(clauseRange, "target at %.2f in is within %g in", dist, w.Range)
	}
	if w.Arc != "" {
		r, err := los.InArc(bf, q.Shooter, q.Target, w.Arc, o.ArcOptions())
		if err != nil {
			return &QueryError{Path: q.JSONPath + ".weapon.arc", Err: err}
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
	a.Set("legal", v.Legal)
	a.Set("reasons", v.Reasons)
	a.Set("measures", v.Measures)
	a.SetLength("range", dist)
	a.Set("visible", sight.visible)
	a.Explanation = v.Paragraph()
	a.draw([]string{q.Shooter, q.Target})
	if sight.overlay != (render.Sightline{}) {
		a.draw(nil, sight.overlay)
	}
	return nil
}

// shotSight is the sight part of a shot, from a window for a garrison.
type shotSightResult struct {
	visible     bool
	text        string
	fromWindow  bool
	windowRange float64
	overlay     render.Sightline
}

func shotSight(f *scenario.File, shooter, target string, opt los.Options) (shotSightResult, error) {
	bf := f.Battlefield()
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
	r, err := los.Sight(bf, shooter, target, opt)
	if err != nil {
		return shotSightResult{}, err
	}
	return shotSightResult{visible: r.Visible, text: r.Explain(), overlay: render.SightlineFromSight(r, "")}, nil
}
