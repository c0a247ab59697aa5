// Package fuzz holds the end-to-end fuzz targets: arbitrary scenario files
// pushed through decoding, validation and every query the library answers.
// The per-package targets (geom predicates, terrain.New, scenario decoding,
// sight properties, shortest paths) live beside their code; these check the
// whole stack together: never a panic, never a hang, always an answer or an
// error naming where the file is wrong.
//
// FuzzScenario feeds raw bytes to the decoder, so most inputs stop there.
// FuzzGenerated is structure-aware: its bytes are a recipe that turns a
// valid scenario of some ruleset into another valid one, so nearly every
// input reaches the queries, and it checks properties across answers
// (determinism, JSON round trip, mutual sight, rigid motion, monotonicity
// in occluders and in the move allowance). Its starting scenarios are the
// games' test files and examples, the file of every generic kind under
// each game, and testdata/bases (a query of each kind the others lack):
// every kind of every game has one (TestGeneratorReachesQueries).
//
// Run one with: go test ./fuzz -run '^$' -fuzz FuzzGenerated -fuzztime 30s
// Every target of the module for a given time each: fuzz/long.sh 10m
package fuzz
