package movement

import (
	"math/bits"

	"github.com/sightline/sightline/geom"
)

// maskCells is the number of slabs along each axis of a boxMask.
const maskCells = 16

// boxMask answers "which boxes may meet this rectangle" with two table
// lookups: the area is cut into maskCells slabs along each axis, and for
// every range of slabs [i, j] xr and yr hold the bitset of the boxes whose
// x (y) extent meets it. A box meets a rectangle only if both extents meet,
// so xr & yr is a superset of the boxes meeting the rectangle (the slab
// index is monotone in the coordinate, so closed boxes that touch share a
// slab). It is immutable once built. Its tables hold
// maskCells·(maskCells+1) bitsets of n bits: 36 kB for 1,000 boxes.
type boxMask struct {
	lo, inv geom.Point // area origin, slabs per inch
	words   int
	xr, yr  []uint64 // [(i*maskCells+j)*words + w]
}

// newBoxMask indexes n boxes over area.
func newBoxMask(area geom.Rect, box func(i int) geom.Rect, n int) *boxMask {
	w := max((n+63)/64, 1)
	m := &boxMask{lo: geom.Pt(area.X.Lo, area.Y.Lo), words: w,
		inv: geom.Pt(maskCells/max(area.X.Length(), 1e-9), maskCells/max(area.Y.Length(), 1e-9)),
		xr:  make([]uint64, maskCells*maskCells*w), yr: make([]uint64, maskCells*maskCells*w)}
	// the boxes meeting each slab, then every range as a running union
	col, row := make([]uint64, maskCells*w), make([]uint64, maskCells*w)
	for k := range n {
		b := box(k)
		if b.IsEmpty() {
			continue
		}
		bit, word := uint64(1)<<(k%64), k/64
		for c := m.slab(b.X.Lo, m.lo.X, m.inv.X); c <= m.slab(b.X.Hi, m.lo.X, m.inv.X); c++ {
			col[c*w+word] |= bit
		}
		for c := m.slab(b.Y.Lo, m.lo.Y, m.inv.Y); c <= m.slab(b.Y.Hi, m.lo.Y, m.inv.Y); c++ {
			row[c*w+word] |= bit
		}
	}
	for i := range maskCells {
		for j := i; j < maskCells; j++ {
			for k := range w {
				x, y := col[j*w+k], row[j*w+k]
				if j > i {
					x |= m.xr[(i*maskCells+j-1)*w+k]
					y |= m.yr[(i*maskCells+j-1)*w+k]
				}
				m.xr[(i*maskCells+j)*w+k], m.yr[(i*maskCells+j)*w+k] = x, y
			}
		}
	}
	return m
}

// slab returns the slab holding coordinate v, clamped to the grid (NaN to
// slab 0).
func (m *boxMask) slab(v, lo, inv float64) int {
	f := (v - lo) * inv
	if !(f >= 0) {
		return 0
	}
	return min(int(f), maskCells-1)
}

// near returns in dst (resliced, grown if need be) the bitset of the
// boxes that may meet the rectangle [x0, x1] × [y0, y1] (x0 ≤ x1,
// y0 ≤ y1).
func (m *boxMask) near(x0, y0, x1, y1 float64, dst []uint64) []uint64 {
	i0, i1 := m.slab(x0, m.lo.X, m.inv.X), m.slab(x1, m.lo.X, m.inv.X)
	j0, j1 := m.slab(y0, m.lo.Y, m.inv.Y), m.slab(y1, m.lo.Y, m.inv.Y)
	xs := m.xr[(i0*maskCells+i1)*m.words:][:m.words]
	ys := m.yr[(j0*maskCells+j1)*m.words:][:m.words]
	dst = dst[:0]
	for w := range xs {
		dst = append(dst, xs[w]&ys[w])
	}
	return dst
}

// nearAll is near for an optional mask: without one it returns nil, and
// the caller visits every box.
func nearAll(m *boxMask, x0, y0, x1, y1 float64, dst []uint64) []uint64 {
	if m == nil {
		return nil
	}
	return m.near(x0, y0, x1, y1, dst)
}

// nextIndex returns the smallest index at least i among n boxes that
// words (from nearAll) holds, every index when words is nil, or -1 when
// none is left. Visiting i = nextIndex(words, 0, n), nextIndex(words,
// i+1, n), … gives the boxes in increasing order.
func nextIndex(words []uint64, i, n int) int {
	if words == nil {
		if i < n {
			return i
		}
		return -1
	}
	w := i / 64
	if w >= len(words) {
		return -1
	}
	if b := words[w] >> (uint(i) % 64); b != 0 {
		return i + bits.TrailingZeros64(b)
	}
	for w++; w < len(words); w++ {
		if words[w] != 0 {
			return w*64 + bits.TrailingZeros64(words[w])
		}
	}
	return -1
}
