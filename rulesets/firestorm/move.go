package firestorm

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// MovePlan is one ship's activation (FT-09): a first turn, a straight move
// along the heading left after it, a second turn. Turns are degrees,
// counter-clockwise positive (the scenario's convention); a nil turn is not
// declared. Without Turns the turns are read off the path: the first turns
// the ship onto the line to To, the second onto Facing.
type MovePlan struct {
	To     geom.Point
	Facing *float64 // end facing, degrees counter-clockwise from +x; nil: along the move
	Turns  []*float64
	// Forced marks a move the player did not choose (contact with an
	// occupied area destroys the ship instead of making the move illegal).
	Forced bool
}

// MoveResult is a move's numbers.
type MoveResult struct {
	Model      string
	Turns      [2]float64 // first and second turn, degrees counter-clockwise
	Distance   float64    // straight move, inches
	Allowance  float64    // B, halved in debris (FT-16)
	Minimum    float64    // the forced move (FT-10)
	EndFacing  float64
	Debris     []string // debris fields and minefields that halve the move
	Gas        []string // gas anomalies crossed (no effect, FT-18)
	MineChecks []string // minefields this model must roll for (FT-17)
	Overlaps   []string // bases overlapped (FT-12)
	Contact    string   // occupied area touched (FT-20)
	// Destroyed is the clause that destroys the ship ("" when it
	// survives): FT-13 leaving the table, FT-20 contact.
	Destroyed string
	// BestStop is, when the move overlaps a base, the farthest distance
	// along the same line that does not (FT-12's "so gut wie möglich").
	BestStop *float64
}

// moveCtx holds what one move check reads.
type moveCtx struct {
	bf    *terrain.Battlefield
	m     *terrain.Model
	ship  Ship
	opt   *Options
	poses map[string]geom.Pose // other ships' poses when they differ from the file's
	v     *rulesets.Verdict
	r     MoveResult
	start geom.Pose // after the first turn
	end   geom.Pose // after the straight move, before the second turn
	final geom.Pose
	// standHits caches how the stands' paths meet each piece, by id.
	standHits map[string]pieceHit
}

// CheckMove checks one ship's move (FT-09..13, FT-16..18, FT-20): the
// turns its rank allows, a straight move of at most B (halved through
// debris) and at least half of it rounded down, 0 in movers turning on the
// spot, no base overlapped at any moment, contact with occupied areas,
// minefields crossed, and leaving the table. The ship needs a rank and a
// move value in Options.Ships.
func CheckMove(bf *terrain.Battlefield, model string, plan MovePlan, opt Options) (*rulesets.Verdict, MoveResult, error) {
	return checkMove(bf, model, plan, nil, &opt)
}

func checkMove(bf *terrain.Battlefield, model string, plan MovePlan, poses map[string]geom.Pose, opt *Options) (*rulesets.Verdict, MoveResult, error) {
	if bf == nil {
		return nil, MoveResult{}, fmt.Errorf("nil battlefield: %w", ErrQuery)
	}
	m, ok := bf.Model(model)
	if !ok {
		return nil, MoveResult{}, fmt.Errorf("%q: unknown model: %w", model, ErrQuery)
	}
	s := opt.ship(model)
	if s.Rank == 0 {
		return nil, MoveResult{}, &terrain.FieldError{Path: "options.ships." + model + ".rank", Err: fmt.Errorf("ship %q has no rank: give 1, 2 or 3: %w", model, ErrQuery)}
	}
	if err := planFinite(plan); err != nil {
		return nil, MoveResult{}, err
	}
	c := &moveCtx{bf: bf, m: m, ship: s, opt: opt, poses: poses, v: rulesets.NewVerdict(), r: MoveResult{Model: model}}
	start := m.Pose()
	if p, ok := poses[model]; ok {
		start = p
	}
	c.turns(start, plan)
	c.straight()
	c.overlap()
	c.terrain(plan.Forced)
	c.table()
	return c.v, c.r, nil
}

// planFinite rejects non-finite or absurd plan numbers.
func planFinite(p MovePlan) error {
	bad := func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e6 }
	if bad(p.To.X) || bad(p.To.Y) {
		return fmt.Errorf("end point (%v, %v) is not finite: %w", p.To.X, p.To.Y, ErrQuery)
	}
	if p.Facing != nil && bad(*p.Facing) {
		return fmt.Errorf("facing %v is not finite: %w", *p.Facing, ErrQuery)
	}
	if len(p.Turns) > 2 {
		return fmt.Errorf("%d turns: a ship turns at most twice (FT-09): %w", len(p.Turns), ErrQuery)
	}
	for i, t := range p.Turns {
		if t != nil && (bad(*t) || math.Abs(*t) > 360) {
			return fmt.Errorf("turns[%d] = %v: want a finite turn of at most 360°: %w", i, *t, ErrQuery)
		}
	}
	return nil
}

// effectiveRank is the rank the ship turns as (FT-22 Manövrierbar,
// Ambiguity 7).
func (c *moveCtx) effectiveRank() int {
	r := c.ship.Rank
	if !c.ship.Manoeuvrable {
		return r
	}
	if c.opt.Manoeuvrable == "agile" {
		return min(3, r+1)
	}
	return max(1, r-1)
}

// turns settles the two turns and the poses, and checks them by rank
// (FT-09, FT-11).
func (c *moveCtx) turns(p0 geom.Pose, plan MovePlan) {
	f0 := p0.Facing.Degrees()
	d := plan.To.Sub(p0.Position).Norm()
	c.r.Distance = d
	rank := c.effectiveRank()
	t1, t2, declared := c.readTurns(p0, d, plan, rank)
	c.r.Turns = [2]float64{t1, t2}
	c.start = poseAt(p0.Position, f0+t1)
	c.end = poseAt(plan.To, f0+t1)
	c.final = poseAt(plan.To, f0+t1+t2)
	c.r.EndFacing = rulesets.Round(normDeg(f0 + t1 + t2))
	if plan.Turns != nil && d > 1e-9 {
		dir := plan.To.Sub(p0.Position).Mul(1 / d)
		if off := c.start.Forward().Cross(dir) * d; math.Abs(off) > 1e-6 || c.start.Forward().Dot(dir) < 0 {
			c.v.Forbid(ftStraight, "the end point lies %.3f in off the heading %.1f° left after the first turn: the move must be straight ahead", math.Abs(off), normDeg(f0+t1))
		}
	}
	if plan.Facing != nil && plan.Turns != nil && math.Abs(wrap180(*plan.Facing-(f0+t1+t2))) > 1e-6 {
		c.v.Forbid(ftTurns, "the turns %+g° and %+g° end facing %.1f°, not the declared %.1f°", t1, t2, normDeg(f0+t1+t2), normDeg(*plan.Facing))
	}
	c.v.Measure("first turn", rulesets.Round(t1), "deg counter-clockwise")
	c.v.Measure("second turn", rulesets.Round(t2), "deg counter-clockwise")
	rankCheck(c.v, rank, t1, t2, declared, c.ship.Rank != rank)
}

// readTurns returns the plan's turns, or reads them off the path; declared
// reports which turns were declared (a declared 0° turn may count,
// Ambiguity 8).
func (c *moveCtx) readTurns(p0 geom.Pose, d float64, plan MovePlan, rank int) (t1, t2 float64, declared [2]bool) {
	f0 := p0.Facing.Degrees()
	if plan.Turns != nil {
		for i, t := range plan.Turns {
			if t != nil {
				declared[i] = c.opt.ZeroTurnCounts || *t != 0
				if i == 0 {
					t1 = *t
				} else {
					t2 = *t
				}
			}
		}
		return t1, t2, declared
	}
	if d > 1e-9 {
		theta := math.Atan2(plan.To.Y-p0.Position.Y, plan.To.X-p0.Position.X) * 180 / math.Pi
		t1 = wrap180(theta - f0)
		if plan.Facing != nil {
			t2 = wrap180(*plan.Facing - theta)
		}
	} else if plan.Facing != nil {
		// A turn on the spot: split as the rank allows (rank 1 turns only
		// after the move, rank 2 once, rank 3 up to 45° first).
		total := wrap180(*plan.Facing - f0)
		switch rank {
		case 1:
			t2 = total
		case 2:
			t1 = total
		default:
			t1 = math.Max(-maxTurn, math.Min(maxTurn, total))
			t2 = total - t1
		}
	}
	return rulesets.Round(t1), rulesets.Round(t2), [2]bool{t1 != 0, t2 != 0}
}

// rankCheck applies FT-09's table: rank 1 turns only after the move, rank
// 2 once before or after, rank 3 before and after; no turn above 45°.
func rankCheck(v *rulesets.Verdict, rank int, t1, t2 float64, declared [2]bool, manoeuvrable bool) {
	how := fmt.Sprintf("rank %d", rank)
	if manoeuvrable {
		how += " (Manoeuvrable MAR)"
	}
	ok := true
	for i, t := range [2]float64{t1, t2} {
		if math.Abs(t) > maxTurn+1e-9 {
			v.Forbid(ftTurns, "turn %d is %.1f°, more than 45°", i+1, math.Abs(t))
			ok = false
		}
	}
	switch {
	case rank == 1 && declared[0]:
		v.Forbid(ftTurns, "%s turns only after moving (step 3), but turns %.1f° before", how, t1)
	case rank == 2 && declared[0] && declared[1]:
		v.Forbid(ftTurns, "%s turns once, in step 1 or step 3, but turns %.1f° and %.1f°", how, t1, t2)
	case ok:
		v.Allow(ftTurns, "%s: turns of %.1f° before and %.1f° after the move are allowed", how, t1, t2)
	}
}

// straight checks the move's length (FT-10, FT-11, FT-16).
func (c *moveCtx) straight() {
	b := float64(c.ship.Move)
	d := c.r.Distance
	if b == 0 {
		if d > 1e-9 {
			c.v.Forbid(ftZeroMove, "a 0 in model cannot move, but moves %.2f in", d)
		} else {
			c.v.Allow(ftZeroMove, "a 0 in model turns on the spot")
		}
		return
	}
	c.r.Debris, c.r.Gas = c.crossedForMove()
	allow := b
	if len(c.r.Debris) > 0 {
		allow = math.Floor(b/2 + 1e-9)
		c.v.Modify(rulesets.Modifier{Name: "move halved", Clause: ftDebris, Value: allow, Text: fmt.Sprintf("through %v", c.r.Debris)})
	}
	minBase := allow
	if c.opt.DebrisMinimum == "full" {
		minBase = b
	}
	c.r.Allowance, c.r.Minimum = allow, math.Floor(minBase/2+1e-9)
	if c.ship.NoForcedMove {
		c.r.Minimum = 0
	}
	c.v.Measure("move", rulesets.Round(d), "in")
	c.v.Measure("allowance", allow, "in")
	c.v.Measure("minimum", c.r.Minimum, "in")
	clause := ftStraight
	if len(c.r.Debris) > 0 {
		clause = ftDebris
	}
	switch dr := rulesets.Round(d); {
	case dr > allow:
		c.v.Forbid(clause, "moves %.2f in, more than its allowance %g in (B %g)", d, allow, b)
	case dr < c.r.Minimum:
		c.v.Forbid(ftStraight, "moves %.2f in, less than the forced move %g in (half of %g, rounded down)", d, c.r.Minimum, minBase)
	default:
		c.v.Allow(clause, "moves %.2f in: between the forced move %g in and the allowance %g in", d, c.r.Minimum, allow)
	}
	if len(c.r.Gas) > 0 {
		c.v.Allow(ftGas, "gas anomalies %v do not affect movement", c.r.Gas)
	}
}
