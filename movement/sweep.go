package movement

import (
	"math"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
)

// core is an obstacle reduced to what contact tests need: a closed region
// (a polygon, or nothing for a point or segment obstacle), its boundary
// edges, and an extra radius by which the region is inflated (a circular
// base is its centre inflated by its radius).
type core struct {
	poly    geom.Polygon   // region for inside tests; empty for points
	edges   []geom.Segment // boundary (a point is one zero-length segment)
	inflate float64
	box     geom.Rect // bound of the inflated region
	tree    *edgeTree // edges indexed for touches; nil unless indexEdges
}

// coreFromPolygon returns the core of a terrain footprint.
func coreFromPolygon(p geom.Polygon) core {
	return coreFromPolygonIn(p, nil)
}

// coreFromPolygonIn is coreFromPolygon taking the edges' storage from
// *arena when it has room (a set's cores then share a few arrays rather
// than one allocation each); the core's edges are a full slice of their
// own part of it. A nil arena allocates them.
func coreFromPolygonIn(p geom.Polygon, arena *[]geom.Segment) core {
	c := core{poly: p, box: p.Bound()}
	if n := p.NumVertices(); n > 0 {
		if arena == nil {
			c.edges = make([]geom.Segment, 0, n) // one edge per vertex
		} else {
			if cap(*arena)-len(*arena) < n {
				*arena = make([]geom.Segment, 0, max(n, minEdgeArena))
			}
			k := len(*arena)
			*arena = (*arena)[:k+n]
			c.edges = (*arena)[k : k : k+n]
		}
	}
	c.edges = appendEdges(c.edges, p.Outer)
	for _, h := range p.Holes {
		c.edges = appendEdges(c.edges, h)
	}
	return c
}

// minEdgeArena is the fewest edges coreFromPolygonIn gives a new arena
// (4 KB; a reference table's polygon cores have about 170).
const minEdgeArena = 128

// appendEdges appends the edges of ring r to dst.
func appendEdges(dst []geom.Segment, r geom.Ring) []geom.Segment {
	for i := range r.Len() {
		dst = append(dst, r.Edge(i))
	}
	return dst
}

// coreFromConvex returns the core of a model footprint: exact for circles
// and rectangles, the circumscribed polygon (chord error 0.005 in,
// conservative) for ovals and other shapes.
func coreFromConvex(s geom.Convex) core {
	return coreFromConvexIn(s, nil)
}

// coreFromConvexIn is coreFromConvex taking a polygon core's edges from
// *arena (see coreFromPolygonIn).
func coreFromConvexIn(s geom.Convex, arena *[]geom.Segment) core {
	switch v := s.(type) {
	case geom.Circle:
		return circleCore(v, make([]geom.Segment, 1))
	case geom.OrientedRect:
		return coreFromPolygonIn(geom.Polygon{Outer: v.Ring()}, arena)
	case geom.Ellipse:
		return coreFromPolygonIn(geom.Polygon{Outer: v.Polygon(0.005)}, arena)
	}
	v := s.Bound().Vertices()
	return coreFromPolygonIn(geom.PolygonFromPoints(v[:]...), arena)
}

// circleCore returns the core of circle v: its centre inflated by its
// radius, whose one zero-length edge it stores in edge[0] (edge is the
// caller's storage, of length at least 1).
func circleCore(v geom.Circle, edge []geom.Segment) core {
	edge[0] = geom.Segment{A: v.Center, B: v.Center}
	return core{edges: edge[:1:1], inflate: v.Radius, box: v.Bound()}
}

// inside reports whether p is in the core's closed region. A point
// outside c.box (the outer ring's bound for a polygon core, see
// coreFromPolygon) is outside the closed ring, which Locate, being exact,
// would also answer.
func (c *core) inside(p geom.Point) bool {
	return len(c.poly.Outer) >= 3 && c.box.ContainsPoint(p) && c.poly.Locate(p) != geom.Outside
}

// firstContact returns the smallest t in [0, 1] at which the disc of
// radius r centred at s.At(t) comes closer than r+inflate-ContactTolerance
// to the core, and whether there is one. It is exact up to rounding: the
// set of such t for one edge is a line's intersection with a capsule.
func (c *core) firstContact(s geom.Segment, r float64) (float64, bool) {
	R := r + c.inflate - ContactTolerance
	if R <= 0 {
		// a point mover against a bare region: only entering it counts
		return firstInterior(c, s)
	}
	if c.inside(s.A) {
		return 0, true
	}
	best, ok := math.Inf(1), false
	for _, e := range c.edges {
		if t, hit := capsuleEntry(s, e, R); hit && t < best {
			best, ok = t, true
		}
	}
	return best, ok
}

// firstInterior returns the first parameter where s enters the interior of
// the core's polygon (a zero-radius mover).
func firstInterior(c *core, s geom.Segment) (float64, bool) {
	if len(c.poly.Outer) < 3 || !c.poly.SegmentCrossesInterior(s) {
		return 0, false
	}
	var buf [8]r1.Interval
	iv := c.poly.SegmentInside(s, buf[:0])
	for _, in := range iv {
		if in.Hi > in.Lo {
			return in.Lo, true
		}
	}
	return 0, true
}

// capsuleEntry returns the smallest t in [0,1] with dist(s.At(t), e) < R.
func capsuleEntry(s geom.Segment, e geom.Segment, R float64) (float64, bool) {
	best, ok := math.Inf(1), false
	try := func(lo, hi float64) {
		lo, hi = max(lo, 0), min(hi, 1)
		if lo <= hi && lo < best {
			best, ok = lo, true
		}
	}
	d := s.B.Sub(s.A)
	for _, c := range []geom.Point{e.A, e.B} {
		if lo, hi, hit := lineDisc(s.A, d, c, R); hit {
			try(lo, hi)
		}
	}
	ev := e.B.Sub(e.A)
	L := ev.Norm()
	if L > 0 {
		u := ev.Mul(1 / L)
		n := u.Ortho()
		w := s.A.Sub(e.A)
		lo, hi := math.Inf(-1), math.Inf(1)
		okSlab := slab(w.Dot(u), d.Dot(u), 0, L, &lo, &hi) && slab(w.Dot(n), d.Dot(n), -R, R, &lo, &hi)
		if okSlab {
			try(lo, hi)
		}
	}
	return best, ok
}

// capsuleHit reports whether some point of s comes closer than R to e:
// capsuleEntry's second result, from the same three tests, stopping at the
// first that hits.
func capsuleHit(s geom.Segment, e geom.Segment, R float64) bool {
	in := func(lo, hi float64) bool { return max(lo, 0) <= min(hi, 1) }
	d := s.B.Sub(s.A)
	if lo, hi, hit := lineDisc(s.A, d, e.A, R); hit && in(lo, hi) {
		return true
	}
	if lo, hi, hit := lineDisc(s.A, d, e.B, R); hit && in(lo, hi) {
		return true
	}
	ev := e.B.Sub(e.A)
	L := ev.Norm()
	if L <= 0 {
		return false
	}
	u := ev.Mul(1 / L)
	n := u.Ortho()
	w := s.A.Sub(e.A)
	lo, hi := math.Inf(-1), math.Inf(1)
	return slab(w.Dot(u), d.Dot(u), 0, L, &lo, &hi) && slab(w.Dot(n), d.Dot(n), -R, R, &lo, &hi) && in(lo, hi)
}

// slab narrows [lo, hi] to the t with a <= x0 + t*dx <= b.
func slab(x0, dx, a, b float64, lo, hi *float64) bool {
	if dx == 0 {
		return x0 >= a && x0 <= b
	}
	t0, t1 := (a-x0)/dx, (b-x0)/dx
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	*lo, *hi = max(*lo, t0), min(*hi, t1)
	return *lo <= *hi
}

// lineDisc returns the parameter interval where p + t*d lies in the closed
// disc (c, R).
func lineDisc(p, d, c geom.Point, R float64) (float64, float64, bool) {
	w := p.Sub(c)
	a := d.Dot(d)
	b := 2 * w.Dot(d)
	cc := w.Dot(w) - R*R
	if a == 0 {
		if cc <= 0 {
			return math.Inf(-1), math.Inf(1), true
		}
		return 0, 0, false
	}
	disc := b*b - 4*a*cc
	if disc < 0 {
		return 0, 0, false
	}
	sq := math.Sqrt(disc)
	// numerically stable roots
	var q float64
	if b >= 0 {
		q = -(b + sq) / 2
	} else {
		q = -(b - sq) / 2
	}
	t0, t1 := q/a, cc/q
	if q == 0 {
		t0, t1 = 0, 0
	}
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	return t0, t1, true
}
