package los

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Containment says which part of the target must lie in an arc.
type Containment string

// Containment values.
const (
	// ContainCenter tests the target's reference point (ReferencePoint
	// with RefCentroid); it is the default.
	ContainCenter Containment = "center"
	// ContainAny accepts a target with any part of its footprint (hull, or
	// every figure's base) in the arc.
	ContainAny Containment = "any"
	// ContainAll requires the whole footprint in the arc.
	ContainAll Containment = "all"
)

// Boundary says how a target exactly on an arc's boundary counts.
type Boundary string

// Boundary values.
const (
	// BoundaryInclusive counts boundary rays as inside every arc they
	// bound (closed arcs). It is the default.
	BoundaryInclusive Boundary = "inclusive"
	// BoundaryExclusive counts a point on a boundary as inside only when
	// every arc meeting there is asked for (it is then inside their
	// union): open arcs.
	BoundaryExclusive Boundary = "exclusive"
	// BoundaryPrefer gives a point on a ray to exactly one of the arcs that
	// meet there: the first of ArcOptions.Prefer among them, else the
	// first of them in the arc set's order (the forward-most), so the arcs
	// of a set that partitions the table still partition it.
	BoundaryPrefer Boundary = "prefer"
)

// Arc names of StandardArcs. Several names joined by "/" (or "+") ask for
// their union, as a weapon's "F/S" arc code: "front/side", "port/starboard".
const (
	// ArcFront, ArcSide and ArcRear are arcs about the model's reference
	// point: front ArcOptions.FrontWidth wide (default 90°) centred on the
	// bow, rear RearWidth wide (default 90°) centred on the stern, side the
	// rest on both sides (see FrontSideRearArcs).
	ArcFront = "front"
	ArcSide  = "side"
	ArcRear  = "rear"
	// ArcFore, ArcPort, ArcStarboard and ArcAft are the four 90° quadrants
	// about the model, bounded at ±45° and ±135° from the heading; port is
	// to the left (see QuadrantArcs).
	ArcFore      = "fore"
	ArcPort      = "port"
	ArcStarboard = "starboard"
	ArcAft       = "aft"
	// ArcCorridor is the strip straight ahead of the model, as wide as the
	// hull (or ArcOptions.CorridorWidth), from the hull's front edge (or
	// its centre, ArcOptions.CorridorStart) on (see CorridorArcs).
	ArcCorridor = "corridor"
	// ArcWedgeFront and ArcWedgeFlank are the 90° angle bisected by the
	// facing whose arms just touch the model's outline (the outermost
	// figures' bases, or the hull, whose rear corners they touch), and
	// everything outside it (see WedgeArcs).
	ArcWedgeFront = "wedge-front"
	ArcWedgeFlank = "wedge-flank"
	// ArcHullFront, ArcHullLeft, ArcHullRight and ArcHullRear are the four
	// zones around the hull's sides (see ArcOptions.HullSplit and
	// HullZoneArcs).
	ArcHullFront = "hull-front"
	ArcHullLeft  = "hull-left"
	ArcHullRight = "hull-right"
	ArcHullRear  = "hull-rear"
	// ArcCustom is ArcOptions.Custom, relative to the bow.
	ArcCustom = "custom"
	// ArcAll is the whole circle.
	ArcAll = "all"
	// ArcOutside is what ArcOf reports for a target in no arc of a set that
	// does not cover the table (a corridor, a custom arc).
	ArcOutside = "outside"
)

// Hull zone split methods for ArcOptions.HullSplit.
const (
	// HullSplitCorner45 splits the hull zones by rays leaving each hull
	// corner at 45° to both adjacent sides, so each zone faces one side of
	// the hull and the corners split evenly. It is the default.
	HullSplitCorner45 = "corner45"
	// HullSplitDiagonal splits them along the hull rectangle's diagonals
	// (rays from the hull centre through the corners).
	HullSplitDiagonal = "diagonal"
)

// Corridor starts for ArcOptions.CorridorStart.
const (
	// CorridorFromFront starts the corridor at the hull's (or base's)
	// front edge: only what lies ahead of the model. It is the default.
	CorridorFromFront = "front"
	// CorridorFromCenter starts it on the line across the model's centre.
	CorridorFromCenter = "center"
)

// ArcOptions are the caller's choices for an arc query; the zero value is
// centre containment, inclusive boundaries and StandardArcs with its
// documented defaults.
type ArcOptions struct {
	Containment Containment
	Boundary    Boundary
	// Prefer lists the arcs, joined by "/", that win a tie under
	// BoundaryPrefer and in ArcOf, first first ("" means the forward-most
	// arc of the set).
	Prefer string
	// Layout builds the arc set; nil means StandardArcs with the fields
	// below. A game passes its own layout (its arc names and numbers).
	Layout ArcLayout
	// FrontWidth and RearWidth are the widths in degrees of the front and
	// rear arcs (0 means 90); their sum must not exceed 360.
	FrontWidth, RearWidth float64
	// CorridorWidth is the corridor's width in inches (0 means the hull's
	// width, else the base's width or diameter).
	CorridorWidth float64
	// CorridorStart is CorridorFromFront (default, "") or
	// CorridorFromCenter.
	CorridorStart string
	// Custom is the arc for ArcCustom, as directions relative to the bow
	// (0 dead ahead, counter-clockwise positive).
	Custom geom.Arc
	// HullSplit is HullSplitCorner45 (default) or HullSplitDiagonal.
	HullSplit string
}

// ArcResult answers an arc query.
type ArcResult struct {
	From, To    string
	Arc         string // the arc asked about
	InArc       bool   // whether the target counts as in Arc under the options
	ArcOf       string // the arc of Arc's set that the target's reference point is in (ties by the Prefer rule)
	Containment Containment
	Boundary    Boundary
	// Bearing is the direction of the target's reference point from the
	// shooter's, in degrees counter-clockwise from the bow, in (-180, 180];
	// BearingClockwise is the same direction clockwise from the bow, in
	// [0, 360).
	Bearing, BearingClockwise float64
	// OnBoundary reports whether the decisive test landed exactly on a
	// boundary (a ray, an arm or a corridor edge); Tied lists the arcs that
	// meet there and Decisive says how the boundary rule settled it.
	OnBoundary bool
	Tied       []string
	Decisive   string
	Apex       geom.Point // the arc set's apex (the wedge apex for a wedge)
	Target     geom.Point // the target's reference point
}

// MarshalJSON encodes the result with camelCase keys and points as [x, y].
func (r ArcResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		From             string      `json:"from"`
		To               string      `json:"to"`
		Arc              string      `json:"arc"`
		InArc            bool        `json:"inArc"`
		ArcOf            string      `json:"arcOf"`
		Containment      Containment `json:"containment"`
		Boundary         Boundary    `json:"boundary"`
		Bearing          float64     `json:"bearing"`
		BearingClockwise float64     `json:"bearingClockwise"`
		OnBoundary       bool        `json:"onBoundary"`
		Tied             []string    `json:"tied"`
		Decisive         string      `json:"decisive"`
		Apex             [2]float64  `json:"apex"`
		Target           [2]float64  `json:"target"`
		Explanation      string      `json:"explanation"`
	}{r.From, r.To, r.Arc, r.InArc, r.ArcOf, r.Containment, r.Boundary, r.Bearing,
		r.BearingClockwise, r.OnBoundary, r.Tied, r.Decisive, measXY(r.Apex), measXY(r.Target), r.Explain()})
}

// Explain returns the result as one plain sentence.
func (r ArcResult) Explain() string {
	in := "in"
	if !r.InArc {
		in = "not in"
	}
	s := fmt.Sprintf("arc %s -> %s: %s %s arc (%s containment), target in %s at bearing %.1f° (%.1f° clockwise from the bow)",
		r.From, r.To, in, r.Arc, r.Containment, r.ArcOf, r.Bearing, r.BearingClockwise)
	if r.Decisive != "" {
		s += "; " + r.Decisive
	}
	return s
}

// InArc reports whether the model or piece named to lies in the arc named
// arc of the model named from, and which arc of that set its reference
// point is in. The set comes from opt.Layout (StandardArcs when nil).
// Every decision is exact for the set's float rays (geom.Sector):
// ContainCenter locates the target's reference point; ContainAny and
// ContainAll test its footprint (a terrain piece's as its convex hull)
// with geom.Sector.LocateAny and LocateAll.
func InArc(bf *terrain.Battlefield, from, to, arc string, opt ArcOptions) (ArcResult, error) {
	a, err := arcShooter(bf, from)
	if err != nil {
		return ArcResult{}, err
	}
	b, err := measLookup(bf, to)
	if err != nil {
		return ArcResult{}, fmt.Errorf("los: arc to: %w", err)
	}
	return arcTest(a, b, arc, opt)
}

// InArcPoint is InArc for a bare table point as the target.
func InArcPoint(bf *terrain.Battlefield, from string, p geom.Point, arc string, opt ArcOptions) (ArcResult, error) {
	if err := measFinite2("arc target point", p); err != nil {
		return ArcResult{}, err
	}
	a, err := arcShooter(bf, from)
	if err != nil {
		return ArcResult{}, err
	}
	return arcTest(a, measPoint(geom.Lift(p, 0)), arc, opt)
}

// arcShooter resolves the model an arc is measured from.
func arcShooter(bf *terrain.Battlefield, from string) (measSubject, error) {
	a, err := measLookup(bf, from)
	if err != nil {
		return measSubject{}, fmt.Errorf("los: arc from: %w", err)
	}
	if a.model == nil {
		return measSubject{}, fmt.Errorf("los: arc from %q: a terrain piece has no facing: %w", from, terrain.ErrInvalidValue)
	}
	return a, nil
}

// arcTest builds the shooter's set and decides the target against it.
func arcTest(a, b measSubject, arc string, opt ArcOptions) (ArcResult, error) {
	names := arcNames(arc)
	if len(names) == 0 {
		return ArcResult{}, fmt.Errorf("los: arc name %q is empty: %w", arc, terrain.ErrInvalidValue)
	}
	var set ArcSet
	var err error
	if opt.Layout != nil {
		set, err = opt.Layout(a.model, names[0])
	} else {
		set, err = StandardArcs(a.model, names[0], opt)
	}
	if err != nil {
		return ArcResult{}, err
	}
	res, err := set.testPoint(b.center, arc, names, opt)
	if err != nil {
		return ArcResult{}, err
	}
	res.From, res.To = a.id, b.id
	res.setBearing(geom.Pose{Position: a.center, Facing: a.model.Facing}, b.center)
	if opt.Containment != ContainCenter && opt.Containment != "" {
		set.testShapes(&res, b.shapes(), names, opt)
	}
	return res, nil
}

// arcNames splits an arc code into its names.
func arcNames(arc string) []string {
	return strings.FieldsFunc(arc, func(r rune) bool { return r == '/' || r == '+' })
}

// setBearing fills the bearing fields for q seen from pose.
func (r *ArcResult) setBearing(pose geom.Pose, q geom.Point) {
	d := pose.BearingTo(q).Degrees()
	if d <= -180 {
		d += 360
	}
	r.Bearing = d
	r.BearingClockwise = math.Mod(360-d, 360)
	if r.BearingClockwise < 0 || r.BearingClockwise >= 360 {
		r.BearingClockwise = 0
	}
}

// Test decides whether the point p lies in the arc named arc of the set
// (names joined by "/" for a union), under opt's Boundary and Prefer (its
// Containment and Layout are not used: p is a point). Bearings are from
// s.Pose. An unknown name or boundary is an error.
func (s ArcSet) Test(p geom.Point, arc string, opt ArcOptions) (ArcResult, error) {
	if err := measFinite2("arc target point", p); err != nil {
		return ArcResult{}, err
	}
	res, err := s.testPoint(p, arc, arcNames(arc), opt)
	if err != nil {
		return ArcResult{}, err
	}
	res.setBearing(s.Pose, p)
	return res, nil
}

// testPoint decides the reference point p. In when a wanted arc holds p
// in its interior; on a boundary of a wanted arc otherwise, the boundary
// rule decides among Tied, the arcs whose closure holds p (with
// ArcOutside when at most one does and none holds it inside, since p may
// then also border the uncovered table).
func (s ArcSet) testPoint(p geom.Point, arc string, names []string, opt ArcOptions) (ArcResult, error) {
	if err := arcCheckOptions(&opt); err != nil {
		return ArcResult{}, err
	}
	if len(names) == 0 {
		return ArcResult{}, fmt.Errorf("los: arc name %q is empty: %w", arc, terrain.ErrInvalidValue)
	}
	want := make(map[string]bool, len(names))
	for _, n := range names {
		if s.Index(n) < 0 {
			return ArcResult{}, fmt.Errorf("los: arc %q: no arc %q; the arcs are %s: %w", arc, n, strings.Join(s.names(), ", "), terrain.ErrInvalidValue)
		}
		want[n] = true
	}
	res := ArcResult{Arc: arc, Containment: opt.Containment, Boundary: opt.Boundary, Apex: s.Apex, Target: p}
	var inside, closed []string
	inWanted, onWanted := false, false
	for _, a := range s.Arcs {
		switch a.Locate(p) {
		case geom.Inside:
			inside = append(inside, a.Name)
			closed = append(closed, a.Name)
			inWanted = inWanted || want[a.Name]
		case geom.OnBoundary:
			closed = append(closed, a.Name)
			onWanted = onWanted || want[a.Name]
		}
	}
	tied := closed
	if len(inside) == 0 && len(closed) < 2 {
		tied = append(tied, ArcOutside)
	}
	switch {
	case len(inside) > 0:
		res.ArcOf = arcWinner(inside, opt.Prefer)
	default:
		res.ArcOf = arcWinner(tied, opt.Prefer)
	}
	if inWanted || !onWanted {
		res.InArc = inWanted
		return res, nil
	}
	res.OnBoundary, res.Tied = true, tied
	switch opt.Boundary {
	case BoundaryInclusive:
		res.InArc = true
	case BoundaryExclusive:
		res.InArc = len(tied) > 1
		for _, n := range tied {
			res.InArc = res.InArc && want[n]
		}
	default:
		res.InArc = want[res.ArcOf]
	}
	res.Decisive = fmt.Sprintf("target centre lies exactly on the boundary of %s; %s rule gives %s",
		strings.Join(tied, " and "), opt.Boundary, arcInWord(res.InArc))
	return res, nil
}

// arcInWord says "in arc" or "not in arc".
func arcInWord(in bool) string {
	if in {
		return "in arc"
	}
	return "not in arc"
}

// arcCheckOptions fills the defaults of opt and rejects unknown values.
func arcCheckOptions(opt *ArcOptions) error {
	if opt.Containment == "" {
		opt.Containment = ContainCenter
	}
	if opt.Boundary == "" {
		opt.Boundary = BoundaryInclusive
	}
	switch opt.Containment {
	case ContainCenter, ContainAny, ContainAll:
	default:
		return fmt.Errorf("los: arc containment %q: %w", opt.Containment, terrain.ErrInvalidValue)
	}
	switch opt.Boundary {
	case BoundaryInclusive, BoundaryExclusive, BoundaryPrefer:
	default:
		return fmt.Errorf("los: arc boundary %q: %w", opt.Boundary, terrain.ErrInvalidValue)
	}
	return nil
}

// testShapes replaces the point decision of res by the footprint test of
// ContainAny or ContainAll over the wanted arcs: in when the footprint
// meets (lies in) the interior, on the boundary when only the closure.
func (s ArcSet) testShapes(res *ArcResult, shapes []geom.Shape, names []string, opt ArcOptions) {
	cv := make([]geom.Convex, 0, len(shapes))
	for _, sh := range shapes {
		switch c := sh.(type) {
		case geom.Convex:
			cv = append(cv, c)
		case geom.Polygon:
			cv = append(cv, geom.ConvexPolygon(c.Outer))
		}
	}
	loc := geom.Outside
	for _, n := range names {
		loc = max(loc, s.Arcs[s.Index(n)].locateShapes(cv, opt.Containment == ContainAll))
	}
	res.InArc = loc == geom.Inside || (loc == geom.OnBoundary && opt.Boundary != BoundaryExclusive)
	res.OnBoundary, res.Tied, res.Decisive = false, nil, ""
	if loc == geom.OnBoundary {
		res.OnBoundary = true
		res.Decisive = fmt.Sprintf("target footprint only touches the boundary of %s (%s containment); %s rule gives %s",
			res.Arc, opt.Containment, opt.Boundary, arcInWord(res.InArc))
	}
}

// names returns the names of the set's arcs, in order.
func (s ArcSet) names() []string {
	out := make([]string, len(s.Arcs))
	for i, a := range s.Arcs {
		out[i] = a.Name
	}
	return out
}
