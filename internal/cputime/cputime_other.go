//go:build !linux

package cputime

import "time"

func thread() (time.Duration, bool) { return 0, false }

func process() (time.Duration, bool) { return 0, false }
