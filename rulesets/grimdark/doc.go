// Package grimdark adjudicates the geometric rules of Grimdark Future
// (One Page Rules, German core rules and special-rules glossary, clauses
// GF-01…23 of the project's digest): shots of a unit of many models at
// another, moves for each action, charges ending in base contact or as
// close as possible, melee reach, coherency, objectives, deployment,
// ambush and scout placement, and transports.
//
// A unit is a scenario squad (the models' "squad" field); a model without
// a squad is a unit of one. Every check returns a *rulesets.Verdict: legal
// or not, every measured number, the clause behind each decision and the
// model or piece that decides it. Rule constants sit in constants.go beside
// the German words they come from; the choices the text leaves open (it
// never says how sight is traced or from which point distances are
// measured) are Options with documented defaults, read from a scenario's
// "options" object. Lengths are inches.
//
// The package is stateless: functions read an immutable
// terrain.Battlefield and are safe for concurrent use.
package grimdark
