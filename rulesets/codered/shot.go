package codered

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Weapon is the shot query's weapon object.
type Weapon struct {
	Name     string `json:"name,omitempty"`
	Class    int    `json:"class,omitempty"`    // precision class 0..4 (CR-39)
	AP       int    `json:"ap,omitempty"`       // anti-personnel effect (CR-41)
	AT       int    `json:"at,omitempty"`       // penetration (CR-41)
	Heavy    bool   `json:"heavy,omitempty"`    // a heavy weapon (8.1)
	Sniper   bool   `json:"sniper,omitempty"`   // treats every unit as in close range (4.3.2)
	Grenades bool   `json:"grenades,omitempty"` // grenadier: smoke beyond close range (CR-25)
}

// Validate reports an error for an out-of-range weapon value.
func (w Weapon) Validate() error {
	if w.Class < 0 || w.Class >= len(precisionClasses) {
		return fmt.Errorf("weapon.class: %d not in 0..4: %w", w.Class, ErrQuery)
	}
	if w.AP < 0 || w.AP > 100 || w.AT < 0 || w.AT > 100 {
		return fmt.Errorf("weapon.ap/at: %d/%d not in 0..100: %w", w.AP, w.AT, ErrQuery)
	}
	return nil
}

// CheckShot settles whether shooterID may open a firefight on targetID
// and with which modifiers: building view edges (CR-09), line of sight by
// the Code Red algorithm (CR-10…CR-25), close and command range (CR-04,
// CR-05), exposure and cover (CR-30), flank by the 90° wedge (CR-26…CR-28),
// the vehicle hit zone and hull-down (CR-29) and the line-of-fire hazard
// (CR-31). Situation facts come from opt.Situation.
func CheckShot(bf *terrain.Battlefield, shooterID, targetID string, w Weapon, opt Options) (*rulesets.Verdict, error) {
	s, err := modelByID(bf, shooterID, "shooter")
	if err != nil {
		return nil, err
	}
	t, err := modelByID(bf, targetID, "target")
	if err != nil {
		return nil, err
	}
	if shooterID == targetID {
		return nil, fmt.Errorf("target: %q is the shooter: %w", targetID, ErrQuery)
	}
	if err := w.Validate(); err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	sc, tc := Centre(s, opt), Centre(t, opt)
	d := sc.Sub(tc).Norm()
	v.Measure("distance", round3(d), "in")

	// CR-09: declared view edges of units in building blocks.
	for _, pair := range [][2]*terrain.Model{{t, s}, {s, t}} {
		if ok, text, checked := viewEdgeAllows(bf, pair[0], Centre(pair[1], opt), opt); checked {
			if ok {
				v.Allow("CR-09", "%s", text)
			} else {
				v.Forbid("CR-09", "%s", text)
			}
		}
	}

	// CR-10…CR-25: line of sight.
	rep := LineOfSight(bf, ViewerOf(s, opt), ViewerOf(t, opt), opt)
	for _, st := range rep.Steps {
		v.Measure(fmt.Sprintf("%s %s (%s)", st.Piece, st.Rule, st.Clause), st.Value, "in")
	}
	switch {
	case rep.Visible && rep.Doubtful:
		v.Allow("CR-10", "line of sight is doubtful at the %s limit: the shooter must pass a training test", rep.Threshold)
		v.Modify(rulesets.Modifier{Name: "doubtful line of sight", Clause: "CR-10", Text: "training test needed (" + rep.Threshold + ")"})
	case rep.Visible:
		v.Allow("CR-16", "line of sight from %s to %s (%s); %s sees %s as well", s.ID, t.ID, summarizeSteps(rep), t.ID, s.ID)
	case rep.Doubtful:
		v.Forbid(rep.Clause, "line of sight blocked by %s, but within the tolerance of the %s limit: a training test may settle the doubt (CR-10)", rep.BlockedBy, rep.Threshold)
	default:
		v.Forbid(rep.Clause, "no line of sight: %s (%s)", rep.BlockedBy, failText(rep))
	}

	// CR-04 close range; CR-05 command range.
	if w.Sniper || InCloseRange(d, opt) {
		why := fmt.Sprintf("%.2f\" is within close range %g\"", d, opt.CloseRange)
		if w.Sniper {
			why = "a sniper treats every unit as at close range"
		}
		v.Allow("CR-04", "%s; no order needed if in line of sight (5.3)", why)
		v.Modify(rulesets.Modifier{Name: "close range", Clause: "CR-04", Value: CloseRangeModifier, Text: "damage roll"})
	} else {
		v.Allow("CR-04", "%.2f\" is beyond close range %g\"", d, opt.CloseRange)
	}
	if id := opt.Situation.Officer; id != "" {
		off, err := modelByID(bf, id, "officer")
		if err != nil {
			return nil, err
		}
		od := Centre(off, opt).Sub(sc).Norm()
		v.Measure("command range", round3(od), "in")
		cost := OrderCost(od, opt)
		v.Allow("CR-05", "officer %s is %.2f\" away: the order costs %d %s", off.ID, od, cost, plural(cost, "die", "dice"))
	}

	coverModifiers(bf, v, s, t, opt)
	flankModifiers(bf, v, s, t, opt)
	hazard(bf, v, s, t, opt)
	return v, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func summarizeSteps(rep SightReport) string {
	if len(rep.Steps) == 0 {
		return "no concealing terrain on the line"
	}
	parts := make([]string, 0, len(rep.Steps))
	for _, st := range rep.Steps {
		parts = append(parts, fmt.Sprintf("%s: %s %.2f\" <= %g\" [%s]", st.Piece, st.Rule, st.Value, st.Limit, st.Clause))
	}
	return strings.Join(parts, "; ")
}

func failText(rep SightReport) string {
	for _, st := range rep.Steps {
		if !st.Pass {
			if st.Clause == "CR-07" || st.Clause == "CR-15" && st.Limit == 0 {
				return fmt.Sprintf("%s, %.2f\" of it on the line", st.Rule, st.Value)
			}
			return fmt.Sprintf("%s %.2f\" > %g\"", st.Rule, st.Value, st.Limit)
		}
	}
	return "blocked"
}

// coverModifiers adds exposure and cover (CR-30), water (CR-08) and, for a
// vehicle target, the hit zone and hull-down (CR-29).
func coverModifiers(bf *terrain.Battlefield, v *rulesets.Verdict, s, t *terrain.Model, o Options) {
	sc, tc := Centre(s, o), Centre(t, o)
	line := geom.Seg(sc, tc)
	best, bestID, nearest := -1, "", math.Inf(1)
	inWater := false
	for i := range bf.Pieces() {
		p := &bf.Pieces()[i]
		dd := DistToPiece(tc, p)
		if p.Kind == terrain.Water && dd == 0 && !isVehicle(t) {
			inWater = true
		}
		if p.Kind == terrain.Smoke || p.Kind == terrain.Water || p.Cover == terrain.CoverNone && p.Sight == terrain.SightClear {
			continue
		}
		if !InContact(dd) {
			continue
		}
		// In contact: not exposed (6.3.6). The piece's cover counts when the
		// unit is inside it, or by contact alone with coverByContact, and
		// with coverBetween only if it lies towards the shooter (Amb. 14).
		val := coverValue(p.Cover)
		if dd > 0 && (!o.CoverByContact || o.CoverBetween && len(p.Footprint.SegmentInside(line, nil)) == 0) {
			val = 0
		}
		if val > best || bestID == "" {
			best, bestID = max(best, val), p.ID
		}
		nearest = math.Min(nearest, dd)
	}
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.ID == s.ID || m.ID == t.ID || !isVehicle(m) {
			continue
		}
		r, ok := m.HullRect()
		if !ok {
			continue
		}
		dd, _, _ := geom.DistConvex(r, geom.Circle{Center: tc})
		if InContact(dd) && CoverHard > best {
			best, bestID = CoverHard, m.ID
			nearest = math.Min(nearest, dd)
		}
	}
	switch {
	case inWater:
		v.Allow("CR-08", "%s is in water and counts as exposed", t.ID)
		v.Modify(rulesets.Modifier{Name: "exposed", Clause: "CR-08", Value: ExposedModifier})
	case best < 0:
		v.Allow("CR-30", "%s is not in contact with any terrain piece: exposed", t.ID)
		v.Modify(rulesets.Modifier{Name: "exposed", Clause: "CR-30", Value: ExposedModifier})
	default:
		v.Measure("distance to cover", round3(nearest), "in")
		if best > 0 {
			v.Allow("CR-30", "%s is in contact with %s (%.2f\"): cover %+d", t.ID, bestID, nearest, best)
			v.Modify(rulesets.Modifier{Name: "cover", Clause: "CR-30", Value: float64(best), Text: bestID})
		} else {
			v.Allow("CR-30", "%s is in contact with %s (%.2f\"): not exposed, soft cover gives no bonus", t.ID, bestID, nearest)
		}
	}
	if mv := o.Situation.TargetMoved; mv != nil && !*mv {
		v.Modify(rulesets.Modifier{Name: "gone to ground", Clause: "CR-30", Value: GoneToGround})
	}
	if !isVehicle(t) {
		return
	}
	z := HitZone(t, sc, o)
	v.Allow("CR-29", "the shot strikes the %s armour of %s", z, t.ID)
	v.Modify(rulesets.Modifier{Name: "hit zone " + string(z), Clause: "CR-29"})
	if p, ok := hullDown(bf, t, sc, o); ok {
		v.Allow("CR-29", "hard cover %s protects the lower half of %s: hull-down", p, t.ID)
		v.Modify(rulesets.Modifier{Name: "hull-down", Clause: "CR-29", Value: HullDownModifier, Text: "to hit"})
	}
}

func coverValue(c terrain.Cover) int {
	switch c {
	case terrain.CoverBunker:
		return CoverBunker
	case terrain.CoverFortified:
		return CoverFortified
	case terrain.CoverHard:
		return CoverHard
	}
	return 0
}

// hullDown reports a hard-cover piece in contact with vehicle t that lies
// between it and the shooter at sc (CR-29; Amb. 27: with "auto", a piece
// with a height must also reach half the hull's height).
func hullDown(bf *terrain.Battlefield, t *terrain.Model, sc geom.Point, o Options) (string, bool) {
	line := geom.Seg(sc, t.Position)
	for i := range bf.Pieces() {
		p := &bf.Pieces()[i]
		if coverValue(p.Cover) < CoverHard || p.Footprint.Locate(t.Position) != geom.Outside {
			continue
		}
		if !InContact(DistToPiece(t.Position, p)) || !p.Footprint.SegmentCrossesInterior(line) {
			continue
		}
		if o.HullDown == "auto" && p.Height > 0 && t.Hull.Height > 0 && p.Height < t.Hull.Height/2 {
			continue
		}
		return p.ID, true
	}
	return "", false
}

// flankModifiers adds the flank result of CR-26…CR-28.
func flankModifiers(bf *terrain.Battlefield, v *rulesets.Verdict, s, t *terrain.Model, o Options) {
	if p, ok := inBuilding(bf, t, o); ok {
		v.Allow("CR-27", "%s is in building %s and cannot be flanked (4.1.2)", t.ID, p.ID)
		return
	}
	tur, turret := o.Situation.Turrets[t.ID]
	w := FrontWedge(t, o, turret, tur.Facing*math.Pi/180, float64(tur.Radius))
	off := w.OffAxis(Centre(s, o))
	v.Measure("angle off the target's facing", round3(off), "deg")
	if w.InFrontOf(s, o) {
		v.Allow("CR-26", "%s is in the front of %s (%.1f° off its facing, wedge apex (%.3f,%.3f))", s.ID, t.ID, off, w.Apex.X, w.Apex.Y)
		return
	}
	v.Allow("CR-26", "%s fires from the flank or rear of %s (%.1f° off its facing)", s.ID, t.ID, off)
	if isVehicle(t) {
		v.Modify(rulesets.Modifier{Name: "flanked vehicle", Clause: "CR-28", Value: float64(o.VehicleFlank), Text: "reaction test"})
		return
	}
	v.Modify(rulesets.Modifier{Name: "flank", Clause: "CR-27", Value: FlankReaction, Text: "reaction test"})
	v.Modify(rulesets.Modifier{Name: "flank firepower", Clause: "CR-27", Value: FlankFirepower, Text: "percent firepower; no heavy weapons against the flanker"})
}

// HazardUnits returns the ids of units endangered by the line of fire from
// s to t (CR-31): every other unit whose centre is within 2 in of the
// segment (o.HazardZone "capsule"; "band" only between the two ends) or in
// contact with the target (footnote 7).
func HazardUnits(bf *terrain.Battlefield, s, t *terrain.Model, o Options) []string {
	sc, tc := Centre(s, o), Centre(t, o)
	seg := geom.Seg(sc, tc)
	dir := tc.Sub(sc)
	L2 := dir.Dot(dir)
	var ids []string
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.ID == s.ID || m.ID == t.ID || m.Airborne() {
			continue
		}
		c := Centre(m, o)
		d, _ := geom.DistPointSegment(c, seg)
		hit := d <= HazardWidth
		if hit && o.HazardZone == "band" && L2 > 0 {
			u := c.Sub(sc).Dot(dir) / L2
			hit = u >= 0 && u <= 1
		}
		if !hit && InContact(c.Sub(tc).Norm()) {
			hit = true
		}
		if hit {
			ids = append(ids, m.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

func hazard(bf *terrain.Battlefield, v *rulesets.Verdict, s, t *terrain.Model, o Options) {
	ids := HazardUnits(bf, s, t, o)
	if len(ids) == 0 {
		return
	}
	share := o.Situation.Successes / 2 // 2.2: round down
	text := "takes half the successes against the target"
	if o.Situation.Successes > 0 {
		text = fmt.Sprintf("takes %d of %d successes", share, o.Situation.Successes)
	}
	for _, id := range ids {
		v.Modify(rulesets.Modifier{Name: "line-of-fire hazard: " + id, Clause: "CR-31", Value: float64(share), Text: text})
	}
	v.Allow("CR-31", "the line of fire is not clear: %s within 2\" of it %s", strings.Join(ids, ", "), text)
}
