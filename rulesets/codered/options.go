package codered

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// ErrOption is wrapped by every error about the scenario's "options" object.
var ErrOption = errors.New("invalid option")

// ErrQuery is wrapped by every error about a query's fields.
var ErrQuery = errors.New("invalid query")

// Options are the documented choices for the readings Code Red leaves open
// (the digest's Ambiguities 1–29). The zero value is not meaningful: start
// from DefaultOptions. JSON names are the scenario's option names.
type Options struct {
	Center           string          `json:"center"`           // Amb. 1: "centroid" | "bbox"
	ContactMeasure   string          `json:"contactMeasure"`   // Amb. 2: unit-to-unit "center" | "edge"
	InclusiveBounds  bool            `json:"inclusiveBounds"`  // Amb. 3: silent bounds (10", 12", 6", 24") count when exactly met
	CloseRange       scenario.Length `json:"closeRange"`       // CR-04: 10 (event card 37: 15)
	StripWidth       string          `json:"stripWidth"`       // Amb. 4: "chord" | "nominal"
	StripTolerance   scenario.Length `json:"stripTolerance"`   // Amb. 4: slack on the 2" strip width
	DepthReading     string          `json:"depthReading"`     // Amb. 5: "along-line" | "nearest-edge"
	ElevatedIgnore   string          `json:"elevatedIgnore"`   // Amb. 6: "one" | "scaled" | "per-level"
	SameLevelEdge    bool            `json:"sameLevelEdge"`    // Amb. 7: same-level units must also be within 2" of their edge
	LowerIgnored     string          `json:"lowerIgnored"`     // CR-23: "same-level" | "both-above"
	VehicleLevel     int             `json:"vehicleLevel"`     // Amb. 8: levels a vehicle counts above its ground
	VehicleFlatEdge  bool            `json:"vehicleFlatEdge"`  // Amb. 8: a vehicle off any level piece counts as at its edge
	SmokeDiameter    scenario.Length `json:"smokeDiameter"`    // Amb. 9: 3" disc
	GrenadierRange   scenario.Length `json:"grenadierRange"`   // Amb. 9: 0 = no limit
	ViewEdges        string          `json:"viewEdges"`        // Amb. 10: "half-planes" | "exit-edge"
	ArcPoint         string          `json:"arcPoint"`         // Amb. 11: "center" | "any-figure" | "all-figures"
	WedgeArm         string          `json:"wedgeArm"`         // Amb. 11: "front" | "flank"
	TurretlessApex   string          `json:"turretlessApex"`   // Amb. 12: "rear-corners" | "rear-middle"
	ZoneTie          string          `json:"zoneTie"`          // Amb. 13: "side" | "front-rear"
	CoverByContact   bool            `json:"coverByContact"`   // Amb. 14: contact (not only inside) gives the piece's cover
	CoverBetween     bool            `json:"coverBetween"`     // Amb. 14: the covering piece must lie towards the shooter
	JumpCrossing     string          `json:"jumpCrossing"`     // Amb. 15: "allow-2in" | "in-and-out" | "forbid"
	JumpDepth        string          `json:"jumpDepth"`        // Amb. 15: "path" | "straight"
	TurnRounding     string          `json:"turnRounding"`     // Amb. 16: "ceil" (91° = 2 turns) | "round"
	RetreatCheck     string          `json:"retreatCheck"`     // Amb. 17: "end" | "along"
	RetreatLoS       string          `json:"retreatLoS"`       // Amb. 17: "start" | "end" | "either"
	ChargeDistance   string          `json:"chargeDistance"`   // Amb. 18: "path" | "straight"
	ChargeMinOne     bool            `json:"chargeMinOne"`     // Amb. 18: at least -1 for every charge, not only late LoS
	BlastRounding    string          `json:"blastRounding"`    // Amb. 19: "floor-min1" | "floor"
	BlastMeasure     string          `json:"blastMeasure"`     // Amb. 19: "center" | "nearest-figure"
	NearMissBy       string          `json:"nearMissBy"`       // Amb. 19: "deviation" | "distance"
	ScatterSectors   int             `json:"scatterSectors"`   // Amb. 20: 0 continuous, else snap to n directions
	IEDTrigger       scenario.Length `json:"iedTrigger"`       // Amb. 21: 4 (rule) or 2 (Example 2)
	IEDTrapGap       bool            `json:"iedTrapGap"`       // Amb. 21: keep IEDs 10" from other traps
	Deployment       string          `json:"deployment"`       // Amb. 22: "edge1-north" | "figure10"
	VehicleFlank     int             `json:"vehicleFlank"`     // Amb. 23: -2 (list) or -1 (example)
	HazardZone       string          `json:"hazardZone"`       // Amb. 24: "capsule" | "band"
	Spacing          string          `json:"spacing"`          // Amb. 25: "chain" | "all-pairs"
	SpacingMeasure   string          `json:"spacingMeasure"`   // Amb. 25: "center" | "edge"
	AmbushHalf       string          `json:"ambushHalf"`       // Amb. 26: "centroid" | "point" | "whole"
	HullDown         string          `json:"hullDown"`         // Amb. 27: "auto" | "2d"
	PointTarget      string          `json:"pointTarget"`      // Amb. 28: "unit" | "ground"
	DoubtTolerance   scenario.Length `json:"doubtTolerance"`   // CR-10: band around a threshold answered "doubtful"
	ContactStripMax  int             `json:"contactStripMax"`  // CR-16 step 4: pieces crossable by the contact rule
	LowWallHeight    scenario.Length `json:"lowWallHeight"`    // CR-36: a solid hard-cover piece this high or lower is a "low wall"
	FigureCaptionFix bool            `json:"figureCaptionFix"` // Amb. 29: cite figures by caption content (always true)

	// Situation holds the facts of one question that the table does not
	// show (who moved, declared view edges, turrets, ...). It is not an
	// option: the scenario fills it from the query's own fields.
	Situation Situation `json:"-"`
}

// Situation is what a question knows beyond the table state.
type Situation struct {
	// TargetMoved says whether the target has moved this round; nil means
	// unknown (CR-30 "In Deckung gegangen").
	TargetMoved *bool
	// ViewEdges maps a unit in a building block to the block edges it
	// declared as its field of view (CR-09): wall ids of the building, or
	// "north", "east", "south", "west". A unit absent from the map declared
	// nothing and is not limited; an empty list means dug in.
	ViewEdges map[string][]string
	// Turrets maps a vehicle id to its turret (CR-28).
	Turrets map[string]Turret
	// Successes scored against the target, for the line-of-fire hazard (CR-31).
	Successes int
	// Officer is the id of the officer ordering the shooter (CR-05); "" for none.
	Officer string
}

// Turret is a vehicle's traversing turret (CR-28): its facing in degrees
// counter-clockwise from +x and its radius in inches.
type Turret struct {
	Facing float64         `json:"facing"`
	Radius scenario.Length `json:"radius"`
}

// DefaultOptions returns the documented defaults (docs/rulesets/code-red.md
// says why each was chosen).
func DefaultOptions() Options {
	return Options{
		Center: "centroid", ContactMeasure: "center", InclusiveBounds: true,
		CloseRange: CloseRange, StripWidth: "chord", StripTolerance: 0,
		DepthReading: "along-line", ElevatedIgnore: "one", SameLevelEdge: false,
		LowerIgnored: "same-level", VehicleLevel: VehicleLevelBonus, VehicleFlatEdge: true,
		SmokeDiameter: SmokeSize, GrenadierRange: 0, ViewEdges: "half-planes",
		ArcPoint: "center", WedgeArm: "front", TurretlessApex: "rear-corners",
		ZoneTie: "side", CoverByContact: true, CoverBetween: false,
		JumpCrossing: "allow-2in", JumpDepth: "path", TurnRounding: "ceil",
		RetreatCheck: "end", RetreatLoS: "start", ChargeDistance: "path",
		ChargeMinOne: false, BlastRounding: "floor-min1", BlastMeasure: "center",
		NearMissBy: "deviation", ScatterSectors: 0, IEDTrigger: IEDTrigger,
		IEDTrapGap: true, Deployment: "edge1-north", VehicleFlank: FlankReaction,
		HazardZone: "capsule", Spacing: "chain", SpacingMeasure: "center",
		AmbushHalf: "centroid", HullDown: "auto", PointTarget: "unit",
		DoubtTolerance: 0.01, ContactStripMax: 1, LowWallHeight: 1.0,
		FigureCaptionFix: true,
	}
}

// enumOptions lists each string option, in name order (Validate checks
// them in this order; a test keeps it), with its allowed values and the
// field that holds it. A table rather than a map: a map literal is built
// by init code, which the WebAssembly module would carry.
var enumOptions = []struct {
	name   string
	values []string
	field  func(*Options) string
}{
	{"ambushHalf", []string{"centroid", "point", "whole"}, func(o *Options) string { return o.AmbushHalf }},
	{"arcPoint", []string{"center", "any-figure", "all-figures"}, func(o *Options) string { return o.ArcPoint }},
	{"blastMeasure", []string{"center", "nearest-figure"}, func(o *Options) string { return o.BlastMeasure }},
	{"blastRounding", []string{"floor-min1", "floor"}, func(o *Options) string { return o.BlastRounding }},
	{"center", []string{"centroid", "bbox"}, func(o *Options) string { return o.Center }},
	{"chargeDistance", []string{"path", "straight"}, func(o *Options) string { return o.ChargeDistance }},
	{"contactMeasure", []string{"center", "edge"}, func(o *Options) string { return o.ContactMeasure }},
	{"deployment", []string{"edge1-north", "figure10"}, func(o *Options) string { return o.Deployment }},
	{"depthReading", []string{"along-line", "nearest-edge"}, func(o *Options) string { return o.DepthReading }},
	{"elevatedIgnore", []string{"one", "scaled", "per-level"}, func(o *Options) string { return o.ElevatedIgnore }},
	{"hazardZone", []string{"capsule", "band"}, func(o *Options) string { return o.HazardZone }},
	{"hullDown", []string{"auto", "2d"}, func(o *Options) string { return o.HullDown }},
	{"jumpCrossing", []string{"allow-2in", "in-and-out", "forbid"}, func(o *Options) string { return o.JumpCrossing }},
	{"jumpDepth", []string{"path", "straight"}, func(o *Options) string { return o.JumpDepth }},
	{"lowerIgnored", []string{"same-level", "both-above"}, func(o *Options) string { return o.LowerIgnored }},
	{"nearMissBy", []string{"deviation", "distance"}, func(o *Options) string { return o.NearMissBy }},
	{"pointTarget", []string{"unit", "ground"}, func(o *Options) string { return o.PointTarget }},
	{"retreatCheck", []string{"end", "along"}, func(o *Options) string { return o.RetreatCheck }},
	{"retreatLoS", []string{"start", "end", "either"}, func(o *Options) string { return o.RetreatLoS }},
	{"spacing", []string{"chain", "all-pairs"}, func(o *Options) string { return o.Spacing }},
	{"spacingMeasure", []string{"center", "edge"}, func(o *Options) string { return o.SpacingMeasure }},
	{"stripWidth", []string{"chord", "nominal"}, func(o *Options) string { return o.StripWidth }},
	{"turnRounding", []string{"ceil", "round"}, func(o *Options) string { return o.TurnRounding }},
	{"turretlessApex", []string{"rear-corners", "rear-middle"}, func(o *Options) string { return o.TurretlessApex }},
	{"viewEdges", []string{"half-planes", "exit-edge"}, func(o *Options) string { return o.ViewEdges }},
	{"wedgeArm", []string{"front", "flank"}, func(o *Options) string { return o.WedgeArm }},
	{"zoneTie", []string{"side", "front-rear"}, func(o *Options) string { return o.ZoneTie }},
}

// numberRanges lists each numeric option, in name order, with its closed
// range and the field that holds it.
var numberRanges = []struct {
	name   string
	lo, hi float64
	field  func(*Options) float64
}{
	{"closeRange", 0, 1000, func(o *Options) float64 { return float64(o.CloseRange) }},
	{"contactStripMax", 0, 100, func(o *Options) float64 { return float64(o.ContactStripMax) }},
	{"doubtTolerance", 0, 1, func(o *Options) float64 { return float64(o.DoubtTolerance) }},
	{"grenadierRange", 0, 1000, func(o *Options) float64 { return float64(o.GrenadierRange) }},
	{"iedTrigger", 0, 100, func(o *Options) float64 { return float64(o.IEDTrigger) }},
	{"lowWallHeight", 0, 100, func(o *Options) float64 { return float64(o.LowWallHeight) }},
	{"scatterSectors", 0, 360, func(o *Options) float64 { return float64(o.ScatterSectors) }},
	{"smokeDiameter", 0.01, 100, func(o *Options) float64 { return float64(o.SmokeDiameter) }},
	{"stripTolerance", 0, 2, func(o *Options) float64 { return float64(o.StripTolerance) }},
	{"vehicleFlank", -10, 0, func(o *Options) float64 { return float64(o.VehicleFlank) }},
	{"vehicleLevel", 0, 10, func(o *Options) float64 { return float64(o.VehicleLevel) }},
}

// ParseOptions returns DefaultOptions overridden by an "options" object
// whose lengths are in inches, for callers without a scenario file (a
// scenario's options are parsed by the query runner with the file's
// units). An unknown name, a value of the wrong type or an unknown or out
// of range value is an error naming "options.<name>" and wrapping ErrOption
// or the decoder's sentinel.
func ParseOptions(raw map[string]json.RawMessage) (Options, error) {
	o := DefaultOptions()
	if len(raw) == 0 {
		return o, nil
	}
	obj, err := json.Marshal(raw)
	if err != nil {
		return o, fmt.Errorf("options: %w", err)
	}
	if err := scenario.DecodeValue(obj, "options", "in", &o); err != nil {
		return DefaultOptions(), err
	}
	if err := o.Validate(); err != nil {
		return DefaultOptions(), err
	}
	return o, nil
}

// Validate reports the first option outside its documented values or
// range, as an error naming its path ("options.spacing") and wrapping
// ErrOption. Options are checked in name order, so the first
// error is always the same.
func (o *Options) Validate() error {
	for _, e := range enumOptions {
		if v := e.field(o); !slices.Contains(e.values, v) {
			return badOption(e.name, fmt.Sprintf("%q", v), "want one of "+strings.Join(e.values, ", "))
		}
	}
	for _, r := range numberRanges {
		if v := r.field(o); math.IsNaN(v) || v < r.lo || v > r.hi {
			return badOption(r.name, v, fmt.Sprintf("want a number in [%g, %g]", r.lo, r.hi))
		}
	}
	if !o.FigureCaptionFix {
		return badOption("figureCaptionFix", false, "figures are always cited by caption content")
	}
	return nil
}

// badOption is the error for option name holding v.
func badOption(name string, v any, why string) error {
	return rulesets.OptionError(name, v, why, ErrOption)
}

// Geometry maps the options onto the geometry packages' parameters, so a
// generic query asked in a Code Red file measures the way Code Red does:
// ranges from the unit centre (CR-01), vehicles occluding (CR-16 step 3),
// smoke blocking at every height (CR-25), the front wedge and hit zones of
// ArcOptions (CR-26, CR-29), and figure spacing of 1 in (CR-02) read as
// Options.Spacing and Options.SpacingMeasure say.
func (o *Options) Geometry() rulesets.Geometry {
	coh := movement.CoherencyRule{Chain: FigureSpacing, Measure: movement.Centers, Figures: true}
	if o.SpacingMeasure == "edge" {
		coh.Measure = movement.Edges
	}
	if o.Spacing == "all-pairs" {
		coh = movement.CoherencyRule{All: FigureSpacing, Measure: coh.Measure, Figures: true}
	}
	return rulesets.Geometry{
		Sight:     los.Options{ModelsBlock: []terrain.Class{terrain.Vehicle, terrain.Walker, terrain.Skimmer}},
		Arc:       ArcOptions(*o),
		Arcs:      los.ArcWedgeFront + "/" + los.ArcWedgeFlank,
		Range:     los.RangeCenter,
		Coherency: coh,
	}
}

// within reports whether d is inside a limit the text leaves silent about
// (Amb. 3): d <= limit when bounds are inclusive, d < limit otherwise.
func (o Options) within(d float64, limit scenario.Length) bool {
	l := float64(limit)
	if o.InclusiveBounds {
		return d <= l
	}
	return d < l
}
