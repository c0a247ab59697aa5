package generic

import (
	"fmt"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Options are the "options" of a scenario with ruleset "generic": the
// sight and arc policies of the generic query kinds. Every field is
// optional; the zero value is the documented default of the geometry
// packages.
type Options struct {
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
	// DefaultCoherency).
	Coherency *movement.CoherencyRule `json:"coherency"`
}

// ArcPolicy is the "arc" object of Options (see los.ArcOptions).
type ArcPolicy struct {
	Containment   string          `json:"containment"`
	Boundary      string          `json:"boundary"`
	Prefer        string          `json:"prefer"`
	FrontWidth    scenario.Length `json:"frontWidth"`
	RearWidth     scenario.Length `json:"rearWidth"`
	CorridorWidth scenario.Length `json:"corridorWidth"`
	HullSplit     string          `json:"hullSplit"`
}

// MovePolicy is the "move" object of Options.
type MovePolicy struct {
	// Budget is the move allowance (0: not checked).
	Budget scenario.Length `json:"budget"`
	// Models is "end" (default: other models may not overlap the model
	// where it ends), "along" (nor anywhere on the way) or "ignore".
	Models string `json:"models"`
	// FaceLeg turns the model to face each leg (default: it keeps its
	// facing, sliding as the hull allows).
	FaceLeg bool `json:"faceLeg"`
	// Turns are the limits checked when a move query lists turns; their
	// lengths are in the file's units.
	Turns movement.TurnRules `json:"turns"`
}

// DefaultCoherency returns the generic squad rule: every model within 2 in
// of another, measured base edge to base edge (hull edge for vehicles),
// and the squad one connected group. Most skirmish games measure
// coherency between bases; a game's ruleset sets its own.
func DefaultCoherency() movement.CoherencyRule {
	return movement.CoherencyRule{Chain: 2, Measure: movement.Edges}
}

// NewOptions returns the generic defaults.
func NewOptions() rulesets.Options { return &Options{} }

// Validate reports the first unusable option.
func (o *Options) Validate() error {
	if o.ThroughOwnSquad < 0 {
		return optErr("throughOwnSquad", fmt.Sprint(o.ThroughOwnSquad), "must not be negative")
	}
	switch o.Move.Models {
	case "", "end", "along", "ignore":
	default:
		return optErr("move.models", fmt.Sprintf("%q", o.Move.Models), "want one of end, along, ignore")
	}
	if b := float64(o.Move.Budget); b < 0 || b > 1e5 {
		return optErr("move.budget", fmt.Sprint(b), "want a length in [0, 100000] in")
	}
	for i, c := range o.ModelsBlock {
		if !validClass(c) {
			return optErr(fmt.Sprintf("modelsBlock[%d]", i), fmt.Sprintf("%q", c), "unknown model class")
		}
	}
	return nil
}

func optErr(name, value, msg string) error {
	return &terrain.FieldError{Path: "options." + name, Value: value, Err: fmt.Errorf("%s %s: %w", value, msg, scenario.ErrValue)}
}

// Geometry maps the options onto the geometry packages' parameters.
func (o *Options) Geometry() rulesets.Geometry {
	g := rulesets.Geometry{
		Sight: los.Options{
			GrazingBlocks:    o.GrazingBlocks,
			ModelsBlock:      o.ModelsBlock,
			IgnoreModels:     o.IgnoreModels,
			ThroughOwnSquad:  o.ThroughOwnSquad,
			ConcealingBlocks: o.ConcealingBlocks,
			IgnoreSmoke:      o.IgnoreSmoke,
		},
		Arc: los.ArcOptions{
			Containment:   los.Containment(o.Arc.Containment),
			Boundary:      los.Boundary(o.Arc.Boundary),
			Prefer:        o.Arc.Prefer,
			FrontWidth:    float64(o.Arc.FrontWidth),
			RearWidth:     float64(o.Arc.RearWidth),
			CorridorWidth: float64(o.Arc.CorridorWidth),
			HullSplit:     o.Arc.HullSplit,
		},
		Path:      movement.PathOptions{Budget: float64(o.Move.Budget)},
		Coherency: DefaultCoherency(),
	}
	switch o.Move.Models {
	case "along":
		g.Path.Models = movement.ModelsAlongPath
	case "ignore":
		g.Path.Models = movement.ModelsIgnored
	}
	if o.Move.FaceLeg {
		g.Path.Facing = movement.FaceLeg
	}
	g.Turns = o.Move.Turns
	if o.Coherency != nil {
		g.Coherency = *o.Coherency
	}
	return g
}

func validClass(c terrain.Class) bool {
	switch c {
	case terrain.Infantry, terrain.Vehicle, terrain.Walker, terrain.Skimmer, terrain.Aircraft, terrain.Ship, terrain.Figure:
		return true
	}
	return false
}
