package threat

import (
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// Reasons a cell is not standable.
const (
	ReasonEdge    = "edge"    // the model's plan leaves the table
	ReasonTerrain = "terrain" // it overlaps a piece impassable to its class
	ReasonModel   = "model"   // it overlaps another model
	ReasonGround  = "ground"  // ReplaceModel refuses it (level, ground)
)

// placer places the model; *terrain.Roaming and *terrain.Placer are
// placers.
type placer interface {
	Place(m terrain.Model) (*terrain.Battlefield, error)
	Battlefield() *terrain.Battlefield
}

// Place returns the battlefield with the prototype standing at p, or the
// reason it cannot stand there ("" when it can). r places the model of
// proto.ID (a *terrain.Roaming, or a worker's *terrain.Placer whose
// battlefield is valid until its next Place).
func Place(r placer, proto terrain.Model, p geom.Point) (*terrain.Battlefield, string) {
	base := r.Battlefield()
	proto.Position = p
	ring := proto.PlanRing(nil)
	t := base.Table()
	for _, v := range ring {
		if v.X < 0 || v.Y < 0 || v.X > t.Width || v.Y > t.Depth {
			return nil, ReasonEdge
		}
	}
	if r := blocked(base, &proto, ring); r != "" {
		return nil, r
	}
	nb, err := r.Place(proto)
	if err != nil {
		return nil, ReasonGround
	}
	return nb, ""
}

// blocked reports the reason the plan ring of m overlaps, with positive
// area, an impassable piece or another model on the ground ("" for none).
func blocked(bf *terrain.Battlefield, m *terrain.Model, ring []geom.Point) string {
	occ := bf.Occluders()
	var clip [2*terrain.MaxPlanRing + 8]geom.Point
	reason := ""
	bound := geom.Polygon{Outer: ring}.Bound()
	bf.VisitRect(bound, func(it terrain.Item) bool {
		switch it.Kind {
		case terrain.ItemPiece:
			pc := &bf.Pieces()[it.Index]
			if pc.Movement.For(m.Class) != terrain.Impassable {
				return true
			}
			for _, part := range pc.ConvexParts() {
				if geom.ConvexArea(geom.ClipConvex(clip[:0], ring, part)) > 0 {
					reason = ReasonTerrain
					return false
				}
			}
		case terrain.ItemModel:
			o := &bf.Models()[it.Index]
			if o.ID == m.ID || o.Airborne() || m.Airborne() {
				return true
			}
			if len(ring) >= 3 && len(occ.Models.Rings[it.Index]) >= 3 &&
				geom.ConvexArea(geom.ClipConvex(clip[:0], ring, occ.Models.Rings[it.Index])) > 0 {
				reason = ReasonModel
				return false
			}
		}
		return true
	})
	return reason
}

// evalCell answers one cell: the model placed at p, then each observer's
// queries on that battlefield.
func evalCell(base placer, proto terrain.Model, p geom.Point, observers []string, opt *Options) (Cell, error) {
	bf, reason := Place(base, proto, p)
	if reason != "" {
		return Cell{Reason: reason}, nil
	}
	c := Cell{Standable: true}
	for _, o := range observers {
		if err := observe(bf, o, proto.ID, opt, &c); err != nil {
			return c, err
		}
	}
	return c, nil
}

// observe adds observer o's answers about target on bf to c.
func observe(bf *terrain.Battlefield, o, target string, opt *Options, c *Cell) error {
	s, err := los.Sight(bf, o, target, opt.Sight)
	if err != nil {
		return err
	}
	if s.Visible {
		c.Seen++
		if s.Witness != nil && *s.Witness == s.Centre {
			c.Centre++
		}
		if c.MaxFraction < 1 {
			f, err := los.VisibleFraction(bf, o, target, opt.Sight)
			if err != nil {
				return err
			}
			c.MaxFraction = max(c.MaxFraction, f.Fraction)
		}
	}
	if opt.Range > 0 {
		mode := opt.RangeMode
		if mode == "" {
			mode = los.RangeCenter
		}
		r, err := los.Range(bf, o, target, mode)
		if err != nil {
			return err
		}
		if r.Distance <= opt.Range {
			c.InRange++
		}
	}
	if opt.Shot != nil {
		ok, err := opt.Shot(bf, o, target)
		if err != nil {
			return err
		}
		if ok {
			c.Legal++
		}
	}
	return nil
}
