package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	sf "github.com/peterstace/simplefeatures/geom"
)

func TestConvexUnionArea(t *testing.T) {
	sq := func(x, y, s float64) []Point {
		return []Point{Pt(x, y), Pt(x+s, y), Pt(x+s, y+s), Pt(x, y+s)}
	}
	tests := []struct {
		name  string
		polys [][]Point
		want  float64
	}{
		{"empty", nil, 0},
		{"one", [][]Point{sq(0, 0, 2)}, 4},
		// 4 + 4 - overlap 1 = 7.
		{"overlapping", [][]Point{sq(0, 0, 2), sq(1, 1, 2)}, 7},
		{"identical", [][]Point{sq(0, 0, 2), sq(0, 0, 2), sq(0, 0, 2)}, 4},
		{"shared edge", [][]Point{sq(0, 0, 2), sq(2, 0, 2)}, 8},
		// Half-shared edge: [0,2]² and [2,3]x[1,3] → 4 + 4 = 8.
		{"partly shared edge", [][]Point{sq(0, 0, 2), sq(2, 1, 2)}, 8},
		{"nested", [][]Point{sq(0, 0, 4), sq(1, 1, 1)}, 16},
		{"nested touching", [][]Point{sq(0, 0, 4), sq(0, 0, 1)}, 16},
		{"clockwise input", [][]Point{Ring(sq(0, 0, 2)).Reversed(), sq(1, 1, 2)}, 7},
		{"disjoint", [][]Point{sq(0, 0, 1), sq(5, 5, 1)}, 2},
		{"degenerate skipped", [][]Point{sq(0, 0, 1), {Pt(0, 0), Pt(1, 1)}}, 1},
	}
	for _, tt := range tests {
		if got := ConvexUnionArea(tt.polys); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: ConvexUnionArea = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// ringToSF converts a ring to a simplefeatures polygon (closing it).
func ringToSF(pts []Point) sf.Geometry {
	var xy []float64
	for _, p := range pts {
		xy = append(xy, p.X, p.Y)
	}
	xy = append(xy, pts[0].X, pts[0].Y)
	return sf.NewPolygonXY(xy).AsGeometry()
}

// randomConvex returns the hull of a few random grid points (a grid makes
// shared edges and vertices common).
func randomConvex(rng *rand.Rand) []Point {
	var pts []Point
	cx, cy := float64(rng.IntN(8)), float64(rng.IntN(8))
	for range 3 + rng.IntN(5) {
		pts = append(pts, Pt(cx+float64(rng.IntN(5)), cy+float64(rng.IntN(5))))
	}
	return ConvexHull(nil, pts)
}

func TestConvexUnionAreaDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n := 2000
	if testing.Short() {
		n = 300
	}
	for iter := 0; iter < n; iter++ {
		var polys [][]Point
		var gs []sf.Geometry
		for range 1 + rng.IntN(5) {
			p := randomConvex(rng)
			if len(p) < 3 {
				continue
			}
			polys = append(polys, p)
			gs = append(gs, ringToSF(p))
		}
		if len(gs) == 0 {
			continue
		}
		u, err := sf.UnionMany(gs)
		if err != nil {
			t.Fatalf("simplefeatures: %v", err)
		}
		want := u.Area()
		if got := ConvexUnionArea(polys); math.Abs(got-want) > 1e-9 {
			t.Fatalf("ConvexUnionArea(%v) = %v, simplefeatures %v", polys, got, want)
		}
	}
}
