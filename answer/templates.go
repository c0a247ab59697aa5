package answer

import (
	"errors"
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

func init() {
	handlers["template"] = answerTemplate
	handlers["blast"] = answerBlast
	handlers["scatter"] = answerScatter
	handlers["landing"] = answerLanding
}

// extra decodes the extension fields of q into the given destinations
// (name -> pointer); a field not named is an error, and so is a required
// one (listed in required) that is absent. Numbers must be finite.
func extra(q *scenario.Query, dst map[string]any, required ...string) error {
	if err := rulesets.DecodeExtra(q, dst); err != nil {
		var fe *rulesets.FieldError
		if errors.As(err, &fe) {
			return &QueryError{Path: fe.Path, Err: fe.Err}
		}
		return err
	}
	for k, d := range dst {
		if f, ok := d.(*float64); ok && (math.IsNaN(*f) || math.IsInf(*f, 0) || math.Abs(*f) > 1e5) {
			return &QueryError{Path: q.JSONPath + "." + k, Err: fmt.Errorf("%g is out of range: %w", *f, scenario.ErrValue)}
		}
	}
	for _, k := range required {
		if _, ok := q.Extra[k]; !ok {
			return &QueryError{Path: q.JSONPath + "." + k, Err: fmt.Errorf("required for kind %q: %w", q.Kind, scenario.ErrMissing)}
		}
	}
	return nil
}

// typedOnly is onlyFields for kinds whose other fields are extensions.
func typedOnly(q *scenario.Query, names ...string) error {
	typed := *q
	typed.Extra = nil
	return onlyFields(&typed, names...)
}

// answerTemplate: a straight template of "length" in swept once around the
// target's base (TS-09): which models it touches, and whether the shooter's
// side is among them (TS-10).
func answerTemplate(f *scenario.File, q *scenario.Query, a *Answer) error {
	names := []string{"target"}
	if q.Shooter != "" {
		names = append(names, "shooter")
	}
	if err := typedOnly(q, names...); err != nil {
		return err
	}
	var length float64
	if err := extra(q, map[string]any{"length": &length}, "length"); err != nil {
		return err
	}
	r, err := movement.TemplateTouches(f.Battlefield(), q.Target, length, q.Shooter)
	if err != nil {
		return err
	}
	a.Set("touched", r.Touched)
	a.Set("friendlyFire", r.FriendlyFire)
	a.Explanation = r.Explain()
	if m, ok := f.Battlefield().Model(q.Target); ok {
		a.draw([]string{q.Target}, render.Ring{ModelID: m.ID, Radius: length, Label: fmt.Sprintf("template %g in", length)})
	}
	return nil
}

// answerBlast: the models a blast at "point" reaches, nearest first, with
// the effect falling off with distance (power within fullRadius, then power
// minus the distance).
func answerBlast(f *scenario.File, q *scenario.Query, a *Answer) error {
	if err := typedOnly(q, "point"); err != nil {
		return err
	}
	var rule movement.BlastRule
	if err := extra(q, map[string]any{"power": &rule.Power, "fullRadius": &rule.FullRadius, "fromEdge": &rule.FromEdge}, "power"); err != nil {
		return err
	}
	r, err := movement.Blast(f.Battlefield(), *q.Point, rule)
	if err != nil {
		return err
	}
	a.Set("hits", r.Hits)
	a.Explanation = r.Explain()
	c := geom.Circle{Center: *q.Point, Radius: rule.Power}
	a.draw(nil, render.Template{Circle: &c, Label: fmt.Sprintf("blast %g", rule.Power)})
	return nil
}

// answerScatter: "point" moved "distance" in towards "direction" (degrees
// counter-clockwise from +x, or "bearing" clockwise from north), capped at
// "max" when given.
func answerScatter(f *scenario.File, q *scenario.Query, a *Answer) error {
	if err := typedOnly(q, "point"); err != nil {
		return err
	}
	var dir, bearing, dist, max float64
	if err := extra(q, map[string]any{"direction": &dir, "bearing": &bearing, "distance": &dist, "max": &max}, "distance"); err != nil {
		return err
	}
	_, hasDir := q.Extra["direction"]
	_, hasBearing := q.Extra["bearing"]
	if hasDir == hasBearing {
		return &QueryError{Path: q.JSONPath + ".direction", Err: fmt.Errorf("give exactly one of direction and bearing: %w", scenario.ErrMissing)}
	}
	if hasBearing {
		dir = movement.CompassToDirection(bearing)
	}
	r, err := movement.Scatter(*q.Point, dir, dist, max)
	if err != nil {
		return err
	}
	a.Set("to", []float64{round(r.To[0]), round(r.To[1])})
	a.SetLength("distance", r.Distance)
	a.Set("capped", r.Capped)
	a.Explanation = r.Explain()
	a.draw(nil, render.Scatter{From: *q.Point, To: geom.Pt(r.To[0], r.To[1]), Label: q.ID})
	return nil
}

// answerLanding: whether aircraft "model" may land with a template of
// "radius" centred at "point" (DZC-33/34 geometry): touching nothing, and
// not contested by an enemy within "contestRange" (default 3 in) of the
// template's edge and in sight of it.
func answerLanding(f *scenario.File, q *scenario.Query, a *Answer) error {
	if err := typedOnly(q, "model", "point"); err != nil {
		return err
	}
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	var opt movement.LandingOptions
	if err := extra(q, map[string]any{"radius": &opt.Radius, "contestRange": &opt.ContestRange, "contestFromEdge": &opt.ContestFromEdge}, "radius"); err != nil {
		return err
	}
	if opt.ContestRange == 0 {
		opt.ContestRange = 3 // the query's documented default (movement has none)
	}
	bf := f.Battlefield()
	sightOpt := o.Sight()
	sightOpt.Exclude = append(append([]string(nil), sightOpt.Exclude...), q.Model)
	opt.Sight = func(observer string, from, to geom.Vec3) bool {
		return los.SightSegment(bf, from, to, sightOpt, observer).Clear
	}
	r, err := movement.LandingZone(bf, q.Model, *q.Point, opt)
	if err != nil {
		return err
	}
	a.Set("legal", r.Legal)
	a.Set("contested", r.Contested)
	a.Set("contestedBy", r.ContestedBy)
	a.Set("touches", r.Touches)
	a.Explanation = r.Explain()
	c := geom.Circle{Center: *q.Point, Radius: opt.Radius}
	a.draw(append([]string{q.Model}, r.ContestedBy...), render.Template{Circle: &c, Label: "landing zone", Hit: r.ContestedBy})
	return nil
}
