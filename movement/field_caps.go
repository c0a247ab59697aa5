package movement

import (
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// DifficultCaps describes how model modelID's profile (prof, or its
// class's default when nil) limits a move that enters difficult terrain:
// capped reports whether it does at all (DifficultCap or
// DifficultBudgetFactor), effective is the allowance of such a move for
// the given one, as CheckPath's EffectiveBudget computes it, and enters
// reports whether the reference point following a path enters difficult
// terrain, as CheckPath lists it in PathResult.Difficult. A search over
// end points (package tactics) uses them to apply the caps exactly as
// Reachable does for one destination.
func DifficultCaps(bf *terrain.Battlefield, modelID string, prof *ClassProfile, allowance float64) (capped bool, effective float64, enters func(path []geom.Point) bool, err error) {
	_, p, alt, err := setup(bf, modelID, prof)
	if err != nil {
		return false, allowance, nil, err
	}
	effective = allowance
	if f := p.DifficultBudgetFactor; f > 0 && f < 1 {
		effective *= f
		capped = true
	}
	if cp := p.DifficultCap; cp > 0 {
		capped = true
		if effective > cp {
			effective = cp
		}
	}
	enters = func(path []geom.Point) bool {
		difficult := func(pc *terrain.Piece) bool { return p.pieceEffect(pc, alt).move == terrain.Difficult }
		for _, x := range Crossings(bf, path, difficult) {
			if x.Enters {
				return true
			}
		}
		return false
	}
	return capped, effective, enters, nil
}
