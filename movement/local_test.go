package movement

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestLocalSceneMatchesMask: with a search's local scene on, cost and
// costBound return, to the bit, what the region mask gives (and the bound
// never exceeds the cost), for random
// segments joining two points of random ellipses (the only segments a
// search asks about), on generated tables of the reference size and one
// of 800 pieces. The list is forced on whatever its length, so the long
// lists of the large table are compared too.
func TestLocalSceneMatchesMask(t *testing.T) {
	tables := []struct {
		seed int64
		gen  terrain.GenerateOptions
	}{{1, terrain.DefaultGenerate()}, {2, terrain.DefaultGenerate()}, {3, terrain.DefaultGenerate()}, {5, terrain.ScaledGenerate(800)}}
	weighted, bounded := 0, 0
	for _, tb := range tables {
		bf, err := terrain.GenerateBattlefield(tb.seed, tb.gen)
		if err != nil {
			t.Fatal(err)
		}
		set, err := NewRouter(bf).set(setKey{radius: 0.5, chord: 0.05, prof: ProfileFor(terrain.Infantry)})
		if err != nil {
			t.Fatal(err)
		}
		q := newQuery(set, bf.Table(), 0.5, "", RouteOptions{})
		if !q.weighted {
			t.Fatalf("seed %d: no difficult regions to weigh", tb.seed)
		}
		W, D := bf.Table().Width, bf.Table().Depth
		rng := rand.New(rand.NewPCG(uint64(tb.seed), 3))
		// in returns a random point of the ellipse |from−p| + |p−to| ≤ lim
		in := func(from, to geom.Point, lim float64) geom.Point {
			c := from.Add(to).Mul(0.5)
			for {
				p := c.Add(geom.Pt((rng.Float64()-0.5)*lim, (rng.Float64()-0.5)*lim))
				if dist(from, p)+dist(p, to) <= lim {
					return p
				}
			}
		}
		var local []int32
		for range 200 {
			from := geom.Pt(rng.Float64()*W, rng.Float64()*D)
			to := from.Add(geom.Pt((rng.Float64()-0.5)*40, (rng.Float64()-0.5)*40))
			lim := dist(from, to) * (1 + rng.Float64()*0.5)
			local = q.setLocal(local, from, to, lim)
			if q.localOn != (len(local) <= maxLocal) {
				t.Fatalf("%d regions listed, the list on: %v", len(local), q.localOn)
			}
			for range 20 {
				a, b := in(from, to, lim), in(from, to, lim)
				if rng.IntN(4) == 0 {
					a = from // the search's own ends lie on the ellipse's axis
				}
				q.localOn = true
				gc, gb := q.cost(a, b), q.costBound(a, b)
				q.localOn = false
				wc, wb := q.cost(a, b), q.costBound(a, b)
				if gc != wc || gb != wb {
					t.Fatalf("seed %d, ellipse %v %v %v, segment %v %v: cost %v, bound %v with the local scene; %v, %v with the mask", tb.seed, from, to, lim, a, b, gc, gb, wc, wb)
				}
				if wb > wc {
					t.Fatalf("seed %d, segment %v %v: costBound %v exceeds the cost %v", tb.seed, a, b, wb, wc)
				}
				if wc != dist(a, b) {
					weighted++
				}
				if wb != dist(a, b) {
					bounded++
				}
			}
		}
		q.local, q.localOn = nil, false
	}
	if weighted < 500 || bounded < 200 {
		t.Errorf("%d segments priced through difficult terrain, %d bounded above their length: the comparison is too weak", weighted, bounded)
	}
	t.Logf("%d segments through difficult terrain, %d bounded above their length", weighted, bounded)
}

// difficultExtraPlain is difficultExtra without its fast paths (every
// edge tested for a run along the segment, the intervals always sorted).
func difficultExtraPlain(polys []*geom.Polygon, seg geom.Segment) float64 {
	var buf []r1.Interval
	along := 0.0
	for _, p := range polys {
		buf = p.SegmentInside(seg, buf)
		for _, r := range append([]geom.Ring{p.Outer}, p.Holes...) {
			for i := range r.Len() {
				e := r.Edge(i)
				if geom.Orient(seg.A, seg.B, e.A) != 0 || geom.Orient(seg.A, seg.B, e.B) != 0 {
					continue
				}
				d := seg.B.Sub(seg.A)
				dd := d.Dot(d)
				if dd == 0 {
					continue
				}
				t0, t1 := e.A.Sub(seg.A).Dot(d)/dd, e.B.Sub(seg.A).Dot(d)/dd
				if t0 > t1 {
					t0, t1 = t1, t0
				}
				if lo, hi := max(t0, 0), min(t1, 1); hi > lo {
					along += hi - lo
				}
			}
		}
	}
	slices.SortFunc(buf, func(x, y r1.Interval) int { return cmp.Compare(x.Lo, y.Lo) })
	return max(sumUnion(buf)-along, 0)
}

// TestDifficultExtraMatchesPlain: difficultExtra equals, to the bit, its
// plain form on segments between the vertices of generated regions (runs
// along their edges, collinear edges beyond the segment's ends, chords),
// single regions and pairs.
func TestDifficultExtraMatchesPlain(t *testing.T) {
	runs := 0
	for seed := int64(1); seed <= 3; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		var polys []*geom.Polygon
		var pts []geom.Point
		for i := range bf.Pieces() {
			pc := &bf.Pieces()[i]
			p := pc.Footprint
			polys = append(polys, &p)
			pts = append(pts, p.Outer...)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 9))
		var buf []r1.Interval
		for range 20000 {
			a, b := pts[rng.IntN(len(pts))], pts[rng.IntN(len(pts))]
			if k := rng.IntN(len(pts) - 1); rng.IntN(2) == 0 {
				a, b = pts[k], pts[k+1] // mostly one ring's edge
			}
			if rng.IntN(3) == 0 {
				a = a.Add(a.Sub(b)) // beyond a, on the same line when axis-aligned
			}
			use := []*geom.Polygon{polys[rng.IntN(len(polys))], polys[rng.IntN(len(polys))]}[:1+rng.IntN(2)]
			seg := geom.Segment{A: a, B: b}
			var got float64
			got, buf = difficultExtra(use, seg, buf)
			if want := difficultExtraPlain(use, seg); got != want {
				t.Fatalf("seed %d, segment %v: difficultExtra = %v, the plain form %v", seed, seg, got, want)
			}
			if got > 0 {
				runs++
			}
		}
	}
	if runs < 1000 {
		t.Errorf("%d segments with a stretch inside: too weak", runs)
	}
	t.Logf("%d segments with a stretch inside", runs)
}

// TestFarthestKeepsPushes: a point whose heuristic exceeds farthest's
// answer always fails the search's exact key test, on random
// configurations and on points in line behind the vertex (where the
// triangle inequality farthest rests on is tight), with lim within a few
// 1e-9 in of the key.
func TestFarthestKeepsPushes(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	skipped, kept := 0, 0
	for k := range 200000 {
		to := geom.Pt(rng.Float64()*72, rng.Float64()*48)
		pv := geom.Pt(rng.Float64()*72, rng.Float64()*48)
		p := geom.Pt(rng.Float64()*72, rng.Float64()*48)
		if k%2 == 0 {
			p = to.Add(pv.Sub(to).Mul(1 + rng.Float64()*2)) // in line behind pv
		}
		gv := rng.Float64() * 40
		h, hv := dist(p, to), dist(pv, to)
		lim := gv + dist(pv, p) + h + (rng.Float64()-0.5)*6e-9
		if h <= farthest(gv, hv, lim) {
			kept++
			continue
		}
		skipped++
		if gw := gv + dist(pv, p); gw+h <= lim {
			t.Fatalf("from %v (cost %v) to %v, goal %v, lim %v: skipped, but its key %v is within lim", pv, gv, p, to, lim, gw+h)
		}
	}
	if skipped < 10000 || kept < 10000 {
		t.Errorf("%d points skipped, %d kept: too weak", skipped, kept)
	}
}

// TestPushFromNodeMatchesTangent: pushFromNode pushes exactly what the
// plain loop with tangent pushes, in the same order, for the taut nodes
// of a reference table and samples around them, many nearly in line
// with a node and one of its neighbours (where the float filter cannot
// tell and the exact test decides).
func TestPushFromNodeMatchesTangent(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	set, err := NewRouter(bf).set(setKey{radius: 0.5, chord: 0.05, prof: ProfileFor(terrain.Infantry)})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	inf := math.Inf(1)
	gbest := make([]float64, 64)
	pushed, refused := 0, 0
	for k := range set.nodes {
		n := &set.nodes[k]
		if k%3 != 0 {
			continue
		}
		var spts []packed
		for j := range 60 {
			p := n.p.Add(geom.Pt(rng.Float64()*8-4, rng.Float64()*8-4))
			if j%2 == 0 { // nearly in line with n and a neighbour
				q := n.prev
				if j%4 == 0 {
					q = n.next
				}
				p = n.p.Add(n.p.Sub(q).Mul(rng.Float64()*6 - 3)).Add(geom.Pt((rng.Float64()-0.5)*1e-13, (rng.Float64()-0.5)*1e-13))
			}
			spts = append(spts, packed{p: p, h: rng.Float64(), w: int32(j)})
		}
		for i := range gbest {
			gbest[i] = inf
		}
		var got, want heapq
		pushFromNode(&got, spts, gbest, n, 7, n.p, 1, inf, inf)
		for _, c := range spts {
			if gw := 1 + dist(n.p, c.p); tangent(c.p, n) {
				want.push(item{v: c.w, u: 7, e: -1, key: gw + c.h, g: gw, st: bound})
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("node %d (%v, taut %v): pushFromNode pushed %d entries, the plain loop %d", k, n.p, n.taut, len(got), len(want))
		}
		pushed += len(want)
		refused += len(spts) - len(want)
	}
	if pushed < 1000 || refused < 1000 {
		t.Errorf("%d pushed, %d refused: too weak", pushed, refused)
	}
	t.Logf("%d pushed, %d refused", pushed, refused)
}
