package dropzone

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// ArcsOf returns the fire-arc letters (F, S, R, K) whose template holds the
// point q, seen from model m (DZC-14): the template's apex is the hull
// centre, its axis the model's centre line. F spans Options.ArcFront
// degrees about the bow, R Options.ArcRear about the stern, S the rest; K is
// the strip ahead of the hull, Options.CorridorWidth wide (0: the hull's
// width). A point exactly on a line is in both neighbouring arcs when
// Options.ArcBoundary is "inclusive", in neither when "exclusive". The
// bearing returned is degrees from the bow, counter-clockwise positive.
func ArcsOf(m *terrain.Model, q geom.Point, opt Options) (arcs []string, bearing float64) {
	bearing = relBearing(m, q)
	b := math.Abs(bearing)
	incl := opt.ArcBoundary != "exclusive"
	le := func(a, c float64) bool { // a <= c or a < c
		if incl {
			return a <= c+1e-12
		}
		return a < c-1e-12
	}
	front, rear := opt.ArcFront/2, 180-opt.ArcRear/2
	if le(b, front) {
		arcs = append(arcs, "F")
	}
	if le(front, b) && le(b, rear) {
		arcs = append(arcs, "S")
	}
	if le(rear, b) {
		arcs = append(arcs, "R")
	}
	w := opt.CorridorWidth
	if w == 0 {
		if r, ok := m.HullRect(); ok {
			w = r.Width
		} else {
			w = baseWidth(m)
		}
	}
	loc := m.Pose().ToLocal(q)
	if loc.X > 0 && le(math.Abs(loc.Y), w/2) {
		arcs = append(arcs, "K")
	}
	return arcs, bearing
}

// baseWidth is the width of a model's base across its facing.
func baseWidth(m *terrain.Model) float64 {
	if m.Base.Shape == terrain.BaseCircle {
		return m.Base.Diameter
	}
	return m.Base.Width
}

// arcAllowed reports whether one of the allowed letters is among arcs; F, S
// and R together mean 360 degrees ("F/S/R ... 360° Schussfeld").
func arcAllowed(allowed, arcs []string) (bool, string) {
	has := map[string]bool{}
	for _, a := range allowed {
		has[a] = true
	}
	if has["F"] && has["S"] && has["R"] {
		if len(arcs) > 0 {
			return true, arcs[0]
		}
		return true, "F/S/R"
	}
	for _, a := range arcs {
		if has[a] {
			return true, a
		}
	}
	return false, ""
}
