package main

import (
	"bytes"
	"strings"
	"testing"
)

// module returns a WebAssembly module with a data count section (when
// count >= 0) and a data section holding segs in the order given.
func module(count int, segs ...segment) []byte {
	out := append([]byte(nil), wasmHeader...)
	if count >= 0 {
		out = append(out, sectionDataCount, 1, byte(count))
	}
	body := encodeData(segs)
	out = append(out, sectionData)
	out = appendULEB(out, uint64(len(body)))
	return append(out, body...)
}

func TestSquash(t *testing.T) {
	in := module(3,
		segment{offset: 200, data: []byte("d")},
		segment{offset: 16, data: []byte("ab")},
		segment{offset: 20, data: []byte("c")})
	// 16 "ab" and 20 "c" are 2 bytes apart: one segment with the gap as
	// zeros; 200 is 179 bytes past the end of "c": its own segment. The
	// data count section says 2.
	want := module(2,
		segment{offset: 16, data: []byte("ab\x00\x00c")},
		segment{offset: 200, data: []byte("d")})
	got, before, after, err := Squash(in, 64)
	if err != nil {
		t.Fatal(err)
	}
	if before != 3 || after != 2 || !bytes.Equal(got, want) {
		t.Errorf("Squash = %x (%d -> %d segments), want %x (3 -> 2)", got, before, after, want)
	}
	// gap 0 merges only touching segments: nothing here, but they are sorted
	got, _, after, err = Squash(in, 0)
	if err != nil || after != 3 {
		t.Fatalf("Squash(gap 0) = %d segments, %v; want 3", after, err)
	}
	sorted := module(3, segment{offset: 16, data: []byte("ab")}, segment{offset: 20, data: []byte("c")}, segment{offset: 200, data: []byte("d")})
	if !bytes.Equal(got, sorted) {
		t.Errorf("Squash(gap 0) = %x, want the segments sorted %x", got, sorted)
	}
}

func TestSquashRefuses(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		msg  string
	}{
		{"not wasm", []byte("hello"), "not a WebAssembly"},
		{"overlap", module(-1, segment{offset: 16, data: []byte("abcd")}, segment{offset: 18, data: []byte("x")}), "overlap"},
		{"truncated", module(-1, segment{offset: 16, data: []byte("abcd")})[:12], "truncated"},
		{"passive", append(append([]byte(nil), wasmHeader...), sectionData, 4, 1, 1, 1, 'x'), "flag 1"},
	}
	for _, tt := range tests {
		if _, _, _, err := Squash(tt.in, 64); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Squash error = %v, want one saying %q", tt.name, err, tt.msg)
		}
	}
}

func TestLEB(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 127, 128, 1 << 20, 1<<31 - 1, -1 << 31} {
		r := reader{b: appendSLEB(nil, v)}
		if got := r.sleb(); got != v || r.err != nil || r.i != len(r.b) {
			t.Errorf("sleb(appendSLEB(%d)) = %d, %v", v, got, r.err)
		}
		if v >= 0 {
			r = reader{b: appendULEB(nil, uint64(v))}
			if got := r.uleb(); got != uint64(v) || r.err != nil {
				t.Errorf("uleb(appendULEB(%d)) = %d, %v", v, got, r.err)
			}
		}
	}
}

// TestSquashHugeCount: a data count of about 10^8 in a seven-byte section is
// refused before anything is allocated for it (found by FuzzSquash: the
// fuzzing worker ran out of memory).
func TestSquashHugeCount(t *testing.T) {
	in := []byte("\x00asm\x01\x00\x00\x00\v\a\x91\x91\x910\x91\x910")
	_, _, _, err := Squash(in, 14)
	if err == nil || !strings.Contains(err.Error(), "data count") {
		t.Fatalf("Squash error = %v, want one naming the data count", err)
	}
	// A count cut short (every byte has the continuation bit) is truncated,
	// not a count (found by FuzzSquash after the fix above).
	cut := []byte("\x00asm\x01\x00\x00\x00\v\a\x9c\x9c\x9c\x9c\x9c\x9c\x9c")
	if _, _, _, err := Squash(cut, 74); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("Squash error = %v, want truncated", err)
	}
}
