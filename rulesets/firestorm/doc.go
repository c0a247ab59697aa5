// Package firestorm adjudicates Firestorm: Taskforce (Spartan Games):
// fleets of spaceships on flight stands, squadrons, four 90° fire arcs per
// base, 45° turns by rank, range bands, and space terrain that blocks
// (planets, moons, stations) or only thins fire (debris, gas). It is a
// rulesets.Game registered as "firestorm-taskforce": the geometry is the
// engine's (los, movement, geom); this package holds the rule numbers, each
// beside its clause FT-01..25 of the rules digest and the German words of
// the original, and the documented readings of the rulebook's ambiguities
// (Options). See docs/rulesets/firestorm-taskforce.md.
package firestorm
