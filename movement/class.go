package movement

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/terrain"
)

// ContactTolerance is the distance, in inches, below which two shapes count
// as touching rather than overlapping; touching is legal.
const ContactTolerance = 1e-9

// ClassProfile is how one movement class moves: which key of a piece's
// movement rule applies to it and how it treats terrain, heights and
// other models. It is data: JSON-encodable and meant to be overridden by a
// ruleset.
type ClassProfile struct {
	// Name is the profile's name ("infantry", "tracked", "walker", ...).
	Name string `json:"name"`
	// TerrainClass is the model class whose entry of a piece's
	// MovementRule applies (wheeled and tracked both read "vehicle").
	TerrainClass terrain.Class `json:"terrainClass"`
	// DifficultFactor multiplies the length travelled inside difficult
	// terrain (1: no penalty).
	DifficultFactor float64 `json:"difficultFactor"`
	// DifficultCap, when above 0, caps the whole move in inches once the
	// path enters difficult terrain.
	DifficultCap float64 `json:"difficultCap,omitempty"`
	// DifficultBudgetFactor, when in (0, 1), multiplies the budget once the
	// path enters difficult terrain.
	DifficultBudgetFactor float64 `json:"difficultBudgetFactor,omitempty"`
	// FloatHeight, when above 0, makes the class cross impassable and
	// difficult pieces no taller than this without penalty, and treat
	// concealing (permeable) area pieces taller than it as impassable: a
	// hovering hull passes over low ground but not through tall growth.
	// Difficult pieces are then open.
	FloatHeight float64 `json:"floatHeight,omitempty"`
	// Airborne makes the class ignore pieces no taller than its altitude
	// and all models while moving.
	Airborne bool `json:"airborne,omitempty"`
	// TallThreshold and TallPenalty: an airborne model may cross a piece
	// taller than its altitude only when the piece is taller than
	// TallThreshold, paying TallPenalty inches per inch of height above
	// the threshold (climbing over it); otherwise such a piece is
	// impassable. TallPenalty 0 makes every taller piece impassable.
	TallThreshold float64 `json:"tallThreshold,omitempty"`
	TallPenalty   float64 `json:"tallPenalty,omitempty"`
	// ClimbFactor is the cost, in inches of move per inch, of climbing
	// from one surface to a higher one (onto a hill tier, a platform): 0
	// makes climbing free; the climb is reported either way.
	ClimbFactor float64 `json:"climbFactor,omitempty"`
	// Roofs lets the class move onto the roof of a building (where the
	// building's movement rule lets it in at all); without it a path
	// onto a roof is a "roof" violation.
	Roofs bool `json:"roofs,omitempty"`
}

// defaultProfiles are the built-in movement classes, in DefaultProfiles'
// order; never changed (DefaultProfiles hands out copies).
var defaultProfiles = [...]ClassProfile{
	{Name: "infantry", TerrainClass: terrain.Infantry, DifficultFactor: 2, Roofs: true},
	{Name: "figure", TerrainClass: terrain.Figure, DifficultFactor: 2, Roofs: true},
	{Name: "vehicle", TerrainClass: terrain.Vehicle, DifficultFactor: 2},
	{Name: "tracked", TerrainClass: terrain.Vehicle, DifficultFactor: 2},
	{Name: "wheeled", TerrainClass: terrain.Vehicle, DifficultFactor: 2},
	{Name: "walker", TerrainClass: terrain.Walker, DifficultFactor: 1},
	{Name: "skimmer", TerrainClass: terrain.Skimmer, DifficultFactor: 1, FloatHeight: 0.25},
	{Name: "aircraft", TerrainClass: terrain.Aircraft, DifficultFactor: 1, Airborne: true, TallThreshold: 6, TallPenalty: 1},
	{Name: "ship", TerrainClass: terrain.Ship, DifficultFactor: 1, DifficultBudgetFactor: 0.5},
}

// DefaultProfiles returns the built-in movement classes: infantry, figure,
// vehicle (tracked), tracked, wheeled, walker, skimmer, aircraft and ship.
// The map is a fresh copy the caller may change.
func DefaultProfiles() map[string]ClassProfile {
	m := make(map[string]ClassProfile, len(defaultProfiles))
	for _, p := range defaultProfiles {
		m[p.Name] = p
	}
	return m
}

// ProfileFor returns the default profile of a model class: the built-in
// class of that name (a scan of nine names, where building
// DefaultProfiles' map cost every query a few allocations), or a
// difficult factor of 2.
func ProfileFor(c terrain.Class) ClassProfile {
	for _, p := range defaultProfiles {
		if p.Name == string(c) {
			return p
		}
	}
	return ClassProfile{Name: string(c), TerrainClass: c, DifficultFactor: 2}
}

// Validate reports why the profile cannot be used, or nil.
func (p ClassProfile) Validate() error {
	check := func(name string, v, lo, hi float64) error {
		if math.IsNaN(v) || v < lo || v > hi {
			return fmt.Errorf("movement: profile %q: %s = %v, want [%v, %v]: %w", p.Name, name, v, lo, hi, ErrInvalid)
		}
		return nil
	}
	for _, c := range []struct {
		n       string
		v, l, h float64
	}{
		{"difficultFactor", p.DifficultFactor, 1, 100},
		{"difficultCap", p.DifficultCap, 0, terrain.MaxTableSize * 100},
		{"difficultBudgetFactor", p.DifficultBudgetFactor, 0, 1},
		{"floatHeight", p.FloatHeight, 0, terrain.MaxHeight},
		{"tallThreshold", p.TallThreshold, 0, terrain.MaxHeight},
		{"tallPenalty", p.TallPenalty, 0, 100},
		{"climbFactor", p.ClimbFactor, 0, 100},
	} {
		if err := check(c.n, c.v, c.l, c.h); err != nil {
			return err
		}
	}
	return nil
}

// effect is how one piece acts on a moving model.
type effect struct {
	move    terrain.Movement
	penalty float64 // airborne crossing penalty, inches, when move is open
}

// pieceEffect decides how piece pc acts on a model of profile p flying at
// altitude alt (0 on the ground).
func (p ClassProfile) pieceEffect(pc *terrain.Piece, alt float64) effect {
	if p.Airborne {
		if pc.Kind == terrain.Smoke || pc.Kind == terrain.Gas || pc.Height <= alt {
			return effect{move: terrain.Open}
		}
		if p.TallPenalty > 0 && pc.Height > p.TallThreshold {
			return effect{move: terrain.Open, penalty: (pc.Height - p.TallThreshold) * p.TallPenalty}
		}
		return effect{move: terrain.Impassable}
	}
	m := pc.Movement.For(p.TerrainClass)
	if p.FloatHeight > 0 {
		switch {
		case pc.Kind == terrain.Area && pc.Sight == terrain.SightConcealing && pc.Height > p.FloatHeight:
			m = terrain.Impassable
		case m == terrain.Difficult:
			m = terrain.Open
		case m == terrain.Impassable && (pc.Height <= p.FloatHeight || pc.Kind == terrain.Water):
			m = terrain.Open
		}
	}
	return effect{move: m}
}
