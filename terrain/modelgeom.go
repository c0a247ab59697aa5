package terrain

import (
	"github.com/sightline/sightline/geom"
)

// baseAt returns the model's base shape centred on c, oriented by Facing.
func (m *Model) baseAt(c geom.Point) geom.Convex {
	switch m.Base.Shape {
	case BaseCircle:
		return geom.Circle{Center: c, Radius: m.Base.Diameter / 2}
	case BaseOval:
		return geom.Ellipse{Center: c, A: m.Base.Length / 2, B: m.Base.Width / 2, Angle: m.Facing}
	case BaseRect:
		return geom.OrientedRect{Center: c, Length: m.Base.Length, Width: m.Base.Width, Angle: m.Facing}
	}
	return geom.Circle{Center: c}
}

// BaseShape returns the model's base on the table plane: a geom.Circle,
// geom.Ellipse (semi-axis A along the facing) or geom.OrientedRect (Length
// along the facing) centred on Position. A model without a base gets a
// zero-radius circle at Position.
func (m *Model) BaseShape() geom.Convex { return m.baseAt(m.Position) }

// HullRect returns the plan of the model's hull box, centred on Position
// with Length along the facing, and whether the hull has a plan (false
// when its Length and Width are zero).
func (m *Model) HullRect() (geom.OrientedRect, bool) {
	if !(m.Hull.Length > 0 && m.Hull.Width > 0) {
		return geom.OrientedRect{}, false
	}
	return geom.OrientedRect{Center: m.Position, Length: m.Hull.Length, Width: m.Hull.Width, Angle: m.Facing}, true
}

// Footprint returns the model's plan: its hull rectangle if it has one,
// else its base.
func (m *Model) Footprint() geom.Convex {
	if r, ok := m.HullRect(); ok {
		return r
	}
	return m.BaseShape()
}

// Height returns the model's height in inches: its hull's height (0 when
// none is given).
func (m *Model) Height() float64 { return m.Hull.Height }

// Top returns the height above the table of the top of the model's
// volume: Ground plus Height (for an airborne model, Altitude plus half
// its Height, the top of a hull centred on the altitude point).
func (m *Model) Top() float64 {
	if m.Airborne() {
		return m.Altitude + m.Hull.Height/2
	}
	return m.Ground() + m.Hull.Height
}

// EyePoint returns the model's generic sight point (scenario v1): the
// centre of its hull box, Position at half its Height above its Ground,
// or for an airborne model the point at Altitude above Position (the
// table, whatever the ground under the stand).
func (m *Model) EyePoint() geom.Vec3 {
	if m.Airborne() {
		return geom.Lift(m.Position, m.Altitude)
	}
	return geom.Lift(m.Position, m.Ground()+m.Hull.Height/2)
}

// VolumeBound returns the corners of the axis-aligned box around the
// model's volume (scenario v1): its Footprint's bounding rectangle from
// its Ground to Ground + Height, or for an airborne model the single
// point at Altitude above Position (lo == hi).
func (m *Model) VolumeBound() (lo, hi geom.Vec3) {
	if m.Airborne() {
		p := geom.Lift(m.Position, m.Altitude)
		return p, p
	}
	r := m.Footprint().Bound()
	g := m.Ground()
	return geom.V3(r.X.Lo, r.Y.Lo, g), geom.V3(r.X.Hi, r.Y.Hi, g+m.Hull.Height)
}

// FigureShapes returns one base per figure, each a copy of the model's
// base centred on the figure and oriented by the model's Facing (a
// zero-radius circle when the model has no base), or the model's own base
// alone when Figures is empty.
func (m *Model) FigureShapes() []geom.Convex {
	if len(m.Figures) == 0 {
		return []geom.Convex{m.BaseShape()}
	}
	out := make([]geom.Convex, len(m.Figures))
	for i, f := range m.Figures {
		out[i] = m.baseAt(f)
	}
	return out
}

// indexBox is the box the spatial index keeps for the model: the plan of
// its Footprint and all its figures' bases, from its Ground to its Top,
// or for an airborne model from the ground under its stand up to Altitude
// + Height/2 (its stand and a hull centred on the altitude point).
func (m *Model) indexBox() box3 {
	r := m.Footprint().Bound()
	for _, s := range m.FigureShapes() {
		r = r.Union(s.Bound())
	}
	return rectBox(r, m.Ground(), m.Top())
}
