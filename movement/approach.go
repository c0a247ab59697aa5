package movement

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// DefaultApproachTolerance is ApproachOptions.Tolerance when none is
// given, inches.
const DefaultApproachTolerance = 0.01

// maxApproachCandidates bounds the end positions one ClosestApproach
// weighs, and maxApproachRoutes the routes it asks for, so a query never
// hangs.
const (
	maxApproachCandidates = 400000
	maxApproachRoutes     = 400
)

// ApproachOptions are the constraints of ClosestApproach.
type ApproachOptions struct {
	// Budget is the longest route (cost) the reference point may travel,
	// inches.
	Budget float64
	// Route are the routing knobs used to confirm that an end position is
	// reachable within Budget (terrain, other models, table edge).
	Route RouteOptions
	// Obstacles are footprints the model may touch at its end position but
	// not overlap (other models, the target's unit mates).
	Obstacles []Footprint
	// KeepOut are footprints the model must end at least KeepOutGap away
	// from, edge to edge (an exclusion zone around other groups).
	KeepOut    []Footprint
	KeepOutGap float64
	// Tolerance is how far above the optimum the answer's Distance may
	// be, inches (0: DefaultApproachTolerance). It is the spacing of the
	// sampled candidate positions along each constraint boundary.
	Tolerance float64
}

// Approach is ClosestApproach's answer: the end position closest to the
// target and the gap left there.
type Approach struct {
	Model string `json:"model"`
	From  xy     `json:"from"`
	To    xy     `json:"to"`
	// Distance is the edge-to-edge gap between the model at To and the
	// target, inches; 0 is base contact.
	Distance float64 `json:"distance"`
	Contact  bool    `json:"contact"`
	// Route is the length of the route to To, inches.
	Route float64 `json:"route"`
	// Tolerance is the sampling spacing the answer is exact to.
	Tolerance float64 `json:"tolerance"`
	// Candidates is how many end positions were weighed.
	Candidates int `json:"candidates"`
	// Found is false when no legal end position (not even staying put)
	// exists.
	Found bool `json:"found"`
	// Limit, when not empty, says which bound of the search was reached
	// (candidates spaced wider than Tolerance, or routes tried) and so
	// why the answer may be farther from the optimum than Tolerance, or
	// Found false although a legal end exists. Empty when no bound bit.
	Limit string `json:"limit,omitempty"`
}

// Explain returns one sentence with the numbers.
func (a Approach) Explain() string {
	if !a.Found && a.Limit != "" {
		return fmt.Sprintf("%s: no legal end position found within its move (%d positions weighed), but the search stopped at a limit: %s.", a.Model, a.Candidates, a.Limit)
	}
	if !a.Found {
		return fmt.Sprintf("%s has no legal end position within its move (%d positions weighed).", a.Model, a.Candidates)
	}
	if a.Contact {
		return fmt.Sprintf("%s reaches contact at (%.3f, %.3f) after %.3f in.", a.Model, a.To[0], a.To[1], a.Route)
	}
	return fmt.Sprintf("%s cannot reach contact: the closest legal end is (%.3f, %.3f), %.3f in short, after %.3f in (exact to %.3g in, %d positions weighed).",
		a.Model, a.To[0], a.To[1], a.Distance, a.Route, a.Tolerance, a.Candidates)
}

// ClosestApproach finds where model modelID should end a move of at most
// opt.Budget to come as close as possible to target (edge to edge): base
// contact when it can, else the legal end position with the smallest gap.
// A legal end does not overlap opt.Obstacles or the target, keeps
// opt.KeepOutGap from opt.KeepOut, and is reachable by a route (Router)
// within the budget.
//
// The search is exact to opt.Tolerance when routes in the area are
// straight lines (no impassable terrain bends them): the optimum of a
// distance to a convex target over the legal region lies on the boundary
// of one of its constraints (contact with the target, an obstacle or a
// keep-out zone, or the budget circle), and each boundary is sampled at
// that spacing, so a sample lies within Tolerance of the optimum along
// its boundary and the gap, 1-Lipschitz in the position, within
// Tolerance of the optimal gap. Where terrain bends routes the answer is
// still legal but may be farther than Tolerance from the optimum.
// Candidates are tried nearest first; the first one reachable wins. The
// routes tried share opt.Route.Budget, or one DefaultRouteWork when it is
// nil; past it the error wraps ErrLimit. Approach.Limit says when a cap
// on candidates or routes may have changed the answer.
func ClosestApproach(bf *terrain.Battlefield, modelID string, target Footprint, opt ApproachOptions) (Approach, error) {
	m, _, _, err := setup(bf, modelID, opt.Route.Profile)
	if err != nil {
		return Approach{}, err
	}
	if err := finiteNonNeg("budget", opt.Budget, 1e4); err != nil {
		return Approach{}, err
	}
	if err := finiteNonNeg("keepOutGap", opt.KeepOutGap, 1e4); err != nil {
		return Approach{}, err
	}
	if err := finiteNonNeg("tolerance", opt.Tolerance, 10); err != nil {
		return Approach{}, err
	}
	tol := opt.Tolerance
	if tol == 0 {
		tol = DefaultApproachTolerance
	}
	start := m.Position
	res := Approach{Model: m.ID, From: toXY(start), Tolerance: tol}
	cands, coarse := approachCandidates(m, target, opt, tol)
	res.Candidates = len(cands)
	if coarse {
		res.Limit = fmt.Sprintf("%d candidate positions: some boundaries were sampled more coarsely than %g in", len(cands), tol)
	}
	type scored struct {
		p geom.Point
		d float64
	}
	var legal []scored
	for _, p := range cands {
		if p.Sub(start).Norm() > opt.Budget+1e-9 {
			continue
		}
		fp := FootprintAt(m, p)
		if !approachLegal(fp, target, opt) {
			continue
		}
		d, _, _ := geom.DistConvex(fp.Shape, target.Shape)
		legal = append(legal, scored{p, d})
	}
	slices.SortStableFunc(legal, func(a, b scored) int {
		return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.p.Sub(start).Norm(), b.p.Sub(start).Norm()))
	})
	rt := NewRouter(bf)
	if opt.Route.Budget == nil {
		// the routes tried share one default limit: up to
		// maxApproachRoutes of them must not each spend DefaultRouteWork
		opt.Route.Budget = budget.Ops(DefaultRouteWork)
	}
	for i, c := range legal {
		if i >= maxApproachRoutes {
			res.Limit = fmt.Sprintf("the %d nearest of %d legal end positions were unreachable and the rest were not tried: a farther, reachable one may exist", maxApproachRoutes, len(legal))
			break
		}
		length := c.p.Sub(start).Norm()
		if length > 1e-12 {
			r, err := rt.Reachable(m.ID, c.p, opt.Budget, opt.Route)
			if errors.Is(err, ErrLimit) {
				return res, err
			}
			if err != nil || !r.Reachable {
				continue
			}
			length = r.Route.Length
		}
		res.Found, res.To, res.Route = true, toXY(c.p), round9(length)
		res.Distance = round9(math.Max(c.d, 0))
		res.Contact = c.d <= ContactTolerance
		return res, nil
	}
	return res, nil
}

// approachLegal reports whether footprint fp may end where it is.
func approachLegal(fp, target Footprint, opt ApproachOptions) bool {
	if d, _, _ := geom.DistConvex(fp.Shape, target.Shape); d < -ContactTolerance || overlaps(fp, target) {
		return false
	}
	for _, o := range opt.Obstacles {
		if o.ID != fp.ID && overlaps(fp, o) {
			return false
		}
	}
	for _, k := range opt.KeepOut {
		if d, _, _ := geom.DistConvex(fp.Shape, k.Shape); k.ID != fp.ID && d < opt.KeepOutGap-1e-9 {
			return false
		}
	}
	return true
}

// overlaps reports whether two footprints share interior (see
// Footprint.Overlaps).
func overlaps(a, b Footprint) bool { return a.Overlaps(b) }

// approachCandidates samples the boundaries the optimum can lie on: the
// contact ring around the target, the contact rings around obstacles, the
// keep-out rings and the budget circle, each at spacing tol, plus the
// start. coarse reports whether a bound on the candidates widened some
// spacing beyond tol.
func approachCandidates(m *terrain.Model, target Footprint, opt ApproachOptions, tol float64) (out []geom.Point, coarse bool) {
	self := FootprintAt(m, geom.Point{})
	out = []geom.Point{m.Position}
	ring := func(o Footprint, gap float64) {
		// Minkowski sum of o and the mover reflected, pushed out by gap:
		// the reference points where the mover is exactly gap from o.
		rad := o.Shape.Bound().Size().Norm()/2 + self.Shape.Bound().Size().Norm()/2 + gap
		n := int(math.Ceil(2 * math.Pi * rad / tol))
		coarse = coarse || n > maxApproachCandidates/8
		n = max(16, min(n, maxApproachCandidates/8))
		first, prev := geom.Point{}, geom.Point{}
		for k := range n + 1 {
			var p geom.Point
			if k == n {
				p = first
			} else {
				u := geom.Heading(360 * float64(k) / float64(n))
				p = o.Shape.Support(u).Sub(self.Shape.Support(u.Mul(-1))).Add(u.Mul(gap))
			}
			if k == 0 {
				first = p
			} else if d := p.Sub(prev).Norm(); d > tol {
				// A polygon's support jumps from vertex to vertex: the
				// boundary between is the straight edge, sampled here.
				steps := min(int(math.Ceil(d/tol)), maxApproachCandidates/8)
				coarse = coarse || len(out) >= maxApproachCandidates || steps < int(math.Ceil(d/tol))
				if len(out) >= maxApproachCandidates {
					steps = 1
				}
				for s := 1; s < steps; s++ {
					out = append(out, prev.Add(p.Sub(prev).Mul(float64(s)/float64(steps))))
				}
			}
			if k < n {
				out = append(out, p)
			}
			prev = p
		}
	}
	ring(target, 0)
	for _, o := range opt.Obstacles {
		if o.ID != m.ID && o.Center.Sub(m.Position).Norm() < opt.Budget+o.Shape.Bound().Size().Norm()+self.Shape.Bound().Size().Norm() {
			ring(o, 0)
		}
	}
	for _, k := range opt.KeepOut {
		if k.ID != m.ID && k.Center.Sub(m.Position).Norm() < opt.Budget+opt.KeepOutGap+k.Shape.Bound().Size().Norm()+self.Shape.Bound().Size().Norm() {
			ring(k, opt.KeepOutGap)
		}
	}
	n := int(math.Ceil(2 * math.Pi * opt.Budget / tol))
	coarse = coarse || n > maxApproachCandidates/4
	n = max(16, min(n, maxApproachCandidates/4))
	for k := range n {
		out = append(out, m.Position.Add(geom.Heading(360*float64(k)/float64(n)).Mul(opt.Budget)))
	}
	return out, coarse
}
