package movement

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

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
	// whole reports whether the obstacle's offset is one polygon, whose
	// vertices keep the clearance from the core by construction (so block
	// need not test them against their owner, the dominant cost for
	// many-vertex obstacles); false for offsets made of convex pieces,
	// whose vertices may lie inside the union.
	whole bool
}

// nbr is a cached candidate edge from a node to node to: tangent at both
// ends, not yet known to be clear. blk caches, once a query first needs
// it, the obstacles blocking it (see packBlockers); 0 means not computed.
type nbr struct {
	to  int32
	blk atomic.Uint64
}

// maxBlockers is how many blocking obstacles an edge's cache may record;
// an edge blocked by more is unusable whatever a query excludes.
const maxBlockers = 2

// packBlockers encodes the blockers of an edge for nbr.blk: bit 63 set
// (known), bits 60-61 the count (3: more than maxBlockers), then two
// 30-bit obstacle indices. It reports false when an index does not fit.
func packBlockers(bl []int32) (uint64, bool) {
	v := uint64(1) << 63
	if len(bl) > maxBlockers {
		return v | 3<<60, true
	}
	v |= uint64(len(bl)) << 60
	for k, b := range bl {
		if b < 0 || b >= 1<<30 {
			return 0, false
		}
		v |= uint64(b) << (30 * uint(k))
	}
	return v, true
}

// unpackBlockers returns the count (-1: too many) and the indices.
func unpackBlockers(v uint64) (int, [maxBlockers]int32) {
	var out [maxBlockers]int32
	nb := int(v >> 60 & 3)
	if nb > maxBlockers {
		return -1, out
	}
	for k := range nb {
		out[k] = int32(v >> (30 * uint(k)) & (1<<30 - 1))
	}
	return nb, out
}

// node is a candidate waypoint: a convex vertex of an offset obstacle or
// (per query) a sample on a difficult region's boundary.
type node struct {
	p          geom.Point
	prev, next geom.Point // ring neighbours (tangency pruning); equal to p for samples
	taut       bool       // whether tangency pruning applies
	// follows reports whether the node before it in the set is its ring
	// neighbour prev and has it as next (scanRing then shares their
	// edge's orientation)
	follows bool
	owner   int32 // obstacle whose offset vertex this is; -1 for samples
	// blo and nblk locate the obstacles this point is too close to in
	// obstacleSet.blk (see blockersOf): an index, not a slice, so that the
	// node array, most of a set's memory, holds no pointer for the
	// collector to trace
	blo, nblk int32
}

// region is a weighted (difficult) piece.
type region struct {
	id     string
	poly   geom.Polygon
	factor float64
	box    geom.Rect
	// parts is the piece's convex decomposition (terrain.Piece.ConvexParts,
	// computed once by the Battlefield), for costBound's pieces.
	parts [][]geom.Point
}

// obstacleSet is the immutable, precomputed geometry for one clearance,
// class and altitude; safe for concurrent readers.
type obstacleSet struct {
	radius  float64
	obs     []cobs
	nodes   []node
	regions []region
	bounds  []regionBound // per region, for query.costBound
	// regionMask and obsMask index the regions' and obstacles' boxes for
	// segment queries (nil when there are too many)
	regionMask, obsMask *boxMask
	grid                *grid // obstacle boxes, for point queries
	// rings are the offset rings that kept a node, for the tangent
	// search of nbrsOf; nbrCost is the work charged for one such search.
	// blk holds the nodes' blocker lists, each a run (node.blo,
	// node.nblk)
	blk     []int32
	rings   []tangentRing
	discs   []ringDisc // per ring, its disc (for nbrsOf's cone test)
	nbrCost int
	// nbrs[i] caches the candidate edges of nodes[i], computed on first
	// use and published once (CompareAndSwap); their blocker caches are
	// atomics filled on first verification with a deterministic value.
	nbrs []atomic.Pointer[[]nbr]
	// models are the indices of the models' obstacles (the only ones a
	// query can exclude); minFactor and maxFactor are the smallest and
	// largest difficult factors of the regions (+Inf and 1 without any)
	models               []int32
	minFactor, maxFactor float64
}

// buildSet computes the offset obstacles and candidate waypoints.
func buildSet(bf *terrain.Battlefield, key setKey) (*obstacleSet, error) {
	s, rings, err := offsetObstacles(bf, key)
	if err != nil {
		return nil, err
	}
	R := key.radius
	s.bounds = boundRegions(s.regions)
	tb := bf.Table()
	area := geom.Rect{X: r1.Interval{Hi: tb.Width}, Y: r1.Interval{Hi: tb.Depth}}
	s.grid = newGrid(area, func(i int) geom.Rect { return s.obs[i].box }, len(s.obs))
	s.obsMask = newBoxMask(area, func(i int) geom.Rect { return s.obs[i].box }, len(s.obs))
	s.makeNodes(rings)
	s.nbrs = make([]atomic.Pointer[[]nbr], len(s.nodes))
	s.regionMask = newBoxMask(area, func(i int) geom.Rect { return s.regions[i].box }, len(s.regions))
	s.minFactor, s.maxFactor = math.Inf(1), 1
	for _, rg := range s.regions {
		s.maxFactor = max(s.maxFactor, rg.factor)
		s.minFactor = min(s.minFactor, rg.factor)
	}
	for i := range s.obs {
		o := &s.obs[i]
		if o.model >= 0 {
			s.models = append(s.models, int32(i))
		}
		b := o.core.box
		o.center = geom.Pt(b.X.Center(), b.Y.Center())
		o.reach = math.Hypot(b.X.Length(), b.Y.Length())/2 + o.core.inflate + R
	}
	return s, nil
}

// offsetObstacles returns a set holding the obstacles (s.obs) and
// difficult regions of bf for key, and the rings of the obstacles'
// offsets, in obstacle order, for makeNodes. It is one pass over pieces
// then models feeding the same ring list, so it stays whole past 80
// lines.
func offsetObstacles(bf *terrain.Battlefield, key setKey) (*obstacleSet, []offsetRing, error) {
	R := key.radius
	s := &obstacleSet{radius: R}
	// offset rings per obstacle, turned into nodes once all are known
	nobs := len(bf.Pieces()) + len(bf.Models())
	s.obs = make([]cobs, 0, nobs)
	rings := make([]offsetRing, 0, nobs)
	add := func(id string, model int, c core, offs ...geom.Polygon) {
		c.indexEdges()
		s.obs = append(s.obs, cobs{id: id, model: model, core: c, box: c.box.ExpandedByMargin(R + 1e-9), whole: len(offs) == 1 && c.inflate >= 0 && R > 0})
		owner := int32(len(s.obs) - 1)
		for _, off := range offs {
			rings = append(rings, offsetRing{owner, off.Outer, true})
			for _, h := range off.Holes {
				rings = append(rings, offsetRing{owner, h, false})
			}
		}
	}
	// the polygon cores' edges share a few arrays (coreFromPolygonIn)
	var edges []geom.Segment
	var circles geom.CircleRings // models share a few base sizes
	// a circle's core is one zero-length edge: theirs share one array
	// rather than one allocation each (at most one per obstacle)
	circleEdges := make([]geom.Segment, nobs)
	circleOf := func(v geom.Circle) core {
		c := circleCore(v, circleEdges)
		circleEdges = circleEdges[1:]
		return c
	}
	// their offset rings share a few arrays too (of circleChunk vertices,
	// a new one when little room is left), each ring a full slice
	var circleVerts geom.Ring
	offsetCircle := func(c geom.Circle) geom.Polygon {
		if cap(circleVerts)-len(circleVerts) < circleChunk/8 {
			circleVerts = make(geom.Ring, 0, circleChunk)
		}
		k := len(circleVerts)
		circleVerts = circles.AppendPolygon(circleVerts, geom.Circle{Center: c.Center, Radius: c.Radius + R}, key.chord)
		return geom.Polygon{Outer: circleVerts[k:len(circleVerts):len(circleVerts)]}
	}
	for i := range bf.Pieces() {
		pc := &bf.Pieces()[i]
		e := key.prof.pieceEffect(pc, key.alt)
		if e.move == terrain.Difficult {
			s.regions = append(s.regions, region{id: pc.ID, poly: pc.Footprint, factor: key.prof.DifficultFactor, box: pc.Footprint.Bound(), parts: pc.ConvexParts()})
		}
		if key.avoidDifficult && e.move == terrain.Difficult {
			// the reference point must stay out of it (cost is measured
			// there), so the clearance does not apply: inflate by -R
			c := coreFromPolygonIn(pc.Footprint, &edges)
			c.inflate = -R
			add(pc.ID, -1, c, pc.Footprint)
			continue
		}
		if e.move != terrain.Impassable {
			continue
		}
		if pc.Circle != nil {
			add(pc.ID, -1, circleOf(*pc.Circle), offsetCircle(*pc.Circle))
			continue
		}
		offs, err := offsetPieces(pc, R, key.chord)
		if err != nil {
			return nil, nil, fmt.Errorf("movement: offsetting %s: %w", pc.ID, err)
		}
		add(pc.ID, -1, coreFromPolygonIn(pc.Footprint, &edges), offs...)
	}
	if !key.prof.Airborne || key.alt == 0 {
		for i := range bf.Models() {
			m := &bf.Models()[i]
			if m.Garrison != nil || (m.Airborne() && m.Base.Shape == "") {
				continue
			}
			fp := obstacleFootprint(m)
			if v, ok := fp.(geom.Circle); ok {
				add(m.ID, i, circleOf(v), offsetCircle(v))
				continue
			}
			// a polygon core (a rectangle's ring, an oval's circumscribed
			// polygon), offset as it is
			c := coreFromConvexIn(fp, &edges)
			off, err := offsetPolygon(c.poly, R, key.chord)
			if err != nil {
				return nil, nil, fmt.Errorf("movement: offsetting %s: %w", m.ID, err)
			}
			add(m.ID, i, c, off)
		}
	}
	return s, rings, nil
}

// circleChunk is the size of the arrays the circles' offset rings share,
// in vertices (8 KB; a reference table's circles need about 1,000).
const circleChunk = 512

// offsetPieces returns polygons whose union is the offset of pc's
// footprint p by r: p's own offset when p is convex (or r is 0), else the
// offsets of its convex pieces (pc.ConvexParts, which the battlefield
// computed once when it was built). The Minkowski sum distributes over
// union, so the union is the same region; its convex vertices are convex
// vertices of the pieces' offsets (crossings of two pieces' boundaries are
// reflex), and extra piece vertices deep inside are dropped by block. This
// avoids the general overlay, which dominated the set build.
//
// The footprint was validated when the battlefield was built, and its
// convex pieces are valid by construction: a convex one (or a piece) is
// offset by offsetConvex, which does not validate it again.
func offsetPieces(pc *terrain.Piece, r, chord float64) ([]geom.Polygon, error) {
	p := pc.Footprint
	if r == 0 {
		off, err := offsetPolygon(p, r, chord)
		return []geom.Polygon{off}, err
	}
	if p.IsConvex() {
		off, err := offsetConvex(p.Outer, r, chord)
		return []geom.Polygon{off}, err
	}
	pieces := pc.ConvexParts()
	if pieces == nil {
		off, err := offsetPolygon(p, r, chord) // the general overlay
		return []geom.Polygon{off}, err
	}
	out := make([]geom.Polygon, 0, len(pieces))
	for _, part := range pieces {
		off, err := offsetConvex(geom.Ring(part), r, chord)
		if err != nil {
			return nil, err
		}
		out = append(out, off)
	}
	return out, nil
}

// offsetConvex is geom.OffsetConvex (no second validation), or in a
// build without the fast paths geom.Offset, which gives the same polygon
// for such a ring (TestOffsetConvexMatchesOffset) and keeps OffsetConvex
// out of the WebAssembly module.
func offsetConvex(ring geom.Ring, r, chord float64) (geom.Polygon, error) {
	if fastPaths {
		return geom.OffsetConvex(ring, r, chord)
	}
	return geom.Offset(geom.Polygon{Outer: ring}, r, chord)
}

// offsetPolygon is geom.Offset with r = 0 allowed.
func offsetPolygon(p geom.Polygon, r, chord float64) (geom.Polygon, error) {
	if r == 0 {
		return p.Normalized(), nil
	}
	return geom.Offset(p, r, chord)
}

// blockers appends to dst the obstacles that keep the disc from
// translating a→b, stopping after limit+1 of them; *mbuf is the caller's
// buffer for the obstacle mask's answer (kept for reuse).
func (s *obstacleSet) blockers(dst []int32, a, b geom.Point, limit int, mbuf *[]uint64) []int32 {
	seg := geom.Segment{A: a, B: b}
	sb := seg.Bound()
	words := nearAll(s.obsMask, sb.X.Lo, sb.Y.Lo, sb.X.Hi, sb.Y.Hi, *mbuf)
	if cap(words) > cap(*mbuf) {
		*mbuf = words
	}
	for i := nextIndex(words, 0, len(s.obs)); i >= 0; i = nextIndex(words, i+1, len(s.obs)) {
		o := &s.obs[i]
		if !o.box.Intersects(sb) || farFrom(seg, o.center, o.reach) {
			continue
		}
		if o.core.touches(seg, s.radius) {
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
		t = min(max(w.Dot(d)/dd, 0), 1)
	}
	q := w.Sub(d.Mul(t))
	return q.Dot(q) > (r+1e-6)*(r+1e-6)
}

// tangent reports whether the line from p through node n leaves both of
// n's ring neighbours on one side (n is a possible bend of a taut path).
// It is geom.Orient(p, n.p, n.prev)·geom.Orient(p, n.p, n.next) ≥ 0, with
// Orient's own float filter inlined: the exact predicate runs only when
// the filter cannot tell a sign (the answer is the same).
func tangent(p geom.Point, n *node) bool {
	if !n.taut {
		return true
	}
	// the two determinants with c = n.prev and c = n.next, as Orient
	// computes them
	l1 := (p.X - n.prev.X) * (n.p.Y - n.prev.Y)
	r1 := (p.Y - n.prev.Y) * (n.p.X - n.prev.X)
	l2 := (p.X - n.next.X) * (n.p.Y - n.next.Y)
	r2 := (p.Y - n.next.Y) * (n.p.X - n.next.X)
	d1, d2 := l1-r1, l2-r2
	b1 := orientFilterBound*(math.Abs(l1)+math.Abs(r1)) + orientFilterTiny
	b2 := orientFilterBound*(math.Abs(l2)+math.Abs(r2)) + orientFilterTiny
	if (d1 > b1 || d1 < -b1) && (d2 > b2 || d2 < -b2) {
		return (d1 > 0) == (d2 > 0)
	}
	return geom.Orient(p, n.p, n.prev)*geom.Orient(p, n.p, n.next) >= 0
}

// orientFilterBound and orientFilterTiny are geom.Orient's float filter
// constants (Shewchuk's ccwerrboundA, and an absolute slack that sends
// underflowing products to the exact path): a determinant farther from 0
// than the bound has the sign Orient returns.
const (
	orientFilterBound = (3 + 16*0x1p-53) * 0x1p-53
	orientFilterTiny  = 0x1p-960
)

// blockersOf returns the obstacles node n is too close to (none for a
// sample).
func (s *obstacleSet) blockersOf(n *node) []int32 {
	return s.blk[n.blo : n.blo+n.nblk : n.blo+n.nblk]
}

// nbrsKnown reports whether node i's candidate edges are computed.
func (s *obstacleSet) nbrsKnown(i int32) bool { return s.nbrs[i].Load() != nil }

// nbrBlockers returns the cached blockers of the candidate edge a→b
// (count -1: more than maxBlockers), computing and caching them on first
// use. Concurrent first uses store the same value.
func (s *obstacleSet) nbrBlockers(e *nbr, a, b geom.Point, mbuf *[]uint64) (int, [maxBlockers]int32) {
	if v := e.blk.Load(); v != 0 {
		return unpackBlockers(v)
	}
	var buf [maxBlockers + 1]int32
	bl := s.blockers(buf[:0], a, b, maxBlockers, mbuf)
	v, ok := packBlockers(bl)
	if !ok {
		var out [maxBlockers]int32
		copy(out[:], bl)
		return len(bl), out
	}
	e.blk.Store(v)
	return unpackBlockers(v)
}
