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

// BenchmarkOrientCollinear times three exactly collinear points that are
// not on an axis, the case of a sample lying exactly on a terrain edge: the
// filter can never decide it and the exact stage must prove the zero.
func BenchmarkOrientCollinear(b *testing.B) {
	b.ReportAllocs()
	// Steps of (0.25, 0.125) from (1.5, 2.25): binary fractions, so the
	// determinant 0.25·0.25 - 0.125·0.5 is exactly 0.
	p, q, r := Pt(1.5, 2.25), Pt(1.75, 2.375), Pt(2, 2.5)
	for b.Loop() {
		sinkInt += Orient(p, q, r)
	}
}

// BenchmarkOrient3NearDegenerate times four points on the plane
// z = 0.3x - 0.7y as computed in float64, one nudged by an ulp, so the
// filter cannot decide.
func BenchmarkOrient3NearDegenerate(b *testing.B) {
	b.ReportAllocs()
	on := func(x, y float64) Vec3 { return V3(x, y, 0.3*x-0.7*y) }
	p, q, r, s := on(0.1, 0.2), on(1.3, -0.7), on(-0.9, 2.1), on(0.7, 0.45)
	s.Z = math.Nextafter(s.Z, 1)
	for b.Loop() {
		sinkInt += Orient3(p, q, r, s)
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
