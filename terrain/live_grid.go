package terrain

import "slices"

// movedGrid returns buildGrid(boxes, marks) given g, the grid buildGrid
// built of the same boxes and marks but for boxes[id] and marks[id], when
// the grid's cells stay the same (the boxes' extent, their count and the listing's size allow no other):
// the id leaves the cells of its old span and enters those of its new
// one, at its place in id order, and everything else is copied. ok is
// false otherwise; the caller then builds the grid afresh.
func movedGrid(g *PlanGrid, boxes []PlanBox, marks []Mark, id int) (PlanGrid, bool) {
	ng, _, _, ok := gridCells(boxes)
	if !ok || len(g.Spans) != len(boxes) || ng.X0 != g.X0 || ng.Y0 != g.Y0 || ng.CW != g.CW || ng.CH != g.CH ||
		ng.NX != g.NX || ng.NY != g.NY || ng.Margin != g.Margin {
		return PlanGrid{}, false
	}
	o, s := g.Spans[id], ng.spanOf(boxes[id])
	listed := len(g.IDs) - o.cells() + s.cells()
	if listed > gridMaxListed(len(boxes)) && ng.NX*ng.NY > 1 {
		return PlanGrid{}, false // buildGrid would coarsen
	}
	ng.Spans = slices.Clone(g.Spans)
	ng.Spans[id] = s
	ng.Start = make([]int32, len(g.Start))
	ng.Unmarked = make([]int32, len(g.Unmarked))
	ng.IDs = make([]int32, 0, listed)
	ng.Entries = make([]CellEntry, 0, listed)
	id32 := int32(id)
	next := 0          // the next cell whose start is to be written
	copied := int32(0) // g's listing is copied up to here
	shift := int32(0)  // how far the cells reached start after g's
	// copyTo writes the starts of the cells before k (and k's), which
	// the edit leaves as they were but for the shift.
	copyTo := func(k int) {
		for ; next <= k; next++ {
			ng.Start[next] = g.Start[next] + shift
			if next < len(ng.Unmarked) {
				ng.Unmarked[next] = g.Unmarked[next] + shift
			}
		}
	}
	m := markAt(marks, id)
	// part copies the listing [lo, hi) of g without the id, and with
	// its new entry se at its place when in.
	part := func(lo, hi int32, in bool, se CellEntry) {
		for e := lo; e < hi; e++ {
			x := g.IDs[e]
			if x == id32 {
				continue
			}
			if in && x > id32 {
				ng.IDs, ng.Entries = append(ng.IDs, id32), append(ng.Entries, se)
				in = false
			}
			ng.IDs, ng.Entries = append(ng.IDs, x), append(ng.Entries, g.Entries[e])
		}
		if in {
			ng.IDs, ng.Entries = append(ng.IDs, id32), append(ng.Entries, se)
		}
	}
	// edit rewrites cell k, which the id leaves (out), enters (in) or
	// stays in with its new span (both), after copying the cells before:
	// the unmarked part, then the marked one (see PlanGrid.Unmarked), the
	// id's new entry in the part its mark puts it in.
	edit := func(k int, out, in bool) {
		se := cellEntry(boxes[id], m, s, id32, k%ng.NX, k/ng.NX)
		copyTo(k)
		a, u, b := g.Start[k], g.Unmarked[k], g.Start[k+1]
		ng.IDs = append(ng.IDs, g.IDs[copied:a]...)
		ng.Entries = append(ng.Entries, g.Entries[copied:a]...)
		part(a, u, in && !skipped(m), se)
		ng.Unmarked[k] = int32(len(ng.IDs)) // (copyTo's value replaced)
		part(u, b, in && skipped(m), se)
		copied = b
		shift = int32(len(ng.IDs)) - b
	}
	for j := min(o.J0, s.J0); j <= max(o.J1, s.J1); j++ {
		oj, sj := o.J0 <= j && j <= o.J1, s.J0 <= j && j <= s.J1
		if !oj && !sj {
			continue
		}
		for i := min(o.I0, s.I0); i <= max(o.I1, s.I1); i++ {
			out, in := oj && o.I0 <= i && i <= o.I1, sj && s.I0 <= i && i <= s.I1
			if out || in {
				edit(ng.Cell(int(i), int(j)), out, in)
			}
		}
	}
	copyTo(len(ng.Start) - 1)
	ng.IDs = append(ng.IDs, g.IDs[copied:]...)
	ng.Entries = append(ng.Entries, g.Entries[copied:]...)
	return ng, true
}
