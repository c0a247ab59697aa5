// Package dropzone adjudicates the geometric rules of Dropzone Commander
// (German quick-start rules, clauses DZC-01…55 of the project's digest):
// whether a shot or a move is legal, and the game's own questions about
// formations, landing zones, transports, buildings, AA reaction fire and
// crashes.
//
// Every check returns a *rulesets.Verdict: legal or not, every measured
// number, the clause behind each decision and the modifiers that apply.
// Rule constants sit in constants.go beside the German words they come
// from; the choices the text leaves open are Options, read from a
// scenario's "options" object by ParseOptions. Lengths are inches, angles
// degrees counter-clockwise as in the scenario format.
//
// The package is stateless: functions read an immutable
// terrain.Battlefield and are safe for concurrent use.
package dropzone
