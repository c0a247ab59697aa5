package movement

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// cacheKey identifies one precomputed obstacle set of a battlefield.
type cacheKey struct {
	radius, chord, spacing float64
	prof                   ClassProfile
	alt                    float64
	avoidDifficult         bool // difficult pieces become obstacles
}

// bfCache holds the obstacle sets of one battlefield.
type bfCache struct {
	mu   sync.Mutex
	sets map[cacheKey]*obstacleSet
}

// maxSetsPerBattlefield bounds the memory one battlefield's cache may use.
const maxSetsPerBattlefield = 64

var (
	cacheMu sync.Mutex
	caches  = map[weak.Pointer[terrain.Battlefield]]*bfCache{}
)

// cachedSet returns the obstacle set for key, building it once. Entries
// are dropped when the battlefield is garbage collected.
func cachedSet(bf *terrain.Battlefield, key cacheKey) (*obstacleSet, error) {
	wp := weak.Make(bf)
	cacheMu.Lock()
	c, ok := caches[wp]
	if !ok {
		c = &bfCache{sets: map[cacheKey]*obstacleSet{}}
		caches[wp] = c
		runtime.AddCleanup(bf, func(k weak.Pointer[terrain.Battlefield]) {
			cacheMu.Lock()
			delete(caches, k)
			cacheMu.Unlock()
		}, wp)
	}
	cacheMu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.sets[key]; ok {
		return s, nil
	}
	s, err := buildSet(bf, key)
	if err != nil {
		return nil, err
	}
	if len(c.sets) >= maxSetsPerBattlefield {
		clear(c.sets)
	}
	c.sets[key] = s
	return s, nil
}

// cobs is one obstacle of a set: its exact core and, for models, the
// model's index (-1 for pieces).
type cobs struct {
	id    string
	model int
	core  core
	box   geom.Rect // core box grown by the clearance
	// center and reach bound the blocking zone: a segment farther than
	// reach from center cannot be blocked
	center geom.Point
	reach  float64
}

// edge is a cached visibility-graph edge between two nodes of a set, with
// the obstacles (at most maxBlockers) that block it; it is usable by a
// query that excludes all of them.
type edge struct {
	to       int32
	nb       int8
	blockers [maxBlockers]int32
	cost     float64
}

// maxBlockers is how many blocking obstacles an edge may record; edges
// blocked by more are dropped.
const maxBlockers = 2

// node is a candidate waypoint: a convex vertex of an offset obstacle or
// a sample on a difficult region's boundary.
type node struct {
	p          geom.Point
	prev, next geom.Point // ring neighbours (tangency pruning); equal to p for samples
	taut       bool       // whether tangency pruning applies
	owner      int32      // obstacle whose offset vertex this is; -1 for samples
	blockers   []int32    // obstacles this point is too close to
}

// region is a weighted (difficult) piece.
type region struct {
	id     string
	poly   geom.Polygon
	factor float64
	box    geom.Rect
}

// obstacleSet is the immutable, precomputed geometry for one clearance,
// class and altitude; safe for concurrent readers.
type obstacleSet struct {
	radius  float64
	obs     []cobs
	nodes   []node
	regions []region
	samples []node
	// all is nodes then samples; edges[i] caches the edges of all[i],
	// computed on first use (concurrent first uses compute the same
	// value, so the race is benign).
	all   []node
	edges []atomic.Pointer[[]edge]
}

// buildSet computes the offset obstacles and candidate waypoints.
func buildSet(bf *terrain.Battlefield, key cacheKey) (*obstacleSet, error) {
	R := key.radius
	s := &obstacleSet{radius: R}
	add := func(id string, model int, c core, off geom.Polygon) {
		s.obs = append(s.obs, cobs{id: id, model: model, core: c, box: c.box.ExpandedByMargin(R + 1e-9)})
		for ri, r := range append([]geom.Ring{off.Outer}, off.Holes...) {
			n := r.Len()
			for i := range n {
				prev, v, next := r[(i+n-1)%n], r[i], r[(i+1)%n]
				if ri == 0 && geom.Orient(prev, v, next) <= 0 {
					continue // reflex or flat: never on a shortest path
				}
				s.nodes = append(s.nodes, node{p: v, prev: prev, next: next, taut: true, owner: int32(len(s.obs) - 1)})
			}
		}
	}
	offsetCircle := func(c geom.Circle) geom.Polygon {
		return geom.Polygon{Outer: geom.Circle{Center: c.Center, Radius: c.Radius + R}.Polygon(key.chord)}
	}
	for i := range bf.Pieces() {
		pc := &bf.Pieces()[i]
		e := key.prof.pieceEffect(pc, key.alt)
		if e.move == terrain.Difficult {
			s.regions = append(s.regions, region{id: pc.ID, poly: pc.Footprint, factor: key.prof.DifficultFactor, box: pc.Footprint.Bound()})
		}
		if key.avoidDifficult && e.move == terrain.Difficult {
			// the reference point must stay out of it (cost is measured
			// there), so the clearance does not apply: inflate by -R
			c := coreFromPolygon(pc.Footprint)
			c.inflate = -R
			add(pc.ID, -1, c, pc.Footprint)
			continue
		}
		if e.move != terrain.Impassable {
			continue
		}
		if pc.Circle != nil {
			add(pc.ID, -1, coreFromConvex(*pc.Circle), offsetCircle(*pc.Circle))
			continue
		}
		off, err := offsetPolygon(pc.Footprint, R, key.chord)
		if err != nil {
			return nil, fmt.Errorf("movement: offsetting %s: %w", pc.ID, err)
		}
		add(pc.ID, -1, coreFromPolygon(pc.Footprint), off)
	}
	if !key.prof.Airborne || key.alt == 0 {
		for i := range bf.Models() {
			m := &bf.Models()[i]
			if m.Garrison != nil || (m.Airborne() && m.Base.Shape == "") {
				continue
			}
			fp := obstacleFootprint(m)
			var off geom.Polygon
			switch v := fp.(type) {
			case geom.Circle:
				off = offsetCircle(v)
			case geom.OrientedRect:
				o, err := offsetPolygon(geom.Polygon{Outer: v.Ring()}, R, key.chord)
				if err != nil {
					return nil, fmt.Errorf("movement: offsetting %s: %w", m.ID, err)
				}
				off = o
			default:
				c := coreFromConvex(fp)
				o, err := offsetPolygon(c.poly, R, key.chord)
				if err != nil {
					return nil, fmt.Errorf("movement: offsetting %s: %w", m.ID, err)
				}
				off = o
			}
			add(m.ID, i, coreFromConvex(fp), off)
		}
	}
	// boundary samples of weighted regions (every vertex, then every h)
	for _, rg := range s.regions {
		if key.spacing == 0 || rg.factor <= 1 {
			break // unweighted: no samples needed
		}
		for _, r := range append([]geom.Ring{rg.poly.Outer}, rg.poly.Holes...) {
			for i := range r.Len() {
				e := r.Edge(i)
				L := e.Length()
				k := max(int(math.Ceil(L/key.spacing)), 1)
				for j := range k {
					p := e.At(float64(j) / float64(k))
					s.samples = append(s.samples, node{p: p, prev: p, next: p, owner: -1})
				}
			}
		}
	}
	s.nodes = s.block(s.nodes)
	s.samples = s.block(s.samples)
	s.all = append(append(s.all, s.nodes...), s.samples...)
	s.edges = make([]atomic.Pointer[[]edge], len(s.all))
	for i := range s.obs {
		o := &s.obs[i]
		b := o.core.box
		o.center = geom.Pt(b.X.Center(), b.Y.Center())
		o.reach = math.Hypot(b.X.Length(), b.Y.Length())/2 + o.core.inflate + R
	}
	return s, nil
}

// block records, for every node, the obstacles it is too close to, and
// drops nodes blocked by more than eight (they are buried).
func (s *obstacleSet) block(ns []node) []node {
	out := ns[:0]
	for _, n := range ns {
		var b []int32
		for j := range s.obs {
			o := &s.obs[j]
			if !o.box.ContainsPoint(n.p) {
				continue
			}
			if _, hit := o.core.firstContact(geom.Segment{A: n.p, B: n.p}, s.radius); hit {
				b = append(b, int32(j))
			}
		}
		if len(b) > 8 {
			continue
		}
		n.blockers = b
		out = append(out, n)
	}
	return out
}

// offsetPolygon is geom.Offset with r = 0 allowed.
func offsetPolygon(p geom.Polygon, r, chord float64) (geom.Polygon, error) {
	if r == 0 {
		return p.Normalized(), nil
	}
	return geom.Offset(p, r, chord)
}

// blockers appends to dst the obstacles that keep the disc from
// translating a→b, stopping after limit+1 of them.
func (s *obstacleSet) blockers(dst []int32, a, b geom.Point, limit int) []int32 {
	seg := geom.Segment{A: a, B: b}
	sb := seg.Bound()
	for i := range s.obs {
		o := &s.obs[i]
		if !o.box.Intersects(sb) || farFrom(seg, o.center, o.reach) {
			continue
		}
		if _, hit := o.core.firstContact(seg, s.radius); hit {
			dst = append(dst, int32(i))
			if len(dst) > limit {
				return dst
			}
		}
	}
	return dst
}

// farFrom reports whether segment s stays farther than r from c (a cheap
// float test; false when unsure).
func farFrom(s geom.Segment, c geom.Point, r float64) bool {
	d := s.B.Sub(s.A)
	w := c.Sub(s.A)
	dd := d.Dot(d)
	t := 0.0
	if dd > 0 {
		t = math.Min(math.Max(w.Dot(d)/dd, 0), 1)
	}
	q := w.Sub(d.Mul(t))
	return q.Dot(q) > (r+1e-6)*(r+1e-6)
}

// tangent reports whether the line from p through node n leaves both of
// n's ring neighbours on one side (n is a possible bend of a taut path).
func tangent(p geom.Point, n *node) bool {
	if !n.taut {
		return true
	}
	return geom.Orient(p, n.p, n.prev)*geom.Orient(p, n.p, n.next) >= 0
}

// edgesOf returns the cached edges of node i, computing them on first use:
// every other node j such that the segment is tangent at both ends (for
// obstacle vertices) and blocked by at most maxBlockers obstacles.
func (s *obstacleSet) edgesOf(i int32, weighted func(a, b geom.Point) float64) []edge {
	if e := s.edges[i].Load(); e != nil {
		return *e
	}
	ni := &s.all[i]
	var out []edge
	var bl []int32
	for j := range s.all {
		if int32(j) == i {
			continue
		}
		nj := &s.all[j]
		if !tangent(ni.p, nj) || !tangent(nj.p, ni) {
			continue
		}
		bl = s.blockers(bl[:0], ni.p, nj.p, maxBlockers)
		if len(bl) > maxBlockers {
			continue
		}
		e := edge{to: int32(j), nb: int8(len(bl)), cost: weighted(ni.p, nj.p)}
		copy(e.blockers[:], bl)
		out = append(out, e)
	}
	s.edges[i].Store(&out)
	return out
}
