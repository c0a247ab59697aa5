package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// The parts of the WebAssembly binary format that Squash reads and writes
// (WebAssembly Core Specification 2.0, section 5).
const (
	sectionData      = 11
	sectionDataCount = 12
	opI32Const       = 0x41
	opEnd            = 0x0b
)

var wasmHeader = []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00}

// segment is an active data segment of memory 0 at a constant offset.
type segment struct {
	offset uint32
	data   []byte
}

// Squash returns module with the active data segments that lie at most
// gap bytes apart merged into one (the gap filled with zeros), and the
// segment counts before and after. Segments are sorted by address first:
// the linker writes its sections out of address order, and the order of
// active segments that do not overlap does not matter. A module whose
// data section holds anything else than non-overlapping active segments
// of memory 0 at i32.const offsets is an error: Squash changes nothing it
// does not understand.
func Squash(module []byte, gap int) (out []byte, before, after int, err error) {
	if !bytes.HasPrefix(module, wasmHeader) {
		return nil, 0, 0, errors.New("not a WebAssembly 1.0 module")
	}
	out = append(out, wasmHeader...)
	r := reader{b: module, i: len(wasmHeader)}
	for r.i < len(r.b) {
		id := r.byte()
		size := r.uleb()
		body := r.bytes(int(size))
		if r.err != nil {
			return nil, 0, 0, r.err
		}
		if id == sectionData {
			segs, err := parseData(body)
			if err != nil {
				return nil, 0, 0, fmt.Errorf("data section: %w", err)
			}
			merged := merge(segs, gap)
			before, after = len(segs), len(merged)
			body = encodeData(merged)
		}
		// A data count section comes before the data section: it is
		// patched below, once the new count is known.
		out = append(out, id)
		out = appendULEB(out, uint64(len(body)))
		out = append(out, body...)
	}
	if before > 0 && before != after {
		if out, err = patchDataCount(out, after); err != nil {
			return nil, 0, 0, err
		}
	}
	return out, before, after, nil
}

func parseData(body []byte) ([]segment, error) {
	r := reader{b: body}
	n := r.uleb()
	if r.err != nil {
		return nil, r.err
	}
	// Any segment takes at least two bytes (a flag and a size, for a
	// passive one): a count beyond that is corrupt, and must not size an
	// allocation (a few bytes could ask for gigabytes).
	if n > uint64(len(body))/2 {
		return nil, fmt.Errorf("data count %d: more segments than the section's %d bytes can hold", n, len(body))
	}
	segs := make([]segment, 0, n)
	for k := uint64(0); k < n && r.err == nil; k++ {
		if flag := r.uleb(); flag != 0 {
			return nil, fmt.Errorf("segment %d: flag %d, want 0 (active, memory 0)", k, flag)
		}
		if op := r.byte(); op != opI32Const {
			return nil, fmt.Errorf("segment %d: offset is not an i32.const", k)
		}
		off := r.sleb()
		if op := r.byte(); op != opEnd {
			return nil, fmt.Errorf("segment %d: offset expression longer than one instruction", k)
		}
		data := r.bytes(int(r.uleb()))
		if off < 0 || off+int64(len(data)) > 1<<32 {
			return nil, fmt.Errorf("segment %d: offset %d out of 32-bit memory", k, off)
		}
		segs = append(segs, segment{offset: uint32(off), data: data})
	}
	if r.err == nil && r.i != len(body) {
		r.err = errors.New("trailing bytes")
	}
	if r.err != nil {
		return nil, r.err
	}
	slices.SortStableFunc(segs, func(a, b segment) int { return cmp.Compare(a.offset, b.offset) })
	for k := 1; k < len(segs); k++ {
		if end := uint64(segs[k-1].offset) + uint64(len(segs[k-1].data)); uint64(segs[k].offset) < end {
			return nil, fmt.Errorf("segments at %d and %d overlap", segs[k-1].offset, segs[k].offset)
		}
	}
	return segs, nil
}

// merge joins segments at most gap bytes apart.
func merge(segs []segment, gap int) []segment {
	var out []segment
	for _, s := range segs {
		if k := len(out) - 1; k >= 0 {
			last := &out[k]
			end := uint64(last.offset) + uint64(len(last.data))
			if uint64(s.offset)-end <= uint64(gap) {
				grown := make([]byte, 0, int(uint64(s.offset)-uint64(last.offset))+len(s.data))
				grown = append(grown, last.data...)
				grown = append(grown, make([]byte, uint64(s.offset)-end)...)
				last.data = append(grown, s.data...)
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

func encodeData(segs []segment) []byte {
	out := appendULEB(nil, uint64(len(segs)))
	for _, s := range segs {
		out = append(out, 0, opI32Const)
		out = appendSLEB(out, int64(int32(s.offset)))
		out = append(out, opEnd)
		out = appendULEB(out, uint64(len(s.data)))
		out = append(out, s.data...)
	}
	return out
}

// patchDataCount rewrites the data count section, when there is one, to n.
func patchDataCount(module []byte, n int) ([]byte, error) {
	out := append([]byte(nil), module[:len(wasmHeader)]...)
	r := reader{b: module, i: len(wasmHeader)}
	for r.i < len(r.b) {
		id := r.byte()
		body := r.bytes(int(r.uleb()))
		if r.err != nil {
			return nil, r.err
		}
		if id == sectionDataCount {
			body = appendULEB(nil, uint64(n))
		}
		out = append(out, id)
		out = appendULEB(out, uint64(len(body)))
		out = append(out, body...)
	}
	return out, nil
}

// reader reads LEB128 numbers and bytes, keeping the first error.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.err != nil || r.i >= len(r.b) {
		r.fail()
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b)-r.i {
		r.fail()
		return nil
	}
	r.i += n
	return r.b[r.i-n : r.i]
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = errors.New("truncated module")
	}
}

func (r *reader) uleb() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.fail()
	return 0
}

func (r *reader) sleb() int64 {
	var v int64
	shift := 0
	for shift < 64 {
		c := r.byte()
		v |= int64(c&0x7f) << shift
		shift += 7
		if c < 0x80 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
	r.fail()
	return 0
}

func appendULEB(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
