package movement

import (
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
)

func rect(x0, y0, x1, y1 float64) geom.Rect {
	return geom.Rect{X: r1.Interval{Lo: x0, Hi: x1}, Y: r1.Interval{Lo: y0, Hi: y1}}
}

// TestBoxMaskNear checks that near never misses a box meeting the query
// (closed boxes, touching included) and visits indices in order, against a
// scan of every box, on hand-placed and random boxes, some reaching past
// the area.
func TestBoxMaskNear(t *testing.T) {
	area := rect(0, 0, 48, 48)
	tests := []struct {
		boxes []geom.Rect
		q     geom.Rect
		want  []int // the boxes meeting q
	}{
		{[]geom.Rect{rect(0, 0, 1, 1), rect(10, 10, 12, 12), rect(47, 47, 50, 50)}, rect(1, 1, 9, 9), []int{0}},     // touching at a corner
		{[]geom.Rect{rect(0, 0, 1, 1), rect(10, 10, 12, 12), rect(47, 47, 50, 50)}, rect(11, 0, 11, 48), []int{1}},  // a vertical line
		{[]geom.Rect{rect(0, 0, 1, 1), rect(10, 10, 12, 12), rect(47, 47, 50, 50)}, rect(49, 49, 60, 60), []int{2}}, // past the area
		{[]geom.Rect{rect(0, 0, 1, 1), rect(10, 10, 12, 12)}, rect(2, 2, 9.99, 9.99), nil},
	}
	for _, tc := range tests {
		m := newBoxMask(area, func(i int) geom.Rect { return tc.boxes[i] }, len(tc.boxes))
		words := m.near(tc.q.X.Lo, tc.q.Y.Lo, tc.q.X.Hi, tc.q.Y.Hi, nil)
		var got []int
		for i := nextIndex(words, 0, len(tc.boxes)); i >= 0; i = nextIndex(words, i+1, len(tc.boxes)) {
			if tc.boxes[i].Intersects(tc.q) {
				got = append(got, i)
			}
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
			t.Errorf("near(%v) meeting = %v, want %v", tc.q, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{1, 63, 64, 65, 200, 256, 1000} {
		boxes := make([]geom.Rect, n)
		for i := range boxes {
			x, y := rng.Float64()*56-4, rng.Float64()*56-4
			boxes[i] = rect(x, y, x+rng.Float64()*6, y+rng.Float64()*6)
		}
		m := newBoxMask(area, func(i int) geom.Rect { return boxes[i] }, n)
		for range 500 {
			x, y := rng.Float64()*56-4, rng.Float64()*56-4
			q := rect(x, y, x+rng.Float64()*20, y+rng.Float64()*3)
			words := m.near(q.X.Lo, q.Y.Lo, q.X.Hi, q.Y.Hi, nil)
			prev := -1
			seen := make([]bool, n)
			for i := nextIndex(words, 0, n); i >= 0; i = nextIndex(words, i+1, n) {
				if i <= prev || i >= n {
					t.Fatalf("n = %d: index %d after %d", n, i, prev)
				}
				prev, seen[i] = i, true
			}
			for i, b := range boxes {
				if b.Intersects(q) && !seen[i] {
					t.Fatalf("n = %d: box %d %v meets %v but is not visited", n, i, b, q)
				}
			}
		}
	}
	if got := nextIndex(nil, 3, 5); got != 3 {
		t.Errorf("nextIndex(nil, 3, 5) = %d, want 3", got)
	}
	if got := nextIndex(nil, 5, 5); got != -1 {
		t.Errorf("nextIndex(nil, 5, 5) = %d, want -1", got)
	}
}
