package scenario

import (
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

var (
	tableFields    = []string{"width", "depth", "straddle"}
	straddles      = []string{"center", "highest", "lowest"}
	pieceFields    = []string{"id", "name", "kind", "footprint", "holes", "circle", "height", "sight", "cover", "movement", "level", "building"}
	kinds          = []string{"solid", "building", "area", "smoke", "water", "debris", "gas", "minefield", "occupied"}
	sights         = []string{"clear", "concealing", "blocking"}
	covers         = []string{"none", "soft", "hard", "fortified", "bunker"}
	movements      = []string{"open", "difficult", "dangerous", "impassable"}
	classes        = []string{"infantry", "vehicle", "walker", "skimmer", "aircraft", "ship", "figure"}
	buildingFields = []string{"floors", "garrison", "roof", "floorHeights", "walls"}
	wallFields     = []string{"id", "from", "to", "windows", "entrances"}
)

// piece decodes one terrain piece.
func (d *dec) piece(n *node, path string, p *terrain.Piece) error {
	if err := d.object(n, path, pieceFields...); err != nil {
		return err
	}
	if err := d.pieceProps(n, path, p, false); err != nil {
		return err
	}
	fp, circ, holes := n.get("footprint"), n.get("circle"), n.get("holes")
	switch {
	case fp != nil && circ != nil:
		return newError(ErrValue, joinKey(path, "circle"), circ.short(), "give either footprint or circle, not both")
	case fp == nil && circ == nil:
		return missing(joinKey(path, "footprint"))
	case circ != nil:
		if holes != nil {
			return newError(ErrValue, joinKey(path, "holes"), holes.short(), "holes need a footprint, not a circle")
		}
		c, err := d.circle(circ, joinKey(path, "circle"))
		if err != nil {
			return err
		}
		p.Circle = &c
	default:
		ring, err := d.points(fp, joinKey(path, "footprint"), 3)
		if err != nil {
			return err
		}
		p.Footprint.Outer = geom.Ring(ring)
		if holes != nil {
			hp := joinKey(path, "holes")
			if err := d.array(holes, hp, 0); err != nil {
				return err
			}
			for i, h := range holes.elems {
				r, err := d.points(h, index(hp, i), 3)
				if err != nil {
					return err
				}
				p.Footprint.Holes = append(p.Footprint.Holes, geom.Ring(r))
			}
		}
	}
	return nil
}

// pieceProps decodes every piece field except the geometry. With
// idOptional the id may be absent (GeoJSON features).
func (d *dec) pieceProps(n *node, path string, p *terrain.Piece, idOptional bool) error {
	var err error
	if v := n.get("id"); v != nil {
		if p.ID, err = d.id(v, joinKey(path, "id")); err != nil {
			return err
		}
	} else if !idOptional {
		return missing(joinKey(path, "id"))
	}
	if v := n.get("name"); v != nil {
		if p.Name, err = d.str(v, joinKey(path, "name")); err != nil {
			return err
		}
	}
	v := n.get("kind")
	if v == nil {
		return missing(joinKey(path, "kind"))
	}
	k, err := d.enum(v, joinKey(path, "kind"), kinds)
	if err != nil {
		return err
	}
	p.Kind = terrain.Kind(k)
	if v := n.get("height"); v != nil {
		if p.Height, err = d.lengthMin(v, joinKey(path, "height"), false); err != nil {
			return err
		}
	} else if p.Kind == terrain.Solid || p.Kind == terrain.Building {
		return missing(joinKey(path, "height"))
	}
	v = n.get("sight")
	if v == nil {
		return missing(joinKey(path, "sight"))
	}
	s, err := d.enum(v, joinKey(path, "sight"), sights)
	if err != nil {
		return err
	}
	p.Sight = terrain.Sight(s)
	v = n.get("cover")
	if v == nil {
		return missing(joinKey(path, "cover"))
	}
	c, err := d.enum(v, joinKey(path, "cover"), covers)
	if err != nil {
		return err
	}
	p.Cover = terrain.Cover(c)
	v = n.get("movement")
	if v == nil {
		return missing(joinKey(path, "movement"))
	}
	if p.Movement, err = d.movement(v, joinKey(path, "movement")); err != nil {
		return err
	}
	p.Level = 1
	if v := n.get("level"); v != nil {
		if p.Level, err = d.integer(v, joinKey(path, "level"), 1, terrain.MaxLevel); err != nil {
			return err
		}
	}
	if v := n.get("building"); v != nil {
		bp := joinKey(path, "building")
		if p.Kind != terrain.Building {
			return newError(ErrValue, bp, v.short(), "only a piece of kind \"building\" may have building data, this one is %q", p.Kind)
		}
		b, err := d.building(v, bp)
		if err != nil {
			return err
		}
		p.Building = b
	}
	return nil
}

func (d *dec) circle(n *node, path string) (geom.Circle, error) {
	if err := d.object(n, path, "center", "radius"); err != nil {
		return geom.Circle{}, err
	}
	c, r := n.get("center"), n.get("radius")
	if c == nil {
		return geom.Circle{}, missing(joinKey(path, "center"))
	}
	if r == nil {
		return geom.Circle{}, missing(joinKey(path, "radius"))
	}
	center, err := d.point(c, joinKey(path, "center"))
	if err != nil {
		return geom.Circle{}, err
	}
	radius, err := d.lengthMin(r, joinKey(path, "radius"), true)
	if err != nil {
		return geom.Circle{}, err
	}
	return geom.Circle{Center: center, Radius: radius}, nil
}

// movement decodes "difficult" or {"infantry": "difficult", ...}; the
// object form may name a "default" for the classes it does not list.
// Default is always filled ("open" when not given).
func (d *dec) movement(n *node, path string) (terrain.MovementRule, error) {
	if n.kind == nString {
		m, err := d.enum(n, path, movements)
		return terrain.MovementRule{Default: terrain.Movement(m)}, err
	}
	if n.kind != nObject {
		return terrain.MovementRule{}, typeErr(n, path, "a movement string or an object by model class")
	}
	rule := terrain.MovementRule{Default: terrain.Open}
	for i, k := range n.keys {
		kp := joinKey(path, k)
		if k != "default" && !contains(classes, k) {
			return terrain.MovementRule{}, newError(ErrUnknownField, kp, n.elems[i].short(), "unknown field; want \"default\" or a model class (%s)", strings.Join(classes, ", "))
		}
		m, err := d.enum(n.elems[i], kp, movements)
		if err != nil {
			return terrain.MovementRule{}, err
		}
		if k == "default" {
			rule.Default = terrain.Movement(m)
			continue
		}
		if rule.ByClass == nil {
			rule.ByClass = map[terrain.Class]terrain.Movement{}
		}
		rule.ByClass[terrain.Class(k)] = terrain.Movement(m)
	}
	return rule, nil
}

func (d *dec) building(n *node, path string) (*terrain.BuildingInfo, error) {
	if err := d.object(n, path, buildingFields...); err != nil {
		return nil, err
	}
	b := &terrain.BuildingInfo{Floors: 1}
	var err error
	if v := n.get("floors"); v != nil {
		if b.Floors, err = d.integer(v, joinKey(path, "floors"), 1, terrain.MaxLevel); err != nil {
			return nil, err
		}
	}
	if v := n.get("garrison"); v != nil {
		if b.Garrison, err = d.integer(v, joinKey(path, "garrison"), 0, MaxItems); err != nil {
			return nil, err
		}
	}
	if v := n.get("roof"); v != nil {
		if v.kind != nBool {
			return nil, typeErr(v, joinKey(path, "roof"), "a boolean")
		}
		b.Roof = v.b
	}
	if v := n.get("floorHeights"); v != nil {
		fp := joinKey(path, "floorHeights")
		if err := d.array(v, fp, 1); err != nil {
			return nil, err
		}
		b.FloorHeights = make([]float64, len(v.elems))
		for i, e := range v.elems {
			if b.FloorHeights[i], err = d.lengthMin(e, index(fp, i), false); err != nil {
				return nil, err
			}
		}
	}
	if v := n.get("walls"); v != nil {
		wp := joinKey(path, "walls")
		if err := d.array(v, wp, 0); err != nil {
			return nil, err
		}
		b.Walls = make([]terrain.Wall, len(v.elems))
		for i, e := range v.elems {
			if err := d.wall(e, index(wp, i), &b.Walls[i]); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

func (d *dec) wall(n *node, path string, w *terrain.Wall) error {
	if err := d.object(n, path, wallFields...); err != nil {
		return err
	}
	var err error
	for _, k := range []string{"id", "from", "to"} {
		if n.get(k) == nil {
			return missing(joinKey(path, k))
		}
	}
	if w.ID, err = d.id(n.get("id"), joinKey(path, "id")); err != nil {
		return err
	}
	if w.From, err = d.point(n.get("from"), joinKey(path, "from")); err != nil {
		return err
	}
	if w.To, err = d.point(n.get("to"), joinKey(path, "to")); err != nil {
		return err
	}
	if v := n.get("windows"); v != nil {
		wp := joinKey(path, "windows")
		if err := d.array(v, wp, 0); err != nil {
			return err
		}
		w.Windows = make([]geom.Vec3, len(v.elems))
		for i, e := range v.elems {
			if w.Windows[i], err = d.vec3(e, index(wp, i)); err != nil {
				return err
			}
		}
	}
	if v := n.get("entrances"); v != nil {
		if w.Entrances, err = d.points(v, joinKey(path, "entrances"), 0); err != nil {
			return err
		}
	}
	return nil
}
