package rulesets

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/sightline/sightline/scenario"
)

func TestVerdictParagraph(t *testing.T) {
	v := NewVerdict()
	v.Allow("DZC-23", "range %.1f in is within %g in", 12.0, 24.0)
	if !v.Legal {
		t.Fatal("a verdict with only passed checks is illegal")
	}
	v.Forbid("DZC-14", "target in the rear arc")
	v.Modify(Modifier{Name: "cover", Clause: "DZC-18", Value: 1})
	if v.Legal {
		t.Fatal("Forbid left the verdict legal")
	}
	want := "Not legal. DZC-23 (ok): range 12.0 in is within 24 in. DZC-14 (fails): target in the rear arc. Modifiers: cover +1 [DZC-18]."
	if got := v.Paragraph(); got != want {
		t.Errorf("Paragraph() = %q, want %q", got, want)
	}
	r := VerdictResult(v, Field{Name: "range", Value: 12.0, Length: true})
	if len(r.Fields) != 5 || r.Fields[0].Name != "legal" || r.Fields[4].Name != "range" || r.Explanation != want {
		t.Errorf("VerdictResult = %+v", r)
	}
	if _, err := json.Marshal(v); err != nil {
		t.Errorf("verdict does not encode: %v", err)
	}
}

func TestDecodeExtra(t *testing.T) {
	q := &scenario.Query{Kind: "landing", JSONPath: "queries[4]", Extra: map[string]json.RawMessage{
		"size": json.RawMessage(`"M"`), "zeta": json.RawMessage(`1`), "alpha": json.RawMessage(`2`),
	}}
	var size string
	var alpha float64
	// Unknown fields are reported in name order: alpha is known, zeta is not.
	err := DecodeExtra(q, map[string]any{"size": &size, "alpha": &alpha})
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Path != "queries[4].zeta" || !errors.Is(err, scenario.ErrUnknownField) {
		t.Errorf("DecodeExtra = %v, want unknown field queries[4].zeta", err)
	}
	delete(q.Extra, "zeta")
	if err := DecodeExtra(q, map[string]any{"size": &size, "alpha": &alpha}); err != nil || size != "M" || alpha != 2 {
		t.Errorf("DecodeExtra = %v, size %q, alpha %v", err, size, alpha)
	}
	var n int
	err = DecodeExtra(q, map[string]any{"size": &n, "alpha": &alpha})
	if !errors.As(err, &fe) || fe.Path != "queries[4].size" || !errors.Is(err, scenario.ErrType) {
		t.Errorf("DecodeExtra wrong type = %v, want a type error at queries[4].size", err)
	}
}
