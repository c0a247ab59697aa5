package scenario

import (
	"slices"

	"github.com/sightline/sightline/terrain"
)

// This file holds what a game client needs to change a decoded File
// between frames without writing and re-reading the whole document: a
// model or a query decoded on its own, and a copy of the File with other
// models and its battlefield rebuilt.

// WithModels returns a copy of f whose models are models (lengths in
// inches) and whose battlefield is built anew from f's table, pieces and
// the new models with terrain.New. f is not changed; the copy shares f's
// pieces and options, which both treat as read-only. Its queries are
// checked again against the new models: a query naming a model that is
// gone gets its Err, one whose models are all back loses it. An invalid set
// of models is reported as terrain.New reports it, naming the path
// "models[i]..." of the offending model in the new list.
func (f *File) WithModels(models []terrain.Model) (*File, error) {
	bf, err := terrain.New(f.Table, f.Pieces, models)
	if err != nil {
		return nil, err
	}
	return f.WithBattlefield(bf)
}

// WithBattlefield returns a copy of f whose battlefield is bf and whose
// models are bf's: the road of an edit made with terrain's live edits
// (Battlefield.MoveModel, ReplaceModel, WithModel, WithoutModel) of f's
// battlefield, which share what the edit leaves alone instead of building
// anew. bf must have f's table and pieces (the live edits of
// f.Battlefield() have them); f is not changed. Its queries are checked
// again as WithModels checks them when the models' ids or squads changed;
// when they did not (a model moved or turned) the copy shares f's queries.
func (f *File) WithBattlefield(bf *terrain.Battlefield) (*File, error) {
	g := *f
	g.field = bf
	g.Models = bf.Models()
	if len(f.Queries) > 0 && !sameRefs(f.Models, g.Models) {
		g.Queries = slices.Clone(f.Queries)
		for i := range g.Queries {
			g.Queries[i].Err = nil
		}
		if err := checkQueries(&g, nil); err != nil {
			return nil, err // duplicate ids: f could not have been decoded
		}
	}
	return &g, nil
}

// sameRefs reports whether a and b have the same model ids and squads in
// the same order: what checkQueries reads of the models.
func sameRefs(a, b []terrain.Model) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Squad != b[i].Squad {
			return false
		}
	}
	return true
}

// DecodeModel decodes b, one model object as an element of the "models"
// array is written (in f's units), strictly. path is where the object
// stands in error messages ("models[3]", or "model" for a value passed on
// its own). The model is not checked against the table or the other
// models: WithModels does that.
func (f *File) DecodeModel(b []byte, path string) (terrain.Model, error) {
	var m terrain.Model
	if len(b) > MaxFileSize {
		return m, newError(ErrTooLarge, path, "", "input larger than %d bytes", MaxFileSize)
	}
	root, err := parseTree(b, path)
	if err != nil {
		return m, err
	}
	d := &dec{div: unitsPerInch(f.Units), ruleset: f.Ruleset}
	if err := d.model(root, path, &m); err != nil {
		return terrain.Model{}, err
	}
	return m, nil
}

// DecodeQueryAt decodes b, one query object as an element of the
// "queries" array is written (in f's units, under f's ruleset), strictly,
// and checks that the models and squad it names are among f's models. path
// is where the query stands in error messages and in the Query's JSONPath
// ("queries[0]", or "query" for a query passed on its own).
func (f *File) DecodeQueryAt(b []byte, path string) (Query, error) {
	var q Query
	if len(b) > MaxFileSize {
		return q, newError(ErrTooLarge, path, "", "input larger than %d bytes", MaxFileSize)
	}
	root, err := parseTree(b, path)
	if err != nil {
		return q, err
	}
	d := &dec{div: unitsPerInch(f.Units), ruleset: f.Ruleset}
	if err := d.query(root, path, &q); err != nil {
		return Query{}, err
	}
	one := &File{Models: f.Models, Queries: []Query{q}}
	if err := checkQueries(one, root); err != nil {
		return Query{}, err
	}
	if err := one.Queries[0].Err; err != nil {
		return Query{}, err
	}
	return q, nil
}
