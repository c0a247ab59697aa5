package rulesets

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
)

// Result is what a query kind returns: the answer fields in the order the
// spec lists them (e.g. "legal", "reasons", measured values), the
// explanation, and the picture that shows the same thing. Build it with
// Set, SetLength and Draw.
type Result struct {
	Fields      []Field
	Explanation string
	// Picture is what a drawing of the answer shows: the models to
	// highlight and the overlays (sightlines, blockers, paths, links, arcs).
	Picture Picture
}

// Picture is the drawing of one answer.
type Picture struct {
	Highlight []string      // model ids drawn with a thick outline
	Parts     []render.Part // overlays, profiles and panels, in drawing order
}

// Field is one named answer field; Value must be JSON-encodable. Length
// marks a length in inches (the runner also gives it in the file's units).
type Field struct {
	Name   string
	Value  any
	Length bool
}

// Set adds the field name with a JSON-encodable value, or replaces the
// value of a field already set (keeping its place).
func (r *Result) Set(name string, value any) *Result {
	return r.set(Field{Name: name, Value: value})
}

// SetLength is Set for a length in inches, rounded as every answer length
// is (see Round).
func (r *Result) SetLength(name string, inches float64) *Result {
	return r.set(Field{Name: name, Value: Round(inches), Length: true})
}

func (r *Result) set(f Field) *Result {
	for i := range r.Fields {
		if r.Fields[i].Name == f.Name {
			r.Fields[i] = f
			return r
		}
	}
	r.Fields = append(r.Fields, f)
	return r
}

// Get returns the value of the field name and whether it is set.
func (r *Result) Get(name string) (any, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Value, true
		}
	}
	return nil, false
}

// Draw adds models to highlight and overlays to the answer's picture.
func (r *Result) Draw(highlight []string, parts ...render.Part) *Result {
	if !Pictures {
		return r
	}
	r.Picture.Highlight = append(r.Picture.Highlight, highlight...)
	r.Picture.Parts = append(r.Picture.Parts, parts...)
	return r
}

// VerdictResult turns a verdict into the shot/move answer fields: legal,
// reasons, measures, modifiers, then extra, with the paragraph as
// explanation.
func VerdictResult(v *Verdict, extra ...Field) Result {
	fields := []Field{
		{Name: "legal", Value: v.Legal},
		{Name: "reasons", Value: v.Reasons},
		{Name: "measures", Value: v.Measures},
		{Name: "modifiers", Value: v.Modifiers},
	}
	return Result{Fields: append(fields, extra...), Explanation: v.Paragraph()}
}

// Round keeps answers readable and stable: 1e-9 in is far below anything
// a tape measure resolves, and it hides float noise in the last digits.
// Non-finite values are returned unchanged; -0 becomes 0.
func Round(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e9 {
		return x
	}
	r := math.Round(x*1e9) / 1e9
	if r == 0 {
		return 0 // no "-0" in answers
	}
	return r
}

// Point2 returns p as a JSON array [x, y], rounded like every length.
func Point2(p geom.Point) []float64 { return []float64{Round(p.X), Round(p.Y)} }

// Point3 returns p as a JSON array [x, y, z], rounded like every length.
func Point3(p geom.Vec3) []float64 { return []float64{Round(p.X), Round(p.Y), Round(p.Z)} }
