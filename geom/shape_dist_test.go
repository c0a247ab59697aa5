package geom

import (
	"math"
	"testing"

	"github.com/golang/geo/s1"
)

func TestNormalizeAngle(t *testing.T) {
	tests := []struct{ in, want s1.Angle }{
		{0, 0},
		{math.Pi, math.Pi},
		{-math.Pi, math.Pi}, // -pi maps to pi: range is (-pi, pi]
		{3 * math.Pi / 2, -math.Pi / 2},
		{Degrees(450), Degrees(90)},
		{Degrees(-270), Degrees(90)},
	}
	for _, tc := range tests {
		if got := NormalizeAngle(tc.in); !near(float64(got), float64(tc.want), 1e-15) {
			t.Errorf("NormalizeAngle(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestArc(t *testing.T) {
	front := ArcFromCenter(0, Degrees(90))              // [-45°, 45°]
	rear := ArcFromCenter(Degrees(180), Degrees(90))    // [135°, -135°], wraps
	left := ArcFromEndpoints(Degrees(45), Degrees(135)) // [45°, 135°]
	tests := []struct {
		a    Arc
		d    s1.Angle
		want bool
	}{
		{front, Degrees(45), true}, // closed end
		{front, Degrees(-45), true},
		{front, Degrees(46), false},
		{front, Degrees(360), true}, // same direction as 0
		{rear, Degrees(180), true},
		{rear, Degrees(-180), true},
		{rear, Degrees(135), true},
		{rear, Degrees(90), false},
		{left, Degrees(90), true},
		{EmptyArc(), 0, false},
		{FullArc(), 2, true},
	}
	for _, tc := range tests {
		if got := tc.a.Contains(tc.d); got != tc.want {
			t.Errorf("%v.Contains(%v) = %v, want %v", tc.a, tc.d.Degrees(), got, tc.want)
		}
	}
	if front.InteriorContains(Degrees(45)) || !front.InteriorContains(Degrees(44)) {
		t.Errorf("InteriorContains ends wrong")
	}
	if !front.Intersects(left) { // share 45°
		t.Errorf("front and left touch at 45° and should intersect")
	}
	if front.Intersects(rear) {
		t.Errorf("front and rear should not intersect")
	}
	if got := front.Union(left); !near(got.Length().Degrees(), 180, 1e-9) || !got.Contains(Degrees(100)) {
		t.Errorf("Union = %v, want [-45°, 135°]", got)
	}
	if got := front.Intersection(left); !near(got.Length().Degrees(), 0, 1e-9) || !got.Contains(Degrees(45)) {
		t.Errorf("Intersection = %v, want single 45°", got)
	}
	c := front.Complement() // [45°, -45°] the long way: 270°
	if !near(c.Length().Degrees(), 270, 1e-9) || !c.Contains(Degrees(180)) || !c.Contains(Degrees(45)) || c.InteriorContains(Degrees(0)) {
		t.Errorf("Complement = %v", c)
	}
	if !rear.ContainsArc(ArcFromCenter(Degrees(180), Degrees(10))) || rear.ContainsArc(front) {
		t.Errorf("ContainsArc wrong")
	}
	if !near(rear.Length().Degrees(), 90, 1e-9) || FullArc().Length() != 2*math.Pi || EmptyArc().Length() != 0 {
		t.Errorf("Length wrong")
	}
	if !ArcFromCenter(1, 7).IsFull() || !ArcFromCenter(1, -1).IsEmpty() || !ArcFromEndpoints(s1.Angle(math.NaN()), 0).IsEmpty() {
		t.Errorf("constructor edge cases wrong")
	}
}

func TestPose(t *testing.T) {
	p := Pose{Position: Pt(1, 1), Facing: Degrees(90)} // facing +y
	tests := []struct {
		q       Point
		local   Point
		bearing float64 // degrees
	}{
		{Pt(1, 3), Pt(2, 0), 0},     // 2 ahead
		{Pt(-1, 1), Pt(0, 2), 90},   // 2 to the left
		{Pt(3, 1), Pt(0, -2), -90},  // right
		{Pt(1, -1), Pt(-2, 0), 180}, // behind: +180, not -180
		{Pt(0, 2), Pt(1, 1), 45},
	}
	for _, tc := range tests {
		if got := p.ToLocal(tc.q); !nearPt(got, tc.local, 1e-12) {
			t.Errorf("ToLocal(%v) = %v, want %v", tc.q, got, tc.local)
		}
		if got := p.ToWorld(tc.local); !nearPt(got, tc.q, 1e-12) {
			t.Errorf("ToWorld(%v) = %v, want %v", tc.local, got, tc.q)
		}
		if got := p.BearingTo(tc.q).Degrees(); !near(got, tc.bearing, 1e-9) {
			t.Errorf("BearingTo(%v) = %v, want %v", tc.q, got, tc.bearing)
		}
	}
	if f := p.Forward(); !nearPt(f, Pt(0, 1), 1e-15) {
		t.Errorf("Forward = %v", f)
	}
}

func TestShapes(t *testing.T) {
	c := Circle{Center: Pt(1, 2), Radius: 3}
	if c.Locate(Pt(4, 2)) != OnBoundary || c.Locate(Pt(1, 2)) != Inside || c.Locate(Pt(4.1, 2)) != Outside {
		t.Errorf("Circle.Locate wrong")
	}
	if b := c.Bound(); b.X.Lo != -2 || b.X.Hi != 4 || b.Y.Lo != -1 || b.Y.Hi != 5 {
		t.Errorf("Circle.Bound = %v", b)
	}
	for _, tol := range []float64{0.1, 0.01, 1e-4} {
		ring := c.Polygon(tol)
		n := float64(len(ring))
		// circumscribed: every vertex at r/cos(pi/n), within tol outside
		for _, v := range ring {
			d := v.Sub(c.Center).Norm()
			if d < c.Radius || d > c.Radius+tol+1e-12 {
				t.Errorf("Circle.Polygon(%v): vertex at radius %v", tol, d)
			}
		}
		// area of circumscribed n-gon: n r^2 tan(pi/n), >= pi r^2
		if a := ring.SignedArea(); !near(a, n*9*math.Tan(math.Pi/n), 1e-9) || a < c.Area() {
			t.Errorf("Circle.Polygon(%v) area %v", tol, a)
		}
	}
	e := Ellipse{Center: Pt(0, 0), A: 2, B: 1, Angle: math.Pi / 2}
	// rotated 90°: x half-extent 1, y half-extent 2
	if b := e.Bound(); !near(b.X.Hi, 1, 1e-15) || !near(b.Y.Hi, 2, 1e-15) {
		t.Errorf("Ellipse.Bound = %v", b)
	}
	// 45°: half extents sqrt((4+1)/2)
	e45 := Ellipse{A: 2, B: 1, Angle: math.Pi / 4}
	if b := e45.Bound(); !near(b.X.Hi, math.Sqrt(2.5), 1e-15) || !near(b.Y.Hi, math.Sqrt(2.5), 1e-15) {
		t.Errorf("Ellipse.Bound(45°) = %v", b)
	}
	if !nearPt(e.PointAt(0), Pt(0, 2), 1e-15) || !nearPt(e.Support(Pt(1, 0)), Pt(1, 0), 1e-15) {
		t.Errorf("Ellipse PointAt/Support wrong: %v %v", e.PointAt(0), e.Support(Pt(1, 0)))
	}
	if e.Locate(Pt(0, 1.9)) != Inside || e.Locate(Pt(1.1, 0)) != Outside || e.Locate(Pt(0, 2)) != OnBoundary {
		t.Errorf("Ellipse.Locate wrong")
	}
	for _, v := range e45.Polygon(0.01) {
		if d, _ := DistPointEllipse(v, e45); d > 0.01+1e-12 || e45.Locate(v) == Inside {
			t.Errorf("Ellipse.Polygon vertex %v at %v", v, d)
		}
	}
	r := OrientedRect{Center: Pt(1, 1), Length: 4, Width: 2, Angle: math.Pi / 2}
	want := [4]Point{Pt(2, -1), Pt(2, 3), Pt(0, 3), Pt(0, -1)}
	got := r.Corners()
	for i := range got {
		if !nearPt(got[i], want[i], 1e-15) {
			t.Errorf("Corners = %v, want %v", got, want)
			break
		}
	}
	if r.Ring().SignedArea() <= 0 || r.Locate(Pt(1, 2.9)) != Inside || r.Locate(Pt(1.5, 3.5)) != Outside {
		t.Errorf("OrientedRect Ring/Locate wrong")
	}
	if s := r.Support(Pt(-1, 1)); !nearPt(s, Pt(0, 3), 1e-15) {
		t.Errorf("Support = %v", s)
	}
	pr := Prism{Footprint: square(0, 0, 2), ZMin: 0, ZMax: 3}
	lo, hi := pr.Bound3()
	if lo != V3(0, 0, 0) || hi != V3(2, 2, 3) {
		t.Errorf("Bound3 = %v %v", lo, hi)
	}
	if !pr.ContainsPoint(V3(2, 1, 3)) || pr.ContainsPoint(V3(1, 1, 3.01)) || pr.ContainsPoint(V3(3, 1, 1)) {
		t.Errorf("Prism.ContainsPoint wrong")
	}
}
