// Package codered settles the geometry of Code Red (Enfilade, beta v0.48):
// sight into and through concealing terrain by depth, height levels,
// smoke, front and flank by the 90° wedge, vehicle hit zones, cover and
// exposure, infantry and vehicle movement, charges, scatter and blast,
// IEDs, rally points, placement, deployment and objectives.
//
// Every rule-derived constant sits in constants.go beside the clause and the
// German words it comes from; every reading the rulebook leaves open is an
// Options field settable from a scenario's "options" object (see
// ParseOptions and docs/rulesets/code-red.md).
//
// Measurements run from unit centres (2.4): a model's Position, or the
// centroid of its Figures (Options.Center). Lengths are inches; the check
// functions never modify the Battlefield and are safe for concurrent use.
package codered
