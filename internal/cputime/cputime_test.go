package cputime

import (
	"runtime"
	"testing"
)

// TestMonotone: on Linux both clocks are known and never run backwards
// across a stretch of work; elsewhere both say unknown.
func TestMonotone(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok0 := Thread()
	p0, okp0 := Process()
	x := 0
	for i := range 1 << 20 {
		x ^= i * i
	}
	t1, ok1 := Thread()
	p1, okp1 := Process()
	if runtime.GOOS != "linux" {
		if ok0 || okp0 || ok1 || okp1 {
			t.Fatalf("CPU time claimed known on %s", runtime.GOOS)
		}
		return
	}
	if !ok0 || !ok1 || !okp0 || !okp1 {
		t.Fatal("CPU time unknown on Linux")
	}
	if t1 < t0 || p1 < p0 {
		t.Fatalf("clock ran backwards: thread %v -> %v, process %v -> %v (x=%d)", t0, t1, p0, p1, x)
	}
}
