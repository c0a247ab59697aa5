package jsapi

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// The calls of a drag loop, made once per frame and per enemy, take plain
// strings and numbers: no JSON to parse on the way in. Their answers are
// those of the equivalent query (a test compares them on every example
// scenario).

// Pair answers kind ("range", "sight", "visible-fraction" or "arc")
// between two models, as the query {"id": kind, "kind": kind, "from": from,
// "to": to} would be answered, with option as its "mode" (range) or "arc"
// (arc) when not "". The generic answers run directly, without decoding a
// query; a kind the scenario's ruleset answers itself, an unknown id or a
// bad option takes the query's road (so errors are the query's: paths start
// at "query").
func (t *Table) Pair(kind, from, to, option string) ([]byte, error) {
	r, ok, err := t.pairResult(kind, from, to, option)
	if !ok {
		q := &measureRequest{ID: kind, Kind: kind}
		switch kind {
		case "range":
			q.Mode = option
		case "arc":
			q.Arc = option
		}
		return t.Answer(pairQuery(q, from, to))
	}
	if err != nil {
		return nil, terrain.AtPath("query", err)
	}
	return marshalResult(kind, kind, t.file.Units, &r)
}

// pairResult answers kind between the models from and to with the generic
// rules, without a query. ok is false when the query's road must answer
// instead: an id that is no model, a kind the scenario's game answers
// itself, an option the kind does not take or an unknown range mode.
func (t *Table) pairResult(kind, from, to, option string) (r rulesets.Result, ok bool, err error) {
	bf := t.file.Battlefield()
	if _, ok := bf.Model(from); !ok {
		return r, false, nil
	}
	if _, ok := bf.Model(to); !ok {
		return r, false, nil
	}
	g, opt, err := t.game()
	if err != nil || g.Name != rulesets.BaseName && slices.ContainsFunc(g.Kinds, func(k rulesets.Kind) bool { return k.Name == kind }) {
		return r, false, nil // the game answers kind itself
	}
	units := t.file.Units
	if units == "" {
		units = "in"
	}
	env := &rulesets.Env{Battlefield: bf, Options: opt, Units: units, ID: kind, Kind: kind, Path: "query"}
	switch {
	case kind == "range" && (option == "" || slices.Contains(scenario.RangeModes(), option)):
		r, err = generic.Range(env, &generic.RangeRequest{From: from, To: to, Mode: option})
	case kind == "sight" && option == "":
		r, err = generic.Sight(env, &generic.PairRequest{From: from, To: to})
	case kind == "visible-fraction" && option == "":
		r, err = generic.VisibleFraction(env, &generic.PairRequest{From: from, To: to})
	case kind == "arc" && option == "":
		r, err = generic.Arc(env, &generic.ArcRequest{From: from, To: to})
	default:
		return r, false, nil
	}
	return r, true, err
}

// MoveModel moves model id to (x, y), in the scenario's units, converted
// to inches as the scenario decoder converts a position, as
// terrain.Battlefield.MoveModel moves it: its figures are carried with it
// and a garrison moved out of its building no longer garrisons it. Error paths are
// "position[0]" and "position[1]" for a coordinate that is not finite or
// too large, and "models[i].position" for one off the table.
func (t *Table) MoveModel(id string, x, y float64) error {
	div := 1.0 // file units per inch
	switch t.file.Units {
	case "cm":
		div = 2.54
	case "mm":
		div = 25.4
	}
	p := geom.Pt(x/div, y/div)
	for i, v := range []float64{p.X, p.Y} {
		if math.IsNaN(v) || math.Abs(v) > scenario.MaxCoordinate {
			return &terrain.FieldError{Path: "position[" + strconv.Itoa(i) + "]", Value: strconv.FormatFloat([]float64{x, y}[i], 'g', -1, 64),
				Err: fmt.Errorf("want a finite length of at most %d in: %w", scenario.MaxCoordinate, scenario.ErrValue)}
		}
	}
	return t.edit(id, func(bf *terrain.Battlefield, m terrain.Model) (*terrain.Battlefield, error) {
		return bf.MoveModel(id, p, m.Facing)
	})
}

// RotateModel turns model id to facing, in degrees counter-clockwise from
// +x, its figures turned with it about its position. The error path is "facing" for a facing that is not finite or larger
// than scenario.MaxFacing in magnitude.
func (t *Table) RotateModel(id string, facing float64) error {
	if math.IsNaN(facing) || math.Abs(facing) > scenario.MaxFacing {
		return &terrain.FieldError{Path: "facing", Value: strconv.FormatFloat(facing, 'g', -1, 64),
			Err: fmt.Errorf("want a facing of at most %g degrees in magnitude: %w", float64(scenario.MaxFacing), scenario.ErrValue)}
	}
	return t.edit(id, func(bf *terrain.Battlefield, m terrain.Model) (*terrain.Battlefield, error) {
		return bf.MoveModel(id, m.Position, geom.Degrees(facing))
	})
}
