package movement

import (
	"github.com/sightline/sightline/geom"
)

// gridCells is the number of cells along each side of an obstacle grid.
const gridCells = 16

// grid is a uniform bucket index of the obstacles' boxes, so that a point
// query tests only the few obstacles whose box covers its cell. The cells'
// lists are consecutive runs of one array (cell c's is
// idx[start[c]:start[c+1]], in increasing box order): two allocations
// instead of one per cell, and nothing for the collector to trace but the
// array. It is immutable once built.
type grid struct {
	lo    geom.Point
	inv   geom.Point // cells per inch along x and y
	start [gridCells*gridCells + 1]int32
	idx   []int32
}

// newGrid indexes the boxes over the rectangle area; boxes reaching past
// it are clamped into the edge cells.
func newGrid(area geom.Rect, boxes func(i int) geom.Rect, n int) *grid {
	g := &grid{lo: geom.Pt(area.X.Lo, area.Y.Lo)}
	g.inv = geom.Pt(gridCells/max(area.X.Length(), 1e-9), gridCells/max(area.Y.Length(), 1e-9))
	// each box's cell range, then the cells' counts, their offsets, and
	// the lists filled in box order
	type span struct{ x0, y0, x1, y1 int }
	var buf [128]span
	spans := buf[:0]
	for i := range n {
		b := boxes(i)
		if b.IsEmpty() {
			spans = append(spans, span{0, 0, -1, -1})
			continue
		}
		x0, y0 := g.cell(geom.Pt(b.X.Lo, b.Y.Lo))
		x1, y1 := g.cell(geom.Pt(b.X.Hi, b.Y.Hi))
		spans = append(spans, span{x0, y0, x1, y1})
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				g.start[y*gridCells+x+1]++
			}
		}
	}
	for c := 1; c < len(g.start); c++ {
		g.start[c] += g.start[c-1]
	}
	g.idx = make([]int32, g.start[len(g.start)-1])
	var fill [gridCells * gridCells]int32
	copy(fill[:], g.start[:])
	for i, sp := range spans {
		for y := sp.y0; y <= sp.y1; y++ {
			for x := sp.x0; x <= sp.x1; x++ {
				c := y*gridCells + x
				g.idx[fill[c]] = int32(i)
				fill[c]++
			}
		}
	}
	return g
}

// cell returns the cell holding p, clamped to the grid.
func (g *grid) cell(p geom.Point) (int, int) {
	clamp := func(v float64) int {
		if !(v >= 0) { // also NaN
			return 0
		}
		return min(int(v), gridCells-1)
	}
	return clamp((p.X - g.lo.X) * g.inv.X), clamp((p.Y - g.lo.Y) * g.inv.Y)
}

// at returns the indices of the boxes that may contain p.
func (g *grid) at(p geom.Point) []int32 {
	x, y := g.cell(p)
	c := y*gridCells + x
	return g.idx[g.start[c]:g.start[c+1]:g.start[c+1]]
}
