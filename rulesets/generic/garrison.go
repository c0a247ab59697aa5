package generic

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
)

// A garrison sees out of, and is seen through, the windows of its wall: the
// same window geometry answers sight, visible fraction and range whichever
// end of the question the garrison is at. Only when neither model is a
// garrison do the queries look at the models' own bodies.

// pairWindow is the best window between a garrison and another model.
type pairWindow struct {
	los.WindowResult
	garrison, other string
	into            bool // the garrison is the "to" of the query
}

// windowBetween returns the window answer when from or to is a garrison
// (from first), and false when neither is.
func windowBetween(env *rulesets.Env, from, to string, opt los.Options) (pairWindow, bool, error) {
	bf := env.Battlefield
	g, o, into := from, to, false
	if m, ok := bf.Model(from); !ok || m.Garrison == nil {
		t, ok := bf.Model(to)
		if !ok || t.Garrison == nil {
			return pairWindow{}, false, nil
		}
		g, o, into = to, from, true
	}
	r, err := los.BestWindow(bf, g, o, opt)
	if err != nil {
		return pairWindow{}, false, err
	}
	return pairWindow{WindowResult: r, garrison: g, other: o, into: into}, true, nil
}

// sightInto answers sight to a garrisoned model: it is seen exactly when it
// sees the viewer out of a window of its wall.
func sightInto(env *rulesets.Env, q *PairRequest, w pairWindow) rulesets.Result {
	var a rulesets.Result
	a.Set("visible", w.Found)
	a.Set("blockedBy", nil)
	a.Set("blockPoint", nil)
	if w.Found {
		a.Set("window", w.Best.Wall)
		a.Set("windowPoint", rulesets.Point3(w.Best.Point))
	} else if len(w.Candidates) > 0 && w.Candidates[0].BlockedBy != "" {
		a.Set("blockedBy", w.Candidates[0].BlockedBy)
	}
	a.Explanation = fmt.Sprintf("%s garrisons %s and is seen through the windows of its wall, as it sees out: %s", q.To, w.Building, w.Explain())
	drawWindows(env, q.To, q.From, w.WindowResult, &a)
	return a
}

// fractionWindow answers the visible fraction when a garrison is involved:
// from a garrison, the target as seen from its best window; of a garrison,
// 1 when a window of its wall sees the viewer (it fights at the window) and
// 0 when none does.
func fractionWindow(env *rulesets.Env, q *PairRequest, w pairWindow, opt los.Options) (rulesets.Result, error) {
	var a rulesets.Result
	if rulesets.Pictures {
		a.Draw([]string{q.From, q.To})
	}
	if !w.Found {
		a.Set("fraction", 0.0)
		a.Explanation = fmt.Sprintf("no window of %s's wall sees %s: %s", w.garrison, w.other, w.Explain())
		drawWindows(env, w.garrison, w.other, w.WindowResult, &a)
		return a, nil
	}
	if w.into {
		a.Set("fraction", 1.0)
		a.Explanation = fmt.Sprintf("%s is seen at window %s of wall %s of %s (a garrison counts as fully seen at its window): %s",
			q.To, fmt.Sprint(w.Best.Index), w.Best.Wall, w.Building, w.Explain())
		drawWindows(env, w.garrison, w.other, w.WindowResult, &a)
		return a, nil
	}
	r, err := los.VisibleFractionFrom(env.Battlefield, w.Best.Point, q.To, opt)
	if err != nil {
		return rulesets.Result{}, err
	}
	a.Set("fraction", rulesets.Round(r.Fraction))
	a.Explanation = fmt.Sprintf("from window %d of wall %s: %s", w.Best.Index, w.Best.Wall, r.Explain())
	if rulesets.Pictures {
		a.Draw(nil, render.TargetFromFraction(r), rulesets.FractionSightline(env.Battlefield, r, opt, fmt.Sprintf("%.1f %% visible", 100*r.Fraction)))
	}
	return a, nil
}

// rangeWindow measures range from (or to) a garrison at the window of its
// wall it sees through, as a garrison's shot does: the horizontal distance
// from the window to the other model's reference point.
func rangeWindow(r *los.RangeResult, w pairWindow) string {
	if !w.Found {
		return ""
	}
	win := w.Best.Point
	other := r.ToPoint
	if w.into {
		other = r.FromPoint
	}
	h := w.Best.Range
	v := math.Abs(win.Z - other.Z)
	r.Distance, r.Horizontal, r.Vertical, r.Distance3D = h, h, v, math.Hypot(h, v)
	if w.into {
		r.ToPoint = win
	} else {
		r.FromPoint = win
	}
	return fmt.Sprintf("; %s garrisons %s, so range is measured at window %d of wall %s, (%.2f, %.2f), %.2f in",
		w.garrison, w.Building, w.Best.Index, w.Best.Wall, win.X, win.Y, h)
}

// flatLink is the range overlay between two measured points.
func flatLink(a, b geom.Vec3, d float64) render.Link {
	return render.Link{A: geom.Flat(a), B: geom.Flat(b), OK: true, Label: fmt.Sprintf("%.2f in", d), Kind: render.LinkMeasure}
}
