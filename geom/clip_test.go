package geom

import (
	"math"
	"math/rand"
	"testing"
)

func TestClipConvex(t *testing.T) {
	sq := []Point{Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(0, 4)}
	tests := []struct {
		name    string
		subject []Point
		area    float64
	}{
		// [2,6]x[2,6] ∩ [0,4]² = [2,4]² → 4.
		{"overlap", []Point{Pt(2, 2), Pt(6, 2), Pt(6, 6), Pt(2, 6)}, 4},
		{"inside", []Point{Pt(1, 1), Pt(2, 1), Pt(2, 2)}, 0.5},
		{"disjoint", []Point{Pt(5, 5), Pt(6, 5), Pt(6, 6)}, 0},
		{"touching edge", []Point{Pt(4, 0), Pt(6, 0), Pt(6, 4), Pt(4, 4)}, 0},
		// L-shape [−2,2]x[−2,6] minus [0,2]x[2,6], clipped: [0,2]x[0,2] → 4.
		{"concave", []Point{Pt(-2, -2), Pt(2, -2), Pt(2, 2), Pt(0, 2), Pt(0, 6), Pt(-2, 6)}, 4},
		{"same", sq, 16},
	}
	for _, tt := range tests {
		got := ClipConvex(nil, tt.subject, sq)
		if a := math.Abs(ConvexArea(got)); math.Abs(a-tt.area) > 1e-12 {
			t.Errorf("%s: ClipConvex area = %v (%v), want %v", tt.name, a, got, tt.area)
		}
	}
	dst := make([]Point, 0, 16)
	sub := tests[0].subject
	if n := testing.AllocsPerRun(100, func() { dst = ClipConvex(dst[:0], sub, sq) }); n != 0 {
		t.Errorf("ClipConvex allocates %v times", n)
	}
}

func TestConvexHullAndPointInConvex(t *testing.T) {
	pts := []Point{Pt(0, 0), Pt(2, 0), Pt(4, 0), Pt(4, 4), Pt(1, 1), Pt(0, 4), Pt(2, 2), Pt(0, 2), Pt(4, 4)}
	got := ConvexHull(nil, pts)
	want := []Point{Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(0, 4)}
	if len(got) != len(want) {
		t.Fatalf("ConvexHull = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ConvexHull = %v, want %v", got, want)
		}
	}
	if got := ConvexHull(nil, []Point{Pt(0, 0), Pt(1, 1), Pt(2, 2)}); len(got) != 2 {
		t.Errorf("collinear hull = %v, want 2 points", got)
	}
	if got := ConvexHull(nil, []Point{Pt(1, 1), Pt(1, 1)}); len(got) != 1 {
		t.Errorf("point hull = %v", got)
	}
	locs := []struct {
		p    Point
		want Location
	}{
		{Pt(2, 2), Inside}, {Pt(4, 2), OnBoundary}, {Pt(0, 0), OnBoundary}, {Pt(4+1e-12, 2), Outside}, {Pt(-1, -1), Outside},
	}
	for _, l := range locs {
		if got := PointInConvex(l.p, want); got != l.want {
			t.Errorf("PointInConvex(%v) = %v, want %v", l.p, got, l.want)
		}
	}
}

// clipConvexOrient is ClipConvex deciding every side with Orient alone
// (no float filter): the reference for TestClipConvexFilter.
func clipConvexOrient(dst, subject, clip []Point) []Point {
	if len(subject) < 3 || len(clip) < 3 {
		return dst
	}
	in := append([]Point(nil), subject...)
	var out []Point
	for i := range clip {
		c0, c1 := clip[i], clip[(i+1)%len(clip)]
		if c0 == c1 {
			continue
		}
		out = out[:0]
		e := c1.Sub(c0)
		prev := in[len(in)-1]
		po := Orient(c0, c1, prev)
		for _, cur := range in {
			co := Orient(c0, c1, cur)
			if (po >= 0) != (co >= 0) {
				fp, fc := e.Cross(prev.Sub(c0)), e.Cross(cur.Sub(c0))
				t := fp / (fp - fc)
				if math.IsNaN(t) {
					t = 0.5
				}
				t = math.Max(0, math.Min(1, t))
				out = appendDistinct(out, prev.Add(cur.Sub(prev).Mul(t)))
			}
			if co >= 0 {
				out = appendDistinct(out, cur)
			}
			prev, po = cur, co
		}
		if len(out) > 1 && out[0] == out[len(out)-1] {
			out = out[:len(out)-1]
		}
		if len(out) < 3 {
			return dst
		}
		in, out = out, in
	}
	return append(dst, in...)
}

// TestClipConvexFilter compares ClipConvex with the Orient-only reference
// on subjects whose vertices lie on the clip's edge lines, one ulp off
// them, or anywhere: the filter must never change a decision.
func TestClipConvexFilter(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	clips := [][]Point{
		{Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(0, 4)},
		{Pt(0.1, 0.3), Pt(7.7, 1.9), Pt(3.3, 9.1)},
		{Pt(1e-3, 2e-3), Pt(2.000001e-3, 2.1e-3), Pt(1.5e-3, 3e-3)},
	}
	for k := range 20000 {
		clip := clips[k%len(clips)]
		n := 3 + rng.Intn(6)
		sub := make([]Point, 0, n)
		for range n {
			a, b := clip[rng.Intn(len(clip))], clip[rng.Intn(len(clip))]
			s := float64(rng.Intn(9)-2) / 4 // on the edge line, inside or beyond the ends
			p := a.Add(b.Sub(a).Mul(s))
			switch rng.Intn(4) {
			case 0:
				p.X = math.Nextafter(p.X, math.Inf(1))
			case 1:
				p.Y = math.Nextafter(p.Y, math.Inf(-1))
			case 2:
				ext := clip[1].Sub(clip[0]).Norm()
				p = a.Add(Pt((rng.Float64()*3-1)*ext, (rng.Float64()*3-1)*ext))
			}
			sub = append(sub, p)
		}
		got := ClipConvex(nil, sub, clip)
		want := clipConvexOrient(nil, sub, clip)
		if len(got) != len(want) {
			t.Fatalf("ClipConvex(%v, %v) = %v, want %v", sub, clip, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("ClipConvex(%v, %v) = %v, want %v", sub, clip, got, want)
			}
		}
	}
}
