package jsapi

import (
	"bytes"
	"errors"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
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
	r, err := g.Answer(t.file, opt, q)
	if err != nil {
		return nil, err
	}
	return marshalResult(q.ID, q.Kind, t.file.Units, &r)
}

// results answers every query as answer.Run does: {"results": [...]}
// with the answers of the queries that could be answered, and the errors
// of the others, joined, one per line.
func (t *Table) results() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(`{"results":[`)
	var errs []error
	n := 0
	if _, _, err := t.game(); err != nil {
		return nil, err
	}
	for i := range t.file.Queries {
		a, err := t.answerQuery(&t.file.Queries[i])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if n > 0 {
			buf.WriteByte(',')
		}
		buf.Write(a)
		n++
	}
	buf.WriteString("]}")
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return buf.Bytes(), nil
}
