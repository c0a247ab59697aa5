// Package rulesets holds what every game's validator shares: the Verdict a
// shot or move check returns (legal or not, every measured number, the rule
// clause behind each decision, the modifiers that apply) and the Game
// interface through which the query runner reaches a game's own query kinds.
//
// Each game lives in its own sub-package (rulesets/dropzone,
// rulesets/codered, ...) with its constants beside the clause they come from.
package rulesets
