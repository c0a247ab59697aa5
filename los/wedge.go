package los

import (
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// gatherWedge sets sc.cands to the occluders listed in the grid cells that
// the convex plan polygon w (the sight wedge: the hull of the eye and the
// target's plan ring, which holds the plan of every sightline of a
// fraction query) may touch, each once, in id order. Cells
// are taken with a margin far above the rounding of their bounds, so no
// occluder whose plan meets w is missed; the others are rejected by
// addPart. Without a grid it visits the bounds of w instead.
func (sc *fracScratch) gatherWedge(bf *terrain.Battlefield, w []geom.Point) {
	sc.cands = sc.cands[:0]
	occ := bf.Occluders()
	g := &occ.Grid
	wb := terrain.PlanBoxOf(w)
	if g.NX == 0 || len(w) < 3 {
		box := geom.RectFromPoints(w...)
		bf.VisitRect(box, func(it terrain.Item) bool {
			sc.cands = append(sc.cands, it)
			return true
		})
		return
	}
	np := len(occ.Pieces.Boxes)
	sc.ids = sc.ids[:0]
	sc.newGen(np + len(occ.Models.Boxes))
	m := g.Margin + 1e-9*(1+abs(wb.X0)+abs(wb.Y0)+(wb.X1-wb.X0)+(wb.Y1-wb.Y0))
	j0, j1 := g.Row(wb.Y0-m), g.Row(wb.Y1+m)
	for j := j0; j <= j1; j++ {
		y0 := max(wb.Y0, g.Y0+float64(j)*g.CH-m)
		y1 := min(wb.Y1, g.Y0+float64(j+1)*g.CH+m)
		if x0, x1, ok := bandSpan(w, y0, y1); ok {
			for i := g.Col(x0 - m); i <= g.Col(x1+m); i++ {
				k := g.Cell(i, j)
				for _, id := range g.IDs[g.Start[k]:g.Start[k+1]] {
					if sc.seen[id] == sc.gen {
						continue
					}
					sc.seen[id] = sc.gen
					sc.ids = append(sc.ids, id)
				}
			}
		}
	}
	// In id order (pieces, then models, by index): the parts, and so the
	// rounding of the fraction, do not depend on the grid's layout (a
	// roaming battlefield's grid differs from a rebuilt one's).
	slices.Sort(sc.ids)
	for _, id := range sc.ids {
		if int(id) < np {
			sc.cands = append(sc.cands, terrain.Item{Kind: terrain.ItemPiece, Index: int(id)})
		} else {
			sc.cands = append(sc.cands, terrain.Item{Kind: terrain.ItemModel, Index: int(id) - np})
		}
	}
}

// newGen starts a new generation of sc.seen, which marks the occluder ids
// met by one gather, for n ids.
func (sc *fracScratch) newGen(n int) {
	if len(sc.seen) < n {
		sc.seen = make([]uint32, n)
		sc.gen = 0
	}
	sc.gen++
	if sc.gen == 0 {
		clear(sc.seen)
		sc.gen = 1
	}
}

// bandSpan returns the x extent of the part of the closed convex polygon w
// between the ordinates y0 <= y1 (in floating point: the caller grows it
// by its margin), and false when that part is empty.
func bandSpan(w []geom.Point, y0, y1 float64) (float64, float64, bool) {
	if !(y0 <= y1) {
		return 0, 0, false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	n := len(w)
	for k := range n {
		p, q := w[k], w[(k+1)%n]
		if p.Y > q.Y {
			p, q = q, p
		}
		a, b := max(p.Y, y0), min(q.Y, y1)
		if a > b {
			continue
		}
		if p.Y == q.Y {
			lo, hi = min(lo, p.X, q.X), max(hi, p.X, q.X)
			continue
		}
		s := (q.X - p.X) / (q.Y - p.Y)
		xa, xb := p.X+(a-p.Y)*s, p.X+(b-p.Y)*s
		lo, hi = min(lo, xa, xb), max(hi, xa, xb)
	}
	return lo, hi, lo <= hi
}
