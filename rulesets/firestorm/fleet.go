package firestorm

import (
	"math"
	"strings"

	"github.com/golang/geo/s1"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Arc names of the four 90° arcs printed on every base (FT-06): Front,
// Backbord (port), Steuerbord (starboard) and Heck (rear). F, B and S are
// the data card's codes; H is ours (the card has no rear code).
const (
	ArcF = "F"
	ArcB = "B"
	ArcS = "S"
	ArcH = "H"
)

// FacingFromCompass converts a compass heading (degrees clockwise from
// north, +y, as the rules digest writes them) into a scenario facing
// (degrees counter-clockwise from +x). It is the one place the two
// conventions meet.
func FacingFromCompass(heading float64) float64 { return normDeg(90 - heading) }

// CompassFromFacing is the inverse of FacingFromCompass.
func CompassFromFacing(facing float64) float64 { return normDeg(90 - facing) }

// normDeg returns d in [0, 360).
func normDeg(d float64) float64 {
	d = math.Mod(d, 360)
	if d < 0 {
		d += 360
	}
	if d >= 360 {
		d = 0
	}
	return d
}

// wrap180 returns d in (-180, 180].
func wrap180(d float64) float64 {
	d = normDeg(d)
	if d > 180 {
		d -= 360
	}
	return d
}

// poseAt returns the pose of a facing in degrees at p.
func poseAt(p geom.Point, facingDeg float64) geom.Pose {
	return geom.Pose{Position: p, Facing: s1.Angle(facingDeg * math.Pi / 180)}
}

// baseAt returns m's base (FT-03: the base fixes position, arcs and
// contact) at pose p.
func baseAt(m *terrain.Model, p geom.Pose) geom.Convex {
	c := *m
	c.Position, c.Facing, c.Figures = p.Position, p.Facing, nil
	return c.BaseShape()
}

// standsAt returns the table positions of m's flight stands at pose p: the
// profile's offsets turned with the ship, else one central stand (FT-02:
// "mindestens einem Flugstift").
func standsAt(m *terrain.Model, p geom.Pose, s Ship) []geom.Point {
	if len(s.Stands) == 0 {
		return []geom.Point{p.Position}
	}
	out := make([]geom.Point, len(s.Stands))
	for i, st := range s.Stands {
		out[i] = p.ToWorld(st)
	}
	return out
}

// measurePoints returns the points m is measured from at pose p (FT-02):
// its stands, or its base centre when it has several and MultiStand is
// "center" ("Sollte eine Miniatur keinen einzelnen zentralen Flugstift
// haben, misst man von der Mitte der Basis").
func (o *Options) measurePoints(m *terrain.Model, p geom.Pose) []geom.Point {
	s := o.ship(m.ID)
	if len(s.Stands) > 1 && o.MultiStand == "center" {
		return []geom.Point{p.Position}
	}
	return standsAt(m, p, s)
}

// nearestPair returns the shortest distance between a point of as and one
// of bs, and the two points (first pair wins ties).
func nearestPair(as, bs []geom.Point) (float64, geom.Point, geom.Point) {
	best, pa, pb := math.Inf(1), geom.Point{}, geom.Point{}
	for _, a := range as {
		for _, b := range bs {
			if d := a.Sub(b).Norm(); d < best {
				best, pa, pb = d, a, b
			}
		}
	}
	return best, pa, pb
}

// ArcSet returns the four 90° arcs F, B, S and H of model m at pose p
// (FT-06): quadrants bounded at ±45° and ±135° from the heading, spread
// from the base centre, or from the first stand with ArcApex "stand"
// (Ambiguity 2). The set is los.QuadrantArcs with the card's names.
func ArcSet(m *terrain.Model, p geom.Pose, opt Options) los.ArcSet {
	apex := p.Position
	if opt.ArcApex == "stand" {
		apex = standsAt(m, p, opt.ship(m.ID))[0]
	}
	set := los.QuadrantArcs(geom.Pose{Position: apex, Facing: p.Facing})
	for i, a := range set.Arcs {
		switch a.Name {
		case los.ArcFore:
			set.Arcs[i].Name = ArcF
		case los.ArcPort:
			set.Arcs[i].Name = ArcB
		case los.ArcStarboard:
			set.Arcs[i].Name = ArcS
		case los.ArcAft:
			set.Arcs[i].Name = ArcH
		}
	}
	return set
}

// ArcLayout returns the los layout of Firestorm's arcs for generic arc
// queries: every model's set is ArcSet at its own pose, followed by the
// generic names as aliases (front = F, side = B and S, rear = H; fore,
// port, starboard, aft; all), so a query in the generic words is answered
// with the base's quadrants. F, B, S and H come first, so the arc a target
// is reported in is always one of them.
func ArcLayout(opt Options) los.ArcLayout {
	return func(m *terrain.Model, _ string) (los.ArcSet, error) {
		set := ArcSet(m, m.Pose(), opt)
		parts := func(names ...string) []geom.Sector {
			var out []geom.Sector
			for _, n := range names {
				out = append(out, set.Arcs[set.Index(n)].Parts...)
			}
			return out
		}
		set.Arcs = append(set.Arcs,
			los.NamedSector{Name: los.ArcFront, Parts: parts(ArcF)}, los.NamedSector{Name: los.ArcSide, Parts: parts(ArcB, ArcS)},
			los.NamedSector{Name: los.ArcRear, Parts: parts(ArcH)}, los.NamedSector{Name: los.ArcFore, Parts: parts(ArcF)},
			los.NamedSector{Name: los.ArcPort, Parts: parts(ArcB)}, los.NamedSector{Name: los.ArcStarboard, Parts: parts(ArcS)},
			los.NamedSector{Name: los.ArcAft, Parts: parts(ArcH)}, los.NamedSector{Name: los.ArcAll, Parts: []geom.Sector{geom.FullSector()}})
		return set, nil
	}
}

// arcCodes maps a weapon's card code (FT-06) onto the arcs it may fire
// into: "F", "F/B/S", "B+S", "B/S" and "360°" ("360" too). B+S ("port and
// starboard") and B/S ("port or starboard") accept the same targets: the
// difference is how many targets the batteries may take, not geometry.
// A switch, not a map literal built at start-up; ok is false for another
// code.
func arcCodes(code string) (arcs string, ok bool) {
	switch code {
	case "F", "F/B/S", "B/S":
		return code, true
	case "B+S":
		return "B/S", true
	case "360°", "360":
		return "F/B/S/H", true
	}
	return "", false
}

// arcTest is the answer to "is the target in the weapon's arc".
type arcTest struct {
	In         bool
	ArcOf      string  // the arc of the set the test point is in
	Bearing    float64 // clockwise from the bow, degrees [0, 360)
	OnBoundary bool
	Note       string
}

// inArc decides whether the target (its test point q, or its base with
// ArcTarget "base") is in the arcs of code (FT-06) of the set.
func inArc(set los.ArcSet, code string, q geom.Point, base geom.Convex, opt Options) arcTest {
	names, _ := arcCodes(code)
	r, err := set.Test(q, names, los.ArcOptions{Boundary: los.Boundary(opt.ArcBoundary)})
	if err != nil {
		return arcTest{Note: err.Error()}
	}
	t := arcTest{In: r.InArc, ArcOf: r.ArcOf, Bearing: r.BearingClockwise, OnBoundary: r.OnBoundary}
	if r.OnBoundary {
		t.Note = "the test point lies exactly on the line between " + strings.Join(r.Tied, " and ") +
			"; arcBoundary " + opt.ArcBoundary + " counts it " + inWord(t.In)
	}
	if opt.ArcTarget == "base" && base != nil && !t.In {
		loc := geom.Outside
		for _, n := range strings.Split(names, "/") {
			for _, s := range set.Arcs[set.Index(n)].Parts {
				loc = max(loc, s.LocateAny(base))
			}
		}
		if loc == geom.Inside || (loc == geom.OnBoundary && opt.ArcBoundary == "inclusive") {
			t.In, t.Note = true, "part of the target's base is in the arc (arcTarget base)"
		}
	}
	return t
}

func inWord(in bool) string {
	if in {
		return "in the arc"
	}
	return "out of the arc"
}

// Band is a range band of FT-04.
type Band string

// Range bands (data card fields KR, ER, LR); BandNone is beyond MaxRange.
const (
	BandCore      Band = "KR"
	BandEffective Band = "ER"
	BandLong      Band = "LR"
	BandNone      Band = ""
)

// band returns the band of a range d (FT-04), rounded like every answer
// so float noise does not move a target off 8 or 24 in, and a note when
// the reading of Ambiguity 1 decided it.
func (o *Options) band(d float64) (Band, string) {
	d = rulesets.Round(d)
	core, eff := o.book(coreMax), o.book(effectiveMax)
	switch {
	case d < core:
		return BandCore, ""
	case d == core && o.Band8 == "core":
		return BandCore, "exactly 8 in: band8 core reads it as core range"
	case d == core:
		return BandEffective, "exactly 8 in: band8 effective reads it as effective range"
	case d <= eff:
		return BandEffective, ""
	case o.MaxRange > 0 && d > float64(o.MaxRange):
		return BandNone, ""
	}
	return BandLong, ""
}
