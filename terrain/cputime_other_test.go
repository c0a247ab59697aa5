//go:build !linux

package terrain

import "time"

// threadCPU is wall-clock time outside Linux.
func threadCPU() time.Duration { return time.Duration(time.Now().UnixNano()) }
