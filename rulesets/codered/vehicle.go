package codered

import (
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// vehicleTerrain is how a piece limits a vehicle (CR-36, 9.3 table).
type vehicleTerrain int

const (
	vtOpen vehicleTerrain = iota
	vtTactical
	vtImpassable
)

// classifyForVehicle sorts piece p for drive (CR-36): open terrain allows a
// full move; soft cover (and, for tracks, woods and low walls) a tactical
// move only; other hard cover, fortifications and buildings are impassable;
// water needs an amphibious vehicle or a piece passable to vehicles (CR-08)
// and is then tactical; a piece impassable to vehicles always is.
func classifyForVehicle(p *terrain.Piece, spec VehicleSpec, o Options) vehicleTerrain {
	if p.Kind == terrain.Smoke {
		return vtOpen
	}
	if p.Movement.For(terrain.Vehicle) == terrain.Impassable {
		return vtImpassable
	}
	if p.Kind == terrain.Water {
		if spec.Amphibious || p.Movement.ByClass[terrain.Vehicle] != "" {
			return vtTactical
		}
		return vtImpassable
	}
	switch p.Cover {
	case terrain.CoverSoft:
		return vtTactical
	case terrain.CoverHard:
		if spec.Drive == "tracked" && (p.Kind == terrain.Area || p.Kind == terrain.Solid && p.Height > 0 && p.Height <= float64(o.LowWallHeight)) {
			return vtTactical
		}
		return vtImpassable
	case terrain.CoverFortified, terrain.CoverBunker:
		return vtImpassable
	}
	if p.Kind == terrain.Building {
		return vtImpassable
	}
	if p.Sight != terrain.SightClear {
		return vtTactical
	}
	return vtOpen
}

// VehicleTurns returns the turn rules of a vehicle with budget inches of
// movement: any number of turns, each costing TurnCost per turn of up to
// TurnDegrees (CR-37 "Für jede Drehung bis zu 90°"), counted per started
// 90° (91° is two turns) or, with o.TurnRounding "round", to the nearest
// whole number of turns, at least one (Amb. 16); damaged steering allows
// turns one way only (CR-36).
func VehicleTurns(budget float64, spec VehicleSpec, o Options) movement.TurnRules {
	r := movement.TurnRules{TurnsBefore: -1, TurnsAfter: -1, TurnsBetween: -1, TurnCost: TurnCost, TurnCostUnit: TurnDegrees,
		TurnCostNearest: o.TurnRounding == "round", Budget: budget}
	switch spec.Steering {
	case "right-only":
		r.Only = "right"
	case "left-only":
		r.Only = "left"
	}
	return r
}

// TurnCount returns the number of turns a change of heading of deg degrees
// costs (CR-37, with o.TurnRounding as in VehicleTurns).
func TurnCount(deg float64, o Options) int {
	res, err := movement.CheckTurns(movement.TurnPlan{Steps: []movement.TurnStep{{Turn: deg}}}, VehicleTurns(0, VehicleSpec{}, o))
	if err != nil {
		return 0
	}
	return int(math.Round(res.Cost / TurnCost))
}

// vehicleMove settles a vehicle's move (CR-36, CR-37): the budget by drive
// and move type, the turns (explicit ones at the start, then every change
// of heading between legs) costed by movement.CheckTurns, and the terrain
// the path enters.
func vehicleMove(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, plan MovePlan, o Options, length float64) error {
	spec := VehicleSpec{Drive: "tracked"}
	if plan.Vehicle != nil {
		spec = *plan.Vehicle
	}
	base := TrackedMove
	switch spec.Drive {
	case "wheeled":
		base = WheeledMove
	case "tracked":
	default:
		return fmt.Errorf("vehicle.drive: %q is not wheeled or tracked: %w", spec.Drive, ErrQuery)
	}
	if spec.LightDamage {
		base /= 2
	}
	budget := base
	switch plan.Type {
	case MoveTactical:
	case MoveFast:
		budget = 2 * base
		if plan.Reverse {
			v.Forbid("CR-36", "reversing is only possible with a tactical move")
		}
	case MoveCharge:
		v.Forbid("CR-35", "vehicles may not charge (9.1 \"Fahrzeuge dürfen keine Sturmangriffe vornehmen\")")
	default:
		return fmt.Errorf("type: %q is not a vehicle move (tactical, fast): %w", plan.Type, ErrQuery)
	}
	tp, err := vehiclePlan(m, plan)
	if err != nil {
		return err
	}
	res, err := movement.CheckTurns(tp, VehicleTurns(budget, spec, o))
	if err != nil {
		return fmt.Errorf("turns: %w: %w", err, ErrQuery)
	}
	for _, viol := range res.Violations {
		if viol.Kind == "turn-direction" {
			v.Forbid("CR-36", "damaged steering (%s) forbids a turn of %+.1f°", spec.Steering, tp.Steps[viol.Step].Turn)
		}
	}
	turns := int(math.Round((res.Cost - res.Straight) / TurnCost))
	v.Measure("turns", float64(turns), "count")
	v.Measure("movement used", round3(res.Cost), "in")
	if !slices.ContainsFunc(res.Violations, func(x movement.TurnViolation) bool { return x.Kind == "budget" }) {
		v.Allow("CR-37", "%.2f\" driven + %d turn(s) x 2\" = %.2f\" of %g\" (%s %s)", length, turns, res.Cost, budget, spec.Drive, plan.Type)
	} else {
		v.Forbid("CR-37", "%.2f\" driven + %d turn(s) x 2\" = %.2f\", more than %g\" (%s %s)", length, turns, res.Cost, budget, spec.Drive, plan.Type)
	}
	for _, x := range movement.Crossings(bf, plan.Path, nil) {
		if !x.Enters {
			continue
		}
		p := &bf.Pieces()[x.Piece]
		switch classifyForVehicle(p, spec, o) {
		case vtImpassable:
			clause := "CR-36"
			if p.Kind == terrain.Water {
				clause = "CR-08"
			}
			v.Forbid(clause, "%s is impassable for a %s vehicle", p.ID, spec.Drive)
		case vtTactical:
			if plan.Type == MoveFast {
				v.Forbid("CR-36", "%s allows a %s vehicle a tactical move only", p.ID, spec.Drive)
			} else {
				v.Allow("CR-36", "%s allows a tactical move", p.ID)
			}
		}
	}
	return nil
}

// vehiclePlan turns a vehicle's move into turns and straight moves: the
// explicit turns on the spot, then for every leg the change of the
// direction of travel (the hull's facing, reversed when driving backwards)
// and the leg's length.
func vehiclePlan(m *terrain.Model, plan MovePlan) (movement.TurnPlan, error) {
	heading := m.Facing.Radians()
	if plan.Reverse {
		heading += math.Pi
	}
	tp := movement.TurnPlan{Start: [2]float64{plan.Path[0].X, plan.Path[0].Y}, Facing: heading * 180 / math.Pi}
	for _, t := range plan.Turns {
		if !finite(t) || math.Abs(t) > 3600 {
			return tp, fmt.Errorf("turns: %v is not a turn in degrees: %w", t, ErrQuery)
		}
		tp.Steps = append(tp.Steps, movement.TurnStep{Turn: t})
		heading += t * math.Pi / 180
	}
	for i := 1; i < len(plan.Path); i++ {
		d := plan.Path[i].Sub(plan.Path[i-1])
		if d.Norm() == 0 {
			continue
		}
		h := math.Atan2(d.Y, d.X)
		delta := math.Remainder(h-heading, 2*math.Pi) * 180 / math.Pi
		if math.Abs(delta) < 1e-9 {
			delta = 0 // rounding noise between collinear legs is no turn
		}
		tp.Steps = append(tp.Steps, movement.TurnStep{Turn: delta, Move: d.Norm()})
		heading = h
	}
	return tp, nil
}
