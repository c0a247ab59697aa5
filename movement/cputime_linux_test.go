//go:build linux

package movement

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time (user + system) the calling OS thread has
// used, and whether it is known.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
