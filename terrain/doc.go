// Package terrain is the battlefield model: the table, terrain pieces
// (solid prisms, buildings with walls, windows and entrances, area terrain,
// smoke, water and other zones) and the models standing on it.
//
// A Battlefield is built once with New from plain values, validated as a
// whole, indexed spatially for fast segment and box queries, and never
// changed afterwards: it is safe for any number of concurrent readers.
// Slices reachable from a Battlefield are shared and must be treated as
// read-only by callers.
package terrain
