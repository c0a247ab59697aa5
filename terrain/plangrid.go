package terrain

import "math"

// PlanGrid buckets occluder ids (indices into the boxes it was built from)
// by uniform cells. Cell (i, j) covers [X0+i·CW, X0+(i+1)·CW] ×
// [Y0+j·CH, Y0+(j+1)·CH]; an id is listed in every cell its box, grown by
// Margin, overlaps: the cells Spans[id]. The zero value (NX = 0) has no
// cells: no occluders or no extent. Its fields are read-only.
//
// It indexes any number of occluders, with about two cells per box, so
// that a walk along a segment meets about as many ids on a large table as
// on a small one.
type PlanGrid struct {
	X0, Y0, CW, CH float64
	NX, NY         int
	Margin         float64
	// icw and ich are 1/CW and 1/CH, set with them (sizeCells): Col and
	// Row multiply by them, a sightline's walk starting with both.
	icw, ich float64
	// Start and IDs list the cells: cell (i, j), numbered k = Cell(i,
	// j) = j·NX + i, holds IDs[Start[k]:Start[k+1]]: first the ids
	// whose Mark is 0, then the marked ones (MarkInert or
	// MarkConcealing), each part in increasing order. Unmarked[k] ends
	// the first part: a walk under options that skip every marked
	// occluder (los's defaults) reads IDs[Start[k]:Unmarked[k]] and
	// never the rest.
	Start    []int32
	IDs      []int32
	Unmarked []int32
	// Spans are the cells each id is listed in, by id.
	Spans []CellSpan
	// Entries is the listing IDs with each id's box and neighbour flags
	// beside it (Entries[k] describes IDs[k]; with its flags a walk tells
	// whether it has met the id in the cell it came from): a walk along
	// a segment reads one
	// cell's candidates from one contiguous run of memory instead of
	// chasing each id into the boxes and spans (on a large table those
	// random reads, not the arithmetic, are the cost of a sightline).
	Entries []CellEntry
}

// CellEntry is one listing of a PlanGrid: the occluder's id, its plan box
// rounded outwards to float32 (it holds the box the grid was built from: a
// test against it may accept a segment that only passes within rounding of
// the box, never reject one that touches it), which of the four
// neighbouring cells list it too (Near: a walk from one of them has met
// it already) and what the occluder can do (Mark: a walk skips one that
// cannot occlude under its options without reading its record), the last
// three packed in Key. 20 bytes: a walk along a segment reads every
// listing of the cells it crosses, and on a large table those reads are
// cache misses.
type CellEntry struct {
	Box PlanBox32
	// Key is the id shifted left by 6, the Mark flags in bits 4 and 5 and
	// the Near flags in the low 4 bits (a grid lists fewer than gridMaxIDs
	// ids).
	Key uint32
}

// ID returns the listed occluder's id.
func (e *CellEntry) ID() int32 { return int32(e.Key >> 6) }

// Near returns the neighbouring cells that list the occluder too.
func (e *CellEntry) Near() Near { return Near(e.Key & 15) }

// Mark returns what the listed occluder can do (0, MarkInert or
// MarkConcealing).
func (e *CellEntry) Mark() Mark { return Mark(e.Key & 0x30) }

// gridMaxIDs bounds the ids a PlanGrid lists (CellEntry.Key holds 26
// bits of id): for more boxes gridCells gives no cells (and a walk visits
// every occluder).
const gridMaxIDs = 1 << 26

// Mark flags what a listed occluder can do, taken from its OccluderRec's
// flags; the values are CellEntry.Key's bits, so that a walk tests them
// together with the Near flags, in one AND.
type Mark uint8

const (
	// MarkInert marks an occluder that occludes under no options: a model
	// that is not OccStanding, a piece that is neither smoke, blocking nor
	// concealing.
	MarkInert Mark = 1 << (4 + iota)
	// MarkConcealing marks a concealing piece that is neither smoke nor
	// blocking: it occludes only where concealing terrain blocks.
	MarkConcealing
)

// MarkOf returns the Mark of an occluder whose record has flags f (model
// tells which kind it is).
func MarkOf(f OccluderFlags, model bool) Mark {
	switch {
	case model && f&OccStanding == 0:
		return MarkInert
	case model:
		return 0
	case f&(OccSmoke|OccBlocking|OccConcealing) == 0:
		return MarkInert
	case f&(OccSmoke|OccBlocking) == 0:
		return MarkConcealing
	}
	return 0
}

// Near flags the neighbours of a grid cell (i, j) that list an occluder
// too.
type Near uint8

const (
	// NearLeft is cell (i-1, j).
	NearLeft Near = 1 << iota
	// NearRight is cell (i+1, j).
	NearRight
	// NearDown is cell (i, j-1).
	NearDown
	// NearUp is cell (i, j+1).
	NearUp
)

// PlanBox32 is a plan box in float32 (see PlanBox.Outer32).
type PlanBox32 struct{ X0, Y0, X1, Y1 float32 }

// Outer32 returns the smallest PlanBox32 holding b: each bound rounded
// outwards (a bound beyond float32's range becomes its largest finite
// value or an infinity, still outwards).
func (b PlanBox) Outer32() PlanBox32 {
	return PlanBox32{down32(b.X0), down32(b.Y0), up32(b.X1), up32(b.Y1)}
}

// down32 returns the largest float32 at most x (x itself for infinities).
func down32(x float64) float32 {
	f := float32(x)
	if float64(f) > x {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

// up32 returns the smallest float32 at least x (x itself for infinities).
func up32(x float64) float32 {
	f := float32(x)
	if float64(f) < x {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}

// Cell returns the number k = j·NX + i of cell (i, j) (0 <= i < NX, 0 <= j
// < NY), whose listing is IDs[Start[k]:Start[k+1]].
func (g *PlanGrid) Cell(i, j int) int { return j*g.NX + i }

// CellSpan is the block of grid cells [I0, I1] × [J0, J1] (columns ×
// rows) an occluder is listed in.
type CellSpan struct{ I0, J0, I1, J1 int32 }

// gridMaxSide caps the cells along one side of a PlanGrid.
const gridMaxSide = 1024

// buildGrid buckets the boxes into about two cells per box (at most
// gridMaxSide cells along each side); marks[id] is box id's Mark (nil:
// none marked).
func buildGrid(boxes []PlanBox, marks []Mark) PlanGrid {
	g, w, h, ok := gridCells(boxes)
	if !ok {
		return PlanGrid{}
	}
	// A few boxes spanning most of the table would be listed in most
	// cells: coarsen until the listing stays near the boxes' count (and
	// far inside int32).
	for g.listed(boxes) > gridMaxListed(len(boxes)) && g.NX*g.NY > 1 {
		g.NX, g.NY = max(1, g.NX/2), max(1, g.NY/2)
		g.sizeCells(w, h)
	}
	g.fill(boxes, marks)
	return g
}

// gridCells returns the cells of the grid of the boxes before any
// coarsening (no listing yet) and the boxes' extent w × h; ok is false
// when the grid has no cells (no boxes, or gridMaxIDs or more).
func gridCells(boxes []PlanBox) (g PlanGrid, w, h float64, ok bool) {
	if len(boxes) == 0 || len(boxes) >= gridMaxIDs {
		return g, 0, 0, false
	}
	all := PlanBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, b := range boxes {
		all.X0, all.Y0 = min(all.X0, b.X0), min(all.Y0, b.Y0)
		all.X1, all.Y1 = max(all.X1, b.X1), max(all.Y1, b.Y1)
	}
	w, h = all.X1-all.X0, all.Y1-all.Y0
	ext := max(w, h)
	if !(ext > 0) || math.IsInf(ext, 0) {
		return g, w, h, false
	}
	g.Margin = 1e-9 * (ext + math.Abs(all.X0) + math.Abs(all.Y0))
	side := math.Sqrt(w * h / float64(2*len(boxes)))
	if !(side > 0) {
		side = ext / 8
	}
	g.NX = min(gridMaxSide, max(1, int(math.Ceil(w/side))))
	g.NY = min(gridMaxSide, max(1, int(math.Ceil(h/side))))
	g.X0, g.Y0 = all.X0, all.Y0
	g.sizeCells(w, h)
	return g, w, h, true
}

// sizeCells sets the cell size for NX × NY cells over an extent w × h.
func (g *PlanGrid) sizeCells(w, h float64) {
	ext := max(w, h)
	g.CW, g.CH = max(w, ext*1e-6)/float64(g.NX), max(h, ext*1e-6)/float64(g.NY)
	g.icw, g.ich = 1/g.CW, 1/g.CH
}

// spanOf returns the cells box b, grown by the margin, overlaps.
func (g *PlanGrid) spanOf(b PlanBox) CellSpan {
	return CellSpan{
		I0: int32(g.Col(b.X0 - g.Margin)), I1: int32(g.Col(b.X1 + g.Margin)),
		J0: int32(g.Row(b.Y0 - g.Margin)), J1: int32(g.Row(b.Y1 + g.Margin)),
	}
}

// cells returns the number of cells of the span.
func (c CellSpan) cells() int { return int(c.I1-c.I0+1) * int(c.J1-c.J0+1) }

// cellEntry returns the listing in cell (i, j) of occluder id with box b
// and mark m listed in the cells c.
func cellEntry(b PlanBox, m Mark, c CellSpan, id int32, i, j int) CellEntry {
	var near Near
	i32, j32 := int32(i), int32(j)
	if i32 > c.I0 {
		near |= NearLeft
	}
	if i32 < c.I1 {
		near |= NearRight
	}
	if j32 > c.J0 {
		near |= NearDown
	}
	if j32 < c.J1 {
		near |= NearUp
	}
	return CellEntry{Box: b.Outer32(), Key: uint32(id)<<6 | uint32(m&(MarkInert|MarkConcealing)) | uint32(near)}
}

// gridMaxListed bounds the total listing of n boxes.
func gridMaxListed(n int) int { return max(64*n, 1<<16) }

// listed returns how many cells the boxes would be listed in.
func (g *PlanGrid) listed(boxes []PlanBox) int {
	total := 0
	for _, b := range boxes {
		total += g.spanOf(b).cells()
	}
	return total
}

// fill lists every box in the cells it overlaps (grown by the margin):
// counts first, then the ids, in one flat array (marks as for buildGrid).
func (g *PlanGrid) fill(boxes []PlanBox, marks []Mark) {
	n := g.NX * g.NY
	counts := make([]int32, n+1)
	g.Spans = make([]CellSpan, len(boxes))
	for id, b := range boxes {
		g.Spans[id] = g.spanOf(b)
	}
	each := func(id int, fn func(k int)) {
		c := g.Spans[id]
		for j := int(c.J0); j <= int(c.J1); j++ {
			for i := int(c.I0); i <= int(c.I1); i++ {
				fn(g.Cell(i, j))
			}
		}
	}
	unmarked := make([]int32, n) // per cell
	for id := range boxes {
		plain := !skipped(markAt(marks, id))
		each(id, func(k int) {
			counts[k+1]++
			if plain {
				unmarked[k]++
			}
		})
	}
	for k := 1; k < len(counts); k++ {
		counts[k] += counts[k-1]
	}
	g.Start = counts
	g.IDs = make([]int32, counts[len(counts)-1])
	g.Entries = make([]CellEntry, len(g.IDs))
	// The next place of an unmarked and of a marked id in each cell.
	nextPlain, nextMarked := make([]int32, n), make([]int32, n)
	g.Unmarked = make([]int32, n)
	for k := range n {
		nextPlain[k], nextMarked[k] = counts[k], counts[k]+unmarked[k]
		g.Unmarked[k] = nextMarked[k]
	}
	for id := range boxes {
		m := markAt(marks, id)
		next := nextPlain
		if skipped(m) {
			next = nextMarked
		}
		each(id, func(k int) {
			g.IDs[next[k]] = int32(id)
			g.Entries[next[k]] = cellEntry(boxes[id], m, g.Spans[id], int32(id), k%g.NX, k/g.NX)
			next[k]++
		})
	}
}

// skipped reports whether a listing of mark m comes after the cell's
// unmarked part (see PlanGrid.Unmarked).
func skipped(m Mark) bool { return m&(MarkInert|MarkConcealing) != 0 }

// Col returns the cell column of x, clamped to [0, NX). (Compared before
// the conversion: a NaN, negative or huge value never reaches int(), whose
// result would then be undefined.) It is ⌊(x − X0)·(1/CW)⌋ with 1/CW kept
// beside CW, a multiplication where a division took some 13 cycles at the
// start of every sightline: within about an ulp of the quotient, so only a
// point within rounding of a column boundary can be put in the column
// beside the quotient's, as every other rounding of a walk along the grid
// does, inside the margin by which every listed box is grown (see
// los.walkPrecision). The boxes are listed by the same Col and Row.
func (g *PlanGrid) Col(x float64) int {
	v := (x - g.X0) * g.icw
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
	v := (y - g.Y0) * g.ich
	if !(v >= 0) {
		return 0
	}
	if v >= float64(g.NY-1) {
		return g.NY - 1
	}
	return int(v)
}

// markAt returns marks[id], 0 when marks is nil.
func markAt(marks []Mark, id int) Mark {
	if marks == nil {
		return 0
	}
	return marks[id]
}
