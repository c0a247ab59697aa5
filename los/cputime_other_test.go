//go:build !linux

package los

import "time"

// threadCPU is unknown outside Linux.
func threadCPU() (time.Duration, bool) { return 0, false }

// processCPU is unknown outside Linux.
func processCPU() (time.Duration, bool) { return 0, false }
