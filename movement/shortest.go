package movement

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// DefaultChordError is the default RouteOptions.ChordError, inches.
const DefaultChordError = 0.01

// DefaultSpacing is the default RouteOptions.Spacing, inches.
const DefaultSpacing = 0.25

// maxNodes bounds the waypoints of one search, so a query never hangs.
const maxNodes = 20000

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

// ShortestPath returns the shortest legal route for model modelID from its
// position to `to`, keeping the circumradius of its footprint (about its
// reference point) clear of every obstacle: exact for round bases,
// conservative for hulls and ovals. Difficult terrain is weighted by the
// class's DifficultFactor unless opt.Unweighted. ErrNoPath is returned
// (wrapped) when no route exists.
func ShortestPath(bf *terrain.Battlefield, modelID string, to geom.Point, opt RouteOptions) (Route, error) {
	m, prof, alt, err := setup(bf, modelID, opt.Profile)
	if err != nil {
		return Route{}, err
	}
	mv := moverOf(m)
	r, err := route(bf, prof, alt, m.Position, to, mv.r, m.ID, opt)
	r.Model = m.ID
	return r, err
}

// ShortestPathFrom returns the shortest legal route for a disc of the given
// radius (0 for a point) moving as class from `from` to `to`.
func ShortestPathFrom(bf *terrain.Battlefield, from, to geom.Point, radius float64, class terrain.Class, opt RouteOptions) (Route, error) {
	if bf == nil {
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
	if prof.Airborne {
		prof.Airborne = false // a bare disc has no altitude: it moves on the ground
	}
	return route(bf, prof, 0, from, to, radius, "", opt)
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

// Reachable reports whether model modelID can reach dest within budget
// inches, with the route. When the class caps or halves its move in
// difficult terrain (GF-11, DZC-54), a route avoiding difficult terrain is
// also tried, and the better legal one is returned.
func Reachable(bf *terrain.Battlefield, modelID string, dest geom.Point, budget float64, opt RouteOptions) (Reach, error) {
	if err := finiteNonNeg("budget", budget, 1e6); err != nil {
		return Reach{}, err
	}
	_, prof, _, err := setup(bf, modelID, opt.Profile)
	if err != nil {
		return Reach{}, err
	}
	res := Reach{Budget: budget, EffectiveBudget: budget}
	// the route is re-measured by CheckPath so that the budget rules
	// (caps, halving, airborne penalties) are exactly those of a move query
	eval := func(o RouteOptions) (Route, float64, error) {
		r, err := ShortestPath(bf, modelID, dest, o)
		if err != nil {
			return r, 0, err
		}
		path := make([]geom.Point, len(r.Path))
		for i, p := range r.Path {
			path[i] = geom.Pt(p[0], p[1])
		}
		chk, err := CheckPath(bf, modelID, path, PathOptions{Profile: o.Profile, Models: ModelsIgnored, CenterOnTable: o.CenterOnTable, Budget: budget})
		if err != nil {
			return r, 0, err
		}
		r.Cost = chk.Cost
		return r, chk.EffectiveBudget, nil
	}
	r, eb, err := eval(opt)
	if err != nil && !isNoPath(err) {
		return Reach{}, err
	}
	ok := err == nil && r.Cost <= eb+1e-9
	if !ok && (prof.DifficultCap > 0 || prof.DifficultBudgetFactor > 0) && !opt.AvoidDifficult {
		o := opt
		o.AvoidDifficult = true
		if r2, eb2, err2 := eval(o); err2 == nil && r2.Cost <= eb2+1e-9 {
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

// query is one search over an obstacle set, with its own scratch (the
// set is shared and read-only).
type query struct {
	set      *obstacleSet
	excluded []bool // per obstacle
	table    geom.Rect
	weighted bool
	regions  []region
	buf      []r1.Interval
	polys    []*geom.Polygon
}

// route runs the search.
func route(bf *terrain.Battlefield, prof ClassProfile, alt float64, from, to geom.Point, R float64, self string, opt RouteOptions) (Route, error) {
	if err := finitePoint("from", from); err != nil {
		return Route{}, err
	}
	if err := finitePoint("to", to); err != nil {
		return Route{}, err
	}
	chord, spacing := opt.ChordError, opt.Spacing
	if chord == 0 {
		chord = DefaultChordError
	}
	if spacing == 0 {
		spacing = DefaultSpacing
	}
	if math.IsNaN(chord) || chord < 1e-4 || chord > 1 {
		return Route{}, fmt.Errorf("movement: chordError = %v, want [0.0001, 1]: %w", chord, ErrInvalid)
	}
	tb := bf.Table()
	if math.IsNaN(spacing) || spacing < 0.01 || spacing > tb.Width+tb.Depth {
		return Route{}, fmt.Errorf("movement: spacing = %v, want [0.01, %v]: %w", spacing, tb.Width+tb.Depth, ErrInvalid)
	}
	if opt.Unweighted || opt.AvoidDifficult {
		spacing = math.Inf(1) // no samples needed
	}
	p := prof
	if opt.AvoidDifficult {
		p.DifficultFactor = 1
	}
	key := cacheKey{radius: R, chord: chord, prof: p, alt: alt}
	set, err := cachedSet(bf, key)
	if err != nil {
		return Route{}, err
	}
	out := Route{Clearance: round9(R), From: toXY(from), To: toXY(to), Path: []xy{}, Difficult: []string{}}
	q := &query{set: set, excluded: make([]bool, len(set.obs))}
	for i := range set.obs {
		o := &set.obs[i]
		if o.model >= 0 && (opt.IgnoreModels || o.id == self || slices.Contains(opt.Ignore, o.id)) {
			q.excluded[i] = true
		}
	}
	if opt.AvoidDifficult {
		// difficult pieces for the class become obstacles for this query
		ds, err := cachedSet(bf, cacheKey{radius: R, chord: chord, prof: prof, alt: alt, avoidDifficult: true})
		if err != nil {
			return Route{}, err
		}
		q.set, set = ds, ds
		q.excluded = make([]bool, len(ds.obs))
		for i := range ds.obs {
			o := &ds.obs[i]
			if o.model >= 0 && (opt.IgnoreModels || o.id == self || slices.Contains(opt.Ignore, o.id)) {
				q.excluded[i] = true
			}
		}
	}
	maxF := 1.0
	for _, rg := range set.regions {
		maxF = math.Max(maxF, rg.factor)
	}
	if !opt.Unweighted && !opt.AvoidDifficult && maxF > 1 {
		q.weighted = true
		q.regions = set.regions
		out.Weighted = true
		out.ErrorBound = maxF * spacing // per interior waypoint, scaled below
	}
	inset := R
	if opt.CenterOnTable {
		inset = 0
	}
	q.table = geom.Rect{X: r1.Interval{Lo: inset - ContactTolerance, Hi: tb.Width - inset + ContactTolerance}, Y: r1.Interval{Lo: inset - ContactTolerance, Hi: tb.Depth - inset + ContactTolerance}}
	if id, bad := q.pointBlocked(from); bad {
		return out, fmt.Errorf("movement: the start (%v, %v) is blocked by %s: %w", from.X, from.Y, id, ErrNoPath)
	}
	if id, bad := q.pointBlocked(to); bad {
		return out, fmt.Errorf("movement: the destination (%v, %v) is blocked by %s: %w", to.X, to.Y, id, ErrNoPath)
	}
	pts, cost, ok := q.route(from, to, spacing)
	if !ok {
		return out, fmt.Errorf("movement: no route from (%v, %v) to (%v, %v) with clearance %v: %w", from.X, from.Y, to.X, to.Y, R, ErrNoPath)
	}
	length := 0.0
	for i, p := range pts {
		out.Path = append(out.Path, toXY(p))
		if i > 0 {
			length += p.Sub(pts[i-1]).Norm()
		}
	}
	out.Length, out.Cost = round9(length), round9(cost)
	// first-order bound: widening the clearance by the chord error
	// lengthens a taut path by about chord times its total turning
	turn := 0.0
	for i := 1; i+1 < len(pts); i++ {
		a, b := pts[i].Sub(pts[i-1]), pts[i+1].Sub(pts[i])
		turn += math.Abs(math.Atan2(a.Cross(b), a.Dot(b)))
	}
	out.ErrorBound = round9(out.ErrorBound*float64(max(len(pts)-2, 1)) + chord*turn)
	{
		var buf [16]r1.Interval
		for _, rg := range set.regions {
			for i := 1; i < len(pts); i++ {
				s := geom.Segment{A: pts[i-1], B: pts[i]}
				if !rg.box.Intersects(s.Bound()) {
					continue
				}
				if f, _ := difficultExtra([]*geom.Polygon{&rg.poly}, s, buf[:0]); f > 0 {
					out.Difficult = append(out.Difficult, rg.id)
					break
				}
			}
		}
		slices.Sort(out.Difficult)
	}
	return out, nil
}

// pointBlocked reports whether p is off the table or too close to a
// non-excluded obstacle, naming it.
func (q *query) pointBlocked(p geom.Point) (string, bool) {
	if !q.table.ContainsPoint(p) {
		return "the table edge", true
	}
	for _, i := range q.set.grid.at(p) {
		o := &q.set.obs[i]
		if q.excluded[i] || !o.box.ContainsPoint(p) {
			continue
		}
		if _, hit := o.core.firstContact(geom.Segment{A: p, B: p}, q.set.radius); hit {
			return o.id, true
		}
	}
	return "", false
}

// clear reports whether the disc can translate from a to b.
func (q *query) clear(a, b geom.Point) bool {
	if !q.table.ContainsPoint(a) || !q.table.ContainsPoint(b) {
		return false
	}
	s := geom.Segment{A: a, B: b}
	sb := s.Bound()
	for i := range q.set.obs {
		o := &q.set.obs[i]
		if q.excluded[i] || !o.box.Intersects(sb) || farFrom(s, o.center, o.reach) {
			continue
		}
		if _, hit := o.core.firstContact(s, q.set.radius); hit {
			return false
		}
	}
	return true
}

// cost returns the weighted cost of the straight move a→b.
func (q *query) cost(a, b geom.Point) float64 {
	L := dist(a, b)
	if !q.weighted || L == 0 {
		return L
	}
	s := geom.Segment{A: a, B: b}
	sb := s.Bound()
	q.polys = q.polys[:0]
	f := 1.0
	for i := range q.regions {
		rg := &q.regions[i]
		if rg.box.Intersects(sb) {
			q.polys = append(q.polys, &rg.poly)
			f = rg.factor
		}
	}
	if len(q.polys) == 0 {
		return L
	}
	var extra float64
	extra, q.buf = difficultExtra(q.polys, s, q.buf)
	return L + (f-1)*extra*L
}

// usable reports whether node n is a legal waypoint for this query.
func (q *query) usable(n *node) bool {
	if n.owner >= 0 && q.excluded[n.owner] {
		return false
	}
	if !q.table.ContainsPoint(n.p) {
		return false
	}
	for _, b := range n.blockers {
		if !q.excluded[b] {
			return false
		}
	}
	return true
}

// route returns the best route from `from` to `to` and its cost. A
// weighted query first finds the unweighted route: its weighted cost ub
// bounds the optimum, so a waypoint p with |from−p| + |p−to| > ub (outside
// that ellipse) cannot be on a better route (cost ≥ length), and the
// difficult boundaries are sampled only inside the ellipse.
func (q *query) route(from, to geom.Point, spacing float64) ([]geom.Point, float64, bool) {
	if !q.weighted {
		return q.search(from, to, math.Inf(1), nil)
	}
	q.weighted = false
	pts, _, ok := q.search(from, to, math.Inf(1), nil)
	q.weighted = true
	if !ok {
		return nil, 0, false // the same obstacles: no weighted route either
	}
	ub := 0.0
	for i := 1; i < len(pts); i++ {
		ub += q.cost(pts[i-1], pts[i])
	}
	if len(pts) == 2 && ub == dist(from, to) {
		return pts, ub, true // straight and clear of difficult terrain
	}
	samples := q.samples(from, to, ub, spacing)
	if wp, wc, ok := q.search(from, to, ub, samples); ok && wc <= ub {
		return wp, wc, true
	}
	return pts, ub, true
}

// samples returns the usable points at spacing h on the difficult regions'
// boundaries (every vertex, then every h along each edge) that lie inside
// the ellipse |from−p| + |p−to| ≤ ub.
func (q *query) samples(from, to geom.Point, ub, h float64) []node {
	lim := ub*(1+1e-12) + 1e-9
	var out []node
	for i := range q.regions {
		rg := &q.regions[i]
		if rg.factor <= 1 || distToRect(from, rg.box)+distToRect(to, rg.box) > lim {
			continue
		}
		for _, r := range append([]geom.Ring{rg.poly.Outer}, rg.poly.Holes...) {
			for i := range r.Len() {
				e := r.Edge(i)
				if dist(from, e.A)+dist(e.A, to) > lim+2*e.Length() {
					continue // the sum changes by at most 2 per inch along the edge
				}
				k := max(int(math.Ceil(e.Length()/h)), 1)
				for j := range k {
					p := e.At(float64(j) / float64(k))
					if dist(from, p)+dist(p, to) > lim {
						continue
					}
					if _, bad := q.pointBlocked(p); bad {
						continue
					}
					out = append(out, node{p: p, prev: p, next: p, owner: -1})
					if len(out) >= maxNodes {
						return out
					}
				}
			}
		}
	}
	return out
}

// dist returns |a−b| (plain square root: table-sized values cannot
// overflow, and it is much cheaper than math.Hypot).
func dist(a, b geom.Point) float64 {
	dx, dy := a.X-b.X, a.Y-b.Y
	return math.Sqrt(dx*dx + dy*dy)
}

// distToRect returns the distance from p to the closed rectangle r.
func distToRect(p geom.Point, r geom.Rect) float64 {
	dx := math.Max(math.Max(r.X.Lo-p.X, p.X-r.X.Hi), 0)
	dy := math.Max(math.Max(r.Y.Lo-p.Y, p.Y-r.Y.Hi), 0)
	return math.Hypot(dx, dy)
}

// search is A* over start, goal, the set's usable nodes and the given
// boundary samples, with lazy edges: an edge is pushed with its length as
// a lower bound on its cost and checked (clearance, exact cost) only when
// popped, so only edges that could lie on a route cheaper than the
// current frontier are ever tested. Node-to-node candidates (tangent at
// both ends) and their blockers are cached in the set. A node is closed
// by its first popped entry whose edge is verified (clear and exactly
// costed);
// with the straight-line heuristic (consistent, since every weight is at
// least 1) the result is optimal over the graph. Entries whose key
// exceeds ub are not pushed. It returns the waypoints and the cost.
func (q *query) search(from, to geom.Point, ub float64, samples []node) ([]geom.Point, float64, bool) {
	if q.clear(from, to) && (!q.weighted || q.cost(from, to) == dist(from, to)) {
		return []geom.Point{from, to}, dist(from, to), true
	}
	set := q.set
	nodes := set.nodes
	if len(nodes) > maxNodes-2 {
		nodes = nodes[:maxNodes-2]
	}
	if len(samples) > maxNodes-2-len(nodes) {
		samples = samples[:maxNodes-2-len(nodes)]
	}
	nn := int32(len(nodes))
	// graph ids: 0 start, 1 goal, 2+k node k, 2+nn+k sample k
	n := int32(2 + len(nodes) + len(samples))
	lim := ub*(1+1e-12) + 1e-9
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	sc.reset(int(n))
	g, gbest, parent, closed, usable := sc.g, sc.gbest, sc.parent, sc.closed, sc.usable
	// cands: the usable nodes that can lie on a route within ub
	cands := sc.cands
	bounded := !math.IsInf(ub, 1)
	for k := range nodes {
		p := nodes[k].p
		if q.usable(&nodes[k]) && (!bounded || dist(from, p)+dist(p, to) <= lim) {
			usable[k+2] = true
			cands = append(cands, int32(k)+2)
		}
	}
	for k := range samples {
		usable[int(nn)+2+k] = true
	}
	pt := func(v int32) geom.Point {
		switch {
		case v == 0:
			return from
		case v == 1:
			return to
		case v < nn+2:
			return nodes[v-2].p
		}
		return samples[v-2-nn].p
	}
	h := sc.h
	defer func() { sc.h, sc.cands = h[:0], cands[:0] }()
	push := func(w, u, e int32, gw float64, st stage) {
		if gw >= gbest[w] {
			return
		}
		key := gw + dist(to, pt(w))
		if key > lim {
			return
		}
		if st == verified {
			gbest[w] = gw
		}
		h.push(item{v: w, u: u, e: e, key: key, g: gw, st: st})
	}
	push(0, -1, -1, 0, verified)
	pops := 0
	for len(h) > 0 {
		it := h.pop()
		v := it.v
		if closed[v] {
			continue
		}
		if pops++; pops > 64*maxNodes {
			return nil, 0, false // bounded work; not reached on table-sized inputs
		}
		pv := pt(v)
		if it.st != verified {
			if it.g >= gbest[v] {
				continue // a verified entry at least as good is queued
			}
			pu := pt(it.u)
			if it.st == bound && q.weighted {
				// cost first: an edge through difficult terrain goes
				// back in line and is tested for clearance only if
				// still cheap enough when popped again
				c := g[it.u] + q.cost(pu, pv)
				if c > it.g {
					push(v, it.u, it.e, c, costed)
					continue
				}
				it.g = c // equal to the bound up to rounding
			}
			if !q.edgeUsable(it.u, it.e, pu, pv) {
				continue
			}
		}
		closed[v], g[v], parent[v] = true, it.g, it.u
		if v == 1 {
			break
		}
		// the goal, lazily
		push(1, v, -1, g[v]+dist(to, pv), bound)
		if v >= 2 && v < nn+2 {
			// a node: its cached tangent candidates, then the samples
			// (a sample end needs no tangency)
			nb := set.nbrsOf(v - 2)
			for k := range nb {
				w := nb[k].to + 2
				if w >= nn+2 || closed[w] || !usable[w] {
					continue
				}
				push(w, v, int32(k), g[v]+dist(pv, nodes[w-2].p), bound)
			}
			for k := range samples {
				w := nn + 2 + int32(k)
				if !closed[w] && tangent(samples[k].p, &nodes[v-2]) {
					push(w, v, -1, g[v]+dist(pv, samples[k].p), bound)
				}
			}
			continue
		}
		// the start or a sample: every tangent node and every sample
		for _, w := range cands {
			if !closed[w] && tangent(pv, &nodes[w-2]) {
				push(w, v, -1, g[v]+dist(pv, nodes[w-2].p), bound)
			}
		}
		for k := range samples {
			w := nn + 2 + int32(k)
			if w != v && !closed[w] {
				push(w, v, -1, g[v]+dist(pv, samples[k].p), bound)
			}
		}
	}
	if !closed[1] {
		return nil, 0, false
	}
	var rev []geom.Point
	for v := int32(1); v >= 0; v = parent[v] {
		rev = append(rev, pt(v))
		if len(rev) > int(n) {
			return nil, 0, false
		}
	}
	slices.Reverse(rev)
	return rev, g[1], true
}

// scratch is the per-search working memory, pooled so that a warm query
// allocates little.
type scratch struct {
	g, gbest       []float64 // cost when closed; best verified cost pushed
	parent         []int32
	closed, usable []bool
	cands          []int32
	h              heapq
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// reset sizes the scratch for n graph vertices and clears it.
func (sc *scratch) reset(n int) {
	sc.g = slices.Grow(sc.g[:0], n)[:n]
	sc.gbest = slices.Grow(sc.gbest[:0], n)[:n]
	sc.parent = slices.Grow(sc.parent[:0], n)[:n]
	sc.closed = slices.Grow(sc.closed[:0], n)[:n]
	sc.usable = slices.Grow(sc.usable[:0], n)[:n]
	for i := range n {
		sc.g[i], sc.gbest[i], sc.parent[i] = 0, math.Inf(1), -1
	}
	clear(sc.closed)
	clear(sc.usable)
	sc.cands, sc.h = sc.cands[:0], sc.h[:0]
}

// edgeUsable reports whether the disc may translate from graph vertex u
// (at pu) to pv: through the set's blocker cache when u is a node and e
// its candidate index, else by an exact test.
func (q *query) edgeUsable(u, e int32, pu, pv geom.Point) bool {
	if e < 0 {
		return q.clear(pu, pv)
	}
	nb := q.set.nbrsOf(u - 2)
	cnt, bl := q.set.nbrBlockers(&nb[e], pu, pv)
	if cnt < 0 {
		return false
	}
	for k := range cnt {
		if !q.excluded[bl[k]] {
			return false
		}
	}
	return true
}

// item is a heap entry: node v reached from u with tentative cost g
// (a lower bound until verified) and priority key = g + heuristic.
type item struct {
	v, u   int32
	e      int32 // candidate index in u's cached list, or -1
	st     stage
	key, g float64
}

// stage is how much of an item's edge is known.
type stage uint8

const (
	bound    stage = iota // g is a lower bound (the edge's length)
	costed                // g is exact, clearance not yet tested
	verified              // clear and exactly costed
)

// heapq is a binary min-heap of items by key (no interface boxing).
type heapq []item

func (h *heapq) push(x item) {
	*h = append(*h, x)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if a[p].key <= a[i].key {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *heapq) pop() item {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(a) && a[l].key < a[m].key {
			m = l
		}
		if r < len(a) && a[r].key < a[m].key {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}
