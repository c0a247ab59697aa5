package dropzone

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// airborne reports whether m is an aircraft in the air (a landed aircraft,
// altitude 0, is a ground vehicle: DZC-33 "zählen ... als Fahrzeuge am
// Boden").
func airborne(m *terrain.Model) bool { return m.Class == terrain.Aircraft && m.Altitude > 0 }

// groundVehicle reports whether m blocks sight and counts as a vehicle
// (DZC-17): vehicles, walkers, skimmers, ships and landed aircraft.
func groundVehicle(m *terrain.Model) bool {
	switch m.Class {
	case terrain.Vehicle, terrain.Walker, terrain.Skimmer, terrain.Ship:
		return true
	case terrain.Aircraft:
		return m.Altitude == 0
	}
	return false
}

// infantry reports whether m is an infantry base (DZC-19).
func infantry(m *terrain.Model) bool { return m.Class == terrain.Infantry || m.Class == terrain.Figure }

// groundTop returns the top of the terrain under p: the highest solid or
// building piece containing it (0 on open ground).
func groundTop(bf *terrain.Battlefield, p geom.Point) float64 {
	top := 0.0
	ps := bf.Pieces()
	bf.VisitPoint(p, func(it terrain.Item) bool {
		if it.Kind == terrain.ItemPiece {
			pc := &ps[it.Index]
			if (pc.Kind == terrain.Solid || pc.Kind == terrain.Building) && pc.Footprint.Locate(p) != geom.Outside && pc.Height > top {
				top = pc.Height
			}
		}
		return true
	})
	return top
}

// aircraftPoint is an airborne aircraft's sight point (DZC-16): "6 Zoll
// oder 2 Zoll Höhe über dem Mittelpunkt seiner Base", above the table or the
// terrain under it (Options.AircraftReference).
func aircraftPoint(bf *terrain.Battlefield, m *terrain.Model, opt *Options) geom.Vec3 {
	z := m.Altitude
	if opt.AircraftReference == "ground" {
		z += groundTop(bf, m.Position)
	}
	return geom.Lift(m.Position, z)
}

// eyePoint is the point a model traces sight from (DZC-16/22): the centre
// of its hull standing on its ground (a walker's may be high), an airborne aircraft's altitude
// point, or with raised true the elevated mount point (DZC-21).
func eyePoint(bf *terrain.Battlefield, m *terrain.Model, raised bool, opt *Options) geom.Vec3 {
	if airborne(m) {
		return aircraftPoint(bf, m, opt)
	}
	if raised {
		return raisedPoint(m, opt)
	}
	if infantry(m) {
		return infantryPoint(m, opt)
	}
	return geom.Lift(m.Position, m.Ground()+m.Height()/2)
}

// raisedPoint is the elevated mount point, "1 Zoll oberhalb des Rumpfes"
// (DZC-21): above the hull top, or the hull centre (Options.ElevatedFrom),
// the hull standing on the model's ground (terrain.Model.Ground).
func raisedPoint(m *terrain.Model, opt *Options) geom.Vec3 {
	if opt.ElevatedFrom == "center" {
		return geom.Lift(m.Position, m.Ground()+m.Height()/2+elevatedRise)
	}
	return geom.Lift(m.Position, m.Ground()+m.Height()+elevatedRise)
}

// infantryPoint is the base centre sight point (DZC-19) at the height
// Options.InfantryPoint chooses, above the ground the base stands on (a
// hill's top, a roof, a garrison's floor).
func infantryPoint(m *terrain.Model, opt *Options) geom.Vec3 {
	g := m.Ground()
	switch opt.InfantryPoint {
	case "ground":
		return geom.Lift(m.Position, g)
	case "top":
		return geom.Lift(m.Position, g+m.Height())
	}
	return geom.Lift(m.Position, g+m.Height()/2)
}

// sightOptions returns the los options for DZC sight: terrain blocks,
// vehicles block, infantry and airborne aircraft do not (DZC-17).
func sightOptions(opt *Options) los.Options {
	return los.Options{
		GrazingBlocks: opt.GrazingBlocks,
		ModelsBlock:   []terrain.Class{terrain.Vehicle, terrain.Walker, terrain.Skimmer, terrain.Ship, terrain.Aircraft},
		IgnoreSmoke:   opt.Smoke == "ignore",
	}
}

// planDist is the distance on the table plane.
func planDist(a, b geom.Point) float64 { return a.Sub(b).Norm() }

// nearDist measures from the point p to model m: from its centre, or with
// edge true from the nearest point of its hull (else base).
func nearDist(p geom.Point, m *terrain.Model, edge bool) float64 {
	if !edge {
		return planDist(p, m.Position)
	}
	d, _, _ := geom.DistConvex(geom.Circle{Center: p}, m.Footprint())
	return d
}

// edgeDist is the edge-to-edge distance between two models' footprints.
func edgeDist(a, b *terrain.Model) float64 {
	d, _, _ := geom.DistConvex(a.Footprint(), b.Footprint())
	return d
}

// shapeDist is the distance between a convex shape and a piece footprint.
func shapeDist(s geom.Convex, p *terrain.Piece) float64 {
	d, _, _ := geom.DistShapes(s, p.Footprint)
	return d
}

// relBearing returns the target's bearing from the model's bow, degrees in
// (-180, 180], counter-clockwise positive.
func relBearing(m *terrain.Model, q geom.Point) float64 {
	return m.Pose().BearingTo(q).Degrees()
}

// round6 rounds to 1e-6 for reported numbers.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
