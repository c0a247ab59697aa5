//go:build linux

package tactics

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used (the
// machine is shared: wall time says little).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
