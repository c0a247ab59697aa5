package jsapi

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Table is one open scenario: its table, terrain and models, its ruleset
// and options, and its queries. Edits replace the battlefield with a live
// edit of it (terrain's Battlefield.MoveModel, ReplaceModel, WithModel,
// WithoutModel), which checks the model as terrain.New does, shares the
// table, the terrain and the other models' prepared data, and answers as a
// battlefield rebuilt from the same models would; a failed edit leaves the
// Table as it was. A Table is not safe for
// concurrent use; JavaScript calls it from one thread.
type Table struct {
	file *scenario.File

	// gm and opt are the file's game and its parsed options, looked up
	// on first use; edits never change them.
	gm  *rulesets.Game
	opt rulesets.Options
}

// Open decodes a scenario document (JSON text, as a scenario file holds)
// strictly; errors name the JSON path, as "sightline check" reports them.
func Open(doc []byte) (*Table, error) {
	f, err := scenario.DecodeBytes(doc)
	if err != nil {
		return nil, err
	}
	return &Table{file: f}, nil
}

// OpenDefault opens the embedded default scenario.
func OpenDefault() *Table { return &Table{file: scenario.Default()} }

// File returns the scenario as it stands after the edits so far. The File
// is shared: treat it as read-only.
func (t *Table) File() *scenario.File { return t.file }

// Results answers every query of the scenario and returns
// {"results": [...]}, the JSON "sightline check --json" prints for the same
// document. When a query cannot be answered the error lists every such
// query, one per line, each naming its path ("queries[3].to: ...").
func (t *Table) Results() ([]byte, error) {
	return t.results()
}

// Answer answers one query object (as an element of the scenario's
// "queries" array is written, in the scenario's units) and returns the
// answer object that "sightline check --json" would print for it. Error
// paths start at "query".
func (t *Table) Answer(query []byte) ([]byte, error) {
	q, err := t.file.DecodeQueryAt(query, "query")
	if err != nil {
		return nil, err
	}
	return t.answerQuery(&q)
}

// Document returns the scenario, with the edits so far, as a scenario
// document; scenario.Encode writes every length in inches ("units": "in")
// whatever the units it was opened with.
func (t *Table) Document() ([]byte, error) {
	var sb strings.Builder
	if err := scenario.Encode(&sb, t.file); err != nil {
		return nil, err
	}
	return []byte(sb.String()), nil
}

// Placement is the part of a model that PlaceModel changes; absent fields
// keep their value. Position is in the scenario's units, Facing in degrees
// counter-clockwise from +x, Altitude in the scenario's units (0: on the
// table), Level the height level it stands on (1 is the ground).
type Placement struct {
	Position *geom.Point      `json:"position"`
	Facing   *float64         `json:"facing"`
	Altitude *scenario.Length `json:"altitude"`
	Level    *int             `json:"level"`
}

// PlaceModel moves and turns the model id as placement (a Placement as
// JSON) says; error paths start at "placement".
func (t *Table) PlaceModel(id string, placement []byte) error {
	var p Placement
	if err := scenario.DecodeValue(placement, "placement", t.file.Units, &p); err != nil {
		return err
	}
	if p.Facing != nil && math.Abs(*p.Facing) > scenario.MaxFacing {
		return &terrain.FieldError{Path: "placement.facing", Value: fmt.Sprint(*p.Facing),
			Err: fmt.Errorf("want a facing of at most %g degrees in magnitude: %w", float64(scenario.MaxFacing), scenario.ErrValue)}
	}
	if p.Level != nil && (*p.Level < 1 || *p.Level > terrain.MaxLevel) {
		return &terrain.FieldError{Path: "placement.level", Value: fmt.Sprint(*p.Level),
			Err: fmt.Errorf("want a level in 1..%d: %w", terrain.MaxLevel, scenario.ErrValue)}
	}
	return t.edit(id, func(bf *terrain.Battlefield, m terrain.Model) (*terrain.Battlefield, error) {
		if p.Position != nil || p.Facing != nil {
			pos, facing := m.Position, m.Facing
			if p.Position != nil {
				pos = *p.Position
			}
			if p.Facing != nil {
				facing = geom.Degrees(*p.Facing)
			}
			var err error
			if bf, err = bf.MoveModel(id, pos, facing); err != nil {
				return nil, err
			}
			if p.Altitude == nil && p.Level == nil {
				return bf, nil
			}
			moved, _ := bf.Model(id)
			m = *moved
		}
		if p.Altitude != nil {
			m.Altitude = float64(*p.Altitude)
		}
		if p.Level != nil {
			m.Level = *p.Level
		}
		return bf.ReplaceModel(m)
	})
}

// AddModel adds a model object (as an element of the scenario's "models"
// array is written, in its units). Error paths start at "model"; an id
// already taken is an error.
func (t *Table) AddModel(model []byte) error {
	m, err := t.file.DecodeModel(model, "model")
	if err != nil {
		return err
	}
	if _, ok := t.file.Battlefield().Model(m.ID); ok {
		return &terrain.FieldError{Path: "model.id", Value: fmt.Sprintf("%q", m.ID),
			Err: fmt.Errorf("duplicate id %q: a model of that id is on the table: %w", m.ID, terrain.ErrDuplicateID)}
	}
	return t.commit(t.file.Battlefield().WithModel(m))
}

// RemoveModel takes the model id off the table. Queries that name it can
// no longer be answered.
func (t *Table) RemoveModel(id string) error {
	if _, ok := t.file.Battlefield().Model(id); !ok {
		return unknownModel(id)
	}
	return t.commit(t.file.Battlefield().WithoutModel(id))
}

// edit applies change to the battlefield and model id (a copy) and keeps
// the battlefield it returns.
func (t *Table) edit(id string, change func(bf *terrain.Battlefield, m terrain.Model) (*terrain.Battlefield, error)) error {
	bf := t.file.Battlefield()
	m, ok := bf.Model(id)
	if !ok {
		return unknownModel(id)
	}
	return t.commit(change(bf, *m))
}

// unknownModel is the error of an edit naming no model; its path is "id".
func unknownModel(id string) error {
	return &terrain.FieldError{Path: "id", Value: fmt.Sprintf("%q", id),
		Err: fmt.Errorf("unknown model %q: %w", id, terrain.ErrUnknownID)}
}

// commit makes bf, an edit of the table's battlefield, the table's,
// keeping the old one on error.
func (t *Table) commit(bf *terrain.Battlefield, err error) error {
	if err != nil {
		return err
	}
	f, err := t.file.WithBattlefield(bf)
	if err != nil {
		return err
	}
	t.file = f
	return nil
}

// geometry returns the file's game geometry.
func (t *Table) geometry() (rulesets.Geometry, error) {
	_, opt, err := t.game()
	if err != nil {
		return rulesets.Geometry{}, err
	}
	return opt.Geometry(), nil
}
