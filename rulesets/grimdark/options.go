package grimdark

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// ErrOption is wrapped by every error about a scenario option.
var ErrOption = errors.New("grimdark: invalid option")

// ErrQuery is wrapped by every error about a query's fields or about ids
// that do not name what a check needs.
var ErrQuery = errors.New("grimdark: invalid query")

// Options are the documented readings of what the rulebook leaves open
// (the digest's Ambiguities 1–14) and the unit profiles the scenario format
// has no core field for. The zero value is not the default: use
// DefaultOptions. JSON names are the keys of the scenario's "options";
// lengths are scenario.Length (written in the file's units).
type Options struct {
	// Measure is where distances between models are taken: "edge" (base
	// edge to base edge, hull for a model with a hull) or "center"
	// (Ambiguity 1). Every rule distance uses it but melee (MeleeMeasure).
	Measure string `json:"measure"`
	// ModelsBlock is which models block sight: "none", "others" (models
	// of units other than the shooter's and the target's) or "all"
	// (Ambiguity 2).
	ModelsBlock string `json:"modelsBlock"`
	// GrazingBlocks: a sightline only touching a blocker is blocked.
	GrazingBlocks bool `json:"grazingBlocks"`
	// RangeAndSight: "same-model" (a model fires when one target model is
	// both in range and seen) or "separate" (some target model in range,
	// some seen) (Ambiguity 2).
	RangeAndSight string `json:"rangeAndSight"`
	// Allocation is which target models may be allocated hits: "any" (the
	// defender removes models, SCHIEßEN: no sight condition) or "visible"
	// (only models in range and sight of a firing model).
	Allocation string `json:"allocation"`
	// CoverShare is the share of a model's base that must lie inside cover
	// terrain for a model of a unit of several ("vollständig", 1) and
	// CoverShareSingle for a unit of one ("größtenteils": more than half)
	// (Ambiguity 3).
	CoverShare       float64 `json:"coverShare"`
	CoverShareSingle float64 `json:"coverShareSingle"`
	// HiddenShare is the share of a model's silhouette that must be hidden
	// from every firing model for it to count as behind sight blockers
	// (1: no part seen), and HiddenShareSingle for a unit of one (more
	// than half) (Ambiguity 3).
	HiddenShare       float64 `json:"hiddenShare"`
	HiddenShareSingle float64 `json:"hiddenShareSingle"`
	// CoverTie: exactly half the models in cover counts as "most"
	// (Ambiguity 3; default false: most is more than half).
	CoverTie bool `json:"coverTie"`
	// Deployment is how a model is "within 12 in" of its edge: "fully"
	// (whole base), "center" or "partly" (Ambiguity 4). Scout is always
	// fully (GF-16 says so).
	Deployment string `json:"deployment"`
	// ZoneDepth is the depth of a deployment zone (GF-02, 12 in); smaller
	// tables may shrink it to keep GF-01's 24 in gap (Ambiguity 13).
	ZoneDepth scenario.Length `json:"zoneDepth"`
	// ChargeReach is the charge range of GF-07; 0 means the unit's charge
	// move (12 in, Fast +4, Slow -4) (Ambiguity 5).
	ChargeReach scenario.Length `json:"chargeReach"`
	// ExclusionFriendly: the 1 in exclusion of GF-07 also holds against
	// friendly units ("anderen Einheiten", literally; Ambiguity 6).
	ExclusionFriendly bool `json:"exclusionFriendly"`
	// ObjectiveUnit: a unit is within 3 in of a marker when "any" model is
	// or when "all" are (Ambiguity 7); MarkerRadius is the marker's
	// radius (0: a point).
	ObjectiveUnit string          `json:"objectiveUnit"`
	MarkerRadius  scenario.Length `json:"markerRadius"`
	// ShakenContests: a shaken unit still stops the enemy seizing a marker
	// (Errata 1; default false: it "kann Missionsziele weder verteidigen
	// noch erobern").
	ShakenContests bool `json:"shakenContests"`
	// Difficult is whose contact caps the move at 6 in: "unit" (any model
	// touching difficult terrain caps the whole unit) or "model" (only
	// that model) (Ambiguity 8).
	Difficult string `json:"difficult"`
	// Touch is how a moving model touches a piece (difficult, dangerous):
	// "base" (its base swept along the path overlaps it) or "center" (its
	// centre path enters it) (Ambiguity 8, GF-12).
	Touch string `json:"touch"`
	// StartInside: starting a move inside difficult terrain counts as
	// crossing it (Ambiguity 8).
	StartInside bool `json:"startInside"`
	// AircraftMinMove is the shortest aircraft move (Ambiguity 9; 0: none).
	AircraftMinMove scenario.Length `json:"aircraftMinMove"`
	// FlyingEndOnUnits: a Flying unit may end on top of other models
	// (Ambiguity 10; aircraft may, GF-14).
	FlyingEndOnUnits bool `json:"flyingEndOnUnits"`
	// MeleeMeasure is "edge" or "center" for the 2 in horizontal reach and
	// MeleeVertical "base" (base heights) or "eye" (model mid-heights)
	// (Ambiguity 11).
	MeleeMeasure  string `json:"meleeMeasure"`
	MeleeVertical string `json:"meleeVertical"`
	// TransportSpaces is who takes 3 places (Ambiguity 12): "non-heroes"
	// (non-heroes of Tough 2 or 3; heroes and Tough 1 take 1) or "tough"
	// (every model of Tough 2 or more, heroes too).
	TransportSpaces string `json:"transportSpaces"`
	// EmbarkReach is how close every model must be able to come to the
	// transport to embark: its action's move, edge to edge (0, default),
	// or this length beyond it (Ambiguity 12).
	EmbarkReach scenario.Length `json:"embarkReach"`
	// ApproachTolerance is the tolerance of the "as close as possible"
	// search (GF-08), inches.
	ApproachTolerance scenario.Length `json:"approachTolerance"`
	// Units holds unit profiles by unit (squad) name.
	Units map[string]Unit `json:"units"`
	// Models holds model profiles by model id.
	Models map[string]ModelProfile `json:"models"`
}

// Unit is a unit's special rules and state this round.
type Unit struct {
	Fast      bool `json:"fast"`
	Slow      bool `json:"slow"`
	Flying    bool `json:"flying"`
	Aircraft  bool `json:"aircraft"`
	Strider   bool `json:"strider"`
	Immobile  bool `json:"immobile"`
	Artillery bool `json:"artillery"`
	Stealth   bool `json:"stealth"`
	Shaken    bool `json:"shaken"`
	// Ambushed: placed from ambush this round (GF-04, GF-15).
	Ambushed bool `json:"ambushed"`
	// Transport is its Transport(X) capacity, 0 when none.
	Transport int `json:"transport"`
	// EmbarkedIn is the id of the transport model it rides in, "" when on
	// the table.
	EmbarkedIn string `json:"embarkedIn"`
	// Moved: it moved before shooting this activation (Indirect -1).
	Moved bool `json:"moved"`
}

// ModelProfile is one model's profile entries.
type ModelProfile struct {
	Tough int  `json:"tough"` // Tough(X); 0 or 1 means none
	Hero  bool `json:"hero"`
}

// DefaultOptions returns the documented defaults (see
// docs/rulesets/grimdark-future.md for the reasons).
func DefaultOptions() Options {
	return Options{
		Measure: "edge", ModelsBlock: "none", RangeAndSight: "same-model", Allocation: "any",
		CoverShare: 1, CoverShareSingle: 0.5, HiddenShare: 1, HiddenShareSingle: 0.5,
		Deployment: "fully", ZoneDepth: zoneDepth, ObjectiveUnit: "any",
		ExclusionFriendly: true, Difficult: "unit", Touch: "base", StartInside: true,
		MeleeMeasure: "edge", MeleeVertical: "base", TransportSpaces: "non-heroes",
		ApproachTolerance: movement.DefaultApproachTolerance,
	}
}

// optionEnums lists the allowed values of the string options; read-only.
var optionEnums = rulesets.Enums{
	{"measure", []string{"edge", "center"}},
	{"modelsBlock", []string{"none", "others", "all"}},
	{"rangeAndSight", []string{"same-model", "separate"}},
	{"allocation", []string{"any", "visible"}},
	{"deployment", []string{"fully", "center", "partly"}},
	{"objectiveUnit", []string{"any", "all"}},
	{"difficult", []string{"unit", "model"}},
	{"touch", []string{"base", "center"}},
	{"meleeMeasure", []string{"edge", "center"}},
	{"meleeVertical", []string{"base", "eye"}},
	{"transportSpaces", []string{"non-heroes", "tough"}},
}

// Validate reports the first unusable option, naming it
// "options.<name>"; maps are checked in key order so the first error is
// always the same.
func (o *Options) Validate() error {
	enums := map[string]string{
		"measure": o.Measure, "modelsBlock": o.ModelsBlock, "rangeAndSight": o.RangeAndSight,
		"allocation": o.Allocation, "deployment": o.Deployment, "objectiveUnit": o.ObjectiveUnit,
		"difficult": o.Difficult, "touch": o.Touch, "meleeMeasure": o.MeleeMeasure,
		"meleeVertical": o.MeleeVertical, "transportSpaces": o.TransportSpaces,
	}
	for _, k := range slices.Sorted(maps.Keys(enums)) {
		if !slices.Contains(optionEnums.Of(k), enums[k]) {
			return badOption(k, fmt.Sprintf("%q", enums[k]), fmt.Sprintf("want one of %v", optionEnums.Of(k)))
		}
	}
	for _, c := range []struct {
		n         string
		v, lo, hi float64
	}{
		{"coverShare", o.CoverShare, 0, 1}, {"coverShareSingle", o.CoverShareSingle, 0, 1},
		{"hiddenShare", o.HiddenShare, 0, 1}, {"hiddenShareSingle", o.HiddenShareSingle, 0, 1},
		{"zoneDepth", float64(o.ZoneDepth), 0, 1000}, {"chargeReach", float64(o.ChargeReach), 0, 1000},
		{"markerRadius", float64(o.MarkerRadius), 0, 100}, {"aircraftMinMove", float64(o.AircraftMinMove), 0, 1000},
		{"embarkReach", float64(o.EmbarkReach), 0, 100}, {"approachTolerance", float64(o.ApproachTolerance), 0.0001, 1},
	} {
		if math.IsNaN(c.v) || c.v < c.lo || c.v > c.hi {
			return badOption(c.n, c.v, fmt.Sprintf("want a number in [%g, %g]", c.lo, c.hi))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(o.Units)) {
		u, p := o.Units[name], "units."+name
		switch {
		case u.Fast && u.Slow:
			return badOption(p+".slow", true, "a unit is not both Fast and Slow")
		case u.Transport < 0 || u.Transport > 1000:
			return badOption(p+".transport", u.Transport, "want 0..1000")
		}
	}
	for _, id := range slices.Sorted(maps.Keys(o.Models)) {
		if t := o.Models[id].Tough; t < 0 || t > 1000 {
			return badOption("models."+id+".tough", t, "want 0..1000")
		}
	}
	return nil
}

// badOption is the error for option name holding v.
func badOption(name string, v any, why string) error {
	return rulesets.OptionError(name, v, why, ErrOption)
}

// measure returns the movement measure of the Measure option.
func (o *Options) measure() movement.Measure { return measureOf(o.Measure) }

func measureOf(s string) movement.Measure {
	if s == "center" {
		return movement.Centers
	}
	return movement.Edges
}

// sight returns the sight policy of shots: terrain that blocks sight
// blocks, concealing terrain gives cover without blocking, and models per
// ModelsBlock (the shooter's and target's own units never block their
// shot under "others").
func (o *Options) sight(exclude []string) los.Options {
	s := los.Options{GrazingBlocks: o.GrazingBlocks}
	switch o.ModelsBlock {
	case "none":
		s.IgnoreModels = true
	case "others":
		s.Exclude = exclude
	}
	return s
}

// coherencyRule is GF-06 as the movement package reads it: every model
// within 1 in of another and all within 9 in of each other, no connected
// chain needed (Errata 3).
func (o *Options) coherencyRule() movement.CoherencyRule {
	return movement.CoherencyRule{Chain: coherencyLink, All: coherencyAll, Measure: o.measure(), NeighbourOnly: true}
}

// Geometry maps the options onto the geometry packages' parameters, so a
// generic query asked in a Grimdark Future file measures the way the
// game's own checks do: ranges per Measure, the sight policy of shots,
// GF-06 coherency, moves checked against terrain with other models at the
// end only, and routes through models whose length is their cost (GF-11
// caps a move in difficult terrain, it does not make it dearer). The game has no fire arcs (Ambiguity 14): arc queries use
// the geometry's default arcs.
func (o *Options) Geometry() rulesets.Geometry {
	rm := los.RangeEdge
	if o.Measure == "center" {
		rm = los.RangeCenter
	}
	return rulesets.Geometry{
		Sight:     o.sight(nil),
		Range:     rm,
		Path:      movement.PathOptions{Models: movement.ModelsAtEnd},
		Route:     movement.RouteOptions{IgnoreModels: true, Unweighted: true},
		Coherency: o.coherencyRule(),
	}
}

// unit returns the profile of unit name (the zero Unit when none given).
func (o *Options) unit(name string) Unit { return o.Units[name] }

// model returns the profile of model id.
func (o *Options) model(id string) ModelProfile { return o.Models[id] }
