package scenario

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

var (
	modelFields    = []string{"id", "side", "squad", "class", "position", "facing", "base", "hull", "altitude", "elevation", "level", "garrison", "figures"}
	baseShapes     = []string{"circle", "oval", "rect"}
	hullFields     = []string{"length", "width", "height"}
	garrisonFields = []string{"building", "wall", "floor"}
)

// model decodes the model object n at path into m. It stays one function
// past 80 lines: it is the format's table of model fields, one case per
// field in the order docs/scenario-format.md lists them.
func (d *dec) model(n *node, path string, m *terrain.Model) error {
	if err := d.object(n, path, modelFields...); err != nil {
		return err
	}
	for _, k := range []string{"id", "class", "position"} {
		if n.get(k) == nil {
			return missing(joinKey(path, k))
		}
	}
	var err error
	if m.ID, err = d.id(n.get("id"), joinKey(path, "id")); err != nil {
		return err
	}
	if v := n.get("side"); v != nil {
		if m.Side, err = d.str(v, joinKey(path, "side")); err != nil {
			return err
		}
	}
	if v := n.get("squad"); v != nil {
		if m.Squad, err = d.str(v, joinKey(path, "squad")); err != nil {
			return err
		}
	}
	c, err := d.enum(n.get("class"), joinKey(path, "class"), classes)
	if err != nil {
		return err
	}
	m.Class = terrain.Class(c)
	if m.Position, err = d.point(n.get("position"), joinKey(path, "position")); err != nil {
		return err
	}
	if v := n.get("facing"); v != nil {
		fp := joinKey(path, "facing")
		deg, err := d.num(v, fp)
		if err != nil {
			return err
		}
		if math.Abs(deg) > MaxFacing {
			return newError(ErrValue, fp, v.text, "want a facing of at most %g degrees in magnitude, got %s", float64(MaxFacing), v.text)
		}
		m.Facing = geom.Degrees(deg)
	}
	if v := n.get("base"); v != nil {
		if m.Base, err = d.base(v, joinKey(path, "base")); err != nil {
			return err
		}
	}
	if v := n.get("hull"); v != nil {
		if m.Hull, err = d.hull(v, joinKey(path, "hull")); err != nil {
			return err
		}
	}
	if v := n.get("altitude"); v != nil {
		if m.Altitude, err = d.lengthMin(v, joinKey(path, "altitude"), false); err != nil {
			return err
		}
	}
	if v := n.get("elevation"); v != nil {
		e, err := d.lengthMin(v, joinKey(path, "elevation"), false)
		if err != nil {
			return err
		}
		m.Elevation = &e
	}
	m.Level = 1
	if v := n.get("level"); v != nil {
		if m.Level, err = d.integer(v, joinKey(path, "level"), 1, terrain.MaxLevel); err != nil {
			return err
		}
	}
	if v := n.get("garrison"); v != nil {
		gp := joinKey(path, "garrison")
		if err := d.object(v, gp, garrisonFields...); err != nil {
			return err
		}
		g := &terrain.GarrisonRef{}
		b := v.get("building")
		if b == nil {
			return missing(joinKey(gp, "building"))
		}
		if g.Building, err = d.id(b, joinKey(gp, "building")); err != nil {
			return err
		}
		if w := v.get("wall"); w != nil {
			if g.Wall, err = d.id(w, joinKey(gp, "wall")); err != nil {
				return err
			}
		}
		if fl := v.get("floor"); fl != nil {
			if g.Floor, err = d.integer(fl, joinKey(gp, "floor"), 1, terrain.MaxLevel); err != nil {
				return err
			}
		}
		m.Garrison = g
	}
	if v := n.get("figures"); v != nil {
		if m.Figures, err = d.points(v, joinKey(path, "figures"), 1); err != nil {
			return err
		}
	}
	return nil
}

func (d *dec) base(n *node, path string) (terrain.Base, error) {
	if err := d.object(n, path, "shape", "diameter", "length", "width"); err != nil {
		return terrain.Base{}, err
	}
	sv := n.get("shape")
	if sv == nil {
		return terrain.Base{}, missing(joinKey(path, "shape"))
	}
	s, err := d.enum(sv, joinKey(path, "shape"), baseShapes)
	if err != nil {
		return terrain.Base{}, err
	}
	b := terrain.Base{Shape: terrain.BaseShape(s)}
	want, forbid := []string{"length", "width"}, "diameter"
	if b.Shape == terrain.BaseCircle {
		want, forbid = []string{"diameter"}, "length"
		if v := n.get("width"); v != nil {
			return terrain.Base{}, newError(ErrUnknownField, joinKey(path, "width"), v.short(), "unknown field for a circle base (give diameter)")
		}
	}
	if v := n.get(forbid); v != nil {
		return terrain.Base{}, newError(ErrUnknownField, joinKey(path, forbid), v.short(), "unknown field for a %s base", s)
	}
	vals := make([]float64, len(want))
	for i, k := range want {
		v := n.get(k)
		if v == nil {
			return terrain.Base{}, missing(joinKey(path, k))
		}
		if vals[i], err = d.lengthMin(v, joinKey(path, k), true); err != nil {
			return terrain.Base{}, err
		}
	}
	if b.Shape == terrain.BaseCircle {
		b.Diameter = vals[0]
	} else {
		b.Length, b.Width = vals[0], vals[1]
	}
	return b, nil
}

func (d *dec) hull(n *node, path string) (terrain.Hull, error) {
	if err := d.object(n, path, hullFields...); err != nil {
		return terrain.Hull{}, err
	}
	var h terrain.Hull
	dst := []*float64{&h.Length, &h.Width, &h.Height}
	for i, k := range hullFields {
		v := n.get(k)
		if v == nil {
			continue
		}
		var err error
		if *dst[i], err = d.lengthMin(v, joinKey(path, k), false); err != nil {
			return terrain.Hull{}, err
		}
	}
	if (n.get("length") == nil) != (n.get("width") == nil) {
		k := "width"
		if n.get("length") == nil {
			k = "length"
		}
		return terrain.Hull{}, newError(ErrMissing, joinKey(path, k), "", "missing required field (a hull gives both length and width, or neither)")
	}
	return h, nil
}
