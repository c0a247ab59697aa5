package geom

import (
	"math"
	"testing"
)

func FuzzValidate(f *testing.F) {
	f.Add(0.0, 0.0, 4.0, 0.0, 4.0, 4.0, 0.0, 4.0, 2.0, 2.0, uint8(4))
	f.Add(0.0, 0.0, 2.0, 2.0, 2.0, 0.0, 0.0, 2.0, 1.0, 1.0, uint8(4))
	f.Add(0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 0.0, 0.0, uint8(5))
	f.Add(math.NaN(), 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.5, 0.5, uint8(3))
	f.Fuzz(func(t *testing.T, x0, y0, x1, y1, x2, y2, x3, y3, x4, y4 float64, n uint8) {
		pts := []Point{Pt(x0, y0), Pt(x1, y1), Pt(x2, y2), Pt(x3, y3), Pt(x4, y4)}
		r := Ring(pts[:int(n)%6])
		p := Polygon{Outer: r}
		if p.Validate() == nil {
			if !(p.Area() > 0) {
				t.Fatalf("valid %v has area %v", r, p.Area())
			}
			if _, err := ConvexPieces(p); err != nil {
				t.Fatalf("valid %v: ConvexPieces: %v", r, err)
			}
		}
		_ = r.Locate(Pt(x4, y0))
		_ = p.SegmentInside(Seg(Pt(x0, y4), Pt(x3, y1)), nil)
		_ = p.SegmentCrossesInterior(Seg(Pt(x0, y4), Pt(x3, y1)))
	})
}

func FuzzIntersectSegments(f *testing.F) {
	f.Add(0.0, 0.0, 2.0, 2.0, 0.0, 2.0, 2.0, 0.0)
	f.Add(0.0, 0.0, 2.0, 0.0, 1.0, 0.0, 3.0, 0.0)
	f.Add(0.0, 0.0, 1.0, 0.1, 3.0, 0.30000000000000004, 2.0, 0.2)
	f.Add(1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 2.0, 2.0)
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, cx, cy, dx, dy float64) {
		s, u := Seg(Pt(ax, ay), Pt(bx, by)), Seg(Pt(cx, cy), Pt(dx, dy))
		got := IntersectSegments(s, u)
		if back := IntersectSegments(u, s); back.Kind != got.Kind {
			t.Fatalf("asymmetric: %v vs %v", got.Kind, back.Kind)
		}
		if !finite2(s.A, s.B, u.A) || !isFinite(dx) || !isFinite(dy) {
			return
		}
		if want := refIntersect(s, u); got.Kind != want {
			t.Fatalf("IntersectSegments(%v, %v) = %v, want %v", s, u, got.Kind, want)
		}
	})
}
