package dropzone

import (
	"encoding/json"
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// Game is Dropzone Commander as the query runner sees it.
var Game rulesets.Game = game{}

type game struct{}

// Name returns "dropzone-commander".
func (game) Name() string { return "dropzone-commander" }

// Kinds lists the query kinds the game answers.
func (game) Kinds() []string {
	return []string{"shot", "move", "formation", "deployment", "standby", "landing", "embark", "disembark",
		"transport-building", "enter-building", "leave-building", "connected-buildings", "building-class",
		"building-destroyed", "aa-reaction", "crash", "wreck", "premeasure"}
}

// decodeExtra decodes q.Extra strictly into the named destinations.
func decodeExtra(q *scenario.Query, fields map[string]any) error {
	if err := rulesets.DecodeExtra(q, fields); err != nil {
		return fmt.Errorf("%w: %w", err, ErrQuery)
	}
	return nil
}

func need(q *scenario.Query, field, v string) error {
	if v == "" {
		return fmt.Errorf("%s.%s: missing: %w", q.JSONPath, field, ErrQuery)
	}
	return nil
}

// Answer answers one query of f.
func (game) Answer(f *scenario.File, q *scenario.Query) (rulesets.Result, error) {
	opt, err := ParseOptions(f.Options)
	if err != nil {
		return rulesets.Result{}, err
	}
	bf := f.Battlefield()
	if bf == nil {
		return rulesets.Result{}, fmt.Errorf("%s: the file has no battlefield: %w", q.JSONPath, ErrQuery)
	}
	wrap := func(err error) error { return fmt.Errorf("%s: %w", q.JSONPath, err) }
	var v *rulesets.Verdict
	var extra []rulesets.Field
	switch q.Kind {
	case "shot":
		var moved *float64
		if err := decodeExtra(q, map[string]any{"moved": &moved}); err != nil {
			return rulesets.Result{}, err
		}
		w, err := ParseWeapon(q.Weapon, q.JSONPath+".weapon")
		if err != nil {
			return rulesets.Result{}, err
		}
		if moved != nil {
			u := opt.Units[q.Shooter]
			u.Moved = *moved
			opt.Units = copyUnits(opt.Units)
			opt.Units[q.Shooter] = u
		}
		v, err = CheckShot(bf, q.Shooter, q.Target, w, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "move":
		var plan MovePlan
		plan.Path = q.Path
		if len(q.Turns) > 0 {
			if err := rulesets.DecodeStrict(q.Turns, q.JSONPath+".turns", &plan.Turns); err != nil {
				return rulesets.Result{}, fmt.Errorf("%w: %w", err, ErrQuery)
			}
		}
		if err := decodeExtra(q, map[string]any{"altitude": &plan.Altitude, "land": &plan.Land, "takeOff": &plan.TakeOff, "manoeuvre": &plan.Manoeuvre}); err != nil {
			return rulesets.Result{}, err
		}
		var r MoveResult
		v, r, err = CheckMove(bf, q.Model, plan, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
		extra = []rulesets.Field{{Name: "cost", Value: round6(r.Cost), Length: true}, {Name: "violations", Value: nonNil(r.Violations)},
			{Name: "movedForShooting", Value: round6(r.MovedForShooting), Length: true}}
	case "formation":
		var r FormationResult
		if err := need(q, "squad", q.Squad); err != nil {
			return rulesets.Result{}, err
		}
		v, r, err = CheckFormation(bf, q.Squad, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
		extra = []rulesets.Field{{Name: "groups", Value: r.Groups}, {Name: "mustClose", Value: nonNil(r.MustClose)}, {Name: "eitherHalf", Value: r.EitherHalf}}
	case "deployment":
		var zone [][2]float64
		if err := decodeExtra(q, map[string]any{"zone": &zone}); err != nil {
			return rulesets.Result{}, err
		}
		pts := make([]geom.Point, len(zone))
		for i, z := range zone {
			pts[i] = geom.Pt(z[0], z[1])
		}
		v, err = CheckDeployment(bf, q.Squad, geom.PolygonFromPoints(pts...), opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "standby":
		var edge string
		if err := decodeExtra(q, map[string]any{"edge": &edge}); err != nil {
			return rulesets.Result{}, err
		}
		if q.Point == nil {
			return rulesets.Result{}, fmt.Errorf("%s.point: missing: %w", q.JSONPath, ErrQuery)
		}
		v, err = CheckStandbyEntry(bf, q.Model, *q.Point, edge, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "landing":
		var size string
		var passengers, with []string
		if err := decodeExtra(q, map[string]any{"size": &size, "passengers": &passengers, "with": &with}); err != nil {
			return rulesets.Result{}, err
		}
		m, ok := bf.Model(q.Model)
		if !ok {
			return rulesets.Result{}, fmt.Errorf("%s.model: %q: unknown model: %w", q.JSONPath, q.Model, ErrQuery)
		}
		at := m.Position
		if q.Point != nil {
			at = *q.Point
		}
		v, err = CheckLanding(bf, q.Model, at, size, passengers, with, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "embark":
		var transports []string
		var capacity int
		var mv Manoeuvre
		if err := decodeExtra(q, map[string]any{"transports": &transports, "capacity": &capacity, "manoeuvre": &mv}); err != nil {
			return rulesets.Result{}, err
		}
		v, err = CheckEmbark(bf, q.Squad, transports, capacity, mv, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "disembark":
		var place []Placement
		var mv Manoeuvre
		var tookOff bool
		if err := decodeExtra(q, map[string]any{"placements": &place, "manoeuvre": &mv, "tookOff": &tookOff}); err != nil {
			return rulesets.Result{}, err
		}
		v, err = CheckDisembark(bf, q.Model, place, mv, tookOff, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "transport-building":
		var b string
		if err := decodeExtra(q, map[string]any{"building": &b}); err != nil {
			return rulesets.Result{}, err
		}
		v, err = CheckTransportToBuilding(bf, q.Model, b, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "enter-building":
		var b string
		if err := decodeExtra(q, map[string]any{"building": &b}); err != nil {
			return rulesets.Result{}, err
		}
		v, err = CheckEnterBuilding(bf, q.Squad, b, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "leave-building":
		var b string
		var place []Placement
		var closest bool
		if err := decodeExtra(q, map[string]any{"building": &b, "placements": &place, "closest": &closest}); err != nil {
			return rulesets.Result{}, err
		}
		v, err = CheckLeaveBuilding(bf, b, place, closest, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "connected-buildings":
		var a, b string
		if err := decodeExtra(q, map[string]any{"a": &a, "b": &b}); err != nil {
			return rulesets.Result{}, err
		}
		v, err = CheckConnectedBuildings(bf, a, b, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "building-class":
		var b string
		if err := decodeExtra(q, map[string]any{"building": &b}); err != nil {
			return rulesets.Result{}, err
		}
		v, err = BuildingClass(bf, b, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
	case "building-destroyed":
		var b string
		if err := decodeExtra(q, map[string]any{"building": &b}); err != nil {
			return rulesets.Result{}, err
		}
		var inside, near []string
		v, inside, near, err = CheckCollapse(bf, b, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
		extra = []rulesets.Field{{Name: "removed", Value: nonNil(inside)}, {Name: "destroyedOn2", Value: nonNil(near)}}
	case "aa-reaction":
		var aircraft string
		var corridor [][2]float64
		var at float64
		prev := -1.0
		var fired bool
		if err := decodeExtra(q, map[string]any{"aircraft": &aircraft, "corridor": &corridor, "at": &at, "previous": &prev, "fired": &fired}); err != nil {
			return rulesets.Result{}, err
		}
		w, err := ParseWeapon(q.Weapon, q.JSONPath+".weapon")
		if err != nil {
			return rulesets.Result{}, err
		}
		pts := make([]geom.Point, len(corridor))
		for i, c := range corridor {
			pts[i] = geom.Pt(c[0], c[1])
		}
		var r ReactionResult
		v, r, err = CheckReaction(bf, q.Shooter, aircraft, pts, at, prev, w, fired, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
		extra = []rulesets.Field{{Name: "engagementPoint", Value: []float64{round6(r.Point.X), round6(r.Point.Y)}}}
	case "crash":
		var size string
		if err := decodeExtra(q, map[string]any{"size": &size}); err != nil {
			return rulesets.Result{}, err
		}
		m, ok := bf.Model(q.Model)
		if !ok {
			return rulesets.Result{}, fmt.Errorf("%s.model: %q: unknown model: %w", q.JSONPath, q.Model, ErrQuery)
		}
		at := m.Position
		if q.Point != nil {
			at = *q.Point
		}
		var r CrashResult
		v, r, err = CheckCrash(bf, q.Model, at, size, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
		extra = []rulesets.Field{{Name: "touched", Value: nonNil(r.Touched)}, {Name: "centreUnder", Value: nonNil(r.CentreUnder)},
			{Name: "buildings", Value: nonNil(r.Buildings)}, {Name: "autoHits", Value: nonNil(r.AutoHits)}}
	case "wreck":
		var place []Placement
		if err := decodeExtra(q, map[string]any{"placements": &place}); err != nil {
			return rulesets.Result{}, err
		}
		var lost []string
		v, lost, err = CheckWreckPlacement(bf, q.Model, place, opt)
		if err != nil {
			return rulesets.Result{}, wrap(err)
		}
		extra = []rulesets.Field{{Name: "destroyed", Value: nonNil(lost)}}
	case "premeasure":
		var phase string
		if err := decodeExtra(q, map[string]any{"phase": &phase}); err != nil {
			return rulesets.Result{}, err
		}
		v = CheckPremeasure(phase, opt)
	default:
		return rulesets.Result{}, fmt.Errorf("%s.kind: %q: not a dropzone-commander kind: %w", q.JSONPath, q.Kind, ErrQuery)
	}
	return rulesets.VerdictResult(v, extra...), nil
}

// CheckPremeasure applies DZC-04: measuring before committing is allowed
// in the shooting step under the "standard" policy, never when moving or
// before declaring AA reaction fire, and never under "none".
func CheckPremeasure(phase string, opt Options) *rulesets.Verdict {
	v := rulesets.NewVerdict()
	switch {
	case opt.Premeasure == "none":
		v.Forbid("DZC-04", "the players agreed to forbid pre-measuring")
	case phase == "shooting":
		v.Allow("DZC-04", "pre-measuring is allowed when shooting")
	case phase == "reaction":
		v.Forbid("DZC-04", "nothing may be measured before AA reaction fire and its engagement point are declared")
	default:
		v.Forbid("DZC-04", "pre-measuring is not allowed in phase %q (e.g. movement)", phase)
	}
	return v
}

func copyUnits(u map[string]Unit) map[string]Unit {
	out := make(map[string]Unit, len(u)+1)
	for k, v := range u {
		out[k] = v
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

var _ = json.RawMessage(nil)
