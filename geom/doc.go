// Package geom is the pure geometry under Sightline: points, segments,
// polygons with holes, circles, ovals, oriented rectangles and prisms in
// table inches, with exact orientation and intersection predicates,
// distances with their closest points, validation and offsetting.
//
// It knows nothing about games. Conventions used throughout:
//   - x to the right, y up the table, z up from the table surface, inches;
//   - angles are s1.Angle (radians), counter-clockwise from +x;
//   - rings are implicitly closed (the last vertex is not repeated);
//   - a normalised polygon has a counter-clockwise outer ring and clockwise holes;
//   - decisions (left/right/on, inside/on boundary/outside, crossing/touching)
//     are exact: a fast floating-point filter, then allocation-free
//     floating-point expansion arithmetic, and exact dyadic arithmetic
//     (integers times powers of two, dyadic.go) only for inputs
//     whose products would overflow or underflow;
//     constructed values (intersection points, distances) are ordinary float64
//     results with the error bounds documented where they are computed.
package geom
