package jsapi

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// The query runner of package answer, without its pictures: package answer
// links every game and the PNG renderer's registrations, which a
// WebAssembly build made for one game leaves out (cmd/sightline-wasm picks
// the games it links). The answers are the same bytes; the Node tests and
// TestResultsAreTheCLIs compare them with "sightline check --json".

// game returns the scenario's game and its options, parsed once.
func (t *Table) game() (*rulesets.Game, rulesets.Options, error) {
	if t.opt == nil {
		g, err := rulesets.Lookup(t.file.Ruleset)
		if err != nil {
			return nil, nil, err
		}
		opt, err := g.ParseOptions(t.file)
		if err != nil {
			return nil, nil, err
		}
		t.gm, t.opt = g, opt
	}
	return t.gm, t.opt, nil
}

// answerQuery answers q as answer.One does and writes it as answer.Answer
// marshals.
func (t *Table) answerQuery(q *scenario.Query) ([]byte, error) {
	g, opt, err := t.game()
	if err != nil {
		return nil, err
	}
	u := scenario.UnitTextOf(t.file.Units)
	if q.Err != nil {
		return nil, u.LocalizeErr(q.Err)
	}
	r, err := g.Answer(t.file, opt, q)
	if err != nil {
		return nil, u.LocalizeErr(err)
	}
	return marshalResult(q.ID, q.Kind, t.file.Units, &r)
}

// results answers every query as answer.Run does and writes
// {"results": [...], "warnings": [...]} as "sightline check --json" prints
// it: a query that
// cannot be answered is there as {"id", "kind", "error": {"message",
// "path"}}. The error is for the scenario's ruleset or options, which leave
// no query answered.
func (t *Table) results() ([]byte, error) {
	if _, _, err := t.game(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.WriteString(`{"results":[`)
	for i := range t.file.Queries {
		q := &t.file.Queries[i]
		a, err := t.answerQuery(q)
		if err != nil {
			if a, err = marshalError(q.ID, q.Kind, err); err != nil {
				return nil, err
			}
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(a)
	}
	buf.WriteString(`],"warnings":`)
	warns := t.file.Warnings()
	if warns == nil {
		warns = []scenario.Warning{}
	}
	if err := writeJSON(&buf, warns); err != nil {
		return nil, err
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// writeJSON writes v as compact JSON without HTML escaping, as the CLI
// does.
func writeJSON(buf *bytes.Buffer, v any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	return nil
}

// marshalError writes the answer of a query that could not be answered,
// as answer.Answer marshals one with Err.
func marshalError(id, kind string, err error) ([]byte, error) {
	e := struct {
		Message string `json:"message"`
		Path    string `json:"path,omitempty"`
	}{Message: err.Error()}
	var fe *terrain.FieldError
	if errors.As(err, &fe) {
		e.Path = fe.Path
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, kv := range []struct {
		k string
		v any
	}{{"id", id}, {"kind", kind}, {"error", e}} {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := writeField(&buf, kv.k, kv.v); err != nil {
			return nil, err
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
