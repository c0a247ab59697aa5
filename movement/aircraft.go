package movement

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// SightFunc reports whether the model observer, looking from from, can see
// to; callers pass los-based sight (ignoring the observer's own hull) so
// that movement does not depend on package los.
type SightFunc func(observer string, from, to geom.Vec3) bool

// LandingOptions configure LandingZone.
type LandingOptions struct {
	// Radius is the landing-zone template's radius in inches (required:
	// there is no default size).
	Radius float64 `json:"radius"`
	// ContestRange is how close to the template's edge an enemy contests
	// it, inches (0: only an enemy touching the edge); measured from the
	// enemy's centre, or from its footprint's edge with ContestFromEdge.
	ContestRange    float64 `json:"contestRange,omitempty"`
	ContestFromEdge bool    `json:"contestFromEdge,omitempty"`
	// Sight decides line of sight from an enemy's eye point to the
	// template (its centre and eight rim points on the table); nil means
	// everything is in sight.
	Sight SightFunc `json:"-"`
	// TerrainClass is the class whose movement rule decides impassable and
	// difficult terrain ("" means vehicle).
	TerrainClass terrain.Class `json:"terrainClass,omitempty"`
	// Others are the templates of squad-mates landing at the same time
	// (they may not overlap; touching is allowed).
	Others []geom.Circle `json:"-"`
	// Ignore lists model ids that are not obstacles (passengers being
	// picked up or set down under the template).
	Ignore []string `json:"ignore,omitempty"`
	// Fast marks a fast aircraft, which cannot land.
	Fast bool `json:"fast,omitempty"`
}

// Contact is something a template or footprint touches.
type Contact struct {
	ID       string  `json:"id"`
	Kind     string  `json:"kind"` // "model", "terrain", "template", "table"
	Distance float64 `json:"distance"`
}

// LandingResult is LandingZone's answer.
type LandingResult struct {
	Model       string    `json:"model"`
	Center      xy        `json:"center"`
	Radius      float64   `json:"radius"`
	Legal       bool      `json:"legal"`
	Touches     []Contact `json:"touches"`
	Contested   bool      `json:"contested"`
	ContestedBy []string  `json:"contestedBy"`
	Reason      string    `json:"reason,omitempty"`
}

// Explain returns one sentence with the numbers.
func (r LandingResult) Explain() string {
	s := fmt.Sprintf("A %.3f in landing zone for %s at (%.3f, %.3f)", r.Radius, r.Model, r.Center[0], r.Center[1])
	if r.Legal {
		return s + " touches nothing and is not contested: landing is legal."
	}
	return s + " is illegal: " + r.Reason + "."
}

// LandingZone checks a landing-zone template of opt.Radius centred at
// center for aircraft modelID: it may touch no ground model, no impassable
// or difficult terrain and no squad-mate's template, and no enemy ground
// model may be within ContestRange of its edge and in sight of it.
// Touching counts (the template is closed).
func LandingZone(bf *terrain.Battlefield, modelID string, center geom.Point, opt LandingOptions) (LandingResult, error) {
	m, err := landingInputs(bf, modelID, center, opt)
	if err != nil {
		return LandingResult{}, err
	}
	x := opt.ContestRange
	class := opt.TerrainClass
	if class == "" {
		class = terrain.Vehicle
	}
	lz := geom.Circle{Center: center, Radius: opt.Radius}
	res := LandingResult{Model: m.ID, Center: toXY(center), Radius: opt.Radius, Touches: []Contact{}, ContestedBy: []string{}}
	var reasons []string
	if opt.Fast {
		reasons = append(reasons, "fast aircraft cannot land")
	}
	if !bf.Table().Bound().ContainsPoint(center) {
		reasons = append(reasons, "the centre is off the table")
	}
	pieces, models := bf.Pieces(), bf.Models()
	bf.VisitRect(lz.Bound().ExpandedByMargin(ContactTolerance), func(it terrain.Item) bool {
		if it.Kind != terrain.ItemPiece {
			return true
		}
		pc := &pieces[it.Index]
		mv := pc.Movement.For(class)
		if mv != terrain.Impassable && mv != terrain.Difficult {
			return true
		}
		if d := distToPiece(lz, pc); d <= ContactTolerance {
			res.Touches = append(res.Touches, Contact{ID: pc.ID, Kind: "terrain", Distance: round9(d)})
		}
		return true
	})
	for i := range models {
		o := &models[i]
		if o.ID == m.ID || o.Airborne() || o.Garrison != nil || slices.Contains(opt.Ignore, o.ID) {
			continue
		}
		d, _, _ := geom.DistConvex(lz, o.Footprint())
		if d <= ContactTolerance {
			res.Touches = append(res.Touches, Contact{ID: o.ID, Kind: "model", Distance: round9(d)})
		}
		if o.Side == m.Side || o.Side == "" {
			continue
		}
		gap := o.Position.Sub(center).Norm() - opt.Radius
		if opt.ContestFromEdge {
			gap = d
		}
		if gap <= x+1e-9 && sees(opt.Sight, o, lz) {
			res.ContestedBy = append(res.ContestedBy, o.ID)
		}
	}
	for k, c := range opt.Others {
		if c.Center.Sub(center).Norm() < c.Radius+opt.Radius-ContactTolerance {
			res.Touches = append(res.Touches, Contact{ID: fmt.Sprintf("template[%d]", k), Kind: "template", Distance: 0})
		}
	}
	if len(res.Touches) > 0 {
		var ids []string
		for _, c := range res.Touches {
			ids = append(ids, c.ID)
		}
		reasons = append(reasons, "the template touches "+strings.Join(ids, ", "))
	}
	res.Contested = len(res.ContestedBy) > 0
	if res.Contested {
		reasons = append(reasons, fmt.Sprintf("enemies within %.3f in of the edge and in sight contest it (%s)", x, strings.Join(res.ContestedBy, ", ")))
	}
	res.Reason = strings.Join(reasons, "; ")
	res.Legal = len(reasons) == 0
	return res, nil
}

// landingInputs returns the landing model after checking LandingZone's
// arguments.
func landingInputs(bf *terrain.Battlefield, modelID string, center geom.Point, opt LandingOptions) (*terrain.Model, error) {
	if bf == nil {
		return nil, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	m, ok := bf.Model(modelID)
	if !ok {
		return nil, fmt.Errorf("movement: model %q: %w", modelID, ErrUnknownModel)
	}
	if err := finitePoint("center", center); err != nil {
		return nil, err
	}
	if math.IsNaN(opt.Radius) || opt.Radius <= 0 || opt.Radius > terrain.MaxTableSize {
		return nil, fmt.Errorf("movement: radius = %v, want (0, %v]: %w", opt.Radius, terrain.MaxTableSize, ErrInvalid)
	}
	if err := finiteNonNeg("contestRange", opt.ContestRange, terrain.MaxTableSize); err != nil {
		return nil, err
	}
	return m, nil
}

// distToPiece is the distance from a circle to a piece (exact circle
// pieces use their circle).
func distToPiece(c geom.Circle, pc *terrain.Piece) float64 {
	if pc.Circle != nil {
		return math.Max(c.Center.Sub(pc.Circle.Center).Norm()-c.Radius-pc.Circle.Radius, 0)
	}
	d, _ := geom.DistPointPolygon(c.Center, pc.Footprint)
	return math.Max(d-c.Radius, 0)
}

// sees reports whether enemy o sees the template: its centre or one of
// eight rim points on the table.
func sees(fn SightFunc, o *terrain.Model, lz geom.Circle) bool {
	if fn == nil {
		return true
	}
	eye := o.EyePoint()
	if fn(o.ID, eye, geom.Lift(lz.Center, 0)) {
		return true
	}
	for k := range 8 {
		a := float64(k) * math.Pi / 4
		p := lz.Center.Add(geom.Pt(math.Cos(a), math.Sin(a)).Mul(lz.Radius))
		if fn(o.ID, eye, geom.Lift(p, 0)) {
			return true
		}
	}
	return false
}

// FitResult is FitsUpright's answer.
type FitResult struct {
	Model    string    `json:"model"`
	At       xy        `json:"at"`
	Fits     bool      `json:"fits"`
	Overlaps []Contact `json:"overlaps"`
}

// Explain returns one sentence with the numbers.
func (r FitResult) Explain() string {
	if r.Fits {
		return fmt.Sprintf("%s stands upright at (%.3f, %.3f): its base is on the table and overlaps nothing.", r.Model, r.At[0], r.At[1])
	}
	var ids []string
	for _, c := range r.Overlaps {
		ids = append(ids, c.ID)
	}
	return fmt.Sprintf("%s cannot stand at (%.3f, %.3f): its base overlaps %s.", r.Model, r.At[0], r.At[1], strings.Join(ids, ", "))
}

// FitsUpright reports whether model modelID, moved to at, can stand there
// (a flying model's stand must fit where it hovers): its base wholly on the table and overlapping (beyond contact)
// no solid or building piece, no piece impassable to vehicles and no other
// model's footprint (or flight-stand base).
func FitsUpright(bf *terrain.Battlefield, modelID string, at geom.Point) (FitResult, error) {
	if bf == nil {
		return FitResult{}, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	m, ok := bf.Model(modelID)
	if !ok {
		return FitResult{}, fmt.Errorf("movement: model %q: %w", modelID, ErrUnknownModel)
	}
	if err := finitePoint("at", at); err != nil {
		return FitResult{}, err
	}
	mm := *m
	mm.Position = at
	base := mm.BaseShape()
	res := FitResult{Model: m.ID, At: toXY(at), Overlaps: []Contact{}}
	b := base.Bound()
	if !bf.Table().Bound().ExpandedByMargin(ContactTolerance).Contains(b) {
		res.Overlaps = append(res.Overlaps, Contact{ID: "table edge", Kind: "table"})
	}
	shrunk := shrinkConvex(base)
	pieces, models := bf.Pieces(), bf.Models()
	bf.VisitRect(b, func(it terrain.Item) bool {
		if it.Kind == terrain.ItemPiece {
			pc := &pieces[it.Index]
			if pc.Kind != terrain.Solid && pc.Kind != terrain.Building && pc.Movement.For(terrain.Vehicle) != terrain.Impassable {
				return true
			}
			var d float64
			if pc.Circle != nil {
				d, _, _ = geom.DistConvex(shrunk, *pc.Circle)
			} else {
				d, _, _ = geom.DistShapes(shrunk, pc.Footprint)
			}
			if d <= 0 {
				res.Overlaps = append(res.Overlaps, Contact{ID: pc.ID, Kind: "terrain"})
			}
			return true
		}
		o := &models[it.Index]
		if o.ID == m.ID || o.Garrison != nil {
			return true
		}
		if d, _, _ := geom.DistConvex(shrunk, obstacleFootprint(o)); d <= 0 {
			res.Overlaps = append(res.Overlaps, Contact{ID: o.ID, Kind: "model"})
		}
		return true
	})
	res.Fits = len(res.Overlaps) == 0
	return res, nil
}

// shrinkConvex returns s made ContactTolerance smaller, so that touching
// shapes stay apart.
func shrinkConvex(s geom.Convex) geom.Convex {
	t := ContactTolerance
	switch v := s.(type) {
	case geom.Circle:
		v.Radius = math.Max(v.Radius-t, 0)
		return v
	case geom.Ellipse:
		v.A, v.B = math.Max(v.A-t, 0), math.Max(v.B-t, 0)
		return v
	case geom.OrientedRect:
		v.Length, v.Width = math.Max(v.Length-2*t, 0), math.Max(v.Width-2*t, 0)
		return v
	}
	return s
}
