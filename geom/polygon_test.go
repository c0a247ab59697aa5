package geom

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/s1"
)

var (
	square4 = PolygonFromPoints(Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(0, 4))
	// lShape has a reflex vertex at (2, 2).
	lShape = PolygonFromPoints(Pt(0, 0), Pt(4, 0), Pt(4, 2), Pt(2, 2), Pt(2, 4), Pt(0, 4))
	// holed is the 10x10 square with a clockwise 2x2 hole at (4..6, 4..6).
	holed = Polygon{
		Outer: Ring{Pt(0, 0), Pt(10, 0), Pt(10, 10), Pt(0, 10)},
		Holes: []Ring{{Pt(4, 4), Pt(4, 6), Pt(6, 6), Pt(6, 4)}},
	}
)

func TestRingBasics(t *testing.T) {
	r := square4.Outer
	// Shoelace: 4·4 = 16, CCW so positive.
	if got := r.SignedArea(); got != 16 {
		t.Errorf("SignedArea() = %v, want 16", got)
	}
	if got := r.Reversed().SignedArea(); got != -16 {
		t.Errorf("Reversed().SignedArea() = %v, want -16", got)
	}
	if !r.IsCCW() || r.Reversed().IsCCW() {
		t.Errorf("IsCCW wrong for %v", r)
	}
	if got, want := r.Edge(3), Seg(Pt(0, 4), Pt(0, 0)); got != want {
		t.Errorf("Edge(3) = %v, want %v", got, want)
	}
	if b := r.Bound(); b.Lo() != Pt(0, 0) || b.Hi() != Pt(4, 4) {
		t.Errorf("Bound() = %v", b)
	}
	// L-shape area: 4·2 + 2·2 = 12.
	if got := lShape.Area(); got != 12 {
		t.Errorf("lShape.Area() = %v, want 12", got)
	}
	// Holed: 100 - 4 = 96.
	if got := holed.Area(); got != 96 {
		t.Errorf("holed.Area() = %v, want 96", got)
	}
	if got := holed.NumVertices(); got != 8 {
		t.Errorf("NumVertices() = %d, want 8", got)
	}
}

func TestLocate(t *testing.T) {
	tests := []struct {
		p    Polygon
		pt   Point
		want Location
	}{
		{square4, Pt(2, 2), Inside},
		{square4, Pt(0, 0), OnBoundary},
		{square4, Pt(4, 2), OnBoundary},
		{square4, Pt(2, 4), OnBoundary},
		{square4, Pt(4+1e-12, 2), Outside},
		{square4, Pt(4-1e-12, 4-1e-12), Inside},
		{square4, Pt(-1, 0), Outside}, // level with the bottom edge
		{square4, Pt(5, 4), Outside},  // level with the top edge
		{lShape, Pt(3, 3), Outside},
		{lShape, Pt(2, 2), OnBoundary}, // reflex vertex
		{lShape, Pt(1, 2), Inside},     // level with the reflex vertex
		{lShape, Pt(3, 2), OnBoundary},
		{lShape, Pt(-1, 2), Outside},
		{holed, Pt(5, 5), Outside}, // inside the hole
		{holed, Pt(4, 5), OnBoundary},
		{holed, Pt(6, 6), OnBoundary},
		{holed, Pt(3, 5), Inside},
		{holed, Pt(7, 4), Inside}, // level with the hole's bottom
		{Polygon{}, Pt(0, 0), Outside},
		{square4, Pt(math.NaN(), 1), Outside},
	}
	for _, tt := range tests {
		if got := tt.p.Locate(tt.pt); got != tt.want {
			t.Errorf("%v.Locate(%v) = %v, want %v", tt.p, tt.pt, got, tt.want)
		}
		// The reversed orientation must give the same answer.
		if got := tt.p.Normalized().Locate(tt.pt); got != tt.want {
			t.Errorf("Normalized %v.Locate(%v) = %v, want %v", tt.p, tt.pt, got, tt.want)
		}
		if got, want := tt.p.Contains(tt.pt), tt.want != Outside; got != want {
			t.Errorf("%v.Contains(%v) = %v, want %v", tt.p, tt.pt, got, want)
		}
	}
}

func TestNormalizedTranslateRotate(t *testing.T) {
	cw := Polygon{Outer: holed.Outer.Reversed(), Holes: []Ring{holed.Holes[0].Reversed()}}
	n := cw.Normalized()
	if !n.Outer.IsCCW() || n.Holes[0].IsCCW() {
		t.Errorf("Normalized() orientation wrong: %v", n)
	}
	if cw.Outer.IsCCW() {
		t.Errorf("Normalized modified its receiver")
	}
	tr := square4.Translate(Pt(1, -2))
	if tr.Outer[2] != Pt(5, 2) || square4.Outer[2] != Pt(4, 4) {
		t.Errorf("Translate: got %v", tr.Outer)
	}
	// Rotating (4,0) by 90° about (0,0) gives (0,4).
	rot := square4.Rotate(Pt(0, 0), s1.Angle(math.Pi/2))
	if q := rot.Outer[1]; math.Abs(q.X) > 1e-15 || math.Abs(q.Y-4) > 1e-15 {
		t.Errorf("Rotate: vertex 1 = %v, want (0, 4)", q)
	}
}

func TestCentroid(t *testing.T) {
	tests := []struct {
		p    Polygon
		want Point
	}{
		{square4, Pt(2, 2)},
		// L: rectangle [0,4]x[0,2] (area 8, centroid (2,1)) plus square
		// [0,2]x[2,4] (area 4, centroid (1,3)): ((16+4)/12, (8+12)/12).
		{lShape, Pt(20.0/12, 20.0/12)},
		{holed, Pt(5, 5)},
		// Outer [0,10]², hole [6,8]x[4,6] (area 4, centroid (7,5)):
		// x = (100·5 - 4·7)/96 = 472/96.
		{Polygon{Outer: holed.Outer, Holes: []Ring{{Pt(6, 4), Pt(8, 4), Pt(8, 6), Pt(6, 6)}}}, Pt(472.0/96, 5)},
	}
	for _, tt := range tests {
		got := tt.p.Centroid()
		if math.Abs(got.X-tt.want.X) > 1e-12 || math.Abs(got.Y-tt.want.Y) > 1e-12 {
			t.Errorf("%v.Centroid() = %v, want %v", tt.p, got, tt.want)
		}
	}
}

func TestIsConvex(t *testing.T) {
	tests := []struct {
		p    Polygon
		want bool
	}{
		{square4, true},
		{Polygon{Outer: square4.Outer.Reversed()}, true},
		{lShape, false},
		{holed, false},
		{PolygonFromPoints(Pt(0, 0), Pt(2, 0), Pt(4, 0), Pt(4, 4)), true},  // collinear vertex
		{PolygonFromPoints(Pt(0, 0), Pt(4, 0), Pt(2, 0), Pt(4, 4)), false}, // folds back
		// Pentagram: every turn is left but it winds twice.
		{PolygonFromPoints(Pt(0, 10), Pt(-6, -8), Pt(9.5, 3), Pt(-9.5, 3), Pt(6, -8)), false},
		{PolygonFromPoints(Pt(0, 0), Pt(1, 1), Pt(2, 2)), false},
		// Nearly collinear: (0,0),(1,1e-300... ) a sliver still convex.
		{PolygonFromPoints(Pt(0, 0), Pt(1, 0), Pt(2, 1e-12)), true},
		{PolygonFromPoints(Pt(0, 0), Pt(1, 0), Pt(2, 1e-12), Pt(1, -1e-12)), false},
	}
	for _, tt := range tests {
		if got := tt.p.IsConvex(); got != tt.want {
			t.Errorf("%v.IsConvex() = %v, want %v", tt.p.Outer, got, tt.want)
		}
	}
}

func ivs(v ...float64) []r1.Interval {
	var out []r1.Interval
	for i := 0; i+1 < len(v); i += 2 {
		out = append(out, r1.Interval{Lo: v[i], Hi: v[i+1]})
	}
	return out
}

func ivsClose(a, b []r1.Interval) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i].Lo-b[i].Lo) > 1e-12 || math.Abs(a[i].Hi-b[i].Hi) > 1e-12 {
			return false
		}
	}
	return true
}

func TestSegmentInside(t *testing.T) {
	tests := []struct {
		name     string
		p        Polygon
		s        Segment
		want     []r1.Interval
		interior bool
	}{
		// x from -1 to 5 over 6: enters at x=0 (t=1/6), leaves at x=4 (5/6).
		{"through", square4, Seg(Pt(-1, 2), Pt(5, 2)), ivs(1.0/6, 5.0/6), true},
		{"along edge", square4, Seg(Pt(0, -1), Pt(0, 5)), ivs(1.0/6, 5.0/6), false},
		{"through vertices", square4, Seg(Pt(-1, -1), Pt(5, 5)), ivs(1.0/6, 5.0/6), true},
		{"tangent at corner", square4, Seg(Pt(3, 5), Pt(5, 3)), ivs(0.5, 0.5), false},
		{"outside", square4, Seg(Pt(5, 5), Pt(6, 7)), nil, false},
		{"inside", square4, Seg(Pt(1, 1), Pt(3, 2)), ivs(0, 1), true},
		{"ends on boundary from outside", square4, Seg(Pt(6, 2), Pt(4, 2)), ivs(1, 1), false},
		// L-shape: (3,3) is outside, (1,1) inside, crossing at the reflex
		// vertex (2,2) at t = 0.5.
		{"into reflex vertex", lShape, Seg(Pt(3, 3), Pt(1, 1)), ivs(0.5, 1), true},
		{"across reflex inside", lShape, Seg(Pt(1, 3), Pt(3, 1)), ivs(0, 1), true},
		// (2,3) and (3,2) are on edges; the open segment between is outside.
		{"grazing reflex notch", lShape, Seg(Pt(2, 3), Pt(3, 2)), ivs(0, 0, 1, 1), false},
		// Along the reflex edges y=2 from x=5 to x=-1: boundary 4..2
		// (t=1/6..1/2), then interior 2..0 (t=1/2..5/6).
		{"along reflex edge", lShape, Seg(Pt(5, 2), Pt(-1, 2)), ivs(1.0/6, 5.0/6), true},
		// Holed: x from -1 to 11 over 12: [0,4] → t 1/12..5/12, [6,10] → 7/12..11/12.
		{"hole", holed, Seg(Pt(-1, 5), Pt(11, 5)), ivs(1.0/12, 5.0/12, 7.0/12, 11.0/12), true},
		{"hole edge", holed, Seg(Pt(-1, 4), Pt(11, 4)), ivs(1.0/12, 11.0/12), true},
		{"within hole", holed, Seg(Pt(4.5, 5), Pt(5.5, 5)), nil, false},
		{"point", holed, Seg(Pt(3, 3), Pt(3, 3)), ivs(0, 1), true},
	}
	for _, tt := range tests {
		got := tt.p.SegmentInside(tt.s, nil)
		if !ivsClose(got, tt.want) {
			t.Errorf("%s: SegmentInside(%v) = %v, want %v", tt.name, tt.s, got, tt.want)
		}
		if got := tt.p.SegmentCrossesInterior(tt.s); got != tt.interior {
			t.Errorf("%s: SegmentCrossesInterior(%v) = %v, want %v", tt.name, tt.s, got, tt.interior)
		}
		// The reversed segment gives the mirrored intervals.
		rev := tt.p.SegmentInside(tt.s.Reversed(), nil)
		var mirrored []r1.Interval
		for i := len(rev) - 1; i >= 0; i-- {
			mirrored = append(mirrored, r1.Interval{Lo: 1 - rev[i].Hi, Hi: 1 - rev[i].Lo})
		}
		if !ivsClose(mirrored, tt.want) {
			t.Errorf("%s: reversed SegmentInside = %v, want mirror of %v", tt.name, rev, tt.want)
		}
	}
}

// randomSimplePolygon returns a star-shaped polygon around c with n
// vertices on a coarse grid, optionally with a small hole at c.
func randomStarPolygon(rng *rand.Rand, n int, hole bool) Polygon {
	var r Ring
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * (float64(i) + 0.3*rng.Float64()) / float64(n)
		rad := 3 + 5*rng.Float64()
		r = append(r, Pt(math.Round(rad*math.Cos(a)*4)/4, math.Round(rad*math.Sin(a)*4)/4))
	}
	p := Polygon{Outer: r}
	if hole {
		p.Holes = []Ring{{Pt(-1, -1), Pt(-1, 1), Pt(1, 1), Pt(1, -1)}}
	}
	return p
}

// TestSegmentInsideSampled compares SegmentInside and
// SegmentCrossesInterior with exact point location at sample points.
func TestSegmentInsideSampled(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for iter := 0; iter < 1500; iter++ {
		p := randomStarPolygon(rng, 5+rng.IntN(10), rng.IntN(2) == 0)
		if p.Validate() != nil {
			continue
		}
		checked++
		var s Segment
		if rng.IntN(3) == 0 {
			// Through two vertices: exercises vertex and edge cases.
			s = Seg(p.Outer[rng.IntN(len(p.Outer))], p.Outer[rng.IntN(len(p.Outer))])
		} else {
			g := func() float64 { return math.Round((rng.Float64()*20-10)*4) / 4 }
			s = Seg(Pt(g(), g()), Pt(g(), g()))
		}
		got := p.SegmentInside(s, nil)
		if !slices.IsSortedFunc(got, func(a, b r1.Interval) int { return cmpSign(a.Lo, b.Lo) }) {
			t.Fatalf("unsorted %v", got)
		}
		anyInside := false
		for k := 0; k <= 200; k++ {
			tt := float64(k) / 200
			q := s.At(tt)
			loc := p.Locate(q)
			if loc == Inside && boundaryDist(p, q) > 1e-9 {
				anyInside = true
			}
			near := false
			in := false
			for _, iv := range got {
				if tt >= iv.Lo-1e-9 && tt <= iv.Hi+1e-9 {
					in = true
				}
				if math.Abs(tt-iv.Lo) < 1e-9 || math.Abs(tt-iv.Hi) < 1e-9 {
					near = true
				}
			}
			if near {
				continue
			}
			if in != (loc != Outside) && boundaryDist(p, q) > 1e-9 {
				t.Fatalf("%v: SegmentInside(%v) = %v, but At(%v) = %v is %v", p, s, got, tt, q, loc)
			}
		}
		if anyInside && !p.SegmentCrossesInterior(s) {
			t.Fatalf("%v: SegmentCrossesInterior(%v) = false, but a sample is Inside", p, s)
		}
	}
	if checked < 500 {
		t.Fatalf("only %d valid random polygons", checked)
	}
}

func TestSegmentInsideNoAlloc(t *testing.T) {
	dst := make([]r1.Interval, 0, 8)
	s := Seg(Pt(-1, 5), Pt(11, 5))
	n := testing.AllocsPerRun(100, func() { dst = holed.SegmentInside(s, dst[:0]) })
	if n != 0 {
		t.Errorf("SegmentInside allocates %v times", n)
	}
}

// boundaryDist returns the distance from q to the nearest edge of p.
func boundaryDist(p Polygon, q Point) float64 {
	best := math.Inf(1)
	for _, r := range append([]Ring{p.Outer}, p.Holes...) {
		for i := range r {
			e := r.Edge(i)
			d := e.B.Sub(e.A)
			u := math.Max(0, math.Min(1, q.Sub(e.A).Dot(d)/d.Dot(d)))
			best = math.Min(best, e.At(u).Sub(q).Norm())
		}
	}
	return best
}
