package geom

import (
	"math"
	"math/rand"
	"testing"
)

// TestSweptDistance checks swept shapes against hand-computed distances:
// a unit disc moving along x passes a disc, a rectangle and a polygon.
func TestSweptDistance(t *testing.T) {
	disc := Circle{Center: Pt(0, 0), Radius: 1}
	tests := []struct {
		name  string
		s     Swept
		other Shape
		want  float64
	}{
		{"capsule misses disc", SweptFrom(disc, Pt(0, 0), Pt(10, 0)), Circle{Center: Pt(5, 3), Radius: 1}, 1},
		{"capsule touches disc", SweptFrom(disc, Pt(0, 0), Pt(10, 0)), Circle{Center: Pt(5, 2), Radius: 1}, 0},
		{"capsule passes through disc", SweptFrom(disc, Pt(0, 0), Pt(0, 10)), Circle{Center: Pt(0.5, 5), Radius: 1}, 0},
		{"stops short of disc", SweptFrom(disc, Pt(0, 0), Pt(0, 3)), Circle{Center: Pt(0.5, 5), Radius: 1}, math.Hypot(0.5, 2) - 2},
		{"end cap to rect", SweptFrom(disc, Pt(0, 0), Pt(4, 0)), OrientedRect{Center: Pt(8, 0), Length: 2, Width: 2}, 2},
		{"side to polygon", SweptFrom(disc, Pt(0, 0), Pt(4, 0)),
			Polygon{Outer: Ring{Pt(1, 3), Pt(3, 3), Pt(3, 5), Pt(1, 5)}}, 2},
		{"zero delta is the shape", Swept{Shape: disc}, Circle{Center: Pt(3, 0), Radius: 1}, 1},
		{"swept rect corner", SweptFrom(OrientedRect{Center: Pt(0, 0), Length: 2, Width: 2}, Pt(0, 0), Pt(0, 6)),
			Circle{Center: Pt(3, 3), Radius: 1}, 1},
	}
	for _, tc := range tests {
		d, _, _ := DistShapes(tc.s, tc.other)
		if math.Abs(d-tc.want) > 1e-9 {
			t.Errorf("%s: DistShapes = %v, want %v", tc.name, d, tc.want)
		}
	}
}

// TestSweptMatchesSampling compares the swept distance with the smallest
// distance of the shape sampled densely along the move (a reference
// computed independently), on random scenes.
func TestSweptMatchesSampling(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		from, to := Pt(rng.Float64()*20, rng.Float64()*20), Pt(rng.Float64()*20, rng.Float64()*20)
		shape := OrientedRect{Center: from, Length: 0.5 + rng.Float64()*2, Width: 0.5 + rng.Float64()*2, Angle: 0}
		other := Circle{Center: Pt(rng.Float64()*20, rng.Float64()*20), Radius: rng.Float64() * 2}
		got, _, _ := DistConvex(SweptFrom(shape, from, to), other)
		ref := math.Inf(1)
		const n = 2000
		for k := 0; k <= n; k++ {
			c := from.Add(to.Sub(from).Mul(float64(k) / n))
			s := shape
			s.Center = c
			d, _, _ := DistConvex(s, other)
			ref = math.Min(ref, d)
		}
		// Sampling can only overestimate, by at most the step length.
		step := to.Sub(from).Norm() / n
		if got > ref+1e-9 || got < ref-step-1e-9 {
			t.Fatalf("scene %d: swept %v, sampled %v (step %v)", i, got, ref, step)
		}
	}
}

// TestSweptBound checks the box covers both ends.
func TestSweptBound(t *testing.T) {
	b := SweptFrom(Circle{Center: Pt(1, 1), Radius: 1}, Pt(1, 1), Pt(5, -2)).Bound()
	if b.X.Lo != 0 || b.X.Hi != 6 || b.Y.Lo != -3 || b.Y.Hi != 2 {
		t.Errorf("Bound = %v, want x [0,6] y [-3,2]", b)
	}
	if l := (Swept{Delta: Pt(3, 4)}).Length(); l != 5 {
		t.Errorf("Length = %v, want 5", l)
	}
}
