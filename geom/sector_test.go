package geom

import (
	"math"
	"testing"
)

func TestOrientDir(t *testing.T) {
	tests := []struct {
		a, d, p Point
		want    int
	}{
		{Pt(0, 0), Pt(1, 1), Pt(5, 5), 0},
		{Pt(0, 0), Pt(1, 1), Pt(5, 5+1e-13), 1},
		{Pt(0, 0), Pt(1, 1), Pt(5+1e-13, 5), -1},
		{Pt(10, 10), Pt(1, 1), Pt(15, 15), 0},
		// In binary, 0.3-0.1 = 0.19999999999999998335 and 2·(0.2-0.1) =
		// 0.20000000000000001110: the point is just right of the line.
		{Pt(0.1, 0.1), Pt(1, 2), Pt(0.2, 0.3), -1},
		{Pt(0, 0), Pt(0, 0), Pt(1, 1), 0},
		{Pt(0, 0), Pt(1, 0), Pt(math.NaN(), 1), 0},
		// 1e300·1e-300 - 1·(-2e300) > 0, far beyond the expansion's range.
		{Pt(1e300, 0), Pt(1e300, 1), Pt(-1e300, 1e-300), 1},
		{Pt(1e300, 0), Pt(-1e300, 0), Pt(-1e300, 0), 0},
		{Pt(0, 0), Pt(1e-200, 1e-200), Pt(1e-200, 1e-200+1e-215), 1},
	}
	for _, tc := range tests {
		if got := OrientDir(tc.a, tc.d, tc.p); got != tc.want {
			t.Errorf("OrientDir(%v, %v, %v) = %d, want %d", tc.a, tc.d, tc.p, got, tc.want)
		}
	}
	// Differential check against Orient where a+d is exact.
	for i := range 200 {
		a := Pt(float64(i%7)-3, float64(i%5)-2)
		d := Pt(float64(i%11)-5, float64(i%13)-6)
		p := Pt(float64(i%17)/4-2, float64(i%19)/8-1)
		if got, want := OrientDir(a, d, p), Orient(a, a.Add(d), p); got != want {
			t.Errorf("OrientDir(%v, %v, %v) = %d, Orient = %d", a, d, p, got, want)
		}
	}
}

func TestSectorLocate(t *testing.T) {
	o := Pt(10, 10)
	front := WedgeSector(o, Pt(1, -1), Pt(1, 1))      // 90° about +x
	reflex := WedgeSector(o, Pt(1, 1), Pt(1, -1))     // the other 270°
	half := WedgeSector(o, Pt(0, -1), Pt(0, 1))       // x >= 10
	ray := WedgeSector(o, Pt(2, 0), Pt(1, 0))         // y = 10, x >= 10
	corr := CorridorSector(Pt(11, 10), Pt(1, 0), 0.5) // x >= 11, |y-10| <= 0.5
	above := HalfPlaneSector(Pt(0, 9.5), Pt(1, 0))    // y >= 9.5
	tests := []struct {
		name string
		s    Sector
		p    Point
		want Location
	}{
		{"front ahead", front, Pt(20, 10), Inside},
		{"front on left ray", front, Pt(15, 15), OnBoundary},
		{"front on right ray", front, Pt(15, 5), OnBoundary},
		{"front apex", front, o, OnBoundary},
		{"front 1e-13 past left ray", front, Pt(15, 15+1e-13), Outside},
		{"front 1e-13 inside left ray", front, Pt(15, 15-1e-13), Inside},
		{"front behind apex on ray line", front, Pt(5, 5), Outside},
		{"front behind", front, Pt(0, 10), Outside},
		{"reflex behind (wraps through 180°)", reflex, Pt(0, 10), Inside},
		{"reflex abeam", reflex, Pt(10, 20), Inside},
		{"reflex on ray", reflex, Pt(15, 15), OnBoundary},
		{"reflex 1e-13 past ray into front", reflex, Pt(15, 15-1e-13), Outside},
		{"reflex ahead", reflex, Pt(20, 10), Outside},
		{"reflex behind apex on ray line", reflex, Pt(5, 5), Inside},
		{"half ahead", half, Pt(10+1e-13, -100), Inside},
		{"half on line", half, Pt(10, -100), OnBoundary},
		{"half behind", half, Pt(10-1e-13, 100), Outside},
		{"ray on", ray, Pt(30, 10), OnBoundary},
		{"ray behind", ray, Pt(9, 10), Outside},
		{"ray off", ray, Pt(30, 10+1e-13), Outside},
		{"corridor inside", corr, Pt(20, 10.4), Inside},
		{"corridor side", corr, Pt(20, 10.5), OnBoundary},
		{"corridor outside", corr, Pt(20, 10.6), Outside},
		{"corridor start line", corr, Pt(11, 10), OnBoundary},
		{"corridor before start", corr, Pt(11-1e-13, 10), Outside},
		{"intersection inside", mustIntersect(t, front, above), Pt(20, 10.4), Inside},
		{"intersection on the added line", mustIntersect(t, front, above), Pt(20, 9.5), OnBoundary},
		{"intersection outside", mustIntersect(t, front, above), Pt(20, 9), Outside},
		{"full", FullSector(), Pt(-1e9, 3), Inside},
		{"empty", EmptySector(), o, Outside},
		{"zero value", Sector{}, o, Outside},
		{"zero direction", WedgeSector(o, Pt(0, 0), Pt(1, 0)), o, Outside},
		{"NaN point", front, Pt(math.NaN(), 10), Outside},
	}
	for _, tc := range tests {
		if got := tc.s.Locate(tc.p); got != tc.want {
			t.Errorf("%s: Locate(%v) = %v, want %v", tc.name, tc.p, got, tc.want)
		}
		if got := tc.s.Contains(tc.p); got != (tc.want != Outside) {
			t.Errorf("%s: Contains(%v) = %v", tc.name, tc.p, got)
		}
		if got := tc.s.InteriorContains(tc.p); got != (tc.want == Inside) {
			t.Errorf("%s: InteriorContains(%v) = %v", tc.name, tc.p, got)
		}
	}
}

func mustIntersect(t *testing.T, a, b Sector) Sector {
	t.Helper()
	s, ok := a.Intersect(b)
	if !ok {
		t.Fatalf("Intersect: not ok")
	}
	return s
}

func TestSectorIntersectLimits(t *testing.T) {
	o := Pt(0, 0)
	reflex := WedgeSector(o, Pt(1, 1), Pt(1, -1))
	if _, ok := reflex.Intersect(FullSector()); ok {
		t.Errorf("reflex Intersect: ok")
	}
	c := CorridorSector(o, Pt(1, 0), 1)
	if _, ok := c.Intersect(WedgeSector(o, Pt(1, -1), Pt(1, 1))); ok {
		t.Errorf("five lines: ok")
	}
}

func TestSectorShapes(t *testing.T) {
	o := Pt(0, 0)
	front := WedgeSector(o, Pt(1, -1), Pt(1, 1))
	reflex := WedgeSector(o, Pt(1, 1), Pt(1, -1))
	tests := []struct {
		name     string
		s        Sector
		c        Convex
		all, any Location
	}{
		{"disc well inside", front, Circle{Center: Pt(10, 0), Radius: 1}, Inside, Inside},
		{"disc across the ray", front, Circle{Center: Pt(10, 10), Radius: 1}, Outside, Inside},
		{"square touching the ray", front, ConvexPolygon{Pt(5, 5), Pt(6, 5), Pt(6, 6)}, OnBoundary, Inside},
		{"square touching from outside", front, ConvexPolygon{Pt(5, 5), Pt(5, 6), Pt(4, 6)}, Outside, OnBoundary},
		{"disc behind", front, Circle{Center: Pt(-10, 0), Radius: 1}, Outside, Outside},
		{"reflex: disc behind", reflex, Circle{Center: Pt(-10, 0), Radius: 1}, Inside, Inside},
		{"reflex: disc ahead", reflex, Circle{Center: Pt(10, 0), Radius: 1}, Outside, Outside},
		{"reflex: disc across", reflex, Circle{Center: Pt(10, 10), Radius: 1}, Outside, Inside},
	}
	for _, tc := range tests {
		if got := tc.s.LocateAll(tc.c); got != tc.all {
			t.Errorf("%s: LocateAll = %v, want %v", tc.name, got, tc.all)
		}
		if got := tc.s.LocateAny(tc.c); got != tc.any {
			t.Errorf("%s: LocateAny = %v, want %v", tc.name, got, tc.any)
		}
	}
}

func TestHeadingTurn(t *testing.T) {
	s := math.Sqrt2 / 2
	tests := []struct {
		deg  float64
		want Point
	}{{0, Pt(1, 0)}, {45, Pt(s, s)}, {90, Pt(0, 1)}, {-135, Pt(-s, -s)}, {360, Pt(1, 0)}, {405, Pt(s, s)}}
	for _, tc := range tests {
		if got := Heading(tc.deg); got != tc.want {
			t.Errorf("Heading(%v) = %v, want %v", tc.deg, got, tc.want)
		}
	}
	f := Pt(3, 4)
	turns := []struct {
		deg  float64
		want Point
	}{{0, Pt(3, 4)}, {45, Pt(-1, 7)}, {90, Pt(-4, 3)}, {-45, Pt(7, 1)}, {180, Pt(-3, -4)}, {225, Pt(1, -7)}}
	for _, tc := range turns {
		if got := Turn(f, tc.deg); got != tc.want {
			t.Errorf("Turn(%v, %v) = %v, want %v", f, tc.deg, got, tc.want)
		}
	}
	if got := Turn(Pt(1, 0), 30); math.Abs(got.X-math.Sqrt(3)/2) > 1e-15 || math.Abs(got.Y-0.5) > 1e-15 {
		t.Errorf("Turn((1,0), 30) = %v", got)
	}
}

// quadrantSectors returns front, left, rear and right wedges about apex
// for the forward direction f: rays at ±45° and ±135° built with Turn, each
// shared by the two wedges it separates.
func quadrantSectors(apex, f Point) [4]Sector {
	r := [4]Point{Turn(f, -45), Turn(f, 45), Turn(f, 135), Turn(f, 225)}
	return [4]Sector{WedgeSector(apex, r[0], r[1]), WedgeSector(apex, r[1], r[2]),
		WedgeSector(apex, r[2], r[3]), WedgeSector(apex, r[3], r[0])}
}

// rot90 turns p a quarter turn counter-clockwise about the origin, exactly.
func rot90(p Point) Point { return Pt(-p.Y, p.X) }

func FuzzSector(f *testing.F) {
	f.Add(10.0, 10.0, 1.0, 0.0, 15.0, 15.0, 0.5)
	f.Add(10.0, 10.0, 1.0, 0.0, 15.0, 15.0+1e-13, 0.5)
	f.Add(0.0, 0.0, 0.6, 0.8, -1.0, 7.0, 1.0)
	f.Add(-3.0, 2.0, -1.0, -1.0, -3.0, 2.0, 0.0)
	f.Add(0.1, 0.2, 0.3, -0.7, 100.0, -233.0, 2.5)
	f.Fuzz(func(t *testing.T, ax, ay, fx, fy, px, py, w float64) {
		for _, v := range []float64{ax, ay, fx, fy, px, py, w} {
			if math.IsNaN(v) || math.Abs(v) > 1e6 {
				return
			}
		}
		apex, fw, p := Pt(ax, ay), Pt(fx, fy), Pt(px, py)
		if fw.Norm() < 1e-6 {
			return
		}
		// Partition: the four quadrants are closed, cover the plane and
		// have disjoint interiors.
		q := quadrantSectors(apex, fw)
		inside, closed := 0, 0
		for _, s := range q {
			switch s.Locate(p) {
			case Inside:
				inside++
				closed++
			case OnBoundary:
				closed++
			}
		}
		if inside > 1 || closed == 0 || (inside == 1 && closed != 1) || (inside == 0 && closed < 2) {
			t.Fatalf("quadrants about %v facing %v at %v: %d interiors, %d closures", apex, fw, p, inside, closed)
		}
		// A wedge and its reflex complement share the boundary and split
		// the rest.
		wd, cw := WedgeSector(apex, Turn(fw, -45), Turn(fw, 45)), WedgeSector(apex, Turn(fw, 45), Turn(fw, -45))
		a, b := wd.Locate(p), cw.Locate(p)
		if (a == OnBoundary) != (b == OnBoundary) || (a == Inside) == (b == Inside) && a != OnBoundary {
			t.Fatalf("wedge %v and complement %v at %v", a, b, p)
		}
		// Rotation by quarter turns about the origin is exact and keeps
		// every location.
		cor := CorridorSector(apex, fw, math.Abs(w))
		ra, rf, rp := apex, fw, p
		for range 3 {
			ra, rf, rp = rot90(ra), rot90(rf), rot90(rp)
			rq := quadrantSectors(ra, rf)
			for i := range q {
				if got, want := rq[i].Locate(rp), q[i].Locate(p); got != want {
					t.Fatalf("quadrant %d rotated: %v, want %v", i, got, want)
				}
			}
			if got, want := CorridorSector(ra, rf, math.Abs(w)).Locate(rp), cor.Locate(p); got != want {
				t.Fatalf("corridor rotated: %v, want %v (apex %v dir %v w %v p %v)", got, want, apex, fw, w, p)
			}
		}
	})
}
