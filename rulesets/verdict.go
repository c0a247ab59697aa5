package rulesets

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Verdict is a ruleset's answer to "is this shot/move legal, with which
// modifiers, and why". It is data first (JSON-encodable) and renders as one
// readable paragraph with Paragraph.
type Verdict struct {
	Legal     bool       `json:"legal"`
	Reasons   []Reason   `json:"reasons"`
	Measures  []Measure  `json:"measures,omitempty"`
	Modifiers []Modifier `json:"modifiers,omitempty"`
}

// Reason is one decision behind a verdict: the rule clause (e.g. "DZC-34"),
// whether it allows (Pass) or forbids the action, and a sentence with the
// numbers.
type Reason struct {
	Clause string `json:"clause"`
	Pass   bool   `json:"pass"`
	Text   string `json:"text"`
}

// Measure is a number measured for the verdict, in inches unless Unit says
// otherwise.
type Measure struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Unit  string  `json:"unit"`
}

// Modifier is a game effect that applies to the action (cover,
// concealment, flank, range band, ...), with the clause it comes from and an
// optional numeric value.
type Modifier struct {
	Name   string  `json:"name"`
	Clause string  `json:"clause"`
	Value  float64 `json:"value,omitempty"`
	Text   string  `json:"text,omitempty"`
}

// Allow records a passed check.
func (v *Verdict) Allow(clause, format string, args ...any) {
	v.Reasons = append(v.Reasons, Reason{Clause: clause, Pass: true, Text: fmt.Sprintf(format, args...)})
}

// Forbid records a failed check and makes the verdict illegal.
func (v *Verdict) Forbid(clause, format string, args ...any) {
	v.Reasons = append(v.Reasons, Reason{Clause: clause, Pass: false, Text: fmt.Sprintf(format, args...)})
	v.Legal = false
}

// Measure records a measured number.
func (v *Verdict) Measure(name string, value float64, unit string) {
	v.Measures = append(v.Measures, Measure{Name: name, Value: value, Unit: unit})
}

// Modify records a modifier.
func (v *Verdict) Modify(m Modifier) { v.Modifiers = append(v.Modifiers, m) }

// NewVerdict returns a legal verdict with no reasons yet; Forbid makes it
// illegal.
func NewVerdict() *Verdict { return &Verdict{Legal: true} }

// Paragraph renders the verdict as one readable paragraph: the outcome,
// each reason with its clause, then the modifiers.
func (v *Verdict) Paragraph() string {
	var b strings.Builder
	if v.Legal {
		b.WriteString("Legal.")
	} else {
		b.WriteString("Not legal.")
	}
	for _, r := range v.Reasons {
		mark := "ok"
		if !r.Pass {
			mark = "fails"
		}
		fmt.Fprintf(&b, " %s (%s): %s.", r.Clause, mark, strings.TrimSuffix(r.Text, "."))
	}
	if len(v.Modifiers) > 0 {
		parts := make([]string, len(v.Modifiers))
		for i, m := range v.Modifiers {
			s := m.Name
			if m.Value != 0 {
				s += fmt.Sprintf(" %+g", m.Value)
			}
			parts[i] = s + " [" + m.Clause + "]"
		}
		fmt.Fprintf(&b, " Modifiers: %s.", strings.Join(parts, ", "))
	}
	return b.String()
}

// DecodeStrict decodes raw JSON into v rejecting unknown fields; path names
// the JSON location in errors. A nil or empty raw leaves v unchanged.
func DecodeStrict(raw json.RawMessage, path string, v any) error {
	if len(raw) == 0 {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &FieldError{Path: path, Err: err}
	}
	return nil
}

// DecodeExtra decodes the extension fields of q (q.Extra) into the given
// destinations, field name -> pointer, strictly: a field not named is an
// error wrapping scenario.ErrUnknownField, a value that does not decode
// one wrapping scenario.ErrType; both name q.JSONPath + ".field". Fields are
// visited in name order so the first error is always the same.
func DecodeExtra(q *scenario.Query, fields map[string]any) error {
	keys := make([]string, 0, len(q.Extra))
	for k := range q.Extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		path := q.JSONPath + "." + k
		dst, ok := fields[k]
		if !ok {
			return &FieldError{Path: path, Err: fmt.Errorf("unknown field for kind %q: %w", q.Kind, scenario.ErrUnknownField)}
		}
		dec := json.NewDecoder(strings.NewReader(string(q.Extra[k])))
		dec.DisallowUnknownFields()
		if err := dec.Decode(dst); err != nil {
			return &FieldError{Path: path, Err: fmt.Errorf("%v: %w", err, scenario.ErrType)}
		}
	}
	return nil
}

// FieldError is an error about one field of a query or option: its JSON
// path and the cause.
type FieldError struct {
	Path string
	Err  error
}

// Error returns "path: cause".
func (e *FieldError) Error() string { return e.Path + ": " + terrain.UserMessage(e.Err.Error()) }

// Unwrap returns the cause.
func (e *FieldError) Unwrap() error { return e.Err }
