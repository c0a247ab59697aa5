package firestorm

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// ErrOption is wrapped by every error about a scenario option.
var ErrOption = errors.New("firestorm: invalid option")

// ErrQuery is wrapped by every error about a query's fields or ids.
var ErrQuery = errors.New("firestorm: invalid query")

// Options are the documented readings of what the rulebook leaves open
// (the digest's Ambiguities 1..20, and 21 found in the original) and the
// ship and squadron profiles the scenario's core fields do not carry. The
// zero value is not the default: use DefaultOptions. JSON names are the
// keys of the scenario's "options"; lengths are scenario.Length, in the
// file's units.
type Options struct {
	// Band8 is the band of a target exactly 8 in away: "core" or
	// "effective" (Ambiguity 1).
	Band8 string `json:"band8"`
	// MaxRange caps long range, inches; 0 means no cap (Ambiguity 1).
	MaxRange scenario.Length `json:"maxRange"`
	// ArcApex is where the four quadrants spread from: "center" (the base
	// centre) or "stand" (the first stand) (Ambiguity 2).
	ArcApex string `json:"arcApex"`
	// ArcTarget is which part of the target must be in the arc: "stand"
	// (its nearest stand) or "base" (any part of its base) (Ambiguity 2).
	ArcTarget string `json:"arcTarget"`
	// ArcBoundary: "inclusive" (a bearing exactly on an arc line is in
	// both arcs) or "exclusive" (in neither, unless both are allowed)
	// (Ambiguity 2).
	ArcBoundary string `json:"arcBoundary"`
	// MultiStand: "nearest" (a ship with several stands is measured from
	// its nearest stand) or "center" (from its base centre) (FT-02,
	// Errata 2).
	MultiStand string `json:"multiStand"`
	// TerrainBy decides being in a piece, crossing a minefield and halving
	// a move in debris: "stand" or "base" (Ambiguity 3).
	TerrainBy string `json:"terrainBy"`
	// ContactBy decides contact with an occupied area: "base" or "stand"
	// (Ambiguity 3, Errata 3).
	ContactBy string `json:"contactBy"`
	// Overlap: "swept" (bases may not overlap at any moment of the move)
	// or "end" (only the final position) (Ambiguity 4).
	Overlap string `json:"overlap"`
	// TouchOverlaps reports whether bases that only touch overlap
	// (Ambiguity 4).
	TouchOverlaps bool `json:"touchOverlaps"`
	// TurnSweep reports whether a turn sweeps the base for overlap, tested
	// every degree (Ambiguities 4 and 8).
	TurnSweep bool `json:"turnSweep"`
	// DebrisMove: "path" (the move is halved when any part of it crosses a
	// debris field) or "ends" (only when it starts or ends in one)
	// (Ambiguity 5).
	DebrisMove string `json:"debrisMove"`
	// DebrisMinimum: "halved" (the forced move is half of the halved
	// allowance) or "full" (half of B) (Ambiguity 5).
	DebrisMinimum string `json:"debrisMinimum"`
	// GrazeCounts reports whether a line only touching a piece's edge
	// counts as crossing it (halving, blocking) (Ambiguity 6).
	GrazeCounts bool `json:"grazeCounts"`
	// HalveDice: "pool" (a combined attack's pool is halved once per piece
	// its lines cross, rounding down once) or "firer" (each firer's dice
	// are halved on its own line, then summed) (Ambiguity 21).
	HalveDice string `json:"halveDice"`
	// Manoeuvrable: "agile" (the MAR's "one rank lower" means the next
	// rank number up: rank 1 turns like rank 2) or "number" (the rank
	// number goes down) (Ambiguity 7).
	Manoeuvrable string `json:"manoeuvrable"`
	// ZeroTurnCounts reports whether a declared 0° turn uses up a turn
	// (Ambiguity 8).
	ZeroTurnCounts bool `json:"zeroTurnCounts"`
	// LeaveBy decides leaving the table: "stand", "center" or "base" (any
	// part of the base off the table) (Ambiguity 9).
	LeaveBy string `json:"leaveBy"`
	// InterceptorRange: "within" (0 to 24 in) or "band" (8 to 24 in only)
	// (Ambiguity 10).
	InterceptorRange string `json:"interceptorRange"`
	// SectorSize is a sector's side, inches (Ambiguity 11).
	SectorSize scenario.Length `json:"sectorSize"`
	// SectorRemainder: "own" (a strip left over at the far edges is a
	// smaller sector) or "merge" (it joins the last full sector)
	// (Ambiguity 11).
	SectorRemainder string `json:"sectorRemainder"`
	// SectorLine: "higher" (a ship exactly on a sector line is in the
	// sector above/right of it) or "both" (Ambiguity 11).
	SectorLine string `json:"sectorLine"`
	// SectorBy: "stand" or "center" places a ship in a sector
	// (Ambiguity 11).
	SectorBy string `json:"sectorBy"`
	// Losses: "break" (a squadron broken by losses is incoherent at once)
	// or "next-move" (it is judged at its next move) (Ambiguity 12).
	Losses string `json:"losses"`
	// StationOccupied reports whether an objective station is an occupied
	// area (Ambiguity 13).
	StationOccupied bool `json:"stationOccupied"`
	// WithinTo: "edge" (distances to a piece or objective go to its
	// boundary) or "center" (Ambiguity 14).
	WithinTo string `json:"withinTo"`
	// WithinWho: "one" (one ship of the squadron within suffices) or "all"
	// (Ambiguity 14).
	WithinWho string `json:"withinWho"`
	// DebrisSpacing: "edge" (FT-24's 12 in between debris fields edge to
	// edge) or "center" (Ambiguity 14).
	DebrisSpacing string `json:"debrisSpacing"`
	// ReserveThreshold is the D6 + turn total reserves need (Ambiguity 15).
	ReserveThreshold int `json:"reserveThreshold"`
	// MineTrigger: "enter" (the path enters the field: passes through or
	// ends inside), "through" (enters and leaves it) or "any" (also a
	// model starting inside that moves) (Ambiguity 16).
	MineTrigger string `json:"mineTrigger"`
	// MinefieldTie: "none" (equal counts place no minefield) or "one-each"
	// (Ambiguity 17).
	MinefieldTie string `json:"minefieldTie"`
	// BomberRange caps a bomber launch, inches; 0 means no cap
	// (Ambiguity 18).
	BomberRange scenario.Length `json:"bomberRange"`
	// Tape: "2.54" (exact) or "2.5" (the book's factor: in a cm or mm file
	// every rule distance is the book's, 8 in = 20 cm) (Ambiguity 19).
	Tape string `json:"tape"`
	// ShipsBlock reports whether other ships' bases block a line of attack
	// (Ambiguity 20).
	ShipsBlock bool `json:"shipsBlock"`
	// Stations lists the piece ids of objective stations; StationOccupied
	// decides whether they block and destroy whatever their kind.
	Stations []string `json:"stations"`
	// Ships holds ship profiles by model id.
	Ships map[string]Ship `json:"ships"`
	// Squadrons holds squadron state by squadron name.
	Squadrons map[string]Squadron `json:"squadrons"`

	// scale turns the book's inches into table inches (Tape, set per
	// query from the file's units).
	scale float64 `json:"-"`
}

// Ship is a model's data card entries the scenario's core fields do not
// carry.
type Ship struct {
	// Rank is 1, 2 or 3 (Rang); 0 means not given.
	Rank int `json:"rank"`
	// Move is the move value B, inches.
	Move scenario.Length `json:"move"`
	// Stands are the flight stands as offsets from the base centre, [ahead,
	// left] in the ship's frame; none means one central stand.
	Stands []geom.Point `json:"stands"`
	// Manoeuvrable: the Manövrierbar MAR (FT-22).
	Manoeuvrable bool `json:"manoeuvrable"`
	// NoForcedMove: a rule lifts the forced move (FT-10).
	NoForcedMove bool `json:"noForcedMove"`
}

// Squadron is a squadron's state.
type Squadron struct {
	// MinefieldMAR: the squadron has the Minenfeld MAR (FT-17).
	MinefieldMAR bool `json:"minefieldMAR"`
	// BrokenByLosses: losses broke its spacing since it last moved
	// (Ambiguity 12).
	BrokenByLosses bool `json:"brokenByLosses"`
	// Crippled: not combat-capable ("kampffähig", FT-25).
	Crippled bool `json:"crippled"`
}

// DefaultOptions returns the documented defaults (see
// docs/rulesets/firestorm-taskforce.md for the reasons).
func DefaultOptions() Options {
	return Options{
		Band8: "core", ArcApex: "center", ArcTarget: "stand", ArcBoundary: "inclusive",
		MultiStand: "nearest", TerrainBy: "stand", ContactBy: "base", Overlap: "swept", TurnSweep: true,
		DebrisMove: "path", DebrisMinimum: "halved", HalveDice: "pool", Manoeuvrable: "agile",
		LeaveBy: "stand", InterceptorRange: "within", SectorSize: sectorSide, SectorRemainder: "own",
		SectorLine: "higher", SectorBy: "stand", Losses: "break", StationOccupied: true,
		WithinTo: "edge", WithinWho: "one", DebrisSpacing: "edge", ReserveThreshold: reserveThreshold,
		MineTrigger: "enter", MinefieldTie: "none", Tape: "2.54",
	}
}

// optionEnums lists the allowed values of the string options; read-only.
var optionEnums = rulesets.Enums{
	{"band8", []string{"core", "effective"}}, {"arcApex", []string{"center", "stand"}}, {"arcTarget", []string{"stand", "base"}},
	{"arcBoundary", []string{"inclusive", "exclusive"}}, {"multiStand", []string{"nearest", "center"}},
	{"terrainBy", []string{"stand", "base"}}, {"contactBy", []string{"base", "stand"}}, {"overlap", []string{"swept", "end"}},
	{"debrisMove", []string{"path", "ends"}}, {"debrisMinimum", []string{"halved", "full"}}, {"halveDice", []string{"pool", "firer"}},
	{"manoeuvrable", []string{"agile", "number"}}, {"leaveBy", []string{"stand", "center", "base"}},
	{"interceptorRange", []string{"within", "band"}}, {"sectorRemainder", []string{"own", "merge"}},
	{"sectorLine", []string{"higher", "both"}}, {"sectorBy", []string{"stand", "center"}}, {"losses", []string{"break", "next-move"}},
	{"withinTo", []string{"edge", "center"}}, {"withinWho", []string{"one", "all"}}, {"debrisSpacing", []string{"edge", "center"}},
	{"mineTrigger", []string{"enter", "through", "any"}}, {"minefieldTie", []string{"none", "one-each"}}, {"tape", []string{"2.54", "2.5"}},
}

// ParseOptions returns DefaultOptions overridden by an "options" object
// whose lengths are in inches, for callers without a scenario file. An
// unknown key or a bad value gives an error naming "options.<name>".
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
	if err := o.Validate(); err != nil {
		return o, terrain.AtPath("options", err)
	}
	return o, nil
}

// Validate reports the first option out of range, naming it
// "options.<name>"; maps are checked in key order, so the first error is
// always the same.
func (o *Options) Validate() error {
	for _, check := range []func() error{o.validateEnums, o.validateNumbers, o.validateShips} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// badOption is the error for option name holding v.
func badOption(name string, v any, why string) error {
	return rulesets.OptionError(name, v, why, ErrOption)
}

func (o *Options) validateEnums() error {
	got := map[string]string{
		"band8": o.Band8, "arcApex": o.ArcApex, "arcTarget": o.ArcTarget, "arcBoundary": o.ArcBoundary,
		"multiStand": o.MultiStand, "terrainBy": o.TerrainBy, "contactBy": o.ContactBy, "overlap": o.Overlap,
		"debrisMove": o.DebrisMove, "debrisMinimum": o.DebrisMinimum, "halveDice": o.HalveDice,
		"manoeuvrable": o.Manoeuvrable, "leaveBy": o.LeaveBy, "interceptorRange": o.InterceptorRange,
		"sectorRemainder": o.SectorRemainder, "sectorLine": o.SectorLine, "sectorBy": o.SectorBy,
		"losses": o.Losses, "withinTo": o.WithinTo, "withinWho": o.WithinWho, "debrisSpacing": o.DebrisSpacing,
		"mineTrigger": o.MineTrigger, "minefieldTie": o.MinefieldTie, "tape": o.Tape,
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if !slices.Contains(optionEnums.Of(k), got[k]) {
			return badOption(k, fmt.Sprintf("%q", got[k]), fmt.Sprintf("want one of %v", optionEnums.Of(k)))
		}
	}
	return nil
}

func (o *Options) validateNumbers() error {
	for _, c := range []struct {
		n         string
		v, lo, hi float64
	}{{"maxRange", float64(o.MaxRange), 0, 1e5}, {"sectorSize", float64(o.SectorSize), 1, 1000},
		{"bomberRange", float64(o.BomberRange), 0, 1e5}, {"reserveThreshold", float64(o.ReserveThreshold), 2, 100}} {
		if math.IsNaN(c.v) || c.v < c.lo || c.v > c.hi {
			return badOption(c.n, c.v, fmt.Sprintf("want a number in [%g, %g]", c.lo, c.hi))
		}
	}
	return nil
}

func (o *Options) validateShips() error {
	for _, id := range slices.Sorted(maps.Keys(o.Ships)) {
		s, p := o.Ships[id], "ships."+id
		if s.Rank < 0 || s.Rank > 3 {
			return badOption(p+".rank", s.Rank, "want 1, 2 or 3")
		}
		if m := float64(s.Move); math.IsNaN(m) || m < 0 || m > 1000 {
			return badOption(p+".move", m, "want a move value in [0, 1000] in")
		}
		if len(s.Stands) > 16 {
			return badOption(p+".stands", len(s.Stands), "want at most 16 stands")
		}
		for i, st := range s.Stands {
			if math.Abs(st.X) > 100 || math.Abs(st.Y) > 100 {
				return badOption(fmt.Sprintf("%s.stands[%d]", p, i), fmt.Sprintf("[%g, %g]", st.X, st.Y), "want an offset within 100 in of the base centre")
			}
		}
	}
	return nil
}

// withUnits returns a copy of o for a query in a file of the given units:
// with Tape "2.5" a cm or mm file's rule distances are the book's.
func (o Options) withUnits(units string) Options {
	o.scale = 1
	if o.Tape == "2.5" && (units == "cm" || units == "mm") {
		o.scale = cmPerInchText / 2.54
	}
	return o
}

// book returns a rule distance of the book, inches, as a table distance.
func (o *Options) book(inches float64) float64 {
	if o.scale == 0 {
		return inches
	}
	return inches * o.scale
}

// ship returns the profile of model id (the zero Ship when none is given).
func (o *Options) ship(id string) Ship { return o.Ships[id] }

// squadron returns the state of squadron name.
func (o *Options) squadron(name string) Squadron { return o.Squadrons[name] }

// Geometry maps the options onto the geometry packages' parameters, so a
// generic query asked in a Firestorm file measures the way the game does:
// stand to nearest stand (FT-02), sight blocked by terrain only, ships
// never (FT-07, Ambiguity 20), the four quadrant arcs F, B, S and H of
// FT-06, and squadron coherency of 6 in between stands (FT-12).
func (o *Options) Geometry() rulesets.Geometry {
	opt := *o
	return rulesets.Geometry{
		Sight: los.Options{IgnoreModels: !o.ShipsBlock, GrazingBlocks: o.GrazeCounts,
			ModelsBlock: []terrain.Class{terrain.Ship, terrain.Vehicle, terrain.Walker, terrain.Skimmer, terrain.Infantry, terrain.Figure}},
		Arc:       los.ArcOptions{Layout: ArcLayout(opt), Boundary: los.Boundary(o.ArcBoundary), Containment: los.ContainCenter},
		Range:     los.RangeStand,
		Path:      movement.PathOptions{Models: movement.ModelsAlongPath, CenterOnTable: true},
		Turns:     movement.TurnRules{MaxTurn: maxTurn, TurnsBefore: 1, TurnsAfter: 1, TurnsBetween: 0, MaxMoves: 1},
		Coherency: movement.CoherencyRule{Chain: coherencyMax, Measure: movement.Centers},
	}
}
