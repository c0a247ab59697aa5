package movement

import (
	"fmt"
	"slices"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// groundStep is one change of the surface under the reference point along
// a path: from Along inches on, it stands on Surface.
type groundStep struct {
	along   float64
	surface terrain.Surface
}

// hasSurface reports whether a model may stand on piece pc from above
// (terrain.Battlefield.PieceSurface): a solid piece of positive height or
// a building.
func hasSurface(pc *terrain.Piece) bool {
	return pc.Kind == terrain.Solid && pc.Height > 0 || pc.Kind == terrain.Building
}

// groundProfile returns the surfaces under the reference point along the
// path, in order, each from the distance where it begins (the first from
// 0): the highest surface whose piece's closed footprint holds the point
// (terrain.Battlefield.GroundAt), decided between the boundary crossings
// of the pieces that offer a surface (crossed may list others: they are
// skipped). Consecutive equal surfaces are merged.
func groundProfile(bf *terrain.Battlefield, path []geom.Point, crossed []Crossing) []groundStep {
	crossed = slices.DeleteFunc(slices.Clone(crossed), func(x Crossing) bool { return !hasSurface(&bf.Pieces()[x.Piece]) })
	if len(crossed) == 0 {
		return []groundStep{{0, terrain.TableSurface()}}
	}
	length := PathLength(path)
	cuts := []float64{0, length}
	for _, x := range crossed {
		for _, s := range x.Stretches {
			cuts = append(cuts, s.Lo, s.Hi)
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	at := func(d float64) terrain.Surface {
		best := terrain.TableSurface()
		for _, x := range crossed {
			if slices.ContainsFunc(x.Stretches, func(s r1.Interval) bool { return s.Lo <= d && d <= s.Hi }) {
				if s, _ := bf.PieceSurface(x.Piece); s.Height > best.Height {
					best = s
				}
			}
		}
		return best
	}
	var out []groundStep
	add := func(d float64, s terrain.Surface) {
		if len(out) == 0 || out[len(out)-1].surface != s {
			out = append(out, groundStep{d, s})
		}
	}
	add(0, at(0))
	for i := 0; i+1 < len(cuts); i++ {
		if cuts[i+1] > cuts[i] {
			add(cuts[i], at((cuts[i]+cuts[i+1])/2))
		}
	}
	if length > 0 {
		add(length, at(length))
	}
	return out
}

// climb fills Climb and ClimbCost and appends a "roof" violation when the
// profile may not move onto a roof the path reaches (an airborne mover
// flies over the surfaces; the roof the model starts on is allowed).
func (c *checker) climb(path []geom.Point, crossed []Crossing, res *PathResult) {
	if c.prof.Airborne || len(path) == 0 {
		return
	}
	steps := groundProfile(c.bf, path, crossed)
	start := c.m.Stand()
	prev := c.m.Ground()
	rise := 0.0
	for _, st := range steps {
		if st.surface.Height > prev {
			rise += st.surface.Height - prev
		}
		prev = st.surface.Height
		if st.surface.Kind == terrain.SurfaceRoof && !c.prof.Roofs && st.surface.Piece != start.Piece {
			res.Violations = append(res.Violations, Violation{Kind: "roof", Object: st.surface.PieceID,
				At: toXY(PointAlong(path, st.along)), Along: round9(st.along), Leg: legAt(path, st.along),
				Detail: fmt.Sprintf("a %s cannot move onto the roof of %s", c.prof.Name, st.surface.PieceID)})
		}
	}
	res.Climb = round9(rise)
	res.ClimbCost = round9(rise * c.prof.ClimbFactor)
}
