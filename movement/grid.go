package movement

import (
	"github.com/sightline/sightline/geom"
)

// gridCells is the number of cells along each side of an obstacle grid.
const gridCells = 16

// grid is a uniform bucket index of the obstacles' boxes, so that a point
// query tests only the few obstacles whose box covers its cell. It is
// immutable once built.
type grid struct {
	lo    geom.Point
	inv   geom.Point // cells per inch along x and y
	cells [gridCells * gridCells][]int32
}

// newGrid indexes the boxes over the rectangle area; boxes reaching past
// it are clamped into the edge cells.
func newGrid(area geom.Rect, boxes func(i int) geom.Rect, n int) *grid {
	g := &grid{lo: geom.Pt(area.X.Lo, area.Y.Lo)}
	g.inv = geom.Pt(gridCells/max(area.X.Length(), 1e-9), gridCells/max(area.Y.Length(), 1e-9))
	for i := range n {
		b := boxes(i)
		if b.IsEmpty() {
			continue
		}
		x0, y0 := g.cell(geom.Pt(b.X.Lo, b.Y.Lo))
		x1, y1 := g.cell(geom.Pt(b.X.Hi, b.Y.Hi))
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				g.cells[y*gridCells+x] = append(g.cells[y*gridCells+x], int32(i))
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
	return g.cells[y*gridCells+x]
}
