// Package movement answers movement questions on a terrain.Battlefield:
// whether a model's footprint can follow a proposed path and what it costs,
// the shortest legal route and reachability within a budget, turn
// sequences, squad coherency, aircraft landing zones, and template
// placement, scatter and blast geometry.
//
// Conventions: lengths in inches, angles in degrees counter-clockwise from
// +x (as in the scenario file), every limit inclusive unless said otherwise.
// Two shapes closer than ContactTolerance count as touching, and touching
// is never a collision (base-to-base contact and a base against a wall are
// legal). Every result is plain JSON-encodable data with an Explain method.
package movement
