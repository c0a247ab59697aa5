package firestorm

import (
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// touchSlack is how far two shapes must interpenetrate to overlap when
// touching does not count (Options.TouchOverlaps false): far below what a
// tape measure resolves, far above float noise.
const touchSlack = 1e-7

// shrunk returns m's base at pose p made touchSlack smaller all round, so
// a distance of 0 to it means real overlap, not touching.
func shrunk(m *terrain.Model, p geom.Pose) geom.Convex {
	c := *m
	c.Position, c.Facing, c.Figures = p.Position, p.Facing, nil
	switch c.Base.Shape {
	case terrain.BaseCircle:
		c.Base.Diameter = math.Max(0, c.Base.Diameter-2*touchSlack)
	default:
		c.Base.Length = math.Max(0, c.Base.Length-2*touchSlack)
		c.Base.Width = math.Max(0, c.Base.Width-2*touchSlack)
	}
	return c.BaseShape()
}

// pieceShape returns the piece's exact plan: its circle, else its
// footprint.
func pieceShape(p *terrain.Piece) geom.Shape {
	if p.Circle != nil {
		return *p.Circle
	}
	return p.Footprint
}

// standPaths returns each stand's straight path during the move.
func (c *moveCtx) standPaths() []geom.Segment {
	a, b := standsAt(c.m, c.start, c.ship), standsAt(c.m, c.end, c.ship)
	out := make([]geom.Segment, len(a))
	for i := range a {
		out[i] = geom.Seg(a[i], b[i])
	}
	return out
}

// pieceHit is how the moving ship meets one piece: crossed its interior
// during the move, in it at the start, in it at the end.
type pieceHit struct {
	crossed, from, to bool
}

// meet reports how the ship meets piece p, by its stands or by its base
// (by is "stand" or "base", Ambiguity 3). Touching the edge does not count
// for stands (a line only grazing a piece) and does for bases only when
// touch is set.
//
// Why grazing does not count: the original halves the move of models that
// navigate through a debris field ("durch Gelände dieser Art
// hindurchnavigieren", FT-16), and rolls for mines when a model chooses to
// cross a minefield ("ein Minenfeld zu durchqueren", FT-17); a path that
// only touches the edge goes past the field, not through it. Occupied
// areas (FT-20) are the opposite: any "Kontakt" destroys, so the terrain
// check asks with touch set. For stands the decision is los.AreaCrossings'
// Grazing, exact on a piece's circle when it has one (else on its
// footprint), so a path exactly tangent to a round minefield grazes it in
// every position of the table. For bases it is a distance of 0 between
// the swept base, shrunk by touchSlack when touching does not count, and
// the piece's exact shape: a tie is decided to within touchSlack.
func (c *moveCtx) meet(p *terrain.Piece, by string, touch bool) pieceHit {
	var h pieceHit
	if by == "stand" {
		if c.standHits == nil {
			c.standHits = map[string]pieceHit{}
			for _, s := range c.standPaths() {
				for _, x := range los.AreaCrossings(c.bf, s.A, s.B, los.AreaFilter{AllPieces: true}) {
					if !x.Grazing {
						g := c.standHits[x.PieceID]
						c.standHits[x.PieceID] = pieceHit{crossed: true, from: g.from || x.FromInside, to: g.to || x.ToInside}
					}
				}
			}
		}
		return c.standHits[p.ID]
	}
	shape := func(q geom.Pose) geom.Convex {
		if touch {
			return baseAt(c.m, q)
		}
		return shrunk(c.m, q)
	}
	hits := func(s geom.Convex) bool { d, _, _ := geom.DistShapes(s, pieceShape(p)); return d == 0 }
	h.crossed = hits(geom.SweptFrom(shape(c.start), c.start.Position, c.end.Position))
	h.from, h.to = hits(shape(c.start)), hits(shape(c.final))
	return h
}

// crossedForMove returns the debris fields and minefields that halve the
// move (FT-16, FT-17: a minefield counts as debris) and the gas anomalies
// crossed (FT-18), by Options.TerrainBy and DebrisMove (Ambiguities 3, 5).
func (c *moveCtx) crossedForMove() (debris, gas []string) {
	pieces := c.bf.Pieces()
	for i := range pieces {
		p := &pieces[i]
		if !halving(p) {
			continue
		}
		h := c.meet(p, c.opt.TerrainBy, false)
		hit := h.crossed
		if c.opt.DebrisMove == "ends" {
			hit = h.from || h.to
		}
		switch {
		case !hit:
		case p.Kind == terrain.Gas:
			gas = append(gas, p.ID)
		default:
			debris = append(debris, p.ID)
		}
	}
	return debris, gas
}

// others returns the other ships' bases at their current poses.
func (c *moveCtx) others() ([]string, []geom.Convex) {
	models := c.bf.Models()
	ids := make([]string, 0, len(models))
	shapes := make([]geom.Convex, 0, len(models))
	for i := range models {
		o := &models[i]
		if o.ID == c.m.ID {
			continue
		}
		p := o.Pose()
		if q, ok := c.poses[o.ID]; ok {
			p = q
		}
		ids, shapes = append(ids, o.ID), append(shapes, baseAt(o, p))
	}
	return ids, shapes
}

// overlap checks that the base overlaps no other base (FT-12 "zu keinem
// Zeitpunkt"): swept along the move, and through each turn at every degree
// with TurnSweep, or at the end only (Overlap "end", Ambiguity 4).
func (c *moveCtx) overlap() {
	ids, shapes := c.others()
	base := func(p geom.Pose) geom.Convex {
		if c.opt.TouchOverlaps {
			return baseAt(c.m, p)
		}
		return shrunk(c.m, p)
	}
	var probes []geom.Convex
	if c.opt.Overlap == "end" {
		probes = []geom.Convex{base(c.final)}
	} else {
		probes = append(probes, geom.SweptFrom(base(c.start), c.start.Position, c.end.Position))
		if c.opt.TurnSweep && c.m.Base.Shape != terrain.BaseCircle {
			probes = append(probes, c.turnPoses(base)...)
		}
		probes = append(probes, base(c.final))
	}
	for i, s := range shapes {
		for _, pr := range probes {
			if d, _, _ := geom.DistConvex(pr, s); d == 0 {
				c.r.Overlaps = append(c.r.Overlaps, ids[i])
				break
			}
		}
	}
	if len(c.r.Overlaps) == 0 {
		c.v.Allow(ftOverlap, "the base overlaps no other base during the move (overlap %s)", c.opt.Overlap)
		return
	}
	stop := c.bestStop(base, shapes)
	c.r.BestStop = &stop
	c.v.Forbid(ftOverlap, "the base overlaps %v during the move; start again from the starting point (the farthest clear stop on this line is %.2f in)", c.r.Overlaps, stop)
}

// turnPoses returns the base at every degree of both turns.
func (c *moveCtx) turnPoses(base func(geom.Pose) geom.Convex) []geom.Convex {
	var out []geom.Convex
	f0 := c.start.Facing.Degrees() - c.r.Turns[0]
	for k, t := range c.r.Turns {
		at, from := c.start.Position, f0
		if k == 1 {
			at, from = c.end.Position, c.end.Facing.Degrees()
		}
		n := min(int(math.Ceil(math.Abs(t))), 360)
		for i := 1; i < n; i++ {
			out = append(out, base(poseAt(at, from+t*float64(i)/float64(n))))
		}
	}
	return out
}

// bestStop returns the farthest distance along the move's line at which
// the swept base still overlaps nothing (bisection to 1e-6 in).
func (c *moveCtx) bestStop(base func(geom.Pose) geom.Convex, shapes []geom.Convex) float64 {
	d := c.r.Distance
	if d == 0 {
		return 0
	}
	dir := c.end.Position.Sub(c.start.Position).Mul(1 / d)
	clear := func(t float64) bool {
		sw := geom.SweptFrom(base(c.start), c.start.Position, c.start.Position.Add(dir.Mul(t)))
		for _, s := range shapes {
			if x, _, _ := geom.DistConvex(sw, s); x == 0 {
				return false
			}
		}
		return true
	}
	if !clear(0) {
		return 0
	}
	lo, hi := 0.0, d
	for hi-lo > 1e-6 {
		if mid := (lo + hi) / 2; clear(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return rulesets.Round(math.Floor(lo*1e6) / 1e6)
}

// terrain checks occupied areas (FT-20) and minefields (FT-17).
func (c *moveCtx) terrain(forced bool) {
	pieces := c.bf.Pieces()
	for i := range pieces {
		p := &pieces[i]
		switch {
		case c.opt.isOccupied(p):
			if h := c.meet(p, c.opt.ContactBy, true); h.crossed || h.to || c.contactAtEnd(p) {
				c.occupiedContact(p.ID, forced)
			}
		case p.Kind == terrain.Minefield:
			h := c.meet(p, c.opt.TerrainBy, false)
			if c.mineTriggered(h) {
				c.r.MineChecks = append(c.r.MineChecks, p.ID)
				c.v.Allow(ftMinefield, "%s crosses minefield %s: roll a D6, on %d+ it takes a %d-dice attack (the field goes after %d detonations)", c.m.ID, p.ID, mineRoll, mineDice, mineDetonations)
			}
		}
	}
}

// contactAtEnd reports contact of the final pose (the second turn may
// swing a base into a piece).
func (c *moveCtx) contactAtEnd(p *terrain.Piece) bool {
	if c.opt.ContactBy == "stand" {
		return false
	}
	d, _, _ := geom.DistShapes(baseAt(c.m, c.final), pieceShape(p))
	return d == 0
}

// occupiedContact records contact with an occupied area: a declared move
// may not go there, a forced one destroys the ship (FT-20).
func (c *moveCtx) occupiedContact(id string, forced bool) {
	c.r.Contact = id
	by := "base"
	if c.opt.ContactBy == "stand" {
		by = "stand"
	}
	if forced {
		c.r.Destroyed = ftOccupied
		c.v.Allow(ftOccupied, "the forced move brings the %s into contact with occupied area %s: the ship is destroyed", by, id)
		c.v.Modify(rulesets.Modifier{Name: "destroyed", Clause: ftOccupied, Text: "contact with " + id})
		return
	}
	c.v.Forbid(ftOccupied, "the move brings the %s into contact with occupied area %s: ships may not move through occupied areas (contact destroys)", by, id)
}

// mineTriggered applies Options.MineTrigger (Ambiguity 16).
func (c *moveCtx) mineTriggered(h pieceHit) bool {
	if !h.crossed || c.r.Distance == 0 {
		return false
	}
	switch c.opt.MineTrigger {
	case "through":
		return !h.from && !h.to
	case "any":
		return true
	}
	return !h.from
}

// table checks leaving the table (FT-13): the ship is destroyed when its
// stands (or base centre, or any part of its base: LeaveBy, Ambiguity 9)
// end off the table. A straight move between two points on the table
// stays on it, so the end decides.
func (c *moveCtx) table() {
	t := c.bf.Table().Bound()
	var off bool
	switch c.opt.LeaveBy {
	case "center":
		off = !t.ContainsPoint(c.final.Position)
	case "base":
		off = !t.Contains(baseAt(c.m, c.final).Bound())
	default:
		off = slices.ContainsFunc(standsAt(c.m, c.final, c.ship), func(p geom.Point) bool { return !t.ContainsPoint(p) })
	}
	if !off {
		return
	}
	if c.r.Destroyed == "" {
		c.r.Destroyed = ftLeave
	}
	c.v.Allow(ftLeave, "the %s ends off the table: the ship leaves the battlefield and counts as destroyed", c.opt.LeaveBy)
	c.v.Modify(rulesets.Modifier{Name: "destroyed", Clause: ftLeave, Text: fmt.Sprintf("off the table at (%.2f, %.2f)", c.final.Position.X, c.final.Position.Y)})
}
