package geom_test

import (
	"fmt"

	"github.com/sightline/sightline/geom"
)

func ExampleOrient() {
	a, b := geom.Pt(0, 0), geom.Pt(4, 0)
	fmt.Println(geom.Orient(a, b, geom.Pt(1, 1)), geom.Orient(a, b, geom.Pt(1, -1)), geom.Orient(a, b, geom.Pt(9, 0)))
	// Output: 1 -1 0
}

func ExampleIntersectSegments() {
	x := geom.IntersectSegments(geom.Seg(geom.Pt(0, 0), geom.Pt(2, 2)), geom.Seg(geom.Pt(0, 2), geom.Pt(2, 0)))
	fmt.Println(x.Kind, x.P.X, x.P.Y)
	// Output: Crossing 1 1
}

func ExamplePolygon_SegmentInside() {
	wood := geom.PolygonFromPoints(geom.Pt(0, 0), geom.Pt(4, 0), geom.Pt(4, 4), geom.Pt(0, 4))
	// A line of sight from x=-2 to x=6 spends t in [0.25, 0.75] in the wood.
	for _, iv := range wood.SegmentInside(geom.Seg(geom.Pt(-2, 2), geom.Pt(6, 2)), nil) {
		fmt.Println(iv.Lo, iv.Hi)
	}
	// Output: 0.25 0.75
}

func ExamplePolygon_Validate() {
	bowtie := geom.PolygonFromPoints(geom.Pt(0, 0), geom.Pt(2, 2), geom.Pt(2, 0), geom.Pt(0, 2))
	fmt.Println(bowtie.Validate())
	// Output: ring 0: edges 0 and 2 cross at (1, 1)
}
