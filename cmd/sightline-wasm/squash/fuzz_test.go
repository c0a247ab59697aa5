package main

import (
	"bytes"
	"testing"
)

// FuzzSquash checks that Squash never panics on any input and that what it
// accepts it leaves in a form it accepts again, unchanged: merging is
// idempotent.
func FuzzSquash(f *testing.F) {
	f.Add(module(3, segment{offset: 200, data: []byte("d")}, segment{offset: 16, data: []byte("ab")}, segment{offset: 20, data: []byte("c")}), 64)
	f.Add(module(-1, segment{offset: 0, data: []byte("x")}), 0)
	f.Add([]byte("\x00asm\x01\x00\x00\x00"), 8)
	f.Fuzz(func(t *testing.T, in []byte, gap int) {
		if gap < 0 || gap > 1<<16 {
			return // the gap is the command's flag, not data
		}
		out, _, after, err := Squash(in, gap)
		if err != nil {
			return
		}
		again, before2, after2, err := Squash(out, gap)
		if err != nil {
			t.Fatalf("Squash rejects its own output: %v", err)
		}
		if !bytes.Equal(again, out) || after2 != after || before2 != after {
			t.Fatalf("Squash is not idempotent: %d -> %d segments", before2, after2)
		}
	})
}
