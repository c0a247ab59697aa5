package codered

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// Game is Code Red as the query runner sees it.
var Game rulesets.Game = game{}

type game struct{}

// Name returns "code-red".
func (game) Name() string { return "code-red" }

var kinds = []string{"shot", "move", "sight", "jump", "vehicle-move", "retreat", "charge", "embark", "split", "merge",
	"smoke", "view-edges", "scatter", "blast", "rally-point", "placement", "ied", "deployment", "objective"}

// Kinds lists the query kinds Code Red answers (docs/rulesets/code-red.md).
func (game) Kinds() []string { return append([]string(nil), kinds...) }

// decodeExtra decodes q.Extra strictly into v: an unknown field or a value
// of the wrong type is an error naming q.JSONPath + ".field".
func decodeExtra(q *scenario.Query, v any, allowed ...string) error {
	names := make([]string, 0, len(q.Extra))
	for k := range q.Extra {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return fmt.Errorf("%s.%s: unknown field for kind %q: %w", q.JSONPath, k, q.Kind, ErrQuery)
		}
	}
	for _, k := range names {
		obj, _ := json.Marshal(map[string]json.RawMessage{k: q.Extra[k]})
		dec := json.NewDecoder(bytes.NewReader(obj))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				return fmt.Errorf("%s.%s: wrong type (%s): %w", q.JSONPath, te.Field, string(q.Extra[k]), ErrQuery)
			}
			return fmt.Errorf("%s.%s: %v: %w", q.JSONPath, k, err, ErrQuery)
		}
	}
	return nil
}

func need(q *scenario.Query, field string, ok bool) error {
	if !ok {
		return fmt.Errorf("%s.%s: required for kind %q: %w", q.JSONPath, field, q.Kind, ErrQuery)
	}
	return nil
}

func wrapQ(q *scenario.Query, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s.%w", q.JSONPath, err)
}

// Answer answers one query of f under Code Red.
func (game) Answer(f *scenario.File, q *scenario.Query) (rulesets.Result, error) {
	o, err := ParseOptions(f.Options)
	if err != nil {
		return rulesets.Result{}, err
	}
	bf := f.Battlefield()
	if bf == nil {
		return rulesets.Result{}, fmt.Errorf("%s: the file has no battlefield: %w", q.JSONPath, ErrQuery)
	}
	switch q.Kind {
	case "shot":
		var w Weapon
		if len(q.Weapon) > 0 && q.Weapon[0] == '{' {
			if err := rulesets.DecodeStrict(q.Weapon, q.JSONPath+".weapon", &w); err != nil {
				return rulesets.Result{}, fmt.Errorf("%w: %w", err, ErrQuery)
			}
		} else if len(q.Weapon) > 0 {
			_ = json.Unmarshal(q.Weapon, &w.Name)
		}
		var x struct {
			TargetMoved *bool               `json:"targetMoved"`
			ViewEdges   map[string][]string `json:"viewEdges"`
			Turrets     map[string]Turret   `json:"turrets"`
			Successes   int                 `json:"successes"`
			Officer     string              `json:"officer"`
		}
		if err := decodeExtra(q, &x, "targetMoved", "viewEdges", "turrets", "successes", "officer"); err != nil {
			return rulesets.Result{}, err
		}
		o.Situation = Situation{TargetMoved: x.TargetMoved, ViewEdges: x.ViewEdges, Turrets: x.Turrets, Successes: x.Successes, Officer: x.Officer}
		v, err := CheckShot(bf, q.Shooter, q.Target, w, o)
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		return rulesets.VerdictResult(v), nil
	case "sight":
		rep, err := Sight(bf, q.From, q.To, o)
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		return rulesets.Result{Fields: []rulesets.Field{{Name: "visible", Value: rep.Visible}, {Name: "blockedBy", Value: nullable(rep.BlockedBy)},
			{Name: "doubtful", Value: rep.Doubtful}, {Name: "steps", Value: rep.Steps}}, Explanation: sightText(rep, q.From, q.To)}, nil
	case "move", "jump", "vehicle-move", "retreat", "charge", "embark", "split", "merge":
		return answerMove(bf, q, o)
	case "smoke":
		var x struct {
			Grenadier bool        `json:"grenadier"`
			Round     int         `json:"round"`
			Cuts      [][2]string `json:"cuts"`
		}
		if err := decodeExtra(q, &x, "grenadier", "round", "cuts"); err != nil {
			return rulesets.Result{}, err
		}
		if err := need(q, "point", q.Point != nil); err != nil {
			return rulesets.Result{}, err
		}
		v, err := CheckSmoke(bf, q.Model, *q.Point, x.Grenadier, x.Round, x.Cuts, o)
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		return rulesets.VerdictResult(v), nil
	case "view-edges":
		var x struct {
			Edges []string `json:"edges"`
		}
		if err := decodeExtra(q, &x, "edges"); err != nil {
			return rulesets.Result{}, err
		}
		if x.Edges == nil {
			x.Edges = []string{}
		}
		o.Situation.ViewEdges = map[string][]string{q.Model: x.Edges}
		m, err := modelByID(bf, q.Model, "model")
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		e, err := modelByID(bf, q.To, "to")
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		v := rulesets.NewVerdict()
		ok, text, checked := viewEdgeAllows(bf, m, Centre(e, o), o)
		switch {
		case !checked:
			v.Forbid("CR-09", "%s is not in a building block", m.ID)
		case ok:
			v.Allow("CR-09", "%s", text)
		default:
			v.Forbid("CR-09", "%s", text)
		}
		return rulesets.VerdictResult(v), nil
	case "scatter":
		return answerScatter(q, o)
	case "blast":
		return answerBlast(bf, q, o)
	case "rally-point":
		var x struct {
			Side          string `json:"side"`
			Used          bool   `json:"used"`
			Outmanoeuvred bool   `json:"outmanoeuvred"`
		}
		if err := decodeExtra(q, &x, "side", "used", "outmanoeuvred"); err != nil {
			return rulesets.Result{}, err
		}
		v, err := CheckRallyMove(bf, x.Side, q.Path, x.Used, x.Outmanoeuvred, o)
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		return rulesets.VerdictResult(v), nil
	case "placement":
		var pl Placement
		if err := decodeExtra(q, &pl, "what", "side", "rallyPoint", "objectives", "traps", "ambush"); err != nil {
			return rulesets.Result{}, err
		}
		if err := need(q, "point", q.Point != nil); err != nil {
			return rulesets.Result{}, err
		}
		v, err := CheckPlacement(bf, *q.Point, pl, o)
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		return rulesets.VerdictResult(v), nil
	case "ied":
		if err := decodeExtra(q, &struct{}{}); err != nil {
			return rulesets.Result{}, err
		}
		if err := need(q, "point", q.Point != nil); err != nil {
			return rulesets.Result{}, err
		}
		at, along, ok := IEDTriggerPoint(*q.Point, q.Path, o)
		var atv any
		expl := fmt.Sprintf("The path does not come within %g\" of the IED (CR-42).", o.IEDTrigger)
		if ok {
			atv = []float64{round3(at.X), round3(at.Y)}
			expl = fmt.Sprintf("The IED is triggered at (%.3f,%.3f), %.2f\" along the path, %g\" from it (CR-42).", at.X, at.Y, along, o.IEDTrigger)
		}
		return rulesets.Result{Fields: []rulesets.Field{{Name: "triggered", Value: ok}, {Name: "triggerPoint", Value: atv},
			{Name: "alongPath", Value: round3(along), Length: true}}, Explanation: expl}, nil
	case "deployment":
		var x struct {
			Zone string `json:"zone"`
			Roll int    `json:"roll"`
		}
		if err := decodeExtra(q, &x, "zone", "roll"); err != nil {
			return rulesets.Result{}, err
		}
		if x.Zone == "" {
			z, err := ZoneForRoll(x.Roll, o)
			if err != nil {
				return rulesets.Result{}, wrapQ(q, err)
			}
			x.Zone = z
		}
		poly, err := DeploymentZone(bf.Table(), x.Zone)
		if err != nil {
			return rulesets.Result{}, wrapQ(q, err)
		}
		if err := need(q, "point", q.Point != nil); err != nil {
			return rulesets.Result{}, err
		}
		in := poly.Locate(*q.Point) != geom.Outside
		return rulesets.Result{Fields: []rulesets.Field{{Name: "zone", Value: x.Zone}, {Name: "inside", Value: in}},
			Explanation: fmt.Sprintf("(%g,%g) is %s deployment zone %s (CR-45).", q.Point.X, q.Point.Y, map[bool]string{true: "inside", false: "outside"}[in], x.Zone)}, nil
	case "objective":
		var x struct {
			Side string `json:"side"`
		}
		if err := decodeExtra(q, &x, "side"); err != nil {
			return rulesets.Result{}, err
		}
		if err := need(q, "point", q.Point != nil); err != nil {
			return rulesets.Result{}, err
		}
		c, ids := ObjectiveState(bf, *q.Point, x.Side, o)
		if ids == nil {
			ids = []string{}
		}
		return rulesets.Result{Fields: []rulesets.Field{{Name: "state", Value: string(c)}, {Name: "within", Value: ids}},
			Explanation: fmt.Sprintf("The objective is %s for %s: units within 6\": %v (CR-46).", c, x.Side, ids)}, nil
	}
	return rulesets.Result{}, fmt.Errorf("%s.kind: %q is not a Code Red query kind: %w", q.JSONPath, q.Kind, ErrQuery)
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func sightText(rep SightReport, a, b string) string {
	switch {
	case rep.Visible && rep.Doubtful:
		return fmt.Sprintf("%s and %s see each other, but doubtfully at the %s limit (CR-10).", a, b, rep.Threshold)
	case rep.Visible:
		return fmt.Sprintf("%s and %s see each other (%s).", a, b, summarizeSteps(rep))
	}
	return fmt.Sprintf("%s and %s do not see each other: %s (%s, %s).", a, b, rep.BlockedBy, failText(rep), rep.Clause)
}
