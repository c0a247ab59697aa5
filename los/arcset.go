package los

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// NamedSector is one arc of an ArcSet: the union of its parts, each a
// closed geom.Sector. An arc with no parts holds no point.
type NamedSector struct {
	Name  string
	Parts []geom.Sector
}

// Locate reports where p lies relative to the union of the parts: Inside
// when a part holds it in its interior, OnBoundary when parts hold it only
// on their boundaries, Outside otherwise (exact, see geom.Sector).
func (n NamedSector) Locate(p geom.Point) geom.Location {
	best := geom.Outside
	for _, s := range n.Parts {
		best = max(best, s.Locate(p))
	}
	return best
}

// locateShapes reports how the shapes lie in the union of the parts: with
// all, whether every shape lies in one part; otherwise whether any shape
// meets a part (Inside for the interior, OnBoundary for the boundary only).
func (n NamedSector) locateShapes(shapes []geom.Convex, all bool) geom.Location {
	best := geom.Outside
	for _, s := range n.Parts {
		l := geom.Outside
		if all {
			l = geom.Inside
		}
		for _, c := range shapes {
			if all {
				l = min(l, s.LocateAll(c))
			} else {
				l = max(l, s.LocateAny(c))
			}
		}
		best = max(best, l)
	}
	return best
}

// ArcSet is a family of named arcs of one model: usually a partition of the
// table (front/side/rear, quadrants, hull zones, a wedge and its
// complement), but arcs may overlap (a corridor inside a front arc) or
// leave gaps (a corridor alone). Pose is the model's position and facing,
// from which bearings are measured; Apex is the point the arcs spread from
// (reported, not used for decisions). The order of Arcs is the tie order:
// without a preference the first arc holding a point wins. ArcSet values
// are built by the constructors below and read-only afterwards.
type ArcSet struct {
	Pose geom.Pose
	Apex geom.Point
	Arcs []NamedSector
}

// ArcLayout builds the arc set of model m that holds the arc named arc; a
// game's layout maps its arc names onto sectors with its own numbers (see
// StandardArcs for the generic one).
type ArcLayout func(m *terrain.Model, arc string) (ArcSet, error)

// Index returns the position of the arc named name in s, or -1.
func (s ArcSet) Index(name string) int {
	for i, a := range s.Arcs {
		if a.Name == name {
			return i
		}
	}
	return -1
}

// Join returns s followed by the arcs of others, keeping s's pose and apex
// (for example front/side/rear joined with a corridor).
func (s ArcSet) Join(others ...ArcSet) ArcSet {
	out := ArcSet{Pose: s.Pose, Apex: s.Apex, Arcs: append([]NamedSector(nil), s.Arcs...)}
	for _, o := range others {
		out.Arcs = append(out.Arcs, o.Arcs...)
	}
	return out
}

// Holding returns, in set order, the names of the arcs that hold p: in
// their closure with BoundaryInclusive (or ""), in their interior with
// BoundaryExclusive. With BoundaryPrefer it returns the arcs holding p in
// their interior, or else the one winner among those holding it on their
// boundary (prefer, a "/"-separated preference list, before set order).
func (s ArcSet) Holding(p geom.Point, b Boundary, prefer string) []string {
	var in, closed []string
	for _, a := range s.Arcs {
		switch a.Locate(p) {
		case geom.Inside:
			in = append(in, a.Name)
			closed = append(closed, a.Name)
		case geom.OnBoundary:
			closed = append(closed, a.Name)
		}
	}
	switch b {
	case BoundaryExclusive:
		return in
	case BoundaryPrefer:
		if len(in) > 0 || len(closed) == 0 {
			return in
		}
		return []string{arcWinner(closed, prefer)}
	}
	return closed
}

// arcWinner returns the first name of prefer ("/"-separated) among tied,
// else the first of tied.
func arcWinner(tied []string, prefer string) string {
	for _, p := range strings.Split(prefer, "/") {
		for _, t := range tied {
			if p != "" && t == p {
				return t
			}
		}
	}
	return tied[0]
}

// StandardArcs is the generic layout: it returns the set of m holding the
// arc named arc, built from opt's widths (front/side/rear, quadrants,
// corridor, wedge, hull zones, custom, all).
func StandardArcs(m *terrain.Model, arc string, opt ArcOptions) (ArcSet, error) {
	pose := geom.Pose{Position: measCenter(m), Facing: m.Facing}
	switch arc {
	case ArcAll:
		return AllArcs(pose), nil
	case ArcFront, ArcSide, ArcRear:
		fw, rw := opt.FrontWidth, opt.RearWidth
		if fw == 0 {
			fw = 90
		}
		if rw == 0 {
			rw = 90
		}
		return FrontSideRearArcs(pose, fw, rw)
	case ArcFore, ArcPort, ArcStarboard, ArcAft:
		return QuadrantArcs(pose), nil
	case ArcCustom:
		return CustomArcs(pose, opt.Custom)
	case ArcCorridor:
		length, width := arcHullDims(m)
		if opt.CorridorWidth != 0 {
			width = opt.CorridorWidth
		}
		start := length / 2
		if opt.CorridorStart == CorridorFromCenter {
			start = 0
		}
		return CorridorArcs(m.Pose(), width, start)
	case ArcWedgeFront, ArcWedgeFlank:
		return WedgeArcs(arcOutline(m), geom.Heading(m.Facing.Degrees()), 90)
	case ArcHullFront, ArcHullLeft, ArcHullRight, ArcHullRear:
		length, width := arcHullDims(m)
		if !(length > 0 && width > 0) {
			return ArcSet{}, fmt.Errorf("los: hull zones of %q: the model has no hull or base size: %w", m.ID, terrain.ErrInvalidValue)
		}
		return HullZoneArcs(geom.OrientedRect{Center: m.Position, Length: length, Width: width, Angle: m.Facing}, opt.HullSplit)
	}
	return ArcSet{}, fmt.Errorf("los: unknown arc %q; the arcs are %s: %w", arc, strings.Join(standardArcNames, ", "), terrain.ErrInvalidValue)
}

// standardArcNames are the arc names StandardArcs knows, for messages.
var standardArcNames = []string{ArcFront, ArcSide, ArcRear, ArcFore, ArcPort, ArcStarboard, ArcAft, ArcCorridor,
	ArcWedgeFront, ArcWedgeFlank, ArcHullFront, ArcHullLeft, ArcHullRight, ArcHullRear, ArcCustom}

// arcOutline returns the plan shapes a wedge's arms touch: the hull
// rectangle, else every figure's base.
func arcOutline(m *terrain.Model) []geom.Convex {
	if r, ok := m.HullRect(); ok {
		return []geom.Convex{r}
	}
	return m.FigureShapes()
}

// arcHullDims returns the hull's length and width, else the base's (a
// circle base's diameter for both).
func arcHullDims(m *terrain.Model) (length, width float64) {
	if m.Hull.Length > 0 && m.Hull.Width > 0 {
		return m.Hull.Length, m.Hull.Width
	}
	if m.Base.Shape == terrain.BaseCircle {
		return m.Base.Diameter, m.Base.Diameter
	}
	return m.Base.Length, m.Base.Width
}

// AllArcs returns the set with the one arc ArcAll, the whole table.
func AllArcs(pose geom.Pose) ArcSet {
	return ArcSet{Pose: pose, Apex: pose.Position, Arcs: []NamedSector{{ArcAll, []geom.Sector{geom.FullSector()}}}}
}

// FrontSideRearArcs returns ArcFront, ArcSide and ArcRear about the pose's
// position: front frontDeg wide centred on the facing, rear rearDeg wide
// centred opposite it, side the rest on both sides. Neighbouring arcs share
// their boundary rays exactly. The widths must be positive and sum to at
// most 360.
func FrontSideRearArcs(pose geom.Pose, frontDeg, rearDeg float64) (ArcSet, error) {
	if !(frontDeg > 0 && rearDeg > 0 && frontDeg+rearDeg <= 360) {
		return ArcSet{}, fmt.Errorf("los: arc widths front %v, rear %v: want positive widths summing to at most 360: %w", frontDeg, rearDeg, terrain.ErrInvalidValue)
	}
	c, f := pose.Position, geom.Heading(pose.Facing.Degrees())
	fl, fr := geom.Turn(f, frontDeg/2), geom.Turn(f, -frontDeg/2)
	rl, rr := geom.Turn(f, 180-rearDeg/2), geom.Turn(f, 180+rearDeg/2)
	var side []geom.Sector
	if frontDeg+rearDeg < 360 {
		side = []geom.Sector{geom.WedgeSector(c, fl, rl), geom.WedgeSector(c, rr, fr)}
	} else {
		rl, rr = fl, fr // no side arc: front and rear share their rays
	}
	return ArcSet{Pose: pose, Apex: c, Arcs: []NamedSector{
		{ArcFront, []geom.Sector{arcWedge(c, fr, fl, frontDeg)}},
		{ArcSide, side},
		{ArcRear, []geom.Sector{arcWedge(c, rl, rr, rearDeg)}},
	}}, nil
}

// arcWedge is geom.WedgeSector, or the full sector for a 360° width.
func arcWedge(apex, from, to geom.Point, width float64) geom.Sector {
	if width >= 360 {
		return geom.FullSector()
	}
	return geom.WedgeSector(apex, from, to)
}

// QuadrantArcs returns the four 90° quadrants ArcFore, ArcPort, ArcAft and
// ArcStarboard about the pose's position, bounded at ±45° and ±135° from
// the facing (port to the left).
func QuadrantArcs(pose geom.Pose) ArcSet {
	c, f := pose.Position, geom.Heading(pose.Facing.Degrees())
	r := [4]geom.Point{geom.Turn(f, -45), geom.Turn(f, 45), geom.Turn(f, 135), geom.Turn(f, 225)}
	q := func(i int) []geom.Sector { return []geom.Sector{geom.WedgeSector(c, r[i], r[(i+1)%4])} }
	return ArcSet{Pose: pose, Apex: c, Arcs: []NamedSector{
		{ArcFore, q(0)}, {ArcPort, q(1)}, {ArcStarboard, q(3)}, {ArcAft, q(2)},
	}}
}

// CustomArcs returns the one arc ArcCustom: the directions of arc, given
// relative to the facing (0 dead ahead, counter-clockwise positive), from
// the pose's position.
func CustomArcs(pose geom.Pose, arc geom.Arc) (ArcSet, error) {
	if arc.IsEmpty() {
		return ArcSet{}, fmt.Errorf("los: custom arc is empty: %w", terrain.ErrInvalidValue)
	}
	c, f := pose.Position, geom.Heading(pose.Facing.Degrees())
	s := geom.FullSector()
	if !arc.IsFull() {
		s = geom.WedgeSector(c, geom.Turn(f, arc.From().Degrees()), geom.Turn(f, arc.To().Degrees()))
		if arc.Length().Degrees() == 0 {
			s = geom.WedgeSector(c, geom.Turn(f, arc.From().Degrees()), geom.Turn(f, arc.From().Degrees()))
		}
	}
	return ArcSet{Pose: pose, Apex: c, Arcs: []NamedSector{{ArcCustom, []geom.Sector{s}}}}, nil
}

// CorridorArcs returns the one arc ArcCorridor: the strip width wide
// centred on the pose's facing line, from the line across it start inches
// ahead of the position onwards (start = half the hull length begins at a
// hull's front edge, start = 0 at its centre).
func CorridorArcs(pose geom.Pose, width, start float64) (ArcSet, error) {
	if !(width > 0) || math.IsInf(width, 0) || math.IsNaN(start) || math.IsInf(start, 0) {
		return ArcSet{}, fmt.Errorf("los: corridor width %v from %v: want a positive width and a finite start: %w", width, start, terrain.ErrInvalidValue)
	}
	f := geom.Heading(pose.Facing.Degrees())
	s := pose.Position.Add(f.Mul(start))
	return ArcSet{Pose: pose, Apex: s, Arcs: []NamedSector{{ArcCorridor, []geom.Sector{geom.CorridorSector(s, f, width/2)}}}}, nil
}

// WedgeArcs returns ArcWedgeFront, the wedge widthDeg wide (0 < widthDeg <
// 180) bisected by the direction facing whose arms are the supporting lines
// of shapes (the arms just touch the outermost shapes; the apex is where
// they meet), and ArcWedgeFlank, everything outside it. Both share the arm
// rays exactly.
func WedgeArcs(shapes []geom.Convex, facing geom.Point, widthDeg float64) (ArcSet, error) {
	if len(shapes) == 0 || !(widthDeg > 0 && widthDeg < 180) || facing.Norm() == 0 {
		return ArcSet{}, fmt.Errorf("los: wedge of %d shapes, %v° wide: want shapes and a width in (0, 180): %w", len(shapes), widthDeg, terrain.ErrInvalidValue)
	}
	dl, dr := geom.Turn(facing, widthDeg/2), geom.Turn(facing, -widthDeg/2)
	nl := geom.Pt(-dl.Y, dl.X).Normalize() // outward normal of the left arm
	nr := geom.Pt(dr.Y, -dr.X).Normalize() // outward normal of the right arm
	// The arms pass through the outermost support points; the apex is
	// where the lines meet (exact for a hull whose corners and arm
	// directions are small integers, as at facings of multiples of 90°).
	sl, sr := arcOuterSupport(shapes, nl), arcOuterSupport(shapes, nr)
	t := sr.Sub(sl).Cross(dr) / dl.Cross(dr)
	apex := sl.Add(dl.Mul(t))
	pose := geom.Pose{Position: apex, Facing: geom.Pose{}.BearingTo(facing)}
	return ArcSet{Pose: pose, Apex: apex, Arcs: []NamedSector{
		{ArcWedgeFront, []geom.Sector{geom.WedgeSector(apex, dr, dl)}},
		{ArcWedgeFlank, []geom.Sector{geom.WedgeSector(apex, dl, dr)}},
	}}, nil
}

// arcOuterSupport returns the support point, in direction n, of the shape
// reaching furthest that way.
func arcOuterSupport(shapes []geom.Convex, n geom.Point) geom.Point {
	best, h := geom.Point{}, math.Inf(-1)
	for _, sh := range shapes {
		if p := sh.Support(n); n.Dot(p) > h {
			best, h = p, n.Dot(p)
		}
	}
	return best
}

// HullZoneArcs returns the four zones ArcHullFront, ArcHullLeft,
// ArcHullRight and ArcHullRear of the rectangle hull (length along its
// Angle). With HullSplitCorner45 (or "") the zones are split by rays
// leaving each corner at 45° to both adjacent sides; where those rays meet
// on the long axis the side zones end, so a long hull's front zone is the
// 90° wedge ahead of the point half a width behind the front edge. With
// HullSplitDiagonal they are split by the rays from the centre through the
// corners. A zero-size hull splits at ±45° and ±135° about its centre.
func HullZoneArcs(hull geom.OrientedRect, split string) (ArcSet, error) {
	c, f := hull.Center, geom.Heading(hull.Angle.Degrees())
	l := geom.Pt(-f.Y, f.X)
	pose := geom.Pose{Position: c, Facing: hull.Angle}
	var front, left, right, rear geom.Sector
	switch split {
	case "", HullSplitCorner45:
		front, left, right, rear = hullCorner45(c, f, l, (hull.Length-hull.Width)/2)
	case HullSplitDiagonal:
		fl := f.Mul(hull.Length / 2).Add(l.Mul(hull.Width / 2))
		fr := f.Mul(hull.Length / 2).Sub(l.Mul(hull.Width / 2))
		if fl == (geom.Point{}) {
			fl, fr = geom.Turn(f, 45), geom.Turn(f, -45)
		}
		neg := func(v geom.Point) geom.Point { return v.Mul(-1) }
		front = geom.WedgeSector(c, fr, fl)
		left = geom.WedgeSector(c, fl, neg(fr))
		rear = geom.WedgeSector(c, neg(fr), neg(fl))
		right = geom.WedgeSector(c, neg(fl), fr)
	default:
		return ArcSet{}, fmt.Errorf("los: hull split %q: want corner45 or diagonal: %w", split, terrain.ErrInvalidValue)
	}
	return ArcSet{Pose: pose, Apex: c, Arcs: []NamedSector{
		{ArcHullFront, []geom.Sector{front}}, {ArcHullLeft, []geom.Sector{left}},
		{ArcHullRight, []geom.Sector{right}}, {ArcHullRear, []geom.Sector{rear}},
	}}, nil
}

// hullCorner45 builds the corner-45° zones about centre c with forward f
// and left l (|f| = |l| = 1); a is half the length minus half the width:
// the 45° rays from the corners meet on the long axis at c ± a·f when a >=
// 0, on the cross axis at c ∓ a·l when a < 0.
func hullCorner45(c, f, l geom.Point, a float64) (front, left, right, rear geom.Sector) {
	hp := geom.HalfPlaneSector
	neg := func(v geom.Point) geom.Point { return v.Mul(-1) }
	d45, d135, d225, d315 := geom.Turn(f, 45), geom.Turn(f, 135), geom.Turn(f, 225), geom.Turn(f, -45)
	both := func(x, y, z geom.Sector) geom.Sector {
		s, _ := x.Intersect(y)
		s, _ = s.Intersect(z)
		return s
	}
	if a >= 0 {
		af, ar := c.Add(f.Mul(a)), c.Sub(f.Mul(a))
		front = geom.WedgeSector(af, d315, d45)
		rear = geom.WedgeSector(ar, d135, d225)
		left = both(hp(af, d45), hp(ar, neg(d135)), hp(c, f))
		right = both(hp(af, neg(d315)), hp(ar, d225), hp(c, neg(f)))
		return front, left, right, rear
	}
	al, arr := c.Add(l.Mul(-a)), c.Sub(l.Mul(-a))
	left = geom.WedgeSector(al, d45, d135)
	right = geom.WedgeSector(arr, d225, d315)
	front = both(hp(arr, d315), hp(al, neg(d45)), hp(c, neg(l)))
	rear = both(hp(al, d135), hp(arr, neg(d225)), hp(c, l))
	return front, left, right, rear
}
