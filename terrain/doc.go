// Package terrain is the battlefield model: the table, terrain pieces
// (solid prisms, buildings with walls, windows and entrances, area terrain,
// smoke, water and other zones) and the models standing on it.
//
// A Battlefield is built once with New from plain values, validated as a
// whole, indexed spatially for fast segment and box queries, and never
// changed afterwards: it is safe for any number of concurrent readers.
// Slices reachable from a Battlefield are shared and must be treated as
// read-only by callers.
//
// # Building a table in code
//
// Every length is in inches and every point is (x, y) on the table plane,
// x to the right and y up the table from the lower-left corner; a file in
// cm or mm is converted on load, so in Go divide centimetres by 2.54.
// Angles are s1.Angle (geom.Degrees(90) faces up the table, counter-
// clockwise from +x), where a file writes degrees. The zero values are
// usable and mean what a file that leaves the field out means: a Piece's
// Sight "" is its kind's usual sight (DefaultSight), Cover "" is none,
// Movement is open for every class, Level 0 is the ground (1); a Model's
// Level 0 is derived from the surface it stands on, Altitude 0 stands on
// the ground, a zero Hull is flat (eye on the ground). New checks
// everything else and names the offending field ("models[0].position")
// in its error. See Example_buildingInCode and docs/building-in-code.md.
package terrain
