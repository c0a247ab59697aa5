package terminator

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// ErrOption is wrapped by every error about a scenario option.
var ErrOption = errors.New("terminator: invalid option")

// ErrMissingLength is wrapped (with scenario.ErrMissing) by the error of a
// query that needs a length the scenario's options do not give: the
// reference sheet gives none, so none is invented.
var ErrMissingLength = errors.New("terminator: length not configured")

// ErrQuery is wrapped by every error about a query's fields or ids.
var ErrQuery = errors.New("terminator: invalid query")

// maxLength is the largest template or range length accepted, inches.
const maxLength = terrain.MaxTableSize

// Template is one of the game's templates as the scenario configures it:
// its shape (stick, strip or disc, Ambiguity 6), length and width. The
// reference sheet names the templates but gives no size (Ambiguity 1).
type Template struct {
	Shape  string           `json:"shape"`
	Length *scenario.Length `json:"length"`
	Width  scenario.Length  `json:"width"`
}

// Templates are the game's four templates. A nil entry is not configured.
type Templates struct {
	// Melee is the Nahkampfreichweite-Schablone: melee range (TS-01) and
	// the small-area sweep (TS-09).
	Melee *Template `json:"melee"`
	// Walk and Crawl are the Gehen- and Kriechen-Schablone (TS-12).
	Walk  *Template `json:"walk"`
	Crawl *Template `json:"crawl"`
	// Medium is the Mittlere Fläche, undefined in the text (TS-11).
	Medium *Template `json:"medium"`
}

// Profile is a model's profile entries and its state this activation,
// which the scenario's core model fields do not carry.
type Profile struct {
	// Command is n of "Kommando (n)": a leader when above 0 (TS-07).
	Command int `json:"command"`
	// CommandRange overrides this leader's command range.
	CommandRange *scenario.Length `json:"commandRange"`
	// Staggering: it has two or more Fertig markers (Taumeln).
	Staggering bool `json:"staggering"`
	// Machine: "Maschinen führen niemals Deckungswürfe durch" (Geistlos,
	// TS-08, errata 1): data on the model, not a guess from its side.
	Machine bool `json:"machine"`
	// Crawler: a Kriecher (TS-13); it is also Langsam and loses Geistlos.
	Crawler bool `json:"crawler"`
	// Slow: the Langsam rule (TS-12).
	Slow bool `json:"slow"`
	// DoubleMoved: it made a Doppelte Bewegung this activation (TS-05).
	DoubleMoved bool `json:"doubleMoved"`
	// Moved is how far it was displaced this activation (TS-14).
	Moved scenario.Length `json:"moved"`
	// Rotated: it turned on the spot this activation (TS-14).
	Rotated bool `json:"rotated"`
	// Size is "Größe n" (0: not given) (TS-15).
	Size int `json:"size"`
	// Keywords are its other profile keywords, kept and reported (TS-15).
	Keywords []string `json:"keywords"`
}

// Options are the scenario's choices for what the reference sheet leaves
// open (the digest's Ambiguities) and the profiles of its models. Every
// length is optional here: a query that needs one that is missing is
// refused naming it (see need), so generic queries in a file without
// lengths are still answered. The zero value is not the default: use
// DefaultOptions. Treat maps and slices as read-only once in use.
type Options struct {
	Templates Templates `json:"templates"`
	// PointBlank is the Kernschussreichweite; absent, the walk template's
	// length (TS-02: "Kernschussreichweite (z.B. Gehen-Schablone)").
	PointBlank *scenario.Length `json:"pointBlank"`
	// ShortRange and LongRange are the outer edges of the short and long
	// bands (TS-01).
	ShortRange *scenario.Length `json:"shortRange"`
	LongRange  *scenario.Length `json:"longRange"`
	// CommandRange is the leaders' command range; absent, point-blank
	// range (TS-02, TS-07).
	CommandRange *scenario.Length `json:"commandRange"`
	// BandEdges: "nearer" (a distance exactly on an edge is in the nearer
	// band) or "farther" (Ambiguity 2).
	BandEdges string `json:"bandEdges"`
	// BeyondLong: "refuse" (nothing reaches beyond long range) or "long"
	// (long range has no outer limit) (Ambiguity 2).
	BeyondLong string `json:"beyondLong"`
	// Measure: "edge" (base edge to base edge) or "center" (Ambiguity 3).
	Measure string `json:"measure"`
	// RangeClass: "maximum" (RW is the farthest band a weapon reaches) or
	// "ignore" (Ambiguity 4).
	RangeClass string `json:"rangeClass"`
	// Open is the "offen steht" predicate: "fraction" (at least
	// OpenFraction of the target's silhouette is seen) or "terrain" (its
	// base neither touches nor overlaps a piece giving cover) (Ambiguity 5).
	Open         string  `json:"open"`
	OpenFraction float64 `json:"openFraction"`
	// SuicideSelfVeto: whether the attacker itself vetoes a Selbstmörderisch
	// small-area weapon (Ambiguity 7; the text says so for every weapon).
	SuicideSelfVeto bool `json:"suicideSelfVeto"`
	// SteadyEnemyBans: a non-staggering enemy within melee range keeps the
	// ranged-weapon ban even for an attack on a staggering model there
	// (TS-05; the text's parenthesis says so only for forced melee).
	SteadyEnemyBans bool `json:"steadyEnemyBans"`
	// SemiAutoClose is Halbautomatisch's rate of fire at point-blank and
	// melee range; 0 reports it as unspecified (Ambiguity 8).
	SemiAutoClose int `json:"semiAutoClose"`
	// DoubleMove is an ordinary model's double-move allowance: "twice"
	// (its normal template laid twice) or "walk" (the walk template once,
	// as for Langsam models) (Ambiguity 9).
	DoubleMove string `json:"doubleMove"`
	// Barriers and BarrierKinds say which terrain pieces are Barrieren
	// (ids, and every piece of the kinds listed) (Ambiguity 9/11).
	Barriers     []string `json:"barriers"`
	BarrierKinds []string `json:"barrierKinds"`
	// BarrierCrossing: "terrain" (non-crawlers treat a barrier by its own
	// movement rule) or "impassable" (nobody crosses) (Ambiguity 9).
	BarrierCrossing string `json:"barrierCrossing"`
	// RotationIsMove: whether turning on the spot counts as moving for
	// Aufstützen (Ambiguity 9).
	RotationIsMove bool `json:"rotationIsMove"`
	// CommandSight: "any" (sight to any part) or "centre" (to the model's
	// centre) (Ambiguity 10).
	CommandSight string `json:"commandSight"`
	// RequireSight: a ranged or melee attack needs sight to any part of
	// the target (the sheet states no sight rule for attacks).
	RequireSight bool `json:"requireSight"`
	// GrazingBlocks: a sightline only touching an occluder blocks.
	GrazingBlocks bool `json:"grazingBlocks"`
	// SizeHeights maps a Größe ("2", "3") to the model height used for
	// sight; models of a size not listed keep their scenario height (TS-15).
	SizeHeights map[string]scenario.Length `json:"sizeHeights"`
	// Profiles holds profile entries and state by model id.
	Profiles map[string]Profile `json:"profiles"`
}

// DefaultOptions returns the documented defaults (see
// docs/rulesets/terminator-skirmish.md). It sets no length: the reference
// sheet gives none.
func DefaultOptions() Options {
	return Options{
		BandEdges: "nearer", BeyondLong: "refuse", Measure: "edge", RangeClass: "maximum",
		Open: "fraction", OpenFraction: 1, SuicideSelfVeto: true, SteadyEnemyBans: true, DoubleMove: "twice",
		BarrierCrossing: "terrain", CommandSight: "any", RequireSight: true,
	}
}

// Validate reports the first unusable option, naming it
// "options.<name>". Missing lengths are not an error here: the kinds that
// need them refuse to answer.
func (o *Options) Validate() error {
	for _, check := range []func() error{o.validateEnums, o.validateTemplates, o.validateLengths, o.validateProfiles} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// optionEnums lists the allowed values of the string options; read-only.
var optionEnums = rulesets.Enums{
	{"bandEdges", []string{"nearer", "farther"}},
	{"beyondLong", []string{"refuse", "long"}},
	{"measure", []string{"edge", "center"}},
	{"rangeClass", []string{"maximum", "ignore"}},
	{"open", []string{"fraction", "terrain"}},
	{"doubleMove", []string{"twice", "walk"}},
	{"barrierCrossing", []string{"terrain", "impassable"}},
	{"commandSight", []string{"any", "centre"}},
}

func (o *Options) validateEnums() error {
	got := [...]struct{ k, v string }{{"bandEdges", o.BandEdges}, {"barrierCrossing", o.BarrierCrossing},
		{"beyondLong", o.BeyondLong}, {"commandSight", o.CommandSight}, {"doubleMove", o.DoubleMove},
		{"measure", o.Measure}, {"open", o.Open}, {"rangeClass", o.RangeClass}} // in name order
	for _, e := range got {
		if !slices.Contains(optionEnums.Of(e.k), e.v) {
			return badOption(e.k, fmt.Sprintf("%q", e.v), fmt.Sprintf("want one of %v", optionEnums.Of(e.k)))
		}
	}
	if math.IsNaN(o.OpenFraction) || o.OpenFraction < 0 || o.OpenFraction > 1 {
		return badOption("openFraction", o.OpenFraction, "want a fraction in [0, 1]")
	}
	if o.SemiAutoClose < 0 || o.SemiAutoClose > 100 {
		return badOption("semiAutoClose", o.SemiAutoClose, "want 0 (unspecified) or a rate of fire 1..100")
	}
	for i, k := range o.BarrierKinds {
		if !slices.Contains(pieceKinds, terrain.Kind(k)) {
			return badOption(fmt.Sprintf("barrierKinds[%d]", i), fmt.Sprintf("%q", k), fmt.Sprintf("want a terrain kind %v", pieceKinds))
		}
	}
	return nil
}

// pieceKinds are the scenario's terrain kinds.
var pieceKinds = []terrain.Kind{terrain.Solid, terrain.Building, terrain.Area, terrain.Smoke, terrain.Water,
	terrain.Debris, terrain.Gas, terrain.Minefield, terrain.Occupied}

func (o *Options) validateTemplates() error {
	for _, t := range []struct {
		name string
		t    *Template
	}{{"melee", o.Templates.Melee}, {"walk", o.Templates.Walk}, {"crawl", o.Templates.Crawl}, {"medium", o.Templates.Medium}} {
		if t.t == nil {
			continue
		}
		p := "templates." + t.name
		if !slices.Contains([]string{"", "stick", "strip", "disc"}, t.t.Shape) {
			return badOption(p+".shape", fmt.Sprintf("%q", t.t.Shape), "want stick, strip or disc")
		}
		if t.t.Length == nil {
			return missingOption(p+".length", "the "+t.name+" template is given without its length")
		}
		if err := lengthIn(p+".length", float64(*t.t.Length), false); err != nil {
			return err
		}
		if err := lengthIn(p+".width", float64(t.t.Width), true); err != nil {
			return err
		}
	}
	return nil
}

// validateLengths checks the band lengths given are positive and nested
// (melee < point-blank < short < long).
func (o *Options) validateLengths() error {
	for _, l := range []struct {
		name string
		v    *scenario.Length
	}{{"pointBlank", o.PointBlank}, {"shortRange", o.ShortRange}, {"longRange", o.LongRange}, {"commandRange", o.CommandRange}} {
		if l.v != nil {
			if err := lengthIn(l.name, float64(*l.v), false); err != nil {
				return err
			}
		}
	}
	prevName, prev := "", 0.0
	for _, e := range o.bandEdges() {
		if !e.set {
			continue
		}
		if prevName != "" && !(e.v > prev) {
			return badOption(e.name, e.v, fmt.Sprintf("the bands are nested: want more than %s = %g in", prevName, prev))
		}
		prevName, prev = e.name, e.v
	}
	return nil
}

func (o *Options) validateProfiles() error {
	for _, id := range slices.Sorted(maps.Keys(o.Profiles)) {
		p, path := o.Profiles[id], "profiles."+id
		switch {
		case p.Command < 0 || p.Command > 100:
			return badOption(path+".command", p.Command, "want Kommando n in 0..100")
		case p.Size < 0 || p.Size > 100:
			return badOption(path+".size", p.Size, "want Größe n in 0..100")
		}
		if err := lengthIn(path+".moved", float64(p.Moved), true); err != nil {
			return err
		}
		if p.CommandRange != nil {
			if err := lengthIn(path+".commandRange", float64(*p.CommandRange), false); err != nil {
				return err
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(o.SizeHeights)) {
		if n, err := strconv.Atoi(k); err != nil || n < 1 || n > 100 {
			return badOption("sizeHeights", fmt.Sprintf("%q", k), "keys are the Größe n, 1..100")
		}
		if err := lengthIn("sizeHeights."+k, float64(o.SizeHeights[k]), false); err != nil {
			return err
		}
	}
	return nil
}

// badOption is the error for option name holding v.
func badOption(name string, v any, why string) error {
	return rulesets.OptionError(name, v, why, ErrOption)
}

// missingOption is the error for a length the scenario must give.
func missingOption(name, why string) error {
	return &terrain.FieldError{Path: "options." + name, Err: fmt.Errorf("%s; the reference sheet gives no length, so the scenario's options must: %w",
		why, errMissing{})}
}

// errMissing is ErrMissingLength and scenario.ErrMissing at once, printed
// on one line.
type errMissing struct{}

// Error returns ErrMissingLength's text.
func (errMissing) Error() string { return ErrMissingLength.Error() }

// Unwrap returns both sentinels.
func (errMissing) Unwrap() []error { return []error{ErrMissingLength, scenario.ErrMissing} }

// neededBy adds the query that needs a missing length to its error, which
// keeps the option's path (the place to fix).
func neededBy(env *rulesets.Env, err error) error {
	var fe *terrain.FieldError
	if err == nil || !errors.Is(err, ErrMissingLength) || !errors.As(err, &fe) {
		return err
	}
	return &terrain.FieldError{Path: fe.Path, Value: fe.Value, Err: fmt.Errorf("needed by %s (kind %q, id %q): %w", env.Path, env.Kind, env.ID, fe.Err)}
}

// lengthIn reports option name unless v is a length in (0, maxLength]
// ([0, maxLength] when zero is allowed).
func lengthIn(name string, v float64, zero bool) error {
	if math.IsNaN(v) || v < 0 || (v == 0 && !zero) || v > maxLength {
		lo := "("
		if zero {
			lo = "["
		}
		return badOption(name, v, fmt.Sprintf("want a length in %s0, %g] in", lo, maxLength))
	}
	return nil
}

// checkIDs reports the first profile naming no model of bf, so that a
// typing error in an id is not silently a model without a profile.
func (o *Options) checkIDs(bf *terrain.Battlefield) error {
	for _, id := range slices.Sorted(maps.Keys(o.Profiles)) {
		if _, ok := bf.Model(id); !ok {
			return badOption("profiles."+id, fmt.Sprintf("%q", id), "no model has this id")
		}
	}
	return nil
}

// profile returns model id's profile (the zero Profile when none).
func (o *Options) profile(id string) Profile { return o.Profiles[id] }

// Geometry maps the options onto the geometry packages, so a generic query
// (range, sight, path, ...) in a Terminator file measures as the game's
// checks do: base edge to base edge unless `measure` says centre, the
// file's grazing policy, a path budget of the walk template when it is
// configured, and the generic coherency rule (the game has none).
func (o *Options) Geometry() rulesets.Geometry {
	g := rulesets.Geometry{Sight: los.Options{GrazingBlocks: o.GrazingBlocks}, Range: los.RangeEdge}
	if o.Measure == "center" {
		g.Range = los.RangeCenter
	}
	if w := o.Templates.Walk; w != nil && w.Length != nil {
		g.Path.Budget = float64(*w.Length)
	}
	// The sheet has no terrain categories (Ambiguity 11): difficult ground
	// costs nothing extra, as in the game's own move check.
	g.Route.Unweighted = true
	g.Coherency = generic.DefaultCoherency()
	return g
}
