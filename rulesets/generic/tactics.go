package generic

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/tactics"
	"github.com/sightline/sightline/terrain"
)

// GainSightRequest is a "gain-sight" query: the shortest legal move of
// Model within Allowance after which it sees Target (any part, at least
// Fraction of it, or, with Weapon, a legal shot under the file's game).
type GainSightRequest struct {
	Model     string          `json:"model" scenario:"required"`
	Target    string          `json:"target" scenario:"required"`
	Allowance scenario.Length `json:"allowance" scenario:"required"`
	Fraction  float64         `json:"fraction"`
	// Weapon is the game's weapon object of its "shot" query; Shot holds
	// that query's other fields (not shooter, target or weapon).
	Weapon   json.RawMessage `json:"weapon"`
	Shot     json.RawMessage `json:"shot"`
	Indirect bool            `json:"indirect"`
	Facing   string          `json:"facing"`
	// MaxWork bounds the search's operations (0: tactics.DefaultWork).
	MaxWork int `json:"maxWork"`
}

// BreakSightRequest is a "break-sight" query: the shortest legal move of
// Model within Allowance after which no observer sees it (each sees less
// than Fraction of it, or none may shoot it with Weapon).
type BreakSightRequest struct {
	Model     string          `json:"model" scenario:"required"`
	Observers []string        `json:"observers" scenario:"required"`
	Allowance scenario.Length `json:"allowance" scenario:"required"`
	Fraction  float64         `json:"fraction"`
	Weapon    json.RawMessage `json:"weapon"`
	Shot      json.RawMessage `json:"shot"`
	Facing    string          `json:"facing"`
	// MaxWork bounds the search's operations (0: tactics.DefaultWork).
	MaxWork int `json:"maxWork"`
}

// SafeSpotsRequest is a "safe-spots" query: the cells of side Cell
// (default 1 in) Model reaches within Allowance hidden as in break-sight.
type SafeSpotsRequest struct {
	BreakSightRequest
	Cell scenario.Length `json:"cell"`
}

// moveOf checks the shared fields and returns the engine's Move.
// The query's work is charged to env.Budget as well as bounded by maxWork.
func moveOf(env *rulesets.Env, model string, allowance scenario.Length, fraction float64, facing string, maxWork int) (tactics.Move, error) {
	if _, ok := env.Battlefield.Model(model); !ok {
		return tactics.Move{}, env.Errorf("model", terrain.ErrUnknownID, "no model %q", model)
	}
	if a := float64(allowance); math.IsNaN(a) || a < 0 || a > maxLength {
		return tactics.Move{}, env.Errorf("allowance", scenario.ErrValue, "%g is not a length in [0, %g] in", a, float64(maxLength))
	}
	if math.IsNaN(fraction) || fraction < 0 || fraction > 1 {
		return tactics.Move{}, env.Errorf("fraction", scenario.ErrValue, "%g is not a fraction in [0, 1]", fraction)
	}
	switch tactics.Facing(facing) {
	case "", tactics.FacingKeep, tactics.FacingTarget, tactics.FacingPath:
	default:
		return tactics.Move{}, env.Errorf("facing", scenario.ErrValue, "%q: want keep, target or path", facing)
	}
	if maxWork < 0 || maxWork > tactics.MaxWorkLimit {
		return tactics.Move{}, env.Errorf("maxWork", scenario.ErrValue, "%d is not an operation count in [0, %d] (0: the default %d)", maxWork, tactics.MaxWorkLimit, tactics.DefaultWork)
	}
	return tactics.Move{Model: model, Allowance: float64(allowance), Route: env.Route(), Sight: env.Options.Geometry().Sight,
		Facing: tactics.Facing(facing), MaxWork: maxWork}, nil
}

// shotFunc returns the game's shot as a tactics.ShotFunc (nil without a
// weapon): the file's "shot" query with the given shooter and target on
// the battlefield with the model moved.
func shotFunc(env *rulesets.Env, weapon, extra json.RawMessage) (tactics.ShotFunc, error) {
	if len(weapon) == 0 || string(weapon) == "null" {
		if len(extra) > 0 && string(extra) != "null" {
			return nil, env.Errorf("shot", scenario.ErrValue, "shot fields without a weapon")
		}
		return nil, nil
	}
	fields := map[string]json.RawMessage{}
	if len(extra) > 0 && string(extra) != "null" {
		if err := json.Unmarshal(extra, &fields); err != nil {
			return nil, env.Errorf("shot", scenario.ErrValue, "want an object of the shot query's fields")
		}
	}
	for _, k := range []string{"id", "kind", "shooter", "target", "weapon"} {
		if _, ok := fields[k]; ok {
			return nil, env.Errorf("shot."+k, scenario.ErrValue, "set by the search, not by the query")
		}
	}
	return func(bf *terrain.Battlefield, shooter, target string) (bool, string, error) {
		q := make(map[string]json.RawMessage, len(fields)+3)
		for k, v := range fields {
			q[k] = v
		}
		q["weapon"] = weapon
		q["shooter"], _ = json.Marshal(shooter)
		q["target"], _ = json.Marshal(target)
		raw, err := json.Marshal(q)
		if err != nil {
			return false, "", err
		}
		r, err := env.Ask(bf, "shot", raw)
		if err != nil {
			return false, "", err
		}
		legal, _ := r.Get("legal")
		ok, _ := legal.(bool)
		return ok, r.Explanation, nil
	}, nil
}

// tacticsErr names the query field an engine error is about.
func tacticsErr(env *rulesets.Env, err error) error {
	if errors.Is(err, terrain.ErrUnknownID) {
		return env.At("target", err)
	}
	return env.At("", err)
}

// GainSight answers reachable, at, facing, path, cost and the sightline
// that proves sight (see docs/queries.md).
func GainSight(env *rulesets.Env, q *GainSightRequest) (rulesets.Result, error) {
	mv, err := moveOf(env, q.Model, q.Allowance, q.Fraction, q.Facing, q.MaxWork)
	if err != nil {
		return rulesets.Result{}, err
	}
	if _, ok := env.Battlefield.Model(q.Target); !ok || q.Target == q.Model {
		return rulesets.Result{}, env.Errorf("target", terrain.ErrUnknownID, "no other model %q", q.Target)
	}
	shot, err := shotFunc(env, q.Weapon, q.Shot)
	if err != nil {
		return rulesets.Result{}, err
	}
	a, err := tactics.GainSight(movement.NewRouter(env.Battlefield), tactics.GainRequest{Move: mv, Target: q.Target, Fraction: q.Fraction, Shot: shot, Indirect: q.Indirect})
	if err != nil {
		return rulesets.Result{}, tacticsErr(env, err)
	}
	r := moveResult(env, a)
	if len(a.Proof) > 0 {
		l := a.Proof[0]
		r.Set("sightline", map[string]any{"from": rulesets.Point3(l.Segment.A), "to": rulesets.Point3(l.Segment.B), "clear": l.Clear})
		if l.Fraction != nil {
			r.Set("fraction", rulesets.Round(*l.Fraction))
		}
		if rulesets.Pictures {
			r.Draw(nil, sightPart(l, "proof"))
		}
	}
	if a.Verdict != "" {
		r.Set("verdict", a.Verdict)
	}
	if rulesets.Pictures {
		r.Draw([]string{q.Target})
	}
	r.Explanation = gainText(q, a)
	return r, nil
}

// BreakSight answers reachable, at, facing, path, cost and, per observer,
// the line to the model's centre that is now blocked.
func BreakSight(env *rulesets.Env, q *BreakSightRequest) (rulesets.Result, error) {
	req, err := breakRequest(env, q)
	if err != nil {
		return rulesets.Result{}, err
	}
	a, err := tactics.BreakSight(movement.NewRouter(env.Battlefield), req)
	if err != nil {
		return rulesets.Result{}, env.At("", err)
	}
	r := moveResult(env, a)
	lines := make([]map[string]any, 0, len(a.Proof))
	for _, l := range a.Proof {
		e := map[string]any{"observer": l.Observer, "from": rulesets.Point3(l.Segment.A), "to": rulesets.Point3(l.Segment.B), "clear": l.Clear, "blockedBy": nil}
		if l.Blocker != "" {
			e["blockedBy"] = l.Blocker
		}
		if l.Fraction != nil {
			e["fraction"] = rulesets.Round(*l.Fraction)
		}
		lines = append(lines, e)
		if rulesets.Pictures {
			r.Draw(nil, sightPart(l, l.Observer))
		}
	}
	if a.Found {
		r.Set("lines", lines)
	}
	if a.Verdict != "" {
		r.Set("verdict", a.Verdict)
	}
	if rulesets.Pictures {
		r.Draw(q.Observers)
	}
	r.Explanation = breakText(q, a)
	return r, nil
}

// breakRequest checks a break-sight query and returns the engine's request.
func breakRequest(env *rulesets.Env, q *BreakSightRequest) (tactics.BreakRequest, error) {
	mv, err := moveOf(env, q.Model, q.Allowance, q.Fraction, q.Facing, q.MaxWork)
	if err != nil {
		return tactics.BreakRequest{}, err
	}
	if len(q.Observers) == 0 {
		return tactics.BreakRequest{}, env.Errorf("observers", scenario.ErrValue, "want at least one model id")
	}
	for i, id := range q.Observers {
		if _, ok := env.Battlefield.Model(id); !ok || id == q.Model {
			return tactics.BreakRequest{}, env.Errorf(fmt.Sprintf("observers[%d]", i), terrain.ErrUnknownID, "no other model %q", id)
		}
	}
	shot, err := shotFunc(env, q.Weapon, q.Shot)
	if err != nil {
		return tactics.BreakRequest{}, err
	}
	return tactics.BreakRequest{Move: mv, Observers: q.Observers, Fraction: q.Fraction, Shot: shot}, nil
}

// SafeSpots answers spots ([{at, cost}], cheapest first), count and cell.
func SafeSpots(env *rulesets.Env, q *SafeSpotsRequest) (rulesets.Result, error) {
	req, err := breakRequest(env, &q.BreakSightRequest)
	if err != nil {
		return rulesets.Result{}, err
	}
	cell := float64(q.Cell)
	if cell == 0 {
		cell = 1
	}
	if cell < 0.1 || cell > 12 {
		return rulesets.Result{}, env.Errorf("cell", scenario.ErrValue, "%g is not a length in [0.1, 12] in", cell)
	}
	s, err := tactics.SafeSpots(movement.NewRouter(env.Battlefield), req, cell)
	if err != nil {
		return rulesets.Result{}, env.At("", err)
	}
	var r rulesets.Result
	spots := make([]map[string]any, len(s.Spots))
	centres := make([]geom.Point, len(s.Spots))
	for i, sp := range s.Spots {
		spots[i] = map[string]any{"at": rulesets.Point2(sp.At), "cost": rulesets.Round(sp.Cost)}
		centres[i] = sp.At
	}
	r.Set("spots", spots)
	r.Set("count", len(s.Spots))
	r.SetLength("cell", s.Cell)
	r.Set("reachableCells", s.Reachable)
	r.Set("exhausted", s.Exhausted)
	r.Explanation = fmt.Sprintf("%s reaches %d cells of %.3g in within %.3f in; %d of them are hidden from %v.", q.Model, s.Reachable, cell, float64(q.Allowance), len(s.Spots), q.Observers)
	if s.Exhausted {
		r.Explanation += " The search stopped at its work limit: the list is incomplete."
	}
	if rulesets.Pictures {
		r.Draw(append([]string{q.Model}, q.Observers...), regionPart(centres, cell, "hidden"))
	}
	return r, nil
}

// ghostOf returns the model's footprint at the answer's end pose.
func ghostOf(bf *terrain.Battlefield, a tactics.Answer) (geom.Convex, bool) {
	m, ok := bf.Model(a.Model)
	if !ok {
		return nil, false
	}
	g := *m
	g.Position, g.Facing = a.At, s1.Angle(a.FacingDeg*math.Pi/180)
	return g.Footprint(), true
}
