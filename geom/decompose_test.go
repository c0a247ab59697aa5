package geom

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	sf "github.com/peterstace/simplefeatures/geom"
)

// checkPieces verifies that pieces are convex, counter-clockwise, do not
// overlap (their union area equals their area sum) and cover p's area.
func checkPieces(t *testing.T, name string, p Polygon, pieces [][]Point) {
	t.Helper()
	sum := 0.0
	for _, q := range pieces {
		if !PolygonFromPoints(q...).IsConvex() || ConvexArea(q) <= 0 {
			t.Fatalf("%s: piece %v not convex CCW", name, q)
		}
		sum += ConvexArea(q)
		// The piece's centroid lies in the polygon.
		if c := PolygonFromPoints(q...).Centroid(); p.Locate(c) != Inside {
			t.Fatalf("%s: piece %v centroid %v is %v", name, q, c, p.Locate(c))
		}
	}
	if math.Abs(sum-p.Area()) > 1e-9*math.Max(1, p.Area()) {
		t.Fatalf("%s: pieces sum to %v, polygon area %v", name, sum, p.Area())
	}
	if u := ConvexUnionArea(pieces); math.Abs(u-sum) > 1e-9*math.Max(1, sum) {
		t.Fatalf("%s: pieces overlap: union %v, sum %v", name, u, sum)
	}
}

func TestConvexPieces(t *testing.T) {
	comb := PolygonFromPoints(Pt(0, 0), Pt(7, 0), Pt(7, 3), Pt(6, 3), Pt(6, 1), Pt(5, 1), Pt(5, 3),
		Pt(4, 3), Pt(4, 1), Pt(3, 1), Pt(3, 3), Pt(2, 3), Pt(2, 1), Pt(1, 1), Pt(1, 3), Pt(0, 3))
	twoHoles := Polygon{Outer: holed.Outer, Holes: []Ring{{Pt(1, 1), Pt(1, 3), Pt(3, 3), Pt(3, 1)}, {Pt(6, 6), Pt(8, 6), Pt(8, 8)}}}
	tests := []struct {
		name string
		p    Polygon
		max  int // upper bound on the piece count
	}{
		{"square", square4, 1},
		{"L", lShape, 2},
		{"L clockwise", Polygon{Outer: lShape.Outer.Reversed()}, 2},
		{"square with hole", holed, 8},
		{"comb", comb, 7},
		{"two holes", twoHoles, 14},
	}
	for _, tt := range tests {
		pieces, err := ConvexPieces(tt.p)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(pieces) > tt.max {
			t.Errorf("%s: %d pieces, want at most %d", tt.name, len(pieces), tt.max)
		}
		checkPieces(t, tt.name, tt.p, pieces)
	}
	if _, err := ConvexPieces(PolygonFromPoints(Pt(0, 0), Pt(2, 2), Pt(2, 0), Pt(0, 2))); !errors.Is(err, ErrSelfIntersection) {
		t.Errorf("ConvexPieces(bowtie) error = %v", err)
	}
}

func TestConvexPiecesDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	done := 0
	for iter := 0; iter < 600; iter++ {
		p := randomStarPolygon(rng, 5+rng.IntN(20), rng.IntN(2) == 0)
		if p.Validate() != nil {
			continue
		}
		pieces, err := ConvexPieces(p)
		if err != nil {
			t.Fatalf("ConvexPieces(%v): %v", p, err)
		}
		checkPieces(t, "random", p, pieces)
		// Oracle: simplefeatures' area of the polygon with holes.
		rings := [][]float64{}
		for _, r := range append([]Ring{p.Outer}, p.Holes...) {
			var xy []float64
			for _, q := range r {
				xy = append(xy, q.X, q.Y)
			}
			rings = append(rings, append(xy, r[0].X, r[0].Y))
		}
		want := sf.NewPolygonXY(rings...).Area()
		sum := 0.0
		for _, q := range pieces {
			sum += ConvexArea(q)
		}
		if math.Abs(sum-want) > 1e-9 {
			t.Fatalf("pieces of %v sum to %v, simplefeatures area %v", p, sum, want)
		}
		done++
	}
	if done < 200 {
		t.Fatalf("only %d valid random polygons", done)
	}
}

// mergeConvexByPoints is mergeConvex as it was, its owner map keyed by the
// edges' end points: the reference for the id-keyed map.
func mergeConvexByPoints(pieces [][]Point) [][]Point {
	type dedge [2]Point
	owner := make(map[dedge]int, 3*len(pieces))
	for pi, p := range pieces {
		for i := range p {
			owner[dedge{p[i], p[(i+1)%len(p)]}] = pi
		}
	}
	live := make([]bool, len(pieces))
	for i := range live {
		live[i] = true
	}
	for pi := range pieces {
		if !live[pi] {
			continue
		}
	restart:
		p := pieces[pi]
		for ia := range p {
			a, b := p[ia], p[(ia+1)%len(p)]
			qi, ok := owner[dedge{b, a}]
			if !ok || qi == pi || !live[qi] {
				continue
			}
			q := pieces[qi]
			jb := slices.IndexFunc(q, func(x Point) bool { return x == b })
			if jb < 0 || q[(jb+1)%len(q)] != a {
				continue
			}
			np, nq := len(p), len(q)
			if Orient(p[(ia+np-1)%np], a, q[(jb+2)%nq]) < 0 || Orient(q[(jb+nq-1)%nq], b, p[(ia+2)%np]) < 0 {
				continue
			}
			merged := make([]Point, 0, np+nq-2)
			for i := 0; i < np; i++ {
				merged = append(merged, p[(ia+1+i)%np])
			}
			for i := 2; i < nq; i++ {
				merged = append(merged, q[(jb+i)%nq])
			}
			for i := range p {
				delete(owner, dedge{p[i], p[(i+1)%np]})
			}
			for i := range q {
				delete(owner, dedge{q[i], q[(i+1)%nq]})
			}
			for i := range merged {
				owner[dedge{merged[i], merged[(i+1)%len(merged)]}] = pi
			}
			pieces[pi] = merged
			live[qi] = false
			goto restart
		}
	}
	var out [][]Point
	for i, p := range pieces {
		if live[i] {
			out = append(out, p)
		}
	}
	return out
}

// TestMergeConvexMatchesPointKeys: mergeConvex, whose owner table is keyed
// by point ids (a slice for a few pieces, a map beyond), merges the
// ear-clipped triangles of random polygons (holes bridged, so points
// repeat) into the same pieces, in the same order, as the point-keyed
// reference.
func TestMergeConvexMatchesPointKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 21))
	done, holes, merges, large := 0, 0, 0, 0
	for range 1500 {
		p := randomStarPolygon(rng, 4+rng.IntN(60), rng.IntN(2) == 0)
		if p.Validate() != nil {
			continue
		}
		ring, err := bridgeHoles(p.Normalized())
		if err != nil {
			t.Fatal(err)
		}
		tris, err := earClip(ring)
		if err != nil {
			t.Fatal(err)
		}
		clone := func() [][]Point {
			c := make([][]Point, len(tris))
			for i, tr := range tris {
				c[i] = slices.Clone(tr)
			}
			return c
		}
		if len(tris) > smallMerge {
			large++
		}
		got, want := mergeConvex(clone()), mergeConvexByPoints(clone())
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("polygon %v: mergeConvex = %v, reference %v", p, got, want)
		}
		done++
		merges += len(tris) - len(got)
		if len(p.Holes) > 0 {
			holes++
		}
	}
	if done < 500 || holes < 100 || merges < done || large < 100 || done-large < 100 {
		t.Fatalf("only %d valid random polygons, %d with holes, %d merges, %d with more than %d triangles (the map)", done, holes, merges, large, smallMerge)
	}
}
