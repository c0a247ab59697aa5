package codered

import (
	"encoding/json"
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// moveBase holds the fields every Code Red move kind reads: the model, its
// path (or a destination "to" reached in a straight line from the unit
// centre), on-the-spot turns at the start and a target (charge, embark,
// merge).
type moveBase struct {
	Model  string       `json:"model" scenario:"required"`
	Path   []geom.Point `json:"path"`
	To     *geom.Point  `json:"to"`
	Turns  []float64    `json:"turns"`
	Target string       `json:"target"`
}

// infantryMove is the request of an infantry move kind.
type infantryMove struct {
	moveBase
	Floors  int          `json:"floors"`
	Wounded bool         `json:"wounded"`
	Morale  bool         `json:"morale"`
	Card10  bool         `json:"card10"`
	Figures []geom.Point `json:"figures"`
}

// retreatMove adds where the unit left the table (CR-33).
type retreatMove struct {
	infantryMove
	LeftAt *geom.Point `json:"leftAt"`
}

// embarkMove adds whether the carrier moved (CR-38).
type embarkMove struct {
	infantryMove
	CarrierMoved bool `json:"carrierMoved"`
}

// splitMove adds the unit split off (CR-34).
type splitMove struct {
	infantryMove
	Parent string `json:"parent"`
}

// vehicleMoveRequest is the request of a vehicle move (CR-36, CR-37).
type vehicleMoveRequest struct {
	moveBase
	Mode    string       `json:"mode"`
	Vehicle *VehicleSpec `json:"vehicle"`
	Reverse bool         `json:"reverse"`
}

// movePlanner is a move request that fills a MovePlan.
type movePlanner interface{ plan() (MovePlan, moveBase) }

func (r *moveBase) planBase() MovePlan {
	return MovePlan{Turns: r.Turns, Target: r.Target, Path: r.Path}
}

func (r *infantryMove) plan() (MovePlan, moveBase) {
	p := r.planBase()
	p.Floors, p.Wounded, p.Morale, p.Card10, p.Figures = r.Floors, r.Wounded, r.Morale, r.Card10, r.Figures
	return p, r.moveBase
}

func (r *retreatMove) plan() (MovePlan, moveBase) {
	p, b := r.infantryMove.plan()
	p.LeftAt = r.LeftAt
	return p, b
}

func (r *embarkMove) plan() (MovePlan, moveBase) {
	p, b := r.infantryMove.plan()
	p.Carrier = r.CarrierMoved
	return p, b
}

func (r *splitMove) plan() (MovePlan, moveBase) {
	p, b := r.infantryMove.plan()
	p.Target = r.Parent
	return p, b
}

func (r *vehicleMoveRequest) plan() (MovePlan, moveBase) {
	p := r.planBase()
	p.Vehicle, p.Reverse = r.Vehicle, r.Reverse
	return p, r.moveBase
}

// moveKind returns the run function of a move kind of type typ whose
// request is R.
func moveKind[R any, PR interface {
	*R
	movePlanner
}](typ string) func(*rulesets.Env, *R) (rulesets.Result, error) {
	return func(env *rulesets.Env, q *R) (rulesets.Result, error) {
		plan, base := PR(q).plan()
		plan.Type = typ
		return checkMove(env, plan, base)
	}
}

func answerVehicleMove(env *rulesets.Env, q *vehicleMoveRequest) (rulesets.Result, error) {
	plan, base := q.plan()
	switch q.Mode {
	case "", MoveTactical:
		plan.Type = MoveTactical
	case MoveFast:
		plan.Type = MoveFast
	default:
		return rulesets.Result{}, env.Errorf("mode", ErrQuery, "%q is not %s or %s", q.Mode, MoveTactical, MoveFast)
	}
	return checkMove(env, plan, base)
}

// checkMove runs CheckMove and shapes the answer: the verdict, the
// movement used and the failed clauses.
func checkMove(env *rulesets.Env, plan MovePlan, base moveBase) (rulesets.Result, error) {
	o := options(env)
	if len(plan.Path) == 0 && base.To != nil {
		if m, ok := env.Battlefield.Model(base.Model); ok {
			plan.Path = []geom.Point{Centre(m, o), *base.To}
		}
	}
	v, err := CheckMove(env.Battlefield, base.Model, plan, o)
	if err != nil {
		return rulesets.Result{}, err
	}
	cost := 0.0
	for _, m := range v.Measures {
		if m.Name == "movement used" {
			cost = m.Value
		}
	}
	violations := []string{}
	for _, r := range v.Reasons {
		if !r.Pass {
			violations = append(violations, r.Clause+": "+r.Text)
		}
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "cost", Value: rulesets.Round(cost), Length: true}, rulesets.Field{Name: "violations", Value: violations})
	if rulesets.Pictures {
		res.Draw([]string{base.Model}, rulesets.MovePart(base.Model, plan.Path, cost, v.Legal, rulesets.FailedClauses(v)))
	}
	if plan.Target != "" {
		if rulesets.Pictures {
			res.Draw([]string{plan.Target})
		}
	}
	return res, nil
}

type scatterRequest struct {
	Point   geom.Point `json:"point" scenario:"required"`
	Class   int        `json:"class"`
	Roll    int        `json:"roll" scenario:"required"`
	Bearing *float64   `json:"bearing"` // compass, clockwise from north
	Angle   *float64   `json:"angle"`   // counter-clockwise from +x
	Shift   *float64   `json:"shift"`   // event card 21: bearing of the 6 in shift
}

func answerScatter(env *rulesets.Env, q *scatterRequest) (rulesets.Result, error) {
	o := options(env)
	bearing := 0.0
	switch {
	case q.Bearing != nil && q.Angle != nil:
		return rulesets.Result{}, env.Errorf("angle", ErrQuery, "give bearing or angle, not both")
	case q.Bearing != nil:
		bearing = *q.Bearing
	case q.Angle != nil:
		bearing = 90 - *q.Angle
	}
	dev, capped, err := Deviation(q.Class, q.Roll)
	if err != nil {
		return rulesets.Result{}, err
	}
	aim := q.Point
	if q.Shift != nil {
		aim = Scatter(aim, 6, *q.Shift, o) // event card 21
	}
	at := Scatter(aim, dev, bearing, o)
	expl := fmt.Sprintf("Class %d needs %d; the roll of %d deviates %g in", q.Class, precisionClasses[q.Class].Target, q.Roll, dev)
	if capped {
		expl += fmt.Sprintf(" (capped at %g in)", precisionClasses[q.Class].MaxDeviation)
	}
	expl += fmt.Sprintf(" towards bearing %g°, landing at (%.3f, %.3f) (CR-39, CR-40).", bearing, at.X, at.Y)
	r := rulesets.Result{Explanation: expl}
	r.SetLength("deviation", dev).Set("capped", capped).Set("impact", rulesets.Point2(at))
	if rulesets.Pictures {
		r.Draw(nil, render.Scatter{From: q.Point, To: at, Label: fmt.Sprintf("%g in", dev)}, rulesets.PointMark(at, "impact"))
	}
	if q.Class == 0 {
		share := Class0Damage(q.Roll)
		r.Set("damage", share)
		r.Explanation += fmt.Sprintf(" Class 0 does not scatter: the roll of %d does %g %% of its damage (CR-39).", q.Roll, 100*share)
	}
	return r, nil
}

// BlastEffect is the effect of a blast on one model (CR-41).
type BlastEffect struct {
	Model    string  `json:"model"`
	Distance float64 `json:"distance"`
	Hits     int     `json:"hits"`               // unarmoured: automatic hits
	Save     int     `json:"save"`               // unarmoured: damage-roll modifier
	AT       float64 `json:"at,omitempty"`       // armoured: penetration applied
	Armoured bool    `json:"armoured,omitempty"` // treated as armoured
}

// Blast returns the effect on every model of bf of a weapon landing at p
// after deviating deviation inches (CR-41). Vehicles are armoured unless
// listed in light (total armour below 3); the distance runs to the unit
// centre, or the nearest figure with o.BlastMeasure "nearest-figure".
func Blast(bf *terrain.Battlefield, p geom.Point, w Weapon, deviation float64, light map[string]bool, o Options) []BlastEffect {
	var out []BlastEffect
	for i := range bf.Models() {
		m := &bf.Models()[i]
		d := Centre(m, o).Sub(p).Norm()
		if o.BlastMeasure == "nearest-figure" && len(m.Figures) > 0 {
			for _, f := range m.Figures {
				d = min(d, f.Sub(p).Norm())
			}
		}
		e := BlastEffect{Model: m.ID, Distance: round3(d)}
		if w.Class == 0 {
			if d > DirectHitRadius {
				continue // class 0 hurts only the target itself
			}
		}
		if isVehicle(m) && !light[m.ID] {
			e.Armoured = true
			e.AT = float64(w.AT) * ArmouredDamage(deviation, d, o)
			if e.AT == 0 {
				continue
			}
		} else {
			e.Hits = BlastHits(w.AP, d, o)
			if e.Hits == 0 {
				continue
			}
			e.Save = SaveModifier(e.Hits)
		}
		out = append(out, e)
	}
	return out
}

type blastRequest struct {
	Point     geom.Point      `json:"point" scenario:"required"`
	Weapon    json.RawMessage `json:"weapon" scenario:"required"`
	Deviation scenario.Length `json:"deviation"`
	Light     []string        `json:"light"`
}

func answerBlast(env *rulesets.Env, q *blastRequest) (rulesets.Result, error) {
	w, err := parseWeapon(env, q.Weapon, "weapon")
	if err != nil {
		return rulesets.Result{}, err
	}
	light := map[string]bool{}
	for _, id := range q.Light {
		light[id] = true
	}
	eff := Blast(env.Battlefield, q.Point, w, float64(q.Deviation), light, options(env))
	if eff == nil {
		eff = []BlastEffect{}
	}
	expl := fmt.Sprintf("AP %d / AT %d landing at (%g, %g):", w.AP, w.AT, rulesets.Round(q.Point.X), rulesets.Round(q.Point.Y))
	ids := make([]string, 0, len(eff))
	for _, e := range eff {
		ids = append(ids, e.Model)
		if e.Armoured {
			expl += fmt.Sprintf(" %s %.2f in takes AT %g;", e.Model, e.Distance, e.AT)
		} else {
			expl += fmt.Sprintf(" %s %.2f in takes %d hits (%d);", e.Model, e.Distance, e.Hits, e.Save)
		}
	}
	if len(eff) == 0 {
		expl += " nobody is affected;"
	}
	r := rulesets.Result{Explanation: expl[:len(expl)-1] + " (CR-41)."}
	r.Set("effects", eff)
	if rulesets.Pictures {
		r.Draw(ids, blastRings(q.Point, w, options(env))...)
	}
	return r, nil
}

// blastRings draws a blast (CR-41): the direct-hit circle and, for a
// weapon with AP, the circle inside which unarmoured models take hits.
func blastRings(p geom.Point, w Weapon, o Options) []render.Part {
	parts := []render.Part{render.Template{Circle: &geom.Circle{Center: p, Radius: DirectHitRadius}, Label: "direct hit (CR-41)"}}
	if w.AP > 0 {
		parts = append(parts, render.Ring{Center: p, Radius: float64(w.AP), Label: fmt.Sprintf("hits within %d in", w.AP)})
	}
	return parts
}
