package answer

import (
	"fmt"
	"sort"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/scenario"
)

func init() {
	handlers["range"] = answerRange
}

// answerRange: distance, fromPoint, toPoint (spec) plus the horizontal and
// vertical separation and the full los result.
func answerRange(f *scenario.File, q *scenario.Query, a *Answer) error {
	mode, err := los.ParseRangeMode(q.Mode)
	if err != nil {
		return &QueryError{Path: q.JSONPath + ".mode", Err: err}
	}
	r, err := los.Range(f.Battlefield(), q.From, q.To, mode)
	if err != nil {
		return err
	}
	a.SetLength("distance", r.Distance)
	a.Set("fromPoint", point3(r.FromPoint))
	a.Set("toPoint", point3(r.ToPoint))
	a.Set("mode", string(r.Mode))
	a.SetLength("horizontal", r.Horizontal)
	a.SetLength("vertical", r.Vertical)
	a.SetLength("distance3d", r.Distance3D)
	a.Explanation = r.Explain()
	a.draw([]string{q.From, q.To}, render.Link{A: geom.Flat(r.FromPoint), B: geom.Flat(r.ToPoint), OK: true,
		Label: fmt.Sprintf("%.2f in", r.Distance)})
	return nil
}

func init() {
	handlers["sight"] = answerSight
	handlers["visible-fraction"] = answerFraction
	handlers["arc"] = answerArc
}

// answerSight: visible, blockedBy (id or null), blockPoint ([x,y,z] or null).
func answerSight(f *scenario.File, q *scenario.Query, a *Answer) error {
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	if m, ok := f.Battlefield().Model(q.From); ok && m.Garrison != nil {
		return answerGarrisonSight(f, q, o, a)
	}
	r, err := los.Sight(f.Battlefield(), q.From, q.To, o.Sight())
	if err != nil {
		return err
	}
	a.Set("visible", r.Visible)
	if r.BlockedBy != nil && !r.Visible {
		a.Set("blockedBy", r.BlockedBy.ID)
		a.Set("blockPoint", point3(r.BlockedBy.At))
	} else {
		a.Set("blockedBy", nil)
		a.Set("blockPoint", nil)
	}
	if r.Witness != nil {
		a.Set("witness", [][]float64{point3(r.Witness.A), point3(r.Witness.B)})
	}
	if len(r.Grazing) > 0 {
		ids := make([]string, len(r.Grazing))
		for i, g := range r.Grazing {
			ids[i] = g.ID
		}
		a.Set("grazing", ids)
	}
	a.Explanation = r.Explain()
	a.draw([]string{q.From, q.To}, render.SightlineFromSight(r, q.ID))
	return nil
}

// answerFraction: fraction (0..1) plus what hides the rest.
func answerFraction(f *scenario.File, q *scenario.Query, a *Answer) error {
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	r, err := los.VisibleFraction(f.Battlefield(), q.From, q.To, o.Sight())
	if err != nil {
		return err
	}
	a.Set("fraction", round(r.Fraction))
	if len(r.Hidden) > 0 {
		type hidden struct {
			ID       string  `json:"id"`
			Fraction float64 `json:"fraction"`
		}
		hs := make([]hidden, len(r.Hidden))
		for i, h := range r.Hidden {
			hs[i] = hidden{ID: h.ID, Fraction: round(h.Fraction)}
		}
		a.Set("hiddenBy", hs)
	}
	a.Explanation = r.Explain()
	a.draw([]string{q.From, q.To}, render.TargetFromFraction(r),
		render.Sightline{From: r.Eye, To: r.Centre, Clear: r.Fraction > 0, Label: fmt.Sprintf("%.1f %%", 100*r.Fraction)})
	return nil
}

// answerArc: inArc, arcOf, and the bearing of the target from the bow.
func answerArc(f *scenario.File, q *scenario.Query, a *Answer) error {
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	arc := q.Arc
	if arc == "" {
		// No arc asked about: report which of front, side and rear the
		// target is in (docs/scenario-format.md).
		arc = los.ArcFront + "/" + los.ArcSide + "/" + los.ArcRear
	}
	r, err := los.InArc(f.Battlefield(), q.From, q.To, arc, o.ArcOptions())
	if err != nil {
		return &QueryError{Path: q.JSONPath + ".arc", Err: err}
	}
	a.Set("inArc", r.InArc)
	a.Set("arcOf", r.ArcOf)
	a.Set("bearing", round(r.Bearing))
	a.Set("bearingClockwise", round(r.BearingClockwise))
	a.Explanation = r.Explain()
	if from, ok := f.Battlefield().Model(q.From); ok {
		a.draw([]string{q.From, q.To}, render.Link{A: from.Position, B: r.Target, OK: r.InArc, Label: r.ArcOf})
	}
	return nil
}

func init() {
	handlers["sight-along-path"] = answerSightAlongPath
}

// answerSightAlongPath: firstVisibleAt ([x,y] or null) for the model moving
// along path as seen from "from".
func answerSightAlongPath(f *scenario.File, q *scenario.Query, a *Answer) error {
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	r, err := los.FirstSightAlongPath(f.Battlefield(), q.From, q.Model, q.Path, los.PathOptions{Sight: o.Sight()})
	if err != nil {
		return err
	}
	if r.FirstVisibleAt != nil {
		a.Set("firstVisibleAt", point2(*r.FirstVisibleAt))
		a.SetLength("firstVisibleAfter", r.FirstDistance)
	} else {
		a.Set("firstVisibleAt", nil)
	}
	if r.LostAt != nil {
		a.Set("lostAt", point2(*r.LostAt))
	}
	a.Explanation = r.Explain()
	a.draw([]string{q.From, q.Model}, render.PathOverlay{ModelID: q.Model, Points: q.Path, Legal: true})
	if from, ok := f.Battlefield().Model(q.From); ok && r.FirstVisibleAt != nil {
		a.draw(nil, render.Link{A: from.Position, B: *r.FirstVisibleAt, OK: true, Label: "first seen"})
	}
	return nil
}

// answerGarrisonSight answers sight from a garrisoned model: it looks out
// of the windows of its wall (DZC-49 style); the building itself does not
// block. blockedBy is the first blocker seen from the best window tried.
func answerGarrisonSight(f *scenario.File, q *scenario.Query, o GenericOptions, a *Answer) error {
	r, err := los.BestWindow(f.Battlefield(), q.From, q.To, o.Sight())
	if err != nil {
		return err
	}
	a.Set("visible", r.Found)
	a.Set("blockedBy", nil)
	a.Set("blockPoint", nil)
	if r.Found {
		a.Set("window", r.Best.Wall)
		a.Set("windowPoint", point3(r.Best.Point))
	} else if len(r.Candidates) > 0 && r.Candidates[0].BlockedBy != "" {
		a.Set("blockedBy", r.Candidates[0].BlockedBy)
	}
	a.Explanation = r.Explain()
	drawWindows(f, q, r, a)
	return nil
}

func init() {
	handlers["garrison-window"] = answerGarrisonWindow
	handlers["garrison-target"] = answerGarrisonTarget
}

// answerGarrisonWindow: for the garrisoned model "from", the window of its
// wall with the best sight and range to "to": window, windowPoint, range,
// visible, and every window considered.
func answerGarrisonWindow(f *scenario.File, q *scenario.Query, a *Answer) error {
	if err := onlyFields(q, "from", "to"); err != nil {
		return err
	}
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	r, err := los.BestWindow(f.Battlefield(), q.From, q.To, o.Sight())
	if err != nil {
		return err
	}
	a.Set("visible", r.Found)
	if r.Found {
		a.Set("window", r.Best.Wall)
		a.Set("windowIndex", r.Best.Index)
		a.Set("windowPoint", point3(r.Best.Point))
		a.SetLength("range", r.Best.Range)
	} else {
		a.Set("window", nil)
	}
	a.Set("candidates", r.Candidates)
	a.Explanation = r.Explain()
	drawWindows(f, q, r, a)
	return nil
}

// answerGarrisonTarget: for a shot from "from" at the garrisoned model
// "to", the nearest visible point of the garrison's wall: point, range.
func answerGarrisonTarget(f *scenario.File, q *scenario.Query, a *Answer) error {
	if err := onlyFields(q, "from", "to"); err != nil {
		return err
	}
	o, err := genericOptions(f)
	if err != nil {
		return err
	}
	r, err := los.GarrisonTargetPoint(f.Battlefield(), q.From, q.To, o.Sight())
	if err != nil {
		return err
	}
	a.Set("visible", r.Found)
	a.Set("wall", r.Wall)
	if r.Found {
		a.Set("point", point3(r.Point))
		a.SetLength("range", r.Range)
	} else {
		a.Set("point", nil)
	}
	a.Explanation = r.Explain()
	a.draw([]string{q.From, q.To})
	if s, ok := f.Battlefield().Model(q.From); ok && r.Found {
		a.draw(nil, render.Sightline{From: s.EyePoint(), To: r.Point, Clear: true, Label: "wall " + r.Wall})
	}
	return nil
}

// onlyFields checks that an extension query kind carries no fields beyond
// id, kind and the named ones (the decoder cannot know an extension's
// fields), and that the named ones are present.
func onlyFields(q *scenario.Query, names ...string) error {
	if len(q.Extra) > 0 {
		keys := make([]string, 0, len(q.Extra))
		for k := range q.Extra {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return &QueryError{Path: q.JSONPath + "." + keys[0], Err: fmt.Errorf("unknown field for kind %q: %w", q.Kind, scenario.ErrUnknownField)}
	}
	set := map[string]bool{"from": q.From != "", "to": q.To != "" || q.ToPoint != nil, "model": q.Model != "",
		"squad": q.Squad != "", "shooter": q.Shooter != "", "target": q.Target != "", "path": q.Path != nil,
		"point": q.Point != nil, "mode": q.Mode != "", "arc": q.Arc != "", "weapon": q.Weapon != nil, "turns": q.Turns != nil}
	allowed := map[string]bool{}
	for _, n := range names {
		allowed[n] = true
		if !set[n] {
			return &QueryError{Path: q.JSONPath + "." + n, Err: fmt.Errorf("required for kind %q: %w", q.Kind, scenario.ErrMissing)}
		}
	}
	for _, n := range []string{"from", "to", "model", "squad", "shooter", "target", "path", "point", "mode", "arc", "weapon", "turns"} {
		if set[n] && !allowed[n] {
			return &QueryError{Path: q.JSONPath + "." + n, Err: fmt.Errorf("unknown field for kind %q: %w", q.Kind, scenario.ErrUnknownField)}
		}
	}
	return nil
}

// drawWindows draws the sightline from every window considered for a
// garrison's shot at q.To, clear or blocked.
func drawWindows(f *scenario.File, q *scenario.Query, r los.WindowResult, a *Answer) {
	a.draw([]string{q.From, q.To})
	t, ok := f.Battlefield().Model(q.To)
	if !ok {
		return
	}
	for _, c := range r.Candidates {
		a.draw(nil, render.Sightline{From: c.Point, To: t.EyePoint(), Clear: c.Visible, BlockerID: c.BlockedBy, Label: c.Wall})
	}
}
