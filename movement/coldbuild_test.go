package movement

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestOffsetPiecesMatchesDecomposition: offsetPieces takes a non-convex
// footprint's convex pieces from the battlefield (Piece.ConvexParts);
// its offsets must be those of geom.ConvexPieces of the footprint, piece
// by piece, for every piece of six generated tables, and a copy of the
// piece held by no battlefield must give the same.
func TestOffsetPiecesMatchesDecomposition(t *testing.T) {
	nonConvex := 0
	for seed := int64(1); seed <= 6; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		for i := range bf.Pieces() {
			pc := &bf.Pieces()[i]
			for _, r := range []float64{0.5, 1.25} {
				got, err := offsetPieces(pc, r, DefaultChordError)
				if err != nil {
					t.Fatalf("offsetPieces(%s, %v): %v", pc.ID, r, err)
				}
				var want []geom.Polygon
				if pc.Footprint.IsConvex() {
					off, err := geom.Offset(pc.Footprint, r, DefaultChordError)
					if err != nil {
						t.Fatal(err)
					}
					want = []geom.Polygon{off}
				} else {
					nonConvex++
					parts, err := geom.ConvexPieces(pc.Footprint)
					if err != nil {
						t.Fatal(err)
					}
					for _, part := range parts {
						off, err := geom.Offset(geom.Polygon{Outer: geom.Ring(part)}, r, DefaultChordError)
						if err != nil {
							t.Fatal(err)
						}
						want = append(want, off)
					}
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("seed %d: offsetPieces(%s, %v) = %d polygons, want the %d of its decomposition", seed, pc.ID, r, len(got), len(want))
				}
				loose := terrain.Piece{ID: pc.ID, Footprint: pc.Footprint}
				if g2, err := offsetPieces(&loose, r, DefaultChordError); err != nil || !reflect.DeepEqual(g2, got) {
					t.Errorf("seed %d: offsetPieces of a loose copy of %s differs (err %v)", seed, pc.ID, err)
				}
			}
		}
	}
	if nonConvex == 0 {
		t.Fatal("no non-convex footprint on the generated tables: the test tests nothing")
	}
}

// TestGridMatchesBuckets: the grid's cells, one array cut into runs, hold
// what per-cell lists appended box by box hold (the reference below, the
// former layout), in the same order, for random boxes over the area,
// boxes past it, empty boxes and an empty grid.
func TestGridMatchesBuckets(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	area := geom.Rect{X: r1.Interval{Lo: 0, Hi: 48}, Y: r1.Interval{Lo: 0, Hi: 36}}
	for trial := range 200 {
		n := trial % 90
		boxes := make([]geom.Rect, n)
		for i := range boxes {
			x, y := rng.Float64()*60-6, rng.Float64()*48-6
			w, h := rng.Float64()*rng.Float64()*30, rng.Float64()*rng.Float64()*30
			boxes[i] = geom.Rect{X: r1.Interval{Lo: x, Hi: x + w}, Y: r1.Interval{Lo: y, Hi: y + h}}
			if rng.IntN(10) == 0 {
				boxes[i] = geom.EmptyRect()
			}
		}
		g := newGrid(area, func(i int) geom.Rect { return boxes[i] }, n)
		var ref [gridCells * gridCells][]int32
		for i, b := range boxes {
			if b.IsEmpty() {
				continue
			}
			x0, y0 := g.cell(geom.Pt(b.X.Lo, b.Y.Lo))
			x1, y1 := g.cell(geom.Pt(b.X.Hi, b.Y.Hi))
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					ref[y*gridCells+x] = append(ref[y*gridCells+x], int32(i))
				}
			}
		}
		for c := range ref {
			x, y := c%gridCells, c/gridCells
			p := geom.Pt((float64(x)+0.5)*48/gridCells, (float64(y)+0.5)*36/gridCells)
			if got := g.at(p); !slices.Equal(got, ref[c]) || cap(got) != len(got) {
				t.Fatalf("trial %d: grid.at(%v) = %v (cap %d), want %v", trial, p, got, cap(got), ref[c])
			}
		}
	}
}

// nodesRef is the former node making, kept as the reference for
// makeNodes: every convex vertex of every ring (every vertex of a hole),
// then, for each, the obstacles of its grid cell whose box holds it and
// that it touches (its owner skipped when the owner's offset is whole),
// dropping the nodes too close to a piece; the rings renumbered after.
// The kept nodes' blocker lists are returned as runs of one array, with
// each kept node's ring number.
func nodesRef(s *obstacleSet, rings []offsetRing) ([]node, []int32, []int32) {
	var ns []node
	var nring []int32
	for ri, rg := range rings {
		r := rg.r
		n := r.Len()
		for i := range n {
			prev, v, next := r[(i+n-1)%n], r[i], r[(i+1)%n]
			if rg.outer && geom.Orient(prev, v, next) <= 0 {
				continue
			}
			ns = append(ns, node{p: v, prev: prev, next: next, taut: true, owner: rg.owner})
			nring = append(nring, int32(ri))
		}
	}
	var out []node
	var blk, ringOf []int32
	for k, n := range ns {
		var b []int32
		for _, j := range s.grid.at(n.p) {
			o := &s.obs[j]
			if (j == n.owner && o.whole) || !o.box.ContainsPoint(n.p) {
				continue
			}
			if o.core.touchesPoint(n.p, s.radius) {
				b = append(b, j)
			}
		}
		if slices.ContainsFunc(b, func(j int32) bool { return s.obs[j].model < 0 }) {
			continue
		}
		n.blo, n.nblk = int32(len(blk)), int32(len(b))
		blk = append(blk, b...)
		out = append(out, n)
		ringOf = append(ringOf, nring[k])
	}
	ring, last := int32(-1), int32(-1)
	for k := range out {
		if ringOf[k] != last {
			ring, last = ring+1, ringOf[k]
		} else {
			pn := &out[k-1]
			out[k].follows = pn.p == out[k].prev && pn.next == out[k].p
		}
		ringOf[k] = ring
	}
	return out, blk, ringOf
}

// TestMakeNodesMatchesReference: makeNodes (blocking obstacles found per
// ring, nodes and rings made in one pass) gives the nodes, blockers,
// ring numbers and ring ranges of nodesRef, on six generated tables and
// a scaled one, for several clearances and classes, with difficult
// terrain weighted or made an obstacle.
func TestMakeNodesMatchesReference(t *testing.T) {
	var bfs []*terrain.Battlefield
	for seed := int64(1); seed <= 6; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		bfs = append(bfs, bf)
	}
	bf, err := terrain.GenerateBattlefield(2, terrain.ScaledGenerate(200))
	if err != nil {
		t.Fatal(err)
	}
	bfs = append(bfs, bf)
	blocked := 0
	for bi, bf := range bfs {
		for _, c := range []struct {
			r     float64
			class terrain.Class
			avoid bool
		}{{0.5, terrain.Infantry, false}, {1.25, terrain.Vehicle, false}, {0, terrain.Infantry, false}, {0.75, terrain.Vehicle, true}, {2.5, terrain.Walker, false}, {1, terrain.Skimmer, false}} {
			key := setKey{radius: c.r, chord: DefaultChordError, prof: ProfileFor(c.class), avoidDifficult: c.avoid}
			s, rings, err := offsetObstacles(bf, key)
			if err != nil {
				t.Fatal(err)
			}
			tb := bf.Table()
			area := geom.Rect{X: r1.Interval{Hi: tb.Width}, Y: r1.Interval{Hi: tb.Depth}}
			s.grid = newGrid(area, func(i int) geom.Rect { return s.obs[i].box }, len(s.obs))
			s.obsMask = newBoxMask(area, func(i int) geom.Rect { return s.obs[i].box }, len(s.obs))
			s.makeNodes(rings)
			want, blk, ringOf := nodesRef(s, rings)
			if !reflect.DeepEqual(s.nodes, want) || !slices.Equal(s.blk, blk) {
				k := 0
				for k < min(len(s.nodes), len(want)) && reflect.DeepEqual(s.nodes[k], want[k]) {
					k++
				}
				t.Fatalf("table %d, %+v: %d nodes, want %d; first difference at %d", bi, c, len(s.nodes), len(want), k)
			}
			for k, rg := range s.rings {
				if rg.hi <= rg.lo || ringOf[rg.lo] != int32(k) || ringOf[rg.hi-1] != int32(k) || (int(rg.hi) < len(want) && ringOf[rg.hi] == int32(k)) {
					t.Fatalf("table %d, %+v: ring %d spans nodes [%d, %d), not its nodes", bi, c, k, rg.lo, rg.hi)
				}
				ref := tangentRing{lo: rg.lo, hi: rg.hi}
				ref.bound(s.nodes) // makeNodes takes a wholly kept ring's box from ringBox
				if rg.center != ref.center || rg.radius != ref.radius {
					t.Fatalf("table %d, %+v: ring %d disc %v, %v; bound says %v, %v", bi, c, k, rg.center, rg.radius, ref.center, ref.radius)
				}
			}
			if len(s.rings) == 0 || s.rings[len(s.rings)-1].hi != int32(len(want)) {
				t.Fatalf("table %d, %+v: the rings do not tile the node list", bi, c)
			}
			for k := range want {
				if len(s.blockersOf(&want[k])) > 0 {
					blocked++
				}
			}
		}
	}
	if blocked == 0 {
		t.Fatal("no node has a blocker: the comparison of blocker lists tests nothing")
	}
}

// TestRingBox: ringBox is geom.Ring.Bound for rings of one to many
// vertices, the extremes anywhere on the ring.
func TestRingBox(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 4))
	for trial := range 2000 {
		r := make(geom.Ring, 1+trial%40)
		for i := range r {
			r[i] = geom.Pt(rng.Float64()*100-50, rng.Float64()*100-50)
		}
		if got, want := ringBox(r), r.Bound(); got != want {
			t.Fatalf("ringBox(%v) = %v, want %v", r, got, want)
		}
	}
}

// TestUsableReadsBlockers: a node too close to a model is usable exactly
// when the query excludes every model it is too close to, and a node with
// no blocker whenever its owner is not excluded and it is on the table.
func TestUsableReadsBlockers(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	s, err := buildSet(bf, setKey{radius: 0.5, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry)})
	if err != nil {
		t.Fatal(err)
	}
	all := newQuery(s, bf.Table(), 0.5, "", RouteOptions{})
	none := newQuery(s, bf.Table(), 0.5, "", RouteOptions{IgnoreModels: true})
	blocked := 0
	for k := range s.nodes {
		n := &s.nodes[k]
		on := all.table.ContainsPoint(n.p)
		if n.nblk > 0 {
			blocked++
			if all.usable(n) {
				t.Errorf("node %d at %v, too close to %v: usable when no model is excluded", k, n.p, s.blockersOf(n))
			}
			if n.owner >= 0 && s.obs[n.owner].model < 0 && none.usable(n) != on {
				t.Errorf("node %d at %v of a piece: usable = %v with every model excluded, want %v", k, n.p, none.usable(n), on)
			}
			continue
		}
		if n.owner >= 0 && s.obs[n.owner].model < 0 && all.usable(n) != on {
			t.Errorf("node %d at %v of a piece, no blocker: usable = %v, want %v", k, n.p, all.usable(n), on)
		}
	}
	if blocked == 0 {
		t.Fatal("no node has a blocker on the reference table: the test tests nothing")
	}
}

// TestCoreFromPolygonEdges: a core's edges are its outer ring's, then
// each hole's, in ring order, closing each ring; an empty polygon has
// none.
func TestCoreFromPolygonEdges(t *testing.T) {
	seg := func(ax, ay, bx, by float64) geom.Segment { return geom.Segment{A: geom.Pt(ax, ay), B: geom.Pt(bx, by)} }
	p := geom.Polygon{
		Outer: geom.Ring{geom.Pt(0, 0), geom.Pt(4, 0), geom.Pt(4, 4), geom.Pt(0, 4)},
		Holes: []geom.Ring{{geom.Pt(1, 1), geom.Pt(1, 2), geom.Pt(2, 1)}},
	}
	want := []geom.Segment{seg(0, 0, 4, 0), seg(4, 0, 4, 4), seg(4, 4, 0, 4), seg(0, 4, 0, 0), seg(1, 1, 1, 2), seg(1, 2, 2, 1), seg(2, 1, 1, 1)}
	if got := coreFromPolygon(p).edges; !slices.Equal(got, want) {
		t.Errorf("coreFromPolygon(%v).edges = %v, want %v", p, got, want)
	}
	if got := coreFromPolygon(geom.Polygon{}).edges; got != nil {
		t.Errorf("coreFromPolygon(empty).edges = %v, want nil", got)
	}
}

// TestCircleCoresShared: the circle cores of a set, whose edges share one
// array, equal coreFromConvex of the circle (pieces given as circles and
// round-based models, on six generated tables), and each holds its own
// edge; their offset rings, which share arrays too, are the offset
// circles' polygons, each a full slice.
func TestCircleCoresShared(t *testing.T) {
	circles := 0
	for seed := int64(1); seed <= 6; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		s, rings, err := offsetObstacles(bf, setKey{radius: 0.5, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry)})
		if err != nil {
			t.Fatal(err)
		}
		ringOf := make(map[int32]geom.Ring)
		for _, rg := range rings {
			ringOf[rg.owner] = rg.r
		}
		for i := range s.obs {
			o := &s.obs[i]
			var shape geom.Convex
			if o.model >= 0 {
				shape = obstacleFootprint(&bf.Models()[o.model])
			} else if pc, ok := bf.Piece(o.id); ok && pc.Circle != nil {
				shape = *pc.Circle
			}
			v, ok := shape.(geom.Circle)
			if !ok {
				continue
			}
			circles++
			if want := coreFromConvex(v); !reflect.DeepEqual(o.core, want) || cap(o.core.edges) != 1 {
				t.Fatalf("seed %d: core of %s = %+v (cap %d), want %+v", seed, o.id, o.core, cap(o.core.edges), want)
			}
			// its offset ring, from an array the circles share
			r := ringOf[int32(i)]
			if want := (geom.Circle{Center: v.Center, Radius: v.Radius + 0.5}).Polygon(DefaultChordError); !slices.Equal(r, want) || cap(r) != len(r) {
				t.Fatalf("seed %d: offset ring of %s = %v (cap %d), want %v", seed, o.id, r, cap(r), want)
			}
		}
	}
	if circles == 0 {
		t.Fatal("no circle obstacle: the test tests nothing")
	}
}

// TestPolygonCoresShared: the polygon cores of a set (pieces, and models
// with rectangular or oval bases), whose edges share a few arrays, equal
// coreFromPolygon or coreFromConvex of their footprint, each a full slice
// of its own edges (capacity = length: no core can append over the next),
// on six generated tables, also with difficult terrain made an obstacle.
func TestPolygonCoresShared(t *testing.T) {
	cores := 0
	for seed := int64(1); seed <= 6; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		for _, avoid := range []bool{false, true} {
			s, _, err := offsetObstacles(bf, setKey{radius: 0.5, chord: DefaultChordError, prof: ProfileFor(terrain.Vehicle), avoidDifficult: avoid})
			if err != nil {
				t.Fatal(err)
			}
			for i := range s.obs {
				o := &s.obs[i]
				var want core
				if o.model >= 0 {
					fp := obstacleFootprint(&bf.Models()[o.model])
					if _, ok := fp.(geom.Circle); ok {
						continue
					}
					want = coreFromConvex(fp)
				} else if pc, ok := bf.Piece(o.id); ok && pc.Circle == nil {
					want = coreFromPolygon(pc.Footprint)
					want.inflate = o.core.inflate // -R for a difficult piece made an obstacle
				} else {
					continue
				}
				want.tree = o.core.tree // built from the edges, after
				if !reflect.DeepEqual(o.core, want) || cap(o.core.edges) != len(o.core.edges) {
					t.Fatalf("seed %d: core of %s = %+v (cap %d), want %+v", seed, o.id, o.core, cap(o.core.edges), want)
				}
				cores++
			}
		}
	}
	if cores == 0 {
		t.Fatal("no polygon core: the test tests nothing")
	}
}

// TestCoreFromPolygonInArena: coreFromPolygonIn takes each core's edges
// from the arena, one after the other, while it has room, and from a new
// array of at least minEdgeArena edges after; the cores' edges are full
// slices and stay as made when later cores fill the arena.
func TestCoreFromPolygonInArena(t *testing.T) {
	sq := func(x float64) geom.Polygon {
		return geom.Polygon{Outer: geom.Ring{geom.Pt(x, 0), geom.Pt(x+1, 0), geom.Pt(x+1, 1), geom.Pt(x, 1)}}
	}
	arena := make([]geom.Segment, 0, 10)
	old := arena[:10]
	var cs []core
	for k := range 4 {
		cs = append(cs, coreFromPolygonIn(sq(float64(k)), &arena))
	}
	if &cs[0].edges[0] != &old[0] || &cs[1].edges[0] != &old[4] {
		t.Error("the first two cores' edges are not the arena's first eight")
	}
	if &cs[2].edges[0] != &arena[0] || &cs[3].edges[0] != &arena[4] || cap(arena) < minEdgeArena {
		t.Errorf("the third core did not start a new arena of at least %d edges (cap %d)", minEdgeArena, cap(arena))
	}
	for k, c := range cs {
		if want := coreFromPolygon(sq(float64(k))); !reflect.DeepEqual(c, want) || cap(c.edges) != 4 {
			t.Errorf("core %d = %+v (cap %d), want %+v", k, c, cap(c.edges), want)
		}
	}
}

// TestRingBoundCenter: tangentRing.bound's centre, from a box taken with
// plain comparisons, is the centre of the box the builtin min and max
// give, on random node runs with the extremes anywhere.
func TestRingBoundCenter(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 5))
	for range 5000 {
		ns := make([]node, 1+rng.IntN(30))
		for i := range ns {
			ns[i].p = geom.Pt(rng.Float64()*96-48, rng.Float64()*96-48)
		}
		rg := tangentRing{lo: 0, hi: int32(len(ns))}
		rg.bound(ns)
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, n := range ns {
			x0, y0, x1, y1 = min(x0, n.p.X), min(y0, n.p.Y), max(x1, n.p.X), max(y1, n.p.Y)
		}
		if want := geom.Pt((x0+x1)/2, (y0+y1)/2); rg.center != want {
			t.Fatalf("bound of %v: centre %v, want %v", ns, rg.center, want)
		}
	}
}

// TestMakeNodesConvexity checks makeNodes' convexity test, whose float
// filter decides most vertices, on the cases it must hand to geom.Orient:
// a flat vertex (no node), a reflex one (no node) and a convex vertex too
// close to collinear for the filter (a node); hole vertices are all kept.
func TestMakeNodesConvexity(t *testing.T) {
	tiny := geom.Pt(1, -1e-300) // Orient((0,0), tiny, (2,0)) = +1, below the filter's bound
	for _, c := range []struct {
		name string
		rg   offsetRing
		want []geom.Point
	}{
		{"flat", offsetRing{r: geom.Ring{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}}, outer: true},
			[]geom.Point{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}}},
		{"reflex", offsetRing{r: geom.Ring{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 2, Y: 2}, {X: 0, Y: 4}}, outer: true},
			[]geom.Point{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}}},
		{"nearly flat convex", offsetRing{r: geom.Ring{{X: 0, Y: 0}, tiny, {X: 2, Y: 0}, {X: 2, Y: 2}, {X: 0, Y: 2}}, outer: true},
			[]geom.Point{{X: 0, Y: 0}, tiny, {X: 2, Y: 0}, {X: 2, Y: 2}, {X: 0, Y: 2}}},
		{"hole", offsetRing{r: geom.Ring{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 4, Y: 0}, {X: 2, Y: 2}}},
			[]geom.Point{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 4, Y: 0}, {X: 2, Y: 2}}},
	} {
		s := &obstacleSet{} // no obstacles: no blockers
		s.makeNodes([]offsetRing{c.rg})
		var got []geom.Point
		for _, n := range s.nodes {
			got = append(got, n.p)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: nodes %v, want %v", c.name, got, c.want)
		}
	}
}
