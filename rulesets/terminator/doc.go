// Package terminator is the validator of the Terminator-themed skirmish
// game ("terminator-skirmish"): range bands and hit numbers, weapon range
// classes, the melee-range ban on ranged weapons, forced melee, command
// range, cover rolls, the small-area template swept around a base with
// its friendly-fire veto, and movement by the walk and crawl templates.
//
// The game's reference sheet gives no lengths at all: every template and
// band length comes from the scenario's options, and a query that needs a
// length the options do not give is refused with an error naming the
// option (ErrMissingLength). Every answer states the lengths it used. The
// rules, options and readings are documented in
// docs/rulesets/terminator-skirmish.md.
package terminator
