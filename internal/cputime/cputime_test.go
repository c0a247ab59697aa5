package cputime

import (
	"runtime"
	"slices"
	"testing"
	"time"
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

// TestThreadResolution: the thread clock moves in small steps. Read in a
// loop until it has changed 64 times, the median step stays far below a
// scheduler tick (1 ms and more; getrusage's steps on some kernels, which
// made an 80 ms benchmark's cpu-ns/op jump by 5 %). A step is as long as
// the loop takes to see a change, so this holds on a loaded machine too
// (a thread that is not running spends no CPU time).
func TestThreadResolution(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("CPU time is known on Linux only")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	prev, ok := Thread()
	if !ok {
		t.Fatal("thread CPU time unknown on Linux")
	}
	var steps []time.Duration
	for reads := 0; len(steps) < 64; reads++ {
		if reads == 1e8 { // a clock that stands still: fail, not hang
			t.Fatalf("the thread clock changed %d times in %d reads", len(steps), reads)
		}
		now, _ := Thread()
		if now != prev {
			steps = append(steps, now-prev)
			prev = now
		}
	}
	slices.Sort(steps)
	if med := steps[len(steps)/2]; med > 100*time.Microsecond {
		t.Fatalf("median step of the thread clock %v, want under 100µs (steps %v)", med, steps)
	}
}
