package terrain

import (
	"math"

	"github.com/sightline/sightline/geom"
)

// The Straddle rules: the surface under a base that lies across surfaces
// of different heights, from the overlaps of the base with the pieces.

// straddleGround returns the surface under the base shapes by the
// Straddle rule s: the surface under centre for StraddleCenter (and for
// shapes without area), else the highest or lowest surface under a part
// of positive area of any shape.
func (bf *Battlefield) straddleGround(centre geom.Point, shapes [][]geom.Point, s Straddle) Surface {
	at := bf.GroundAt(centre)
	if s == StraddleCenter || s == "" {
		return at
	}
	best, found := Surface{}, false
	for _, ring := range shapes {
		if len(ring) < 3 || !(geom.ConvexArea(ring) > 0) {
			continue
		}
		var g Surface
		if s == StraddleHighest {
			g = bf.highestUnder(ring)
		} else {
			g = bf.lowestUnder(ring)
		}
		if !found || (s == StraddleHighest) == higher(g, best) {
			best, found = g, true
		}
	}
	if !found {
		return at
	}
	return best
}

// overlapping returns the surfaces of the pieces whose footprint overlaps
// the convex ring with positive area, and the clipped overlaps.
func (bf *Battlefield) overlapping(ring []geom.Point) ([]Surface, [][][]geom.Point) {
	var surf []Surface
	var clips [][][]geom.Point
	area := geom.ConvexArea(ring)
	bf.VisitRect(geom.Polygon{Outer: ring}.Bound(), func(it Item) bool {
		if it.Kind != ItemPiece {
			return true
		}
		pc := &bf.pieces[it.Index]
		s, ok := pieceSurface(pc, it.Index)
		if !ok {
			return true
		}
		var parts [][]geom.Point
		for _, part := range pc.ConvexParts() {
			c := geom.ClipConvex(nil, ring, part)
			if len(c) >= 3 && geom.ConvexArea(c) > 1e-12*area {
				parts = append(parts, c)
			}
		}
		if len(parts) > 0 {
			surf = append(surf, s)
			clips = append(clips, parts)
		}
		return true
	})
	return surf, clips
}

// highestUnder returns the highest surface under a part of positive area
// of the convex ring (the table when no piece overlaps it).
func (bf *Battlefield) highestUnder(ring []geom.Point) Surface {
	best := TableSurface()
	surf, _ := bf.overlapping(ring)
	for _, s := range surf {
		if higher(s, best) {
			best = s
		}
	}
	return best
}

// lowestUnder returns the lowest surface under a part of positive area of
// the convex ring: the lowest candidate height h such that the pieces with
// surfaces above h leave part of the ring uncovered (up to a relative
// 1e-9 of its area).
func (bf *Battlefield) lowestUnder(ring []geom.Point) Surface {
	surf, clips := bf.overlapping(ring)
	area := geom.ConvexArea(ring)
	cands := append([]Surface{TableSurface()}, surf...)
	// A stable insertion sort, not slices.SortStableFunc: the same order,
	// without a merge sort instantiated for this element type (code size of
	// the WebAssembly module) and without sort.SliceStable's allocations;
	// the lists are short.
	for i := 1; i < len(cands); i++ {
		for j := i; j > 0 && higher(cands[j-1], cands[j]); j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	for _, c := range cands {
		var above [][]geom.Point
		for k, s := range surf {
			if s.Height > c.Height {
				above = append(above, clips[k]...)
			}
		}
		if len(above) == 0 || geom.ConvexUnionArea(above) < area*(1-1e-9) {
			return c
		}
	}
	return cands[len(cands)-1]
}

// standRings returns the plans a model stands on for the Straddle rules:
// its base (or, without one, its hull's plan) at Position and at each
// figure, as convex counter-clockwise rings whose vertices lie on the
// base's outline (inscribed, so that a base touching an edge does not
// overlap it).
func (m *Model) standRings() [][]geom.Point {
	centres := m.Figures
	if len(centres) == 0 {
		centres = []geom.Point{m.Position}
	}
	out := make([][]geom.Point, 0, len(centres))
	for _, c := range centres {
		out = append(out, m.standRing(c))
	}
	return out
}

// standRing is standRings for one centre c.
func (m *Model) standRing(c geom.Point) []geom.Point {
	sin, cos := math.Sincos(float64(m.Facing))
	switch m.Base.Shape {
	case BaseCircle, BaseOval:
		a, b := m.Base.Diameter/2, m.Base.Diameter/2
		if m.Base.Shape == BaseOval {
			a, b = m.Base.Length/2, m.Base.Width/2
		}
		n := circleSides(max(a, b))
		k := math.Cos(math.Pi / float64(n)) // circumscribed to inscribed
		var out []geom.Point
		for _, u := range unitPolygon(n) {
			x, y := k*a*u.X, k*b*u.Y
			out = append(out, geom.Pt(c.X+x*cos-y*sin, c.Y+x*sin+y*cos))
		}
		return out
	case BaseRect:
		r := geom.OrientedRect{Center: c, Length: m.Base.Length, Width: m.Base.Width, Angle: m.Facing}.Corners()
		return r[:]
	}
	if m.Hull.Length > 0 && m.Hull.Width > 0 {
		r := geom.OrientedRect{Center: c, Length: m.Hull.Length, Width: m.Hull.Width, Angle: m.Facing}.Corners()
		return r[:]
	}
	return []geom.Point{c}
}
