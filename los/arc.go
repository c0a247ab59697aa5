package los

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Containment says which part of the target must lie in an arc.
type Containment string

// Containment values.
const (
	// ContainCenter tests the target's reference point (DZC-14: "the centre
	// of the target's hull or base"; CR-27 default). It is the default.
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
	// BoundaryExclusive counts boundary rays as inside no arc (open arcs).
	BoundaryExclusive Boundary = "exclusive"
	// BoundaryPrefer gives a point on a ray to exactly one of the arcs that
	// meet there: ArcOptions.Prefer if it is one of them, else the first of
	// them in the arc set's order (the forward-most), so the arcs of a set
	// partition the table.
	BoundaryPrefer Boundary = "prefer"
)

// Arc names accepted by InArc. Several names joined by "/" (or "+") ask
// for their union, as a weapon's "F/S" arc code: "front/side", "port/starboard".
const (
	// ArcFront, ArcSide and ArcRear are DZC-14's F, S and R arcs around the
	// model's reference point: front ArcOptions.FrontWidth wide (default
	// 90°) centred on the bow, rear RearWidth wide (default 90°) centred on
	// the stern, side the rest on both sides. The rulebook gives no angles
	// (DZC Ambiguity 1); the default is the quadrant layout.
	ArcFront = "front"
	ArcSide  = "side"
	ArcRear  = "rear"
	// ArcFore, ArcPort, ArcStarboard and ArcAft are FT-06's four 90° quadrants
	// about the stand, bounded at ±45° and ±135° from the heading; port is to
	// the left.
	ArcFore      = "fore"
	ArcPort      = "port"
	ArcStarboard = "starboard"
	ArcAft       = "aft"
	// ArcCorridor is DZC-14's K arc: the strip straight ahead of the hull's
	// front edge, as wide as the hull (or ArcOptions.CorridorWidth).
	ArcCorridor = "corridor"
	// ArcWedgeFront and ArcWedgeFlank are CR-26/28's unit front: the 90°
	// angle bisected by the facing whose arms just touch the outermost
	// figures' bases (or the hull's rear corners for a vehicle), and
	// everything outside it (flank and rear are not told apart).
	ArcWedgeFront = "wedge-front"
	ArcWedgeFlank = "wedge-flank"
	// ArcHullFront, ArcHullLeft, ArcHullRight and ArcHullRear are CR-29's
	// armour zones of the hull (see ArcOptions.HullSplit).
	ArcHullFront = "hull-front"
	ArcHullLeft  = "hull-left"
	ArcHullRight = "hull-right"
	ArcHullRear  = "hull-rear"
	// ArcCustom is ArcOptions.Custom, relative to the bow.
	ArcCustom = "custom"
	// ArcAll is the whole circle ("360°", DZC F/S/R, FT 360°).
	ArcAll = "all"
	// ArcOutside is what ArcOf reports for a target outside the corridor
	// or the custom arc.
	ArcOutside = "outside"
)

// Hull zone split methods for ArcOptions.HullSplit.
const (
	// HullSplitCorner45 splits the hull zones by rays leaving each hull
	// corner at 45° to both adjacent sides, as the German Code Red text
	// says ("im ~45° Winkel an den Ecken", 9.8; CR-29). It is the default.
	HullSplitCorner45 = "corner45"
	// HullSplitDiagonal splits them along the hull rectangle's diagonals
	// (rays from the hull centre through the corners).
	HullSplitDiagonal = "diagonal"
)

// ArcOptions are the caller's choices for an arc query; the zero value is
// centre containment, inclusive boundaries and the documented defaults.
type ArcOptions struct {
	Containment Containment
	Boundary    Boundary
	// Prefer is the arc that wins a tie under BoundaryPrefer and in ArcOf
	// ("" means the forward-most arc of the set).
	Prefer string
	// FrontWidth and RearWidth are the widths in degrees of the front and
	// rear arcs (0 means 90); their sum must not exceed 360.
	FrontWidth, RearWidth float64
	// CorridorWidth is the corridor's width in inches (0 means the hull's
	// width, else the base's width or diameter).
	CorridorWidth float64
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
	Apex       geom.Point // the arc set's apex (the wedge apex for CR-26)
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
// point is in. Boundary decisions for the reference point are exact
// (orientation signs against the arc's ray directions, which are exact
// for facings that are multiples of 45°); ContainAny and ContainAll test
// the target's footprint against the arc region with support points and
// geom.DistConvex (the exclusive "any" test shrinks the region by 1e-9 in;
// a terrain piece's footprint is taken as its convex hull there).
func InArc(bf *terrain.Battlefield, from, to, arc string, opt ArcOptions) (ArcResult, error) {
	a, err := measLookup(bf, from)
	if err != nil {
		return ArcResult{}, fmt.Errorf("los: arc from: %w", err)
	}
	if a.model == nil {
		return ArcResult{}, fmt.Errorf("los: arc from %q: a terrain piece has no facing: %w", from, terrain.ErrInvalidValue)
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
	a, err := measLookup(bf, from)
	if err != nil {
		return ArcResult{}, fmt.Errorf("los: arc from: %w", err)
	}
	if a.model == nil {
		return ArcResult{}, fmt.Errorf("los: arc from %q: a terrain piece has no facing: %w", from, terrain.ErrInvalidValue)
	}
	return arcTest(a, measPoint(geom.Lift(p, 0)), arc, opt)
}

func arcTest(a, b measSubject, arc string, opt ArcOptions) (ArcResult, error) {
	if opt.Containment == "" {
		opt.Containment = ContainCenter
	}
	if opt.Boundary == "" {
		opt.Boundary = BoundaryInclusive
	}
	switch opt.Containment {
	case ContainCenter, ContainAny, ContainAll:
	default:
		return ArcResult{}, fmt.Errorf("los: arc containment %q: %w", opt.Containment, terrain.ErrInvalidValue)
	}
	switch opt.Boundary {
	case BoundaryInclusive, BoundaryExclusive, BoundaryPrefer:
	default:
		return ArcResult{}, fmt.Errorf("los: arc boundary %q: %w", opt.Boundary, terrain.ErrInvalidValue)
	}
	names := strings.FieldsFunc(arc, func(r rune) bool { return r == '/' || r == '+' })
	if len(names) == 0 {
		return ArcResult{}, fmt.Errorf("los: arc name %q is empty: %w", arc, terrain.ErrInvalidValue)
	}
	set, err := arcSetFor(a.model, names[0], opt)
	if err != nil {
		return ArcResult{}, err
	}
	want := map[string]bool{}
	for _, n := range names {
		if set.index(n) < 0 {
			return ArcResult{}, fmt.Errorf("los: arc %q: %q is not in the same arc set as %q: %w", arc, n, names[0], terrain.ErrInvalidValue)
		}
		want[n] = true
	}
	res := ArcResult{From: a.id, To: b.id, Arc: arc, Containment: opt.Containment, Boundary: opt.Boundary,
		Apex: set.apex, Target: b.center}
	pose := geom.Pose{Position: a.center, Facing: a.model.Facing}
	res.Bearing = arcBearing(pose, b.center)
	res.BearingClockwise = math.Mod(360-res.Bearing, 360)
	if res.BearingClockwise < 0 || res.BearingClockwise >= 360 {
		res.BearingClockwise = 0
	}

	// The arcs whose closure holds the reference point.
	// A point inside no arc and on the boundary of fewer than two lies
	// (also) outside a set that does not cover the table (corridor, custom).
	var tied []string
	inside := false
	for _, ar := range set.arcs {
		switch ar.locatePoint(b.center) {
		case geom.Inside:
			inside = true
			tied = append(tied, ar.name)
		case geom.OnBoundary:
			tied = append(tied, ar.name)
		}
	}
	if !inside && len(tied) < 2 {
		tied = append(tied, ArcOutside)
	}
	res.ArcOf = set.winner(tied, opt.Prefer)
	if len(tied) > 1 {
		res.Tied = tied
	}

	if opt.Containment == ContainCenter {
		nIn := 0
		for _, n := range tied {
			if want[n] {
				nIn++
			}
		}
		switch {
		case nIn == len(tied):
			res.InArc = true
		case nIn == 0:
			res.InArc = false
		default:
			res.OnBoundary = true
			switch opt.Boundary {
			case BoundaryInclusive:
				res.InArc = true
			case BoundaryExclusive:
				res.InArc = false
			default:
				res.InArc = want[res.ArcOf]
			}
			res.Decisive = fmt.Sprintf("target centre lies exactly on the boundary of %s; %s rule gives %s",
				strings.Join(tied, " and "), opt.Boundary, map[bool]string{true: "in arc", false: "not in arc"}[res.InArc])
		}
		return res, nil
	}

	shapes := b.shapes()
	loc := geom.Outside
	for _, ar := range set.arcs {
		if !want[ar.name] {
			continue
		}
		if l := ar.locateShapes(shapes, opt.Containment); l > loc {
			loc = l
		}
	}
	res.InArc = loc == geom.Inside || (loc == geom.OnBoundary && opt.Boundary != BoundaryExclusive)
	if loc == geom.OnBoundary {
		res.OnBoundary = true
		res.Decisive = fmt.Sprintf("target footprint only touches the boundary of %s (%s containment); %s rule gives %s",
			arc, opt.Containment, opt.Boundary, map[bool]string{true: "in arc", false: "not in arc"}[res.InArc])
	}
	return res, nil
}

// bearingDegrees returns the bearing of q from pose in degrees, (-180, 180].
func arcBearing(pose geom.Pose, q geom.Point) float64 {
	d := pose.BearingTo(q).Degrees()
	if d <= -180 {
		d += 360
	}
	return d
}

// halfPlane is the closed set {p : cross(d, p-a) - k >= 0}: left of the
// directed line through a along d, shifted by k/|d|.
type arcHalfPlane struct {
	a, d geom.Point
	k    float64
}

// sign returns the exact sign of cross(d, p-a) - k.
func (h arcHalfPlane) sign(p geom.Point) int { return arcCrossSign(h.a, h.d, p, h.k) }

// region is the intersection of half-planes, or its complement's closure
// when co is true.
type arcRegion struct {
	hs []arcHalfPlane
	co bool
}

// namedArc is one arc of a set: a union of regions.
type arcNamed struct {
	name    string
	regions []arcRegion
}

// arcSet is a family of arcs (usually partitioning the table) in tie order.
type arcSet struct {
	apex geom.Point
	arcs []arcNamed
}

func (s arcSet) index(name string) int {
	for i, a := range s.arcs {
		if a.name == name {
			return i
		}
	}
	return -1
}

// winner returns the tied arc that wins: prefer if tied, else the first in
// set order; ArcOutside when nothing holds the point.
func (s arcSet) winner(tied []string, prefer string) string {
	if len(tied) == 0 {
		return ArcOutside
	}
	for _, t := range tied {
		if t == prefer {
			return t
		}
	}
	return tied[0]
}

// locatePoint locates p relative to the union of the arc's regions.
func (a arcNamed) locatePoint(p geom.Point) geom.Location {
	best := geom.Outside
	for _, r := range a.regions {
		if l := r.locate(p); l > best {
			best = l
		}
	}
	return best
}

// locate locates p relative to the region, exactly.
func (r arcRegion) locate(p geom.Point) geom.Location {
	l := geom.Inside
	for _, h := range r.hs {
		switch s := h.sign(p); {
		case s < 0:
			l = geom.Outside
		case s == 0 && l == geom.Inside:
			l = geom.OnBoundary
		}
		if l == geom.Outside {
			break
		}
	}
	if r.co {
		switch l {
		case geom.Inside:
			return geom.Outside
		case geom.Outside:
			return geom.Inside
		}
	}
	return l
}

// locateShapes returns Inside when the shapes satisfy the containment for
// the open arc, OnBoundary when only for the closed arc, else Outside.
func (a arcNamed) locateShapes(shapes []geom.Shape, c Containment) geom.Location {
	best := geom.Outside
	for _, r := range a.regions {
		var l geom.Location
		if c == ContainAll {
			l = geom.Inside
			for _, s := range shapes {
				l = min(l, r.locateShape(s, true))
			}
		} else {
			l = geom.Outside
			for _, s := range shapes {
				l = max(l, r.locateShape(s, false))
			}
		}
		best = max(best, l)
	}
	return best
}

// locateShape tests one shape: all of it (all) or any of it in the region,
// Inside for the open region, OnBoundary for the closed one only.
func (r arcRegion) locateShape(s geom.Shape, all bool) geom.Location {
	cv, ok := s.(geom.Convex)
	if !ok {
		if pg, isPoly := s.(geom.Polygon); isPoly {
			cv = geom.ConvexPolygon(pg.Outer)
		} else {
			return geom.Outside
		}
	}
	var open, closed bool
	switch {
	case !r.co && all:
		open, closed = r.allIn(cv, true), r.allIn(cv, false)
	case !r.co:
		open, closed = r.anyIn(cv, true), r.anyIn(cv, false)
	case all: // S in the closure of the complement of K: S misses int K.
		open, closed = !r.anyIn(cv, false), !r.anyIn(cv, true)
	default: // S meets the complement of K.
		open, closed = !r.allIn(cv, false), !r.allIn(cv, true)
	}
	switch {
	case open:
		return geom.Inside
	case closed:
		return geom.OnBoundary
	}
	return geom.Outside
}

// allIn reports whether the convex shape lies in the region's convex part
// (strictly inside when open), by the support point in each outward normal.
func (r arcRegion) allIn(s geom.Convex, open bool) bool {
	for _, h := range r.hs {
		n := geom.Pt(h.d.Y, -h.d.X)
		sg := h.sign(s.Support(n))
		if sg < 0 || (open && sg == 0) {
			return false
		}
	}
	return true
}

// anyIn reports whether the convex shape meets the region's convex part
// (its interior, approximated by a 1e-9 in inward shift, when open).
func (r arcRegion) anyIn(s geom.Convex, open bool) bool {
	const far = 1e5
	if len(r.hs) == 0 {
		return true
	}
	c := r.hs[0].a
	poly := []geom.Point{
		geom.Pt(c.X-far, c.Y-far), geom.Pt(c.X+far, c.Y-far), geom.Pt(c.X+far, c.Y+far), geom.Pt(c.X-far, c.Y+far),
	}
	for _, h := range r.hs {
		k := h.k
		if open {
			k += 1e-9 * h.d.Norm()
		}
		poly = arcClipHalfPlane(poly, h.a, h.d, k)
		if len(poly) == 0 {
			return false
		}
	}
	d, _, _ := geom.DistConvex(s, geom.ConvexPolygon(poly))
	return d == 0
}

// clipHalfPlane keeps the part of the convex polygon with
// cross(d, p-a) - k >= 0 (floating point; used only for the any/all tests).
func arcClipHalfPlane(poly []geom.Point, a, d geom.Point, k float64) []geom.Point {
	val := func(p geom.Point) float64 { return d.X*(p.Y-a.Y) - d.Y*(p.X-a.X) - k }
	out := make([]geom.Point, 0, len(poly)+1)
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		vp, vq := val(p), val(q)
		if vp >= 0 {
			out = append(out, p)
		}
		if (vp >= 0) != (vq >= 0) {
			t := vp / (vp - vq)
			out = append(out, p.Add(q.Sub(p).Mul(t)))
		}
	}
	if len(out) < 1 {
		return nil
	}
	return out
}

// crossSign returns the exact sign of d.x*(p.y-a.y) - d.y*(p.x-a.x) - k,
// with a floating-point filter and a math/big fallback. Non-finite input
// gives 0.
func arcCrossSign(a, d, p geom.Point, k float64) int {
	v := d.X*(p.Y-a.Y) - d.Y*(p.X-a.X) - k
	bound := 1e-15 * (math.Abs(d.X)*(math.Abs(p.Y)+math.Abs(a.Y)) + math.Abs(d.Y)*(math.Abs(p.X)+math.Abs(a.X)) + math.Abs(k))
	if math.IsNaN(v) || math.IsInf(v, 0) || math.IsNaN(bound) || math.IsInf(bound, 0) {
		return 0
	}
	if v > bound {
		return 1
	}
	if v < -bound {
		return -1
	}
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	dy := new(big.Rat).Sub(r(p.Y), r(a.Y))
	dx := new(big.Rat).Sub(r(p.X), r(a.X))
	t1 := new(big.Rat).Mul(r(d.X), dy)
	t2 := new(big.Rat).Mul(r(d.Y), dx)
	t1.Sub(t1, t2)
	t1.Sub(t1, r(k))
	return t1.Sign()
}

// frame returns the unit forward and left vectors of a facing, exact for
// facings within 1e-9° of a multiple of 45°.
func arcFrame(facingDeg float64) (f, l geom.Point) {
	f = arcDirDeg(facingDeg)
	return f, geom.Pt(-f.Y, f.X)
}

// dirDeg returns the unit direction of deg degrees, with exact components
// at multiples of 45° (±1, 0 or ±√2/2 in both).
func arcDirDeg(deg float64) geom.Point {
	k := math.Round(deg / 45)
	if math.Abs(deg-45*k) < 1e-9 {
		s := math.Sqrt2 / 2
		switch int(math.Mod(math.Mod(k, 8)+8, 8)) {
		case 0:
			return geom.Pt(1, 0)
		case 1:
			return geom.Pt(s, s)
		case 2:
			return geom.Pt(0, 1)
		case 3:
			return geom.Pt(-s, s)
		case 4:
			return geom.Pt(-1, 0)
		case 5:
			return geom.Pt(-s, -s)
		case 6:
			return geom.Pt(0, -1)
		default:
			return geom.Pt(s, -s)
		}
	}
	r := deg * math.Pi / 180
	return geom.Pt(math.Cos(r), math.Sin(r))
}

// rel returns the direction at deg degrees counter-clockwise from the bow
// f (left l), not normalised: multiples of 45° are sums of ±f and ±l and
// therefore exact.
func arcRel(f, l geom.Point, deg float64) geom.Point {
	k := math.Round(deg / 45)
	if math.Abs(deg-45*k) < 1e-9 {
		c := [8][2]float64{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}[int(math.Mod(math.Mod(k, 8)+8, 8))]
		return f.Mul(c[0]).Add(l.Mul(c[1]))
	}
	r := deg * math.Pi / 180
	return f.Mul(math.Cos(r)).Add(l.Mul(math.Sin(r)))
}

// wedge returns the closed wedge at apex from direction r counter-clockwise
// to direction lft, width degrees wide: one convex region up to 180°, the
// complement of the opposite wedge beyond.
func arcWedge(apex, r, lft geom.Point, width float64) arcRegion {
	if width <= 180 {
		return arcRegion{hs: []arcHalfPlane{{a: apex, d: r}, {a: apex, d: lft.Mul(-1)}}}
	}
	// Complement of the convex wedge from lft counter-clockwise to r.
	return arcRegion{hs: []arcHalfPlane{{a: apex, d: lft}, {a: apex, d: r.Mul(-1)}}, co: true}
}

// arcSetFor builds the arc set that holds name for the model m.
func arcSetFor(m *terrain.Model, name string, opt ArcOptions) (arcSet, error) {
	c := measCenter(m)
	f, l := arcFrame(m.Facing.Degrees())
	switch name {
	case ArcAll:
		return arcSet{apex: c, arcs: []arcNamed{{name: ArcAll, regions: []arcRegion{{}}}}}, nil
	case ArcFront, ArcSide, ArcRear:
		fw, rw := opt.FrontWidth, opt.RearWidth
		if fw == 0 {
			fw = 90
		}
		if rw == 0 {
			rw = 90
		}
		if !(fw > 0 && rw > 0 && fw+rw <= 360) {
			return arcSet{}, fmt.Errorf("los: arc widths front %v, rear %v: want positive widths summing to at most 360: %w", opt.FrontWidth, opt.RearWidth, terrain.ErrInvalidValue)
		}
		front := arcWedge(c, arcRel(f, l, -fw/2), arcRel(f, l, fw/2), fw)
		rear := arcWedge(c, arcRel(f, l, 180-rw/2), arcRel(f, l, 180+rw/2), rw)
		sw := (360 - fw - rw) / 2
		var side []arcRegion
		if sw > 0 {
			side = []arcRegion{
				arcWedge(c, arcRel(f, l, fw/2), arcRel(f, l, 180-rw/2), sw),
				arcWedge(c, arcRel(f, l, 180+rw/2), arcRel(f, l, 360-fw/2), sw),
			}
		}
		return arcSet{apex: c, arcs: []arcNamed{
			{ArcFront, []arcRegion{front}}, {ArcSide, side}, {ArcRear, []arcRegion{rear}},
		}}, nil
	case ArcFore, ArcPort, ArcStarboard, ArcAft:
		q := func(from float64) []arcRegion {
			return []arcRegion{arcWedge(c, arcRel(f, l, from), arcRel(f, l, from+90), 90)}
		}
		return arcSet{apex: c, arcs: []arcNamed{
			{ArcFore, q(-45)}, {ArcPort, q(45)}, {ArcStarboard, q(225)}, {ArcAft, q(135)},
		}}, nil
	case ArcCustom:
		if opt.Custom.IsEmpty() {
			return arcSet{}, fmt.Errorf("los: custom arc is empty: %w", terrain.ErrInvalidValue)
		}
		var reg arcRegion
		if !opt.Custom.IsFull() {
			from, to := opt.Custom.From().Degrees(), opt.Custom.To().Degrees()
			reg = arcWedge(c, arcRel(f, l, from), arcRel(f, l, to), opt.Custom.Length().Degrees())
		}
		return arcSet{apex: c, arcs: []arcNamed{{ArcCustom, []arcRegion{reg}}}}, nil
	case ArcCorridor:
		length, width := arcHullDims(m)
		if opt.CorridorWidth != 0 {
			width = opt.CorridorWidth
		}
		if !(width > 0) || math.IsInf(width, 0) {
			return arcSet{}, fmt.Errorf("los: corridor width %v: want a positive width: %w", width, terrain.ErrInvalidValue)
		}
		p := m.Position
		reg := arcRegion{hs: []arcHalfPlane{
			{a: p, d: l.Mul(-1), k: length / 2}, // ahead of the front edge
			{a: p, d: f.Mul(-1), k: -width / 2}, // not beyond the left edge
			{a: p, d: f, k: -width / 2},         // not beyond the right edge
		}}
		return arcSet{apex: p, arcs: []arcNamed{{ArcCorridor, []arcRegion{reg}}}}, nil
	case ArcWedgeFront, ArcWedgeFlank:
		apex := arcWedgeApex(m, f, l)
		front := arcWedge(apex, arcRel(f, l, -45), arcRel(f, l, 45), 90)
		flank := front
		flank.co = true
		return arcSet{apex: apex, arcs: []arcNamed{{ArcWedgeFront, []arcRegion{front}}, {ArcWedgeFlank, []arcRegion{flank}}}}, nil
	case ArcHullFront, ArcHullLeft, ArcHullRight, ArcHullRear:
		return arcHullZones(m, f, l, opt.HullSplit)
	}
	return arcSet{}, fmt.Errorf("los: unknown arc %q: %w", name, terrain.ErrInvalidValue)
}

// hullDims returns the hull's length and width, else the base's (a circle
// base's diameter for both).
func arcHullDims(m *terrain.Model) (length, width float64) {
	if m.Hull.Length > 0 && m.Hull.Width > 0 {
		return m.Hull.Length, m.Hull.Width
	}
	if m.Base.Shape == terrain.BaseCircle {
		return m.Base.Diameter, m.Base.Diameter
	}
	return m.Base.Length, m.Base.Width
}

// wedgeApex returns the apex of CR-26's 90° angle: each arm is the
// supporting line, at ±45° to the facing, of the hull (CR-28, a vehicle
// without turret: the arms touch the rear corners) or of all figure bases.
func arcWedgeApex(m *terrain.Model, f, l geom.Point) geom.Point {
	var shapes []geom.Convex
	if r, ok := m.HullRect(); ok {
		shapes = []geom.Convex{r}
	} else {
		shapes = m.FigureShapes()
	}
	s := math.Sqrt2 / 2
	dl := f.Add(l).Mul(s)      // left arm direction (+45°)
	dr := f.Sub(l).Mul(s)      // right arm direction (-45°)
	nl := geom.Pt(-dl.Y, dl.X) // outward normal of the left arm
	nr := geom.Pt(dr.Y, -dr.X) // outward normal of the right arm
	hl, hr := math.Inf(-1), math.Inf(-1)
	for _, sh := range shapes {
		hl = math.Max(hl, nl.Dot(sh.Support(nl)))
		hr = math.Max(hr, nr.Dot(sh.Support(nr)))
	}
	return nl.Mul(hl).Add(nr.Mul(hr))
}

// hullZones builds CR-29's four armour zones for the model's hull (or base
// when it has no hull).
func arcHullZones(m *terrain.Model, f, l geom.Point, split string) (arcSet, error) {
	length, width := arcHullDims(m)
	if !(length > 0 && width > 0) {
		return arcSet{}, fmt.Errorf("los: hull zones of %q: the model has no hull or base size: %w", m.ID, terrain.ErrInvalidValue)
	}
	c := m.Position
	b := l.Mul(-1)
	back := f.Mul(-1)
	var front, left, right, rear arcRegion
	switch split {
	case "", HullSplitCorner45:
		a := (length - width) / 2
		if a >= 0 {
			af, ar := c.Add(f.Mul(a)), c.Sub(f.Mul(a))
			front = arcWedge(af, arcRel(f, l, -45), arcRel(f, l, 45), 90)
			rear = arcWedge(ar, arcRel(f, l, 135), arcRel(f, l, 225), 90)
			// Left: outside the open front and rear wedges, left of the axis.
			left = arcRegion{hs: []arcHalfPlane{{a: af, d: arcRel(f, l, 45)}, {a: ar, d: arcRel(f, l, 135).Mul(-1)}, {a: c, d: f}}}
			right = arcRegion{hs: []arcHalfPlane{{a: af, d: arcRel(f, l, -45).Mul(-1)}, {a: ar, d: arcRel(f, l, 225)}, {a: c, d: back}}}
		} else {
			al, arr := c.Add(l.Mul(-a)), c.Add(b.Mul(-a))
			left = arcWedge(al, arcRel(f, l, 45), arcRel(f, l, 135), 90)
			right = arcWedge(arr, arcRel(f, l, 225), arcRel(f, l, 315), 90)
			front = arcRegion{hs: []arcHalfPlane{{a: arr, d: arcRel(f, l, 315)}, {a: al, d: arcRel(f, l, 45).Mul(-1)}, {a: c, d: b}}}
			rear = arcRegion{hs: []arcHalfPlane{{a: al, d: arcRel(f, l, 135)}, {a: arr, d: arcRel(f, l, 225).Mul(-1)}, {a: c, d: l}}}
		}
	case HullSplitDiagonal:
		fl := f.Mul(length / 2).Add(l.Mul(width / 2))
		fr := f.Mul(length / 2).Sub(l.Mul(width / 2))
		front = arcRegion{hs: []arcHalfPlane{{a: c, d: fr}, {a: c, d: fl.Mul(-1)}}}
		left = arcRegion{hs: []arcHalfPlane{{a: c, d: fl}, {a: c, d: fr}}}
		rear = arcRegion{hs: []arcHalfPlane{{a: c, d: fr.Mul(-1)}, {a: c, d: fl}}}
		right = arcRegion{hs: []arcHalfPlane{{a: c, d: fl.Mul(-1)}, {a: c, d: fr.Mul(-1)}}}
	default:
		return arcSet{}, fmt.Errorf("los: hull split %q: want corner45 or diagonal: %w", split, terrain.ErrInvalidValue)
	}
	return arcSet{apex: c, arcs: []arcNamed{
		{ArcHullFront, []arcRegion{front}}, {ArcHullLeft, []arcRegion{left}}, {ArcHullRight, []arcRegion{right}}, {ArcHullRear, []arcRegion{rear}},
	}}, nil
}
