package terrain

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
)

func TestStrictlyConvex(t *testing.T) {
	// Pentagram: the vertices of a regular pentagon taken two at a time.
	// Every turn is a left turn (by 144°), but the ring winds twice, so
	// its x direction changes sign four times.
	var star []geom.Point
	for k := range 5 {
		s, c := math.Sincos(2 * math.Pi * float64(2*k) / 5)
		star = append(star, geom.Pt(c, s))
	}
	tests := []struct {
		name string
		in   []geom.Point
		want bool
	}{
		{"ccw square", []geom.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}, true},
		{"cw square", []geom.Point{{X: 0, Y: 0}, {X: 0, Y: 1}, {X: 1, Y: 1}, {X: 1, Y: 0}}, false},
		// (1, 0) lies on the edge (0,0)–(2,0): Orient is 0, not strict.
		{"collinear vertex", []geom.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 2, Y: 0}, {X: 2, Y: 2}, {X: 0, Y: 2}}, false},
		{"repeated vertex", []geom.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 1}}, false},
		// Reflex vertex (1, 1) of an arrow: turns right.
		{"arrow", []geom.Point{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 1, Y: 1}, {X: 2, Y: 2}, {X: 0, Y: 2}}, false},
		{"triangle", []geom.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 1}}, true},
		{"two points", []geom.Point{{X: 0, Y: 0}, {X: 1, Y: 0}}, false},
		{"pentagram", star, false},
		{"circle polygon", unitPolygon(49), true},
	}
	for _, tt := range tests {
		if got := strictlyConvex(tt.in); got != tt.want {
			t.Errorf("strictlyConvex(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDirBucket(t *testing.T) {
	tests := []struct {
		x, y float64
		want int
	}{
		// Pseudo-angle p in [0, 4), bucket floor(p·32/4) = floor(8p).
		{1, 0, 0},      // p = 0
		{1, 1, 4},      // p = 1/2 → 4
		{0, 1, 8},      // p = 1 → 8
		{-1, 1, 12},    // p = 1 + 1/2 → 12
		{-1, 0, 16},    // p = 2 → 16
		{-1, -1, 20},   // p = 2 + 1/2 → 20
		{0, -1, 24},    // p = 3 → 24
		{1, -1, 28},    // p = 3 + 1/2 → 28
		{1, -1e-9, 31}, // p just below 4 → 31
		{0, 0, 0},      // NaN → 0
		{math.Inf(1), math.Inf(1), 0},
	}
	for _, tt := range tests {
		if got := DirBucket(tt.x, tt.y); got != tt.want {
			t.Errorf("DirBucket(%v, %v) = %d, want %d", tt.x, tt.y, got, tt.want)
		}
	}
	for k := range ConvexDirs {
		if x, y := bucketDir(k); DirBucket(x, y) != k {
			t.Errorf("DirBucket(bucketDir(%d)) = %d", k, DirBucket(x, y))
		}
	}
}

// TestConvexRingSearch: a ConvexRing has its search table exactly when
// its ring has ConvexMinVertices or more vertices (los reads the length,
// not the ConvexRing, to skip the search on small rings).
func TestConvexRingSearch(t *testing.T) {
	tests := []struct {
		n    int
		want bool
	}{
		{3, false}, {4, false}, {8, false}, {9, false}, {10, true}, {11, true}, {49, true}, {256, true},
	}
	for _, tt := range tests {
		cv := ConvexRingOf(unitPolygon(tt.n))
		if cv == nil {
			t.Fatalf("ConvexRingOf(%d-gon) = nil", tt.n)
		}
		if cv.Search != tt.want || (tt.n >= ConvexMinVertices) != tt.want {
			t.Errorf("ConvexRingOf(%d-gon).Search = %v, want %v", tt.n, cv.Search, tt.want)
		}
	}
}
