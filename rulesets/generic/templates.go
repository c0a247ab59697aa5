package generic

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// TemplateRequest is a "template" query: a straight template of Length
// swept once around Target's base; Shooter, when given, is checked for
// friendly fire.
type TemplateRequest struct {
	Target  string          `json:"target" scenario:"required"`
	Shooter string          `json:"shooter"`
	Length  scenario.Length `json:"length" scenario:"required"`
}

// BlastRequest is a "blast" query: the models a blast at Point reaches,
// Power within FullRadius, then Power minus the distance.
type BlastRequest struct {
	Point      geom.Point      `json:"point" scenario:"required"`
	Power      scenario.Length `json:"power" scenario:"required"`
	FullRadius scenario.Length `json:"fullRadius"`
	FromEdge   bool            `json:"fromEdge"`
}

// ScatterRequest is a "scatter" query: Point moved Distance towards
// Direction (degrees counter-clockwise from +x) or Bearing (degrees
// clockwise from north), capped at Max when given.
type ScatterRequest struct {
	Point     geom.Point      `json:"point" scenario:"required"`
	Direction *float64        `json:"direction"`
	Bearing   *float64        `json:"bearing"`
	Distance  scenario.Length `json:"distance" scenario:"required"`
	Max       scenario.Length `json:"max"`
}

// LandingRequest is a "landing" query: may aircraft Model land with a
// template of Radius centred at Point?
type LandingRequest struct {
	Model  string          `json:"model" scenario:"required"`
	Point  geom.Point      `json:"point" scenario:"required"`
	Radius scenario.Length `json:"radius" scenario:"required"`
	// ContestRange is how far an enemy may stand from the template and
	// contest it; absent means 3 in (0 means only enemies touching it).
	ContestRange    *scenario.Length `json:"contestRange"`
	ContestFromEdge bool             `json:"contestFromEdge"`
}

// defaultContestRange is the landing query's documented contest reach, in
// inches, when it gives none.
const defaultContestRange = 3

// checkLengths reports the first of the named lengths outside [0, maxLength].
func checkLengths(env *rulesets.Env, lengths map[string]scenario.Length) error {
	for _, name := range sortedKeys(lengths) {
		if v := lengths[name]; v < 0 || v > maxLength {
			return env.Errorf(name, scenario.ErrValue, "%g is not a length in [0, %g] in", float64(v), float64(maxLength))
		}
	}
	return nil
}

// Template answers which models the swept template touches, and whether
// the shooter's side is among them.
func Template(env *rulesets.Env, q *TemplateRequest) (rulesets.Result, error) {
	if err := checkLengths(env, map[string]scenario.Length{"length": q.Length}); err != nil {
		return rulesets.Result{}, err
	}
	length := float64(q.Length)
	r, err := movement.TemplateTouches(env.Battlefield, q.Target, length, q.Shooter)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("touched", r.Touched)
	a.Set("friendlyFire", r.FriendlyFire)
	a.Explanation = r.Explain()
	if m, ok := env.Battlefield.Model(q.Target); ok {
		if rulesets.Pictures {
			a.Draw([]string{q.Target}, render.Ring{ModelID: m.ID, Radius: length, Label: fmt.Sprintf("template %g in", length)})
		}
	}
	return a, nil
}

// Blast answers the models a blast reaches, nearest first, with the
// effect falling off with distance.
func Blast(env *rulesets.Env, q *BlastRequest) (rulesets.Result, error) {
	if err := checkLengths(env, map[string]scenario.Length{"power": q.Power, "fullRadius": q.FullRadius}); err != nil {
		return rulesets.Result{}, err
	}
	rule := movement.BlastRule{Power: float64(q.Power), FullRadius: float64(q.FullRadius), FromEdge: q.FromEdge}
	r, err := movement.Blast(env.Battlefield, q.Point, rule)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("hits", r.Hits)
	a.Explanation = r.Explain()
	c := geom.Circle{Center: q.Point, Radius: rule.Power}
	if rulesets.Pictures {
		a.Draw(nil, render.Template{Circle: &c, Label: fmt.Sprintf("blast %g", rule.Power)})
	}
	return a, nil
}

// Scatter answers where the point lands.
func Scatter(env *rulesets.Env, q *ScatterRequest) (rulesets.Result, error) {
	if (q.Direction == nil) == (q.Bearing == nil) {
		return rulesets.Result{}, env.Errorf("direction", scenario.ErrMissing, "give exactly one of direction and bearing")
	}
	if err := checkLengths(env, map[string]scenario.Length{"distance": q.Distance, "max": q.Max}); err != nil {
		return rulesets.Result{}, err
	}
	var dir float64
	if q.Direction != nil {
		dir = *q.Direction
	} else {
		dir = movement.CompassToDirection(*q.Bearing)
	}
	r, err := movement.Scatter(q.Point, dir, float64(q.Distance), float64(q.Max))
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("to", []float64{rulesets.Round(r.To[0]), rulesets.Round(r.To[1])})
	a.SetLength("distance", r.Distance)
	a.Set("capped", r.Capped)
	a.Explanation = r.Explain()
	if rulesets.Pictures {
		a.Draw(nil, render.Scatter{From: q.Point, To: geom.Pt(r.To[0], r.To[1]), Label: env.ID})
	}
	return a, nil
}

// Landing answers whether the aircraft may land: the template touches
// nothing and no enemy within ContestRange (default 3 in) of its edge sees
// it.
func Landing(env *rulesets.Env, q *LandingRequest) (rulesets.Result, error) {
	contest := scenario.Length(defaultContestRange)
	if q.ContestRange != nil {
		contest = *q.ContestRange
	}
	if err := checkLengths(env, map[string]scenario.Length{"radius": q.Radius, "contestRange": contest}); err != nil {
		return rulesets.Result{}, err
	}
	bf := env.Battlefield
	opt := movement.LandingOptions{Radius: float64(q.Radius), ContestRange: float64(contest), ContestFromEdge: q.ContestFromEdge}
	sightOpt := env.Options.Geometry().Sight
	sightOpt.Exclude = append(append([]string(nil), sightOpt.Exclude...), q.Model)
	opt.Sight = func(observer string, from, to geom.Vec3) bool {
		return los.SightSegment(bf, from, to, sightOpt, observer).Clear
	}
	r, err := movement.LandingZone(bf, q.Model, q.Point, opt)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("legal", r.Legal)
	a.Set("contested", r.Contested)
	a.Set("contestedBy", r.ContestedBy)
	a.Set("touches", r.Touches)
	a.Explanation = r.Explain()
	c := geom.Circle{Center: q.Point, Radius: opt.Radius}
	if rulesets.Pictures {
		a.Draw(append([]string{q.Model}, r.ContestedBy...), render.Template{Circle: &c, Label: "landing zone", Hit: r.ContestedBy})
	}
	return a, nil
}
