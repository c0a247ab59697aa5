package answer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// ErrOption is wrapped by errors about the scenario's "options" object.
var ErrOption = errors.New("invalid option")

// GenericOptions are the "options" of a scenario with ruleset "generic":
// the sight and arc policies of the core query kinds. Every field is
// optional; the zero value is the documented default of package los.
type GenericOptions struct {
	// GrazingBlocks: a sightline that only touches an occluder blocks
	// (default false: touching is clear and reported as grazing).
	GrazingBlocks bool `json:"grazingBlocks"`
	// ModelsBlock lists the model classes that occlude (default: every
	// class on the ground).
	ModelsBlock []terrain.Class `json:"modelsBlock"`
	// IgnoreModels: models never occlude.
	IgnoreModels bool `json:"ignoreModels"`
	// ThroughOwnSquad: how many models of the shooter's squad a sightline
	// may pass through.
	ThroughOwnSquad int `json:"throughOwnSquad"`
	// ConcealingBlocks: concealing area terrain blocks up to its height.
	ConcealingBlocks bool `json:"concealingBlocks"`
	// IgnoreSmoke: smoke does not block.
	IgnoreSmoke bool `json:"ignoreSmoke"`
	// Arc holds the arc query policies.
	Arc ArcPolicy `json:"arc"`
	// Move holds the move and path query settings.
	Move MovePolicy `json:"move"`
	// Coherency is the squad formation rule of coherency queries (default:
	// a connected chain with links of at most 2 in, base edge to base edge).
	Coherency *movement.CoherencyRule `json:"coherency"`
}

// MovePolicy is the "move" object of GenericOptions.
type MovePolicy struct {
	// Budget is the move allowance in inches (0: not checked).
	Budget float64 `json:"budget"`
	// Models is "end" (default: other models may not overlap the model
	// where it ends), "along" (nor anywhere on the way) or "ignore".
	Models string `json:"models"`
	// FaceLeg turns the model to face each leg (default: it keeps its
	// facing, sliding as the hull allows).
	FaceLeg bool `json:"faceLeg"`
	// Turns are the limits checked when a move query lists turns.
	Turns movement.TurnRules `json:"turns"`
}

// DefaultCoherency is the generic squad rule: every model within 2 in of
// another, measured base edge to base edge (hull edge for vehicles), and
// the squad one connected group. Most skirmish games measure coherency
// between bases; a game's ruleset sets its own.
var DefaultCoherency = movement.CoherencyRule{Chain: 2, Measure: movement.Edges}

// PathOptions returns the movement path options these settings stand for.
func (o GenericOptions) PathOptions() movement.PathOptions {
	p := movement.PathOptions{Budget: o.Move.Budget}
	switch o.Move.Models {
	case "along":
		p.Models = movement.ModelsAlongPath
	case "ignore":
		p.Models = movement.ModelsIgnored
	}
	if o.Move.FaceLeg {
		p.Facing = movement.FaceLeg
	}
	return p
}

// CoherencyRule returns the squad rule of coherency queries.
func (o GenericOptions) CoherencyRule() movement.CoherencyRule {
	if o.Coherency == nil {
		return DefaultCoherency
	}
	return *o.Coherency
}

// ArcPolicy is the "arc" object of GenericOptions (see los.ArcOptions).
type ArcPolicy struct {
	Containment   string  `json:"containment"`
	Boundary      string  `json:"boundary"`
	Prefer        string  `json:"prefer"`
	FrontWidth    float64 `json:"frontWidth"`
	RearWidth     float64 `json:"rearWidth"`
	CorridorWidth float64 `json:"corridorWidth"`
	HullSplit     string  `json:"hullSplit"`
}

// Sight returns the los options these settings stand for.
func (o GenericOptions) Sight() los.Options {
	return los.Options{
		GrazingBlocks:    o.GrazingBlocks,
		ModelsBlock:      o.ModelsBlock,
		IgnoreModels:     o.IgnoreModels,
		ThroughOwnSquad:  o.ThroughOwnSquad,
		ConcealingBlocks: o.ConcealingBlocks,
		IgnoreSmoke:      o.IgnoreSmoke,
	}
}

// ArcOptions returns the los arc options these settings stand for.
func (o GenericOptions) ArcOptions() los.ArcOptions {
	return los.ArcOptions{
		Containment:   los.Containment(o.Arc.Containment),
		Boundary:      los.Boundary(o.Arc.Boundary),
		Prefer:        o.Arc.Prefer,
		FrontWidth:    o.Arc.FrontWidth,
		RearWidth:     o.Arc.RearWidth,
		CorridorWidth: o.Arc.CorridorWidth,
		HullSplit:     o.Arc.HullSplit,
	}
}

// ParseGenericOptions decodes a scenario's options strictly: an unknown
// option, a wrong type or a bad value is an error naming "options.<name>".
func ParseGenericOptions(raw map[string]json.RawMessage) (GenericOptions, error) {
	var o GenericOptions
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		path := "options." + k
		var dst any
		switch k {
		case "grazingBlocks":
			dst = &o.GrazingBlocks
		case "modelsBlock":
			dst = &o.ModelsBlock
		case "ignoreModels":
			dst = &o.IgnoreModels
		case "throughOwnSquad":
			dst = &o.ThroughOwnSquad
		case "concealingBlocks":
			dst = &o.ConcealingBlocks
		case "ignoreSmoke":
			dst = &o.IgnoreSmoke
		case "arc":
			dst = &o.Arc
		case "move":
			dst = &o.Move
		case "coherency":
			dst = &o.Coherency
		default:
			return o, &QueryError{Path: path, Err: fmt.Errorf("unknown option for ruleset generic: %w", ErrOption)}
		}
		dec := json.NewDecoder(bytes.NewReader(raw[k]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(dst); err != nil {
			return o, &QueryError{Path: path, Err: fmt.Errorf("%v: %w", err, ErrOption)}
		}
	}
	if o.ThroughOwnSquad < 0 {
		return o, &QueryError{Path: "options.throughOwnSquad", Err: fmt.Errorf("%d is negative: %w", o.ThroughOwnSquad, ErrOption)}
	}
	switch o.Move.Models {
	case "", "end", "along", "ignore":
	default:
		return o, &QueryError{Path: "options.move.models", Err: fmt.Errorf("%q: want end, along or ignore: %w", o.Move.Models, ErrOption)}
	}
	if b := o.Move.Budget; b < 0 || b != b || b > 1e5 {
		return o, &QueryError{Path: "options.move.budget", Err: fmt.Errorf("%g is not a length in [0, 100000] in: %w", b, ErrOption)}
	}
	for i, c := range o.ModelsBlock {
		switch c {
		case terrain.Infantry, terrain.Vehicle, terrain.Walker, terrain.Skimmer, terrain.Aircraft, terrain.Ship, terrain.Figure:
		default:
			return o, &QueryError{Path: fmt.Sprintf("options.modelsBlock[%d]", i), Err: fmt.Errorf("unknown model class %q: %w", c, ErrOption)}
		}
	}
	return o, nil
}

// genericOptions parses f's options once per call; scenario files are
// small, so the cost is negligible next to the queries.
func genericOptions(f *scenario.File) (GenericOptions, error) {
	return ParseGenericOptions(f.Options)
}
