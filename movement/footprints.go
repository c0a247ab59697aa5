package movement

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Footprint is one member of a group of models as it stands, or would
// stand, on the table plane: its id, reference point and plan (hull
// rectangle when the model has one, base otherwise). A Footprint is a
// value; At returns a moved copy.
type Footprint struct {
	ID     string
	Center geom.Point
	Shape  geom.Convex
}

// FootprintOf returns model m's footprint at its own position.
func FootprintOf(m *terrain.Model) Footprint {
	return Footprint{ID: m.ID, Center: m.Position, Shape: m.Footprint()}
}

// FootprintAt returns model m's footprint as it would stand with its
// reference point at p (same facing).
func FootprintAt(m *terrain.Model, p geom.Point) Footprint {
	c := *m
	c.Position = p
	return Footprint{ID: m.ID, Center: p, Shape: c.Footprint()}
}

// FootprintsOf returns the footprints of the models ids, in that order.
// An unknown id is an error wrapping ErrUnknownModel.
func FootprintsOf(bf *terrain.Battlefield, ids []string) ([]Footprint, error) {
	if bf == nil {
		return nil, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	out := make([]Footprint, 0, len(ids))
	for _, id := range ids {
		m, ok := bf.Model(id)
		if !ok {
			return nil, fmt.Errorf("movement: model %q: %w", id, ErrUnknownModel)
		}
		out = append(out, FootprintOf(m))
	}
	return out, nil
}

// Distance returns the distance between f and g: between reference points
// (Centers, also for the zero Measure) or between the closest points of
// the two plans (Edges, 0 when they touch or overlap).
func (f Footprint) Distance(g Footprint, m Measure) float64 {
	if m == Edges {
		d, _, _ := geom.DistConvex(f.Shape, g.Shape)
		return d
	}
	return f.Center.Sub(g.Center).Norm()
}

// DistanceToPoint returns the distance from f to p: from the reference
// point (Centers) or from the plan (Edges, 0 when p lies on or inside it).
func (f Footprint) DistanceToPoint(p geom.Point, m Measure) float64 {
	if m == Edges {
		d, _, _ := geom.DistConvex(f.Shape, geom.Circle{Center: p})
		return d
	}
	return f.Center.Sub(p).Norm()
}

// OverlapSlack is how deep, in inches, two footprints must interpenetrate
// before Overlaps reports them: touching, and rounding-sized overlaps of
// shapes placed in contact, are legal.
const OverlapSlack = 1e-7

// Overlaps reports whether f and g share interior deeper than
// OverlapSlack: their plans still meet when each is shrunk by
// OverlapSlack (exact for circles, ellipses and rectangles; other convex
// shapes are compared by the overlap of their projections on 64
// directions and the line of centres, a close upper bound of the depth).
func (f Footprint) Overlaps(g Footprint) bool {
	if d, _, _ := geom.DistConvex(f.Shape, g.Shape); d > 0 {
		return false
	}
	a, okA := shrunk(f.Shape, OverlapSlack)
	b, okB := shrunk(g.Shape, OverlapSlack)
	if okA && okB {
		d, _, _ := geom.DistConvex(a, b)
		return d <= 0
	}
	return projectedOverlap(f, g) > 2*OverlapSlack
}

// shrunk returns s eroded by e, for the shapes whose erosion is the same
// kind of shape; ok is false for any other shape.
func shrunk(s geom.Convex, e float64) (geom.Convex, bool) {
	switch v := s.(type) {
	case geom.Circle:
		v.Radius = math.Max(0, v.Radius-e)
		return v, true
	case geom.Ellipse: // inside the erosion while e is far below the curvature radius
		v.A, v.B = math.Max(0, v.A-e), math.Max(0, v.B-e)
		return v, true
	case geom.OrientedRect:
		v.Length, v.Width = math.Max(0, v.Length-2*e), math.Max(0, v.Width-2*e)
		return v, true
	}
	return nil, false
}

// projectedOverlap is the smallest overlap of the two shapes' projections
// over 64 directions and the line of centres.
func projectedOverlap(f, g Footprint) float64 {
	best := math.Inf(1)
	dirs := make([]geom.Point, 0, 65)
	if c := g.Center.Sub(f.Center); c.Norm() > 1e-12 {
		dirs = append(dirs, c.Mul(1/c.Norm()))
	}
	for k := range 64 {
		dirs = append(dirs, geom.Heading(float64(k)*180/64))
	}
	for _, u := range dirs {
		loF, hiF := f.Shape.Support(u.Mul(-1)).Dot(u), f.Shape.Support(u).Dot(u)
		loG, hiG := g.Shape.Support(u.Mul(-1)).Dot(u), g.Shape.Support(u).Dot(u)
		best = math.Min(best, math.Min(hiF, hiG)-math.Max(loF, loG))
	}
	return best
}

// Nearest returns the closest pair between the groups a and b (From in a,
// To in b) and its distance under m; ok is false when either group is
// empty. Ties keep the first pair in a-major order.
func Nearest(a, b []Footprint, m Measure) (l Link, ok bool) {
	l.Distance = math.Inf(1)
	for i := range a {
		for j := range b {
			if d := a[i].Distance(b[j], m); d < l.Distance {
				l = Link{From: a[i].ID, To: b[j].ID, Distance: round9(d)}
				ok = true
			}
		}
	}
	return l, ok
}

// Within returns every pair (From in a, To in b) at most limit apart
// under m (inclusive, to 1e-9 in), in a-major order, each with Limit set.
// Pairs with the same id on both sides are skipped, so a group may be
// tested against itself.
func Within(a, b []Footprint, m Measure, limit float64) []Link {
	var out []Link
	for i := range a {
		for j := range b {
			if a[i].ID == b[j].ID {
				continue
			}
			if d := a[i].Distance(b[j], m); d <= limit+1e-9 {
				out = append(out, Link{From: a[i].ID, To: b[j].ID, Distance: round9(d), Limit: limit})
			}
		}
	}
	return out
}

// GroupCoherency is Coherency for footprints placed anywhere (a planned
// formation, a unit after a proposed move): the same rule, the same
// answer. Altitude and figures play no part (SameAltitude and Figures
// are ignored). Fewer than one footprint is an error.
func GroupCoherency(name string, fs []Footprint, rule CoherencyRule) (CoherencyResult, error) {
	if err := finiteNonNeg("chain", rule.Chain, 1e6); err != nil {
		return CoherencyResult{}, err
	}
	if err := finiteNonNeg("all", rule.All, 1e6); err != nil {
		return CoherencyResult{}, err
	}
	switch rule.Measure {
	case "", Centers, Edges:
	default:
		return CoherencyResult{}, fmt.Errorf("movement: measure = %q, want center or edge: %w", rule.Measure, ErrInvalid)
	}
	if len(fs) == 0 {
		return CoherencyResult{}, fmt.Errorf("movement: group %q has no members: %w", name, ErrUnknownSquad)
	}
	ms := make([]member, len(fs))
	for i, f := range fs {
		if err := finitePoint("footprint "+f.ID, f.Center); err != nil {
			return CoherencyResult{}, err
		}
		ms[i] = member{id: f.ID, p: f.Center, shape: f.Shape}
	}
	return coherency(name, ms, rule), nil
}
