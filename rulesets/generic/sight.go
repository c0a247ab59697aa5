package generic

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
)

// PairRequest is a query about one model seen or measured from another.
type PairRequest struct {
	From string `json:"from" scenario:"required"`
	To   string `json:"to" scenario:"required"`
}

// RangeRequest is a "range" query.
type RangeRequest struct {
	From string `json:"from" scenario:"required"`
	To   string `json:"to" scenario:"required"`
	// Mode is center, edge, stand or ground; "" is the game's default.
	Mode string `json:"mode"`
}

// ArcRequest is an "arc" query; Arc "" asks which of front, side and rear
// holds the target.
type ArcRequest struct {
	From string `json:"from" scenario:"required"`
	To   string `json:"to" scenario:"required"`
	Arc  string `json:"arc"`
}

// AlongPathRequest is a "sight-along-path" query: Model moves along Path,
// seen from From.
type AlongPathRequest struct {
	From  string       `json:"from" scenario:"required"`
	Model string       `json:"model" scenario:"required"`
	Path  []geom.Point `json:"path" scenario:"required"`
}

// Range answers distance, fromPoint, toPoint (spec) plus the horizontal and
// vertical separation.
func Range(env *rulesets.Env, q *RangeRequest) (rulesets.Result, error) {
	mode := env.Options.Geometry().Range
	if q.Mode != "" {
		m, err := los.ParseRangeMode(q.Mode)
		if err != nil {
			return rulesets.Result{}, env.At("mode", err)
		}
		mode = m
	}
	if mode == "" {
		mode = los.RangeCenter
	}
	r, err := los.Range(env.Battlefield, q.From, q.To, mode)
	if err != nil {
		return rulesets.Result{}, err
	}
	note := ""
	if w, ok, err := windowBetween(env, q.From, q.To, env.Options.Geometry().Sight); err != nil {
		return rulesets.Result{}, err
	} else if ok {
		note = rangeWindow(&r, w)
	}
	var a rulesets.Result
	a.SetLength("distance", r.Distance)
	a.Set("fromPoint", rulesets.Point3(r.FromPoint))
	a.Set("toPoint", rulesets.Point3(r.ToPoint))
	a.Set("mode", string(r.Mode))
	a.SetLength("horizontal", r.Horizontal)
	a.SetLength("vertical", r.Vertical)
	a.SetLength("distance3d", r.Distance3D)
	a.Explanation = r.Explain() + note
	if rulesets.Pictures {
		a.Draw([]string{q.From, q.To}, flatLink(r.FromPoint, r.ToPoint, r.Distance))
	}
	return a, nil
}

// Sight answers visible, blockedBy (id or null), blockPoint ([x,y,z] or
// null). A garrisoned model looks out of the windows of its wall; the
// building itself does not block it.
func Sight(env *rulesets.Env, q *PairRequest) (rulesets.Result, error) {
	opt := env.Options.Geometry().Sight
	if m, ok := env.Battlefield.Model(q.From); ok && m.Garrison != nil {
		return garrisonSight(env, q, opt)
	}
	if w, ok, err := windowBetween(env, q.From, q.To, opt); err != nil {
		return rulesets.Result{}, err
	} else if ok {
		return sightInto(env, q, w), nil
	}
	r, err := los.Sight(env.Battlefield, q.From, q.To, opt)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("visible", r.Visible)
	if r.BlockedBy != nil && !r.Visible {
		a.Set("blockedBy", r.BlockedBy.ID)
		a.Set("blockPoint", rulesets.Point3(r.BlockedBy.At))
	} else {
		a.Set("blockedBy", nil)
		a.Set("blockPoint", nil)
	}
	if r.Witness != nil {
		a.Set("witness", [][]float64{rulesets.Point3(r.Witness.A), rulesets.Point3(r.Witness.B)})
	}
	if len(r.Grazing) > 0 {
		ids := make([]string, len(r.Grazing))
		for i, g := range r.Grazing {
			ids[i] = g.ID
		}
		a.Set("grazing", ids)
	}
	a.Explanation = r.Explain()
	if rulesets.Pictures {
		a.Draw([]string{q.From, q.To}, render.SightlineFromSight(r, env.ID))
	}
	return a, nil
}

// garrisonSight answers sight from a garrisoned model: it looks out of the
// windows of its wall; blockedBy is the first blocker seen from the best
// window tried.
func garrisonSight(env *rulesets.Env, q *PairRequest, opt los.Options) (rulesets.Result, error) {
	r, err := los.BestWindow(env.Battlefield, q.From, q.To, opt)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("visible", r.Found)
	a.Set("blockedBy", nil)
	a.Set("blockPoint", nil)
	if r.Found {
		a.Set("window", r.Best.Wall)
		a.Set("windowPoint", rulesets.Point3(r.Best.Point))
	} else if len(r.Candidates) > 0 && r.Candidates[0].BlockedBy != "" {
		a.Set("blockedBy", r.Candidates[0].BlockedBy)
	}
	a.Explanation = r.Explain()
	drawWindows(env, q.From, q.To, r, &a)
	return a, nil
}

// VisibleFraction answers fraction (0..1) plus what hides the rest.
func VisibleFraction(env *rulesets.Env, q *PairRequest) (rulesets.Result, error) {
	opt := env.Options.Geometry().Sight
	if w, ok, err := windowBetween(env, q.From, q.To, opt); err != nil {
		return rulesets.Result{}, err
	} else if ok {
		return fractionWindow(env, q, w, opt)
	}
	r, err := los.VisibleFraction(env.Battlefield, q.From, q.To, opt)
	if err != nil {
		return rulesets.Result{}, err
	}
	a := rulesets.FractionAnswer(r)
	if rulesets.Pictures {
		a.Draw([]string{q.From, q.To}, render.TargetFromFraction(r),
			rulesets.FractionSightline(env.Battlefield, r, opt, fmt.Sprintf("%.1f %% visible", 100*r.Fraction)))
	}
	return a, nil
}

// Arc answers inArc, arcOf, and the bearing of the target from the bow.
func Arc(env *rulesets.Env, q *ArcRequest) (rulesets.Result, error) {
	geo := env.Options.Geometry()
	arc := q.Arc
	if arc == "" {
		// No arc asked about: report which of the game's arcs (front,
		// side and rear by default) the target is in.
		arc = geo.Arcs
	}
	if arc == "" {
		arc = los.ArcFront + "/" + los.ArcSide + "/" + los.ArcRear
	}
	r, err := los.InArc(env.Battlefield, q.From, q.To, arc, geo.Arc)
	if err != nil {
		return rulesets.Result{}, env.At("arc", err)
	}
	var a rulesets.Result
	a.Set("inArc", r.InArc)
	a.Set("arcOf", r.ArcOf)
	a.Set("bearing", rulesets.Round(r.Bearing))
	a.Set("bearingClockwise", rulesets.Round(r.BearingClockwise))
	a.Explanation = r.Explain()
	if from, ok := env.Battlefield.Model(q.From); ok {
		if rulesets.Pictures {
			a.Draw([]string{q.From, q.To}, render.Link{A: from.Position, B: r.Target, OK: r.InArc, Label: arcLabel(r), Kind: render.LinkArc})
		}
	}
	return a, nil
}

// SightAlongPath answers firstVisibleAt ([x,y] or null) for the model
// moving along the path as seen from "from".
func SightAlongPath(env *rulesets.Env, q *AlongPathRequest) (rulesets.Result, error) {
	r, err := los.FirstSightAlongPath(env.Battlefield, q.From, q.Model, q.Path, los.PathOptions{Sight: env.Options.Geometry().Sight, Budget: env.Budget})
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	if r.FirstVisibleAt != nil {
		a.Set("firstVisibleAt", rulesets.Point2(*r.FirstVisibleAt))
		a.SetLength("firstVisibleAfter", r.FirstDistance)
	} else {
		a.Set("firstVisibleAt", nil)
	}
	if r.LostAt != nil {
		a.Set("lostAt", rulesets.Point2(*r.LostAt))
	}
	// sampled, never exact: a glimpse shorter than the step can be missed
	a.Set("exact", false)
	a.SetLength("sampleStep", r.Step)
	a.Explanation = r.Explain()
	if rulesets.Pictures {
		a.Draw([]string{q.From, q.Model}, render.PathOverlay{ModelID: q.Model, Points: q.Path, Legal: true})
	}
	if from, ok := env.Battlefield.Model(q.From); ok && r.FirstVisibleAt != nil {
		if rulesets.Pictures {
			a.Draw(nil, render.Link{A: from.Position, B: *r.FirstVisibleAt, OK: true, Label: "first seen", Kind: render.LinkSeen})
		}
	}
	return a, nil
}

// GarrisonWindow answers, for the garrisoned model "from", the window of
// its wall with the best sight and range to "to": window, windowPoint,
// range, visible, and every window considered.
func GarrisonWindow(env *rulesets.Env, q *PairRequest) (rulesets.Result, error) {
	r, err := los.BestWindow(env.Battlefield, q.From, q.To, env.Options.Geometry().Sight)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("visible", r.Found)
	if r.Found {
		a.Set("window", r.Best.Wall)
		a.Set("windowIndex", r.Best.Index)
		a.Set("windowPoint", rulesets.Point3(r.Best.Point))
		a.SetLength("range", r.Best.Range)
	} else {
		a.Set("window", nil)
	}
	a.Set("candidates", r.Candidates)
	a.Explanation = r.Explain()
	drawWindows(env, q.From, q.To, r, &a)
	return a, nil
}

// GarrisonTarget answers, for a shot from "from" at the garrisoned model
// "to", the nearest visible point of the garrison's wall: point, range.
func GarrisonTarget(env *rulesets.Env, q *PairRequest) (rulesets.Result, error) {
	r, err := los.GarrisonTargetPoint(env.Battlefield, q.From, q.To, env.Options.Geometry().Sight)
	if err != nil {
		return rulesets.Result{}, err
	}
	var a rulesets.Result
	a.Set("visible", r.Found)
	a.Set("wall", r.Wall)
	if r.Found {
		a.Set("point", rulesets.Point3(r.Point))
		a.SetLength("range", r.Range)
	} else {
		a.Set("point", nil)
	}
	a.Explanation = r.Explain()
	if rulesets.Pictures {
		a.Draw([]string{q.From, q.To})
	}
	if s, ok := env.Battlefield.Model(q.From); ok && r.Found {
		if rulesets.Pictures {
			a.Draw(nil, render.Sightline{From: s.EyePoint(), To: r.Point, Clear: true, Label: "wall " + r.Wall})
		}
	}
	return a, nil
}

// drawWindows draws the sightline from every window considered for a
// garrison's shot at the model to, clear or blocked.
func drawWindows(env *rulesets.Env, from, to string, r los.WindowResult, a *rulesets.Result) {
	if rulesets.Pictures {
		a.Draw([]string{from, to})
	}
	t, ok := env.Battlefield.Model(to)
	if !ok {
		return
	}
	for _, c := range r.Candidates {
		if rulesets.Pictures {
			a.Draw(nil, render.Sightline{From: c.Point, To: t.EyePoint(), Clear: c.Visible, BlockerID: c.BlockedBy, Label: c.Wall})
		}
	}
}

// arcLabel captions an arc link: the arc the target is in, and whether
// that is the arc asked about.
func arcLabel(r los.ArcResult) string {
	if r.InArc || r.Arc == r.ArcOf {
		return fmt.Sprintf("%s arc, %.0f°", r.ArcOf, r.Bearing)
	}
	return fmt.Sprintf("%s arc, not %s", r.ArcOf, r.Arc)
}
