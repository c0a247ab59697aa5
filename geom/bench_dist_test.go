package geom

import (
	"math"
	"testing"
)

var (
	sinkF  float64
	sinkP  Point
	sinkR  Ring
	sinkPg Polygon
)

func octagon(c Point, r, phase float64) Polygon {
	ring := make(Ring, 8)
	for i := range ring {
		s, co := math.Sincos(phase + 2*math.Pi*float64(i)/8)
		ring[i] = Pt(c.X+r*co, c.Y+r*s)
	}
	return Polygon{Outer: ring}
}

func BenchmarkDistPointSegment(b *testing.B) {
	b.ReportAllocs()
	s := Seg(Pt(0, 0), Pt(4, 1))
	for b.Loop() {
		sinkF, sinkP = DistPointSegment(Pt(2, 3), s)
	}
}

func BenchmarkDistSegments(b *testing.B) {
	b.ReportAllocs()
	s, t := Seg(Pt(0, 0), Pt(4, 1)), Seg(Pt(1, 3), Pt(5, 7))
	for b.Loop() {
		sinkF, sinkP, _ = DistSegments(s, t)
	}
}

func BenchmarkDistPolygons(b *testing.B) {
	b.ReportAllocs()
	pa, pb := octagon(Pt(0, 0), 1, 0), octagon(Pt(3, 1), 1, 0.2)
	for b.Loop() {
		sinkF, sinkP, _ = DistPolygons(pa, pb)
	}
}

func BenchmarkDistPointEllipse(b *testing.B) {
	b.ReportAllocs()
	e := Ellipse{Center: Pt(1, 1), A: 3, B: 1.5, Angle: 0.4}
	for b.Loop() {
		sinkF, sinkP = DistPointEllipse(Pt(5, 4), e)
	}
}

func BenchmarkDistConvexEllipses(b *testing.B) {
	b.ReportAllocs()
	var ea, eb Convex = Ellipse{A: 2, B: 1, Angle: 0.3}, Ellipse{Center: Pt(6, 2), A: 1.5, B: 0.7, Angle: 1.1}
	for b.Loop() {
		sinkF, sinkP, _ = DistConvex(ea, eb)
	}
}

func BenchmarkDistConvexRects(b *testing.B) {
	b.ReportAllocs()
	var ra, rb Convex = OrientedRect{Length: 2, Width: 1, Angle: 0.3}, OrientedRect{Center: Pt(4, 2), Length: 3, Width: 1, Angle: 1.1}
	for b.Loop() {
		sinkF, sinkP, _ = DistConvex(ra, rb)
	}
}

func BenchmarkCirclePolygon(b *testing.B) {
	b.ReportAllocs()
	c := Circle{Center: Pt(1, 1), Radius: 0.63}
	for b.Loop() {
		sinkR = c.Polygon(0.001)
	}
}

func BenchmarkOffset10(b *testing.B) {
	b.ReportAllocs()
	// A 10-vertex star-ish (non-convex) polygon.
	ring := make(Ring, 10)
	for i := range ring {
		r := 3.0
		if i%2 == 1 {
			r = 1.5
		}
		s, c := math.Sincos(2 * math.Pi * float64(i) / 10)
		ring[i] = Pt(r*c, r*s)
	}
	p := Polygon{Outer: ring}
	for b.Loop() {
		var err error
		sinkPg, err = Offset(p, 0.5, 0.01)
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOffset10Convex(b *testing.B) {
	b.ReportAllocs()
	hull := Polygon{Outer: Ring{Pt(3, 0), Pt(2.5, 1.5), Pt(1.5, 2.5), Pt(0, 3), Pt(-1.5, 2.5), Pt(-2.5, 1.5), Pt(-3, 0), Pt(-2, -2), Pt(0, -3), Pt(2, -2)}}
	for b.Loop() {
		var err error
		sinkPg, err = Offset(hull, 0.5, 0.01)
		if err != nil {
			b.Fatal(err)
		}
	}
}
