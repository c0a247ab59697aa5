package geom

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// offsetConvexRingRef is offsetConvexRing as it was before it reused the
// angle of the edge before and the acos of the radius: two Atan2 and a
// circumscribedCount per corner.
func offsetConvexRingRef(dst Ring, ring Ring, r, tol float64) Ring {
	n := len(ring)
	prevOf := func(i int) Point {
		for k := 1; k < n; k++ {
			if q := ring[(i-k+n)%n]; q != ring[i] {
				return q
			}
		}
		return ring[i]
	}
	for i := range n {
		v := ring[i]
		nxt := ring[(i+1)%n]
		if nxt == v {
			continue
		}
		prv := prevOf(i)
		t1 := math.Atan2(-(v.X - prv.X), v.Y-prv.Y)
		t2 := math.Atan2(-(nxt.X - v.X), nxt.Y-v.Y)
		phi := t2 - t1
		for phi < 0 {
			phi += 2 * math.Pi
		}
		if phi >= 2*math.Pi {
			phi -= 2 * math.Pi
		}
		if phi == 0 || phi > math.Pi+1e-12 && n > 2 {
			continue
		}
		minK := int(math.Ceil(phi / (math.Pi / 2)))
		k := circumscribedCount(r, tol, phi, max(minK, 1))
		h := phi / (2 * float64(k))
		rr := r / math.Cos(h)
		for j := range k {
			s, c := math.Sincos(t1 + h*float64(2*j+1))
			dst = append(dst, Point{X: v.X + rr*c, Y: v.Y + rr*s})
		}
	}
	return dst
}

// TestOffsetConvexRingMatchesRef compares offsetConvexRing bit for bit
// with the reference on random convex rings (hulls of random points), with
// repeated vertices (alone, in runs, at the seam), collinear vertices,
// two-vertex rings, and radii/tolerances including the degenerate ones.
func TestOffsetConvexRingMatchesRef(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	cases := []Ring{
		{{X: 0, Y: 0}, {X: 3, Y: 1}},
		{{X: 0, Y: 0}, {X: 3, Y: 1}, {X: 3, Y: 1}},
		{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}},
		{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}, {X: 0, Y: 0}},
	}
	for range 300 {
		pts := make([]Point, 3+rng.IntN(12))
		for k := range pts {
			pts[k] = Pt(rng.Float64()*40, rng.Float64()*40)
		}
		ring := Ring(ConvexHull(nil, pts))
		if len(ring) < 3 {
			continue
		}
		// repeat some vertices, including the first and last
		var dup Ring
		for k, p := range ring {
			dup = append(dup, p)
			if rng.IntN(3) == 0 || k == len(ring)-1 && rng.IntN(2) == 0 {
				dup = append(dup, p)
			}
		}
		cases = append(cases, ring, dup)
	}
	n := 0
	for _, ring := range cases {
		for _, rt := range [][2]float64{{1, 0.01}, {0.5, 1e-4}, {2.5, 0.3}, {1, 5}, {1, 0}, {0, 0.01}, {1e-9, 1e-12}} {
			got := offsetConvexRing(nil, ring, rt[0], rt[1])
			want := offsetConvexRingRef(nil, ring, rt[0], rt[1])
			if !slices.Equal(got, want) {
				t.Fatalf("ring %v, r %v, tol %v: %d vertices, want %d (or a vertex differs)", ring, rt[0], rt[1], len(got), len(want))
			}
			n += len(got)
		}
	}
	if n == 0 {
		t.Fatal("no vertices compared")
	}
}

// TestOffsetConvexRingAllocatesOnce: offsetConvexRing sizes its result
// before it appends (one allocation for a fresh ring, not one per
// doubling), for convex hulls of 3 to 40 vertices and radii and
// tolerances of a table's clearances, with a capacity of less than twice
// the ring it returns plus the corners.
func TestOffsetConvexRingAllocatesOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	tested := 0
	for range 100 {
		pts := make([]Point, 3+rng.IntN(40))
		for k := range pts {
			pts[k] = Pt(rng.Float64()*40, rng.Float64()*40)
		}
		ring := Ring(ConvexHull(nil, pts))
		if len(ring) < 3 {
			continue
		}
		for _, rt := range [][2]float64{{0.5, 0.01}, {1.25, 0.01}, {2.5, 1e-3}, {1, 1e-4}} {
			var got Ring
			a := testing.AllocsPerRun(1, func() { got = offsetConvexRing(nil, ring, rt[0], rt[1]) })
			// the race detector's instrumentation allocates on its own:
			// there only the capacity below is checked
			if a != 1 && !raceEnabled() {
				t.Fatalf("ring of %d vertices, r %v, tol %v: %v allocations, want 1", len(ring), rt[0], rt[1], a)
			}
			if cap(got) > 2*len(got)+2*len(ring) {
				t.Fatalf("ring of %d vertices, r %v, tol %v: capacity %d for %d vertices", len(ring), rt[0], rt[1], cap(got), len(got))
			}
			tested++
		}
	}
	if tested == 0 {
		t.Fatal("no ring tested")
	}
}
