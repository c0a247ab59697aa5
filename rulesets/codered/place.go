package codered

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// CheckSmoke settles placing a smoke screen centred on p by model placer
// in round (CR-25, 7.1): within close range of the unit ("im Nahbereich
// (10“) … in beliebiger Richtung"), or, for grenadiers, within
// o.GrenadierRange (0: no limit). It reports the screen's diameter
// (o.SmokeDiameter) and the round at whose end it is removed, and for each
// pair of model ids in cuts whether the screen breaks their line of sight
// (Abb. 6: "Rot 2 kann die Bewegung nicht mehr unterbrechen").
func CheckSmoke(bf *terrain.Battlefield, placer string, p geom.Point, grenadier bool, round int, cuts [][2]string, o Options) (*rulesets.Verdict, error) {
	m, err := modelByID(bf, placer, "model")
	if err != nil {
		return nil, err
	}
	if !finitePt(p) {
		return nil, fmt.Errorf("point: not finite: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	d := Centre(m, o).Sub(p).Norm()
	v.Measure("distance to smoke", round3(d), "in")
	v.Measure("smoke diameter", float64(o.SmokeDiameter), "in")
	switch {
	case InCloseRange(d, o):
		v.Allow("CR-25", "smoke %.2f\" away, within close range %g\"", d, o.CloseRange)
	case grenadier && (o.GrenadierRange == 0 || d <= float64(o.GrenadierRange)):
		v.Allow("CR-25", "grenadiers may lay smoke beyond close range (%.2f\")", d)
	default:
		v.Forbid("CR-25", "smoke %.2f\" away, beyond close range %g\"", d, o.CloseRange)
	}
	if round > 0 {
		v.Measure("removed at the end of round", float64(round+SmokeRounds), "round")
	}
	if len(cuts) == 0 {
		return v, nil
	}
	id := "smoke"
	for n := 2; ; n++ {
		if _, taken := bf.Piece(id); !taken {
			break
		}
		id = fmt.Sprintf("smoke-%d", n)
	}
	after, err := WithSmoke(bf, SmokeScreen(id, p, o))
	if err != nil {
		return nil, err
	}
	for i, c := range cuts {
		before, err := Sight(bf, c[0], c[1], o)
		if err != nil {
			return nil, fmt.Errorf("cuts[%d]: %w", i, err)
		}
		now, _ := Sight(after, c[0], c[1], o)
		switch {
		case before.Visible && !now.Visible:
			v.Allow("CR-25", "the screen breaks the line of sight between %s and %s", c[0], c[1])
		case before.Visible:
			v.Allow("CR-25", "%s and %s still see each other past the screen", c[0], c[1])
		default:
			v.Allow("CR-25", "%s and %s did not see each other anyway", c[0], c[1])
		}
		v.Modify(rulesets.Modifier{Name: fmt.Sprintf("sight %s-%s after smoke", c[0], c[1]), Clause: "CR-25", Value: boolF(now.Visible),
			Text: map[bool]string{true: "visible", false: "blocked"}[now.Visible]})
	}
	return v, nil
}

// CheckRallyMove settles moving a rally point along path (CR-43, 7.4.2): at
// most 6 in (12 in for "Ausmanövriert" when outmanoeuvred), not after units
// entered through it, out of every enemy's sight along the whole move, and
// not through terrain infantry cannot cross.
func CheckRallyMove(bf *terrain.Battlefield, side string, path []geom.Point, used, outmanoeuvred bool, o Options) (*rulesets.Verdict, error) {
	if len(path) < 2 {
		return nil, fmt.Errorf("path: at least 2 points needed: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	L := movement.PathLength(path)
	limit := RallyMove
	if outmanoeuvred {
		limit = OutmanoeuvredMove
	}
	v.Measure("rally point move", round3(L), "in")
	if L <= limit+1e-9 {
		v.Allow("CR-43", "the rally point moves %.2f\" (at most %g\")", L, limit)
	} else {
		v.Forbid("CR-43", "the rally point moves %.2f\", more than %g\"", L, limit)
	}
	if used {
		v.Forbid("CR-43", "units have entered through this rally point: its position is fixed")
	}
	tb := bf.Table().Bound()
	for _, p := range path {
		if !tb.ContainsPoint(p) {
			v.Forbid("CR-43", "the rally point must stay on the table; (%.2f,%.2f) is off it", p.X, p.Y)
			break
		}
	}
	impassable := func(p *terrain.Piece) bool { return p.Movement.For(terrain.Infantry) == terrain.Impassable }
	for _, x := range movement.Crossings(bf, path, impassable) {
		if x.Enters {
			v.Forbid("CR-43", "%s is impassable for infantry and stops the rally point", x.ID)
		}
	}
	for i := range bf.Models() {
		e := &bf.Models()[i]
		if e.Side == side {
			continue
		}
		if at, _, ok := SightAlongPath(bf, PointViewer(path[0]), path, ViewerOf(e, o), o); ok {
			v.Forbid("CR-43", "%s sees the rally point at (%.3f,%.3f): it must stay out of enemy sight during the whole move", e.ID, at.X, at.Y)
		}
	}
	return v, nil
}

// Placement is what a placement query puts on the table (CR-42…CR-46).
type Placement struct {
	What       string       `json:"what"`                 // "unit" | "vehicle" | "ied" | "defence" | "objective"
	Side       string       `json:"side"`                 // placing side
	RallyPoint *geom.Point  `json:"rallyPoint,omitempty"` // unit entry, traps and defences
	Objectives []geom.Point `json:"objectives,omitempty"` // other objectives
	Traps      []geom.Point `json:"traps,omitempty"`      // other traps
	Ambush     *Ambush      `json:"ambush,omitempty"`     // ambush card limits (CR-44)
}

// Ambush is an ambush card's terrain and table-half limit (CR-44, 7.5).
type Ambush struct {
	Kinds []string `json:"kinds,omitempty"` // piece ids or kinds allowed; empty: anywhere
	Half  string   `json:"half,omitempty"`  // "north" | "east" | "south" | "west" | "" (anywhere)
}

// CheckPlacement settles putting something at p (CR-42…CR-46): never in
// close range of an enemy unit (7.4.2 "10“ Umkreis!"); units in contact with
// their rally point (vehicles never there), traps and defences within 24 in
// of it; IEDs also out of close range of objectives and other traps (8.3.2,
// o.IEDTrapGap); objectives at most 4 in from terrain and at least 12 in from
// each other (10.4.3); ambushes within the card's terrain and table half.
func CheckPlacement(bf *terrain.Battlefield, p geom.Point, pl Placement, o Options) (*rulesets.Verdict, error) {
	if !finitePt(p) {
		return nil, fmt.Errorf("point: not finite: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	if pl.What != "objective" {
		enemyDistance(bf, v, p, pl.Side, o)
	}
	switch pl.What {
	case "unit", "vehicle":
		rallyContact(v, p, pl)
	case "ied", "defence":
		if err := trapPlacement(v, p, pl, o); err != nil {
			return nil, err
		}
	case "objective":
		objectivePlacement(bf, v, p, pl, o)
	default:
		return nil, fmt.Errorf("what: %q is not unit, vehicle, ied, defence or objective: %w", pl.What, ErrQuery)
	}
	if pl.Ambush != nil {
		ambushChecks(bf, v, p, *pl.Ambush, o)
	}
	return v, nil
}

// enemyDistance checks that p is out of close range of every unit not of
// side (CR-43, 7.4.2 "10“ Umkreis!").
func enemyDistance(bf *terrain.Battlefield, v *rulesets.Verdict, p geom.Point, side string, o Options) {
	nearest, who := math.Inf(1), ""
	for i := range bf.Models() {
		e := &bf.Models()[i]
		if e.Side == side {
			continue
		}
		if d := Centre(e, o).Sub(p).Norm(); d < nearest {
			nearest, who = d, e.ID
		}
	}
	if who == "" {
		return
	}
	v.Measure("nearest enemy", round3(nearest), "in")
	if InCloseRange(nearest, o) {
		v.Forbid("CR-43", "%s is %.2f\" away: nothing is placed in close range of an enemy", who, nearest)
	} else {
		v.Allow("CR-43", "nearest enemy %s is %.2f\" away, beyond close range", who, nearest)
	}
}

// rallyContact checks that a unit entering at a rally point is placed in
// contact with it, and that a vehicle never enters there (CR-43).
func rallyContact(v *rulesets.Verdict, p geom.Point, pl Placement) {
	if pl.RallyPoint == nil {
		return
	}
	d := pl.RallyPoint.Sub(p).Norm()
	v.Measure("distance to rally point", round3(d), "in")
	switch {
	case pl.What == "vehicle":
		v.Forbid("CR-43", "vehicles never enter at a rally point")
	case InContact(d):
		v.Allow("CR-43", "placed in contact with the rally point (%.2f\")", d)
	default:
		v.Forbid("CR-43", "placed %.2f\" from the rally point: must be in contact (2\")", d)
	}
}

// trapPlacement checks a trap or defence within 24 in of its rally point,
// and an IED out of close range of objectives and, with o.IEDTrapGap, of
// other traps (CR-42, 8.3.2).
func trapPlacement(v *rulesets.Verdict, p geom.Point, pl Placement, o Options) error {
	if pl.RallyPoint == nil {
		return fmt.Errorf("rallyPoint: traps and defences are placed from a rally point: %w", ErrQuery)
	}
	d := pl.RallyPoint.Sub(p).Norm()
	v.Measure("distance to rally point", round3(d), "in")
	if o.within(d, TrapRadius) {
		v.Allow("CR-42", "%.2f\" from the rally point (at most 24\")", d)
	} else {
		v.Forbid("CR-42", "%.2f\" from the rally point, more than 24\"", d)
	}
	if pl.What != "ied" {
		return nil
	}
	check := pl.Objectives
	if o.IEDTrapGap {
		check = append(append([]geom.Point(nil), check...), pl.Traps...)
	}
	for _, q := range check {
		if d := q.Sub(p).Norm(); InCloseRange(d, o) {
			v.Forbid("CR-42", "an objective or trap at (%g,%g) is %.2f\" away: IEDs keep out of close range", q.X, q.Y, d)
		}
	}
	return nil
}

// objectivePlacement checks an objective at most 4 in from terrain and at
// least 12 in from the other objectives (CR-46, 10.4.3).
func objectivePlacement(bf *terrain.Battlefield, v *rulesets.Verdict, p geom.Point, pl Placement, o Options) {
	dt := math.Inf(1)
	for i := range bf.Pieces() {
		if pc := &bf.Pieces()[i]; pc.Kind != terrain.Smoke {
			dt = math.Min(dt, DistToPiece(p, pc))
		}
	}
	v.Measure("distance to terrain", round3(dt), "in")
	if dt <= ObjectiveTerrain {
		v.Allow("CR-46", "%.2f\" from terrain (at most 4\")", dt)
	} else {
		v.Forbid("CR-46", "%.2f\" from the nearest terrain: objectives stand at most 4\" from a piece", dt)
	}
	for _, q := range pl.Objectives {
		d := q.Sub(p).Norm()
		if d < ObjectiveSpacing && !(o.InclusiveBounds && d == ObjectiveSpacing) {
			v.Forbid("CR-46", "another objective is %.2f\" away: at least 12\" apart", d)
		}
	}
}

// ambushChecks applies an ambush card's limits (CR-44, 7.5): the point must
// lie in a piece of an allowed terrain type, and in the named table half by
// o.AmbushHalf (Amb. 26): "point" the unit centre itself; "centroid" (the
// default) the allowed piece it stands in has its centroid in that half, so
// a piece across the middle line belongs to one half only; "whole" that
// piece lies entirely in the half. Without a terrain limit the point decides.
func ambushChecks(bf *terrain.Battlefield, v *rulesets.Verdict, p geom.Point, a Ambush, o Options) {
	var hosts []*terrain.Piece
	if len(a.Kinds) > 0 {
		for i := range bf.Pieces() {
			pc := &bf.Pieces()[i]
			if pc.Footprint.Locate(p) == geom.Outside {
				continue
			}
			for _, k := range a.Kinds {
				if k == pc.ID || k == string(pc.Kind) || k == pc.Name {
					hosts = append(hosts, pc)
					break
				}
			}
		}
		if len(hosts) > 0 {
			v.Allow("CR-44", "the point lies in %s, terrain the ambush card allows", hosts[0].ID)
		} else {
			v.Forbid("CR-44", "the point lies in no terrain the ambush card allows")
		}
	}
	if a.Half == "" {
		return
	}
	inPt, err := InHalf(bf.Table(), p, a.Half)
	if err != nil {
		v.Forbid("CR-44", "%v", err)
		return
	}
	if o.AmbushHalf == "point" || len(hosts) == 0 {
		if inPt {
			v.Allow("CR-44", "the point lies in the %s half", a.Half)
		} else {
			v.Forbid("CR-44", "the point is not in the %s half", a.Half)
		}
		return
	}
	for _, h := range hosts {
		var in bool
		if o.AmbushHalf == "whole" {
			b := h.Footprint.Bound()
			lo, _ := InHalf(bf.Table(), b.Lo(), a.Half)
			hi, _ := InHalf(bf.Table(), b.Hi(), a.Half)
			in = lo && hi
		} else {
			in, _ = InHalf(bf.Table(), h.Footprint.Centroid(), a.Half)
		}
		if in {
			v.Allow("CR-44", "%s lies in the %s half (%s)", h.ID, a.Half, o.AmbushHalf)
			return
		}
	}
	v.Forbid("CR-44", "%s does not lie in the %s half (%s)", hosts[0].ID, a.Half, o.AmbushHalf)
}

// InHalf reports whether p lies in the named half of the table (CR-44:
// north = +y, 10.4.2); a point on the middle line is in neither half.
func InHalf(t terrain.Table, p geom.Point, half string) (bool, error) {
	switch half {
	case "north":
		return p.Y > t.Depth/2, nil
	case "south":
		return p.Y < t.Depth/2, nil
	case "east":
		return p.X > t.Width/2, nil
	case "west":
		return p.X < t.Width/2, nil
	}
	return false, fmt.Errorf("half: %q is not north, east, south or west: %w", half, ErrQuery)
}

// DeploymentZone returns the polygon of a deployment zone (CR-45, 10.4.2):
// the edges "north", "east", "south", "west" are 6 in deep strips; the
// corners "ne", "se", "sw", "nw" are triangles 12 in along each edge.
func DeploymentZone(t terrain.Table, zone string) (geom.Polygon, error) {
	W, D, e, c := t.Width, t.Depth, EdgeZoneDepth, CornerZoneLeg
	pts := map[string][]geom.Point{
		"north": {geom.Pt(0, D-e), geom.Pt(W, D-e), geom.Pt(W, D), geom.Pt(0, D)},
		"south": {geom.Pt(0, 0), geom.Pt(W, 0), geom.Pt(W, e), geom.Pt(0, e)},
		"west":  {geom.Pt(0, 0), geom.Pt(e, 0), geom.Pt(e, D), geom.Pt(0, D)},
		"east":  {geom.Pt(W-e, 0), geom.Pt(W, 0), geom.Pt(W, D), geom.Pt(W-e, D)},
		"sw":    {geom.Pt(0, 0), geom.Pt(c, 0), geom.Pt(0, c)},
		"se":    {geom.Pt(W, 0), geom.Pt(W, c), geom.Pt(W-c, 0)},
		"ne":    {geom.Pt(W, D), geom.Pt(W-c, D), geom.Pt(W, D-c)},
		"nw":    {geom.Pt(0, D), geom.Pt(0, D-c), geom.Pt(c, D)},
	}[zone]
	if pts == nil {
		return geom.Polygon{}, fmt.Errorf("zone: %q is not an edge or corner: %w", zone, ErrQuery)
	}
	return geom.PolygonFromPoints(pts...).Normalized(), nil
}

// ZoneForRoll maps a deployment roll 1–8 to a zone (CR-45; Amb. 22): with
// o.Deployment "edge1-north" the zones run clockwise from the north edge
// (10.4.2 "Tischkante 1 ist Norden"); with "figure10" they run
// counter-clockwise from the bottom middle as in Abb. 10, where 5 is north.
func ZoneForRoll(roll int, o Options) (string, error) {
	if roll < 1 || roll > 8 {
		return "", fmt.Errorf("roll: %d not in 1..8 (reroll 9 and 10): %w", roll, ErrQuery)
	}
	if o.Deployment == "figure10" {
		return []string{"south", "se", "east", "ne", "north", "nw", "west", "sw"}[roll-1], nil
	}
	return []string{"north", "ne", "east", "se", "south", "sw", "west", "nw"}[roll-1], nil
}

// Control is an objective's state (CR-46).
type Control string

// Objective states.
const (
	Controlled Control = "controlled"
	Contested  Control = "contested"
)

// ObjectiveState returns the objective's state for side at p (CR-46,
// 10.5.1: "kontrolliert, wenn ausschließlich eigene oder verbündete
// Einheiten in 6“ Umkreis"): controlled when only side's units are within
// 6 in, contested when both sides are or nobody is.
func ObjectiveState(bf *terrain.Battlefield, p geom.Point, side string, o Options) (Control, []string) {
	own, foe := false, false
	var ids []string
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if d := Centre(m, o).Sub(p).Norm(); o.within(d, ObjectiveControl) {
			ids = append(ids, m.ID)
			if m.Side == side {
				own = true
			} else {
				foe = true
			}
		}
	}
	if own && !foe {
		return Controlled, ids
	}
	return Contested, ids
}
