package movement

import (
	"fmt"
	"math"
	"strings"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TemplateShape is the plan shape of a template swept around a base.
type TemplateShape string

// Template shapes. Each is laid against the base's rim, pointing outward
// along the rim's outward normal, and swept once around the base (its
// contact point runs along the whole rim).
const (
	// StickTemplate is a straight line Length long starting on the rim.
	StickTemplate TemplateShape = "stick"
	// StripTemplate is a rectangle Length long (outward) and Width wide
	// whose near short edge is centred on the rim and lies flat against it
	// (perpendicular to the outward normal).
	StripTemplate TemplateShape = "strip"
	// DiscTemplate is a disc of diameter Length touching the rim from
	// outside.
	DiscTemplate TemplateShape = "disc"
)

// SweptTemplate is a template of a shape and size swept once around a
// base. Lengths are inches. The zero Width is a strip as thin as a stick.
type SweptTemplate struct {
	Shape  TemplateShape `json:"shape"`
	Length float64       `json:"length"`
	Width  float64       `json:"width,omitempty"`
}

// sweepSteps are the sampled placements of a strip pivoting about a
// rectangle's corner (per corner) and around an oval (per turn). They are
// fixed so that a larger template never samples differently from a
// smaller one: the sampled answer is monotone in Length and Width.
const (
	sweepCornerSteps = 256
	sweepOvalSteps   = 2048
)

// Validate reports why the template cannot be swept, or nil: the shape
// must be one of the three, Length finite in (0, terrain.MaxTableSize],
// Width finite in [0, terrain.MaxTableSize].
func (t SweptTemplate) Validate() error {
	switch t.Shape {
	case StickTemplate, StripTemplate, DiscTemplate:
	default:
		return fmt.Errorf("movement: template shape %q, want stick, strip or disc: %w", t.Shape, ErrInvalid)
	}
	if math.IsNaN(t.Length) || t.Length <= 0 || t.Length > terrain.MaxTableSize {
		return fmt.Errorf("movement: template length = %v, want (0, %v]: %w", t.Length, terrain.MaxTableSize, ErrInvalid)
	}
	return finiteNonNeg("template width", t.Width, terrain.MaxTableSize)
}

// Reach returns bounds on how far from the edge of base the swept
// template reaches: every point within lo of the base's edge is covered
// and no point farther than hi. A stick or disc of Length L covers exactly
// the points within L of the base (lo = hi = L, any convex base). A strip
// on a circular base of radius r reaches exactly sqrt((r+L)² + (W/2)²) − r
// (its outer corners); on other bases lo = L (its centre line) and hi =
// sqrt(L² + (W/2)²) (its farthest point from the contact point).
func (t SweptTemplate) Reach(base geom.Convex) (lo, hi float64) {
	if t.Shape != StripTemplate || t.Width == 0 {
		return t.Length, t.Length
	}
	w := t.Width / 2
	if c, ok := base.(geom.Circle); ok {
		r := math.Hypot(c.Radius+t.Length, w) - c.Radius
		return r, r
	}
	return t.Length, math.Hypot(t.Length, w)
}

// SweepHit is one base the swept template touches.
type SweepHit struct {
	ID   string `json:"id"`
	Side string `json:"side"`
	// Gap is the edge-to-edge distance from the swept base, inches.
	Gap float64 `json:"gap"`
	// Sampled reports whether the touch was decided on sampled placements
	// (within SweepResult.Tolerance) rather than exactly.
	Sampled bool `json:"sampled,omitempty"`
}

// SweepResult is SweepTouches's answer.
type SweepResult struct {
	Target   string        `json:"target"`
	Template SweptTemplate `json:"template"`
	// ReachLo and ReachHi are Reach's bounds for the target's base; they
	// are equal when the answer is exact for every base.
	ReachLo float64 `json:"reachLo"`
	ReachHi float64 `json:"reachHi"`
	// Tolerance is the largest distance, inches, by which a sampled
	// decision may err: a base within Tolerance of the sampled placements
	// counts as touched (0 when nothing was sampled).
	Tolerance float64 `json:"tolerance"`
	// Touched lists the other models whose bases the template touches or
	// crosses, in battlefield order; the attacker is among them when it is
	// touched.
	Touched []SweepHit `json:"touched"`
	// FriendlyFire reports whether the attacker or a model of its side is
	// touched.
	FriendlyFire bool `json:"friendlyFire"`
}

// Explain returns one sentence with the numbers.
func (r SweepResult) Explain() string {
	ids := make([]string, len(r.Touched))
	for i, h := range r.Touched {
		ids[i] = fmt.Sprintf("%s (gap %.3f in)", h.ID, h.Gap)
	}
	t := r.Template
	s := fmt.Sprintf("A %s template %.3f in long", t.Shape, t.Length)
	if t.Shape == StripTemplate {
		s += fmt.Sprintf(" and %.3f in wide", t.Width)
	}
	s += fmt.Sprintf(" swept once around %s's base reaches %.3f in from its edge", r.Target, r.ReachHi)
	if r.ReachLo != r.ReachHi {
		s = fmt.Sprintf("%s (%.3f in at least, placements sampled within %.4f in)", s, r.ReachLo, r.Tolerance)
	}
	s += fmt.Sprintf(" and touches %d other models", len(ids))
	if len(ids) > 0 {
		s += ": " + strings.Join(ids, ", ")
	}
	if r.FriendlyFire {
		s += "; the attacker or a model of its side is among them"
	}
	return s + "."
}

// SweepTouches sweeps template t once around targetID's base and lists
// every other model whose base it touches or crosses ("touching" is
// inclusive: a gap equal to the reach is a touch, within
// ContactTolerance). attacker ("" for none) names the firing model, so
// that touching it or its side is reported.
//
// Sticks and discs, and strips on circular bases, are decided exactly by
// the edge gap (see Reach). A strip on an oval or rectangular base is
// exact where the gap is at most its centre line (lo) or beyond its far
// corners; in between it is decided on sampled placements: exactly along
// a rectangle's sides (the strip sliding flat along a side is one convex
// quadrilateral), and at fixed angular steps where it pivots about a
// corner or rolls around an oval. Tolerance bounds how far a placement
// between two samples can stray from the nearer sampled one, so a touch is
// never missed and a base is never reported beyond Tolerance of the swept
// region.
func SweepTouches(bf *terrain.Battlefield, targetID string, t SweptTemplate, attacker string) (SweepResult, error) {
	if bf == nil {
		return SweepResult{}, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	if err := t.Validate(); err != nil {
		return SweepResult{}, err
	}
	tm, ok := bf.Model(targetID)
	if !ok {
		return SweepResult{}, fmt.Errorf("movement: target %q: %w", targetID, ErrUnknownModel)
	}
	side := ""
	if attacker != "" {
		a, ok := bf.Model(attacker)
		if !ok {
			return SweepResult{}, fmt.Errorf("movement: attacker %q: %w", attacker, ErrUnknownModel)
		}
		side = a.Side
	}
	base := tm.BaseShape()
	lo, hi := t.Reach(base)
	eps := sweepTolerance(base, t, lo, hi)
	res := SweepResult{Target: tm.ID, Template: t, ReachLo: round9(lo), ReachHi: round9(hi), Tolerance: round9(eps), Touched: []SweepHit{}}
	far := hi + eps + ContactTolerance + baseReach(tm)
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if o.ID == tm.ID || o.Garrison != nil || o.Position.Sub(tm.Position).Norm() > far+baseReach(o) {
			continue
		}
		if h, ok := sweepHit(base, o, t, lo, hi, eps); ok {
			res.Touched = append(res.Touched, h)
			if attacker != "" && (o.ID == attacker || o.Side == side) {
				res.FriendlyFire = true
			}
		}
	}
	return res, nil
}

// baseReach bounds the distance from m's position to any point of its
// figures' bases, from the sizes alone (no allocation).
func baseReach(m *terrain.Model) float64 {
	r := m.Base.Diameter / 2
	if m.Base.Shape != terrain.BaseCircle {
		r = math.Hypot(m.Base.Length/2, m.Base.Width/2)
	}
	off := 0.0
	for _, f := range m.Figures {
		off = max(off, f.Sub(m.Position).Norm())
	}
	return r + off
}

// sweepHit decides whether the template swept around base touches model o.
func sweepHit(base geom.Convex, o *terrain.Model, t SweptTemplate, lo, hi, eps float64) (SweepHit, bool) {
	gap := math.Inf(1)
	shapes := o.FigureShapes()
	for _, s := range shapes {
		d, _, _ := geom.DistConvex(base, s)
		gap = math.Min(gap, d)
	}
	h := SweepHit{ID: o.ID, Side: o.Side, Gap: round9(gap)}
	switch {
	case math.IsNaN(gap):
		return h, false
	case gap <= lo+ContactTolerance:
		return h, true
	case gap > hi+eps+ContactTolerance:
		return h, false
	}
	h.Sampled = true
	for _, s := range shapes {
		if stripDistance(base, s, t, eps+ContactTolerance) <= eps+ContactTolerance {
			return h, true
		}
	}
	return h, false
}

// sweepTolerance returns how far a strip placement between two sampled
// ones can be from the nearer sample: the farthest template point from
// the contact point (hi for a rectangle's corner pivot) plus, for an oval,
// its largest radius of curvature, times half the angular step.
func sweepTolerance(base geom.Convex, t SweptTemplate, lo, hi float64) float64 {
	if lo == hi {
		return 0
	}
	switch b := base.(type) {
	case geom.OrientedRect:
		return hi * (math.Pi / 2 / sweepCornerSteps) / 2
	case geom.Ellipse:
		a, c := math.Max(b.A, b.B), math.Min(b.A, b.B)
		rho := a
		if c > 0 {
			rho = a * a / c
		}
		return (rho + hi) * (2 * math.Pi / sweepOvalSteps) / 2
	}
	return 0
}

// stripDistance reports how near shape s comes to the strip placements
// sampled around base: the smallest distance when it is at most stop
// (returning at the first placement that close), else a value above stop.
// A placement whose bounding circle is farther than stop from s's is
// skipped without the exact distance.
func stripDistance(base, s geom.Convex, t SweptTemplate, stop float64) float64 {
	best := math.Inf(1)
	sb := s.Bound()
	sc, sr := sb.Center(), sb.Size().Norm()/2
	half := math.Hypot(t.Length/2, t.Width/2)
	near := func(centre geom.Point, r float64) bool { return centre.Sub(sc).Norm()-r-sr <= stop }
	try := func(c geom.Convex, centre geom.Point, r float64) bool {
		if !near(centre, r) {
			return false
		}
		d, _, _ := geom.DistConvex(c, s)
		best = math.Min(best, d)
		return best <= stop
	}
	tryAt := func(p geom.Point, a float64) bool {
		strip := stripAt(p, a, t)
		if !near(strip.Center, half) {
			return false
		}
		best = math.Min(best, distToStrip(strip, s))
		return best <= stop
	}
	switch b := base.(type) {
	case geom.OrientedRect:
		cs := b.Corners()
		for i := range cs {
			p, q, r := cs[(i+3)%4], cs[i], cs[(i+1)%4]
			n0, n1 := outward(p, q, b.Center), outward(q, r, b.Center)
			side := sideStrip(q, r, n1, t)
			if try(side, q.Add(r).Mul(0.5).Add(n1.Mul(t.Length/2)), math.Hypot(r.Sub(q).Norm()/2+t.Width/2, t.Length/2)) {
				return best
			}
			a0, a1 := math.Atan2(n0.Y, n0.X), math.Atan2(n1.Y, n1.X)
			turn := math.Remainder(a1-a0, 2*math.Pi)
			for k := 0; k <= sweepCornerSteps; k++ {
				if tryAt(q, a0+turn*float64(k)/sweepCornerSteps) {
					return best
				}
			}
		}
	case geom.Ellipse:
		for k := range sweepOvalSteps {
			a := 2 * math.Pi * float64(k) / sweepOvalSteps
			if tryAt(b.Support(geom.Pt(math.Cos(a), math.Sin(a))), a) {
				return best
			}
		}
	}
	return best
}

// distToStrip returns the distance from shape s to the strip r; a
// circle is measured in r's frame without allocating.
func distToStrip(r geom.OrientedRect, s geom.Convex) float64 {
	c, ok := s.(geom.Circle)
	if !ok {
		d, _, _ := geom.DistConvex(r, s)
		return d
	}
	a := float64(r.Angle)
	u := geom.Pt(math.Cos(a), math.Sin(a))
	v := c.Center.Sub(r.Center)
	dx := math.Max(math.Abs(v.Dot(u))-r.Length/2, 0)
	dy := math.Max(math.Abs(v.Dot(u.Ortho()))-r.Width/2, 0)
	return math.Max(math.Hypot(dx, dy)-c.Radius, 0)
}

// outward returns the unit normal of side p→q pointing away from centre c.
func outward(p, q, c geom.Point) geom.Point {
	n := q.Sub(p).Ortho().Normalize()
	if n.Dot(p.Sub(c)) < 0 {
		n = n.Mul(-1)
	}
	return n
}

// stripAt is the strip placed with its near edge centred on the rim point
// p, pointing outward at angle a (radians).
func stripAt(p geom.Point, a float64, t SweptTemplate) geom.OrientedRect {
	n := geom.Pt(math.Cos(a), math.Sin(a))
	return geom.OrientedRect{Center: p.Add(n.Mul(t.Length / 2)), Length: t.Length, Width: t.Width, Angle: s1.Angle(a)}
}

// sideStrip is the union of the strip's placements sliding flat along the
// side p→q with outward normal n: the side pushed out by Length and
// widened by Width/2 at both ends.
func sideStrip(p, q, n geom.Point, t SweptTemplate) geom.Convex {
	e := q.Sub(p).Normalize().Mul(t.Width / 2)
	out := n.Mul(t.Length)
	a, b := p.Sub(e), q.Add(e)
	return geom.ConvexPolygon{a, b, b.Add(out), a.Add(out)}
}
