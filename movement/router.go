package movement

import (
	"fmt"
	"sync"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Router answers routing questions on one battlefield and keeps the
// routing graphs it builds for them, in the manner of s2.ShapeIndex: the
// caller builds it with NewRouter, owns it, and drops it with the
// battlefield. A graph (offset obstacles and candidate waypoints) depends
// on the mover's clearance, class profile, altitude and the chord error,
// so the Router completes one graph per such key, lazily, the first time
// a query needs it.
//
// A Router is safe for concurrent use. Building a graph holds no lock that
// other keys wait on: concurrent first queries of one key wait for the one
// build, queries of other keys proceed. The battlefield must not change
// while the Router is in use (terrain.Battlefield is immutable).
//
// The package-level ShortestPath, ShortestPathFrom and Reachable build a
// fresh Router per call: the uncached path, right for one-off questions.
type Router struct {
	bf   *terrain.Battlefield
	mu   sync.RWMutex
	sets []*setEntry // few: a linear search beats a map and allocates less
}

// setKey identifies one routing graph of a battlefield. Difficult-boundary
// samples are per query, so the sample spacing is not part of the key:
// weighted and unweighted queries share a graph.
type setKey struct {
	radius, chord  float64
	prof           ClassProfile
	alt            float64
	avoidDifficult bool // difficult pieces become obstacles
}

// setEntry is one graph of a Router, completed once.
type setEntry struct {
	key  setKey
	once sync.Once
	set  *obstacleSet
	err  error
}

// maxRouterSets bounds the graphs one Router keeps: a caller asking for
// ever new clearances does not grow it without limit. Past the bound the
// Router forgets its graphs and starts again (queries in flight keep the
// graphs they hold).
const maxRouterSets = 64

// NewRouter returns an empty Router for bf; it builds nothing until
// queried.
func NewRouter(bf *terrain.Battlefield) *Router {
	return &Router{bf: bf}
}

// Battlefield returns the battlefield the Router answers on.
func (rt *Router) Battlefield() *terrain.Battlefield { return rt.bf }

// set returns the graph for key, building it on first use. Only the map
// lookup is locked; the build runs under the entry's sync.Once.
func (rt *Router) set(key setKey) (*obstacleSet, error) {
	rt.mu.RLock()
	e := rt.entry(key)
	rt.mu.RUnlock()
	if e == nil {
		rt.mu.Lock()
		if e = rt.entry(key); e == nil {
			if len(rt.sets) >= maxRouterSets {
				rt.sets = nil
			}
			e = &setEntry{key: key}
			rt.sets = append(rt.sets, e)
		}
		rt.mu.Unlock()
	}
	e.once.Do(func() { e.set, e.err = buildSet(rt.bf, key) })
	return e.set, e.err
}

// entry returns the entry for key, or nil; the caller holds rt.mu.
func (rt *Router) entry(key setKey) *setEntry {
	for _, e := range rt.sets {
		if e.key == key {
			return e
		}
	}
	return nil
}

// ShortestPath is the package-level ShortestPath on the Router's
// battlefield, reusing its graphs.
func (rt *Router) ShortestPath(modelID string, to geom.Point, opt RouteOptions) (Route, error) {
	m, prof, alt, err := setup(rt.bf, modelID, opt.Profile)
	if err != nil {
		return Route{}, err
	}
	mv := moverOf(m)
	r, err := rt.route(prof, alt, m.Position, to, mv.r, m.ID, opt)
	r.Model = m.ID
	return r, err
}

// ShortestPathFrom is the package-level ShortestPathFrom on the Router's
// battlefield, reusing its graphs.
func (rt *Router) ShortestPathFrom(from, to geom.Point, radius float64, class terrain.Class, opt RouteOptions) (Route, error) {
	if rt.bf == nil {
		return Route{}, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	if err := finiteNonNeg("radius", radius, terrain.MaxTableSize); err != nil {
		return Route{}, err
	}
	prof := ProfileFor(class)
	if opt.Profile != nil {
		prof = *opt.Profile
	}
	if err := prof.Validate(); err != nil {
		return Route{}, err
	}
	prof.Airborne = false // a bare disc has no altitude: it moves on the ground
	return rt.route(prof, 0, from, to, radius, "", opt)
}

// ShortestPath returns the shortest legal route for model modelID from its
// position to `to`, keeping the circumradius of its footprint (about its
// reference point) clear of every obstacle: exact for round bases,
// conservative for hulls and ovals. Difficult terrain is weighted by the
// class's DifficultFactor unless opt.Unweighted. ErrNoPath is returned
// (wrapped) when no route exists.
//
// It builds the routing graph afresh; callers asking many questions of one
// battlefield keep a Router instead.
func ShortestPath(bf *terrain.Battlefield, modelID string, to geom.Point, opt RouteOptions) (Route, error) {
	rt := Router{bf: bf}
	return rt.ShortestPath(modelID, to, opt)
}

// ShortestPathFrom returns the shortest legal route for a disc of the given
// radius (0 for a point) moving as class from `from` to `to`. It builds the
// routing graph afresh (see Router).
func ShortestPathFrom(bf *terrain.Battlefield, from, to geom.Point, radius float64, class terrain.Class, opt RouteOptions) (Route, error) {
	rt := Router{bf: bf}
	return rt.ShortestPathFrom(from, to, radius, class, opt)
}

// Reachable reports whether model modelID can reach dest within budget
// inches, with the route. When the class caps or scales its allowance in
// difficult terrain (DifficultCap, DifficultBudgetFactor), a route
// avoiding difficult terrain is also tried, and the better legal one is
// returned. It builds the routing graphs afresh (see Router).
func Reachable(bf *terrain.Battlefield, modelID string, dest geom.Point, budget float64, opt RouteOptions) (Reach, error) {
	rt := Router{bf: bf}
	return rt.Reachable(modelID, dest, budget, opt)
}
