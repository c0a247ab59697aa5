package codered

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// Game is Code Red as the query runner sees it: its options and its own
// query kinds (docs/rulesets/code-red.md). The generic kinds it does not
// define (range, visible-fraction, arc, path, ...) are answered with
// Options.Geometry; "sight" is Code Red's own algorithm (CR-10…CR-25).
var Game = &rulesets.Game{
	Name:       "code-red",
	Title:      "Code Red",
	NewOptions: func() rulesets.Options { o := DefaultOptions(); return &o },
	Kinds: []rulesets.Kind{
		rulesets.NewKind("shot", "whether a unit may open a firefight, with modifiers (CR-04…CR-31)", answerShot),
		rulesets.NewKind("sight", "line of sight by the Code Red algorithm (CR-10…CR-25)", answerSight),
		rulesets.NewKind("move", "an infantry tactical move (CR-32, CR-08, CR-09)", moveKind[infantryMove](MoveTactical)),
		rulesets.NewKind("jump", "an infantry jump (CR-32)", moveKind[infantryMove](MoveJump)),
		rulesets.NewKind("charge", "a charge with sight along its path (CR-35, CR-18)", moveKind[infantryMove](MoveCharge)),
		rulesets.NewKind("merge", "two units merging (CR-34)", moveKind[infantryMove](MoveMerge)),
		rulesets.NewKind("retreat", "a retreat (CR-33)", moveKind[retreatMove](MoveRetreat)),
		rulesets.NewKind("embark", "a unit embarking (CR-38)", moveKind[embarkMove](MoveEmbark)),
		rulesets.NewKind("split", "a unit splitting off its parent (CR-34)", moveKind[splitMove](MoveSplit)),
		rulesets.NewKind("vehicle-move", "a vehicle move with terrain and turning costs (CR-36, CR-37)", answerVehicleMove),
		rulesets.NewKind("smoke", "a smoke screen laid (CR-25)", answerSmoke),
		rulesets.NewKind("view-edges", "whether a unit in a building block sees a point through its declared edges (CR-09)", answerViewEdges),
		rulesets.NewKind("scatter", "where an indirect shot lands (CR-39, CR-40)", answerScatter),
		rulesets.NewKind("blast", "what a blast does to every model (CR-41)", answerBlast),
		rulesets.NewKind("rally-point", "a rally point moved (CR-43)", answerRally),
		rulesets.NewKind("placement", "something placed on the table (CR-42…CR-46)", answerPlacement),
		rulesets.NewKind("ied", "where a path triggers an IED (CR-42)", answerIED),
		rulesets.NewKind("deployment", "whether a point lies in a deployment zone (CR-45)", answerDeployment),
		rulesets.NewKind("objective", "who controls an objective (CR-46)", answerObjective),
	},
}

func init() { rulesets.Register(Game) }

// options returns a copy of the file's parsed options that a kind may
// adjust for one query (its Situation).
func options(env *rulesets.Env) Options { return *env.Options.(*Options) }

// parseWeapon reads a query's weapon: a name ("rifles") or an object.
func parseWeapon(env *rulesets.Env, raw json.RawMessage, field string) (Weapon, error) {
	var w Weapon
	if len(raw) == 0 {
		return w, nil
	}
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &w.Name); err != nil {
			return w, env.Errorf(field, ErrQuery, "want a weapon name or object")
		}
		return w, nil
	}
	if err := scenario.DecodeValue(raw, env.FieldPath(field), env.Units, &w); err != nil {
		return w, err
	}
	if err := w.Validate(); err != nil {
		return w, env.Errorf(field, err, "%s", w.Name)
	}
	return w, nil
}

type shotRequest struct {
	Shooter     string              `json:"shooter" scenario:"required"`
	Target      string              `json:"target" scenario:"required"`
	Weapon      json.RawMessage     `json:"weapon"`
	TargetMoved *bool               `json:"targetMoved"`
	ViewEdges   map[string][]string `json:"viewEdges"`
	Turrets     map[string]Turret   `json:"turrets"`
	Successes   int                 `json:"successes"`
	Officer     string              `json:"officer"`
}

func answerShot(env *rulesets.Env, q *shotRequest) (rulesets.Result, error) {
	w, err := parseWeapon(env, q.Weapon, "weapon")
	if err != nil {
		return rulesets.Result{}, err
	}
	o := options(env)
	o.Situation = Situation{TargetMoved: q.TargetMoved, ViewEdges: q.ViewEdges, Turrets: q.Turrets, Successes: q.Successes, Officer: q.Officer}
	v, err := CheckShot(env.Battlefield, q.Shooter, q.Target, w, o)
	if err != nil {
		return rulesets.Result{}, err
	}
	r := rulesets.VerdictResult(v)
	if rulesets.Pictures {
		r.Draw([]string{q.Shooter, q.Target}, rulesets.ShotParts(env, q.Shooter, q.Target, rulesets.VerdictLabel(v))...)
	}
	return r, nil
}

type sightRequest struct {
	From string `json:"from" scenario:"required"`
	To   string `json:"to" scenario:"required"`
}

func answerSight(env *rulesets.Env, q *sightRequest) (rulesets.Result, error) {
	rep, err := Sight(env.Battlefield, q.From, q.To, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	r := rulesets.Result{Explanation: sightText(rep, q.From, q.To)}
	r.Set("visible", rep.Visible).Set("blockedBy", nullable(rep.BlockedBy)).Set("doubtful", rep.Doubtful).Set("steps", rep.Steps)
	if rulesets.Pictures {
		r.Draw([]string{q.From, q.To}, sightParts(env, q.From, q.To, rep)...)
	}
	return r, nil
}

type smokeRequest struct {
	Model     string      `json:"model" scenario:"required"`
	Point     geom.Point  `json:"point" scenario:"required"`
	Grenadier bool        `json:"grenadier"`
	Round     int         `json:"round"`
	Cuts      [][2]string `json:"cuts"`
}

// sightParts draws a Code Red sight answer: the generic sightline and
// visible part, captioned with the Code Red verdict.
func sightParts(env *rulesets.Env, from, to string, rep SightReport) []render.Part {
	label := "CR sight: clear"
	if !rep.Visible {
		label = "CR sight: blocked"
		if rep.BlockedBy != "" {
			label += " by " + rep.BlockedBy
		}
	}
	return rulesets.ShotParts(env, from, to, label)
}

func answerSmoke(env *rulesets.Env, q *smokeRequest) (rulesets.Result, error) {
	v, err := CheckSmoke(env.Battlefield, q.Model, q.Point, q.Grenadier, q.Round, q.Cuts, options(env))
	r, err := verdict(v, err, q.Model)
	if err == nil {
		o := options(env)
		if rulesets.Pictures {
			r.Draw(nil, render.Template{Circle: &geom.Circle{Center: q.Point, Radius: float64(o.SmokeDiameter) / 2},
				Label: "smoke " + rulesets.VerdictLabel(v)})
		}
	}
	return r, err
}

type viewEdgesRequest struct {
	Model string   `json:"model" scenario:"required"`
	To    string   `json:"to" scenario:"required"`
	Edges []string `json:"edges"`
}

func answerViewEdges(env *rulesets.Env, q *viewEdgesRequest) (rulesets.Result, error) {
	o := options(env)
	if q.Edges == nil {
		q.Edges = []string{}
	}
	o.Situation.ViewEdges = map[string][]string{q.Model: q.Edges}
	m, err := modelByID(env.Battlefield, q.Model, "model")
	if err != nil {
		return rulesets.Result{}, err
	}
	e, err := modelByID(env.Battlefield, q.To, "to")
	if err != nil {
		return rulesets.Result{}, err
	}
	v := rulesets.NewVerdict()
	ok, text, checked := viewEdgeAllows(env.Battlefield, m, Centre(e, o), o)
	switch {
	case !checked:
		v.Forbid("CR-09", "%s is not in a building block", m.ID)
	case ok:
		v.Allow("CR-09", "%s", text)
	default:
		v.Forbid("CR-09", "%s", text)
	}
	r, err := verdict(v, nil, q.Model, q.To)
	// The line judged: from the unit's centre to the other's, through the
	// declared edges when allowed.
	label := "view edges " + strings.Join(q.Edges, ", ") + ": " + rulesets.VerdictLabel(v)
	if rulesets.Pictures {
		r.Draw(nil, render.Sightline{From: geom.Lift(Centre(m, o), m.EyePoint().Z), To: geom.Lift(Centre(e, o), e.EyePoint().Z), Clear: ok && checked, Label: label})
	}
	return r, err
}

type rallyRequest struct {
	Side          string       `json:"side"`
	Path          []geom.Point `json:"path" scenario:"required"`
	Used          bool         `json:"used"`
	Outmanoeuvred bool         `json:"outmanoeuvred"`
}

func answerRally(env *rulesets.Env, q *rallyRequest) (rulesets.Result, error) {
	v, err := CheckRallyMove(env.Battlefield, q.Side, q.Path, q.Used, q.Outmanoeuvred, options(env))
	r, err := verdict(v, err)
	if err == nil {
		if rulesets.Pictures {
			r.Draw(nil, rulesets.MovePart("", q.Path, -1, v.Legal, rulesets.FailedClauses(v)))
		}
	}
	return r, err
}

type placementRequest struct {
	Point geom.Point `json:"point" scenario:"required"`
	Placement
}

func answerPlacement(env *rulesets.Env, q *placementRequest) (rulesets.Result, error) {
	v, err := CheckPlacement(env.Battlefield, q.Point, q.Placement, options(env))
	r, err := verdict(v, err)
	if err == nil {
		// No placing within close range of an enemy unit (CR-42…CR-46):
		// the circle an enemy must stay out of.
		if rulesets.Pictures {
			r.Draw(nil, render.Ring{Center: q.Point, Radius: float64(options(env).CloseRange), Label: q.What + " " + rulesets.VerdictLabel(v)})
		}
	}
	return r, err
}

type iedRequest struct {
	Point geom.Point   `json:"point" scenario:"required"`
	Path  []geom.Point `json:"path" scenario:"required"`
}

func answerIED(env *rulesets.Env, q *iedRequest) (rulesets.Result, error) {
	o := options(env)
	at, along, ok := IEDTriggerPoint(q.Point, q.Path, o)
	var r rulesets.Result
	r.Set("triggered", ok)
	if ok {
		r.Set("triggerPoint", rulesets.Point2(at))
		r.Explanation = fmt.Sprintf("The IED is triggered at (%.3f, %.3f), %.2f in along the path, %g in from it (CR-42).", at.X, at.Y, along, float64(o.IEDTrigger))
	} else {
		r.Set("triggerPoint", nil)
		r.Explanation = fmt.Sprintf("The path does not come within %g in of the IED (CR-42).", float64(o.IEDTrigger))
	}
	r.SetLength("alongPath", along)
	if rulesets.Pictures {
		r.Draw(nil, rulesets.MovePart("", q.Path, -1, true, nil), render.Ring{Center: q.Point, Radius: float64(o.IEDTrigger), Label: "IED trigger"})
	}
	if ok {
		if rulesets.Pictures {
			r.Draw(nil, rulesets.PointMark(at, "triggered"))
		}
	}
	return r, nil
}

type deploymentRequest struct {
	Point geom.Point `json:"point" scenario:"required"`
	Zone  string     `json:"zone"`
	Roll  int        `json:"roll"`
}

func answerDeployment(env *rulesets.Env, q *deploymentRequest) (rulesets.Result, error) {
	zone := q.Zone
	if zone == "" {
		z, err := ZoneForRoll(q.Roll, options(env))
		if err != nil {
			return rulesets.Result{}, env.At("roll", err)
		}
		zone = z
	}
	poly, err := DeploymentZone(env.Battlefield.Table(), zone)
	if err != nil {
		return rulesets.Result{}, env.At("zone", err)
	}
	in := poly.Locate(q.Point) != geom.Outside
	where := "outside"
	if in {
		where = "inside"
	}
	var r rulesets.Result
	r.Set("zone", zone).Set("inside", in)
	if rulesets.Pictures {
		r.Draw(nil, render.Template{Shape: poly, Label: "zone " + zone}, rulesets.PointMark(q.Point, where))
	}
	r.Explanation = fmt.Sprintf("(%g, %g) is %s deployment zone %s (CR-45).", rulesets.Round(q.Point.X), rulesets.Round(q.Point.Y), where, zone)
	return r, nil
}

type objectiveRequest struct {
	Point geom.Point `json:"point" scenario:"required"`
	Side  string     `json:"side"`
}

func answerObjective(env *rulesets.Env, q *objectiveRequest) (rulesets.Result, error) {
	c, ids := ObjectiveState(env.Battlefield, q.Point, q.Side, options(env))
	if ids == nil {
		ids = []string{}
	}
	var r rulesets.Result
	r.Set("state", string(c)).Set("within", ids)
	r.Explanation = fmt.Sprintf("The objective is %s for %s: units within %g in: %v (CR-46).", c, q.Side, float64(ObjectiveControl), ids)
	if rulesets.Pictures {
		r.Draw(ids, render.Ring{Center: q.Point, Radius: float64(ObjectiveControl), Label: "objective " + string(c)})
	}
	return r, nil
}

// verdict turns a checker's verdict into an answer highlighting ids.
func verdict(v *rulesets.Verdict, err error, ids ...string) (rulesets.Result, error) {
	if err != nil {
		return rulesets.Result{}, err
	}
	r := rulesets.VerdictResult(v)
	if rulesets.Pictures {
		r.Draw(ids)
	}
	return r, nil
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
