// Package fuzz holds the end-to-end fuzz targets: arbitrary scenario files
// pushed through decoding, validation and every query the library answers.
// The per-package targets (geom predicates, terrain.New, scenario decoding,
// sight properties, shortest paths) live beside their code; these check the
// whole stack together: never a panic, never a hang, always an answer or an
// error naming where the file is wrong.
//
// Run one with: go test ./fuzz -run '^$' -fuzz FuzzScenario -fuzztime 30s
package fuzz
