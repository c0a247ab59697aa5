//go:build linux

package los

import (
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD (Linux): the calling thread only.
const rusageThread = 1

// threadCPU returns the CPU time (user + system) the calling OS thread has
// used, and whether it is known.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// processCPU returns the CPU time (user + system) of the whole process.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
