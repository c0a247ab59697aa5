package grimdark

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Game is Grimdark Future as the query runner sees it: its options and its
// own query kinds. The generic kinds (range, sight, visible-fraction, arc,
// path, ...) are answered with Options.Geometry.
var Game = &rulesets.Game{
	Name:       "grimdark-future",
	Title:      "Grimdark Future",
	NewOptions: func() rulesets.Options { o := DefaultOptions(); return &o },
	Kinds: []rulesets.Kind{
		rulesets.NewKind("shot", "a unit's models shooting at a unit: range, sight, cover by majority (GF-14, 17-20, 23)", answerShot),
		rulesets.NewKind("move", "a unit's hold, advance or rush with terrain, exclusion and coherency (GF-05-07, 11-14)", answerMove),
		rulesets.NewKind("charge", "a charge: reach, base contact or as close as possible, defenders' follow-up (GF-07, 08)", answerCharge),
		rulesets.NewKind("melee", "which models strike: 2 in across and 4 in up (GF-09)", answerMelee),
		rulesets.NewKind("after-melee", "the 3 in move or the 1 in move back after a melee (GF-10)", answerAfterMelee),
		rulesets.NewKind("coherency", "a unit's coherency: 1 in to another, 9 in to all (GF-06)", answerCoherency),
		rulesets.NewKind("objective", "who controls a marker at the end of a round (GF-04)", answerObjective),
		rulesets.NewKind("markers", "objective markers placed (GF-03)", answerMarkers),
		rulesets.NewKind("deployment", "a unit deployed, scouting or arriving from ambush (GF-01, 02, 15, 16)", answerDeployment),
		rulesets.NewKind("embark", "a unit boarding a transport (GF-22, 23)", answerEmbark),
		rulesets.NewKind("disembark", "a unit leaving a transport or placed around a destroyed one (GF-23)", answerDisembark),
		rulesets.NewKind("caster", "a model helping a caster: 18 in and sight (GF-21)", answerCaster),
		rulesets.NewKind("fire-plan", "a unit's split fire: two targets, one per weapon type (GF-17)", answerFirePlan),
	},
}

func init() { rulesets.Register(Game) }

// options returns a copy of the file's parsed options.
func options(env *rulesets.Env) Options { return *env.Options.(*Options) }

type shotRequest struct {
	Shooter string   `json:"shooter" scenario:"required"`
	Target  string   `json:"target" scenario:"required"`
	Weapon  Weapon   `json:"weapon" scenario:"required"`
	Firing  []string `json:"firing"`
	// Moved overrides whether the shooting unit moved this activation.
	Moved *bool `json:"moved"`
}

func answerShot(env *rulesets.Env, q *shotRequest) (rulesets.Result, error) {
	opt := options(env)
	if q.Moved != nil {
		if m, ok := env.Battlefield.Model(q.Shooter); ok {
			name := m.Squad
			if name == "" {
				name = m.ID
			}
			units := make(map[string]Unit, len(opt.Units)+1)
			for k, u := range opt.Units {
				units[k] = u
			}
			u := units[name]
			u.Moved = *q.Moved
			units[name] = u
			opt.Units = units
		}
	}
	v, r, err := CheckShot(env.Battlefield, q.Shooter, q.Target, q.Weapon, q.Firing, opt)
	if err != nil {
		return rulesets.Result{}, fail(env, err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "firing", Value: r.Firing}, rulesets.Field{Name: "allocatable", Value: r.Allocatable},
		rulesets.Field{Name: "inCover", Value: r.InCover}, rulesets.Field{Name: "coverSource", Value: r.CoverSource},
		rulesets.Field{Name: "effectiveRange", Value: rulesets.Round(r.EffectiveRange), Length: true},
		rulesets.Field{Name: "models", Value: r.Models}, rulesets.Field{Name: "cover", Value: r.Cover})
	shotPicture(env.Battlefield, &res, r, env.Options.Geometry().Sight)
	return res, nil
}

// shotPicture draws the firing models' sightlines to the model each sees,
// the blocked sightline of each model in range that sees no target model
// (to its nearest, under sight), marks the shooting models out of range
// and the target models in cover.
func shotPicture(bf *terrain.Battlefield, res *rulesets.Result, r ShotResult, sight los.Options) {
	if rulesets.Pictures {
		res.Draw(r.Firing)
	}
	for _, m := range r.Models {
		a, _ := bf.Model(m.ID)
		b, ok := bf.Model(m.Sees)
		if len(m.InRange) == 0 {
			if rulesets.Pictures {
				res.Draw(nil, render.Ring{ModelID: m.ID, Radius: 0.1, Label: "out of range"})
			}
		}
		if !ok && len(m.InRange) > 0 && m.Nearest != "" {
			if s, err := los.Sight(bf, m.ID, m.Nearest, sight); err == nil && !s.Visible {
				if rulesets.Pictures {
					res.Draw(nil, render.SightlineFromSight(s, m.ID+": no sight"))
				}
			}
		}
		if !m.Fires || !ok {
			continue
		}
		if rulesets.Pictures {
			res.Draw(nil, render.Sightline{From: a.EyePoint(), To: b.EyePoint(), Clear: true})
		}
	}
	if r.Cover != nil {
		for _, c := range r.Cover.Members {
			if c.Covered() {
				if rulesets.Pictures {
					res.Draw([]string{c.ID}, render.Ring{ModelID: c.ID, Radius: 0.1, Label: "cover"})
				}
			}
		}
	}
}

type moveRequest struct {
	Model  string                  `json:"model" scenario:"required"`
	Path   []geom.Point            `json:"path" scenario:"required"`
	Action string                  `json:"action"`
	Paths  map[string][]geom.Point `json:"paths"`
	// Target is the charged unit when Action is "charge".
	Target string `json:"target"`
}

func answerMove(env *rulesets.Env, q *moveRequest) (rulesets.Result, error) {
	paths := map[string][]geom.Point{q.Model: q.Path}
	for id, p := range q.Paths {
		if id == q.Model {
			return rulesets.Result{}, env.Errorf("paths."+id, ErrQuery, "%q is the query's model; its path is \"path\"", id)
		}
		paths[id] = p
	}
	m, ok := env.Battlefield.Model(q.Model)
	if !ok {
		return rulesets.Result{}, env.Errorf("model", ErrQuery, "%q: unknown model", q.Model)
	}
	unit := m.Squad
	if unit == "" {
		unit = m.ID
	}
	action := q.Action
	if action == "" {
		action = Advance
	}
	if action == Charge {
		if q.Target == "" {
			return rulesets.Result{}, env.Errorf("target", ErrQuery, "a charge names the charged unit")
		}
		return answerCharge(env, &chargeRequest{Unit: unit, Target: q.Target, Paths: paths})
	}
	v, r, err := CheckMove(env.Battlefield, unit, action, paths, options(env))
	if err != nil {
		return rulesets.Result{}, fail(env, err)
	}
	res := moveFields(v, r)
	movePicture(&res, v, r, paths)
	return res, nil
}

// moveFields shapes a move verdict as the answer.
func moveFields(v *rulesets.Verdict, r MoveResult) rulesets.Result {
	return rulesets.VerdictResult(v, rulesets.Field{Name: "allowance", Value: rulesets.Round(r.Allowance), Length: true},
		rulesets.Field{Name: "lengths", Value: r.Lengths}, rulesets.Field{Name: "capped", Value: r.Capped},
		rulesets.Field{Name: "difficult", Value: r.Difficult}, rulesets.Field{Name: "dangerous", Value: r.Dangerous},
		rulesets.Field{Name: "tooClose", Value: r.TooClose}, rulesets.Field{Name: "coherent", Value: r.Coherency.Coherent},
		rulesets.Field{Name: "mustClose", Value: r.MustClose})
}

// movePicture draws every moving model's path.
func movePicture(res *rulesets.Result, v *rulesets.Verdict, r MoveResult, paths map[string][]geom.Point) {
	for _, id := range slices.Sorted(mapsKeys(paths)) {
		p := paths[id]
		if rulesets.Pictures {
			res.Draw([]string{id}, render.PathOverlay{ModelID: id, Points: p, Cost: r.Lengths[id], HasCost: true, Legal: v.Legal})
		}
	}
}

type chargeRequest struct {
	Unit      string                  `json:"unit" scenario:"required"`
	Target    string                  `json:"target" scenario:"required"`
	Paths     map[string][]geom.Point `json:"paths"`
	Defenders map[string][]geom.Point `json:"defenders"`
}

func answerCharge(env *rulesets.Env, q *chargeRequest) (rulesets.Result, error) {
	v, r, err := CheckChargeWithin(env.Battlefield, q.Unit, q.Target, q.Paths, q.Defenders, options(env), env.Budget)
	if err != nil {
		return rulesets.Result{}, fail(env, err)
	}
	res := moveFields(v, r.MoveResult)
	res.Set("inContact", r.InContact).Set("closest", r.Closest).Set("defenders", r.Defenders)
	res.SetLength("nearest", r.Nearest).SetLength("reach", r.Reach)
	movePicture(&res, v, r.MoveResult, q.Paths)
	for _, c := range r.Closest {
		if m, ok := env.Battlefield.Model(c.ID); ok && c.Possible {
			if rulesets.Pictures {
				res.Draw(nil, render.Link{A: m.Position, B: toPoint(c.At), OK: true, Label: fmt.Sprintf("closest %.2f in", c.Best)})
			}
		}
	}
	return res, nil
}

type meleeRequest struct {
	Unit    string                     `json:"unit" scenario:"required"`
	Enemy   string                     `json:"enemy" scenario:"required"`
	Heights map[string]scenario.Length `json:"heights"`
}

func answerMelee(env *rulesets.Env, q *meleeRequest) (rulesets.Result, error) {
	h := map[string]float64{}
	for k, v := range q.Heights {
		h[k] = float64(v)
	}
	v, r, err := CheckMelee(env.Battlefield, q.Unit, q.Enemy, h, options(env))
	if err != nil {
		return rulesets.Result{}, fail(env, err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "strikers", Value: r.Strikers}, rulesets.Field{Name: "out", Value: r.Out})
	for _, s := range r.Strikers {
		if rulesets.Pictures {
			res.Draw([]string{s.ID, s.Enemy}, measure(env.Battlefield, s.ID, s.Enemy,
				fmt.Sprintf("strikes: %.2f in across (at most %g), %.2f in up (at most %g)", s.Horizontal, meleeHorizontal, s.Vertical, meleeVertical), true)...)
		}
	}
	return res, nil
}

type afterMeleeRequest struct {
	Unit      string                  `json:"unit" scenario:"required"`
	Enemy     string                  `json:"enemy" scenario:"required"`
	Destroyed bool                    `json:"destroyed"`
	Paths     map[string][]geom.Point `json:"paths"`
}

func answerAfterMelee(env *rulesets.Env, q *afterMeleeRequest) (rulesets.Result, error) {
	v, err := CheckAfterMelee(env.Battlefield, q.Unit, q.Enemy, q.Destroyed, q.Paths, options(env))
	res, err := verdict(env, v, err)
	if err == nil {
		if rulesets.Pictures {
			res.Draw(unitIDs(env.Battlefield, q.Unit), pathParts(q.Paths, v)...)
		}
	}
	return res, err
}

type coherencyRequest struct {
	Squad string `json:"squad" scenario:"required"`
}

func answerCoherency(env *rulesets.Env, q *coherencyRequest) (rulesets.Result, error) {
	v, r, err := CheckCoherency(env.Battlefield, q.Squad, options(env))
	if err != nil {
		return rulesets.Result{}, fail(env, err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "coherent", Value: r.Coherency.Coherent},
		rulesets.Field{Name: "isolated", Value: r.Isolated}, rulesets.Field{Name: "mustClose", Value: r.MustClose},
		rulesets.Field{Name: "broken", Value: r.Broken},
		rulesets.Field{Name: "tooFar", Value: r.Coherency.TooFar}, rulesets.Field{Name: "groups", Value: r.Coherency.Groups})
	for _, l := range render.LinksFromCoherency(env.Battlefield, r.Coherency) {
		if rulesets.Pictures {
			res.Draw(nil, l)
		}
	}
	if rulesets.Pictures {
		res.Draw(r.MustClose)
	}
	return res, nil
}

type objectiveRequest struct {
	Point geom.Point `json:"point" scenario:"required"`
	Owner string     `json:"owner"`
}

func answerObjective(env *rulesets.Env, q *objectiveRequest) (rulesets.Result, error) {
	opt := options(env)
	v, r, err := CheckObjective(env.Battlefield, q.Point, q.Owner, opt)
	if err != nil {
		return rulesets.Result{}, fail(env, err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "owner", Value: r.Owner}, rulesets.Field{Name: "state", Value: r.State},
		rulesets.Field{Name: "within", Value: r.Within}, rulesets.Field{Name: "ignored", Value: r.Ignored})
	if rulesets.Pictures {
		res.Draw(nil, render.Ring{Center: q.Point, Radius: objectiveReach + float64(opt.MarkerRadius), Label: "3 in"})
	}
	return res, nil
}

type markersRequest struct {
	Markers []geom.Point `json:"markers" scenario:"required"`
}

func answerMarkers(env *rulesets.Env, q *markersRequest) (rulesets.Result, error) {
	opt := options(env)
	v, err := CheckMarkers(env.Battlefield, q.Markers, opt)
	res, err := verdict(env, v, err)
	if err == nil {
		for i, p := range q.Markers {
			if rulesets.Pictures {
				res.Draw(nil, render.Ring{Center: p, Radius: objectiveReach + float64(opt.MarkerRadius), Label: fmt.Sprintf("marker %d: %s", i+1, rulesets.VerdictLabel(v))})
			}
		}
	}
	return res, err
}

type deploymentRequest struct {
	Unit string `json:"unit" scenario:"required"`
	Edge string `json:"edge"`
	Mode string `json:"mode"`
}

func answerDeployment(env *rulesets.Env, q *deploymentRequest) (rulesets.Result, error) {
	mode := q.Mode
	if mode == "" {
		mode = Deploy
	}
	v, err := CheckPlacement(env.Battlefield, q.Unit, q.Edge, mode, options(env))
	res, err := verdict(env, v, err)
	if err == nil {
		if rulesets.Pictures {
			res.Draw(unitIDs(env.Battlefield, q.Unit), zonePart(env.Battlefield.Table(), q.Edge, zoneDepth, mode+" zone "+q.Edge+": "+rulesets.VerdictLabel(v))...)
		}
	}
	return res, err
}

type embarkRequest struct {
	Unit      string `json:"unit" scenario:"required"`
	Transport string `json:"transport" scenario:"required"`
	Action    string `json:"action"`
}

func answerEmbark(env *rulesets.Env, q *embarkRequest) (rulesets.Result, error) {
	a := q.Action
	if a == "" {
		a = Advance
	}
	v, err := CheckEmbark(env.Battlefield, q.Unit, q.Transport, a, options(env))
	res, err := verdict(env, v, err)
	if err == nil {
		if c, ok := unitCentre(env.Battlefield, q.Unit); ok {
			if t, ok := env.Battlefield.Model(q.Transport); ok {
				if rulesets.Pictures {
					res.Draw(append(unitIDs(env.Battlefield, q.Unit), q.Transport), render.Link{A: c, B: t.Position, OK: v.Legal, Kind: render.LinkMeasure,
						Label: a + " to " + q.Transport + ": " + rulesets.VerdictLabel(v)})
				}
			}
		}
	}
	return res, err
}

type disembarkRequest struct {
	Unit      string                `json:"unit" scenario:"required"`
	Transport string                `json:"transport" scenario:"required"`
	Positions map[string]geom.Point `json:"positions"`
}

func answerDisembark(env *rulesets.Env, q *disembarkRequest) (rulesets.Result, error) {
	v, err := CheckDisembark(env.Battlefield, q.Unit, q.Transport, q.Positions, options(env))
	res, err := verdict(env, v, err)
	if err == nil {
		if _, ok := env.Battlefield.Model(q.Transport); ok {
			if rulesets.Pictures {
				res.Draw([]string{q.Transport}, render.Ring{ModelID: q.Transport, Radius: disembarkReach, Label: fmt.Sprintf("within %g in: %s", disembarkReach, rulesets.VerdictLabel(v))})
			}
		}
		ids := make([]string, 0, len(q.Positions))
		for id := range q.Positions {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if rulesets.Pictures {
				res.Draw(nil, rulesets.PointMark(q.Positions[id], id))
			}
		}
	}
	return res, err
}

type casterRequest struct {
	Model  string `json:"model" scenario:"required"`
	Caster string `json:"caster" scenario:"required"`
}

func answerCaster(env *rulesets.Env, q *casterRequest) (rulesets.Result, error) {
	v, err := CheckCaster(env.Battlefield, q.Model, q.Caster, options(env))
	res, err := verdict(env, v, err)
	if err == nil {
		if rulesets.Pictures {
			res.Draw([]string{q.Model, q.Caster}, measure(env.Battlefield, q.Model, q.Caster,
				fmt.Sprintf("%s (at most %g in): %s", measured(v, "distance"), casterReach, rulesets.VerdictLabel(v)), v.Legal)...)
		}
	}
	return res, err
}

type firePlanRequest struct {
	Unit string           `json:"unit" scenario:"required"`
	Plan []FireAssignment `json:"plan" scenario:"required"`
}

func answerFirePlan(env *rulesets.Env, q *firePlanRequest) (rulesets.Result, error) {
	v, err := CheckFirePlan(env.Battlefield, q.Unit, q.Plan)
	res, err := verdict(env, v, err)
	if err == nil {
		from, ok := unitCentre(env.Battlefield, q.Unit)
		for _, a := range q.Plan {
			if to, tok := unitCentre(env.Battlefield, a.Target); ok && tok {
				if rulesets.Pictures {
					res.Draw(unitIDs(env.Battlefield, a.Target), render.Link{A: from, B: to, OK: v.Legal, Kind: render.LinkMeasure, Label: a.Weapon + " at " + a.Target})
				}
			}
		}
	}
	return res, err
}

// verdict shapes a check's verdict as the answer.
func verdict(env *rulesets.Env, v *rulesets.Verdict, err error) (rulesets.Result, error) {
	if err != nil {
		return rulesets.Result{}, fail(env, err)
	}
	return rulesets.VerdictResult(v), nil
}

// fail returns a check's error at its query path: a *QueryError names its
// field below the query ("queries[2].paths.m1[3]"), anything else the
// query.
func fail(env *rulesets.Env, err error) error {
	var qe *QueryError
	if errors.As(err, &qe) {
		return &terrain.FieldError{Path: env.FieldPath(qe.Field), Value: qe.Value, Err: fmt.Errorf("%s: %w", qe.Value, qe.Err)}
	}
	return env.At("", err)
}
