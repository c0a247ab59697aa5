package movement

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestTangentMatchesOrient: tangent, whose float filter is inlined, gives
// the product of the two exact orientations' signs, on random points and
// on the hard ones (on a neighbour's line, at the node, at a neighbour,
// a hair off the line).
func TestTangentMatchesOrient(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	checked := 0
	for range 2000 {
		n := node{p: geom.Pt(rng.Float64()*48, rng.Float64()*48), taut: true}
		n.prev = n.p.Add(geom.Pt(rng.NormFloat64(), rng.NormFloat64()))
		n.next = n.p.Add(geom.Pt(rng.NormFloat64(), rng.NormFloat64()))
		d := n.p.Sub(n.prev)
		probes := []geom.Point{
			n.p, n.prev, n.next,
			n.p.Add(d.Mul(3)), n.prev.Sub(d.Mul(2)), // on the line through prev and n
			n.p.Add(d.Mul(3)).Add(d.Ortho().Mul(1e-15)),
			n.p.Add(n.p.Sub(n.next).Mul(0.5)), // on the line through next and n
			geom.Pt(rng.Float64()*48, rng.Float64()*48),
		}
		for _, p := range probes {
			want := geom.Orient(p, n.p, n.prev)*geom.Orient(p, n.p, n.next) >= 0
			if got := tangent(p, &n); got != want {
				t.Fatalf("tangent(%v, node %v prev %v next %v) = %v, want %v", p, n.p, n.prev, n.next, got, want)
			}
			checked++
		}
	}
	if n := (node{p: geom.Pt(1, 1), prev: geom.Pt(0, 0), next: geom.Pt(2, 0)}); !tangent(geom.Pt(1, 5), &n) {
		t.Error("a node without tangency pruning (taut false) must be tangent from everywhere")
	}
	t.Logf("%d probes", checked)
}

// TestCapsuleHitMatchesEntry: capsuleHit reports a hit exactly when
// capsuleEntry does, on random segments and edges (degenerate ones, edges
// crossing, grazing at distance R, parallel runs included).
func TestCapsuleHitMatchesEntry(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	hits := 0
	pt := func() geom.Point { return geom.Pt(rng.Float64()*10, rng.Float64()*10) }
	for i := range 20000 {
		s := geom.Segment{A: pt(), B: pt()}
		e := geom.Segment{A: pt(), B: pt()}
		R := rng.Float64() * 2
		switch i % 5 {
		case 1:
			s.B = s.A // a point mover
		case 2:
			e.B = e.A // a disc obstacle
		case 3:
			// parallel to e at distance exactly R
			d := e.B.Sub(e.A)
			if L := d.Norm(); L > 0 {
				off := d.Ortho().Mul(R / L)
				s = geom.Segment{A: e.A.Add(off).Sub(d), B: e.B.Add(off).Add(d)}
			}
		case 4:
			R = 0
		}
		_, want := capsuleEntry(s, e, R)
		if got := capsuleHit(s, e, R); got != want {
			t.Fatalf("capsuleHit(%v, %v, %v) = %v, capsuleEntry says %v", s, e, R, got, want)
		}
		if want {
			hits++
		}
	}
	if hits < 2000 || hits > 18000 {
		t.Errorf("%d of 20000 hit: the comparison is too one-sided", hits)
	}
}

// swapHeap is the plain swapping binary heap the search heap must match
// pop for pop.
type swapHeap []item

func (h *swapHeap) push(x item) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if a[p].key <= a[i].key {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *swapHeap) pop() item {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
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

// TestHeapMatchesSwapHeap: the search heap pops the same items in the same
// order as the swapping heap, ties (few distinct keys) included, so its
// choice among equal-cost routes is unchanged.
func TestHeapMatchesSwapHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var h heapq
	var ref swapHeap
	for step := range 20000 {
		if len(h) == 0 || rng.IntN(3) > 0 {
			x := item{v: int32(step), key: float64(rng.IntN(20))}
			h.push(x)
			ref.push(x)
			continue
		}
		if got, want := h.pop(), ref.pop(); got != want {
			t.Fatalf("step %d: pop = %+v, the swapping heap pops %+v", step, got, want)
		}
	}
	for len(h) > 0 {
		if got, want := h.pop(), ref.pop(); got != want {
			t.Fatalf("draining: pop = %+v, the swapping heap pops %+v", got, want)
		}
	}
}

// TestRoutesWithoutBoxMasks: routes found with the box masks equal, to
// the bit, those found by scanning every region and obstacle (the masks
// dropped from the same graphs), weighted and unweighted, on random
// queries over generated tables (three of the reference size, one of 800
// pieces).
func TestRoutesWithoutBoxMasks(t *testing.T) {
	found, weighted := 0, 0
	for seed := int64(1); seed <= 4; seed++ {
		gen, queries := terrain.DefaultGenerate(), 40
		if seed == 4 {
			gen, queries = terrain.ScaledGenerate(800), 10 // more boxes than one mask word
		}
		bf, err := terrain.GenerateBattlefield(seed, gen)
		if err != nil {
			t.Fatal(err)
		}
		W, D := bf.Table().Width, bf.Table().Depth
		var ids []string
		for _, m := range bf.Models() {
			if m.Garrison == nil && !m.Airborne() {
				ids = append(ids, m.ID)
			}
		}
		fast, plain := NewRouter(bf), NewRouter(bf)
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		for range queries {
			id := ids[rng.IntN(len(ids))]
			m, _ := bf.Model(id)
			d := m.Position.Add(geom.Pt(rng.Float64()*48-24, rng.Float64()*48-24))
			d = geom.Pt(min(max(d.X, 0), W), min(max(d.Y, 0), D))
			for _, opt := range []RouteOptions{{}, {Unweighted: true}} {
				want, werr := fast.ShortestPath(id, d, opt)
				_, _ = plain.ShortestPath(id, d, opt) // builds the graph
				plain.mu.Lock()
				for _, e := range plain.sets {
					if e.set != nil {
						e.set.regionMask, e.set.obsMask = nil, nil
					}
				}
				plain.mu.Unlock()
				got, gerr := plain.ShortestPath(id, d, opt)
				if (werr == nil) != (gerr == nil) || got.Cost != want.Cost || len(got.Path) != len(want.Path) {
					t.Fatalf("seed %d %s to %v %+v: without masks %v %v (%v), with %v %v (%v)", seed, id, d, opt, got.Cost, got.Path, gerr, want.Cost, want.Path, werr)
				}
				for i := range got.Path {
					if got.Path[i] != want.Path[i] {
						t.Fatalf("seed %d %s to %v: waypoint %d %v without masks, %v with", seed, id, d, i, got.Path[i], want.Path[i])
					}
				}
				if werr == nil {
					found++
					if want.Cost != want.Length {
						weighted++
					}
				}
			}
		}
	}
	if found < 40 || weighted < 2 {
		t.Errorf("%d routes found, %d priced through difficult terrain: the comparison is too weak", found, weighted)
	}
	t.Logf("%d routes, %d through difficult terrain", found, weighted)
}

// TestEdgesWithinMatchesScan: edgesWithin, which skips the edges whose box
// lies beyond R + 1e-6 of the segment's, answers what capsuleHit over
// every edge answers, for the cores of generated tables' obstacle sets and
// segments near them: random chords of the grown box, and runs parallel to
// an edge, or ending beside its end, at R plus or minus up to 2e-6 (where
// the margin decides).
func TestEdgesWithinMatchesScan(t *testing.T) {
	hits, near := 0, 0
	for seed := int64(1); seed <= 3; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		set, err := NewRouter(bf).set(setKey{radius: 0.5, chord: 0.05, prof: ProfileFor(terrain.Infantry)})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 31))
		for i := range set.obs {
			c := &set.obs[i].core
			R := set.radius + c.inflate - ContactTolerance
			b := c.box
			pt := func() geom.Point {
				return geom.Pt(b.X.Lo-2+rng.Float64()*(b.X.Hi-b.X.Lo+4), b.Y.Lo-2+rng.Float64()*(b.Y.Hi-b.Y.Lo+4))
			}
			for k := range 400 {
				s := geom.Segment{A: pt(), B: pt()}
				if e := c.edges[rng.IntN(len(c.edges))]; k%2 == 1 {
					d := e.B.Sub(e.A)
					if L := d.Norm(); L > 0 {
						off := d.Ortho().Mul((R + (rng.Float64()-0.5)*4e-6) / L)
						if rng.IntN(2) == 0 {
							off = off.Mul(-1)
						}
						switch rng.IntN(3) {
						case 0: // alongside the edge
							s = geom.Segment{A: e.A.Add(off).Sub(d.Mul(rng.Float64())), B: e.B.Add(off).Add(d.Mul(rng.Float64()))}
						case 1: // beyond its end, along its line
							u := d.Mul((R + (rng.Float64()-0.5)*4e-6) / L)
							s = geom.Segment{A: e.B.Add(u), B: e.B.Add(u).Add(d.Ortho().Mul(rng.Float64()))}
						default: // towards it, stopping short or just past
							s = geom.Segment{A: e.A.Add(off.Mul(5)), B: e.A.Add(off)}
						}
					}
				}
				want := false
				for _, e := range c.edges {
					if capsuleHit(s, e, R) {
						want = true
						break
					}
				}
				if got := edgesWithin(c.edges, s, R); got != want {
					t.Fatalf("seed %d, obstacle %s, segment %v, R %v: edgesWithin = %v, capsuleHit over every edge %v", seed, set.obs[i].id, s, R, got, want)
				}
				if want {
					hits++
				} else if k%2 == 1 {
					near++
				}
			}
		}
	}
	if hits < 5000 || near < 5000 {
		t.Errorf("%d hits, %d near misses: the comparison is too one-sided", hits, near)
	}
	t.Logf("%d hits, %d near misses", hits, near)
}

// TestCapsuleHitExactContacts: the contact test edgesWithin calls, on
// contacts exact in binary (every expression is exact), at R and just
// below it.
func TestCapsuleHitExactContacts(t *testing.T) {
	// a segment
	// ending or starting at distance R from an end of e, running beside
	// e at distance R, or at R plus an ulp
	for _, c := range []struct {
		s, e geom.Segment
		R    float64
		want bool
	}{
		{geom.Seg(geom.Pt(0, 0), geom.Pt(1, 0)), geom.Seg(geom.Pt(1.5, 0), geom.Pt(3, 0)), 0.5, true},
		{geom.Seg(geom.Pt(0, 0), geom.Pt(1, 0)), geom.Seg(geom.Pt(-0.5, 0), geom.Pt(-3, 0)), 0.5, true},
		{geom.Seg(geom.Pt(0, 0), geom.Pt(1, 0)), geom.Seg(geom.Pt(1.5, 0), geom.Pt(3, 0)), 0.5 - 1e-9, false},
		{geom.Seg(geom.Pt(0.25, 0.5), geom.Pt(0.75, 0.5)), geom.Seg(geom.Pt(0, 0), geom.Pt(1, 0)), 0.5, true},
		{geom.Seg(geom.Pt(0.25, 0.5), geom.Pt(0.75, 0.5)), geom.Seg(geom.Pt(0, 0), geom.Pt(1, 0)), 0.5 - 1e-9, false},
		{geom.Seg(geom.Pt(0.5, 0.5), geom.Pt(0.5, 0.5)), geom.Seg(geom.Pt(0, 0), geom.Pt(1, 0)), 0.5, true},
	} {
		if got := capsuleHit(c.s, c.e, c.R); got != c.want {
			t.Errorf("segment %v, edge %v, R %v: capsuleHit %v, want %v", c.s, c.e, c.R, got, c.want)
		}
	}
}
