package codered

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// Wedge is the 90° front angle of a unit (CR-26, 4.3.3 "ein 90°-Winkel so
// angelegt …, dass die Linien des Winkels gerade die Basen der jeweils
// äußersten Figur … berühren"): its bisector is the facing and each arm is
// the supporting line of the unit's bases at 45° to it. It is the los arc
// set of los.WedgeArcs (los.ArcWedgeFront and los.ArcWedgeFlank).
type Wedge struct {
	Apex   geom.Point
	Facing geom.Point // unit vector
	set    los.ArcSet
}

// FrontWedge returns the front wedge of m. Infantry arms touch the bases of
// the outermost figures; a vehicle's arms touch its hull's rear corners
// (CR-28 without a turret, Options.TurretlessApex "rear-corners"), or the
// apex sits at the middle of the rear ("rear-middle"); a turreted vehicle's
// arms touch a disc of turretRadius about its centre, facing turretFacing
// (radians, counter-clockwise from +x). A model with no outline gets an
// empty wedge (nothing in front).
func FrontWedge(m *terrain.Model, o Options, turret bool, turretFacing, turretRadius float64) Wedge {
	f := geom.Heading(m.Facing.Degrees())
	if turret {
		f = geom.Heading(turretFacing * 180 / math.Pi)
	}
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
	set, err := los.WedgeArcs(shapes, f, FrontWedgeDegrees)
	if err != nil {
		return Wedge{Apex: m.Position, Facing: f}
	}
	return Wedge{Apex: set.Apex, Facing: f, set: set}
}

// arcPrefer returns the los preference list of o's tie rules: a point on
// a wedge arm is front or flank by Options.WedgeArm (Amb. 11), a point
// on a hull-zone ray goes to the side or to front/rear by Options.ZoneTie
// (Amb. 13).
func arcPrefer(o Options) string {
	p := los.ArcWedgeFront
	if o.WedgeArm == "flank" {
		p = los.ArcWedgeFlank
	}
	if o.ZoneTie == "front-rear" {
		return p + "/" + los.ArcHullFront + "/" + los.ArcHullRear
	}
	return p + "/" + los.ArcHullLeft + "/" + los.ArcHullRight
}

// ArcOptions returns the los arc options of a Code Red arc question: the
// layout of ArcLayout, the unit centre as test point (CR-27's default) and
// BoundaryPrefer with the tie rules of arcPrefer.
func ArcOptions(o Options) los.ArcOptions {
	return los.ArcOptions{Containment: los.ContainCenter, Boundary: los.BoundaryPrefer, Prefer: arcPrefer(o), Layout: ArcLayout(o)}
}

// ArcLayout returns the los layout of Code Red's arcs under o: the hull
// zones of HitZones for los.ArcHullFront, ArcHullLeft, ArcHullRight and
// ArcHullRear, else the front wedge of FrontWedge (without a turret).
func ArcLayout(o Options) los.ArcLayout {
	return func(m *terrain.Model, arc string) (los.ArcSet, error) {
		switch arc {
		case los.ArcHullFront, los.ArcHullLeft, los.ArcHullRight, los.ArcHullRear:
			return HitZones(m)
		}
		w := FrontWedge(m, o, false, 0, 0)
		if len(w.set.Arcs) == 0 {
			return los.ArcSet{}, fmt.Errorf("front wedge of %q: the model has no outline: %w", m.ID, ErrQuery)
		}
		return w.set, nil
	}
}

// InFront reports whether p is in the wedge. A point on an arm is in front
// when o.WedgeArm is "front" (Amb. 11), in the flank when "flank".
func (w Wedge) InFront(p geom.Point, o Options) bool {
	if len(w.set.Arcs) == 0 {
		return false
	}
	r, err := w.set.Test(p, los.ArcWedgeFront, los.ArcOptions{Boundary: los.BoundaryPrefer, Prefer: arcPrefer(o)})
	return err == nil && r.InArc
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
	if o.ArcPoint != "center" && len(other.Figures) > 0 {
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

// HitZones returns the hit zones of the hull of m as a los arc set (CR-29,
// 9.8: "im ~45° Winkel an den Ecken"; Amb. 13 read as exact 45° rays from
// each hull corner, los.HullSplitCorner45). A model without a hull uses a
// point hull at its position: the zones split at ±45° and ±135° there.
func HitZones(m *terrain.Model) (los.ArcSet, error) {
	r, ok := m.HullRect()
	if !ok {
		r = geom.OrientedRect{Center: m.Position, Angle: m.Facing}
	}
	set, err := los.HullZoneArcs(r, los.HullSplitCorner45)
	if err != nil {
		return los.ArcSet{}, fmt.Errorf("hit zones of %q: %w", m.ID, err)
	}
	return set, nil
}

// HitZone returns the zone of the hull of m facing p (CR-29, HitZones); a
// point exactly on a ray follows Options.ZoneTie (Amb. 13): the side by
// default, front or rear with "front-rear".
func HitZone(m *terrain.Model, p geom.Point, o Options) Zone {
	set, err := HitZones(m)
	if err != nil {
		return ZoneSide
	}
	names := set.Holding(p, los.BoundaryPrefer, arcPrefer(o))
	if len(names) == 0 {
		return ZoneSide
	}
	switch names[0] {
	case los.ArcHullFront:
		return ZoneFront
	case los.ArcHullRear:
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
