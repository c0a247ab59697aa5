package movement

import (
	"fmt"
	"math"
	"strings"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
)

// TurnRules describes how a model may turn and move straight in one
// activation. Zero limits are not checked. It is data, JSON-encodable.
type TurnRules struct {
	// MaxTurn is the largest single turn in degrees.
	MaxTurn float64 `json:"maxTurn,omitempty"`
	// TurnsBefore and TurnsAfter are how many turns may come before the
	// first straight move and after the last one; -1 means any number.
	TurnsBefore int `json:"turnsBefore"`
	TurnsAfter  int `json:"turnsAfter"`
	// TurnsBetween is how many turns may come between straight moves
	// (-1: any number).
	TurnsBetween int `json:"turnsBetween"`
	// MaxTurns caps the number of turns in all (0: no cap).
	MaxTurns int `json:"maxTurns,omitempty"`
	// MaxMoves caps the number of straight moves (0: no cap).
	MaxMoves int `json:"maxMoves,omitempty"`
	// MinStraight and MaxStraight bound the total straight distance,
	// inches.
	MinStraight float64 `json:"minStraight,omitempty"`
	MaxStraight float64 `json:"maxStraight,omitempty"`
	// TurnCost inches are charged per started TurnCostUnit degrees of each
	// turn (a turn of 2.5 units pays 3 times); TurnCostUnit must be above 0
	// when TurnCost is.
	TurnCost     float64 `json:"turnCost,omitempty"`
	TurnCostUnit float64 `json:"turnCostUnit,omitempty"`
	// TurnCostNearest charges per TurnCostUnit rounded to the nearest
	// whole number of units, at least one, instead of per started unit (a
	// turn of 1.4 units pays once, 1.5 twice).
	TurnCostNearest bool `json:"turnCostNearest,omitempty"`
	// Budget caps straight distance plus turn costs (0: not checked).
	Budget float64 `json:"budget,omitempty"`
	// NoReverse forbids reversing; MaxReverse caps the reversed distance.
	NoReverse  bool    `json:"noReverse,omitempty"`
	MaxReverse float64 `json:"maxReverse,omitempty"`
	// Only restricts turns to "left" (counter-clockwise) or "right"
	// (a model that can steer one way only); "" allows both.
	Only string `json:"only,omitempty"`
	// Stationary allows only turns on the spot.
	Stationary bool `json:"stationary,omitempty"`
	// PivotMoved is the distance a model that only turns on the spot
	// counts as having moved, for shooting.
	PivotMoved float64 `json:"pivotMoved,omitempty"`
}

// TurnStep is one step of a plan: a turn on the spot of Turn degrees
// (positive counter-clockwise) or a straight move of Move inches along the
// facing (negative reverses). A step with both turns first.
type TurnStep struct {
	Turn float64 `json:"turn,omitempty"`
	Move float64 `json:"move,omitempty"`
}

// TurnPlan is a start pose and its steps.
type TurnPlan struct {
	Start  xy         `json:"start"`
	Facing float64    `json:"facing"` // degrees
	Steps  []TurnStep `json:"steps"`
}

// TurnViolation is one broken turn rule.
type TurnViolation struct {
	Step   int    `json:"step"`
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// TurnResult is CheckTurns's answer.
type TurnResult struct {
	Legal bool `json:"legal"`
	// Straight is the total straight distance, Reversed the part driven
	// backwards, Cost straight distance plus turn costs, inches.
	Straight float64 `json:"straight"`
	Reversed float64 `json:"reversed"`
	Cost     float64 `json:"cost"`
	// Turns is the number of turns and TotalTurn their summed size, degrees.
	Turns     int     `json:"turns"`
	TotalTurn float64 `json:"totalTurn"`
	// MovedForShooting is the distance moved for shooting: Straight, or
	// PivotMoved for a plan that only turns on the spot.
	MovedForShooting float64 `json:"movedForShooting"`
	// End and EndFacing are the final pose.
	End        xy              `json:"end"`
	EndFacing  float64         `json:"endFacing"`
	Violations []TurnViolation `json:"violations"`
}

// Explain returns one sentence with the numbers.
func (r TurnResult) Explain() string {
	s := fmt.Sprintf("%d turns totalling %.1f° and %.3f in straight cost %.3f in, ending at (%.3f, %.3f) facing %.1f°",
		r.Turns, r.TotalTurn, r.Straight, r.Cost, r.End[0], r.End[1], r.EndFacing)
	if r.Legal {
		return s + ": legal."
	}
	var d []string
	for _, v := range r.Violations {
		d = append(d, v.Detail)
	}
	return s + ": illegal, " + strings.Join(d, "; ") + "."
}

// CheckTurns checks a plan against rules and returns the end pose, the
// cost and every violation.
func CheckTurns(plan TurnPlan, rules TurnRules) (TurnResult, error) {
	if err := validTurns(plan, rules); err != nil {
		return TurnResult{}, err
	}
	res := TurnResult{Violations: []TurnViolation{}}
	add := res.add
	pose := geom.Pose{Position: geom.Pt(plan.Start[0], plan.Start[1]), Facing: s1.Angle(plan.Facing * math.Pi / 180)}
	facingDeg := plan.Facing
	moves := 0
	before, between, pending := 0, 0, 0 // pending: turns since the last move
	for i, st := range plan.Steps {
		if math.IsNaN(st.Turn) || math.IsInf(st.Turn, 0) || math.Abs(st.Turn) > 3600 || math.IsNaN(st.Move) || math.Abs(st.Move) > 1e6 {
			return TurnResult{}, fmt.Errorf("movement: steps[%d] = %+v: %w", i, st, ErrInvalid)
		}
		if st.Turn != 0 {
			res.Turns++
			a := math.Abs(st.Turn)
			res.TotalTurn += a
			if rules.MaxTurn > 0 && a > rules.MaxTurn+1e-9 {
				add(i, "turn-size", "turn %d is %.1f°, more than %.1f°", i, a, rules.MaxTurn)
			}
			if (rules.Only == "left" && st.Turn < 0) || (rules.Only == "right" && st.Turn > 0) {
				add(i, "turn-direction", "turn %d goes the wrong way (only %s turns allowed)", i, rules.Only)
			}
			if rules.TurnCost > 0 {
				res.Cost += rules.TurnCost * turnUnits(a/rules.TurnCostUnit, rules.TurnCostNearest)
			}
			if moves == 0 {
				before++
			} else {
				pending++
			}
			facingDeg += st.Turn
			pose.Facing = s1.Angle(facingDeg * math.Pi / 180)
		}
		if st.Move != 0 {
			moves++
			between += pending
			pending = 0
			d := math.Abs(st.Move)
			res.Straight += d
			res.Cost += d
			if st.Move < 0 {
				res.Reversed += d
			}
			pose.Position = pose.Position.Add(pose.Forward().Mul(st.Move))
		}
	}
	res.countViolations(rules, moves, before, between, pending, len(plan.Steps)-1)
	if rules.MaxTurns > 0 && res.Turns > rules.MaxTurns {
		add(0, "turns", "%d turns, at most %d allowed", res.Turns, rules.MaxTurns)
	}
	if rules.MaxMoves > 0 && moves > rules.MaxMoves {
		add(0, "moves", "%d straight moves, at most %d allowed", moves, rules.MaxMoves)
	}
	if rules.Stationary && moves > 0 {
		add(0, "moves", "the model may not move, only turn on the spot")
	}
	if rules.MaxStraight > 0 && res.Straight > rules.MaxStraight+1e-9 {
		add(0, "straight", "%.3f in straight, more than %.3f in", res.Straight, rules.MaxStraight)
	}
	if rules.MinStraight > 0 && res.Straight < rules.MinStraight-1e-9 {
		add(0, "minimum", "%.3f in straight, less than the minimum %.3f in", res.Straight, rules.MinStraight)
	}
	if rules.NoReverse && res.Reversed > 0 {
		add(0, "reverse", "reversing %.3f in is not allowed", res.Reversed)
	} else if rules.MaxReverse > 0 && res.Reversed > rules.MaxReverse+1e-9 {
		add(0, "reverse", "reversing %.3f in, more than %.3f in", res.Reversed, rules.MaxReverse)
	}
	if rules.Budget > 0 && res.Cost > rules.Budget+1e-9 {
		add(0, "budget", "the plan costs %.3f in, more than %.3f in", res.Cost, rules.Budget)
	}
	res.MovedForShooting = res.Straight
	if res.Straight == 0 && res.Turns > 0 {
		res.MovedForShooting = rules.PivotMoved
	}
	res.End, res.EndFacing = toXY(pose.Position), round9(math.Mod(math.Mod(facingDeg, 360)+360, 360))
	res.Straight, res.Reversed, res.Cost, res.TotalTurn = round9(res.Straight), round9(res.Reversed), round9(res.Cost), round9(res.TotalTurn)
	res.Legal = len(res.Violations) == 0
	return res, nil
}

// turnUnits returns how many cost units a turn of u units pays: every
// started unit, or with nearest the nearest whole number, at least one.
// Rounding noise below 1e-9 of a unit does not start a new one.
func turnUnits(u float64, nearest bool) float64 {
	if u < 1e-9 {
		return 0
	}
	if nearest {
		return math.Max(1, math.Round(u))
	}
	return math.Ceil(u - 1e-9)
}

// validTurns reports why plan or rules cannot be checked, or nil.
func validTurns(plan TurnPlan, rules TurnRules) error {
	if len(plan.Steps) > 10000 {
		return fmt.Errorf("movement: %d steps, want at most 10000: %w", len(plan.Steps), ErrInvalid)
	}
	if err := finitePoint("start", geom.Pt(plan.Start[0], plan.Start[1])); err != nil {
		return err
	}
	for _, f := range []struct {
		n string
		v float64
	}{{"facing", plan.Facing}, {"maxTurn", rules.MaxTurn}, {"minStraight", rules.MinStraight}, {"maxStraight", rules.MaxStraight},
		{"turnCost", rules.TurnCost}, {"turnCostUnit", rules.TurnCostUnit}, {"budget", rules.Budget}, {"maxReverse", rules.MaxReverse}, {"pivotMoved", rules.PivotMoved}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || (f.n != "facing" && f.v < 0) {
			return fmt.Errorf("movement: %s = %v: %w", f.n, f.v, ErrInvalid)
		}
	}
	if rules.TurnCost > 0 && rules.TurnCostUnit <= 0 {
		return fmt.Errorf("movement: turnCostUnit = %v with turnCost %v, want above 0: %w", rules.TurnCostUnit, rules.TurnCost, ErrInvalid)
	}
	switch rules.Only {
	case "", "left", "right":
	default:
		return fmt.Errorf("movement: only = %q, want left, right or empty: %w", rules.Only, ErrInvalid)
	}
	return nil
}

// add appends a violation.
func (r *TurnResult) add(step int, kind, format string, a ...any) {
	r.Violations = append(r.Violations, TurnViolation{Step: step, Kind: kind, Detail: fmt.Sprintf(format, a...)})
}

// countViolations appends the violations of the turn-count allowances:
// before the first move, between moves and after the last (pending), or,
// with no move at all, both allowances together for turns on the spot.
func (r *TurnResult) countViolations(rules TurnRules, moves, before, between, pending, last int) {
	add := r.add
	if moves == 0 {
		// turns on the spot only: they may use both allowances
		if rules.TurnsBefore >= 0 && rules.TurnsAfter >= 0 && before > rules.TurnsBefore+rules.TurnsAfter {
			add(0, "turns", "%d turns on the spot, at most %d allowed", before, rules.TurnsBefore+rules.TurnsAfter)
		}
	} else {
		if rules.TurnsBefore >= 0 && before > rules.TurnsBefore {
			add(0, "turns-before", "%d turns before the move, at most %d allowed", before, rules.TurnsBefore)
		}
		if rules.TurnsBetween >= 0 && between > rules.TurnsBetween {
			add(0, "turns-between", "%d turns between moves, at most %d allowed", between, rules.TurnsBetween)
		}
		if rules.TurnsAfter >= 0 && pending > rules.TurnsAfter {
			add(last, "turns-after", "%d turns after the move, at most %d allowed", pending, rules.TurnsAfter)
		}
	}
}
