package movement

import (
	"errors"
	"fmt"

	"github.com/sightline/sightline/geom"
)

// ErrWorkLimit is wrapped when a cost field stops at its work limit: the
// field is incomplete, so "no route" must not be concluded from it.
var ErrWorkLimit = errors.New("work limit reached")

// DefaultFieldWork is the default FieldOptions.MaxWork: edge and point
// tests one field may spend. A 12 in allowance on the reference table
// needs a few thousand.
const DefaultFieldWork = 2_000_000

// FieldOptions are the knobs of Router.CostField besides the route's.
type FieldOptions struct {
	// Route are the usual route knobs (class profile, models, chord
	// error, boundary sample spacing, weighting).
	Route RouteOptions
	// MaxWork bounds the clearance and cost tests of the field and of its
	// CostTo calls together (0: DefaultFieldWork).
	MaxWork int
}

// CostField is the cost of the shortest legal route from a model's
// position to every point it can reach within an allowance, in the form
// of a shortest-path tree over the routing graph ShortestPath searches
// (the convex vertices of the clearance-offset obstacles and, when
// difficult terrain is weighted, samples on its boundaries) restricted to
// the allowance's disc. The cost to a point is the cheapest vertex of the
// tree that sees it (clear for the disc) plus the last leg, so CostTo
// equals ShortestPath's cost to the same point (same graph, same
// optimum) up to rounding; its ErrorBound applies.
//
// A CostField is not safe for concurrent use (CostTo keeps scratch).
type CostField struct {
	q         query
	from      geom.Point
	budget    float64
	chord     float64
	verts     []fieldVert
	work      int
	maxWork   int
	cands     candHeap // CostTo scratch
	hint      []int32  // per vertex: the obstacle that last blocked its last leg, or -1
	byG       []int32  // vertex indices by cost, for LowerBound
	inner     [][]innerDisc
	innerDone []bool
	spacingH  float64
}

// fieldVert is one reached vertex of the tree.
type fieldVert struct {
	p      geom.Point
	g      float64 // cost from the start
	parent int32   // index into verts, -1 for the start
}

// CostField returns the cost field of model modelID within budget inches
// of weighted route cost. Errors wrap ErrInvalid (bad knobs),
// ErrUnknownModel, ErrNoPath (the model's own position is blocked) or
// ErrWorkLimit (the field is incomplete; it is returned anyway).
func (rt *Router) CostField(modelID string, budget float64, fo FieldOptions) (*CostField, error) {
	if err := finiteNonNeg("budget", budget, 1e6); err != nil {
		return nil, err
	}
	m, prof, alt, err := setup(rt.bf, modelID, fo.Route.Profile)
	if err != nil {
		return nil, err
	}
	if fo.MaxWork < 0 {
		return nil, fmt.Errorf("movement: maxWork = %d, want >= 0: %w", fo.MaxWork, ErrInvalid)
	}
	opt := fo.Route
	chord, spacing, err := routeKnobs(rt.bf.Table(), m.Position, m.Position, opt)
	if err != nil {
		return nil, err
	}
	R := moverOf(m).r
	set, err := rt.set(setKey{radius: R, chord: chord, prof: prof, alt: alt, avoidDifficult: opt.AvoidDifficult})
	if err != nil {
		return nil, err
	}
	f := &CostField{q: newQuery(set, rt.bf.Table(), R, m.ID, opt), from: m.Position, budget: budget,
		chord: chord, maxWork: fo.MaxWork, spacingH: spacing}
	if f.maxWork == 0 {
		f.maxWork = DefaultFieldWork
	}
	if id, bad := f.q.pointBlocked(m.Position); bad {
		return f, fmt.Errorf("movement: the start (%v, %v) is blocked by %s: %w", m.Position.X, m.Position.Y, id, ErrNoPath)
	}
	if !f.dijkstra(spacing) {
		return f, fmt.Errorf("movement: cost field of %s stopped after %d tests: %w", m.ID, f.work, ErrWorkLimit)
	}
	return f, nil
}

// Start returns the model's position, the root of the field.
func (f *CostField) Start() geom.Point { return f.from }

// Budget returns the allowance the field covers.
func (f *CostField) Budget() float64 { return f.budget }

// Clearance returns the radius kept clear of every obstacle.
func (f *CostField) Clearance() float64 { return f.q.set.radius }

// Work returns the tests spent so far; Exhausted reports whether the work
// limit was reached (answers after that may be incomplete).
func (f *CostField) Work() int { return f.work }

// Exhausted reports whether the field reached its work limit.
func (f *CostField) Exhausted() bool { return f.work >= f.maxWork }

// MaxFactor returns the largest cost per inch of the field (the
// difficult factor when weighted, else 1).
func (f *CostField) MaxFactor() float64 {
	if f.q.weighted {
		return f.q.maxFactor
	}
	return 1
}

// spend charges n tests and reports whether the work limit still holds.
func (f *CostField) spend(n int) bool {
	f.work += n
	return f.work <= f.maxWork
}

// Blocked reports whether the model cannot stand at p (off the table or
// too close to an obstacle), naming what is in the way.
func (f *CostField) Blocked(p geom.Point) (string, bool) { return f.q.pointBlocked(p) }

// Path returns the route's waypoints from the start to p through the
// vertex last (from CostTo).
func (f *CostField) Path(p geom.Point, last int) []geom.Point {
	var rev []geom.Point
	if last < 0 || last >= len(f.verts) {
		return nil
	}
	if f.verts[last].p != p {
		rev = append(rev, p)
	}
	for v := int32(last); v >= 0; v = f.verts[v].parent {
		rev = append(rev, f.verts[v].p)
	}
	out := make([]geom.Point, len(rev))
	for i, q := range rev {
		out[len(rev)-1-i] = q
	}
	return out
}

// Route returns the route to p through last as a Route (length, cost,
// error bound and the difficult pieces entered).
func (f *CostField) Route(p geom.Point, last int, cost float64) Route {
	out := Route{Clearance: round9(f.q.set.radius), From: toXY(f.from), To: toXY(p), Path: []xy{}, Difficult: []string{}}
	if f.q.weighted {
		out.Weighted = true
		out.ErrorBound = f.q.maxFactor * f.spacingH
	}
	out.fill(f.Path(p, last), cost, f.chord, f.q.set.regions)
	return out
}
