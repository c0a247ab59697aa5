package codered

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
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
		if spec.Drive == "tracked" && (p.Kind == terrain.Area || p.Kind == terrain.Solid && p.Height > 0 && p.Height <= o.LowWallHeight) {
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

// TurnCount returns the number of turns a change of heading of deg degrees
// costs (CR-37: "Für jede Drehung bis zu 90°"): ceil(|deg|/90) with
// o.TurnRounding "ceil" (91° is two turns), or rounded to the nearest
// whole number of 90° turns, at least one, with "round" (Amb. 16).
func TurnCount(deg float64, o Options) int {
	a := math.Abs(deg)
	if a < 1e-9 {
		return 0
	}
	if o.TurnRounding == "round" {
		return max(1, int(math.Round(a/TurnDegrees)))
	}
	return int(math.Ceil(a/TurnDegrees - 1e-9))
}

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
	// CR-37 turning cost: explicit turns, then every change of heading.
	heading := m.Facing.Radians()
	if plan.Reverse {
		heading += math.Pi
	}
	turns := 0
	checkSteer := func(deg float64) {
		if deg > 1e-9 && spec.Steering == "right-only" || deg < -1e-9 && spec.Steering == "left-only" {
			v.Forbid("CR-36", "damaged steering (%s) forbids a turn of %+.1f°", spec.Steering, deg)
		}
	}
	for _, t := range plan.Turns {
		if !finite(t) || math.Abs(t) > 3600 {
			return fmt.Errorf("turns: %v is not a turn in degrees: %w", t, ErrQuery)
		}
		turns += TurnCount(t, o)
		checkSteer(t)
		heading += t * math.Pi / 180
	}
	for i := 1; i < len(plan.Path); i++ {
		d := plan.Path[i].Sub(plan.Path[i-1])
		if d.Norm() == 0 {
			continue
		}
		h := math.Atan2(d.Y, d.X)
		delta := math.Remainder(h-heading, 2*math.Pi) * 180 / math.Pi
		turns += TurnCount(delta, o)
		checkSteer(delta)
		heading = h
	}
	cost := length + TurnCost*float64(turns)
	v.Measure("turns", float64(turns), "count")
	v.Measure("movement used", round3(cost), "in")
	if cost <= budget+1e-9 {
		v.Allow("CR-37", "%.2f\" driven + %d turn(s) x 2\" = %.2f\" of %g\" (%s %s)", length, turns, cost, budget, spec.Drive, plan.Type)
	} else {
		v.Forbid("CR-37", "%.2f\" driven + %d turn(s) x 2\" = %.2f\", more than %g\" (%s %s)", length, turns, cost, budget, spec.Drive, plan.Type)
	}
	for i := range bf.Pieces() {
		p := &bf.Pieces()[i]
		crossed := false
		for j := 1; j < len(plan.Path) && !crossed; j++ {
			crossed = p.Footprint.SegmentCrossesInterior(geom.Seg(plan.Path[j-1], plan.Path[j]))
		}
		if !crossed {
			continue
		}
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
