package los

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// RangeMode says between which points a range is measured; the values are
// the scenario file's range "mode" strings.
type RangeMode string

// Range modes.
const (
	// RangeCenter measures reference point to reference point: a model's
	// Position, or the centroid of its figures for a multi-figure unit
	// (ReferencePoint with RefCentroid). It is the default: the distance
	// between two models as single points.
	RangeCenter RangeMode = "center"
	// RangeEdge measures between the closest points of the two footprints
	// (hull rectangle if any, else the base; each figure's base for a
	// multi-figure unit); it is 0 when they touch or overlap.
	RangeEdge RangeMode = "edge"
	// RangeStand measures from the nearest stand of one model to the
	// nearest stand of the other; a model's stands are its figures'
	// positions, or its Position when it has no figures.
	RangeStand RangeMode = "stand"
	// RangeGround measures from the shooter's reference point to the ground
	// under the target's Position: the surface it stands on (the table,
	// a hill's top, a roof or floor; an airborne target measured at the
	// foot of its flight base).
	RangeGround RangeMode = "ground"
)

// ParseRangeMode returns the RangeMode named s ("" means RangeCenter), or an
// error naming the value.
func ParseRangeMode(s string) (RangeMode, error) {
	switch m := RangeMode(s); m {
	case "":
		return RangeCenter, nil
	case RangeCenter, RangeEdge, RangeStand, RangeGround:
		return m, nil
	}
	return "", fmt.Errorf("los: range mode %q: want center, edge, stand or ground: %w", s, terrain.ErrInvalidValue)
}

// describe returns the mode as it reads in an explanation.
func (m RangeMode) describe() string {
	switch m {
	case RangeEdge:
		return "edge to edge"
	case RangeStand:
		return "stand to nearest stand"
	case RangeGround:
		return "to the ground point under the target"
	}
	return "centre to centre"
}

// RangeResult is a measured range. All lengths are in inches.
//
// Distance is the mode's answer: the horizontal (table-plane) distance
// between FromPoint and ToPoint. Horizontal repeats it, Vertical is the
// height difference of the two points and Distance3D the straight 3D
// length between them. The z of a point is the model's eye height (the
// centre of its hull box, or its altitude when airborne, see
// terrain.Model.EyePoint, standing on the model's ground) except the
// target's point in RangeGround, which lies on its ground
// (terrain.Model.Ground); a terrain piece's point lies on the table, and
// a point given by the caller keeps its own z.
type RangeResult struct {
	From, To   string
	Mode       RangeMode
	Distance   float64
	Horizontal float64
	Vertical   float64
	Distance3D float64
	FromPoint  geom.Vec3
	ToPoint    geom.Vec3
}

// MarshalJSON encodes the result with camelCase keys and points as [x, y, z].
func (r RangeResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		From        string     `json:"from"`
		To          string     `json:"to"`
		Mode        RangeMode  `json:"mode"`
		Distance    float64    `json:"distance"`
		Horizontal  float64    `json:"horizontal"`
		Vertical    float64    `json:"vertical"`
		Distance3D  float64    `json:"distance3d"`
		FromPoint   [3]float64 `json:"fromPoint"`
		ToPoint     [3]float64 `json:"toPoint"`
		Explanation string     `json:"explanation"`
	}{r.From, r.To, r.Mode, r.Distance, r.Horizontal, r.Vertical, r.Distance3D,
		measXYZ(r.FromPoint), measXYZ(r.ToPoint), r.Explain()})
}

// Explain returns the result as one plain sentence.
func (r RangeResult) Explain() string {
	s := fmt.Sprintf("range %s -> %s: %.2f in %s, from (%.2f, %.2f) to (%.2f, %.2f)",
		r.From, r.To, r.Distance, r.Mode.describe(), r.FromPoint.X, r.FromPoint.Y, r.ToPoint.X, r.ToPoint.Y)
	if r.Vertical > 0 {
		s += fmt.Sprintf("; %.2f in vertical, %.2f in 3D", r.Vertical, r.Distance3D)
	}
	return s
}

// Range measures between two models or terrain pieces named by id, in the
// given mode (see RangeMode). A terrain piece stands for its footprint: its
// reference point and stand are the footprint's centroid (a circle's
// centre) on the table and its edge is its footprint. An unknown id or
// mode is an error naming it.
func Range(bf *terrain.Battlefield, from, to string, mode RangeMode) (RangeResult, error) {
	if _, err := ParseRangeMode(string(mode)); err != nil {
		return RangeResult{}, err
	}
	a, err := measLookup(bf, from)
	if err != nil {
		return RangeResult{}, fmt.Errorf("los: range from: %w", err)
	}
	b, err := measLookup(bf, to)
	if err != nil {
		return RangeResult{}, fmt.Errorf("los: range to: %w", err)
	}
	return measRange(a, b, mode), nil
}

// RangeFromPoint measures from the point p (an eye or window point, with
// its own height) to the model or piece named to. The point is a
// zero-size subject: its edge and stand are p itself.
func RangeFromPoint(bf *terrain.Battlefield, p geom.Vec3, to string, mode RangeMode) (RangeResult, error) {
	if _, err := ParseRangeMode(string(mode)); err != nil {
		return RangeResult{}, err
	}
	if err := measFinite3("from point", p); err != nil {
		return RangeResult{}, err
	}
	b, err := measLookup(bf, to)
	if err != nil {
		return RangeResult{}, fmt.Errorf("los: range to: %w", err)
	}
	return measRange(measPoint(p), b, mode), nil
}

// RangeBetweenPoints measures between two points: Distance is the
// horizontal distance, Vertical the height difference. Non-finite
// coordinates are an error.
func RangeBetweenPoints(a, b geom.Vec3) (RangeResult, error) {
	if err := measFinite3("from point", a); err != nil {
		return RangeResult{}, err
	}
	if err := measFinite3("to point", b); err != nil {
		return RangeResult{}, err
	}
	return measRange(measPoint(a), measPoint(b), RangeCenter), nil
}

// measRange computes the range between two resolved subjects.
func measRange(a, b measSubject, mode RangeMode) RangeResult {
	var pa, pb geom.Point
	za, zb := a.z, b.z
	switch mode {
	case RangeEdge:
		_, pa, pb = measNearestShapes(a.shapes(), b.shapes())
	case RangeStand:
		pa, pb = measNearestPoints(a.stands(), b.stands())
	case RangeGround:
		pa, pb = a.center, b.ground
		zb = b.groundZ
	default:
		pa, pb = a.center, b.center
	}
	h := pa.Sub(pb).Norm()
	v := math.Abs(za - zb)
	return RangeResult{
		From: a.id, To: b.id, Mode: mode,
		Distance: h, Horizontal: h, Vertical: v, Distance3D: math.Hypot(h, v),
		FromPoint: geom.Lift(pa, za), ToPoint: geom.Lift(pb, zb),
	}
}

// measSubject is a model, piece or bare point resolved for measuring.
type measSubject struct {
	id     string
	model  *terrain.Model
	piece  *terrain.Piece
	center geom.Point // reference point (ReferencePoint with RefCentroid)
	ground geom.Point // table point under the position
	z      float64    // eye height of the reference point
	// groundZ is the height of the surface under the position (the
	// model's ground; 0 for pieces and bare points).
	groundZ float64
}

// measLookup resolves id to a model or a piece.
func measLookup(bf *terrain.Battlefield, id string) (measSubject, error) {
	if bf == nil {
		return measSubject{}, fmt.Errorf("nil battlefield: %w", terrain.ErrInvalidValue)
	}
	if m, ok := bf.Model(id); ok {
		return measModel(m), nil
	}
	if p, ok := bf.Piece(id); ok {
		c := p.Footprint.Centroid()
		if p.Circle != nil {
			c = p.Circle.Center
		}
		return measSubject{id: id, piece: p, center: c, ground: c}, nil
	}
	return measSubject{}, fmt.Errorf("unknown id %q: %w", id, terrain.ErrUnknownID)
}

// measModel resolves a model.
func measModel(m *terrain.Model) measSubject {
	return measSubject{id: m.ID, model: m, center: measCenter(m), ground: m.Position, z: m.EyePoint().Z, groundZ: m.Ground()}
}

// measPoint wraps a bare point.
func measPoint(p geom.Vec3) measSubject {
	q := geom.Flat(p)
	return measSubject{id: fmt.Sprintf("(%.2f, %.2f, %.2f)", p.X, p.Y, p.Z), center: q, ground: q, z: p.Z}
}

// measCenter returns a model's default reference point (RefCentroid).
func measCenter(m *terrain.Model) geom.Point { return ReferencePoint(m, RefCentroid) }

// RefMode says which point of a model stands for it when it is measured
// as a single point.
type RefMode string

// Reference point modes.
const (
	// RefCentroid is the centroid of the model's figures, or its Position
	// when it has none. It is the default ("").
	RefCentroid RefMode = "centroid"
	// RefBoxCenter is the centre of the bounding box of the figures, or
	// the Position when there are none.
	RefBoxCenter RefMode = "bbox"
	// RefPosition is the model's Position, whatever its figures.
	RefPosition RefMode = "position"
)

// ReferencePoint returns the point of m that stands for it in mode (see
// RefMode; an unknown mode is RefCentroid).
func ReferencePoint(m *terrain.Model, mode RefMode) geom.Point {
	if len(m.Figures) == 0 || mode == RefPosition {
		return m.Position
	}
	if mode == RefBoxCenter {
		return geom.RectFromPoints(m.Figures...).Center()
	}
	var s geom.Point
	for _, f := range m.Figures {
		s = s.Add(f)
	}
	return s.Mul(1 / float64(len(m.Figures)))
}

// shapes returns the subject's plan shapes for edge measuring: the hull
// rectangle, else every figure's base; a piece's circle or footprint; a
// point as a zero-radius circle.
func (s measSubject) shapes() []geom.Shape {
	switch {
	case s.model != nil:
		if r, ok := s.model.HullRect(); ok {
			return []geom.Shape{r}
		}
		fs := s.model.FigureShapes()
		out := make([]geom.Shape, len(fs))
		for i, f := range fs {
			out[i] = f
		}
		return out
	case s.piece != nil:
		if s.piece.Circle != nil {
			return []geom.Shape{*s.piece.Circle}
		}
		return []geom.Shape{s.piece.Footprint}
	}
	return []geom.Shape{geom.Circle{Center: s.center}}
}

// stands returns the subject's stands: figure positions, else the
// position.
func (s measSubject) stands() []geom.Point {
	if s.model != nil && len(s.model.Figures) > 0 {
		return s.model.Figures
	}
	if s.model != nil {
		return []geom.Point{s.model.Position}
	}
	return []geom.Point{s.center}
}

// measNearestShapes returns the smallest edge distance between any shape of as
// and any of bs, with the closest points (first pair wins ties).
func measNearestShapes(as, bs []geom.Shape) (float64, geom.Point, geom.Point) {
	best := math.Inf(1)
	var pa, pb geom.Point
	for _, a := range as {
		for _, b := range bs {
			d, p, q := geom.DistShapes(a, b)
			if d < best || (math.IsInf(best, 1) && !math.IsNaN(d)) {
				best, pa, pb = d, p, q
			}
		}
	}
	return best, pa, pb
}

// measNearestPoints returns the closest pair of points, one from each list,
// compared exactly (first pair wins ties).
func measNearestPoints(as, bs []geom.Point) (geom.Point, geom.Point) {
	pa, pb := as[0], bs[0]
	best := pa.Sub(pb).Norm()
	for _, a := range as {
		for _, b := range bs {
			if d := a.Sub(b).Norm(); d < best {
				best, pa, pb = d, a, b
			}
		}
	}
	return pa, pb
}

// measFinite3 reports an error naming field when v has a NaN or infinite
// coordinate.
func measFinite3(field string, v geom.Vec3) error {
	for _, c := range [3]float64{v.X, v.Y, v.Z} {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return fmt.Errorf("los: %s (%v, %v, %v) is not finite: %w", field, v.X, v.Y, v.Z, terrain.ErrInvalidValue)
		}
	}
	return nil
}

// measFinite2 reports an error naming field when p has a NaN or infinite
// coordinate.
func measFinite2(field string, p geom.Point) error {
	return measFinite3(field, geom.Lift(p, 0))
}

// measXYZ returns v as a JSON array value.
func measXYZ(v geom.Vec3) [3]float64 { return [3]float64{v.X, v.Y, v.Z} }

// measXY returns p as a JSON array value.
func measXY(p geom.Point) [2]float64 { return [2]float64{p.X, p.Y} }
