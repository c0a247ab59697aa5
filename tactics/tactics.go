package tactics

import (
	"errors"
	"fmt"
	"math"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// Tolerance is the stated bound, in inches of move cost, between an
// answer's cost and the optimum over the routing graph (see the package
// comment for the one exception, slivers thinner than the coarse grid).
const Tolerance = 0.05

// DefaultWork is the default Move.MaxWork, in operations: sight tests plus
// the cost field's tests. The reference table's 12 in searches use well under a
// tenth of it.
const DefaultWork = 400_000

// ErrInvalid is wrapped by every error about a bad argument; the message
// names the field and its value.
var ErrInvalid = errors.New("invalid argument")

// Facing is how the model ends its move.
type Facing string

// End facings.
const (
	// FacingKeep keeps the model's facing (it slides along the path).
	FacingKeep Facing = "keep"
	// FacingTarget turns it, at the end, to face the target (GainSight)
	// or away from the nearest observer (BreakSight).
	FacingTarget Facing = "target"
	// FacingPath turns it along the path's last leg.
	FacingPath Facing = "path"
)

// Move is what every question here shares: who moves, how far, how.
type Move struct {
	// Model is the moving model's id.
	Model string
	// Allowance is the move allowance in inches of route cost.
	Allowance float64
	// Route are the routing knobs (class profile, models in the way,
	// weighting of difficult terrain). Route.Budget, when set, is the
	// query's work budget: the search charges every operation to it and
	// answers Exhausted once it is spent.
	Route movement.RouteOptions
	// Sight are the sightline policies.
	Sight los.Options
	// Facing is the end facing ("" is FacingKeep).
	Facing Facing
	// MaxWork bounds the search's operations (0: DefaultWork; at most
	// MaxWorkLimit): an operation is a condition test of an end point, a
	// clearance or cost test of a cost field or a boundary sample it
	// places. They count against Route.Budget too (budget.Within).
	MaxWork int
}

// ShotFunc reports whether shooter may legally shoot target on bf, the
// battlefield with the moving model at its candidate end pose; text is one
// sentence saying why (the ruleset's verdict). It carries the game's rules.
type ShotFunc func(bf *terrain.Battlefield, shooter, target string) (legal bool, text string, err error)

// Answer is the answer of GainSight and BreakSight.
type Answer struct {
	Model string `json:"model"`
	// Found reports whether a move within the allowance satisfies the
	// condition; when false and not Exhausted, none exists (to the
	// search's resolution).
	Found bool `json:"found"`
	// Exhausted reports that the search stopped at its work limit: a
	// false Found then means "not known", never "unreachable", and a
	// found move is legal but may be longer than Tolerance above the
	// shortest.
	Exhausted bool `json:"exhausted"`
	// Already reports that the model satisfies the condition where it
	// stands (the move is empty).
	Already bool `json:"already"`
	// At and FacingDeg are the end pose; Route the path with its cost.
	At        geom.Point     `json:"at"`
	FacingDeg float64        `json:"facing"`
	Route     movement.Route `json:"route"`
	// Tolerance is the stated bound on Route.Cost above the optimum.
	Tolerance float64 `json:"tolerance"`
	// Proof is the sightline that proves sight (GainSight) or, per
	// observer, the blocked line to the model's centre (BreakSight).
	Proof []Line `json:"proof"`
	// Verdict is the ruleset's sentence for a shot condition.
	Verdict string `json:"verdict,omitempty"`
	// Searched is the region whose end points were tested, as grid
	// cells (their size is Cell).
	Searched []geom.Point `json:"-"`
	Cell     float64      `json:"cell"`
	// Tests counts the condition tests; Work the field's and search's work.
	Tests int `json:"tests"`
	Work  int `json:"work"`
}

// Line is one sightline of a proof.
type Line struct {
	Observer string           `json:"observer"`
	Clear    bool             `json:"clear"`
	Segment  geom.Segment3    `json:"segment"`
	Blocker  string           `json:"blocker,omitempty"`
	At       *geom.Vec3       `json:"blockPoint,omitempty"`
	Fraction *float64         `json:"fraction,omitempty"`
	Result   *los.SightResult `json:"-"`
}

// check validates the shared fields and returns the moving model.
func (mv *Move) check(bf *terrain.Battlefield) (*terrain.Model, error) {
	if bf == nil {
		return nil, fmt.Errorf("tactics: nil battlefield: %w", ErrInvalid)
	}
	m, ok := bf.Model(mv.Model)
	if !ok {
		return nil, fmt.Errorf("tactics: model %q: no such model: %w", mv.Model, terrain.ErrUnknownID)
	}
	if m.Garrison != nil {
		return nil, fmt.Errorf("tactics: model %q is garrisoned in %s and does not move on the table: %w", mv.Model, m.Garrison.Building, ErrInvalid)
	}
	if math.IsNaN(mv.Allowance) || mv.Allowance < 0 || mv.Allowance > 1e5 {
		return nil, fmt.Errorf("tactics: allowance = %v, want a length in [0, 100000] in: %w", mv.Allowance, ErrInvalid)
	}
	switch mv.Facing {
	case "", FacingKeep, FacingTarget, FacingPath:
	default:
		return nil, fmt.Errorf("tactics: facing = %q, want keep, target or path: %w", mv.Facing, ErrInvalid)
	}
	if mv.MaxWork < 0 || mv.MaxWork > MaxWorkLimit {
		return nil, fmt.Errorf("tactics: maxWork = %d, want an operation count in [0, %d]: %w", mv.MaxWork, MaxWorkLimit, ErrInvalid)
	}
	return m, nil
}

// checkFraction validates a threshold.
func checkFraction(v float64) error {
	if math.IsNaN(v) || v < 0 || v > 1 {
		return fmt.Errorf("tactics: fraction = %v, want a number in [0, 1]: %w", v, ErrInvalid)
	}
	return nil
}

// endFacing returns the facing at the end of path (towards toward when
// FacingTarget; away from it for away).
func endFacing(mode Facing, m *terrain.Model, path []geom.Point, toward geom.Point, away bool) s1.Angle {
	end := m.Position
	if len(path) > 0 {
		end = path[len(path)-1]
	}
	switch mode {
	case FacingTarget:
		d := toward.Sub(end)
		if away {
			d = d.Mul(-1)
		}
		if d.Norm() > 0 {
			return s1.Angle(math.Atan2(d.Y, d.X))
		}
	case FacingPath:
		if n := len(path); n >= 2 {
			d := path[n-1].Sub(path[n-2])
			return s1.Angle(math.Atan2(d.Y, d.X))
		}
	}
	return m.Facing
}

// Moved returns bf with model id at pose (position, facing), standing on
// the surface under it (its Elevation dropped, as
// terrain.Battlefield.GroundUnder reads a move), figures carried along.
// It is terrain.Battlefield.ReplaceModel: the pieces and the other
// models' prepared data are shared, and the answers equal those of
// terrain.New with the model moved.
func Moved(bf *terrain.Battlefield, id string, at geom.Point, facing s1.Angle) (*terrain.Battlefield, error) {
	old, ok := bf.Model(id)
	if !ok {
		return nil, fmt.Errorf("tactics: model %q: no such model: %w", id, terrain.ErrUnknownID)
	}
	m := *old
	m.Position, m.Facing, m.Elevation = at, facing, nil
	if len(old.Figures) > 0 {
		sin, cos := math.Sincos(float64(facing - old.Facing))
		m.Figures = make([]geom.Point, len(old.Figures))
		for k, f := range old.Figures {
			dx, dy := f.X-old.Position.X, f.Y-old.Position.Y
			m.Figures[k] = geom.Pt(at.X+dx*cos-dy*sin, at.Y+dx*sin+dy*cos)
		}
	}
	return bf.ReplaceModel(m)
}

// eyeAt returns m's eye point with its position moved to p.
func eyeAt(bf *terrain.Battlefield, m *terrain.Model, p geom.Point) geom.Vec3 {
	if m.Airborne() {
		return geom.Lift(p, m.Altitude)
	}
	return geom.Lift(p, bf.GroundUnder(m, p).Height+m.Hull.Height/2)
}

// withExclude returns opt with the ids added to Exclude (a fresh slice).
func withExclude(opt los.Options, ids ...string) los.Options {
	opt.Exclude = append(append([]string(nil), opt.Exclude...), ids...)
	return opt
}
