// Package generic is the base ruleset: the generic questions every game
// answers (range, sight, visible fraction, arc, path, move, coherency,
// sight along a path, garrison windows, templates, blasts, scatter,
// landing zones) and the generic rules of scenario files whose ruleset is
// "generic".
//
// It registers itself as rulesets.BaseName; every other game inherits its
// kinds and answers them with the game's own rulesets.Geometry, so a
// question asked in a game's file is answered by the same code, with that
// game's readings.
package generic
