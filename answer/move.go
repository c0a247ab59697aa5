package answer

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/scenario"
)

func init() {
	handlers["move"] = answerMove
	handlers["path"] = answerPath
	handlers["coherency"] = answerCoherency
}

// answerMove: legal, cost, violations (spec) plus length and, when the
// query lists turns, the turn check.
func answerMove(f *scenario.File, q *scenario.Query, a *Answer) error {
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	bf := f.Battlefield()
	r, err := movement.CheckPath(bf, q.Model, q.Path, o.PathOptions())
	if err != nil {
		return err
	}
	legal := r.Legal
	text := r.Explain()
	var turns *movement.TurnResult
	if len(q.Turns) > 0 {
		var steps []movement.TurnStep
		dec := json.NewDecoder(bytes.NewReader(q.Turns))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&steps); err != nil {
			return &QueryError{Path: q.JSONPath + ".turns", Err: fmt.Errorf("want [{\"turn\": degrees} or {\"move\": inches}, ...]: %v: %w", err, scenario.ErrValue)}
		}
		m, _ := bf.Model(q.Model)
		plan := movement.TurnPlan{Facing: m.Facing.Degrees(), Steps: steps}
		plan.Start = [2]float64{q.Path[0].X, q.Path[0].Y}
		tr, err := movement.CheckTurns(plan, o.Move.Turns)
		if err != nil {
			return &QueryError{Path: q.JSONPath + ".turns", Err: err}
		}
		turns = &tr
		legal = legal && tr.Legal
		text += " Turns: " + tr.Explain()
	}
	a.Set("legal", legal)
	a.SetLength("cost", r.Cost)
	a.Set("violations", r.Violations)
	a.SetLength("length", r.Length)
	if len(r.Difficult) > 0 {
		a.Set("difficult", r.Difficult)
	}
	if turns != nil {
		a.Set("turns", turns)
	}
	a.Explanation = text
	a.draw([]string{q.Model}, render.PathFromCheck(r, q.Path))
	return nil
}

// answerPath: length and path (spec) of the shortest legal route.
func answerPath(f *scenario.File, q *scenario.Query, a *Answer) error {
	r, err := movement.ShortestPath(f.Battlefield(), q.Model, *q.ToPoint, movement.RouteOptions{})
	if err != nil {
		return err
	}
	a.SetLength("length", r.Length)
	pts := make([][]float64, len(r.Path))
	for i, p := range r.Path {
		pts[i] = []float64{round(p[0]), round(p[1])}
	}
	a.Set("path", pts)
	a.SetLength("cost", r.Cost)
	a.SetLength("clearance", r.Clearance)
	a.SetLength("errorBound", r.ErrorBound)
	a.Explanation = r.Explain()
	a.draw([]string{q.Model}, render.PathFromRoute(r))
	return nil
}

// answerCoherency: coherent, broken (spec) plus the groups and the links
// that break.
func answerCoherency(f *scenario.File, q *scenario.Query, a *Answer) error {
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	r, err := movement.Coherency(f.Battlefield(), q.Squad, o.CoherencyRule())
	if err != nil {
		return err
	}
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
	links := render.LinksFromCoherency(f.Battlefield(), r)
	parts := make([]render.Part, len(links))
	for i, l := range links {
		parts[i] = l
	}
	bf := f.Battlefield()
	var ids []string
	for _, i := range bf.Squad(q.Squad) {
		ids = append(ids, bf.Models()[i].ID)
	}
	a.draw(ids, parts...)
	return nil
}
