package rulesets

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/terrain"
)

// Pictures of game verdicts. A game's shot, move or own query draws what the
// generic queries draw for the same models (the sightline with its blocker,
// the visible part of the target, the arc the target is in, the path with
// its cost) under the game's Geometry, labelled with the verdict's clauses.
// Drawing is best effort: a geometry question that cannot be answered (an
// unknown id, a model without a hull) draws nothing rather than failing the
// verdict, which has already been decided.

// ShotParts returns the overlays of a shot from shooter at target: the
// sightline (from the best window for a garrison) with its blocker, the
// target's visible fraction. label captions the sightline (for example
// VerdictLabel of the shot's verdict), followed by the arc of the
// shooter the target is in.
func ShotParts(env *Env, shooter, target, label string) []render.Part {
	bf := env.Battlefield
	geo := env.Options.Geometry()
	var parts []render.Part
	arcs := geo.Arcs
	if arcs == "" {
		arcs = los.ArcFront + "/" + los.ArcSide + "/" + los.ArcRear
	}
	if a, err := los.InArc(bf, shooter, target, arcs, geo.Arc); err == nil && a.ArcOf != "" {
		label += fmt.Sprintf(" (%s arc)", a.ArcOf)
	}
	if s, ok := shotSightline(env, shooter, target, geo.Sight); ok {
		s.Label = label
		parts = append(parts, s)
	}
	if f, err := los.VisibleFraction(bf, shooter, target, geo.Sight); err == nil {
		parts = append(parts, render.TargetFromFraction(f))
	}
	return parts
}

// shotSightline is the sightline a generic sight query draws: from the
// best window of its wall for a garrisoned shooter, else eye to target.
func shotSightline(env *Env, shooter, target string, opt los.Options) (render.Sightline, bool) {
	bf := env.Battlefield
	m, ok := bf.Model(shooter)
	if !ok {
		return render.Sightline{}, false
	}
	if m.Garrison != nil {
		r, err := los.BestWindow(bf, shooter, target, opt)
		t, tok := bf.Model(target)
		if err != nil || !r.Found || !tok {
			return render.Sightline{}, false
		}
		return render.Sightline{From: r.Best.Point, To: t.EyePoint(), Clear: true}, true
	}
	r, err := los.Sight(bf, shooter, target, opt)
	if err != nil {
		return render.Sightline{}, false
	}
	return render.SightlineFromSight(r, ""), true
}

// MovePart returns the overlay of a move along path: the polyline with its
// cost (inches of movement used; negative for unknown), drawn dashed when
// the move is not legal, with each failed clause written at the path's end.
func MovePart(model string, path []geom.Point, cost float64, legal bool, failed []string) render.PathOverlay {
	p := render.PathOverlay{ModelID: model, Points: path, Legal: legal}
	if cost >= 0 {
		p.Cost, p.HasCost = cost, true
	}
	if len(failed) > 0 && len(path) > 0 {
		p.Violations = append(p.Violations, render.Violation{At: path[len(path)-1], Text: strings.Join(failed, ", ")})
	}
	return p
}

// PointMark returns a small ring marking a table point, captioned label.
func PointMark(p geom.Point, label string) render.Ring {
	return render.Ring{Center: p, Radius: 0.25, Label: label}
}

// VerdictLabel is a verdict in a few words for a picture: "legal" or
// "not legal", then the clauses that failed (or, when legal, the clauses
// checked), e.g. "not legal: CR-16".
func VerdictLabel(v *Verdict) string {
	var failed, passed []string
	for _, r := range v.Reasons {
		if r.Pass {
			passed = appendOnce(passed, r.Clause)
		} else {
			failed = appendOnce(failed, r.Clause)
		}
	}
	if !v.Legal {
		if len(failed) == 0 {
			return "not legal"
		}
		return "not legal: " + strings.Join(failed, ", ")
	}
	if len(passed) > 3 {
		passed = append(passed[:3], "…")
	}
	if len(passed) == 0 {
		return "legal"
	}
	return "legal: " + strings.Join(passed, ", ")
}

// FailedClauses returns the clauses of v's failed reasons, each once.
func FailedClauses(v *Verdict) []string {
	var out []string
	for _, r := range v.Reasons {
		if !r.Pass {
			out = appendOnce(out, r.Clause)
		}
	}
	return out
}

func appendOnce(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

// FractionSightline returns the sightline a visible-fraction picture draws
// and profiles for r, captioned label. When something hides part of the
// target it runs from the eye to the first point of the target tried (from
// its centre outwards) that the largest hider (r.Hidden[0]) covers,
// blocked where it enters that hider and captioned so: the profile then
// crosses what hides the rest, where a line to the centre may pass over
// or beside it. The points tried are the target's centre line and points
// half way and nearly out to its plan outline, at five heights; a segment
// to one counts as covered when, with the target, the shooter and the
// other hiders ignored, the largest hider blocks it. When nothing hides
// the target, or no point tried is covered, the line runs from the eye to
// the centre, clear when any part is seen.
func FractionSightline(bf *terrain.Battlefield, r los.FractionResult, opt los.Options, label string) render.Sightline {
	centre := render.Sightline{From: r.Eye, To: r.Centre, Clear: r.Fraction > 0, Label: label}
	if len(r.Hidden) == 0 {
		return centre
	}
	hider := r.Hidden[0].ID
	ignore := []string{r.From, r.To}
	for _, h := range r.Hidden[1:] {
		ignore = append(ignore, h.ID)
	}
	for _, p := range fractionSamples(bf, r) {
		s := los.SightSegment(bf, r.Eye, p, opt, ignore...)
		if !s.Clear && s.Blocker.ID == hider {
			at := s.Blocker.At
			label += " (line to a part " + hider + " hides)"
			return render.Sightline{From: r.Eye, To: p, BlockPoint: &at, BlockerID: hider, Label: label}
		}
	}
	return centre
}

// fractionSamples returns points of r's target from its centre outwards:
// the centre, then its centre line and points half way and 95 % of the way
// to each vertex of its plan outline at 1/2, 1/4, 3/4, 1/10 and 9/10 of
// its height.
func fractionSamples(bf *terrain.Battlefield, r los.FractionResult) []geom.Vec3 {
	pts := []geom.Vec3{r.Centre}
	m, ok := bf.Model(r.To)
	if !ok || m.Airborne() {
		return pts
	}
	ring := m.PlanRing(nil)
	z0, z1 := m.Ground(), m.Top()
	c := geom.Flat(r.Centre)
	for _, s := range []float64{0, 0.5, 0.95} {
		for _, h := range []float64{0.5, 0.25, 0.75, 0.1, 0.9} {
			z := z0 + h*(z1-z0)
			if s == 0 {
				pts = append(pts, geom.Lift(c, z))
				continue
			}
			for _, v := range ring {
				pts = append(pts, geom.Lift(c.Add(v.Sub(c).Mul(s)), z))
			}
		}
	}
	return pts
}

// LinkTree returns the coherency links of a minimum spanning tree over n
// models (Prim's, by distance): link gives the pair's measured points,
// distance and whether the game's rule keeps them linked. Each link is
// labelled with its distance, kept or broken: the links a squad's
// coherency or formation stands or falls by.
func LinkTree(n int, link func(i, j int) (a, b geom.Point, d float64, kept bool)) []render.Part {
	if n < 2 {
		return nil
	}
	in := make([]bool, n)
	best := make([]float64, n)
	from := make([]int, n)
	for i := range best {
		best[i] = math.Inf(1)
	}
	in[0] = true
	for j := 1; j < n; j++ {
		_, _, best[j], _ = link(0, j)
	}
	var parts []render.Part
	for k := 1; k < n; k++ {
		next := -1
		for j := 0; j < n; j++ {
			if !in[j] && (next < 0 || best[j] < best[next]) {
				next = j
			}
		}
		in[next] = true
		a, b, d, kept := link(from[next], next)
		parts = append(parts, render.Link{A: a, B: b, OK: kept, Label: fmt.Sprintf("%.2f in", d)})
		for j := 0; j < n; j++ {
			if !in[j] {
				if _, _, dj, _ := link(next, j); dj < best[j] {
					best[j], from[j] = dj, next
				}
			}
		}
	}
	return parts
}
