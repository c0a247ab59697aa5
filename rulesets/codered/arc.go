package codered

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Wedge is the 90° front angle of a unit (CR-26, 4.3.3 "ein 90°-Winkel so
// angelegt …, dass die Linien des Winkels gerade die Basen der jeweils
// äußersten Figur … berühren"): its bisector is the facing and each arm is
// the supporting line of the unit's bases at 45° to it. A point is in front
// when it is on the inner side of both arms.
type Wedge struct {
	Apex   geom.Point
	Facing geom.Point // unit vector
	n1, n2 geom.Point // outward normals of the arms
	c1, c2 float64
}

// FrontWedge returns the front wedge of m. Infantry arms touch the bases of
// the outermost figures; a vehicle's arms touch its hull's rear corners
// (CR-28 without a turret, Options.TurretlessApex "rear-corners"), or the
// apex sits at the middle of the rear ("rear-middle"); a turreted vehicle's
// arms touch a disc of turretRadius about its centre, facing turretFacing
// (radians, counter-clockwise from +x).
func FrontWedge(m *terrain.Model, o Options, turret bool, turretFacing, turretRadius float64) Wedge {
	f := m.Pose().Forward()
	if turret {
		f = geom.Pt(math.Cos(turretFacing), math.Sin(turretFacing))
	}
	rot := func(v geom.Point, deg float64) geom.Point {
		s, c := math.Sincos(deg * math.Pi / 180)
		return geom.Pt(c*v.X-s*v.Y, s*v.X+c*v.Y)
	}
	w := Wedge{Facing: f, n1: rot(f, 135), n2: rot(f, -135)}
	var shapes []geom.Convex
	switch {
	case turret:
		shapes = []geom.Convex{geom.Circle{Center: m.Position, Radius: turretRadius}}
	case isVehicle(m) && o.TurretlessApex == "rear-middle":
		r, ok := m.HullRect()
		rear := m.Position
		if ok {
			rear = m.Position.Sub(f.Mul(r.Length / 2))
		}
		shapes = []geom.Convex{geom.Circle{Center: rear}}
	default:
		shapes = unitShapes(m)
	}
	w.c1, w.c2 = math.Inf(-1), math.Inf(-1)
	for _, s := range shapes {
		w.c1 = math.Max(w.c1, w.n1.Dot(s.Support(w.n1)))
		w.c2 = math.Max(w.c2, w.n2.Dot(s.Support(w.n2)))
	}
	// Apex: n1·x = c1 and n2·x = c2.
	det := w.n1.X*w.n2.Y - w.n1.Y*w.n2.X
	w.Apex = geom.Pt((w.c1*w.n2.Y-w.n1.Y*w.c2)/det, (w.n1.X*w.c2-w.c1*w.n2.X)/det)
	return w
}

// InFront reports whether p is in the wedge. A point on an arm is in front
// when o.ArcBoundary is "front" (Amb. 11).
func (w Wedge) InFront(p geom.Point, o Options) bool {
	a, b := w.n1.Dot(p)-w.c1, w.n2.Dot(p)-w.c2
	const eps = 1e-9
	if o.ArcBoundary == "flank" {
		return a < -eps && b < -eps
	}
	return a <= eps && b <= eps
}

// OffAxis returns the angle in degrees between the facing and the line from
// the apex to p.
func (w Wedge) OffAxis(p geom.Point) float64 {
	d := p.Sub(w.Apex)
	return math.Abs(math.Atan2(w.Facing.Cross(d), w.Facing.Dot(d))) * 180 / math.Pi
}

// InFrontOf reports whether unit other is in the front of w by
// Options.ArcPoint (Amb. 11): its centre, any figure, or all figures.
func (w Wedge) InFrontOf(other *terrain.Model, o Options) bool {
	pts := []geom.Point{Centre(other, o)}
	if o.ArcPoint != "centre" && len(other.Figures) > 0 {
		pts = other.Figures
	}
	any, all := false, true
	for _, p := range pts {
		if w.InFront(p, o) {
			any = true
		} else {
			all = false
		}
	}
	if o.ArcPoint == "all-figures" {
		return all
	}
	return any
}

// Zone is a vehicle hit zone (CR-29).
type Zone string

// Hit zones.
const (
	ZoneFront Zone = "front"
	ZoneSide  Zone = "side"
	ZoneRear  Zone = "rear"
)

// HitZone returns the zone of the hull of m facing p (CR-29, 9.8: zones split
// by rays leaving each hull corner at 45° to both sides). In hull coordinates
// (u along the facing, v across, half-length a, half-width b), p is front when
// u − a > |v| − b, rear when −u − a > |v| − b, else side; a point on a ray
// follows Options.ZoneTie (Amb. 13). A model without a hull uses its base's
// bounding square.
func HitZone(m *terrain.Model, p geom.Point, o Options) Zone {
	a, b := 0.0, 0.0
	if r, ok := m.HullRect(); ok {
		a, b = r.Length/2, r.Width/2
	}
	q := m.Pose().ToLocal(p)
	u, v := q.X, math.Abs(q.Y)
	const eps = 1e-9
	front, rear := u-a-(v-b), -u-a-(v-b)
	tieFR := o.ZoneTie == "front-rear"
	switch {
	case front > eps || tieFR && front >= -eps:
		return ZoneFront
	case rear > eps || tieFR && rear >= -eps:
		return ZoneRear
	}
	return ZoneSide
}

// inBuilding reports whether m stands in a building piece (garrisoned, or
// its centre inside one): such units "können damit kein Flankenfeuer
// erleiden" (4.1.2, CR-27).
func inBuilding(bf *terrain.Battlefield, m *terrain.Model, o Options) (*terrain.Piece, bool) {
	if m.Garrison != nil {
		p, ok := bf.Piece(m.Garrison.Building)
		return p, ok
	}
	c := Centre(m, o)
	var found *terrain.Piece
	pieces := bf.Pieces()
	bf.VisitPoint(c, func(it terrain.Item) bool {
		if it.Kind == terrain.ItemPiece {
			p := &pieces[it.Index]
			if p.Kind == terrain.Building && p.Footprint.Locate(c) != geom.Outside {
				found = p
				return false
			}
		}
		return true
	})
	return found, found != nil
}
