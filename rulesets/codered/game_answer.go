package codered

import (
	"encoding/json"
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

func answerMove(bf *terrain.Battlefield, q *scenario.Query, o Options) (rulesets.Result, error) {
	var plan MovePlan
	allowed := []string{"floors", "wounded", "morale", "card10", "figures"}
	switch q.Kind {
	case "move":
		plan.Type = MoveTactical
	case "jump":
		plan.Type = MoveJump
	case "vehicle-move":
		plan.Type = MoveTactical
		if q.Mode == MoveFast {
			plan.Type = MoveFast
		} else if q.Mode != "" && q.Mode != MoveTactical {
			return rulesets.Result{}, fmt.Errorf("%s.mode: %q is not tactical or fast: %w", q.JSONPath, q.Mode, ErrQuery)
		}
		allowed = []string{"vehicle", "reverse"}
	case "retreat":
		plan.Type = MoveRetreat
		allowed = append(allowed, "leftAt")
	case "charge":
		plan.Type = MoveCharge
	case "embark":
		plan.Type = MoveEmbark
		allowed = append(allowed, "carrierMoved")
	case "split":
		plan.Type = MoveSplit
		allowed = append(allowed, "parent")
	case "merge":
		plan.Type = MoveMerge
	}
	typ := plan.Type
	var parent struct {
		Parent string `json:"parent"`
	}
	if q.Kind == "split" {
		if raw, ok := q.Extra["parent"]; ok {
			if err := json.Unmarshal(raw, &parent.Parent); err != nil {
				return rulesets.Result{}, fmt.Errorf("%s.parent: want a model id: %w", q.JSONPath, ErrQuery)
			}
		}
		x := *q
		x.Extra = map[string]json.RawMessage{}
		for k, v := range q.Extra {
			if k != "parent" {
				x.Extra[k] = v
			}
		}
		if err := decodeExtra(&x, &plan, allowed...); err != nil {
			return rulesets.Result{}, err
		}
		plan.Target = parent.Parent
	} else if err := decodeExtra(q, &plan, allowed...); err != nil {
		return rulesets.Result{}, err
	}
	plan.Type = typ
	if q.Target != "" {
		plan.Target = q.Target
	}
	if len(q.Turns) > 0 {
		if err := json.Unmarshal(q.Turns, &plan.Turns); err != nil {
			return rulesets.Result{}, fmt.Errorf("%s.turns: want an array of degrees: %w", q.JSONPath, ErrQuery)
		}
	}
	plan.Path = q.Path
	if len(plan.Path) == 0 && q.ToPoint != nil {
		m, ok := bf.Model(q.Model)
		if ok {
			plan.Path = []geom.Point{Centre(m, o), *q.ToPoint}
		}
	}
	v, err := CheckMove(bf, q.Model, plan, o)
	if err != nil {
		return rulesets.Result{}, wrapQ(q, err)
	}
	cost := 0.0
	for _, m := range v.Measures {
		if m.Name == "movement used" {
			cost = m.Value
		}
	}
	var violations []string
	for _, r := range v.Reasons {
		if !r.Pass {
			violations = append(violations, r.Clause+": "+r.Text)
		}
	}
	if violations == nil {
		violations = []string{}
	}
	return rulesets.VerdictResult(v, rulesets.Field{Name: "cost", Value: cost, Length: true}, rulesets.Field{Name: "violations", Value: violations}), nil
}

func answerScatter(q *scenario.Query, o Options) (rulesets.Result, error) {
	var x struct {
		Class   int      `json:"class"`
		Roll    *int     `json:"roll"`
		Bearing *float64 `json:"bearing"` // compass, clockwise from north
		Angle   *float64 `json:"angle"`   // counter-clockwise from +x
		Shift   *float64 `json:"shift"`   // event card 21: bearing of the 6" shift
	}
	if err := decodeExtra(q, &x, "class", "roll", "bearing", "angle", "shift"); err != nil {
		return rulesets.Result{}, err
	}
	if err := need(q, "point", q.Point != nil); err != nil {
		return rulesets.Result{}, err
	}
	if err := need(q, "roll", x.Roll != nil); err != nil {
		return rulesets.Result{}, err
	}
	bearing := 0.0
	switch {
	case x.Bearing != nil && x.Angle != nil:
		return rulesets.Result{}, fmt.Errorf("%s.angle: give bearing or angle, not both: %w", q.JSONPath, ErrQuery)
	case x.Bearing != nil:
		bearing = *x.Bearing
	case x.Angle != nil:
		bearing = 90 - *x.Angle
	}
	if !finite(bearing) {
		return rulesets.Result{}, fmt.Errorf("%s.bearing: not finite: %w", q.JSONPath, ErrQuery)
	}
	dev, capped, err := Deviation(x.Class, *x.Roll)
	if err != nil {
		return rulesets.Result{}, wrapQ(q, err)
	}
	aim := *q.Point
	if x.Shift != nil {
		aim = Scatter(aim, 6, *x.Shift, o) // event card 21
	}
	at := Scatter(aim, dev, bearing, o)
	expl := fmt.Sprintf("Class %d needs %d; the roll of %d deviates %g\"", x.Class, precisionClasses[x.Class].Target, *x.Roll, dev)
	if capped {
		expl += fmt.Sprintf(" (capped at %g\")", precisionClasses[x.Class].MaxDeviation)
	}
	expl += fmt.Sprintf(" towards bearing %g°, landing at (%.3f,%.3f) (CR-39, CR-40).", bearing, at.X, at.Y)
	return rulesets.Result{Fields: []rulesets.Field{{Name: "deviation", Value: dev, Length: true}, {Name: "capped", Value: capped},
		{Name: "impact", Value: []float64{round3(at.X), round3(at.Y)}}}, Explanation: expl}, nil
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

func answerBlast(bf *terrain.Battlefield, q *scenario.Query, o Options) (rulesets.Result, error) {
	var x struct {
		Deviation float64  `json:"deviation"`
		Light     []string `json:"light"`
	}
	if err := decodeExtra(q, &x, "deviation", "light"); err != nil {
		return rulesets.Result{}, err
	}
	if err := need(q, "point", q.Point != nil); err != nil {
		return rulesets.Result{}, err
	}
	var w Weapon
	if err := rulesets.DecodeStrict(q.Weapon, q.JSONPath+".weapon", &w); err != nil {
		return rulesets.Result{}, fmt.Errorf("%w: %w", err, ErrQuery)
	}
	if err := w.Validate(); err != nil {
		return rulesets.Result{}, wrapQ(q, err)
	}
	light := map[string]bool{}
	for _, id := range x.Light {
		light[id] = true
	}
	eff := Blast(bf, *q.Point, w, x.Deviation, light, o)
	if eff == nil {
		eff = []BlastEffect{}
	}
	expl := fmt.Sprintf("AP %d / AT %d landing at (%g,%g):", w.AP, w.AT, q.Point.X, q.Point.Y)
	for _, e := range eff {
		if e.Armoured {
			expl += fmt.Sprintf(" %s %.2f\" takes AT %g;", e.Model, e.Distance, e.AT)
		} else {
			expl += fmt.Sprintf(" %s %.2f\" takes %d hits (%d);", e.Model, e.Distance, e.Hits, e.Save)
		}
	}
	if len(eff) == 0 {
		expl += " nobody is affected;"
	}
	return rulesets.Result{Fields: []rulesets.Field{{Name: "effects", Value: eff}}, Explanation: expl[:len(expl)-1] + " (CR-41)."}, nil
}
