// Package cputime reads the CPU time the calling thread or the whole process
// has used. Benchmarks report it beside wall-clock time because on a machine
// shared with other jobs the wall clock says little about the code measured.
package cputime

import "time"

// Thread returns the CPU time (user + system) the calling OS thread has used,
// and whether it is known (it is on Linux). Lock the goroutine to its thread
// (runtime.LockOSThread) for the reading to mean the code between two calls.
func Thread() (time.Duration, bool) { return thread() }

// Process returns the CPU time (user + system) of the whole process, and
// whether it is known.
func Process() (time.Duration, bool) { return process() }
