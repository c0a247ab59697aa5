package codered

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Move types of a MovePlan.
const (
	MoveTactical = "tactical" // 6" infantry, or a vehicle's move value
	MoveJump     = "jump"     // 12" infantry through open terrain (CR-32)
	MoveFast     = "fast"     // vehicle, double move value (CR-36)
	MoveRetreat  = "retreat"  // CR-33
	MoveCharge   = "charge"   // CR-35
	MoveEmbark   = "embark"   // CR-38
	MoveSplit    = "split"    // CR-34
	MoveMerge    = "merge"    // CR-34
)

// VehicleSpec describes a vehicle's drive (CR-36).
type VehicleSpec struct {
	Drive       string `json:"drive"`                 // "wheeled" | "tracked"
	Amphibious  bool   `json:"amphibious,omitempty"`  // may cross water (CR-08)
	LightDamage bool   `json:"lightDamage,omitempty"` // halves the move value
	Steering    string `json:"steering,omitempty"`    // "" | "right-only" | "left-only"
}

// MovePlan is one move to check. Path starts at the unit centre.
type MovePlan struct {
	Type    string       `json:"type"`
	Path    []geom.Point `json:"-"`
	Turns   []float64    `json:"turns,omitempty"`   // on-the-spot turns at the start, degrees (+ left)
	Floors  int          `json:"floors,omitempty"`  // floor changes (CR-09)
	Reverse bool         `json:"reverse,omitempty"` // the vehicle drives backwards (CR-36)
	Wounded bool         `json:"wounded,omitempty"` // light or severe wounds: at most 6" (6.4.2)
	Morale  bool         `json:"morale,omitempty"`  // has morale markers: retreat only (6.2)
	Card10  bool         `json:"card10,omitempty"`  // event card 10
	Target  string       `json:"target,omitempty"`  // charge/embark/merge target; split parent
	Vehicle *VehicleSpec `json:"vehicle,omitempty"` // drive of a vehicle
	Carrier bool         `json:"carrierMoved,omitempty"`
	LeftAt  *geom.Point  `json:"leftAt,omitempty"`  // retreat: where the unit left the table (CR-33)
	Figures []geom.Point `json:"figures,omitempty"` // final figure positions (CR-02); default: moved with the centre
}

// CheckMove settles a move of modelID along plan.Path: infantry tactical
// moves and jumps (CR-32, CR-08, CR-09), retreats (CR-33), splits and merges
// (CR-34), charges with sight along the path (CR-35, CR-18), embarking
// (CR-38), vehicle moves with terrain and turning costs (CR-36, CR-37) and
// the final figure spacing (CR-02).
func CheckMove(bf *terrain.Battlefield, modelID string, plan MovePlan, opt Options) (*rulesets.Verdict, error) {
	m, err := modelByID(bf, modelID, "model")
	if err != nil {
		return nil, err
	}
	if len(plan.Path) < 2 {
		return nil, fmt.Errorf("path: at least 2 points needed: %w", ErrQuery)
	}
	if len(plan.Path) > 10000 {
		return nil, fmt.Errorf("path: %d points, at most 10000: %w", len(plan.Path), ErrQuery)
	}
	for i, p := range plan.Path {
		if !finitePt(p) {
			return nil, fmt.Errorf("path[%d]: not a finite point: %w", i, ErrQuery)
		}
	}
	if plan.Type == "" {
		plan.Type = MoveTactical
	}
	if plan.Floors < 0 || plan.Floors > terrain.MaxLevel {
		return nil, fmt.Errorf("floors: %d out of range: %w", plan.Floors, ErrQuery)
	}
	v := rulesets.NewVerdict()
	length := movement.PathLength(plan.Path)
	v.Measure("path length", round3(length), "in")
	if isVehicle(m) {
		if err := vehicleMove(bf, v, m, plan, opt, length); err != nil {
			return nil, err
		}
		return v, nil
	}
	if plan.Morale && plan.Type != MoveRetreat {
		v.Forbid("CR-32", "a unit with morale markers may only retreat (6.2)")
	}
	budget, clause := TacticalMove, "CR-32"
	switch plan.Type {
	case MoveTactical, MoveCharge, MoveEmbark, MoveSplit, MoveMerge, MoveRetreat:
		if plan.Card10 {
			budget += Card10Tactical
		}
	case MoveJump:
		budget = JumpMove
		if plan.Card10 {
			budget += Card10Jump
		}
		if plan.Wounded {
			v.Forbid("CR-32", "a wounded unit moves at most 6\" (6.4.2): no jump")
		}
	default:
		return nil, fmt.Errorf("type: %q is not an infantry move (tactical, jump, retreat, charge, embark, split, merge): %w", plan.Type, ErrQuery)
	}
	cost, ok := floorMoveOK(length, plan.Floors, budget)
	if plan.Floors > 0 {
		v.Measure("floor changes", float64(plan.Floors), "count")
		clause = "CR-09"
	}
	v.Measure("movement used", round3(cost), "in")
	if plan.Type != MoveCharge {
		if ok {
			v.Allow(clause, "%s move uses %.2f\" of %g\"", plan.Type, cost, budget)
		} else {
			v.Forbid(clause, "%s move uses %.2f\", more than %g\"", plan.Type, cost, budget)
		}
	}
	terrainChecks(bf, v, m, plan, opt)
	switch plan.Type {
	case MoveJump:
		jumpChecks(bf, v, plan, opt)
	case MoveRetreat:
		retreatChecks(bf, v, m, plan, opt)
	case MoveCharge:
		if err := chargeChecks(bf, v, m, plan, opt, cost); err != nil {
			return nil, err
		}
	case MoveEmbark:
		if err := embarkChecks(bf, v, plan, opt); err != nil {
			return nil, err
		}
	case MoveSplit, MoveMerge:
		if err := splitMergeChecks(bf, v, m, plan, opt); err != nil {
			return nil, err
		}
	}
	figs := plan.Figures
	if figs == nil && len(m.Figures) > 1 {
		d := plan.Path[len(plan.Path)-1].Sub(plan.Path[0])
		for _, f := range m.Figures {
			figs = append(figs, f.Add(d))
		}
	}
	if len(figs) > 1 {
		sp := CheckSpacing(figs, baseRadius(m), opt)
		v.Measure("figure spacing", round3(sp.Worst), "in")
		if sp.OK {
			v.Allow("CR-02", "figures stand at most 1\" apart (%s, worst %.2f\")", opt.Spacing, sp.Worst)
		} else {
			v.Forbid("CR-02", "figures %d and %d are %.2f\" apart, more than 1\" (%s)", sp.FigureA, sp.FigureB, sp.Worst, opt.Spacing)
		}
	}
	return v, nil
}

// terrainChecks forbids crossing pieces impassable to the model's class
// (CR-07) and makes any move through water tactical (CR-08).
func terrainChecks(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, plan MovePlan, o Options) {
	for _, x := range movement.Crossings(bf, plan.Path, nil) {
		if !x.Enters {
			continue
		}
		p := &bf.Pieces()[x.Piece]
		if p.Movement.For(m.Class) == terrain.Impassable && p.Kind != terrain.Smoke {
			v.Forbid("CR-07", "the path crosses %s, impassable for %s", p.ID, m.Class)
		}
		if p.Kind == terrain.Water && plan.Type == MoveJump {
			v.Forbid("CR-08", "the path runs %.2f\" through water %s: movement through water is always tactical", x.Inside, p.ID)
		}
	}
}

// jumpChecks applies CR-32 (6.2: "nur durch weitgehend offenes Gelände
// möglich und daher nur bis zu 2“ aus einem Geländeteil heraus und in ein
// Geländeteil hinein"): "largely open" is defined by that clause, so every
// piece that is not open in table 4.1.1 (CategoryOf(p).Hinders) is judged
// stretch by stretch (movement.Crossings). The stretch the jump starts in
// may run at most 2 in out of the piece and the stretch it ends in at most
// 2 in into it (path length inside, or the straight distance to the edge
// with o.JumpDepth "straight"); one stretch holding both start and end is
// movement inside terrain and must be tactical; a stretch crossed mid-path
// follows o.JumpCrossing (Amb. 15). Water is CR-08's (terrainChecks).
func jumpChecks(bf *terrain.Battlefield, v *rulesets.Verdict, plan MovePlan, o Options) {
	start, end := plan.Path[0], plan.Path[len(plan.Path)-1]
	total := movement.PathLength(plan.Path)
	hinders := func(p *terrain.Piece) bool { return p.Kind != terrain.Water && CategoryOf(p).Hinders }
	for _, x := range movement.Crossings(bf, plan.Path, hinders) {
		p := &bf.Pieces()[x.Piece]
		for _, st := range x.Stretches {
			w := st.Length()
			// a stretch from the path's start holds the start (and so for the end)
			own0, own1 := st.Lo <= 1e-9, st.Hi >= total-1e-9
			switch {
			case own0 && own1:
				v.Forbid("CR-32", "the jump starts and ends in the same stretch of %s: movement inside terrain must be tactical", p.ID)
			case own0 || own1:
				depth := w
				if o.JumpDepth == "straight" {
					pt := start
					if own1 {
						pt = end
					}
					depth = distToBoundary(pt, p.Footprint)
				}
				what := "out of"
				if own1 {
					what = "into"
				}
				v.Measure("jump "+what+" "+p.ID, round3(depth), "in")
				if depth <= JumpTerrainDepth+1e-9 {
					v.Allow("CR-32", "the jump goes %.2f\" %s %s (at most 2\")", depth, what, p.ID)
				} else {
					v.Forbid("CR-32", "the jump goes %.2f\" %s %s, more than 2\"", depth, what, p.ID)
				}
			case w <= 1e-9:
				// grazing an edge or corner is not going into the piece
			case o.JumpCrossing == "forbid":
				v.Forbid("CR-32", "the jump crosses %s (%.2f\" inside): only largely open terrain", p.ID, w)
			case o.JumpCrossing == "in-and-out" && w <= 2*JumpTerrainDepth+1e-9,
				o.JumpCrossing == "allow-2in" && w <= JumpTerrainDepth+1e-9:
				v.Allow("CR-32", "the jump crosses %.2f\" of %s (%s)", w, p.ID, o.JumpCrossing)
			default:
				v.Forbid("CR-32", "the jump crosses %.2f\" of %s, more than %s allows", w, p.ID, o.JumpCrossing)
			}
		}
	}
}

// enemiesOf returns the models of other sides.
func enemiesOf(bf *terrain.Battlefield, m *terrain.Model) []*terrain.Model {
	var out []*terrain.Model
	for i := range bf.Models() {
		e := &bf.Models()[i]
		if e.ID != m.ID && e.Side != m.Side {
			out = append(out, e)
		}
	}
	return out
}

// retreatChecks applies CR-33: the distance to every enemy in line of sight
// (at the start, end or either: o.RetreatLoS) must grow, checked at the end
// or at every path point (o.RetreatCheck); a unit that left the table may
// come back within 12 in of where it left.
func retreatChecks(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, plan MovePlan, o Options) {
	start, end := plan.Path[0], plan.Path[len(plan.Path)-1]
	me := ViewerOf(m, o)
	for _, e := range enemiesOf(bf, m) {
		ev := ViewerOf(e, o)
		ms, mend := me, me
		ms.At, mend.At = start, end
		seeStart := LineOfSight(bf, ms, ev, o).Visible
		seeEnd := LineOfSight(bf, mend, ev, o).Visible
		in := seeStart
		switch o.RetreatLoS {
		case "end":
			in = seeEnd
		case "either":
			in = seeStart || seeEnd
		}
		if !in {
			continue
		}
		d0 := start.Sub(ev.At).Norm()
		pts := []geom.Point{end}
		if o.RetreatCheck == "along" {
			pts = plan.Path[1:]
		}
		for _, p := range pts {
			d := p.Sub(ev.At).Norm()
			if d <= d0 {
				v.Forbid("CR-33", "the retreat must increase the distance to %s (in line of sight): %.2f\" at (%.2f,%.2f) is not more than %.2f\"", e.ID, d, p.X, p.Y, d0)
				break
			}
			if p == end {
				v.Measure("distance to "+e.ID, round3(d), "in")
				v.Allow("CR-33", "the distance to %s grows from %.2f\" to %.2f\"", e.ID, d0, d)
			}
		}
	}
	if plan.LeftAt != nil {
		d := plan.LeftAt.Sub(end).Norm()
		v.Measure("re-entry distance", round3(d), "in")
		if o.within(d, ReentryRadius) {
			v.Allow("CR-33", "re-entry %.2f\" from where the unit left (at most 12\")", d)
		} else {
			v.Forbid("CR-33", "re-entry %.2f\" from where the unit left, more than 12\"", d)
		}
	}
}

// ChargePenalty returns the defensive-fire modifier for a charge (CR-35,
// 6.5.1 "-1 je 3“ Entfernung …, mindestens aber -1" for units that enter
// line of sight during the charge): -floor(dist/3), at least -1 when
// lateLoS or o.ChargeMinOne.
func ChargePenalty(dist float64, lateLoS bool, o Options) int {
	n := int(math.Floor(dist/ChargePenaltyStep + 1e-9))
	if n < 1 && (lateLoS || o.ChargeMinOne) {
		n = 1
	}
	return -n
}

func chargeChecks(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, plan MovePlan, o Options, cost float64) error {
	if plan.Target == "" {
		return fmt.Errorf("target: a charge needs a target: %w", ErrQuery)
	}
	t, err := modelByID(bf, plan.Target, "target")
	if err != nil {
		return err
	}
	start, end := plan.Path[0], plan.Path[len(plan.Path)-1]
	me, tv := ViewerOf(m, o), ViewerOf(t, o)
	me.At = start
	inLoS := LineOfSight(bf, me, tv, o).Visible
	budget := JumpMove
	if !inLoS {
		budget = TacticalMove
	}
	if plan.Card10 {
		budget += Card10Jump * boolF(inLoS)
		budget += Card10Tactical * boolF(!inLoS)
	}
	if plan.Wounded {
		budget = math.Min(budget, TacticalMove)
	}
	if cost <= budget+1e-9 {
		v.Allow("CR-35", "the charge uses %.2f\" of %g\" (target %s line of sight at the start)", cost, budget, map[bool]string{true: "in", false: "out of"}[inLoS])
	} else {
		v.Forbid("CR-35", "the charge uses %.2f\", more than %g\" (target %s line of sight: at most a %s move)", cost, budget, map[bool]string{true: "in", false: "out of"}[inLoS], map[bool]string{true: "jump", false: "tactical"}[inLoS])
	}
	d := end.Sub(tv.At).Norm()
	if o.ContactMeasure == "edge" {
		mm := *m
		mm.Position = end
		mm.Figures = nil
		d = UnitDistance(&mm, t, o)
	}
	v.Measure("end distance to target", round3(d), "in")
	if InContact(d) {
		v.Allow("CR-35", "the charge ends in contact with %s (%.2f\" <= 2\")", t.ID, d)
	} else {
		v.Forbid("CR-35", "the charge ends %.2f\" from %s: not in contact (2\")", d, t.ID)
	}
	at, along, ok := SightAlongPath(bf, me, plan.Path, tv, o)
	if !ok {
		v.Allow("CR-18", "%s never sees %s along the path: no defensive fire", t.ID, m.ID)
		return nil
	}
	late := along > 0
	dist := movement.PathLength(plan.Path) - along
	if o.ChargeDistance == "straight" {
		dist = at.Sub(tv.At).Norm()
	}
	v.Measure("line of sight begins after", round3(along), "in")
	v.Measure("charge distance under fire", round3(dist), "in")
	pen := ChargePenalty(dist, late, o)
	v.Allow("CR-18", "line of sight between %s and %s begins at (%.3f,%.3f)", m.ID, t.ID, at.X, at.Y)
	v.Modify(rulesets.Modifier{Name: "defensive fire distance", Clause: "CR-35", Value: float64(pen), Text: fmt.Sprintf("%.2f\" under fire, -1 per 3\"", dist)})
	v.Modify(rulesets.Modifier{Name: "charging: no cover", Clause: "CR-30"})
	v.Modify(rulesets.Modifier{Name: "defensive fire at close range", Clause: "CR-04", Value: CloseRangeModifier})
	return nil
}

func boolF(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// embarkChecks applies CR-38: a tactical move that reaches the vehicle's
// centre, the vehicle not having moved.
func embarkChecks(bf *terrain.Battlefield, v *rulesets.Verdict, plan MovePlan, o Options) error {
	c, err := modelByID(bf, plan.Target, "target")
	if err != nil {
		return err
	}
	end := plan.Path[len(plan.Path)-1]
	d := end.Sub(c.Position).Norm()
	v.Measure("end distance to vehicle centre", round3(d), "in")
	if d <= 1e-6 {
		v.Allow("CR-38", "the move reaches the centre of %s", c.ID)
	} else {
		v.Forbid("CR-38", "the move ends %.2f\" from the centre of %s: it must reach it", d, c.ID)
	}
	if plan.Carrier {
		v.Forbid("CR-38", "%s has moved this activation: no boarding (9.2)", c.ID)
	}
	return nil
}

// splitMergeChecks applies CR-34: a split-off unit ends at least 2 in from
// its parent; a merging unit ends within 1 in of the unit it joins.
func splitMergeChecks(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, plan MovePlan, o Options) error {
	other, err := modelByID(bf, plan.Target, "target")
	if err != nil {
		return err
	}
	end := plan.Path[len(plan.Path)-1]
	d := end.Sub(Centre(other, o)).Norm()
	v.Measure("end distance to "+other.ID, round3(d), "in")
	if plan.Type == MoveSplit {
		if d >= SplitDistance {
			v.Allow("CR-34", "the new unit ends %.2f\" from %s (at least 2\")", d, other.ID)
		} else {
			v.Forbid("CR-34", "the new unit ends %.2f\" from %s, less than 2\"", d, other.ID)
		}
		return nil
	}
	if d <= MergeContact {
		v.Allow("CR-34", "%s ends %.2f\" from %s: in merging contact (1\")", m.ID, d, other.ID)
	} else {
		v.Forbid("CR-34", "%s ends %.2f\" from %s: merging needs contact of 1\"", m.ID, d, other.ID)
	}
	return nil
}
