package generic

import (
	"fmt"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/tactics"
)

// moveResult sets the fields gain-sight and break-sight share and draws
// the path, the end pose and the searched region.
func moveResult(env *rulesets.Env, a tactics.Answer) rulesets.Result {
	var r rulesets.Result
	r.Set("reachable", a.Found)
	r.Set("exhausted", a.Exhausted)
	r.Set("already", a.Already)
	if a.Found {
		r.Set("at", rulesets.Point2(a.At))
		r.Set("facing", rulesets.Round(a.FacingDeg))
		pts := make([][]float64, len(a.Route.Path))
		for i, p := range a.Route.Path {
			pts[i] = []float64{rulesets.Round(p[0]), rulesets.Round(p[1])}
		}
		r.Set("path", pts)
		r.SetLength("cost", a.Route.Cost)
		r.SetLength("length", a.Route.Length)
		r.SetLength("errorBound", a.Route.ErrorBound)
	} else {
		r.Set("at", nil).Set("path", [][]float64{}).Set("cost", nil)
	}
	r.SetLength("tolerance", a.Tolerance)
	r.Set("searchedCells", len(a.Searched))
	r.Set("tests", a.Tests)
	r.Set("work", a.Work)
	if rulesets.Pictures {
		r.Draw([]string{a.Model}, regionPart(a.Searched, a.Cell, "searched"))
	}
	if a.Found && len(a.Route.Path) > 1 {
		if rulesets.Pictures {
			r.Draw(nil, render.PathFromRoute(a.Route))
		}
	}
	if g, ok := ghostOf(env.Battlefield, a); ok && a.Found {
		if rulesets.Pictures {
			r.Draw(nil, render.Ghost{Shape: g, Facing: a.FacingDeg, Label: a.Model + " ends here"})
		}
	}
	return r
}

// regionPart shades the cells (centres) of side size.
func regionPart(cells []geom.Point, size float64, label string) render.Part {
	return render.Region{Cells: cells, Size: size, Label: label}
}

// sightPart draws a proof line.
func sightPart(l tactics.Line, label string) render.Part {
	s := render.Sightline{From: l.Segment.A, To: l.Segment.B, Clear: l.Clear, Label: label}
	if !l.Clear {
		s.BlockPoint, s.BlockerID = l.At, l.Blocker
	}
	return s
}

// notFound explains an answer without a move.
func notFound(a tactics.Answer, model string, allowance float64, goal string) string {
	if a.Exhausted {
		return fmt.Sprintf("The search stopped at its work limit after %d tests: not known whether %s can %s within %.3f in.", a.Tests, model, goal, allowance)
	}
	return fmt.Sprintf("%s cannot %s within %.3f in: no legal move of that cost ends there (searched to a %.3g in grid, refined where sight turns).", model, goal, allowance, tactics.CoarseCell)
}

// moveText describes the move of a found answer.
func moveText(a tactics.Answer) string {
	if a.Already {
		return fmt.Sprintf("%s need not move", a.Model)
	}
	return fmt.Sprintf("%s moves to (%.3f, %.3f) facing %.1f°, a route of %.3f in costing %.3f in (within %.2f in of the shortest)",
		a.Model, a.At.X, a.At.Y, a.FacingDeg, a.Route.Length, a.Route.Cost, a.Tolerance)
}

// gainText explains a gain-sight answer with its numbers.
func gainText(q *GainSightRequest, a tactics.Answer) string {
	goal := "see " + q.Target
	switch {
	case len(q.Weapon) > 0:
		goal = "shoot " + q.Target + " legally"
	case q.Fraction > 0:
		goal = fmt.Sprintf("see %.3g of %s", q.Fraction, q.Target)
	}
	if !a.Found {
		return notFound(a, q.Model, float64(q.Allowance), goal)
	}
	s := moveText(a) + " to " + goal
	if len(a.Proof) > 0 {
		l := a.Proof[0]
		s += fmt.Sprintf(": the sightline from (%.2f, %.2f, %.2f) to (%.2f, %.2f, %.2f) is clear", l.Segment.A.X, l.Segment.A.Y, l.Segment.A.Z, l.Segment.B.X, l.Segment.B.Y, l.Segment.B.Z)
		if l.Fraction != nil {
			s += fmt.Sprintf(" and %.1f%% of the target is seen", 100**l.Fraction)
		}
	}
	s += "."
	if a.Verdict != "" {
		s += " " + a.Verdict
	}
	return s + stoppedText(a)
}

// stoppedText warns that a found move may not be the shortest.
func stoppedText(a tactics.Answer) string {
	if a.Exhausted {
		return " The search stopped at its work limit: a shorter move may exist."
	}
	return ""
}

// breakText explains a break-sight answer, observer by observer.
func breakText(q *BreakSightRequest, a tactics.Answer) string {
	goal := "hide from " + strings.Join(q.Observers, ", ")
	if !a.Found {
		return notFound(a, q.Model, float64(q.Allowance), goal)
	}
	var parts []string
	for _, l := range a.Proof {
		p := l.Observer + ": "
		switch {
		case l.Clear:
			p += "still sees it"
		case l.Blocker != "":
			p += "blocked by " + l.Blocker
		default:
			p += "blocked"
		}
		if l.Fraction != nil {
			p += fmt.Sprintf(" (%.1f%% seen)", 100**l.Fraction)
		}
		parts = append(parts, p)
	}
	s := moveText(a) + " to " + goal + ": " + strings.Join(parts, "; ") + "."
	if a.Verdict != "" {
		s += " " + a.Verdict
	}
	return s + stoppedText(a)
}
