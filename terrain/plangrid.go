package terrain

import "math"

// PlanGrid buckets occluder ids (indices into the boxes it was built from)
// by uniform cells. Cell (i, j) covers [X0+i·CW, X0+(i+1)·CW] ×
// [Y0+j·CH, Y0+(j+1)·CH]; an id is listed in every cell its box, grown by
// Margin, overlaps. The zero value (NX = 0) has no cells: more than
// GridMaxItems occluders or no extent. Its fields are read-only.
type PlanGrid struct {
	X0, Y0, CW, CH float64
	NX, NY         int
	Margin         float64
	// Start and IDs list the cells: cell k = j·NX + i holds
	// IDs[Start[k]:Start[k+1]].
	Start []int32
	IDs   []int32
}

// GridMaxItems is the largest number of occluders a PlanGrid indexes (a
// walk over it can then deduplicate ids with a fixed stack bitset).
const GridMaxItems = 1024

// buildGrid buckets the boxes into about four cells per box (at most
// 64 × 64 cells).
func buildGrid(boxes []PlanBox) PlanGrid {
	var g PlanGrid
	if len(boxes) == 0 || len(boxes) > GridMaxItems {
		return g
	}
	all := PlanBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, b := range boxes {
		all.X0, all.Y0 = min(all.X0, b.X0), min(all.Y0, b.Y0)
		all.X1, all.Y1 = max(all.X1, b.X1), max(all.Y1, b.Y1)
	}
	w, h := all.X1-all.X0, all.Y1-all.Y0
	ext := max(w, h)
	if !(ext > 0) || math.IsInf(ext, 0) {
		return g
	}
	g.Margin = 1e-9 * (ext + math.Abs(all.X0) + math.Abs(all.Y0))
	side := math.Sqrt(w * h / float64(4*len(boxes)))
	if !(side > 0) {
		side = ext / 8
	}
	g.NX = min(64, max(1, int(math.Ceil(w/side))))
	g.NY = min(64, max(1, int(math.Ceil(h/side))))
	g.X0, g.Y0 = all.X0, all.Y0
	g.CW, g.CH = max(w, ext*1e-6)/float64(g.NX), max(h, ext*1e-6)/float64(g.NY)
	g.fill(boxes)
	return g
}

// fill lists every box in the cells it overlaps (grown by the margin):
// counts first, then the ids, in one flat array.
func (g *PlanGrid) fill(boxes []PlanBox) {
	counts := make([]int32, g.NX*g.NY+1)
	each := func(b PlanBox, fn func(k int)) {
		i0, i1 := g.Col(b.X0-g.Margin), g.Col(b.X1+g.Margin)
		j0, j1 := g.Row(b.Y0-g.Margin), g.Row(b.Y1+g.Margin)
		for j := j0; j <= j1; j++ {
			for i := i0; i <= i1; i++ {
				fn(j*g.NX + i)
			}
		}
	}
	for _, b := range boxes {
		each(b, func(k int) { counts[k+1]++ })
	}
	for k := 1; k < len(counts); k++ {
		counts[k] += counts[k-1]
	}
	g.Start = counts
	g.IDs = make([]int32, counts[len(counts)-1])
	next := make([]int32, g.NX*g.NY)
	copy(next, counts[:g.NX*g.NY])
	for id, b := range boxes {
		each(b, func(k int) {
			g.IDs[next[k]] = int32(id)
			next[k]++
		})
	}
}

// Col returns the cell column of x, clamped to [0, NX). (Compared before
// the conversion: a NaN, negative or huge value never reaches int(), whose
// result would then be undefined.)
func (g *PlanGrid) Col(x float64) int {
	v := (x - g.X0) / g.CW
	if !(v >= 0) {
		return 0
	}
	if v >= float64(g.NX-1) {
		return g.NX - 1
	}
	return int(v)
}

// Row returns the cell row of y, clamped to [0, NY) (see Col).
func (g *PlanGrid) Row(y float64) int {
	v := (y - g.Y0) / g.CH
	if !(v >= 0) {
		return 0
	}
	if v >= float64(g.NY-1) {
		return g.NY - 1
	}
	return int(v)
}
