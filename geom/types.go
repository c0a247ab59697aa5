package geom

import (
	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
	"github.com/golang/geo/s1"
)

// Point is a point or vector on the table plane, in inches.
type Point = r2.Point

// Vec3 is a point or vector in table space (z up), in inches.
type Vec3 = r3.Vector

// Rect is an axis-aligned rectangle on the table plane (closed on all sides).
type Rect = r2.Rect

// Pt returns the Point (x, y).
func Pt(x, y float64) Point { return Point{X: x, Y: y} }

// V3 returns the Vec3 (x, y, z).
func V3(x, y, z float64) Vec3 { return Vec3{X: x, Y: y, Z: z} }

// Lift returns p raised to height z.
func Lift(p Point, z float64) Vec3 { return Vec3{X: p.X, Y: p.Y, Z: z} }

// Flat returns the projection of v onto the table plane.
func Flat(v Vec3) Point { return Point{X: v.X, Y: v.Y} }

// Segment is the closed straight segment from A to B on the table plane.
type Segment struct{ A, B Point }

// Seg returns the segment from a to b.
func Seg(a, b Point) Segment { return Segment{A: a, B: b} }

// Segment3 is the closed straight segment from A to B in table space.
type Segment3 struct{ A, B Vec3 }

// Ring is a closed chain of vertices; the closing edge from the last vertex
// back to the first is implicit. Rings are read-only once handed to a
// Polygon.
type Ring []Point

// Polygon is a polygon with holes on the table plane. Its zero value is the
// empty polygon. A Polygon is treated as immutable: functions that change
// shape or orientation return a new Polygon.
type Polygon struct {
	Outer Ring
	Holes []Ring
}

// Circle is a disc with the given centre and radius (inches).
type Circle struct {
	Center Point
	Radius float64
}

// Ellipse is an oval with semi-axes A along the direction Angle and B
// perpendicular to it.
type Ellipse struct {
	Center Point
	A, B   float64
	Angle  s1.Angle
}

// OrientedRect is a rectangle centred on Center whose Length runs along the
// direction Angle and whose Width runs across it.
type OrientedRect struct {
	Center        Point
	Length, Width float64
	Angle         s1.Angle
}

// Prism is a footprint extruded vertically between ZMin and ZMax (ZMin <= ZMax).
type Prism struct {
	Footprint  Polygon
	ZMin, ZMax float64
}

// Pose is a position on the table plane and a facing.
type Pose struct {
	Position Point
	Facing   s1.Angle
}

// RectFromPoints returns the smallest Rect containing all the points.
func RectFromPoints(pts ...Point) Rect { return r2.RectFromPoints(pts...) }

// EmptyRect returns the empty Rect, the identity for AddPoint and Union.
func EmptyRect() Rect { return r2.EmptyRect() }
