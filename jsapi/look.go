package jsapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// lookFields are the fields of one Look entry after "to": each is the
// field of that name in the answer of the kind between the two models.
var lookFields = []struct{ kind, name string }{
	{"sight", "visible"},
	{"sight", "blockedBy"},
	{"visible-fraction", "fraction"},
	{"range", "distance"},
}

// Look answers, in one call, what a drag loop asks of each target: sight,
// the visible fraction and the range from model from to each model of
// targets. It returns a JSON array with one object per target, in order:
//
//	{"to": id, "visible": bool, "blockedBy": id or null, "fraction": 0..1, "distance": inches}
//
// Each field after "to" is the field of that name (its JSON bytes) in the
// answer Pair gives between the two models: "visible" and "blockedBy" of
// "sight", "fraction" of "visible-fraction", "distance" of "range" with
// mode as its mode ("" for the game's default). Error paths: "from" for
// an unknown model, "targets[i]" for an unknown target or a target whose
// answer fails, "range" for an unknown mode.
func (t *Table) Look(from string, targets []string, mode string) ([]byte, error) {
	bf := t.file.Battlefield()
	if _, ok := bf.Model(from); !ok {
		return nil, &terrain.FieldError{Path: "from", Value: strconv.Quote(from),
			Err: fmt.Errorf("unknown model %q: %w", from, terrain.ErrUnknownID)}
	}
	if mode != "" && !slices.Contains(scenario.RangeModes(), mode) {
		return nil, &terrain.FieldError{Path: "range", Value: strconv.Quote(mode),
			Err: fmt.Errorf("want one of %q: %w", scenario.RangeModes(), scenario.ErrValue)}
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, to := range targets {
		path := "targets[" + strconv.Itoa(i) + "]"
		if _, ok := bf.Model(to); !ok {
			return nil, &terrain.FieldError{Path: path, Value: strconv.Quote(to),
				Err: fmt.Errorf("unknown model %q: %w", to, terrain.ErrUnknownID)}
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString(`{"to":`)
		if err := writeJSON(&buf, to); err != nil {
			return nil, err
		}
		var fields []rulesets.Field // of the answer of the kind before
		for k, f := range lookFields {
			if k == 0 || f.kind != lookFields[k-1].kind {
				option := ""
				if f.kind == "range" {
					option = mode
				}
				var err error
				if fields, err = t.lookAnswer(f.kind, from, to, option); err != nil {
					return nil, terrain.AtPath(path, err)
				}
			}
			var v any
			for _, g := range fields {
				if g.Name == f.name {
					v = g.Value
					break
				}
			}
			buf.WriteString(`,"` + f.name + `":`)
			if err := writeJSON(&buf, v); err != nil {
				return nil, err
			}
		}
		buf.WriteByte('}')
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}

// lookAnswer answers kind between the models from and to and returns the
// answer's top-level fields. The generic road gives the Result's fields; a
// kind the game answers itself is answered as Pair answers it and its
// fields read back from the JSON (as json.RawMessage values).
func (t *Table) lookAnswer(kind, from, to, option string) ([]rulesets.Field, error) {
	r, ok, err := t.pairResult(kind, from, to, option)
	if ok {
		return r.Fields, err
	}
	b, err := t.Pair(kind, from, to, option)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, err
	}
	out := make([]rulesets.Field, 0, len(fields))
	for name, raw := range fields {
		out = append(out, rulesets.Field{Name: name, Value: raw})
	}
	return out, nil
}
