package geom

import "math"

// Swept is the region a convex shape covers while it is translated in a
// straight line by Delta: the Minkowski sum of Shape (at its start) and the
// segment from the origin to Delta. It is convex, so DistConvex and
// DistShapes measure it like any other Convex; a distance of 0 to another
// shape means the moving shape touches or overlaps it at some moment of
// the move. A circle swept this way is a capsule. The zero Delta is Shape
// itself. A Swept value is read-only.
type Swept struct {
	Shape Convex
	Delta Point
}

// SweptFrom returns the region s covers when it moves from where it is by
// the translation to - from (the two points are usually a model's
// reference point before and after a straight move).
func SweptFrom(s Convex, from, to Point) Swept { return Swept{Shape: s, Delta: to.Sub(from)} }

// Support returns a point of the swept region farthest in the direction d:
// the shape's support point at the start, moved by Delta when Delta points
// into d (the start copy wins ties, so d = 0 gives the shape's own point).
func (s Swept) Support(d Point) Point {
	p := s.Shape.Support(d)
	if d.Dot(s.Delta) > 0 {
		return p.Add(s.Delta)
	}
	return p
}

// Bound returns the axis-aligned box of the swept region: the union of the
// shape's box at the start and at the end.
func (s Swept) Bound() Rect {
	b := s.Shape.Bound()
	if b.IsEmpty() {
		return b
	}
	e := Rect{X: r1Interval(b.X.Lo+s.Delta.X, b.X.Hi+s.Delta.X), Y: r1Interval(b.Y.Lo+s.Delta.Y, b.Y.Hi+s.Delta.Y)}
	return b.Union(e)
}

// Length returns the length of the translation, inches.
func (s Swept) Length() float64 { return math.Hypot(s.Delta.X, s.Delta.Y) }
