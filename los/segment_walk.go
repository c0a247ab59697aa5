package los

import (
	"math"

	"github.com/sightline/sightline/terrain"
)

// The segment walk: the cells of the prepared grid along the segment
// (walkCells) or every occluder (walkAll), each candidate queued in order
// of box entry and visited (visitID, segment_visit.go).

// walkPrecision bounds, relative to the coordinates of the segment's ends,
// how far from the segment the cells walkCells visits may be (its crossing
// parameters are rounded, and so are the grid's cell bounds): a few ulps
// of the largest coordinate (the grid's own are below its margin / 1e9).
// A segment is walked through the grid only when this stays far inside the
// grid's margin, by which every listed box is grown, so that every cell
// the segment's plan passes within rounding of lists every box it touches.
const walkPrecision = 1e-13

// walkCells is the grid walk of walk: a digital differential analyser.
// It visits the cell of a (clamped to the grid: the edge columns and rows
// reach to infinity, as terrain.PlanGrid.Col and Row clamp), then at each
// crossing of a column or row boundary (at parameter (boundary − a)·r, r
// = 1/dx or 1/dy) the next cell, up to the cell holding b (and the next
// one when b lies on its boundary). The rounding of those parameters and
// of the cell bounds moves the cells visited by a few ulps of the
// coordinates (walkPrecision), far inside the margin by which the grid
// grows every listed box: every box the segment's plan touches is listed
// in a cell the walk visits. The cells visited form a monotone staircase
// (i steps one way, j the other), so those of a listed block (a
// rectangle, terrain.CellSpan) are consecutive: an occluder is first met
// in the current cell unless the previous cell lists it too (the listing's
// Near flags the neighbour the walk came from). The
// walk stops once the nearest blocker found lies before the parameter
// where the segment leaves the current cell: every occluder not met yet is
// listed only in later cells, so the segment touches its box at that
// parameter or after. rx, ry are 1/dx, 1/dy, finite (0 when dx or dy is
// 0).
func (st *segState) walkCells(ax, ay, dx, dy, rx, ry float64) {
	g := &st.occ.Grid
	nx, ny := g.NX, g.NY
	i, j := g.Col(ax), g.Row(ay)
	// The next column (row) boundary is crossed at tx (ty): boundary
	// index i+ioff (j+joff); +Inf when there is none.
	istep, ioff, jstep, joff := 1, 1, 1, 1
	if dx < 0 {
		istep, ioff = -1, 0
	}
	if dy < 0 {
		jstep, joff = -1, 0
	}
	inf := math.Inf(1)
	tx, ty := inf, inf
	if e := i + ioff; dx != 0 && e > 0 && e < nx {
		tx = (g.X0 + float64(e)*g.CW - ax) * rx
	}
	if e := j + joff; dy != 0 && e > 0 && e < ny {
		ty = (g.Y0 + float64(e)*g.CH - ay) * ry
	}
	entries := g.Entries
	cut := st.f.opt.ThroughOwnSquad == 0
	np, mrecs := st.np, st.occ.Models.Recs
	st.ncand = 0
	// skip holds the CellEntry.Key bits of the listings not to queue:
	// the neighbour the walk came from (none yet; icame and jcame are
	// those of a step along a row and a column), and the marks of the
	// occluders that cannot occlude under the options (read from the
	// listing: their records, cache misses on a large table, are not
	// read).
	mark := uint32(terrain.MarkInert)
	if !st.f.opt.ConcealingBlocks {
		mark |= uint32(terrain.MarkConcealing)
	}
	if !fastPaths {
		mark = 0 // (the grid has none then either)
	}
	skip, icame, jcame := mark, mark|uint32(terrain.NearLeft), mark|uint32(terrain.NearDown)
	if istep < 0 {
		icame = mark | uint32(terrain.NearRight)
	}
	if jstep < 0 {
		jcame = mark | uint32(terrain.NearUp)
	}
	// A cell's listings end at ends[k]: where its marked ones begin
	// (terrain.PlanGrid.Unmarked) when the options skip every marked
	// occluder, as by default, so that the walk does not read them at
	// all; at the cell's end otherwise, the skip test then passing over
	// the inert ones.
	ends := g.Start[1:]
	if mark&uint32(terrain.MarkConcealing) != 0 {
		ends = g.Unmarked
	}
	for {
		// Queue the occluders first met in cell (i, j) whose box the
		// segment may touch, in the order of box entry.
		k := j*nx + i // g.Cell(i, j)
		// (g.Start read per cell rather than kept: held through the
		// listings' loop, where it is not used, it took two reloads per
		// listing.)
		start := g.Start
		for x, end := int(start[k]), int(ends[k]); x < end; x++ {
			e := &entries[x]
			if e.Key&skip != 0 {
				continue // met in the previous cell, or cannot occlude
			}
			// boxEntry on the listing's float32 box (it holds the
			// occluder's box, so the test stays conservative and the
			// entry parameter is at most the box's), without NaN: plain
			// comparisons for the builtin min and max (the same values,
			// the operands are never NaN here: the walk's coordinates
			// are far below 1e150 and a box bound is at most an
			// infinity; a -0 entry leaves t0 at +0 as max does), and no
			// test of which end comes first: slab orders them by the sign
			// of rx, ry (0 exactly when dx, dy is, see segmentInto).
			// Written out here rather than a call to boxEntry, which does
			// not inline: the call was a fifth of the walk.
			bx0, by0 := float64(e.Box.X0), float64(e.Box.Y0)
			bx1, by1 := float64(e.Box.X1), float64(e.Box.Y1)
			// The entry and exit parameters along each axis (the whole
			// line when the segment does not move along it).
			tax, tbx := -inf, inf
			if rx != 0 {
				tax, tbx = slab(bx0, bx1, ax, rx)
			} else if ax < bx0 || ax > bx1 {
				continue
			}
			tay, tby := -inf, inf
			if ry != 0 {
				tay, tby = slab(by0, by1, ay, ry)
			} else if ay < by0 || ay > by1 {
				continue
			}
			// The stretch [max(tax, tay), min(tbx, tby)] meets [0, 1]
			// within the slack: max(tax, tay, 0) <= min(tbx, tby, 1) +
			// boxSlack written as its comparisons (the same floats; tax
			// <= tbx and tay <= tby hold already), so that no max or min
			// stands between the box's loads and the branches. Those at
			// the segment's ends rarely fail.
			if !(tax <= tby+boxSlack && tay <= tbx+boxSlack) ||
				!(tax <= 1+boxSlack && tay <= 1+boxSlack && tbx >= -boxSlack && tby >= -boxSlack) {
				continue
			}
			// The box is entered at t0 = max(tax, tay, 0) and left at t1 =
			// min(tbx, tby), taken only where needed (the builtin max and
			// min are some 20 instructions here): t0 = 0 is tax, tay <= 0
			// and t1 >= 1 is tbx, tby >= 1, and a candidate keeps tax and
			// tay (segCand.t).
			// The shooter and the target never block, and every
			// sightline between models starts in the one and ends in the
			// other: they are dropped here, before they are queued, by
			// index (Sight's filters), or by id (SightSegment's) for a
			// model whose box holds a (within rounding), or holds b and
			// would be visited (no blocker found before its box): on a
			// large table the records of other models are cache misses,
			// read only where a visit would read them. The model filter
			// decides the others when visited (visitID).
			if m := int(e.ID()) - np; m >= 0 {
				if f := st.f; m == f.shooter || m == f.target || (((tax <= 0 && tay <= 0) || (tbx >= 1 && tby >= 1 && !(st.found && max(tax, tay, 0)-entrySlack > st.first.t))) && f.ignored(mrecs[m].ID)) {
					continue
				}
			}
			if st.ncand == len(st.cand) && !st.flush() {
				return
			}
			st.cand[st.ncand] = segCand{tax, tay, e.ID()}
			st.ncand++
		}
		switch {
		case st.ncand == 1:
			// flush's common case, without the call.
			st.ncand = 0
			if k := st.cand[0]; (!cut || !st.found || k.t()-entrySlack <= st.first.t) && !st.visitID(int(k.id)) {
				return
			}
		case st.ncand > 1:
			if !st.flush() {
				return
			}
		}
		// The segment leaves the cell at texit; b lies in it unless
		// texit <= 1 (at texit = 1, b is on the boundary and the next
		// cell holds it too).
		texit := fmin(tx, ty)
		if texit > 1 || (st.found && cut && st.first.t+entrySlack < texit) {
			return
		}
		if tx <= ty {
			i += istep
			skip = icame
			tx = inf
			if e := i + ioff; e > 0 && e < nx {
				tx = (g.X0 + float64(e)*g.CW - ax) * rx
			}
		} else {
			j += jstep
			skip = jcame
			ty = inf
			if e := j + joff; e > 0 && e < ny {
				ty = (g.Y0 + float64(e)*g.CH - ay) * ry
			}
		}
	}
}

// slab returns where the line a + t/r enters and leaves [b0, b1] along
// one axis (r = 1/d ≠ 0): the two parameters in increasing order, by the
// sign of r (the walk's box test, for each axis; it inlines).
func slab(b0, b1, a, r float64) (enter, leave float64) {
	enter, leave = (b0-a)*r, (b1-a)*r
	if r < 0 {
		enter, leave = leave, enter
	}
	return enter, leave
}

// fmin is min for operands that are never NaN (the builtin's NaN and
// signed-zero handling costs a few instructions).
func fmin(x, y float64) float64 {
	return min(x, y)
}

// box returns the plan box of occluder id (pieces first, then models).
func (st *segState) box(id int) *terrain.PlanBox {
	if id < st.np {
		return &st.occ.Pieces.Boxes[id]
	}
	return &st.occ.Models.Boxes[id-st.np]
}

// walkAll visits every occluder (the reference walk), or without a grid
// every one whose plan box the segment's plan a + t·(dx, dy) may touch.
func (st *segState) walkAll(dx, dy float64) {
	for id := range st.np + len(st.occ.Models.Boxes) {
		if !st.reference {
			if _, ok := boxEntry(st.box(id), st.a.X, st.a.Y, dx, dy, 0, 0); !ok {
				continue
			}
		}
		if !st.visitID(id) {
			return
		}
	}
}

// segCand is a candidate occluder of the grid walk and the parameter where
// the segment enters its plan box.
type segCand struct {
	tax, tay float64 // the entry parameters along x and y (see t)
	id       int32
}

// t returns where the segment enters the candidate's plan box: max(tax,
// tay, 0).
func (c *segCand) t() float64 { return max(c.tax, c.tay, 0) }

// flush visits the queued candidates in order of box entry and reports
// whether to go on. Once a blocker is known, a candidate whose box the
// segment enters clearly after it can neither block first nor graze
// before it, so it is skipped (except under ThroughOwnSquad, whose count
// covers the whole segment). The walk visits a cell's lone candidate
// itself (the common case: no sort, no call).
func (st *segState) flush() bool {
	c := st.cand[:st.ncand]
	st.ncand = 0
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].t() < c[j-1].t(); j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	cut := st.f.opt.ThroughOwnSquad == 0
	for _, k := range c {
		if cut && st.found && k.t()-entrySlack > st.first.t {
			break
		}
		if !st.visitID(int(k.id)) {
			return false
		}
	}
	return true
}

// entrySlack bounds the rounding of a box entry parameter
// (boxEntry) below the true one.
const entrySlack = 1e-9
