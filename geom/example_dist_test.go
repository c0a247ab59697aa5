package geom_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
)

func ExampleDistSegments() {
	d, pa, pb := geom.DistSegments(
		geom.Seg(geom.Pt(0, 0), geom.Pt(4, 0)),
		geom.Seg(geom.Pt(2, 1), geom.Pt(2, 5)))
	fmt.Printf("%.1f %.1f %.1f\n", d, pa, pb)
	// Output: 1.0 {2.0 0.0} {2.0 1.0}
}

func ExampleDistConvex() {
	// Two 32 mm bases (radius 0.63 in) with centres 3 in apart.
	a := geom.Circle{Center: geom.Pt(0, 0), Radius: 0.63}
	b := geom.Circle{Center: geom.Pt(3, 0), Radius: 0.63}
	d, _, _ := geom.DistConvex(a, b)
	fmt.Printf("edge to edge %.2f in\n", d)
	// Output: edge to edge 1.74 in
}

func ExampleDistPointEllipse() {
	oval := geom.Ellipse{Center: geom.Pt(0, 0), A: 3, B: 2}
	d, q := geom.DistPointEllipse(geom.Pt(0, 5), oval)
	fmt.Printf("%.3f %.3f\n", d, q)
	// Output: 3.000 {0.000 2.000}
}

func ExampleArcFromCenter() {
	front := geom.ArcFromCenter(geom.Degrees(0), geom.Degrees(90))
	fmt.Println(front, front.Contains(geom.Degrees(45)), front.Contains(geom.Degrees(60)))
	// Output: [-45°, 45°] true false
}

func ExamplePose_BearingTo() {
	p := geom.Pose{Position: geom.Pt(0, 0), Facing: geom.Degrees(90)}
	fmt.Printf("%.0f\n", p.BearingTo(geom.Pt(-1, 0)).Degrees())
	// Output: 90
}

func ExampleOffset() {
	sq := geom.Polygon{Outer: geom.Ring{geom.Pt(0, 0), geom.Pt(2, 0), geom.Pt(2, 2), geom.Pt(0, 2)}}
	zone, err := geom.Offset(sq, 1, 0.001)
	if err != nil {
		fmt.Println(err)
		return
	}
	// 4 + 8 + pi ≈ 15.142, slightly more from the circumscribed arcs.
	fmt.Printf("%.2f\n", zone.Area())
	// Output: 15.14
}
