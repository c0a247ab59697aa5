package answer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/scenario"
)

// ErrUnsupported is wrapped by the error of a query whose kind the file's
// ruleset does not answer (yet).
var ErrUnsupported = errors.New("not supported yet")

// Answer is one query's answer. Fields are kept in the order they were set,
// so the JSON output is stable and reads like the spec's answer table.
type Answer struct {
	ID          string
	Kind        string
	Explanation string
	fields      []field
	units       string  // the file's units when they differ from inches
	scale       float64 // inches per file unit

	overlays  []render.Part // what a picture of this answer shows
	highlight []string      // ids drawn with a thick outline
}

type field struct {
	name   string
	value  any
	length bool // a length in inches, also reported in the file's units
}

// Set adds (or replaces) the answer field name with a JSON-encodable value.
func (a *Answer) Set(name string, value any) *Answer {
	for i := range a.fields {
		if a.fields[i].name == name {
			a.fields[i] = field{name: name, value: value}
			return a
		}
	}
	a.fields = append(a.fields, field{name: name, value: value})
	return a
}

// SetLength adds a length field in inches; when the file uses other units
// the value is also given in those units under the units' name.
func (a *Answer) SetLength(name string, inches float64) *Answer {
	a.Set(name, round(inches))
	a.fields[a.index(name)].length = true
	return a
}

// Get returns the value of field name and whether it is set.
func (a *Answer) Get(name string) (any, bool) {
	if i := a.index(name); i >= 0 {
		return a.fields[i].value, true
	}
	return nil, false
}

func (a *Answer) index(name string) int {
	for i := range a.fields {
		if a.fields[i].name == name {
			return i
		}
	}
	return -1
}

// MarshalJSON writes {"id", "kind", fields..., [units], "explanation"}.
func (a *Answer) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	write := func(k string, v any) error {
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		vb, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("answer %s field %s: %w", a.ID, k, err)
		}
		buf.Write(vb)
		return nil
	}
	if err := write("id", a.ID); err != nil {
		return nil, err
	}
	if err := write("kind", a.Kind); err != nil {
		return nil, err
	}
	var converted []field
	for _, f := range a.fields {
		if err := write(f.name, f.value); err != nil {
			return nil, err
		}
		if f.length && a.units != "" {
			converted = append(converted, field{name: f.name, value: round(f.value.(float64) / a.scale)})
		}
	}
	if len(converted) > 0 {
		m := &Answer{fields: converted}
		inner, err := m.fieldsJSON()
		if err != nil {
			return nil, err
		}
		if err := write(a.units, inner); err != nil {
			return nil, err
		}
	}
	if err := write("explanation", a.Explanation); err != nil {
		return nil, err
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func (a *Answer) fieldsJSON() (json.RawMessage, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, f := range a.fields {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(f.name)
		vb, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// Text returns the answer as readable lines: a headline with the main
// fields, then the explanation.
func (a *Answer) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s):", a.ID, a.Kind)
	for _, f := range a.fields {
		switch f.name {
		case "detail", "reasons", "measures", "modifiers", "candidates":
			continue // the explanation says these in words
		}
		fmt.Fprintf(&b, " %s=%s", f.name, textValue(f.value))
	}
	if a.Explanation != "" {
		b.WriteString("\n    ")
		b.WriteString(a.Explanation)
	}
	return b.String()
}

func textValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case float64:
		return fmt.Sprintf("%.3f", x)
	case string:
		return x
	case []float64:
		parts := make([]string, len(x))
		for i, f := range x {
			parts[i] = fmt.Sprintf("%.2f", f)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case fmt.Stringer:
		return x.String()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// round keeps answers readable and stable: 1e-9 in is far below anything a
// tape measure resolves, and it hides float noise in the last digits.
func round(x float64) float64 {
	const q = 1e9
	r := float64(int64(x*q+copysignHalf(x))) / q
	if r == 0 {
		return 0 // no "-0" in answers
	}
	return r
}

func copysignHalf(x float64) float64 {
	if x < 0 {
		return -0.5
	}
	return 0.5
}

// point2 and point3 give a point as a JSON array rounded like every length.
func point2(p geom.Point) []float64 { return []float64{round(p.X), round(p.Y)} }
func point3(p geom.Vec3) []float64  { return []float64{round(p.X), round(p.Y), round(p.Z)} }

// QueryError is the error of one query: the query's JSON path and the cause.
type QueryError struct {
	Path string
	Err  error
}

// Error returns "path: cause".
func (e *QueryError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *QueryError) Unwrap() error { return e.Err }

// Run answers every query of f in order. Queries that cannot be answered
// are reported in errs (one *QueryError each, in query order); the answers
// of the others are returned all the same.
func Run(f *scenario.File) (answers []*Answer, errs []error) {
	for i := range f.Queries {
		q := &f.Queries[i]
		a, err := One(f, q)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		answers = append(answers, a)
	}
	return answers, errs
}

// One answers a single query of f.
func One(f *scenario.File, q *scenario.Query) (*Answer, error) {
	h, ok := handlers[q.Kind]
	if g, isGame := gameFor(f, q); isGame {
		h, ok = func(f *scenario.File, q *scenario.Query, a *Answer) error { return answerGame(g, f, q, a) }, true
	}
	if !ok {
		return nil, &QueryError{Path: q.JSONPath + ".kind", Err: fmt.Errorf("%q for ruleset %q: %w", q.Kind, f.Ruleset, ErrUnsupported)}
	}
	a := &Answer{ID: q.ID, Kind: q.Kind}
	if f.Units != "" && f.Units != "in" {
		a.units, a.scale = f.Units, unitScale(f.Units)
	}
	if err := h(f, q, a); err != nil {
		var qe *QueryError
		if errors.As(err, &qe) {
			return nil, err
		}
		return nil, &QueryError{Path: q.JSONPath, Err: err}
	}
	return a, nil
}

func unitScale(u string) float64 {
	switch u {
	case "cm":
		return 1 / 2.54
	case "mm":
		return 1 / 25.4
	}
	return 1
}

type handler func(f *scenario.File, q *scenario.Query, a *Answer) error

// handlers maps a query kind to the function that answers it. Kinds not
// here are reported as unsupported.
var handlers = map[string]handler{}
