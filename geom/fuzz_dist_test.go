package geom

import (
	"math"
	"testing"

	"github.com/golang/geo/s1"
)

func FuzzDistSegments(f *testing.F) {
	f.Add(0.0, 0.0, 4.0, 0.0, 2.0, 1.0, 2.0, 5.0)
	f.Add(0.0, 0.0, 2.0, 2.0, 0.0, 2.0, 2.0, 0.0)
	f.Add(0.0, 0.0, 2.0, 0.0, 5.0, 0.0, 9.0, 0.0)
	f.Add(0.0, 0.0, 1.0, 0.0, 0.5, 1e-12, 3.0, 1e-12)
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, cx, cy, dx, dy float64) {
		s := Seg(Pt(ax, ay), Pt(bx, by))
		u := Seg(Pt(cx, cy), Pt(dx, dy))
		d1, pa, pb := DistSegments(s, u)
		d2, _, _ := DistSegments(u, s)
		kind := IntersectSegments(s, u).Kind
		if math.IsNaN(d1) || math.IsInf(d1, 0) {
			return // non-finite input
		}
		if (d1 == 0) != (kind != Disjoint) {
			t.Fatalf("DistSegments(%v, %v) = %v but IntersectSegments kind %v", s, u, d1, kind)
		}
		if math.Abs(d1-d2) > 1e-12*math.Max(d1, d2) {
			t.Fatalf("asymmetric: %v vs %v", d1, d2)
		}
		if d1 < 0 {
			t.Fatalf("negative distance %v", d1)
		}
		if e := pa.Sub(pb).Norm(); !math.IsInf(e, 0) && math.Abs(e-d1) > 1e-9*math.Max(1, d1) {
			t.Fatalf("closest points %v %v are %v apart, d = %v", pa, pb, e, d1)
		}
	})
}

func FuzzDistPointEllipse(f *testing.F) {
	f.Add(5.0, 4.0, 1.0, 1.0, 3.0, 2.0, 0.5)
	f.Add(0.0, 7.0, 0.0, 0.0, 3.0, 1e-9, 0.0)
	f.Add(1e6, -3.0, 0.0, 0.0, 1.0, 1.0, 2.0)
	f.Fuzz(func(t *testing.T, px, py, cx, cy, a, b, ang float64) {
		e := Ellipse{Center: Pt(cx, cy), A: a, B: b, Angle: s1Angle(ang)}
		p := Pt(px, py)
		d, q := DistPointEllipse(p, e)
		if math.IsNaN(d) {
			return
		}
		if d < 0 {
			t.Fatalf("negative distance %v", d)
		}
		scale := math.Max(1, math.Abs(px)+math.Abs(py)+math.Abs(cx)+math.Abs(cy)+math.Abs(a)+math.Abs(b))
		if math.IsInf(scale, 0) || scale > 1e12 {
			return
		}
		if e := p.Sub(q).Norm(); math.Abs(e-d) > 1e-9*scale {
			t.Fatalf("|p-q| = %v, d = %v", e, d)
		}
		if d == 0 && q != p {
			t.Fatalf("d == 0 but q %v != p %v", q, p)
		}
		// No boundary sample may be nearer than d (beyond rounding).
		for i := range 64 {
			th := 2 * math.Pi * float64(i) / 64
			if s := p.Sub(e.PointAt(s1Angle(th))).Norm(); s < d-1e-9*scale {
				t.Fatalf("boundary point at %v is %v from p, d = %v", th, s, d)
			}
		}
	})
}

func s1Angle(x float64) s1.Angle { return s1.Angle(x) }
