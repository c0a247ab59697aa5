package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Answer is one query's answer. Fields are kept in the order they were set,
// so the JSON output is stable and reads like the spec's answer table.
type Answer struct {
	ID          string
	Kind        string
	Explanation string
	fields      []field
	units       string            // the file's units when they differ from inches
	scale       float64           // inches per file unit
	u           scenario.UnitText // rewrites the text's lengths in the file's units

	overlays  []render.Part // what a picture of this answer shows
	highlight []string      // ids drawn with a thick outline

	// Err says why the query could not be answered (an unknown id, a
	// field the game rejects, a limit reached), naming the JSON path; an
	// answer with Err has no fields.
	Err error
}

// errorJSON is the "error" object of an answer that could not be given.
type errorJSON struct {
	Message string `json:"message"`
	Path    string `json:"path,omitempty"`
}

// newErrorJSON returns the error object of err: its whole message and the
// JSON path it names.
func newErrorJSON(err error) errorJSON {
	e := errorJSON{Message: err.Error()}
	var fe *terrain.FieldError
	if errors.As(err, &fe) {
		e.Path = fe.Path
	}
	return e
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
		kb, _ := marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		vb, err := marshal(v)
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
	if a.Err != nil {
		if err := write("error", newErrorJSON(a.Err)); err != nil {
			return nil, err
		}
		buf.WriteByte('}')
		return buf.Bytes(), nil
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
		kb, _ := marshal(f.name)
		vb, err := marshal(f.value)
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
	if a.Err != nil {
		fmt.Fprintf(&b, " not answered\n    %v", a.Err)
		return b.String()
	}
	for _, f := range a.fields {
		switch f.name {
		case "detail", "reasons", "measures", "modifiers", "candidates":
			continue // the explanation says these in words
		}
		fmt.Fprintf(&b, " %s=%s", f.name, a.textField(f))
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

// round is rulesets.Round: every answer number is rounded the same way.
func round(x float64) float64 { return rulesets.Round(x) }

// Run answers every query of f in order through the file's ruleset. Every
// query has an answer, in the file's order: one that cannot be answered
// (an unknown id, a field its game rejects) carries its error in Err, and
// errs lists those errors too (each naming its JSON path once, in query
// order). An unknown ruleset or bad options make every query
// unanswerable: answers is then nil and errs holds that one error.
func Run(f *scenario.File) (answers []*Answer, errs []error) {
	return RunContext(context.Background(), f)
}

// RunContext is Run with the work of every query bounded by ctx: once ctx
// is done (a --timeout, a request's deadline) the query computing stops
// at its next budget check and every query left fails with an error
// wrapping budget.ErrExceeded and ctx's error, so the whole run stops
// promptly instead of running on.
func RunContext(ctx context.Context, f *scenario.File) (answers []*Answer, errs []error) {
	g, opt, err := prepare(f)
	if err != nil {
		return nil, []error{err}
	}
	b := budget.New(ctx, 0)
	answers = make([]*Answer, 0, len(f.Queries))
	for i := range f.Queries {
		q := &f.Queries[i]
		a, err := one(f, g, opt, q, b)
		if err != nil {
			a = &Answer{ID: q.ID, Kind: q.Kind, Err: err}
			errs = append(errs, err)
		}
		answers = append(answers, a)
	}
	return answers, errs
}

// One answers a single query of f.
func One(f *scenario.File, q *scenario.Query) (*Answer, error) {
	g, opt, err := prepare(f)
	if err != nil {
		return nil, err
	}
	return one(f, g, opt, q, nil)
}

// prepare finds f's game and parses its options once for all queries.
func prepare(f *scenario.File) (*rulesets.Game, rulesets.Options, error) {
	g, err := rulesets.Lookup(f.Ruleset)
	if err != nil {
		return nil, nil, err
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		return nil, nil, err
	}
	return g, opt, nil
}

func one(f *scenario.File, g *rulesets.Game, opt rulesets.Options, q *scenario.Query, b *budget.Budget) (*Answer, error) {
	u := scenario.UnitTextOf(f.Units)
	if q.Err != nil {
		return nil, u.LocalizeErr(q.Err)
	}
	r, err := g.AnswerWithin(f, opt, q, b)
	if err != nil {
		return nil, u.LocalizeErr(err)
	}
	a := &Answer{ID: q.ID, Kind: q.Kind, Explanation: u.Localize(r.Explanation), u: u}
	if f.Units != "" && f.Units != "in" {
		a.units, a.scale = f.Units, unitScale(f.Units)
	}
	for _, fl := range r.Fields {
		a.fields = append(a.fields, field{name: fl.Name, value: fl.Value, length: fl.Length})
	}
	a.highlight = r.Picture.Highlight
	a.overlays = r.Picture.Parts
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

// marshal is json.Marshal without HTML escaping: explanations say "a -> b",
// not "a -\u003e b".
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// textField writes a field's value for the headline: a length in the
// file's units with the inches beside, points in the file's units.
func (a *Answer) textField(f field) string {
	if !a.u.Active() {
		return textValue(f.value)
	}
	if x, ok := f.value.(float64); ok && f.length {
		return fmt.Sprintf("%s %s (%.3f in)", a.u.Format(a.u.Value(x)), a.u.Name, x)
	}
	switch x := f.value.(type) {
	case []float64:
		return textValue(a.u.Points(x))
	case [][]float64:
		out := make([][]float64, len(x))
		for i, p := range x {
			out[i] = a.u.Points(p)
		}
		return textValue(out)
	}
	return textValue(f.value)
}
