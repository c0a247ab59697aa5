package geom

import (
	"math"
	"testing"

	"github.com/golang/geo/r1"
)

var sinkInt int

func BenchmarkOrientEasy(b *testing.B) {
	b.ReportAllocs()
	p, q, r := Pt(0, 0), Pt(3, 1), Pt(1, 2)
	for b.Loop() {
		sinkInt += Orient(p, q, r)
	}
}

func BenchmarkOrientNearDegenerate(b *testing.B) {
	b.ReportAllocs()
	p, q, r := Pt(0, 0), Pt(1, 0.1), Pt(3, 0.30000000000000004)
	for b.Loop() {
		sinkInt += Orient(p, q, r)
	}
}

func BenchmarkOrient3(b *testing.B) {
	b.ReportAllocs()
	p, q, r, s := V3(0, 0, 0), V3(1, 0, 0.5), V3(0, 1, 0.25), V3(0.3, 0.3, 1)
	for b.Loop() {
		sinkInt += Orient3(p, q, r, s)
	}
}

func BenchmarkIntersectSegments(b *testing.B) {
	b.ReportAllocs()
	s, t := Seg(Pt(0, 0), Pt(2, 2)), Seg(Pt(0, 2), Pt(2, 0.5))
	for b.Loop() {
		sinkInt += int(IntersectSegments(s, t).Kind)
	}
}

func circleRing(n int) Ring {
	r := make(Ring, n)
	for i := range r {
		a := 2 * math.Pi * float64(i) / float64(n)
		rad := 5.0
		if i%2 == 1 {
			rad = 4
		}
		r[i] = Pt(rad*math.Cos(a), rad*math.Sin(a))
	}
	return r
}

func BenchmarkRingLocate12(b *testing.B) {
	b.ReportAllocs()
	r := circleRing(12)
	for b.Loop() {
		sinkInt += int(r.Locate(Pt(1, 0.5)))
	}
}

func BenchmarkRingLocate200(b *testing.B) {
	b.ReportAllocs()
	r := circleRing(200)
	for b.Loop() {
		sinkInt += int(r.Locate(Pt(1, 0.5)))
	}
}

func BenchmarkSegmentInside(b *testing.B) {
	b.ReportAllocs()
	p := Polygon{Outer: circleRing(12)}
	dst := make([]r1.Interval, 0, 8)
	s := Seg(Pt(-7, 0.3), Pt(7, 1))
	for b.Loop() {
		dst = p.SegmentInside(s, dst[:0])
	}
}

func BenchmarkClipConvex(b *testing.B) {
	b.ReportAllocs()
	clip := []Point{Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(0, 4)}
	sub := []Point(circleRing(12))
	dst := make([]Point, 0, 32)
	for b.Loop() {
		dst = ClipConvex(dst[:0], sub, clip)
	}
}

func BenchmarkConvexUnionArea8(b *testing.B) {
	b.ReportAllocs()
	var polys [][]Point
	for i := range 8 {
		x := float64(i)
		polys = append(polys, []Point{Pt(x, 0), Pt(x+1.5, 0.2), Pt(x+1.4, 1.5), Pt(x-0.1, 1.2)})
	}
	var sink float64
	for b.Loop() {
		sink += ConvexUnionArea(polys)
	}
	_ = sink
}

func BenchmarkConvexPieces(b *testing.B) {
	b.ReportAllocs()
	p := Polygon{Outer: circleRing(24), Holes: []Ring{{Pt(-1, -1), Pt(-1, 1), Pt(1, 1), Pt(1, -1)}}}
	for b.Loop() {
		if _, err := ConvexPieces(p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidate500(b *testing.B) {
	b.ReportAllocs()
	p := Polygon{Outer: circleRing(500)}
	for b.Loop() {
		if err := p.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}
