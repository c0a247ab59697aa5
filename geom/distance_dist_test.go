package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/s1"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func nearPt(a, b Point, tol float64) bool { return near(a.X, b.X, tol) && near(a.Y, b.Y, tol) }

func TestDistPointSegment(t *testing.T) {
	s := Seg(Pt(0, 0), Pt(4, 0))
	tests := []struct {
		p     Point
		s     Segment
		want  float64
		wantQ Point
	}{
		{Pt(2, 3), s, 3, Pt(2, 0)},                                               // perpendicular foot inside
		{Pt(-3, 4), s, 5, Pt(0, 0)},                                              // beyond A: 3-4-5
		{Pt(7, -4), s, 5, Pt(4, 0)},                                              // beyond B: 3-4-5
		{Pt(1, 0), s, 0, Pt(1, 0)},                                               // on the segment
		{Pt(4, 0), s, 0, Pt(4, 0)},                                               // on an endpoint
		{Pt(6, 0), s, 2, Pt(4, 0)},                                               // collinear beyond
		{Pt(1, 1), Seg(Pt(2, 2), Pt(2, 2)), math.Sqrt2, Pt(2, 2)},                // degenerate segment
		{Pt(0.5, 0.5), Seg(Pt(0, 0), Pt(1, 1)), 0, Pt(0.5, 0.5)},                 // on a diagonal: exact 0
		{Pt(1e6+2, 1e6+3), Seg(Pt(1e6, 1e6), Pt(1e6+4, 1e6)), 3, Pt(1e6+2, 1e6)}, // large coordinates
	}
	for _, tc := range tests {
		d, q := DistPointSegment(tc.p, tc.s)
		if !near(d, tc.want, 1e-12*math.Max(1, tc.want)) || !nearPt(q, tc.wantQ, 1e-9) {
			t.Errorf("DistPointSegment(%v, %v) = %v, %v, want %v, %v", tc.p, tc.s, d, q, tc.want, tc.wantQ)
		}
		if (d == 0) != (tc.want == 0) {
			t.Errorf("DistPointSegment(%v, %v) = %v, zero-ness differs from %v", tc.p, tc.s, d, tc.want)
		}
	}
	// 1e-12 off the line y = x near (0.5, 0.5): tiny but positive. The
	// distance from (0.5, 0.5+1e-12) to y=x is 1e-12/sqrt2.
	p := Pt(0.5, 0.5+1e-12)
	d, _ := DistPointSegment(p, Seg(Pt(0, 0), Pt(1, 1)))
	if d <= 0 || !near(d, 1e-12/math.Sqrt2, 1e-16) {
		t.Errorf("nearly collinear: DistPointSegment = %v, want %v", d, 1e-12/math.Sqrt2)
	}
}

func TestDistSegments(t *testing.T) {
	tests := []struct {
		name   string
		s, t   Segment
		want   float64
		pa, pb Point
	}{
		// parallel horizontal segments 2 apart, overlapping in x: the first
		// endpoint tried that achieves 2 wins (s.A=(0,0) -> t at (0,2)? no,
		// t spans x 1..5, so s.B=(3,0) -> (3,2) and t.A=(1,2) -> (1,0) both
		// give 2; we only check the distance and that the points are 2 apart).
		{"parallel", Seg(Pt(0, 0), Pt(3, 0)), Seg(Pt(1, 2), Pt(5, 2)), 2, Point{}, Point{}},
		{"crossing", Seg(Pt(0, 0), Pt(2, 2)), Seg(Pt(0, 2), Pt(2, 0)), 0, Pt(1, 1), Pt(1, 1)},
		{"T touching", Seg(Pt(0, 0), Pt(4, 0)), Seg(Pt(2, 0), Pt(2, 3)), 0, Pt(2, 0), Pt(2, 0)},
		{"end to end", Seg(Pt(0, 0), Pt(1, 1)), Seg(Pt(1, 1), Pt(3, 0)), 0, Pt(1, 1), Pt(1, 1)},
		// collinear, gap from x=2 to x=5
		{"collinear disjoint", Seg(Pt(0, 0), Pt(2, 0)), Seg(Pt(5, 0), Pt(9, 0)), 3, Pt(2, 0), Pt(5, 0)},
		{"collinear overlap", Seg(Pt(0, 0), Pt(4, 0)), Seg(Pt(2, 0), Pt(9, 0)), 0, Pt(2, 0), Pt(2, 0)},
		// endpoint (2,1) above the middle of the other: distance 1
		{"T gap", Seg(Pt(0, 0), Pt(4, 0)), Seg(Pt(2, 1), Pt(2, 5)), 1, Pt(2, 0), Pt(2, 1)},
		// skew: t.A=(3,4) nearest to s.B=(0,0)? s is (-5,0)-(0,0); t.A dist 5
		{"skew", Seg(Pt(-5, 0), Pt(0, 0)), Seg(Pt(3, 4), Pt(10, 10)), 5, Pt(0, 0), Pt(3, 4)},
		{"large", Seg(Pt(1e7, 1e7), Pt(1e7+1, 1e7)), Seg(Pt(1e7, 1e7+2), Pt(1e7+1, 1e7+2)), 2, Point{}, Point{}},
		{"point point", Seg(Pt(1, 1), Pt(1, 1)), Seg(Pt(4, 5), Pt(4, 5)), 5, Pt(1, 1), Pt(4, 5)},
	}
	for _, tc := range tests {
		for _, swap := range []bool{false, true} {
			s, u := tc.s, tc.t
			if swap {
				s, u = u, s
			}
			d, pa, pb := DistSegments(s, u)
			if !near(d, tc.want, 1e-9) || !near(pa.Sub(pb).Norm(), d, 1e-9) {
				t.Errorf("%s: DistSegments(%v, %v) = %v, %v, %v, want %v", tc.name, s, u, d, pa, pb, tc.want)
			}
			if (d == 0) != (tc.want == 0) {
				t.Errorf("%s: DistSegments = %v, zero-ness wrong", tc.name, d)
			}
			if tc.pa != (Point{}) || tc.pb != (Point{}) {
				wa, wb := tc.pa, tc.pb
				if swap {
					wa, wb = wb, wa
				}
				if !nearPt(pa, wa, 1e-9) || !nearPt(pb, wb, 1e-9) {
					t.Errorf("%s: DistSegments(%v, %v) points = %v, %v, want %v, %v", tc.name, s, u, pa, pb, wa, wb)
				}
			}
		}
	}
	// Nearly collinear, 1e-12 apart: positive and ~1e-12.
	d, _, _ := DistSegments(Seg(Pt(0, 0), Pt(1, 0)), Seg(Pt(2, 1e-12), Pt(3, 1e-12)))
	if !near(d, 1, 1e-12) {
		t.Errorf("nearly collinear: %v, want 1", d)
	}
	d, _, _ = DistSegments(Seg(Pt(0, 0), Pt(1, 0)), Seg(Pt(0.5, 1e-12), Pt(3, 1e-12)))
	if d <= 0 || !near(d, 1e-12, 1e-20) {
		t.Errorf("parallel 1e-12 apart: %v, want 1e-12", d)
	}
}

func square(x0, y0, s float64) Polygon {
	return Polygon{Outer: Ring{Pt(x0, y0), Pt(x0+s, y0), Pt(x0+s, y0+s), Pt(x0, y0+s)}}
}

func TestDistPointPolygon(t *testing.T) {
	donut := Polygon{Outer: square(0, 0, 10).Outer, Holes: []Ring{{Pt(3, 3), Pt(3, 7), Pt(7, 7), Pt(7, 3)}}}
	tests := []struct {
		p     Point
		poly  Polygon
		want  float64
		wantQ Point
	}{
		{Pt(1, 1), donut, 0, Pt(1, 1)},     // inside the ring of the donut
		{Pt(0, 5), donut, 0, Pt(0, 5)},     // on the outer boundary
		{Pt(3, 5), donut, 0, Pt(3, 5)},     // on the hole boundary
		{Pt(5, 4), donut, 1, Pt(5, 3)},     // in the hole: 1 above its bottom edge y=3
		{Pt(13, 14), donut, 5, Pt(10, 10)}, // beyond the corner: 3-4-5
		{Pt(-2, 5), donut, 2, Pt(0, 5)},
		{Pt(1, 1), Polygon{}, math.Inf(1), Pt(1, 1)},
	}
	for _, tc := range tests {
		d, q := DistPointPolygon(tc.p, tc.poly)
		if d != tc.want && !near(d, tc.want, 1e-12) || !nearPt(q, tc.wantQ, 1e-12) {
			t.Errorf("DistPointPolygon(%v, %v) = %v, %v, want %v, %v", tc.p, tc.poly, d, q, tc.want, tc.wantQ)
		}
	}
	// DistPointRing ignores enclosure: (5,4) in the hole is 4 from the outer ring... its
	// nearest outer-ring point is (5,0)? no: distances to x=0,10,y=0,10 are 5,5,4,6 -> 4.
	if d, q := DistPointRing(Pt(5, 4), donut.Outer); d != 4 || q != Pt(5, 0) {
		t.Errorf("DistPointRing = %v, %v, want 4, (5,0)", d, q)
	}
}

func TestDistPolygons(t *testing.T) {
	donut := Polygon{Outer: square(0, 0, 10).Outer, Holes: []Ring{{Pt(3, 3), Pt(3, 7), Pt(7, 7), Pt(7, 3)}}}
	tests := []struct {
		name string
		a, b Polygon
		want float64
	}{
		{"apart", square(0, 0, 1), square(3, 0, 1), 2},           // x gap 1..3
		{"diagonal", square(0, 0, 1), square(4, 5, 1), 5},        // (1,1)->(4,5): 3-4-5
		{"touching edge", square(0, 0, 1), square(1, 0, 1), 0},   // share x=1
		{"touching corner", square(0, 0, 1), square(1, 1, 1), 0}, // share (1,1)
		{"overlap", square(0, 0, 2), square(1, 1, 2), 0},
		{"inside", square(0, 0, 10), square(2, 2, 1), 0}, // contained, no edge contact
		{"contains", square(2, 2, 1), square(0, 0, 10), 0},
		{"in hole", donut, square(4, 4, 1), 1}, // 4..5 inside hole 3..7
		{"on hole edge", donut, square(3, 4, 1), 0},
		{"in hole of b", square(4, 4, 2), donut, 1},
	}
	for _, tc := range tests {
		d, pa, pb := DistPolygons(tc.a, tc.b)
		if !near(d, tc.want, 1e-12) || !near(pa.Sub(pb).Norm(), d, 1e-12) {
			t.Errorf("%s: DistPolygons = %v, %v, %v, want %v", tc.name, d, pa, pb, tc.want)
		}
		if (d == 0) != (tc.want == 0) {
			t.Errorf("%s: zero-ness wrong: %v", tc.name, d)
		}
		if tc.a.Locate(pa) == Outside || tc.b.Locate(pb) == Outside {
			t.Errorf("%s: closest points %v, %v not in their polygons", tc.name, pa, pb)
		}
	}
}

// bruteEllipse returns the distance from p to the filled ellipse by a dense
// parametric search of the boundary refined by golden-section steps.
func bruteEllipse(p Point, e Ellipse) (float64, Point) {
	if e.Locate(p) != Outside {
		return 0, p
	}
	const n = 20000
	best, bt := math.Inf(1), 0.0
	for i := range n {
		th := 2 * math.Pi * float64(i) / n
		if d := p.Sub(e.PointAt(s1.Angle(th))).Norm(); d < best {
			best, bt = d, th
		}
	}
	lo, hi := bt-2*math.Pi/n, bt+2*math.Pi/n
	f := func(th float64) float64 { return p.Sub(e.PointAt(s1.Angle(th))).Norm() }
	for range 200 {
		m1, m2 := lo+(hi-lo)*0.382, lo+(hi-lo)*0.618
		if f(m1) < f(m2) {
			hi = m2
		} else {
			lo = m1
		}
	}
	th := (lo + hi) / 2
	return f(th), e.PointAt(s1.Angle(th))
}

func TestDistPointEllipseTable(t *testing.T) {
	e := Ellipse{Center: Pt(1, 1), A: 3, B: 2}
	tests := []struct {
		p     Point
		e     Ellipse
		want  float64
		wantQ Point
	}{
		{Pt(1, 1), e, 0, Pt(1, 1)}, // centre
		{Pt(4, 1), e, 0, Pt(4, 1)}, // vertex on the boundary
		{Pt(9, 1), e, 5, Pt(4, 1)}, // on the major axis, 8-3
		{Pt(1, 7), e, 4, Pt(1, 3)}, // on the minor axis, 6-2
		{Pt(5, 4), Ellipse{Center: Pt(1, 1), A: 2, B: 2}, 3, Pt(2.6, 2.2)},                  // circle: |(4,3)|=5, minus 2; q = c+(4,3)*2/5
		{Pt(10, 1), Ellipse{Center: Pt(1, 1), A: 2, B: 3, Angle: math.Pi / 2}, 6, Pt(4, 1)}, // rotated: A axis vertical, B=3 horizontal: 9-3
		{Pt(5, 3), Ellipse{A: 4, B: 0}, 3, Pt(4, 0)},                                        // flat: segment [-4,4], from (5,3) nearest (4,0): 1,3 -> sqrt10? see below
	}
	tests[len(tests)-1].want = math.Sqrt(10) // (5-4)^2 + 3^2 = 10
	for _, tc := range tests {
		d, q := DistPointEllipse(tc.p, tc.e)
		if !near(d, tc.want, 1e-12) || !nearPt(q, tc.wantQ, 1e-12) {
			t.Errorf("DistPointEllipse(%v, %+v) = %v, %v, want %v, %v", tc.p, tc.e, d, q, tc.want, tc.wantQ)
		}
	}
}

func TestDistPointEllipseBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		e := Ellipse{
			Center: Pt(rng.Float64()*20-10, rng.Float64()*20-10),
			A:      0.05 + rng.Float64()*6,
			B:      0.05 + rng.Float64()*6,
			Angle:  s1.Angle(rng.Float64() * 2 * math.Pi),
		}
		if i%10 == 0 {
			e.B = e.A * 1e-3 // very flat
		}
		p := Pt(rng.Float64()*40-20, rng.Float64()*40-20)
		d, q := DistPointEllipse(p, e)
		bd, bq := bruteEllipse(p, e)
		if !near(d, bd, 1e-9) || !nearPt(q, bq, 1e-6) {
			t.Fatalf("DistPointEllipse(%v, %+v) = %v, %v; brute force %v, %v", p, e, d, q, bd, bq)
		}
		// The closest point must lie on the ellipse and be at distance d.
		if d > 0 {
			if !near(p.Sub(q).Norm(), d, 1e-12*(1+d)) {
				t.Fatalf("|p-q| = %v, d = %v", p.Sub(q).Norm(), d)
			}
			l := e.local(q)
			if v := (l.X/e.A)*(l.X/e.A) + (l.Y/e.B)*(l.Y/e.B); !near(v, 1, 1e-9) {
				t.Fatalf("closest point %v off the ellipse: %v", q, v)
			}
		}
	}
}

// bruteConvex is the distance between two convex shapes by dense boundary
// sampling of both (each shape given as a parametric boundary).
func bruteConvexDist(fa, fb func(float64) Point, n int) float64 {
	best := math.Inf(1)
	pa := make([]Point, n)
	pb := make([]Point, n)
	for i := range n {
		th := 2 * math.Pi * float64(i) / float64(n)
		pa[i], pb[i] = fa(th), fb(th)
	}
	// coarse then local refine by alternating point-to-shape minimisation
	bi, bj := 0, 0
	for i := range n {
		for j := range n {
			if d := pa[i].Sub(pb[j]).Norm(); d < best {
				best, bi, bj = d, i, j
			}
		}
	}
	ta, tb := 2*math.Pi*float64(bi)/float64(n), 2*math.Pi*float64(bj)/float64(n)
	step := 2 * math.Pi / float64(n)
	for range 200 {
		improved := false
		for _, da := range []float64{-step, 0, step} {
			for _, db := range []float64{-step, 0, step} {
				if d := fa(ta + da).Sub(fb(tb + db)).Norm(); d < best {
					best, ta, tb, improved = d, ta+da, tb+db, true
				}
			}
		}
		if !improved {
			step /= 2
		}
	}
	return best
}

func TestDistConvexEllipses(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 60 {
		ea := Ellipse{Center: Pt(rng.Float64()*4, rng.Float64()*4), A: 0.5 + rng.Float64()*3, B: 0.2 + rng.Float64()*2, Angle: s1.Angle(rng.Float64() * 6)}
		eb := Ellipse{Center: Pt(8+rng.Float64()*4, rng.Float64()*8), A: 0.5 + rng.Float64()*3, B: 0.2 + rng.Float64()*2, Angle: s1.Angle(rng.Float64() * 6)}
		d, pa, pb := DistConvex(ea, eb)
		bd := bruteConvexDist(func(t float64) Point { return ea.PointAt(s1.Angle(t)) }, func(t float64) Point { return eb.PointAt(s1.Angle(t)) }, 400)
		if bd == 0 {
			continue
		}
		if !near(d, bd, 1e-9) || !near(pa.Sub(pb).Norm(), d, 1e-9) {
			t.Errorf("DistConvex(%+v, %+v) = %v (%v, %v), brute %v, diff %g", ea, eb, d, pa, pb, bd, d-bd)
		}
		// ellipse vs oriented rectangle
		r := OrientedRect{Center: eb.Center, Length: 2 * eb.A, Width: 2 * eb.B, Angle: eb.Angle}
		d2, _, _ := DistConvex(ea, r)
		c := r.Corners()
		rectAt := func(t float64) Point { // perimeter parametrised by t in [0, 2pi)
			u := math.Mod(t/(2*math.Pi)*4, 4)
			if u < 0 {
				u += 4
			}
			i := int(u) % 4
			f := u - float64(int(u))
			return c[i].Add(c[(i+1)%4].Sub(c[i]).Mul(f))
		}
		bd2 := bruteConvexDist(func(t float64) Point { return ea.PointAt(s1.Angle(t)) }, rectAt, 400)
		if bd2 > 0 && !near(d2, bd2, 1e-9) {
			t.Errorf("DistConvex(%+v, %+v) = %v, brute %v, diff %g", ea, r, d2, bd2, d2-bd2)
		}
	}
}

func TestDistConvexTable(t *testing.T) {
	c1 := Circle{Center: Pt(0, 0), Radius: 1}
	tests := []struct {
		name string
		a, b Convex
		want float64
	}{
		{"circles", c1, Circle{Center: Pt(5, 0), Radius: 2}, 2},                     // 5-1-2
		{"circles touching", c1, Circle{Center: Pt(3, 0), Radius: 2}, 0},            // 3-1-2
		{"circle rect", c1, OrientedRect{Center: Pt(5, 0), Length: 2, Width: 2}, 3}, // rect x>=4: 4-1
		{"rect circle", OrientedRect{Center: Pt(5, 0), Length: 2, Width: 2}, c1, 3},
		{"circle rect corner", c1, OrientedRect{Center: Pt(4, 5), Length: 2, Width: 2}, 4}, // corner (3,4): 5-1
		{"rects", OrientedRect{Center: Pt(0, 0), Length: 2, Width: 2}, OrientedRect{Center: Pt(5, 0), Length: 2, Width: 2, Angle: math.Pi / 4}, 4 - math.Sqrt2},
		{"rects touching", OrientedRect{Length: 2, Width: 2}, OrientedRect{Center: Pt(2, 0), Length: 2, Width: 2}, 0},
		{"circle poly", c1, ConvexPolygon{Pt(3, -1), Pt(6, -1), Pt(6, 1), Pt(3, 1)}, 2},
		{"circle inside poly", c1, ConvexPolygon{Pt(-5, -5), Pt(5, -5), Pt(5, 5), Pt(-5, 5)}, 0},
		{"circle ellipse", c1, Ellipse{Center: Pt(10, 0), A: 3, B: 1}, 6},                             // 10-3-1
		{"ellipse ellipse axis", Ellipse{A: 2, B: 1}, Ellipse{Center: Pt(0, 10), A: 3, B: 2}, 7},      // 10-1-2
		{"ellipse rect", Ellipse{A: 2, B: 1}, OrientedRect{Center: Pt(6, 0), Length: 2, Width: 8}, 3}, // 5-2
		{"ellipse overlap", Ellipse{A: 2, B: 1}, Ellipse{Center: Pt(1, 0), A: 2, B: 1, Angle: 1}, 0},
	}
	for _, tc := range tests {
		d, pa, pb := DistConvex(tc.a, tc.b)
		if !near(d, tc.want, 1e-9) || !near(pa.Sub(pb).Norm(), d, 1e-9) {
			t.Errorf("%s: DistConvex = %v, %v, %v, want %v", tc.name, d, pa, pb, tc.want)
		}
		if (d == 0) != (tc.want == 0) {
			t.Errorf("%s: zero-ness wrong: %v", tc.name, d)
		}
		ds, _, _ := DistShapes(tc.a, tc.b)
		if ds != d {
			t.Errorf("%s: DistShapes = %v, DistConvex = %v", tc.name, ds, d)
		}
	}
}

func TestDistShapesPolygon(t *testing.T) {
	l := Polygon{Outer: Ring{Pt(0, 0), Pt(6, 0), Pt(6, 2), Pt(2, 2), Pt(2, 6), Pt(0, 6)}}
	tests := []struct {
		name string
		b    Shape
		want float64
	}{
		{"circle in notch", Circle{Center: Pt(5, 5), Radius: 1}, 2},    // edges x=2 and y=2 are both 3 away; minus radius 1
		{"ellipse in notch", Ellipse{Center: Pt(5, 5), A: 2, B: 1}, 1}, // A along x: reaches x=3 -> 1 from x=2; y: 4 -> 2 from y=2; min 1
		{"ellipse overlapping", Ellipse{Center: Pt(3, 3), A: 2, B: 0.5}, 0},
		{"rect", OrientedRect{Center: Pt(4, 5), Length: 2, Width: 2}, 1}, // x from 3: 1 from x=2
		{"polygon", square(10, 0, 1), 4},
	}
	for _, tc := range tests {
		d, pa, pb := DistShapes(l, tc.b)
		if !near(d, tc.want, 1e-9) || !near(pa.Sub(pb).Norm(), d, 1e-9) {
			t.Errorf("%s: DistShapes = %v (%v, %v), want %v", tc.name, d, pa, pb, tc.want)
		}
		d2, qa, qb := DistShapes(tc.b, l)
		if !near(d2, d, 1e-12) || !nearPt(qa, pb, 1e-9) || !nearPt(qb, pa, 1e-9) {
			t.Errorf("%s: DistShapes swapped = %v, want %v", tc.name, d2, d)
		}
	}
}

// TestDistPointSegmentExtremeScales checks segments whose squared length
// overflows or underflows float64: the distance is to the segment, not to
// its end A (each expectation worked out by hand; all values are exact in
// binary except the last digits of the huge and tiny decimals, which the
// relative tolerance covers).
func TestDistPointSegmentExtremeScales(t *testing.T) {
	for _, c := range []struct {
		name  string
		p     Point
		s     Segment
		want  float64
		wantQ Point
	}{
		// |B−A|² = 4e600 overflows; the foot is the origin
		{"huge, foot inside", Pt(0, 5e299), Seg(Pt(-1e300, 0), Pt(1e300, 0)), 5e299, Pt(0, 0)},
		// beyond B: the distance to B
		{"huge, beyond B", Pt(3e300, 4e300), Seg(Pt(-1e300, 0), Pt(0, 0)), 5e300, Pt(0, 0)},
		// B − A itself overflows (1.5e308 − (−1.5e308))
		{"difference overflows", Pt(0, 1e308), Seg(Pt(-1.5e308, 0), Pt(1.5e308, 0)), 1e308, Pt(0, 0)},
		// |B−A|² = 4e-600 underflows to 0
		{"tiny, foot inside", Pt(0, 5e-301), Seg(Pt(-1e-300, 0), Pt(1e-300, 0)), 5e-301, Pt(0, 0)},
		// subnormal coordinates: 3-4-5 in units of 2^-1070
		{"subnormal", Pt(0x1p-1070, 0x1p-1068), Seg(Pt(-0x1p-1068, 0), Pt(0x1p-1068, 0)), 0x1p-1068, Pt(0x1p-1070, 0)},
		// on the segment: exactly 0 at every scale
		{"huge, on it", Pt(0.5e300, 0), Seg(Pt(-1e300, 0), Pt(1e300, 0)), 0, Pt(0.5e300, 0)},
	} {
		got, q := DistPointSegment(c.p, c.s)
		if math.Abs(got-c.want) > 1e-12*c.want || math.Abs(q.X-c.wantQ.X) > 1e-12*math.Abs(c.want) || math.Abs(q.Y-c.wantQ.Y) > 1e-12*math.Abs(c.want) {
			t.Errorf("%s: DistPointSegment(%v, %v) = %v at %v, want %v at %v", c.name, c.p, c.s, got, q, c.want, c.wantQ)
		}
	}
}
