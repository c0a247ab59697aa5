package movement

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestPointHit: hand-computed cases of the point-in-capsule test, then
// pointHit against capsuleHit on a zero-length segment, which it
// replaces in block, on random points and the hard ones (at distance R
// from an end or from the edge's line, level with an end, on a
// degenerate edge).
func TestPointHit(t *testing.T) {
	e := geom.Segment{A: geom.Pt(0, 0), B: geom.Pt(4, 0)}
	tests := []struct {
		p    geom.Point
		R    float64
		want bool
	}{
		{geom.Pt(2, 1), 1, true},          // on the capsule's side, at distance R
		{geom.Pt(2, 1.01), 1, false},      // just beyond it
		{geom.Pt(-0.6, 0.8), 1, true},     // on the end cap (0.36+0.64 = 1)
		{geom.Pt(-0.8, 0.8), 1, false},    // outside the end cap
		{geom.Pt(4.5, -0.5), 1, true},     // inside the far cap
		{geom.Pt(0, -1), 1, true},         // level with an end, at distance R
		{geom.Pt(5.01, 0), 1, false},      // on the line, beyond the cap
		{geom.Pt(2, 0), 0, true},          // on the edge, R = 0
		{geom.Pt(2, 1e-12), 0, false},     // a hair off it
		{geom.Pt(3, 3), 10, true},         // a large capsule
		{geom.Pt(4, 0.25), 0.25, true},    // on the far cap's rim
		{geom.Pt(-1e-9, 0), 1e-10, false}, // past the end by more than R
	}
	for _, tc := range tests {
		if got := pointHit(tc.p, e, tc.R); got != tc.want {
			t.Errorf("pointHit(%v, %v, %v) = %v, want %v", tc.p, e, tc.R, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 17))
	pt := func() geom.Point { return geom.Pt(rng.Float64()*10, rng.Float64()*10) }
	hits := 0
	for i := range 50000 {
		e := geom.Segment{A: pt(), B: pt()}
		R := rng.Float64() * 2
		p := pt()
		d := e.B.Sub(e.A)
		switch i % 6 {
		case 1:
			e.B = e.A // a disc obstacle
		case 2: // at distance R from the edge's line, beside the edge
			if L := d.Norm(); L > 0 {
				p = e.A.Add(d.Mul(rng.Float64())).Add(d.Ortho().Mul(R / L))
			}
		case 3: // at distance R from an end
			a := rng.Float64() * 7
			p = e.B.Add(geom.Pt(R*cosApprox(a), R*sinApprox(a)))
		case 4: // level with an end, across the edge's direction
			if L := d.Norm(); L > 0 {
				p = e.A.Add(d.Ortho().Mul(rng.Float64() * 2 * R / L))
			}
		case 5:
			R = 0
			p = e.A.Add(d.Mul(rng.Float64()))
		}
		want := capsuleHit(geom.Segment{A: p, B: p}, e, R)
		if got := pointHit(p, e, R); got != want {
			t.Fatalf("pointHit(%v, %v, %v) = %v, capsuleHit says %v", p, e, R, got, want)
		}
		if want {
			hits++
		}
	}
	if hits < 5000 || hits > 45000 {
		t.Errorf("%d of 50000 hit: the comparison is too one-sided", hits)
	}
}

// cosApprox and sinApprox are crude polynomials: the test needs points
// near a circle, not on it.
func cosApprox(a float64) float64 { return 1 - a*a/2 + a*a*a*a/24 }
func sinApprox(a float64) float64 { return a - a*a*a/6 }

// TestTouchesPointMatchesTouches: touchesPoint, which block calls for every
// node, answers as touches on the zero-length segment for every obstacle
// of generated tables' sets (polygon, circle and edge-tree cores, the
// negative inflation of avoided difficult terrain), at the nodes, the
// offset vertices block drops and random points near each obstacle.
func TestTouchesPointMatchesTouches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	checked, hits := 0, 0
	for seed := int64(1); seed <= 3; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		for _, av := range []bool{false, true} {
			s, err := buildSet(bf, setKey{radius: 0.8, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry), avoidDifficult: av})
			if err != nil {
				t.Fatal(err)
			}
			var probes []geom.Point
			for _, n := range s.nodes {
				probes = append(probes, n.p, n.prev, n.next)
			}
			for i := range s.obs {
				o := &s.obs[i]
				for range 40 {
					probes = append(probes, geom.Pt(o.box.X.Lo+rng.Float64()*o.box.X.Length(), o.box.Y.Lo+rng.Float64()*o.box.Y.Length()))
				}
				for _, e := range o.core.edges {
					probes = append(probes, e.A, e.B)
				}
			}
			for _, p := range probes {
				for _, j := range s.grid.at(p) {
					c := &s.obs[j].core
					want := c.touches(geom.Segment{A: p, B: p}, s.radius)
					if got := c.touchesPoint(p, s.radius); got != want {
						t.Fatalf("seed %d: obstacle %s: touchesPoint(%v) = %v, touches says %v", seed, s.obs[j].id, p, got, want)
					}
					checked++
					if want {
						hits++
					}
				}
			}
		}
	}
	// a core with an edge tree (no generated piece has enough edges)
	c := coreFromPolygon(geom.Polygon{Outer: geom.Circle{Center: geom.Pt(10, 10), Radius: 3}.Polygon(1e-4)})
	c.indexEdges()
	if c.tree == nil {
		t.Fatalf("a %d-edge core has no edge tree", len(c.edges))
	}
	for range 5000 {
		p := geom.Pt(5+rng.Float64()*10, 5+rng.Float64()*10)
		want := c.touches(geom.Segment{A: p, B: p}, 0.8)
		if got := c.touchesPoint(p, 0.8); got != want {
			t.Fatalf("edge-tree core: touchesPoint(%v) = %v, touches says %v", p, got, want)
		}
		checked++
		if want {
			hits++
		}
	}
	if hits == 0 || hits == checked {
		t.Errorf("%d of %d probes touch: the comparison is one-sided", hits, checked)
	}
	t.Logf("%d probes, %d touching", checked, hits)
}

// TestRingBoundMatchesMaxDist: tangentRing.bound's radius, one square root
// of the largest squared distance, is bit for bit the largest dist from
// its centre to a node, on random node runs (tiny and table-sized
// spreads, repeated points).
func TestRingBoundMatchesMaxDist(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 1))
	for range 5000 {
		ns := make([]node, 1+rng.IntN(30))
		scale := []float64{1e-9, 1, 48, 1000}[rng.IntN(4)]
		for i := range ns {
			ns[i].p = geom.Pt(rng.Float64()*scale, rng.Float64()*scale)
			if i > 0 && rng.IntN(5) == 0 {
				ns[i].p = ns[i-1].p
			}
		}
		rg := tangentRing{lo: 0, hi: int32(len(ns))}
		rg.bound(ns)
		want := 0.0
		for _, n := range ns {
			want = max(want, dist(rg.center, n.p))
		}
		if rg.radius != want {
			t.Fatalf("bound of %d nodes: radius %v, largest distance %v", len(ns), rg.radius, want)
		}
	}
}
