package dropzone

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// MovePlan is one unit's move: the path of its centre (hull or base
// centre, DZC-02) and what else it does. Lengths are inches.
type MovePlan struct {
	// Path is the centre's route; the model's position is prepended when
	// the first point differs from it.
	Path []geom.Point `json:"path"`
	// Turns are the facing changes made, degrees (any non-zero turn of a
	// unit that does not translate counts as a 1 in move, DZC-07).
	Turns []float64 `json:"turns,omitempty"`
	// Altitude is an aircraft's altitude at the end (6 or 2 in, DZC-29);
	// nil keeps the current one.
	Altitude *float64 `json:"altitude,omitempty"`
	// Land and TakeOff: the aircraft lands at the end / takes off at the
	// start (2 in each, DZC-33).
	Land    bool `json:"land,omitempty"`
	TakeOff bool `json:"takeOff,omitempty"`
	// Manoeuvre: the move includes an embark/disembark, capping it at half
	// Bw rounded down (DZC-38; air transports skip the landing costs,
	// DZC-41).
	Manoeuvre bool `json:"manoeuvre,omitempty"`
}

// MoveResult holds the numbers CheckMove measured.
type MoveResult struct {
	Length           float64  `json:"length"`           // path length, in
	Cost             float64  `json:"cost"`             // move used, in
	Budget           float64  `json:"budget"`           // move allowed, in
	MovedForShooting float64  `json:"movedForShooting"` // for BS checks, in
	DifficultInches  float64  `json:"difficultInches"`  // path inside difficult terrain, in
	AircraftPenalty  float64  `json:"aircraftPenalty"`  // DZC-30, in
	EndAltitude      float64  `json:"endAltitude"`      // in
	Evasive          bool     `json:"evasive"`          // antigrav, DZC-28
	Violations       []string `json:"violations"`       // clauses failed
}

// CheckMove decides whether the model may make the move plan: the Bw limit
// measured along the path so detours count (DZC-05), difficult terrain
// counting double (DZC-06), pivots (DZC-07), the limit after shooting
// first (DZC-13), aircraft altitudes, climbs, buildings, landing and end
// position (DZC-29…33), antigrav and walker terrain (DZC-53/54), buildings
// impassable (DZC-45), and half Bw around transport manoeuvres (DZC-38).
// The unit's Bw and type come from opt.Units (an error when missing).
func CheckMove(bf *terrain.Battlefield, modelID string, plan MovePlan, opt Options) (*rulesets.Verdict, MoveResult, error) {
	m, ok := bf.Model(modelID)
	if !ok {
		return nil, MoveResult{}, fmt.Errorf("model %q: unknown model: %w", modelID, ErrQuery)
	}
	u, ok := opt.Units[m.ID]
	if !ok {
		return nil, MoveResult{}, &terrain.FieldError{Path: "options.units." + m.ID, Err: fmt.Errorf("no profile for the moving unit (bw): %w", ErrQuery)}
	}
	path := plan.Path
	if len(path) == 0 || path[0] != m.Position {
		path = append([]geom.Point{m.Position}, path...)
	}
	for i, p := range path {
		if !finitePt(p) {
			return nil, MoveResult{}, fmt.Errorf("path[%d]: not a finite point: %w", i, ErrQuery)
		}
	}
	if len(path) > 10000 {
		return nil, MoveResult{}, fmt.Errorf("path: %d points, at most 10000: %w", len(path), ErrQuery)
	}
	v := rulesets.NewVerdict()
	var r MoveResult
	r.Length = movement.PathLength(path)
	air := m.Class == terrain.Aircraft
	alt := m.Altitude
	if plan.Altitude != nil {
		a := *plan.Altitude
		if !air {
			return nil, r, fmt.Errorf("altitude: %s is not an aircraft: %w", m.ID, ErrQuery)
		}
		if a != altitudeNormal && a != altitudeNOE {
			v.Forbid("DZC-29", "aircraft fly at %g in or %g in (NOE), not %g in", altitudeNormal, altitudeNOE, a)
		} else {
			v.Allow("DZC-29", "altitude %g in -> %g in, at no move cost", m.Altitude, a)
		}
		alt = a
	}
	if air && m.Altitude == 0 && !plan.TakeOff && r.Length > eps {
		v.Forbid("DZC-33", "a landed aircraft cannot move until it takes off")
	}
	if plan.TakeOff && air && m.Altitude == 0 && plan.Altitude == nil {
		alt = altitudeNormal
	}
	// Budget.
	bw := float64(u.Bw)
	r.Budget = bw
	v.Measure("bw", bw, "in")
	if plan.Manoeuvre {
		r.Budget = math.Floor(bw / 2)
		v.Allow("DZC-38", "embarking/disembarking caps the move at half Bw rounded down: %g in", r.Budget)
	}
	if u.FiredBS > 0 && float64(u.FiredBS) < r.Budget {
		r.Budget = float64(u.FiredBS)
		v.Allow("DZC-13", "it fired first: the move is capped at the lowest BS fired, %g in", u.FiredBS)
	}
	// Terrain along the path: the game reads each piece (moveClass),
	// movement measures the path against the pieces.
	cls := func(pc *terrain.Piece) moveCls { return moveClass(m, u, pc, alt, &opt) }
	walkerMassive := 0.0
	for _, x := range movement.Crossings(bf, path, func(pc *terrain.Piece) bool { return cls(pc) != classOpen }) {
		pc := &bf.Pieces()[x.Piece]
		switch cls(pc) {
		case classImpassable:
			if x.Enters {
				v.Forbid(impassClause(m, u, pc), "the path crosses %s, impassable to %s", pc.ID, m.ID)
				r.Violations = append(r.Violations, pc.ID)
			}
		case classMassive:
			walkerMassive += x.Inside
		case classClimb:
			if !x.Enters {
				continue
			}
			over := pc.Height - aircraftTerrainFree
			if opt.AircraftPenalty == "whole-inch" {
				over = math.Ceil(over - 1e-9)
			}
			if u.Fast {
				v.Forbid("DZC-30", "fast aircraft cannot cross %s (%g in, above %g in)", pc.ID, pc.Height, aircraftTerrainFree)
			} else {
				r.AircraftPenalty += over
				v.Allow("DZC-30", "crossing %s (%g in) costs %.3g in (1 in per inch above %g in)", pc.ID, pc.Height, over, aircraftTerrainFree)
			}
		}
	}
	// DZC-06: difficult inches count double; overlapping pieces count once
	r.DifficultInches = movement.LengthInside(bf, path, func(pc *terrain.Piece) bool {
		c := cls(pc)
		return c == classDifficult || c == classMassive
	})
	if walkerMassive > 0 {
		pen := math.Ceil(bw * walkerPenaltyShare)
		rest := bw - pen
		if opt.WalkerRounding == "remaining-up" {
			rest = math.Ceil(bw * (1 - walkerPenaltyShare))
		}
		if opt.WalkerScope == "whole" {
			r.Budget = math.Min(r.Budget, rest)
			v.Allow("DZC-54", "the walker crosses a massive field: its move is cut by 50%% to %g in", rest)
			// massive inches are not doubled in the whole-move reading
			r.DifficultInches -= walkerMassive
		} else {
			v.Allow("DZC-54", "%.3g in inside a massive field count double", walkerMassive)
		}
	}
	r.Cost = r.Length + r.DifficultInches + r.AircraftPenalty
	if r.DifficultInches > eps {
		v.Allow("DZC-06", "%.3f in inside difficult terrain count double", r.DifficultInches)
	}
	if plan.Land || plan.TakeOff {
		if !air {
			return nil, r, fmt.Errorf("land/takeOff: %s is not an aircraft: %w", m.ID, ErrQuery)
		}
		if plan.Land && u.Fast {
			v.Forbid("DZC-33", "fast aircraft cannot land")
		}
		if plan.Manoeuvre {
			v.Allow("DZC-41", "an air transport loading or unloading ignores the landing and take-off costs")
		} else {
			for _, x := range []bool{plan.Land, plan.TakeOff} {
				if x {
					r.Cost += landingCost
				}
			}
			v.Allow("DZC-33", "landing and taking off cost %g in each", landingCost)
		}
		if plan.Land {
			alt = 0
		}
	}
	r.EndAltitude = alt
	// Moved for shooting (DZC-07, DZC-29).
	r.MovedForShooting = r.Length
	turned := false
	for _, t := range plan.Turns {
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil, r, fmt.Errorf("turns: not a finite angle: %w", ErrQuery)
		}
		turned = turned || t != 0
	}
	if r.Length <= eps && (turned || alt != m.Altitude) {
		r.MovedForShooting = pivotMove
		if air && alt != m.Altitude {
			v.Allow("DZC-29", "a stationary aircraft changing altitude counts as moved %g in for shooting", pivotMove)
		} else {
			v.Allow("DZC-07", "turning on the spot counts as moved %g in for shooting", pivotMove)
		}
	}
	v.Measure("length", round6(r.Length), "in")
	v.Measure("cost", round6(r.Cost), "in")
	v.Measure("budget", round6(r.Budget), "in")
	v.Measure("movedForShooting", round6(r.MovedForShooting), "in")
	if r.Cost <= r.Budget+eps {
		v.Allow("DZC-05", "the move costs %.3f in along its path, within %g in", r.Cost, r.Budget)
	} else {
		v.Forbid("DZC-05", "the move costs %.3f in along its path, more than %g in", r.Cost, r.Budget)
	}
	if u.Type == "antigrav" && !air {
		r.Evasive = r.Length >= evasionMove-eps && !plan.Manoeuvre
		if r.Evasive {
			v.Modify(rulesets.Modifier{Name: "evasive", Clause: "DZC-28", Value: accuracyPenalty, Text: "moved 6 in or more: shots at it +2 Ge"})
		}
	}
	end := path[len(path)-1]
	if !onTable(bf, end, &opt) {
		v.Forbid("DZC-01", "the move ends off the table at (%.3g, %.3g)", end.X, end.Y)
	}
	if air && alt > 0 {
		fitCheck(bf, v, m, end)
	} else {
		checkGround(bf, v, []*terrain.Model{m}, []geom.Point{end}, &opt, "DZC-05")
	}
	if !v.Legal {
		for _, rs := range v.Reasons {
			if !rs.Pass {
				r.Violations = append(r.Violations, rs.Clause)
			}
		}
	}
	return v, r, nil
}

// fitCheck applies DZC-32: the flight stand's base must stand on the table
// clear of buildings, solid terrain and other models.
func fitCheck(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, end geom.Point) {
	base := m.BaseShape()
	if c, ok := base.(geom.Circle); ok {
		c.Center = end
		base = c
	} else {
		base = footprintAtBase(m, end)
	}
	for j := range bf.Pieces() {
		pc := &bf.Pieces()[j]
		if (pc.Kind == terrain.Building || pc.Kind == terrain.Solid) && overlapsInterior(base, pc) {
			v.Forbid("DZC-32", "the flight base at (%.3g, %.3g) does not stand clear of %s", end.X, end.Y, pc.ID)
			return
		}
	}
	for i := range bf.Models() {
		o := &bf.Models()[i]
		if o.ID == m.ID || o.Garrison != nil {
			continue
		}
		if d, _, _ := geom.DistConvex(base, o.Footprint()); d < -eps || (d == 0 && !airborne(o)) || (airborne(o) && stands(base, o)) {
			v.Forbid("DZC-32", "the flight base at (%.3g, %.3g) overlaps %s", end.X, end.Y, o.ID)
			return
		}
	}
	v.Allow("DZC-32", "the flight base fits on the table at (%.3g, %.3g)", end.X, end.Y)
}

// stands reports whether base overlaps the flight base of airborne o.
func stands(base geom.Convex, o *terrain.Model) bool {
	d, _, _ := geom.DistConvex(base, o.BaseShape())
	return d == 0
}

func footprintAtBase(m *terrain.Model, c geom.Point) geom.Convex {
	switch s := m.BaseShape().(type) {
	case geom.Ellipse:
		s.Center = c
		return s
	case geom.OrientedRect:
		s.Center = c
		return s
	}
	return geom.Circle{Center: c}
}

type moveCls int

const (
	classOpen moveCls = iota
	classDifficult
	classImpassable
	classMassive // walker: field of massive features, DZC-54
	classClimb   // aircraft: steep terrain above 6 in, DZC-30
)

// moveClass is what piece pc means for m's move under the DZC rules.
func moveClass(m *terrain.Model, u Unit, pc *terrain.Piece, alt float64, opt *Options) moveCls {
	if m.Class == terrain.Aircraft && alt > 0 {
		switch {
		case pc.Kind == terrain.Building && pc.Height > alt+eps:
			if opt.AircraftClimbBuildings && pc.Height > aircraftTerrainFree {
				return classClimb
			}
			return classImpassable // DZC-31
		case pc.Kind == terrain.Solid && pc.Height > aircraftTerrainFree+eps:
			return classClimb // DZC-30
		case pc.Kind == terrain.Solid && pc.Height > alt+eps && !opt.NOEOverTerrain:
			return classImpassable
		}
		return classOpen
	}
	if pc.Kind == terrain.Building {
		return classImpassable // DZC-45
	}
	cls := m.Class
	if m.Class == terrain.Aircraft {
		cls = terrain.Vehicle // a landed aircraft moves as nothing; counts as a vehicle
	}
	mv := pc.Movement.For(cls)
	switch u.Type {
	case "antigrav": // DZC-53
		low := pc.Height <= antigravStep+eps
		if pc.Kind == terrain.Area && !low {
			return classImpassable // permeable features above 1/4 in
		}
		if pc.Kind == terrain.Solid && !low {
			if opt.AntigravSolid == "passable" {
				return classOpen
			}
			return toCls(mv)
		}
		return classOpen
	case "walker": // DZC-54
		if mv == terrain.Difficult {
			return classOpen
		}
		if mv == terrain.Impassable && (pc.Kind == terrain.Area || pc.Kind == terrain.Debris) {
			return classMassive
		}
		if pc.Kind == terrain.Solid && opt.WalkerStep > 0 && pc.Height <= float64(opt.WalkerStep)+eps {
			return classOpen
		}
	}
	return toCls(mv)
}

func toCls(mv terrain.Movement) moveCls {
	switch mv {
	case terrain.Difficult, terrain.Dangerous:
		return classDifficult
	case terrain.Impassable:
		return classImpassable
	}
	return classOpen
}

func impassClause(m *terrain.Model, u Unit, pc *terrain.Piece) string {
	switch {
	case m.Class == terrain.Aircraft:
		return "DZC-31"
	case pc.Kind == terrain.Building:
		return "DZC-45"
	case u.Type == "antigrav":
		return "DZC-53"
	}
	return "DZC-06"
}
