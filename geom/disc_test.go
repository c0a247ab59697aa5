package geom

import (
	"math"
	"testing"
)

func TestCircleSegmentCrossesInterior(t *testing.T) {
	tests := []struct {
		name string
		c    Circle
		s    Segment
		want bool
	}{
		// d = (40,-30), |d| = 50, C-A = (20,-10): cross = 40·(-10) - (-30)·20
		// = 200, distance 200/50 = 4 = r, foot at t = (800+300)/2500 = 0.44
		// (not a float): tangent, so only touching.
		{"tangent", Circle{Pt(30, 30), 4}, Seg(Pt(10, 40), Pt(50, 10)), false},
		// The same after a half turn about (32,32): (x,y) -> (64-x, 64-y).
		{"tangent half turn", Circle{Pt(34, 34), 4}, Seg(Pt(54, 24), Pt(14, 54)), false},
		// A quarter turn about (32,32): (x,y) -> (64-y, x).
		{"tangent quarter turn", Circle{Pt(34, 30), 4}, Seg(Pt(24, 10), Pt(54, 50)), false},
		{"tangent far off", Circle{Pt(30+1e6, 30-1e6), 4}, Seg(Pt(10+1e6, 40-1e6), Pt(50+1e6, 10-1e6)), false},
		// One ulp more radius than the distance 4: strictly inside.
		{"radius one ulp over", Circle{Pt(30, 30), math.Nextafter(4, 5)}, Seg(Pt(10, 40), Pt(50, 10)), true},
		{"radius one ulp under", Circle{Pt(30, 30), math.Nextafter(4, 3)}, Seg(Pt(10, 40), Pt(50, 10)), false},
		// Line y = 0, centre 1 above, r = 2: crosses; 3 above: misses.
		{"through", Circle{Pt(5, 1), 2}, Seg(Pt(0, 0), Pt(10, 0)), true},
		{"miss", Circle{Pt(5, 3), 2}, Seg(Pt(0, 0), Pt(10, 0)), false},
		// Ends on the circle from outside (B at distance 2), or 0.5 inside.
		{"ends on circle", Circle{Pt(5, 0), 2}, Seg(Pt(0, 0), Pt(3, 0)), false},
		{"ends inside", Circle{Pt(5, 0), 2}, Seg(Pt(0, 0), Pt(3.5, 0)), true},
		{"starts inside", Circle{Pt(5, 0), 2}, Seg(Pt(3.5, 0), Pt(0, 0)), true},
		// The line passes 1 from the centre, but the segment stops at
		// (1,0), sqrt(3²+1²) > 2 from it.
		{"line through, segment short", Circle{Pt(4, 1), 2}, Seg(Pt(0, 0), Pt(1, 0)), false},
		{"point inside", Circle{Pt(5, 0), 2}, Seg(Pt(5, 1), Pt(5, 1)), true},
		{"point on circle", Circle{Pt(5, 0), 2}, Seg(Pt(5, 2), Pt(5, 2)), false},
		{"zero radius", Circle{Pt(5, 0), 0}, Seg(Pt(0, 0), Pt(10, 0)), false},
		{"NaN", Circle{Pt(math.NaN(), 0), 2}, Seg(Pt(0, 0), Pt(10, 0)), false},
		{"Inf", Circle{Pt(5, 0), 2}, Seg(Pt(0, 0), Pt(math.Inf(1), 0)), false},
	}
	for _, tt := range tests {
		if got := tt.c.SegmentCrossesInterior(tt.s); got != tt.want {
			t.Errorf("%s: %v.SegmentCrossesInterior(%v) = %v, want %v", tt.name, tt.c, tt.s, got, tt.want)
		}
	}
}

// TestCircleSegmentCrossesInteriorRigid moves exact tangencies (3-4-5
// triangles, distance = radius) by quarter turns and 1/64 in shifts, all
// exact in float64: every copy only touches, and with the radius one ulp
// larger every copy crosses.
func TestCircleSegmentCrossesInteriorRigid(t *testing.T) {
	base := []struct {
		c Circle
		s Segment
	}{
		{Circle{Pt(30, 30), 4}, Seg(Pt(10, 40), Pt(50, 10))},
		// d = (8,-6), |d| = 10, C-A = (5,0): cross = 8·0 - (-6)·5 = 30,
		// distance 3 = r; foot at t = 40/100 = 0.4 (not a float).
		{Circle{Pt(2, 4), 3}, Seg(Pt(-3, 4), Pt(5, -2))},
	}
	turn := func(p Point, k int) Point {
		for range k {
			p = Pt(-p.Y, p.X)
		}
		return p
	}
	for i, b := range base {
		for k := range 4 {
			for _, sh := range []Point{Pt(0, 0), Pt(1.0/64, 0), Pt(-17.5, 33.25), Pt(100.015625, -7)} {
				mv := func(p Point) Point { return turn(p, k).Add(sh) }
				c := Circle{mv(b.c.Center), b.c.Radius}
				s := Seg(mv(b.s.A), mv(b.s.B))
				exact := discSegmentExact(c, s)
				if got := c.SegmentCrossesInterior(s); got {
					t.Errorf("case %d turn %d shift %v: a tangent segment crosses", i, k, sh)
				}
				if exact {
					t.Errorf("case %d turn %d shift %v: the exact test says a tangent segment crosses", i, k, sh)
				}
				c.Radius = math.Nextafter(c.Radius, 10)
				if !c.SegmentCrossesInterior(s) {
					t.Errorf("case %d turn %d shift %v: one ulp more radius does not cross", i, k, sh)
				}
			}
		}
	}
}
