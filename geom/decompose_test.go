package geom

import (
	"errors"
	"math"
	"math/rand/v2"
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
