package los

import (
	"math"
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestStrictlyInsideMatchesEdges compares strictlyInside with the obvious
// test (A strictly left of every edge, geom.Orient) on the convex test
// rings and on centred regular polygons, at their centres (on the fan
// diagonal r[0]–r[n/2] of even rings), at vertices, edge midpoints, one
// ulp inside and outside vertices and at random points. strictlyInside
// may say false for an inside point only on a fan diagonal; it must never
// say true for a point that is not strictly inside.
func TestStrictlyInsideMatchesEdges(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	rings := convexTestRings(rng)
	for _, n := range []int{4, 9, 10, 20, 23, 29, 49, 64} {
		rings = append(rings, regularTestPolygon(n))
	}
	agree, total := 0, 0
	for _, ring := range rings {
		cv, disc := terrain.ConvexRingOf(ring), ringDisc(ring)
		if cv == nil {
			t.Fatalf("terrain.ConvexRingOf(%v) = nil", ring)
		}
		n := len(ring)
		var c geom.Point
		for _, p := range ring {
			c = c.Add(p)
		}
		c = c.Mul(1 / float64(n))
		pts := []geom.Point{c, geom.Pt(0, 0)}
		for range 400 {
			v := ring[rng.Intn(n)]
			switch rng.Intn(5) {
			case 0:
				pts = append(pts, v)
			case 1:
				pts = append(pts, v.Add(ring[(rng.Intn(n)+1)%n]).Mul(0.5))
			case 2:
				pts = append(pts, geom.Pt(math.Nextafter(v.X, c.X), math.Nextafter(v.Y, c.Y)))
			case 3:
				pts = append(pts, geom.Pt(math.Nextafter(v.X, -c.X), v.Y))
			default:
				pts = append(pts, c.Add(v.Sub(c).Mul(rng.Float64()*1.2)))
			}
		}
		for _, A := range pts {
			want := true
			p := ring[n-1]
			for _, q := range ring {
				if geom.Orient(p, q, A) <= 0 {
					want = false
				}
				p = q
			}
			got := strictlyInside(ring, &disc, A)
			total++
			if got == want {
				agree++
			}
			if got && !want {
				t.Fatalf("strictlyInside(ring of %d, %v) = true, not strictly inside", n, A)
			}
		}
	}
	if agree < total*9/10 {
		t.Errorf("strictlyInside agreed on %d of %d points", agree, total)
	}
}

// TestPrismConvexInsideStart compares prismConvex with prismSegment on
// segments that start inside the plan (the start-inside shortcut), rising,
// level and falling, below the roof, through it and at every height, on
// regular polygons (whose centre lies on a fan diagonal) and the convex
// test rings.
func TestPrismConvexInsideStart(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	rings := convexTestRings(rng)
	for _, n := range []int{4, 10, 20, 23, 29, 49} {
		rings = append(rings, regularTestPolygon(n))
	}
	fast := 0
	for _, ring := range rings {
		cv, disc := terrain.ConvexRingOf(ring), ringDisc(ring)
		fp := geom.Polygon{Outer: ring}
		n := len(ring)
		var c geom.Point
		for _, p := range ring {
			c = c.Add(p)
		}
		c = c.Mul(1 / float64(n))
		for k := range 300 {
			A := c
			if k%3 != 0 {
				A = c.Add(ring[rng.Intn(n)].Sub(c).Mul(rng.Float64()))
			}
			B := c.Add(geom.Pt(rng.NormFloat64()*4, rng.NormFloat64()*4))
			top := []float64{1, 2, math.Inf(1)}[rng.Intn(3)]
			za := []float64{0, 0.5, 1, 2, rng.Float64() * 3}[rng.Intn(5)]
			zb := []float64{0, 0.5, 1, 2, rng.Float64() * 3}[rng.Intn(5)]
			a, b := geom.Lift(A, za), geom.Lift(B, zb)
			var sw sweep
			want := prismSegment(fp, top, a, b, &sw)
			got, ok := prismConvex(fp, top, a, b, cv, &disc)
			if !ok {
				continue
			}
			fast++
			if got != want {
				t.Fatalf("ring of %d vertices, top %v, %v→%v: prismConvex = %+v, prismSegment = %+v", n, top, a, b, got, want)
			}
		}
	}
	if fast == 0 {
		t.Error("prismConvex decided none of the inside starts")
	}
}

// TestChainCrossGuess checks the guessed search on regular polygons: for
// every guess offset the edge found is the one plain bisection finds.
func TestChainCrossGuess(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for _, n := range []int{10, 20, 29, 49, 256} {
		ring := regularTestPolygon(n)
		cv := terrain.ConvexRingOf(ring)
		if !cv.Regular {
			t.Fatalf("regularTestPolygon(%d) not marked regular", n)
		}
		for range 200 {
			A := geom.Pt(rng.NormFloat64(), rng.NormFloat64())
			B := geom.Pt(rng.NormFloat64(), rng.NormFloat64())
			d := B.Sub(A)
			k := terrain.DirBucket(-d.Y, d.X)
			hi, lo := int(cv.Ext[k]), int(cv.Ext[(k+terrain.ConvexDirs/2)%terrain.ConvexDirs])
			if geom.Orient(A, B, ring[hi]) <= 0 || geom.Orient(A, B, ring[lo]) >= 0 {
				continue
			}
			var want sweepEvent
			okw := chainCross(&want, ring, hi, lo, 1, 0, A, B, d)
			for g := range n {
				var got sweepEvent
				okg := chainCross(&got, ring, hi, lo, 1, g, A, B, d)
				if okg != okw || got != want {
					t.Fatalf("n %d, %v→%v, guess %d: %v %+v, want %v %+v", n, A, B, g, okg, got, okw, want)
				}
			}
		}
	}
}

// ringDisc is the terrain.PlanDisc the terrain builds for ring (the
// tightest disc the walk passes to prismConvex and strictlyInside).
func ringDisc(ring []geom.Point) terrain.PlanDisc { return terrain.PlanDiscOf(ring) }
