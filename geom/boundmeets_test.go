package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/r1"
)

// TestBoundMeets: Ring.boundMeets, the early-exit box test of SegmentInside
// and SegmentCrossesInterior, answers as r.Bound().Intersects(b) for
// hand-picked boxes (touching a side or a corner, inside, beside) and for
// random small integer rings and boxes, where touching is common, with
// NaN and infinite vertices mixed in.
func TestBoundMeets(t *testing.T) {
	sq := Ring{Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}
	box := func(x0, x1, y0, y1 float64) Rect {
		return Rect{X: r1.Interval{Lo: x0, Hi: x1}, Y: r1.Interval{Lo: y0, Hi: y1}}
	}
	tests := []struct {
		b    Rect
		want bool
	}{
		{box(0.5, 1, 0.5, 1), true},   // inside
		{box(2, 3, 0, 1), true},       // touching the right side
		{box(2, 3, 2, 3), true},       // touching a corner
		{box(2.1, 3, 0, 1), false},    // beside
		{box(-3, -1e-9, 0, 1), false}, // left, a hair off
		{box(-1, 3, -1, 3), true},     // around it
		{box(0.5, 1, 3, 4), false},    // above
	}
	for _, tc := range tests {
		if got := sq.boundMeets(tc.b); got != tc.want {
			t.Errorf("%v.boundMeets(%v) = %v, want %v", sq, tc.b, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(6, 60))
	coord := func() float64 {
		switch rng.IntN(40) {
		case 0:
			return math.NaN()
		case 1:
			return math.Inf(1)
		case 2:
			return math.Inf(-1)
		}
		return float64(rng.IntN(8))
	}
	met := 0
	for i := range 100000 {
		r := make(Ring, rng.IntN(6))
		for k := range r {
			r[k] = Pt(coord(), coord())
		}
		x0, y0 := float64(rng.IntN(8)), float64(rng.IntN(8))
		b := box(x0, x0+float64(rng.IntN(3)), y0, y0+float64(rng.IntN(3)))
		want := r.Bound().Intersects(b)
		if got := r.boundMeets(b); got != want {
			t.Fatalf("case %d: %v.boundMeets(%v) = %v, Bound().Intersects says %v", i, r, b, got, want)
		}
		if want {
			met++
		}
	}
	if met < 10000 || met > 90000 {
		t.Errorf("%d of 100000 boxes met: the comparison is one-sided", met)
	}
}
