package movement

import (
	"math"

	"github.com/sightline/sightline/geom"
)

// treeLeaf is the most edges a leaf of an edgeTree holds, and
// minTreeEdges the fewest edges a core needs for a tree to pay.
const (
	treeLeaf     = 8
	minTreeEdges = 64
)

// edgeTree is a bounding-circle hierarchy over a core's edges in index
// order (consecutive edges of a ring lie close together), so that a
// contact test visits only the edges near the segment. boxes[0] is the
// root; it is immutable once built.
type edgeTree struct {
	boxes []edgeBox
}

// edgeBox bounds edges lo..hi-1 by the circle (c, r); kids are its two
// halves' boxes, or -1 for a leaf.
type edgeBox struct {
	c      geom.Point
	r      float64
	lo, hi int32
	kids   [2]int32
}

// indexEdges builds the core's edge tree when it has many edges. Only
// cores kept for many queries (an obstacle set's) are indexed.
func (c *core) indexEdges() {
	if len(c.edges) < minTreeEdges {
		return
	}
	t := &edgeTree{boxes: make([]edgeBox, 0, 2*len(c.edges)/treeLeaf+1)}
	t.build(c.edges, 0, int32(len(c.edges)))
	c.tree = t
}

// build appends the box of edges lo..hi-1 and its subtree, returning its
// index.
func (t *edgeTree) build(edges []geom.Segment, lo, hi int32) int32 {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, e := range edges[lo:hi] {
		for _, p := range [2]geom.Point{e.A, e.B} {
			x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
		}
	}
	b := edgeBox{c: geom.Pt((x0+x1)/2, (y0+y1)/2), r: math.Hypot(x1-x0, y1-y0) / 2, lo: lo, hi: hi, kids: [2]int32{-1, -1}}
	k := int32(len(t.boxes))
	t.boxes = append(t.boxes, b)
	if hi-lo > treeLeaf {
		mid := (lo + hi) / 2
		l := t.build(edges, lo, mid)
		r := t.build(edges, mid, hi)
		t.boxes[k].kids = [2]int32{l, r}
	}
	return k
}

// anyEdgeWithin reports whether some edge comes closer than R to s (the
// capsule test of firstContact), visiting only the boxes that may: a box
// whose circle stays farther than r+R from s holds no such edge (farFrom
// keeps a margin far above the tests' rounding).
func (t *edgeTree) anyEdgeWithin(edges []geom.Segment, s geom.Segment, R float64) bool {
	var stack [64]int32
	sp := 1
	stack[0] = 0
	for sp > 0 {
		sp--
		b := &t.boxes[stack[sp]]
		if farFrom(s, b.c, b.r+R) {
			continue
		}
		if b.kids[0] < 0 {
			for _, e := range edges[b.lo:b.hi] {
				if capsuleHit(s, e, R) {
					return true
				}
			}
			continue
		}
		stack[sp], stack[sp+1] = b.kids[1], b.kids[0]
		sp += 2
	}
	return false
}

// touches reports whether the disc of radius r moving along s comes
// closer than r+inflate-ContactTolerance to the core: firstContact's
// second result, without the parameter, so it stops at the first edge
// found (through the edge tree when the core has one).
func (c *core) touches(s geom.Segment, r float64) bool {
	R := r + c.inflate - ContactTolerance
	if R <= 0 {
		_, hit := firstInterior(c, s)
		return hit
	}
	if c.tree != nil {
		return c.tree.anyEdgeWithin(c.edges, s, R) || c.inside(s.A)
	}
	if c.inside(s.A) {
		return true
	}
	if fastPaths {
		return edgesWithin(c.edges, s, R)
	}
	for _, e := range c.edges {
		if capsuleHit(s, e, R) {
			return true
		}
	}
	return false
}

// edgesWithin reports whether capsuleHit(s, e, R) holds for some edge e,
// testing only the edges whose box comes within R + 1e-6 of s's box along
// both axes: an edge farther than that along x or y is farther than R from
// every point of s, and capsuleHit, whose rounding on table-sized
// coordinates is far below the margin (as farFrom's and touchesPoint's),
// does not report it. Half the edges a warm weighted query tests are
// dropped so, for four comparisons each instead of two line-disc tests.
func edgesWithin(edges []geom.Segment, s geom.Segment, R float64) bool {
	lim := R + 1e-6
	x0, x1 := s.A.X, s.B.X
	if x1 < x0 {
		x0, x1 = x1, x0
	}
	y0, y1 := s.A.Y, s.B.Y
	if y1 < y0 {
		y0, y1 = y1, y0
	}
	x0, x1, y0, y1 = x0-lim, x1+lim, y0-lim, y1+lim
	for _, e := range edges {
		if (e.A.X < x0 && e.B.X < x0) || (e.A.X > x1 && e.B.X > x1) ||
			(e.A.Y < y0 && e.B.Y < y0) || (e.A.Y > y1 && e.B.Y > y1) {
			continue
		}
		if capsuleHit(s, e, R) {
			return true
		}
	}
	return false
}

// touchesPoint is touches(geom.Segment{A: p, B: p}, r), the test block
// runs for every node, specialised for a segment of length zero: the same
// answer from the same float expressions (see pointHit), with the
// inside test last, where touches' edge loop makes it rare for nodes
// close to an edge.
func (c *core) touchesPoint(p geom.Point, r float64) bool {
	R := r + c.inflate - ContactTolerance
	if R <= 0 {
		_, hit := firstInterior(c, geom.Segment{A: p, B: p})
		return hit
	}
	if c.tree != nil {
		return c.tree.anyEdgeWithin(c.edges, geom.Segment{A: p, B: p}, R) || c.inside(p)
	}
	// an edge whose box p is farther than lim from, along x or y, is
	// farther than R from p: it cannot hit, and pointHit, whose rounding
	// on table-sized coordinates is far below the margin (as farFrom's),
	// would not say it does
	lim := R + 1e-6
	for _, e := range c.edges {
		if (p.X+lim < e.A.X && p.X+lim < e.B.X) || (p.X-lim > e.A.X && p.X-lim > e.B.X) ||
			(p.Y+lim < e.A.Y && p.Y+lim < e.B.Y) || (p.Y-lim > e.A.Y && p.Y-lim > e.B.Y) {
			continue
		}
		if pointHit(p, e, R) {
			return true
		}
	}
	return c.inside(p)
}

// pointHit is capsuleHit(geom.Segment{A: p, B: p}, e, R) for a finite p:
// with d = 0, lineDisc hits exactly when w·w − R² ≤ 0 (and then over the
// whole line, which in accepts), and the slabs keep their infinite
// interval and test x0 alone, so only those comparisons remain, on the
// values capsuleHit computes.
func pointHit(p geom.Point, e geom.Segment, R float64) bool {
	if w := p.Sub(e.A); w.Dot(w)-R*R <= 0 {
		return true
	}
	if w := p.Sub(e.B); w.Dot(w)-R*R <= 0 {
		return true
	}
	ev := e.B.Sub(e.A)
	L := ev.Norm()
	if L <= 0 {
		return false
	}
	u := ev.Mul(1 / L)
	w := p.Sub(e.A)
	x, y := w.Dot(u), w.X*(-u.Y)+w.Y*u.X // w.Dot(u.Ortho()), spelled out
	return x >= 0 && x <= L && y >= -R && y <= R
}
