package movement

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// DefaultChordError is the default RouteOptions.ChordError, inches.
const DefaultChordError = 0.01

// DefaultSpacing is the default RouteOptions.Spacing, inches.
const DefaultSpacing = 0.25

// DefaultRouteWork is the operation limit of one routing query when
// RouteOptions.Budget sets none of its own: about 2 s of work on the
// reference machine. An operation is a heap pop, a candidate edge or
// waypoint examined, an obstacle tested against an edge or a boundary
// sample placed. Past it the query fails with an error wrapping
// budget.ErrExceeded (and ErrLimit); it never answers with a truncated
// graph. Worst cases are in docs/movement.md.
const DefaultRouteWork = 400_000_000

// RouteOptions are the knobs of ShortestPath, ShortestPathFrom and
// Reachable. The zero value avoids terrain impassable to the class and
// every other model, keeps the footprint on the table and weights
// difficult terrain.
type RouteOptions struct {
	// Profile overrides the movement class.
	Profile *ClassProfile `json:"profile,omitempty"`
	// IgnoreModels routes through other models; Ignore lists model ids
	// that are never obstacles.
	IgnoreModels bool     `json:"ignoreModels,omitempty"`
	Ignore       []string `json:"ignore,omitempty"`
	// CenterOnTable keeps only the reference point on the table.
	CenterOnTable bool `json:"centerOnTable,omitempty"`
	// ChordError is how far the polygonal clearance zones may stray beyond
	// the exact clearance (0: DefaultChordError).
	ChordError float64 `json:"chordError,omitempty"`
	// Spacing is the distance between waypoint samples on difficult
	// regions' boundaries (0: DefaultSpacing).
	Spacing float64 `json:"spacing,omitempty"`
	// Unweighted ignores difficult terrain costs (pure length).
	Unweighted bool `json:"unweighted,omitempty"`
	// AvoidDifficult treats difficult terrain as impassable.
	AvoidDifficult bool `json:"avoidDifficult,omitempty"`
	// Budget, when set, is charged the query's work and stops it (a
	// context's deadline, an operation limit); the query is also bounded
	// by DefaultRouteWork. Not part of the answer.
	Budget *budget.Budget `json:"-"`
}

// Route is a shortest legal path.
type Route struct {
	Model string `json:"model,omitempty"`
	// Clearance is the radius kept from every obstacle, inches.
	Clearance float64 `json:"clearance"`
	From      xy      `json:"from"`
	To        xy      `json:"to"`
	// Path is the route's waypoints, From first and To last.
	Path []xy `json:"path"`
	// Length is its length at the reference point, inches.
	Length float64 `json:"length"`
	// Cost is its length with difficult terrain weighted, inches.
	Cost float64 `json:"cost"`
	// Weighted reports whether difficult regions were weighted, and
	// ErrorBound the documented bound on how much Cost may exceed the
	// optimum for paths keeping Clearance+ChordError (see docs/movement.md).
	Weighted   bool    `json:"weighted"`
	ErrorBound float64 `json:"errorBound"`
	// Difficult lists the difficult pieces the route enters.
	Difficult []string `json:"difficult"`
}

// Explain returns one sentence with the numbers.
func (r Route) Explain() string {
	var b strings.Builder
	fmt.Fprintf(&b, "The shortest route from (%.3f, %.3f) to (%.3f, %.3f) keeping %.3f in clear is %.3f in long with %d waypoints",
		r.From[0], r.From[1], r.To[0], r.To[1], r.Clearance, r.Length, len(r.Path))
	if r.Cost != r.Length {
		fmt.Fprintf(&b, " and costs %.3f in through %s", r.Cost, strings.Join(r.Difficult, ", "))
	}
	b.WriteString(".")
	return b.String()
}

// Reach is Reachable's answer.
type Reach struct {
	Reachable bool    `json:"reachable"`
	Budget    float64 `json:"budget"`
	// EffectiveBudget is the budget after difficult-terrain caps.
	EffectiveBudget float64 `json:"effectiveBudget"`
	Route           Route   `json:"route"`
	// Reason says why not, when not reachable.
	Reason string `json:"reason,omitempty"`
}

// Explain returns one sentence with the numbers.
func (r Reach) Explain() string {
	if r.Reachable {
		return fmt.Sprintf("Reachable: the route costs %.3f in of the %.3f in allowed (%.3f in long).", r.Route.Cost, r.EffectiveBudget, r.Route.Length)
	}
	return fmt.Sprintf("Not reachable within %.3f in: %s.", r.Budget, r.Reason)
}

// Reachable is the package-level Reachable on the Router's battlefield,
// reusing its graphs.
func (rt *Router) Reachable(modelID string, dest geom.Point, budget float64, opt RouteOptions) (Reach, error) {
	if err := finiteNonNeg("budget", budget, 1e6); err != nil {
		return Reach{}, err
	}
	_, prof, _, err := setup(rt.bf, modelID, opt.Profile)
	if err != nil {
		return Reach{}, err
	}
	res := Reach{Budget: budget, EffectiveBudget: budget}
	// the route is re-measured by CheckPath so that the budget rules
	// (caps, halving, airborne penalties) are exactly those of a move query
	eval := func(o RouteOptions) (Route, float64, error) {
		r, err := rt.ShortestPath(modelID, dest, o)
		if err != nil {
			return r, 0, err
		}
		path := make([]geom.Point, len(r.Path))
		for i, p := range r.Path {
			path[i] = geom.Pt(p[0], p[1])
		}
		chk, err := CheckPath(rt.bf, modelID, path, PathOptions{Profile: o.Profile, Models: ModelsIgnored, CenterOnTable: o.CenterOnTable, Budget: budget})
		if err != nil {
			return r, 0, err
		}
		r.Cost = chk.Cost
		return r, chk.EffectiveBudget, nil
	}
	r, eb, err := eval(opt)
	if err != nil && (!isNoPath(err) || errors.Is(err, ErrLimit)) {
		return Reach{}, err
	}
	ok := err == nil && r.Cost <= eb+1e-9
	if !ok && (prof.DifficultCap > 0 || prof.DifficultBudgetFactor > 0) && !opt.AvoidDifficult {
		o := opt
		o.AvoidDifficult = true
		r2, eb2, err2 := eval(o)
		if errors.Is(err2, ErrLimit) {
			return Reach{}, err2
		}
		if err2 == nil && r2.Cost <= eb2+1e-9 {
			r, eb, err, ok = r2, eb2, nil, true
		}
	}
	res.Route, res.EffectiveBudget, res.Reachable = r, round9(eb), ok
	switch {
	case err != nil:
		res.Reason = err.Error()
	case !ok:
		res.Reason = fmt.Sprintf("the best route costs %.3f in but only %.3f in are allowed", r.Cost, eb)
	}
	return res, nil
}

func isNoPath(err error) bool { return err != nil && strings.Contains(err.Error(), ErrNoPath.Error()) }

// route validates the knobs, fetches the routing graph and runs the
// search for a disc of radius R moving as prof at altitude alt; self is
// the moving model's id ("" for a bare disc), never its own obstacle.
func (rt *Router) route(prof ClassProfile, alt float64, from, to geom.Point, R float64, self string, opt RouteOptions) (Route, error) {
	chord, spacing, err := routeKnobs(rt.bf.Table(), from, to, opt)
	if err != nil {
		return Route{}, err
	}
	// avoiding difficult terrain is its own graph: the pieces are obstacles
	set, err := rt.set(setKey{radius: R, chord: chord, prof: prof, alt: alt, avoidDifficult: opt.AvoidDifficult})
	if err != nil {
		return Route{}, err
	}
	out := Route{Clearance: round9(R), From: toXY(from), To: toXY(to), Path: []xy{}, Difficult: []string{}}
	q := newQuery(set, rt.bf.Table(), R, self, opt)
	if q.weighted {
		out.Weighted = true
		out.ErrorBound = q.maxFactor * spacing // per interior waypoint, scaled below
	}
	if id, bad := q.pointBlocked(from); bad {
		return out, fmt.Errorf("movement: the start (%v, %v) is blocked by %s: %w", from.X, from.Y, id, ErrNoPath)
	}
	if id, bad := q.pointBlocked(to); bad {
		return out, fmt.Errorf("movement: the destination (%v, %v) is blocked by %s: %w", to.X, to.Y, id, ErrNoPath)
	}
	pts, cost, ok, err := q.route(from, to, spacing)
	if err != nil {
		return out, fmt.Errorf("movement: route from (%v, %v) to (%v, %v) with clearance %v not settled: %w: %w", from.X, from.Y, to.X, to.Y, R, ErrLimit, err)
	}
	if !ok {
		return out, fmt.Errorf("movement: no route from (%v, %v) to (%v, %v) with clearance %v: %w", from.X, from.Y, to.X, to.Y, R, ErrNoPath)
	}
	out.fill(pts, cost, chord, set.regions)
	return out, nil
}

// routeKnobs checks the end points and returns the chord error and the
// sample spacing to use (infinite when no samples are needed).
func routeKnobs(tb terrain.Table, from, to geom.Point, opt RouteOptions) (chord, spacing float64, err error) {
	if err := finitePoint("from", from); err != nil {
		return 0, 0, err
	}
	if err := finitePoint("to", to); err != nil {
		return 0, 0, err
	}
	chord, spacing = opt.ChordError, opt.Spacing
	if chord == 0 {
		chord = DefaultChordError
	}
	if spacing == 0 {
		spacing = DefaultSpacing
	}
	if math.IsNaN(chord) || chord < 1e-4 || chord > 1 {
		return 0, 0, fmt.Errorf("movement: chordError = %v, want [0.0001, 1]: %w", chord, ErrInvalid)
	}
	if math.IsNaN(spacing) || spacing < 0.01 || spacing > tb.Width+tb.Depth {
		return 0, 0, fmt.Errorf("movement: spacing = %v, want [0.01, %v]: %w", spacing, tb.Width+tb.Depth, ErrInvalid)
	}
	if opt.Unweighted || opt.AvoidDifficult {
		spacing = math.Inf(1)
	}
	return chord, spacing, nil
}

// fill sets the route's path, length, cost, error bound and the difficult
// regions it enters from the waypoints the search found.
func (r *Route) fill(pts []geom.Point, cost, chord float64, regions []region) {
	pts = dropStraight(pts)
	length := 0.0
	for i, p := range pts {
		r.Path = append(r.Path, toXY(p))
		if i > 0 {
			length += p.Sub(pts[i-1]).Norm()
		}
	}
	r.Length, r.Cost = round9(length), round9(cost)
	// first-order bound: widening the clearance by the chord error
	// lengthens a taut path by about chord times its total turning
	turn := 0.0
	for i := 1; i+1 < len(pts); i++ {
		a, b := pts[i].Sub(pts[i-1]), pts[i+1].Sub(pts[i])
		turn += math.Abs(math.Atan2(a.Cross(b), a.Dot(b)))
	}
	r.ErrorBound = round9(r.ErrorBound*float64(max(len(pts)-2, 1)) + chord*turn)
	var buf [16]r1.Interval
	span := geom.Rect{X: r1.EmptyInterval(), Y: r1.EmptyInterval()}
	for _, p := range pts {
		span = span.AddPoint(p)
	}
	for _, rg := range regions {
		if !rg.box.Intersects(span) {
			continue // no segment's box can meet it
		}
		for i := 1; i < len(pts); i++ {
			s := geom.Segment{A: pts[i-1], B: pts[i]}
			if !rg.box.Intersects(s.Bound()) {
				continue
			}
			if f, _ := difficultExtra([]*geom.Polygon{&rg.poly}, s, buf[:0]); f > 0 {
				r.Difficult = append(r.Difficult, rg.id)
				break
			}
		}
	}
	slices.Sort(r.Difficult)
}

// straightTol is how far, inches, a waypoint may lie off the segment
// between its neighbours and still be dropped as going straight on: a
// thousandth of ContactTolerance, far above the rounding of samples
// placed along an edge (about 1e-14 in on a table-sized edge).
const straightTol = 1e-12

// dropStraight removes, in place, the waypoints where the route goes
// straight on: points within straightTol of the segment between the
// waypoint kept before and the one after. Routes of equal cost (to the
// last bits) often differ only by samples along a region's edge, which
// the search keeps or skips depending on the order it met them in; the
// route's line moves by at most straightTol, so its clearance (touching
// counts within ContactTolerance) and cost are unchanged, and its
// waypoints, error bound included, no longer depend on that order.
func dropStraight(pts []geom.Point) []geom.Point {
	if len(pts) < 3 {
		return pts
	}
	out := pts[:1]
	for i := 1; i+1 < len(pts); i++ {
		a, b, c := out[len(out)-1], pts[i], pts[i+1]
		ac, ab := c.Sub(a), b.Sub(a)
		L2 := ac.Dot(ac)
		if t := ab.Dot(ac); L2 > 0 && t >= 0 && t <= L2 && math.Abs(ac.Cross(ab)) <= straightTol*math.Sqrt(L2) {
			continue // b lies on the segment a–c, within straightTol
		}
		out = append(out, b)
	}
	return append(out, pts[len(pts)-1])
}
