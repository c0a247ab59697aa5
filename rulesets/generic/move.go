package generic

import (
	"errors"
	"fmt"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
)

// MoveRequest is a "move" query: Model follows Path, optionally as a
// sequence of turns and straight moves.
type MoveRequest struct {
	Model string              `json:"model" scenario:"required"`
	Path  []geom.Point        `json:"path" scenario:"required"`
	Turns []movement.TurnStep `json:"turns"`
}

// PathRequest is a "path" query: the shortest legal route of Model to To.
type PathRequest struct {
	Model string     `json:"model" scenario:"required"`
	To    geom.Point `json:"to" scenario:"required"`
}

// SquadRequest is a "coherency" query.
type SquadRequest struct {
	Squad string `json:"squad" scenario:"required"`
}

// Move answers legal, cost, violations (spec) plus length and, when the
// query lists turns, the turn check.
func Move(env *rulesets.Env, q *MoveRequest) (rulesets.Result, error) {
	geo := env.Options.Geometry()
	bf := env.Battlefield
	r, err := movement.CheckPath(bf, q.Model, q.Path, geo.Path)
	if err != nil {
		return rulesets.Result{}, err
	}
	legal := r.Legal
	text := r.Explain()
	var turns *movement.TurnResult
	if len(q.Turns) > 0 {
		m, _ := bf.Model(q.Model)
		plan := movement.TurnPlan{Facing: m.Facing.Degrees(), Steps: q.Turns}
		plan.Start = [2]float64{q.Path[0].X, q.Path[0].Y}
		tr, err := movement.CheckTurns(plan, geo.Turns)
		if err != nil {
			return rulesets.Result{}, env.At("turns", err)
		}
		turns = &tr
		legal = legal && tr.Legal
		text += " Turns: " + tr.Explain()
	}
	var a rulesets.Result
	a.Set("legal", legal)
	a.SetLength("cost", r.Cost)
	a.Set("violations", r.Violations)
	a.SetLength("length", r.Length)
	if len(r.Difficult) > 0 {
		a.Set("difficult", r.Difficult)
	}
	if r.Climb > 0 {
		// The height climbed onto higher ground and what it added to cost.
		a.SetLength("climb", r.Climb)
		a.SetLength("climbCost", r.ClimbCost)
	}
	if turns != nil {
		a.Set("turns", turns)
	}
	a.Explanation = text
	if rulesets.Pictures {
		a.Draw([]string{q.Model}, render.PathFromCheck(r, q.Path))
	}
	return a, nil
}

// Path answers length and path (spec) of the shortest legal route.
func Path(env *rulesets.Env, q *PathRequest) (rulesets.Result, error) {
	r, err := movement.ShortestPath(env.Battlefield, q.Model, q.To, env.Route())
	if errors.Is(err, movement.ErrNoPath) {
		// "Unreachable" is an answer, not a failure of the question.
		var a rulesets.Result
		a.Set("reachable", false).Set("length", nil).Set("path", [][]float64{})
		a.Explanation = fmt.Sprintf("%s cannot reach (%g, %g): %v.", q.Model, rulesets.Round(q.To.X), rulesets.Round(q.To.Y), err)
		if rulesets.Pictures {
			a.Draw([]string{q.Model})
		}
		return a, nil
	}
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("reachable", true)
	a.SetLength("length", r.Length)
	pts := make([][]float64, len(r.Path))
	for i, p := range r.Path {
		pts[i] = []float64{rulesets.Round(p[0]), rulesets.Round(p[1])}
	}
	a.Set("path", pts)
	a.SetLength("cost", r.Cost)
	a.SetLength("clearance", r.Clearance)
	a.SetLength("errorBound", r.ErrorBound)
	a.Explanation = r.Explain()
	if rulesets.Pictures {
		a.Draw([]string{q.Model}, render.PathFromRoute(r))
	}
	return a, nil
}

// Coherency answers coherent, broken (spec) plus the groups and the links
// that break.
func Coherency(env *rulesets.Env, q *SquadRequest) (rulesets.Result, error) {
	bf := env.Battlefield
	r, err := movement.Coherency(bf, q.Squad, env.Options.Geometry().Coherency)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("coherent", r.Coherent)
	broken := r.Broken
	if broken == nil {
		broken = []string{}
	}
	a.Set("broken", broken)
	a.Set("groups", r.Groups)
	if r.EitherMay {
		a.Set("eitherMay", true)
	}
	a.Explanation = r.Explain()
	links := render.LinksFromCoherency(bf, r)
	parts := make([]render.Part, len(links))
	for i, l := range links {
		parts[i] = l
	}
	var ids []string
	for _, i := range bf.Squad(q.Squad) {
		ids = append(ids, bf.Models()[i].ID)
	}
	if rulesets.Pictures {
		a.Draw(ids, parts...)
	}
	return a, nil
}
