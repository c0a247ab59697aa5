//go:build linux

package terrain

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time (user + system) the calling OS thread has
// used (RUSAGE_THREAD), or wall-clock time when that is unknown.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
