package movement

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Hit is one model reached by a template or blast.
type Hit struct {
	ID   string `json:"id"`
	Side string `json:"side"`
	// Distance is the gap measured by the query's rule, inches.
	Distance float64 `json:"distance"`
	// Effect is the blast effect (Blast only).
	Effect float64 `json:"effect,omitempty"`
}

// TouchResult is TemplateTouches's answer.
type TouchResult struct {
	Target string  `json:"target"`
	Length float64 `json:"length"`
	// Touched lists the other models the swept template touches.
	Touched []Hit `json:"touched"`
	// FriendlyFire reports whether the attacker or one of its side is
	// touched.
	FriendlyFire bool `json:"friendlyFire"`
}

// Explain returns one sentence with the numbers.
func (r TouchResult) Explain() string {
	var ids []string
	for _, h := range r.Touched {
		ids = append(ids, fmt.Sprintf("%s (gap %.3f in)", h.ID, h.Distance))
	}
	s := fmt.Sprintf("A %.3f in template swept once around %s's base touches %s", r.Length, r.Target, count(len(ids), "other model", "other models"))
	if len(ids) > 0 {
		s += ": " + strings.Join(ids, ", ")
	}
	if r.FriendlyFire {
		s += "; a friendly model is among them, so the attacker may not fire"
	}
	return s + "."
}

// TemplateTouches sweeps a straight template of the given length once
// around targetID's base: the swept region is every point within length
// of the base edge, so a model is touched when its base's edge gap to the
// target's base is at most length. attacker ("" for none) names the
// firing model, so that touching its own side is reported.
func TemplateTouches(bf *terrain.Battlefield, targetID string, length float64, attacker string) (TouchResult, error) {
	if bf == nil {
		return TouchResult{}, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	t, ok := bf.Model(targetID)
	if !ok {
		return TouchResult{}, fmt.Errorf("movement: target %q: %w", targetID, ErrUnknownModel)
	}
	if math.IsNaN(length) || length <= 0 || length > terrain.MaxTableSize {
		return TouchResult{}, fmt.Errorf("movement: length = %v, want (0, %v]: %w", length, terrain.MaxTableSize, ErrInvalid)
	}
	side := ""
	if attacker != "" {
		a, ok := bf.Model(attacker)
		if !ok {
			return TouchResult{}, fmt.Errorf("movement: attacker %q: %w", attacker, ErrUnknownModel)
		}
		side = a.Side
	}
	res := TouchResult{Target: t.ID, Length: length, Touched: []Hit{}}
	tb := t.BaseShape()
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if o.ID == t.ID || o.Garrison != nil {
			continue
		}
		best := math.Inf(1)
		for _, s := range o.FigureShapes() {
			d, _, _ := geom.DistConvex(tb, s)
			best = math.Min(best, d)
		}
		if best <= length+1e-9 {
			res.Touched = append(res.Touched, Hit{ID: o.ID, Side: o.Side, Distance: round9(best)})
			if attacker != "" && (o.ID == attacker || o.Side == side) {
				res.FriendlyFire = true
			}
		}
	}
	return res, nil
}

// BlastRule is a circular blast whose effect falls off linearly with
// distance: Power within FullRadius of the impact point, Power minus the
// distance beyond it, nothing at or beyond Power inches.
type BlastRule struct {
	Power      float64 `json:"power"`
	FullRadius float64 `json:"fullRadius"`
	// FromEdge measures to the nearest point of a model's base instead of
	// its centre.
	FromEdge bool `json:"fromEdge,omitempty"`
}

// BlastResult is Blast's answer.
type BlastResult struct {
	Impact xy      `json:"impact"`
	Power  float64 `json:"power"`
	Hits   []Hit   `json:"hits"`
}

// Explain returns one sentence with the numbers.
func (r BlastResult) Explain() string {
	var s []string
	for _, h := range r.Hits {
		s = append(s, fmt.Sprintf("%s %.3f at %.3f in", h.ID, h.Effect, h.Distance))
	}
	if len(s) == 0 {
		return fmt.Sprintf("A power %.3f blast at (%.3f, %.3f) reaches no model.", r.Power, r.Impact[0], r.Impact[1])
	}
	return fmt.Sprintf("A power %.3f blast at (%.3f, %.3f) reaches %s.", r.Power, r.Impact[0], r.Impact[1], strings.Join(s, ", "))
}

// Effect returns the rule's effect at distance d inches.
func (b BlastRule) Effect(d float64) float64 {
	if d <= b.FullRadius {
		return b.Power
	}
	return math.Max(b.Power-d, 0)
}

// Blast returns the models a blast at impact reaches, nearest first.
func Blast(bf *terrain.Battlefield, impact geom.Point, rule BlastRule) (BlastResult, error) {
	if bf == nil {
		return BlastResult{}, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	if err := finitePoint("impact", impact); err != nil {
		return BlastResult{}, err
	}
	if err := finiteNonNeg("power", rule.Power, 1e4); err != nil {
		return BlastResult{}, err
	}
	if err := finiteNonNeg("fullRadius", rule.FullRadius, 1e4); err != nil {
		return BlastResult{}, err
	}
	res := BlastResult{Impact: toXY(impact), Power: rule.Power, Hits: []Hit{}}
	pt := geom.Circle{Center: impact}
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if o.Garrison != nil {
			continue
		}
		d := o.Position.Sub(impact).Norm()
		if rule.FromEdge {
			d, _, _ = geom.DistConvex(pt, o.Footprint())
		}
		if e := rule.Effect(d); e > 0 {
			res.Hits = append(res.Hits, Hit{ID: o.ID, Side: o.Side, Distance: round9(d), Effect: round9(e)})
		}
	}
	slices.SortStableFunc(res.Hits, func(a, b Hit) int {
		switch {
		case a.Distance < b.Distance:
			return -1
		case a.Distance > b.Distance:
			return 1
		}
		return 0
	})
	return res, nil
}

// ScatterResult is Scatter's answer.
type ScatterResult struct {
	From      xy      `json:"from"`
	To        xy      `json:"to"`
	Direction float64 `json:"direction"`
	Rolled    float64 `json:"rolled"`
	Distance  float64 `json:"distance"`
	Capped    bool    `json:"capped"`
}

// Explain returns one sentence with the numbers.
func (r ScatterResult) Explain() string {
	s := fmt.Sprintf("The shot scatters %.3f in towards %.1f° counter-clockwise from +x (compass bearing %.1f°) from (%.3f, %.3f) to (%.3f, %.3f)",
		r.Distance, r.Direction, DirectionToCompass(r.Direction), r.From[0], r.From[1], r.To[0], r.To[1])
	if r.Capped {
		s += fmt.Sprintf(" (rolled %.3f in, capped)", r.Rolled)
	}
	return s + "."
}

// Scatter moves target by distance inches in the direction direction
// (degrees counter-clockwise from +x), capped at maxDistance when that is
// above 0. CompassToDirection converts a compass bearing (clockwise from
// north).
func Scatter(target geom.Point, direction, distance, maxDistance float64) (ScatterResult, error) {
	if err := finitePoint("target", target); err != nil {
		return ScatterResult{}, err
	}
	if math.IsNaN(direction) || math.IsInf(direction, 0) {
		return ScatterResult{}, fmt.Errorf("movement: direction = %v: %w", direction, ErrInvalid)
	}
	if err := finiteNonNeg("distance", distance, 1e4); err != nil {
		return ScatterResult{}, err
	}
	if err := finiteNonNeg("maxDistance", maxDistance, 1e4); err != nil {
		return ScatterResult{}, err
	}
	d := distance
	capped := maxDistance > 0 && d > maxDistance
	if capped {
		d = maxDistance
	}
	a := direction * math.Pi / 180
	to := target.Add(geom.Pt(math.Cos(a), math.Sin(a)).Mul(d))
	return ScatterResult{From: toXY(target), To: toXY(to), Direction: direction, Rolled: distance, Distance: d, Capped: capped}, nil
}

// CompassToDirection converts a bearing clockwise from north (+y) to the
// scenario's direction, counter-clockwise from +x, in degrees.
func CompassToDirection(bearing float64) float64 {
	return math.Mod(math.Mod(90-bearing, 360)+360, 360)
}

// DirectionToCompass is CompassToDirection's inverse: the compass bearing
// (clockwise from north, +y), in [0, 360), of a direction counter-clockwise
// from +x.
func DirectionToCompass(direction float64) float64 { return CompassToDirection(direction) }

// CoverResult is AreaOver's answer.
type CoverResult struct {
	Piece    string  `json:"piece"`
	Area     float64 `json:"area"`
	Over     float64 `json:"over"`
	Fraction float64 `json:"fraction"`
}

// Explain returns one sentence with the numbers.
func (r CoverResult) Explain() string {
	return fmt.Sprintf("%.3f of the template's %.3f sq in (%.1f%%) lies over %s.", r.Over, r.Area, 100*r.Fraction, r.Piece)
}

// AreaOver returns the fraction of the circular template t lying over
// piece pieceID's footprint.
// The circle is its circumscribed polygon with 0.001 in chord error; the
// intersection is clipped against the piece's convex parts
// (terrain.Piece.ConvexParts).
func AreaOver(bf *terrain.Battlefield, t geom.Circle, pieceID string) (CoverResult, error) {
	if bf == nil {
		return CoverResult{}, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	pc, ok := bf.Piece(pieceID)
	if !ok {
		return CoverResult{}, fmt.Errorf("movement: piece %q: %w", pieceID, ErrInvalid)
	}
	if err := finitePoint("template.center", t.Center); err != nil {
		return CoverResult{}, err
	}
	if math.IsNaN(t.Radius) || t.Radius <= 0 || t.Radius > terrain.MaxTableSize {
		return CoverResult{}, fmt.Errorf("movement: template.radius = %v: %w", t.Radius, ErrInvalid)
	}
	ring := t.Polygon(0.001)
	area := ring.Area()
	// the Battlefield decomposed every footprint when it was built
	parts := pc.ConvexParts()
	over := 0.0
	var buf []geom.Point
	for _, p := range parts {
		buf = geom.ClipConvex(buf[:0], ring, p)
		over += math.Abs(geom.ConvexArea(buf))
	}
	return CoverResult{Piece: pieceID, Area: round9(area), Over: round9(over), Fraction: round9(over / area)}, nil
}

// PlacementRule holds placement limits; zero values are not checked.
type PlacementRule struct {
	// Side is the placing side; models of other sides are enemies.
	Side string `json:"side"`
	// MinFromEnemies is the smallest allowed centre distance to an enemy
	// (the bound itself is allowed).
	MinFromEnemies float64 `json:"minFromEnemies,omitempty"`
	// Zone, when set, must hold the whole footprint within ZoneMargin
	// inches (0: wholly inside the zone).
	Zone       *geom.Polygon `json:"zone,omitempty"`
	ZoneMargin float64       `json:"zoneMargin,omitempty"`
	// Near lists points (entrances, transports, rally points) of which at
	// least one must be within NearDistance of the centre (inclusive).
	Near         []xy    `json:"near,omitempty"`
	NearDistance float64 `json:"nearDistance,omitempty"`
}

// PlacementResult is CheckPlacement's answer.
type PlacementResult struct {
	Legal   bool     `json:"legal"`
	Reasons []string `json:"reasons"`
}

// Explain returns one sentence with the numbers.
func (r PlacementResult) Explain() string {
	if r.Legal {
		return "The placement is legal."
	}
	return "The placement is illegal: " + strings.Join(r.Reasons, "; ") + "."
}

// CheckPlacement checks a footprint (its Bound's centre is the model's
// centre for circles and rectangles; pass the model's shape) against rule.
func CheckPlacement(bf *terrain.Battlefield, center geom.Point, shape geom.Convex, rule PlacementRule) (PlacementResult, error) {
	if bf == nil || shape == nil {
		return PlacementResult{}, fmt.Errorf("movement: nil battlefield or shape: %w", ErrInvalid)
	}
	if err := finitePoint("center", center); err != nil {
		return PlacementResult{}, err
	}
	for _, f := range []struct {
		n string
		v float64
	}{{"minFromEnemies", rule.MinFromEnemies}, {"zoneMargin", rule.ZoneMargin}, {"nearDistance", rule.NearDistance}} {
		if err := finiteNonNeg(f.n, f.v, terrain.MaxTableSize); err != nil {
			return PlacementResult{}, err
		}
	}
	res := PlacementResult{Reasons: []string{}}
	if rule.MinFromEnemies > 0 {
		for i := range bf.Models() {
			o := &bf.Models()[i]
			if o.Side == rule.Side {
				continue
			}
			if d := o.Position.Sub(center).Norm(); d < rule.MinFromEnemies-1e-9 {
				res.Reasons = append(res.Reasons, fmt.Sprintf("enemy %s is %.3f in away, closer than %.3f in", o.ID, d, rule.MinFromEnemies))
			}
		}
	}
	if rule.Zone != nil {
		if err := rule.Zone.Validate(); err != nil {
			return PlacementResult{}, fmt.Errorf("movement: zone: %w", err)
		}
		if far := farthestOutside(shape, *rule.Zone); far > rule.ZoneMargin+1e-9 {
			res.Reasons = append(res.Reasons, fmt.Sprintf("the footprint reaches %.3f in beyond the zone (allowed %.3f in)", far, rule.ZoneMargin))
		}
	}
	if len(rule.Near) > 0 {
		best := math.Inf(1)
		for _, p := range rule.Near {
			best = math.Min(best, geom.Pt(p[0], p[1]).Sub(center).Norm())
		}
		if best > rule.NearDistance+1e-9 {
			res.Reasons = append(res.Reasons, fmt.Sprintf("the nearest required point is %.3f in away, more than %.3f in", best, rule.NearDistance))
		}
	}
	res.Legal = len(res.Reasons) == 0
	return res, nil
}

// farthestOutside returns how far the shape reaches outside the zone: the
// largest distance from a point of the shape to the zone (0 when wholly
// inside). Circles and ellipses are sampled by their circumscribed
// polygons (0.001 in), so the answer errs on the strict side.
func farthestOutside(s geom.Convex, zone geom.Polygon) float64 {
	var pts []geom.Point
	switch v := s.(type) {
	case geom.Circle:
		pts = v.Polygon(0.001)
	case geom.Ellipse:
		pts = v.Polygon(0.001)
	case geom.OrientedRect:
		c := v.Corners()
		pts = c[:]
	case geom.ConvexPolygon:
		pts = v
	default:
		vs := s.Bound().Vertices()
		pts = vs[:]
	}
	worst := 0.0
	for _, p := range pts {
		d, _ := geom.DistPointPolygon(p, zone)
		worst = math.Max(worst, d)
	}
	return worst
}

// ConnectedBuildings returns the pairs of building pieces whose
// footprints are less than gap inches apart (strictly).
func ConnectedBuildings(bf *terrain.Battlefield, gap float64) ([]Link, error) {
	if bf == nil {
		return nil, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	if err := finiteNonNeg("gap", gap, terrain.MaxTableSize); err != nil {
		return nil, err
	}
	var bs []*terrain.Piece
	for i := range bf.Pieces() {
		if p := &bf.Pieces()[i]; p.Kind == terrain.Building {
			bs = append(bs, p)
		}
	}
	out := []Link{}
	for i := range bs {
		for j := i + 1; j < len(bs); j++ {
			if d, _, _ := geom.DistPolygons(bs[i].Footprint, bs[j].Footprint); d < gap {
				out = append(out, Link{From: bs[i].ID, To: bs[j].ID, Distance: round9(d), Limit: gap})
			}
		}
	}
	return out, nil
}

// count returns "1 other model" or "3 other models": n and the noun in
// the right number.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
