package dropzone

import (
	"encoding/json"
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
var ErrOption = errors.New("dropzone: invalid option")

// ErrQuery is wrapped by every error about a query's fields or about ids
// that do not name what a check needs.
var ErrQuery = errors.New("dropzone: invalid query")

// Options are the documented choices for what the rulebook leaves open
// (the digest's Ambiguities list) and the unit profiles the scenario
// format has no core field for. The zero value is not the default: use
// DefaultOptions. JSON names are the keys of the scenario's "options"
// object. Options are plain values; treat the maps as read-only once in
// use.
type Options struct {
	// ArcFront and ArcRear are the widths, degrees, of the F and R arcs
	// centred on the bow and stern; S is the rest (Ambiguity 1, DZC-14).
	ArcFront float64 `json:"arcFront"`
	ArcRear  float64 `json:"arcRear"`
	// ArcBoundary: "inclusive" (a centre exactly on an arc line is in both
	// arcs) or "exclusive" (in neither) (Ambiguity 2).
	ArcBoundary string `json:"arcBoundary"`
	// CorridorWidth is the K arc's width, inches; 0 means the hull width
	// (else the base width) (Ambiguity 1).
	CorridorWidth scenario.Length `json:"corridorWidth"`
	// CoverBand holds the DZC-18 band edges as fractions: below [0] no
	// shot, [0]..[1] cover, above [1] clear (Ambiguity 3).
	CoverBand [2]float64 `json:"coverBand"`
	// BandEdges: "inclusive" (exactly 10 % and 50 % are cover) or
	// "exclusive" (10 % is no shot, 50 % is clear) (Ambiguity 3).
	BandEdges string `json:"bandEdges"`
	// FractionSquadMate: "ignore" (the one squad vehicle a vehicle may fire
	// through does not hide the target) or "block" (Ambiguity 3).
	FractionSquadMate string `json:"fractionSquadMate"`
	// Range: "2d" (on the table plane) or "3d" between the reference
	// points; aircraft targets are always at ground level (Ambiguity 4).
	Range string `json:"range"`
	// RangeInclusive reports whether a target exactly at maximum range is
	// in range (Ambiguity 19).
	RangeInclusive bool `json:"rangeInclusive"`
	// InfantryPoint is the height of an infantry base's sight point:
	// "mid" (half the model's height), "ground" or "top" (Ambiguity 5).
	InfantryPoint string `json:"infantryPoint"`
	// AircraftReference: "table" (6/2 in above the table plane) or
	// "ground" (above the top of the terrain under the stand) (Ambiguity 5).
	AircraftReference string `json:"aircraftReference"`
	// LZRadius maps the landing-zone size K, M, G to the radius, inches,
	// of its circular template (Ambiguity 6).
	LZRadius map[string]scenario.Length `json:"lzRadius"`
	// FormationConnected reports whether a formation must also be one
	// connected group (Ambiguity 7).
	FormationConnected bool `json:"formationConnected"`
	// EntranceMeasure, TransportMeasure, WreckMeasure: "center" (the
	// base's centre, DZC-02) or "edge" (nearest point of base or hull), for
	// entrances, transports and wrecks (Ambiguity 8).
	EntranceMeasure  string `json:"entranceMeasure"`
	TransportMeasure string `json:"transportMeasure"`
	// TransportEntranceMeasure is the same choice for a transport near an
	// entrance (DZC-42); the default is "edge" because the text adds "oder
	// diesen berühren".
	TransportEntranceMeasure string `json:"transportEntranceMeasure"`
	// EntranceEnter: "one" (one base within 1 in suffices) or "all"
	// (Ambiguity 8).
	EntranceEnter string `json:"entranceEnter"`
	// AircraftPenalty: "proportional" (h-6 in) or "whole-inch" (every
	// started inch above 6 in) (Ambiguity 9).
	AircraftPenalty string `json:"aircraftPenalty"`
	// AircraftClimbBuildings reports whether DZC-30's climb also lets an
	// aircraft cross a building taller than its altitude (Ambiguity 9).
	AircraftClimbBuildings bool `json:"aircraftClimbBuildings"`
	// NOEOverTerrain reports whether NOE aircraft overfly non-building
	// terrain lower than 6 in (Ambiguity 9).
	NOEOverTerrain bool `json:"noeOverTerrain"`
	// AntigravSolid: "class" (a solid feature above 1/4 in keeps its
	// movement class for antigravs) or "passable" (Ambiguity 10).
	AntigravSolid string `json:"antigravSolid"`
	// StandbyRounding of half Bw on entry: "none", "down" or "up"
	// (Ambiguity 11).
	StandbyRounding string `json:"standbyRounding"`
	// WalkerRounding: "penalty-up" (the 50 % penalty is rounded up) or
	// "remaining-up" (the remaining move is) (Ambiguity 11).
	WalkerRounding string `json:"walkerRounding"`
	// WalkerScope: "whole" (the penalty caps the whole move) or "inside"
	// (only inches inside the field count double) (Ambiguity 11).
	WalkerScope string `json:"walkerScope"`
	// WalkerStep is the height, inches, of solid features a walker steps
	// over; 0 means none (player judgement) (Ambiguity 11).
	WalkerStep scenario.Length `json:"walkerStep"`
	// Concealment: "line" (target inside a concealing piece or the sight
	// line to its centre crosses one) or "inside" (Ambiguity 12).
	Concealment string `json:"concealment"`
	// ElevatedFrom: "top" (1 in above the hull's top) or "center" (1 in
	// above the hull centre) (Ambiguity 13).
	ElevatedFrom string `json:"elevatedFrom"`
	// CrashInfantry: "center" (an infantry base is under the template when
	// its centre is) or "any" (any part) for the D6-hits roll; any-part
	// contact is reported as well (Ambiguity 14).
	CrashInfantry string `json:"crashInfantry"`
	// ContestMeasure: "center" or "edge" of the enemy to the template's rim
	// (Ambiguity 15).
	ContestMeasure string `json:"contestMeasure"`
	// LZRimHeight is the height, inches, of the template rim points sight
	// is traced to (Ambiguity 15).
	LZRimHeight scenario.Length `json:"lzRimHeight"`
	// ReactionSamePoint reports whether a further AA reaction may use the
	// previous engagement point itself (Ambiguity 16).
	ReactionSamePoint bool `json:"reactionSamePoint"`
	// MikroMaxArea is the largest footprint, square inches, of a
	// one-floor Mikro building (Ambiguity 18).
	MikroMaxArea float64 `json:"mikroMaxArea"`
	// BuildingClasses assigns a class by building id, overriding DZC-46's
	// size rule (Ambiguity 18).
	BuildingClasses map[string]string `json:"buildingClasses"`
	// Table: "scenario" (the file's size) or "48" (a metric 1.20 m or
	// 1.80 m side counts as 48 or 72 in) (Ambiguity 20).
	Table string `json:"table"`
	// Smoke: "blocks" or "ignore"; the text has no smoke (Ambiguity 22).
	Smoke string `json:"smoke"`
	// GrazingBlocks reports whether a sightline touching an occluder's
	// surface is blocked ("Wie Ihr die Sichtlinie bestimmt, ist euch
	// überlassen").
	GrazingBlocks bool `json:"grazingBlocks"`
	// Premeasure: "standard" (only when shooting) or "none" (DZC-04).
	Premeasure string `json:"premeasure"`
	// Units holds unit profiles and turn state by model id.
	Units map[string]Unit `json:"units"`
	// Squads holds squad profiles by squad name.
	Squads map[string]Squad `json:"squads"`
}

// Unit is a model's profile entries and its state this turn, which the
// scenario's core model fields do not carry. Lengths are inches.
type Unit struct {
	Bw        scenario.Length `json:"bw"`        // move value
	GM        string          `json:"gm"`        // countermeasures: "A", "P" or ""
	Type      string          `json:"type"`      // "", "antigrav", "walker"
	Fast      bool            `json:"fast"`      // fast aircraft (Schnelle Flieger)
	LZ        string          `json:"lz"`        // landing zone size K, M or G
	LP        int             `json:"lp"`        // original hit points (crash hits)
	Transport bool            `json:"transport"` // a transport of its squad (DZC-40)
	// Moved is how far it moved before shooting this turn.
	Moved scenario.Length `json:"moved"`
	// LastMove is its normal move in its last activation (DZC-28).
	LastMove scenario.Length `json:"lastMove"`
	// Raised: it traces sight from its elevated point this round (DZC-21).
	Raised bool `json:"raised"`
	// BelowHalf: below half its original LP (DZC-24).
	BelowHalf bool `json:"belowHalf"`
	// FiredBS is the lowest BS of the weapons it already fired (DZC-13),
	// 0 when none.
	FiredBS scenario.Length `json:"firedBS"`
	// NoFire names the clause that forbids it to shoot this turn (it
	// embarked, disembarked, entered, left or switched a building, ...).
	NoFire string `json:"noFire"`
	// Standby: waiting off the table (DZC-12: cannot be shot).
	Standby bool `json:"standby"`
}

// Squad is a squad's profile.
type Squad struct {
	// Formation: "bab", "standard", "wide" or "open" (DZC-08).
	Formation string `json:"formation"`
}

// DefaultOptions returns the documented defaults (see
// docs/rulesets/dropzone-commander.md for the reasons).
func DefaultOptions() Options {
	return Options{
		ArcFront: 90, ArcRear: 90, ArcBoundary: "inclusive",
		CoverBand: [2]float64{coverLow, coverHigh}, BandEdges: "inclusive",
		FractionSquadMate: "ignore", Range: "2d", RangeInclusive: true,
		InfantryPoint: "mid", AircraftReference: "table",
		LZRadius:        map[string]scenario.Length{"K": 2, "M": 3, "G": 4},
		EntranceMeasure: "center", TransportMeasure: "center",
		TransportEntranceMeasure: "edge", EntranceEnter: "one",
		AircraftPenalty: "proportional", NOEOverTerrain: true,
		AntigravSolid: "class", StandbyRounding: "none",
		WalkerRounding: "penalty-up", WalkerScope: "whole",
		Concealment: "line", ElevatedFrom: "top", CrashInfantry: "center",
		ContestMeasure: "center", MikroMaxArea: 2, Table: "scenario",
		Smoke: "blocks", Premeasure: "standard",
	}
}

// optionEnums lists the allowed values of the string options; read-only.
var optionEnums = rulesets.Enums{
	{"arcBoundary", []string{"inclusive", "exclusive"}},
	{"bandEdges", []string{"inclusive", "exclusive"}},
	{"fractionSquadMate", []string{"ignore", "block"}},
	{"range", []string{"2d", "3d"}},
	{"infantryPoint", []string{"mid", "ground", "top"}},
	{"aircraftReference", []string{"table", "ground"}},
	{"entranceMeasure", []string{"center", "edge"}},
	{"transportMeasure", []string{"center", "edge"}},
	{"transportEntranceMeasure", []string{"center", "edge"}},
	{"entranceEnter", []string{"one", "all"}},
	{"aircraftPenalty", []string{"proportional", "whole-inch"}},
	{"antigravSolid", []string{"class", "passable"}},
	{"standbyRounding", []string{"none", "down", "up"}},
	{"walkerRounding", []string{"penalty-up", "remaining-up"}},
	{"walkerScope", []string{"whole", "inside"}},
	{"concealment", []string{"line", "inside"}},
	{"elevatedFrom", []string{"top", "center"}},
	{"crashInfantry", []string{"center", "any"}},
	{"contestMeasure", []string{"center", "edge"}},
	{"table", []string{"scenario", "48"}},
	{"smoke", []string{"blocks", "ignore"}},
	{"premeasure", []string{"standard", "none"}},
}

// ParseOptions returns DefaultOptions overridden by an "options" object
// whose lengths are in inches, for callers without a scenario file (a
// scenario's options are parsed by the query runner with the file's
// units). An unknown key, a value of the wrong type or out of range gives
// an error naming "options.<name>".
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
		return o, err
	}
	return o, o.Validate()
}

// Validate reports the first option whose value is out of range, naming
// it "options.<name>"; maps are checked in key order, so the first error
// is always the same.
func (o Options) Validate() error {
	for _, check := range []func() error{o.validateEnums, o.validateNumbers, o.validateUnits} {
		if err := check(); err != nil {
			return err
		}
	}
	for _, id := range slices.Sorted(maps.Keys(o.BuildingClasses)) {
		if c := o.BuildingClasses[id]; classByName(c) < 0 {
			return badOption("buildingClasses."+id, fmt.Sprintf("%q", c), "want Mikro, Winzig, Klein, Mittel or Groß")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(o.Squads)) {
		if f := o.Squads[name].Formation; !oneOf(f, "", "bab", "standard", "wide", "open") {
			return badOption("squads."+name+".formation", fmt.Sprintf("%q", f), "want bab, standard, wide or open")
		}
	}
	return nil
}

// badOption is the error for option name holding v.
func badOption(name string, v any, why string) error {
	return rulesets.OptionError(name, v, why, ErrOption)
}

// numberIn reports option name unless lo <= v <= hi.
func numberIn(name string, v, lo, hi float64) error {
	if math.IsNaN(v) || v < lo || v > hi {
		return badOption(name, v, fmt.Sprintf("want a number in [%g, %g]", lo, hi))
	}
	return nil
}

// validateEnums reports the first string option outside its documented
// values (optionEnums).
func (o Options) validateEnums() error {
	enums := map[string]string{
		"arcBoundary": o.ArcBoundary, "bandEdges": o.BandEdges, "fractionSquadMate": o.FractionSquadMate,
		"range": o.Range, "infantryPoint": o.InfantryPoint, "aircraftReference": o.AircraftReference,
		"entranceMeasure": o.EntranceMeasure, "transportMeasure": o.TransportMeasure,
		"transportEntranceMeasure": o.TransportEntranceMeasure, "entranceEnter": o.EntranceEnter,
		"aircraftPenalty": o.AircraftPenalty, "antigravSolid": o.AntigravSolid,
		"standbyRounding": o.StandbyRounding, "walkerRounding": o.WalkerRounding,
		"walkerScope": o.WalkerScope, "concealment": o.Concealment, "elevatedFrom": o.ElevatedFrom,
		"crashInfantry": o.CrashInfantry, "contestMeasure": o.ContestMeasure, "table": o.Table,
		"smoke": o.Smoke, "premeasure": o.Premeasure,
	}
	for _, k := range slices.Sorted(maps.Keys(enums)) {
		if !oneOf(enums[k], optionEnums.Of(k)...) {
			return badOption(k, fmt.Sprintf("%q", enums[k]), fmt.Sprintf("want one of %v", optionEnums.Of(k)))
		}
	}
	return nil
}

// validateNumbers reports the first numeric option out of its range.
func (o Options) validateNumbers() error {
	for _, c := range []struct {
		n         string
		v, lo, hi float64
	}{{"arcFront", o.ArcFront, 0, 360}, {"arcRear", o.ArcRear, 0, 360},
		{"corridorWidth", float64(o.CorridorWidth), 0, 100}, {"walkerStep", float64(o.WalkerStep), 0, 100},
		{"lzRimHeight", float64(o.LZRimHeight), 0, 100}, {"mikroMaxArea", o.MikroMaxArea, 0, 40}} {
		if err := numberIn(c.n, c.v, c.lo, c.hi); err != nil {
			return err
		}
	}
	if o.ArcFront+o.ArcRear > 360 {
		return badOption("arcRear", o.ArcRear, "arcFront + arcRear exceeds 360")
	}
	if math.IsNaN(o.CoverBand[0]) || math.IsNaN(o.CoverBand[1]) || o.CoverBand[0] < 0 || o.CoverBand[1] > 1 || o.CoverBand[0] > o.CoverBand[1] {
		return badOption("coverBand", o.CoverBand, "want 0 <= low <= high <= 1")
	}
	for _, s := range []string{"K", "M", "G"} {
		if r, ok := o.LZRadius[s]; !ok || r <= 0 || r > 100 {
			return badOption("lzRadius", o.LZRadius, "want radii K, M and G in (0, 100] in")
		}
	}
	return nil
}

// validateUnits reports the first unusable unit profile.
func (o Options) validateUnits() error {
	for _, id := range slices.Sorted(maps.Keys(o.Units)) {
		u, p := o.Units[id], "units."+id
		for _, c := range []struct {
			n string
			v float64
		}{{"bw", float64(u.Bw)}, {"moved", float64(u.Moved)}, {"lastMove", float64(u.LastMove)}, {"firedBS", float64(u.FiredBS)}} {
			if err := numberIn(p+"."+c.n, c.v, 0, 1000); err != nil {
				return err
			}
		}
		switch {
		case !oneOf(u.GM, "", "A", "P"):
			return badOption(p+".gm", fmt.Sprintf("%q", u.GM), `want "A", "P" or ""`)
		case !oneOf(u.Type, "", "antigrav", "walker"):
			return badOption(p+".type", fmt.Sprintf("%q", u.Type), `want "", "antigrav" or "walker"`)
		case !oneOf(u.LZ, "", "K", "M", "G"):
			return badOption(p+".lz", fmt.Sprintf("%q", u.LZ), `want "K", "M" or "G"`)
		case u.LP < 0 || u.LP > 1000:
			return badOption(p+".lp", u.LP, "want 0..1000")
		}
	}
	return nil
}

// unit returns the profile of model id (the zero Unit when none is given).
func (o *Options) unit(id string) Unit { return o.Units[id] }

func oneOf(s string, set ...string) bool {
	for _, v := range set {
		if s == v {
			return true
		}
	}
	return false
}

func classByName(name string) int {
	for i, c := range buildingClasses {
		if c.Name == name || (name == "Normal" && c.Name == "Mittel") || (name == "Gross" && c.Name == "Groß") {
			return i
		}
	}
	return -1
}

// Geometry maps the options onto the geometry packages' parameters, so a
// generic query (range, sight, arc, coherency, ...) asked in a Dropzone
// Commander file is answered the way the game's own checks measure:
// centre-to-centre ranges (DZC-02/23), the sight policy of DZC-17, the F, S
// and R arcs of DZC-14 with this file's widths and boundary reading, and
// the squad's standard formation (DZC-08).
func (o *Options) Geometry() rulesets.Geometry {
	return rulesets.Geometry{
		Sight:     sightOptions(o),
		Arc:       ArcOptions(*o),
		Range:     los.RangeCenter,
		Coherency: movement.CoherencyRule{Chain: formationStandard, Measure: movement.Centers, NeighbourOnly: !o.FormationConnected},
	}
}
