//go:build linux

package cputime

import (
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD (Linux): the calling thread only.
const rusageThread = 1

func thread() (time.Duration, bool) { return rusage(rusageThread) }

func process() (time.Duration, bool) { return rusage(syscall.RUSAGE_SELF) }

func rusage(who int) (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
