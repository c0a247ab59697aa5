package los

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func TestArcQuadrantsAndTies(t *testing.T) {
	// Shooter at (20,20) heading north (facing 90°): the four quadrants.
	bf := msBF(t, nil, []terrain.Model{msTank("ship", geom.Pt(20, 20), 90, 2, 1, 1)})
	tests := []struct {
		p     geom.Point
		arcOf string
		bear  float64 // counter-clockwise from the bow
	}{
		{geom.Pt(20, 30), ArcFore, 0},
		{geom.Pt(30, 21), ArcStarboard, -math.Atan2(10, 1) * 180 / math.Pi},
		{geom.Pt(10, 21), ArcPort, math.Atan2(10, 1) * 180 / math.Pi},
		{geom.Pt(20, 10), ArcAft, 180},
		// (25,25) lies exactly on the fore/starboard ray: the tie goes to
		// fore, the forward-most arc.
		{geom.Pt(25, 25), ArcFore, -45},
	}
	for _, tc := range tests {
		r, err := InArcPoint(bf, "ship", tc.p, ArcFore, ArcOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.ArcOf != tc.arcOf || math.Abs(r.Bearing-tc.bear) > 1e-9 {
			t.Errorf("InArcPoint(%v).ArcOf, Bearing = %s, %v; want %s, %v", tc.p, r.ArcOf, r.Bearing, tc.arcOf, tc.bear)
		}
	}
	// Boundary rules on the fore/starboard ray.
	on := geom.Pt(25, 25)
	cases := []struct {
		arc  string
		opt  ArcOptions
		want bool
	}{
		{ArcFore, ArcOptions{}, true},
		{ArcStarboard, ArcOptions{}, true},
		{ArcFore, ArcOptions{Boundary: BoundaryExclusive}, false},
		{ArcStarboard, ArcOptions{Boundary: BoundaryExclusive}, false},
		{ArcFore, ArcOptions{Boundary: BoundaryPrefer}, true},
		{ArcStarboard, ArcOptions{Boundary: BoundaryPrefer}, false},
		{ArcFore, ArcOptions{Boundary: BoundaryPrefer, Prefer: ArcStarboard}, false},
		{ArcStarboard, ArcOptions{Boundary: BoundaryPrefer, Prefer: ArcStarboard}, true},
		// The union F/S holds the ray between them in its interior.
		{"fore/starboard", ArcOptions{Boundary: BoundaryExclusive}, true},
		{"port/aft", ArcOptions{Boundary: BoundaryInclusive}, false},
	}
	for _, c := range cases {
		r, err := InArcPoint(bf, "ship", on, c.arc, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		if r.InArc != c.want {
			t.Errorf("InArcPoint(%v, %s, %+v).InArc = %v, want %v (%s)", on, c.arc, c.opt, r.InArc, c.want, r.Explain())
		}
	}
	// Front alone misses a target dead astern; front/side/rear holds it.
	if r, _ := InArcPoint(bf, "ship", geom.Pt(20, 10), ArcFront, ArcOptions{}); r.InArc || r.ArcOf != ArcRear {
		t.Errorf("dead astern in front = %v, arcOf %s; want false, rear", r.InArc, r.ArcOf)
	}
	if r, _ := InArcPoint(bf, "ship", geom.Pt(20, 10), "front/side/rear", ArcOptions{}); !r.InArc {
		t.Errorf("dead astern not in F/S/R")
	}
	if _, err := InArcPoint(bf, "ship", on, "fore/front", ArcOptions{}); err == nil {
		t.Errorf("mixing arc sets: no error")
	}
	if _, err := InArcPoint(bf, "ship", on, "bogus", ArcOptions{}); err == nil {
		t.Errorf("unknown arc: no error")
	}
}

func TestArcContainment(t *testing.T) {
	// Target base radius 1 at (23,24): centre offset (3,4), 36.87° right of
	// north (fore); its distance to the 45° ray is |3-4|/sqrt2 = 0.707 < 1,
	// so the base reaches into starboard.
	bf := msBF(t, nil, []terrain.Model{msTank("ship", geom.Pt(20, 20), 90, 2, 1, 1), msInf("t", geom.Pt(23, 24), 2),
		msInf("deep", geom.Pt(20, 30), 2)})
	cases := []struct {
		to, arc string
		c       Containment
		want    bool
	}{
		{"t", ArcFore, ContainCenter, true},
		{"t", ArcStarboard, ContainCenter, false},
		{"t", ArcFore, ContainAll, false},
		{"t", ArcFore, ContainAny, true},
		{"t", ArcStarboard, ContainAny, true},
		{"t", ArcPort, ContainAny, false},
		// Centre (20,30), radius 1: 10/sqrt2 = 7.07 from each ray: all in fore.
		{"deep", ArcFore, ContainAll, true},
	}
	for _, c := range cases {
		r, err := InArc(bf, "ship", c.to, c.arc, ArcOptions{Containment: c.c})
		if err != nil {
			t.Fatal(err)
		}
		if r.InArc != c.want {
			t.Errorf("InArc(%s, %s, %s) = %v, want %v", c.to, c.arc, c.c, r.InArc, c.want)
		}
	}
}

func TestArcCorridor(t *testing.T) {
	// Hull 2 x 1 at (10,10) facing east: corridor x >= 11, 9.5 <= y <= 10.5.
	bf := msBF(t, nil, []terrain.Model{msTank("tank", geom.Pt(10, 10), 0, 2, 1, 1)})
	cases := []struct {
		p          geom.Point
		incl, excl bool
	}{
		{geom.Pt(20, 10), true, true},
		{geom.Pt(20, 10.5), true, false}, // on the left edge
		{geom.Pt(20, 9.5), true, false},  // on the right edge
		{geom.Pt(20, 10.6), false, false},
		{geom.Pt(11, 10), true, false}, // on the front edge
		{geom.Pt(10.5, 10), false, false},
		{geom.Pt(0, 10), false, false},
	}
	for _, c := range cases {
		ri, _ := InArcPoint(bf, "tank", c.p, ArcCorridor, ArcOptions{})
		re, _ := InArcPoint(bf, "tank", c.p, ArcCorridor, ArcOptions{Boundary: BoundaryExclusive})
		if ri.InArc != c.incl || re.InArc != c.excl {
			t.Errorf("corridor %v = %v/%v, want %v/%v", c.p, ri.InArc, re.InArc, c.incl, c.excl)
		}
	}
	// A wider corridor by option.
	if r, _ := InArcPoint(bf, "tank", geom.Pt(20, 10.6), ArcCorridor, ArcOptions{CorridorWidth: 2}); !r.InArc {
		t.Errorf("corridor width 2 misses (20,10.6)")
	}
}

func TestArcHullZones(t *testing.T) {
	// Hull x in [-1,1], y in [-2,2] facing north, here centred at (20,20).
	bf := msBF(t, nil, []terrain.Model{msTank("tank", geom.Pt(20, 20), 90, 4, 2, 1)})
	cases := []struct {
		p             geom.Point
		corner, diag  string
		cornerOnBound bool
	}{
		{geom.Pt(20, 30), ArcHullFront, ArcHullFront, false},
		{geom.Pt(30, 20), ArcHullRight, ArcHullRight, false},
		{geom.Pt(10, 20), ArcHullLeft, ArcHullLeft, false},
		{geom.Pt(20, 10), ArcHullRear, ArcHullRear, false},
		// Offset (3,3.5) from corner (1,2): above the 45° ray -> front; the
		// diagonal through (1,2) has slope 2 and (4,5.5) lies below it -> right.
		{geom.Pt(24, 25.5), ArcHullFront, ArcHullRight, false},
		// Offset (3,2.5): side under both splits.
		{geom.Pt(24, 24.5), ArcHullRight, ArcHullRight, false},
		// Offset (3,3): on the corner ray; ties go front (first in order).
		{geom.Pt(24, 25), ArcHullFront, ArcHullRight, true},
		// (22,5+20): relative (2,5), above the diagonal (slope 2): front.
		{geom.Pt(22, 25), ArcHullFront, ArcHullFront, false},
	}
	for _, c := range cases {
		rc, err := InArcPoint(bf, "tank", c.p, ArcHullFront, ArcOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rd, _ := InArcPoint(bf, "tank", c.p, ArcHullFront, ArcOptions{HullSplit: HullSplitDiagonal})
		if rc.ArcOf != c.corner || rd.ArcOf != c.diag || (len(rc.Tied) > 1) != c.cornerOnBound {
			t.Errorf("hull zone %v = %s (tied %v) / %s, want %s (on boundary %v) / %s", c.p, rc.ArcOf, rc.Tied, rd.ArcOf, c.corner, c.cornerOnBound, c.diag)
		}
	}
}

func TestArcWedge(t *testing.T) {
	// Bases radius 0.5 at (-1,0),(0,0),(1,0) facing north (here +20,+20):
	// apex (0, -0.5*sqrt2 - 1) = (0,-1.7071) relative.
	squad := terrain.Model{ID: "squad", Class: terrain.Infantry, Position: geom.Pt(20, 20), Facing: geom.Degrees(90),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1,
		Figures: []geom.Point{geom.Pt(19, 20), geom.Pt(20, 20), geom.Pt(21, 20)}}
	// Hull x in [-1,1], y in [-2,2] facing north: the arms touch the rear
	// corners, apex (0,-3).
	tank := msTank("tank", geom.Pt(50, 20), 90, 4, 2, 1)
	bf := msBF(t, nil, []terrain.Model{squad, tank})
	r, _ := InArcPoint(bf, "squad", geom.Pt(20, 30), ArcWedgeFront, ArcOptions{})
	if math.Abs(r.Apex.X-20) > 1e-12 || math.Abs(r.Apex.Y-(20-1-math.Sqrt2/2)) > 1e-12 {
		t.Errorf("wedge apex = %v, want (20, %v)", r.Apex, 20-1-math.Sqrt2/2)
	}
	cases := []struct {
		from string
		p    geom.Point
		want string
	}{
		{"squad", geom.Pt(20, 30), ArcWedgeFront},
		{"squad", geom.Pt(25, 25), ArcWedgeFront}, // 36.7° off the bisector
		{"squad", geom.Pt(26, 24), ArcWedgeFlank}, // 46.4° off
		{"squad", geom.Pt(30, 20), ArcWedgeFlank},
		{"tank", geom.Pt(53, 20.5), ArcWedgeFront}, // 40.6° off, apex (50,17)
		{"tank", geom.Pt(53, 19.5), ArcWedgeFlank}, // 50.2° off
		{"tank", geom.Pt(53, 20), ArcWedgeFront},   // on the arm: tie -> front
	}
	for _, c := range cases {
		r, err := InArcPoint(bf, c.from, c.p, ArcWedgeFront, ArcOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.ArcOf != c.want {
			t.Errorf("wedge %s %v = %s, want %s", c.from, c.p, r.ArcOf, c.want)
		}
	}
	// The tank's arm point (53,20) is exactly on the boundary: exclusive -> out.
	if r, _ := InArcPoint(bf, "tank", geom.Pt(53, 20), ArcWedgeFront, ArcOptions{Boundary: BoundaryExclusive}); r.InArc || !r.OnBoundary {
		t.Errorf("arm point exclusive = %v (on boundary %v), want false, true", r.InArc, r.OnBoundary)
	}
}

func TestArcCustomAndWidths(t *testing.T) {
	bf := msBF(t, nil, []terrain.Model{msTank("ship", geom.Pt(20, 20), 0, 2, 1, 1)})
	// A 270° arc centred on the bow: everything but the 90° rear quadrant.
	custom := geom.ArcFromCenter(0, geom.Degrees(270))
	for _, c := range []struct {
		p    geom.Point
		want bool
	}{{geom.Pt(30, 20), true}, {geom.Pt(20, 30), true}, {geom.Pt(10, 20), false}, {geom.Pt(10, 5), true}} { // bearings 0, 90, 180 (out), -123.7
		r, err := InArcPoint(bf, "ship", c.p, ArcCustom, ArcOptions{Custom: custom, Boundary: BoundaryExclusive})
		if err != nil {
			t.Fatal(err)
		}
		if r.InArc != c.want {
			t.Errorf("custom 270 %v = %v, want %v", c.p, r.InArc, c.want)
		}
	}
	// Front 120° wide: (30,25) is 26.6° off the bow, (25,30) 63.4° off -> side.
	for _, c := range []struct {
		p    geom.Point
		want string
	}{{geom.Pt(30, 25), ArcFront}, {geom.Pt(25, 30), ArcSide}, {geom.Pt(22, 30), ArcSide}} {
		r, _ := InArcPoint(bf, "ship", c.p, ArcFront, ArcOptions{FrontWidth: 120, RearWidth: 60})
		if r.ArcOf != c.want {
			t.Errorf("front 120 %v = %s, want %s", c.p, r.ArcOf, c.want)
		}
	}
	if _, err := InArcPoint(bf, "ship", geom.Pt(0, 0), ArcFront, ArcOptions{FrontWidth: 300, RearWidth: 90}); err == nil {
		t.Errorf("front 300 + rear 90: no error")
	}
}
