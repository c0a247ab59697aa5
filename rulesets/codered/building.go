package codered

import (
	"fmt"

	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// blockEdge returns the segment of a declared edge of building block p: a
// wall id of the building, or a compass side of the block's bounding box.
func blockEdge(p *terrain.Piece, name string) (geom.Segment, bool) {
	if p.Building != nil {
		for i := range p.Building.Walls {
			if p.Building.Walls[i].ID == name {
				return p.Building.Walls[i].Segment(), true
			}
		}
	}
	b := p.Footprint.Bound()
	lo, hi := b.Lo(), b.Hi()
	switch name {
	case "north":
		return geom.Seg(geom.Pt(lo.X, hi.Y), hi), true
	case "south":
		return geom.Seg(lo, geom.Pt(hi.X, lo.Y)), true
	case "west":
		return geom.Seg(lo, geom.Pt(lo.X, hi.Y)), true
	case "east":
		return geom.Seg(geom.Pt(hi.X, lo.Y), hi), true
	}
	return geom.Segment{}, false
}

// InViewEdges reports whether point x is in the field of view of a unit in
// building block p that declared the given edges (CR-09, 4.1.2: "deklarieren
// bis zu zwei Kanten des Blocks, die ihren Sichtbereich nach außen
// definieren"). With o.ViewEdges "half-planes" (default) x must lie beyond
// the line of a declared edge, on its outer side; with "exit-edge" the
// segment from the block's centroid to x must leave the block through a
// declared edge (Amb. 10). No edges means the unit dug in: nothing is in view.
func InViewEdges(p *terrain.Piece, edges []string, x geom.Point, o Options) (bool, error) {
	if len(edges) > MaxViewEdges {
		return false, fmt.Errorf("viewEdges: %d edges, at most %d may be declared: %w", len(edges), MaxViewEdges, ErrQuery)
	}
	c := p.Footprint.Centroid()
	segs := make([]geom.Segment, 0, len(edges))
	for _, e := range edges {
		s, ok := blockEdge(p, e)
		if !ok {
			return false, fmt.Errorf("viewEdges: %q is neither a wall of %s nor north/east/south/west: %w", e, p.ID, ErrQuery)
		}
		segs = append(segs, s)
	}
	if o.ViewEdges == "exit-edge" {
		ivs := p.Footprint.SegmentInside(geom.Seg(c, x), nil)
		if len(ivs) == 0 {
			return false, nil
		}
		exit := geom.Seg(c, x).At(ivs[0].Hi)
		for _, s := range segs {
			if d, _ := geom.DistPointSegment(exit, s); d <= 1e-9 {
				return true, nil
			}
		}
		return false, nil
	}
	for _, s := range segs {
		e := s.B.Sub(s.A)
		n := geom.Pt(e.Y, -e.X) // a normal; orient it away from the block
		if n.Dot(c.Sub(s.A)) > 0 {
			n = n.Mul(-1)
		}
		if n.Dot(x.Sub(s.A)) > 0 {
			return true, nil
		}
	}
	return false, nil
}

// viewEdgeAllows checks CR-09 for unit u in a building with declared edges
// against the other unit's centre x. checked is false when u declared none.
func viewEdgeAllows(bf *terrain.Battlefield, u *terrain.Model, x geom.Point, o Options) (ok bool, text string, checked bool) {
	edges, declared := o.Situation.ViewEdges[u.ID]
	if !declared {
		return true, "", false
	}
	p, in := inBuilding(bf, u, o)
	if !in {
		return true, "", false
	}
	ok, err := InViewEdges(p, edges, x, o)
	if err != nil {
		return false, err.Error(), true
	}
	what := "the field of view over " + strings.Join(edges, " and ")
	if len(edges) == 0 {
		what = "no field of view (dug in)"
	}
	if ok {
		return true, fmt.Sprintf("(%.2f,%.2f) is in %s declared by %s in %s", x.X, x.Y, what, u.ID, p.ID), true
	}
	return false, fmt.Sprintf("(%.2f,%.2f) is outside %s declared by %s in %s: no firefight or attack", x.X, x.Y, what, u.ID, p.ID), true
}

// floorMoveOK reports whether a move of flat length plus floors floor
// changes fits the budget (CR-09: "Das Wechseln eines Stockwerkes kostet 3
// … Bewegungsreichweite").
func floorMoveOK(flat float64, floors int, budget float64) (float64, bool) {
	cost := flat + FloorChangeCost*float64(floors)
	return cost, cost <= budget+1e-9
}
