package dropzone

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// arcName returns the los arc that stands for a DZC-14 arc letter ("" for
// an unknown letter): F front, S side, R rear, K the corridor.
func arcName(letter string) string {
	switch letter {
	case "F":
		return los.ArcFront
	case "S":
		return los.ArcSide
	case "R":
		return los.ArcRear
	case "K":
		return los.ArcCorridor
	}
	return ""
}

// arcLetter is the inverse of arcName.
func arcLetter(name string) string {
	switch name {
	case los.ArcFront:
		return "F"
	case los.ArcSide:
		return "S"
	case los.ArcRear:
		return "R"
	case los.ArcCorridor:
		return "K"
	}
	return name
}

// ArcSet returns the fire-arc template of model m (DZC-14, "FB"): the
// template is aligned with the model's centre axis and its apex is the hull
// centre (the text gives no apex; Ambiguity 1). F spans Options.ArcFront
// degrees about the bow, R Options.ArcRear about the stern, S the rest
// (los.FrontSideRearArcs). K is the strip along the centre axis,
// Options.CorridorWidth wide (0: the hull's width, else the base's), and
// starts on the line across the hull centre (corridorStart): the template
// is laid on the model's centre, as F, S and R are, so K begins where they
// do and not at the hull's front edge. The los names are los.ArcFront,
// ArcSide, ArcRear and ArcCorridor.
func ArcSet(m *terrain.Model, opt Options) (los.ArcSet, error) {
	pose := m.Pose()
	frs, err := los.FrontSideRearArcs(pose, opt.ArcFront, opt.ArcRear)
	if err != nil {
		return los.ArcSet{}, fmt.Errorf("arc: %w", err)
	}
	w := float64(opt.CorridorWidth)
	if w == 0 {
		if r, ok := m.HullRect(); ok {
			w = r.Width
		} else {
			w = baseWidth(m)
		}
	}
	k, err := los.CorridorArcs(pose, w, corridorStart)
	if err != nil {
		return los.ArcSet{}, fmt.Errorf("arc: %w", err)
	}
	return frs.Join(k), nil
}

// ArcLayout returns the los layout of Dropzone's arcs under opt: every
// model's set is ArcSet, whichever arc is asked for.
func ArcLayout(opt Options) los.ArcLayout {
	return func(m *terrain.Model, _ string) (los.ArcSet, error) { return ArcSet(m, opt) }
}

// ArcOptions returns the los arc options of a Dropzone arc question: the
// layout of ArcLayout, the target centre as the test point (DZC-14: "the
// centre of the target's hull or base") and Options.ArcBoundary (Ambiguity
// 2) as the boundary rule.
func ArcOptions(opt Options) los.ArcOptions {
	b := los.BoundaryInclusive
	if opt.ArcBoundary == "exclusive" {
		b = los.BoundaryExclusive
	}
	return los.ArcOptions{Containment: los.ContainCenter, Boundary: b, Layout: ArcLayout(opt)}
}

// ArcsOf returns the fire-arc letters (F, S, R, K) whose template holds the
// point q, seen from model m (DZC-14, see ArcSet): a point exactly on a line
// is in both neighbouring arcs when Options.ArcBoundary is "inclusive", in
// neither when "exclusive". The bearing returned is degrees from the bow,
// counter-clockwise positive. An invalid template gives no arcs.
func ArcsOf(m *terrain.Model, q geom.Point, opt Options) (arcs []string, bearing float64) {
	bearing = relBearing(m, q)
	set, err := ArcSet(m, opt)
	if err != nil {
		return nil, bearing
	}
	for _, n := range set.Holding(q, ArcOptions(opt).Boundary, "") {
		arcs = append(arcs, arcLetter(n))
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

// arcCode returns the los arc code ("front/side") of weapon letters.
func arcCode(letters []string) string {
	s := ""
	for i, l := range letters {
		if i > 0 {
			s += "/"
		}
		s += arcName(l)
	}
	return s
}

// arcAllowed decides whether the target point q, seen from m, is in one of
// the allowed letters' arcs by los (ArcSet.Test), and names the arc it is
// in: the first allowed arc holding it, else the arc los reports. F, S
// and R together cover the table ("F/S/R ... 360° Schussfeld"): a point on
// a line between two allowed arcs is inside their union under either
// boundary rule.
func arcAllowed(m *terrain.Model, q geom.Point, allowed []string, opt Options) (ok bool, which string, err error) {
	set, err := ArcSet(m, opt)
	if err != nil {
		return false, "", err
	}
	ao := ArcOptions(opt)
	r, err := set.Test(q, arcCode(allowed), ao)
	if err != nil {
		return false, "", fmt.Errorf("arc: %w", err)
	}
	if !r.InArc {
		return false, "", nil
	}
	for _, n := range set.Holding(q, ao.Boundary, "") {
		for _, a := range allowed {
			if arcLetter(n) == a {
				return true, a, nil
			}
		}
	}
	return true, arcLetter(r.ArcOf), nil
}
