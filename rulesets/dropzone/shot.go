package dropzone

import (
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// CheckShot decides whether shooter may fire weapon w at target under the
// DZC shooting sequence ("Aktionen: Die Schussabfolge"): move-and-shoot
// (DZC-13), who may shoot aircraft (DZC-35, DZC-24), fire arc (DZC-14/15),
// range centre to centre (DZC-23, DZC-55), sight from the hull centre,
// elevated mount or walker centre (DZC-16/17/21/22), the vehicle
// visibility bands (DZC-18), infantry base centres (DZC-19), aircraft
// points (DZC-20), garrisons firing and fired at (DZC-49/50), and the
// modifiers cover, concealment, sniper and antigrav evasion (DZC-25…28).
// The shooter's state this turn (distance moved, ...) comes from
// opt.Units. Unknown ids give an error wrapping ErrQuery.
func CheckShot(bf *terrain.Battlefield, shooterID, targetID string, w Weapon, opt Options) (*rulesets.Verdict, error) {
	s, ok := bf.Model(shooterID)
	if !ok {
		return nil, fmt.Errorf("shooter %q: unknown model: %w", shooterID, ErrQuery)
	}
	t, ok := bf.Model(targetID)
	if !ok {
		return nil, fmt.Errorf("target %q: unknown model: %w", targetID, ErrQuery)
	}
	if err := w.validate("weapon"); err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	su, tu := opt.unit(s.ID), opt.unit(t.ID)
	sh := &shot{bf: bf, s: s, t: t, w: w, opt: &opt, v: v, su: su, tu: tu}
	sh.run()
	return v, nil
}

type shot struct {
	bf     *terrain.Battlefield
	s, t   *terrain.Model
	w      Weapon
	opt    *Options
	v      *rulesets.Verdict
	su, tu Unit
	acc    int // accuracy penalty sum (Ge)
	cover  bool
}

func (sh *shot) run() {
	v, s, t, w := sh.v, sh.s, sh.t, sh.w
	if sh.tu.Standby {
		v.Forbid("DZC-12", "%s is in standby off the table and cannot be shot", t.ID)
	}
	if sh.su.NoFire != "" {
		v.Forbid(sh.su.NoFire, "%s may not shoot this turn (%s)", s.ID, sh.su.NoFire)
	}
	// DZC-13 / DZC-49: a base assigned to a wall counts as not moved.
	moved := float64(sh.su.Moved)
	if s.Garrison != nil {
		moved = 0
	}
	v.Measure("moved", round6(moved), "in")
	bs := float64(w.BS)
	v.Measure("bs", bs, "in")
	if moved > bs+eps {
		v.Forbid("DZC-13", "%s moved %.3g in, more than the weapon's BS %g in", s.ID, moved, bs)
	} else {
		v.Allow("DZC-13", "moved %.3g in, not more than BS %g in", moved, bs)
	}
	reach := sh.aircraftRules()
	if s.Garrison == nil {
		sh.arc()
	}
	if t.Garrison != nil {
		sh.atGarrison(reach)
	} else if s.Garrison != nil {
		sh.fromGarrison(reach)
	} else {
		p := eyePoint(sh.bf, s, w.Elevated && sh.su.Raised || w.Elevated, sh.opt)
		if w.Elevated {
			v.Allow("DZC-21", "elevated mount: sight traced from %.3g in above the hull", elevatedRise)
		}
		sh.rangeCheck(p, reach)
		sh.sightFrom(p, s.ID)
	}
	sh.modifiers()
}

// aircraftRules applies DZC-35/24 and returns the range to use.
func (sh *shot) aircraftRules() Reach {
	v, t, w := sh.v, sh.t, sh.w
	reach := w.Range
	if sh.tu.GM == "A" && w.RangeA != nil {
		reach = *w.RangeA
		v.Allow("DZC-23", "target has active countermeasures (GM A): R(A) %s is used", reach)
	}
	if !airborne(t) {
		if t.Class == terrain.Aircraft {
			v.Allow("DZC-33", "%s has landed and counts as a ground vehicle", t.ID)
		}
		return reach
	}
	switch {
	case sh.tu.Fast && !w.Reaction:
		v.Forbid("DZC-35", "a fast aircraft can only be shot by AA reaction fire")
	case w.AA:
		v.Allow("DZC-35", "AA (LA) weapon may fire at the airborne aircraft %s", t.ID)
	case w.SmallArms && !sh.su.BelowHalf:
		reach = Reach{Inches: smallArmsAARange}
		v.Allow("DZC-24", "small arms replace their shots by one AA shot with %g in range", smallArmsAARange)
	case w.SmallArms:
		v.Forbid("DZC-24", "small arms of a base below half its LP cannot fire at aircraft")
	default:
		v.Forbid("DZC-35", "airborne aircraft %s can only be shot by AA (LA) weapons", t.ID)
	}
	return reach
}

func (sh *shot) arc() {
	v, s, t, w := sh.v, sh.s, sh.t, sh.w
	allowed, _ := parseArcs(w.Arc)
	arcs, bearing := ArcsOf(s, t.Position, *sh.opt)
	v.Measure("bearing", round6(bearing), "deg")
	ok, which, err := arcAllowed(s, t.Position, allowed, *sh.opt)
	switch {
	case err != nil:
		v.Forbid("DZC-14", "fire arc could not be laid: %v", err)
	case ok:
		v.Allow("DZC-14", "target centre at bearing %.1f° is in the %s arc (weapon FB %s)", bearing, which, arcString(allowed))
		v.Modify(rulesets.Modifier{Name: "arc " + which, Clause: "DZC-14"})
	default:
		v.Forbid("DZC-14", "target centre at bearing %.1f° lies in %v, outside the weapon's FB %s", bearing, arcs, arcString(allowed))
	}
	if w.KA != "" && w.KAArc != "" {
		in := false
		for _, a := range arcs {
			in = in || a == w.KAArc
		}
		if in {
			v.Allow("DZC-15", "co-axial %s fires into the same arc %s as its partner", w.KA, w.KAArc)
		} else {
			v.Forbid("DZC-15", "co-axial %s must fire into arc %s, where its partner fired", w.KA, w.KAArc)
		}
	}
}

func arcString(a []string) string {
	s := ""
	for i, x := range a {
		if i > 0 {
			s += "/"
		}
		s += x
	}
	return s
}

// rangeCheck measures from the point p to the target (DZC-23/55).
func (sh *shot) rangeCheck(p geom.Vec3, reach Reach) {
	v, t := sh.v, sh.t
	if reach.Melee {
		d := edgeDist(sh.s, t)
		v.Measure("gap", round6(d), "in")
		if d <= eps {
			v.Allow("DZC-55", "NK weapon: hull/base outlines touch")
		} else {
			v.Forbid("DZC-55", "NK weapon needs direct contact; the gap is %.3g in", d)
		}
		return
	}
	tp := sh.targetRangePoint()
	sh.rangeTo(p, tp, reach, "target centre")
}

// targetRangePoint is the target's centre, its hull standing on its
// ground; an aircraft's is the centre of its flight base on the ground
// under it (DZC-23).
func (sh *shot) targetRangePoint() geom.Vec3 {
	t := sh.t
	if t.Class == terrain.Aircraft {
		return geom.Lift(t.Position, t.Ground())
	}
	return geom.Lift(t.Position, t.Ground()+t.Height()/2)
}

func (sh *shot) rangeTo(p, tp geom.Vec3, reach Reach, what string) bool {
	v := sh.v
	d := planDist(geom.Flat(p), geom.Flat(tp))
	if sh.opt.Range == "3d" {
		d = p.Sub(tp).Norm()
	}
	v.Measure("range", round6(d), "in")
	if reach.Unlimited {
		v.Allow("DZC-23", "range %.3f in to the %s; R ∞ reaches the whole table", d, what)
		return true
	}
	v.Measure("maxRange", reach.Inches, "in")
	in := d < reach.Inches+eps
	if !sh.opt.RangeInclusive {
		in = d < reach.Inches-eps
	}
	if in {
		v.Allow("DZC-23", "range %.3f in to the %s is within %g in", d, what, reach.Inches)
	} else {
		v.Forbid("DZC-23", "range %.3f in to the %s exceeds %g in", d, what, reach.Inches)
	}
	return in
}

// sightFrom decides sight and the DZC-18/19/20/21 visibility from the
// point p; ignore names the shooter (or is "" for a window).
func (sh *shot) sightFrom(p geom.Vec3, shooterID string) bool {
	v, t := sh.v, sh.t
	lo := sightOptions(sh.opt)
	if shooterID != "" && groundVehicle(sh.s) {
		lo.ThroughOwnSquad = 1
	}
	ign := []string{}
	if shooterID != "" {
		ign = append(ign, shooterID)
	}
	ign = append(ign, t.ID)
	switch {
	case airborne(t):
		tp := aircraftPoint(sh.bf, t, sh.opt)
		r := los.SightSegment(sh.bf, p, tp, lo, ign...)
		if !r.Clear {
			v.Forbid("DZC-16", "the sightline to the aircraft's point at %.3g in is blocked by %s", tp.Z, r.Blocker.ID)
			return false
		}
		v.Allow("DZC-16", "the sightline to the aircraft's point at %.3g in is clear", tp.Z)
		v.Allow("DZC-20", "an airborne aircraft cannot be in cover")
		return true
	case infantry(t):
		tp := infantryPoint(t, sh.opt)
		r := los.SightSegment(sh.bf, p, tp, lo, ign...)
		if !r.Clear {
			v.Forbid("DZC-19", "the centre of %s's base is hidden by %s", t.ID, r.Blocker.ID)
			return false
		}
		v.Allow("DZC-19", "the centre of %s's base is visible", t.ID)
		return true
	}
	// DZC-18: vehicles by visible hull fraction.
	fo := lo
	fo.Exclude = append(fo.Exclude, ign...)
	if shooterID != "" && groundVehicle(sh.s) {
		mates := sh.squadMatesOnLine(p)
		if len(mates) >= 2 {
			v.Forbid("DZC-17", "the sightline passes %d vehicles of the own squad (only one may be fired through)", len(mates))
			return false
		}
		if len(mates) == 1 && sh.opt.FractionSquadMate == "ignore" {
			fo.Exclude = append(fo.Exclude, mates[0])
			v.Allow("DZC-17", "fires through one vehicle of its own squad, %s", mates[0])
		}
	}
	fr, err := los.VisibleFractionFrom(sh.bf, p, t.ID, fo)
	if err != nil {
		v.Forbid("DZC-18", "visible fraction could not be measured: %v", err)
		return false
	}
	f := fr.Fraction
	v.Measure("visibleFraction", round6(f), "")
	band := sh.band(f)
	switch band {
	case "none":
		if sh.tu.Raised {
			// DZC-21: an enemy using its elevated point may be targeted there.
			tp := raisedPoint(t, sh.opt)
			if r := los.SightSegment(sh.bf, p, tp, lo, ign...); r.Clear {
				v.Allow("DZC-21", "only %.0f%% of the hull is visible, but the raised sight point of %s is: it counts as in cover", 100*f, t.ID)
				sh.cover = true
				return true
			}
		}
		v.Forbid("DZC-18", "only %.1f%% of the hull is visible: out of sight", 100*f)
		return false
	case "cover":
		v.Allow("DZC-18", "%.1f%% of the hull is visible: the target is in cover", 100*f)
		sh.cover = true
	default:
		v.Allow("DZC-18", "%.1f%% of the hull is visible: clear", 100*f)
	}
	if sh.tu.Raised {
		sh.cover = true
		v.Allow("DZC-21", "%s traces sight from its elevated point and counts as in cover", t.ID)
	}
	return true
}

// band classifies a visible fraction by the DZC-18 bands (coverBands).
func (sh *shot) band(f float64) string {
	switch coverBands(*sh.opt).Band(f) {
	case 0:
		return "none"
	case 1:
		return "cover"
	}
	return "clear"
}

// coverBands returns the DZC-18 bands of o as los.Bands: below
// CoverBand[0] out of sight, up to CoverBand[1] in cover, above it clear.
// With BandEdges "inclusive" (Ambiguity 3: "10-50%" read inclusively) both
// edges are cover; "exclusive" puts both outside it. Fractions within
// bandTolerance of an edge count as on it.
func coverBands(o Options) los.Bands {
	incl := o.BandEdges != "exclusive"
	return los.Bands{Edges: []float64{o.CoverBand[0], o.CoverBand[1]}, Inclusive: []bool{!incl, incl}, Tolerance: bandTolerance}
}

// squadMatesOnLine lists the shooter's squad vehicles whose plan the line
// from p to the target centre passes through (DZC-17).
func (sh *shot) squadMatesOnLine(p geom.Vec3) []string {
	if sh.s.Squad == "" {
		return nil
	}
	line := geom.Seg(geom.Flat(p), sh.t.Position)
	var out []string
	for _, i := range sh.bf.Squad(sh.s.Squad) {
		m := &sh.bf.Models()[i]
		if m.ID == sh.s.ID || m.ID == sh.t.ID || !groundVehicle(m) {
			continue
		}
		if crossesModel(line, m) {
			out = append(out, m.ID)
		}
	}
	return out
}

// crossesModel reports whether the plan segment passes through the
// interior of m's footprint.
func crossesModel(line geom.Segment, m *terrain.Model) bool {
	if r, ok := m.HullRect(); ok {
		return geom.PolygonFromPoints(r.Ring()...).SegmentCrossesInterior(line)
	}
	d, _ := geom.DistPointSegment(m.Position, line)
	return d < baseWidth(m)/2
}

// modifiers adds cover, concealment and evasion (DZC-25…28, 36).
func (sh *shot) modifiers() {
	v, t, w := sh.v, sh.t, sh.w
	conceal := false
	if t.Garrison != nil {
		sh.cover, conceal = true, true
		v.Allow("DZC-50", "garrisoned infantry counts as in cover and concealment")
	} else if !airborne(t) {
		if infantry(t) {
			sh.infantryCover()
		}
		conceal = sh.concealed()
	}
	if sh.cover {
		if w.Sniper {
			v.Modify(rulesets.Modifier{Name: "cover (ignored: sniper)", Clause: "DZC-27"})
		} else if infantry(t) {
			v.Modify(rulesets.Modifier{Name: "cover", Clause: "DZC-25", Value: infantryCoverBonus, Text: "+1 to the roll needed to damage"})
		} else {
			v.Modify(rulesets.Modifier{Name: "cover", Clause: "DZC-18", Value: accuracyPenalty, Text: "+2 on Ge, max 6+"})
			sh.acc += accuracyPenalty
		}
	}
	if conceal {
		if w.Sniper {
			v.Modify(rulesets.Modifier{Name: "concealment (ignored: sniper)", Clause: "DZC-27"})
		} else {
			v.Modify(rulesets.Modifier{Name: "concealment", Clause: "DZC-26", Value: accuracyPenalty, Text: "+2 on Ge, max 6+"})
			sh.acc += accuracyPenalty
		}
	}
	if sh.tu.Type == "antigrav" && !airborne(t) {
		v.Measure("targetLastMove", round6(float64(sh.tu.LastMove)), "in")
		if sh.tu.LastMove >= evasionMove-eps {
			if w.AA {
				v.Modify(rulesets.Modifier{Name: "evasion (ignored: AA)", Clause: "DZC-28"})
			} else {
				v.Modify(rulesets.Modifier{Name: "evasion", Clause: "DZC-28", Value: accuracyPenalty, Text: "antigrav moved 6 in or more"})
				sh.acc += accuracyPenalty
			}
		}
	}
	if w.Reaction {
		v.Modify(rulesets.Modifier{Name: "reaction fire", Clause: "DZC-36", Value: accuracyPenalty, Text: "+2 on Ge"})
		sh.acc += accuracyPenalty
	}
	if w.Acc > 0 {
		ge := w.Acc + sh.acc
		if ge > accuracyCap {
			ge = accuracyCap
		}
		v.Measure("accuracy", float64(ge), "Ge+")
	}
}

// infantryCover applies DZC-25: a cover piece within 1 in of the base
// that hides at least 50 % of it from the shooter, or one the base centre
// is inside.
func (sh *shot) infantryCover() {
	t := sh.t
	base := t.BaseShape()
	eye := eyePoint(sh.bf, sh.s, sh.w.Elevated, sh.opt)
	pieces := sh.bf.Pieces()
	for i := range pieces {
		pc := &pieces[i]
		if pc.Cover == terrain.CoverNone || pc.Kind == terrain.Building {
			continue
		}
		if pc.Footprint.Locate(t.Position) != geom.Outside {
			sh.v.Allow("DZC-25", "%s is inside cover terrain %s", t.ID, pc.ID)
			sh.cover = true
			return
		}
		d := shapeDist(base, pc)
		if d > coverReach+eps {
			continue
		}
		// Only this piece occludes: how much of the base volume does it hide?
		lo := los.Options{IgnoreModels: true, GrazingBlocks: sh.opt.GrazingBlocks}
		for j := range pieces {
			if j != i {
				lo.Exclude = append(lo.Exclude, pieces[j].ID)
			}
		}
		fr, err := los.VisibleFractionFrom(sh.bf, eye, t.ID, lo)
		if err != nil {
			continue
		}
		hidden := 1 - fr.Fraction
		sh.v.Measure("coverDistance:"+pc.ID, round6(d), "in")
		sh.v.Measure("obscured:"+pc.ID, round6(hidden), "")
		if hidden >= coverObscured-1e-9 {
			sh.v.Allow("DZC-25", "%s is %.3g in from %s, which hides %.0f%% of it: in cover", t.ID, d, pc.ID, 100*hidden)
			sh.cover = true
			return
		}
	}
}

// concealed applies DZC-26.
func (sh *shot) concealed() bool {
	t := sh.t
	pieces := sh.bf.Pieces()
	line := geom.Seg(sh.s.Position, t.Position)
	for i := range pieces {
		pc := &pieces[i]
		if pc.Sight != terrain.SightConcealing && pc.Kind != terrain.Smoke {
			continue
		}
		if pc.Footprint.Locate(t.Position) != geom.Outside {
			sh.v.Allow("DZC-26", "%s is inside concealing terrain %s", t.ID, pc.ID)
			return true
		}
		if sh.opt.Concealment == "line" && pc.Footprint.SegmentCrossesInterior(line) && pc.Footprint.Locate(sh.s.Position) == geom.Outside {
			sh.v.Allow("DZC-26", "%s is behind concealing terrain %s", t.ID, pc.ID)
			return true
		}
	}
	return false
}

// fromGarrison handles DZC-49: a base assigned to a wall fires from any
// window of it; the best legal window is chosen.
func (sh *shot) fromGarrison(reach Reach) {
	v, s := sh.v, sh.s
	b, ok := sh.bf.Piece(s.Garrison.Building)
	if !ok || b.Building == nil {
		v.Forbid("DZC-49", "garrison building %q not found", s.Garrison.Building)
		return
	}
	if s.Garrison.Wall == "" {
		v.Forbid("DZC-49", "%s hides inside %s (no wall assigned) and cannot fire", s.ID, b.ID)
		return
	}
	g := garrisonValue(b, sh.opt)
	n := assignedCount(sh.bf, b.ID, "")
	v.Measure("assignedBases", float64(n), "")
	v.Measure("garrisonValue", float64(g), "")
	if n > g {
		v.Forbid("DZC-49", "%d bases are assigned to fire from %s, more than its G %d", n, b.ID, g)
	}
	var wall *terrain.Wall
	for i := range b.Building.Walls {
		if b.Building.Walls[i].ID == s.Garrison.Wall {
			wall = &b.Building.Walls[i]
		}
	}
	if wall == nil || len(wall.Windows) == 0 {
		v.Forbid("DZC-49", "wall %q of %s has no windows or openings to fire through", s.Garrison.Wall, b.ID)
		return
	}
	// A base placed on a floor fires from that floor's windows.
	face := garrisonFace(b, wall, s)
	onFloor := s.Garrison.Floor > 0 || s.Elevation != nil
	usable := func(win geom.Vec3) bool { return !onFloor || win.Z >= face.lo && win.Z <= face.hi }
	if !slices.ContainsFunc(wall.Windows, usable) {
		v.Forbid("DZC-49", "wall %q of %s has no windows on floor %d, where %s stands", s.Garrison.Wall, b.ID, s.Stand().Floor, s.ID)
		return
	}
	// Try each window on a scratch verdict; keep the legal one with the
	// shortest range, else the first window's verdict.
	best, bestD := 0, math.Inf(1)
	var bestV *rulesets.Verdict
	bestLegal := false
	for i, win := range wall.Windows {
		if !usable(win) {
			continue
		}
		p := nudgeOut(b, win)
		tmp := &shot{bf: sh.bf, s: sh.s, t: sh.t, w: sh.w, opt: sh.opt, v: rulesets.NewVerdict(), su: sh.su, tu: sh.tu}
		tmp.rangeTo(p, tmp.targetRangePoint(), reach, "target centre")
		tmp.sightFrom(p, "")
		d := planDist(geom.Flat(p), sh.t.Position)
		better := bestV == nil || (tmp.v.Legal && !bestLegal) || (tmp.v.Legal == bestLegal && d < bestD)
		if better {
			best, bestD, bestV, bestLegal = i, d, tmp.v, tmp.v.Legal
			sh.cover = tmp.cover
		}
	}
	for _, r := range bestV.Reasons {
		if r.Pass {
			v.Allow(r.Clause, "%s", r.Text)
		} else {
			v.Forbid(r.Clause, "%s", r.Text)
		}
	}
	for _, m := range bestV.Measures {
		v.Measure(m.Name, m.Value, m.Unit)
	}
	win := wall.Windows[best]
	v.Measure("windowX", win.X, "in")
	v.Measure("windowY", win.Y, "in")
	v.Measure("windowZ", win.Z, "in")
	v.Allow("DZC-49", "fires from window %d of wall %s at (%.3g, %.3g, %.3g)", best+1, wall.ID, win.X, win.Y, win.Z)
}

// nudgeOut moves a wall point 1e-4 in away from the building so sight from
// or to it is not decided by grazing the wall itself.
func nudgeOut(b *terrain.Piece, p geom.Vec3) geom.Vec3 {
	d, q := geom.DistPointPolygon(geom.Flat(p), b.Footprint)
	_ = d
	c := b.Footprint.Centroid()
	dir := q.Sub(c)
	if n := dir.Norm(); n > 0 {
		dir = dir.Mul(1e-4 / n)
	}
	return geom.V3(p.X+dir.X, p.Y+dir.Y, p.Z)
}

// atGarrison handles DZC-50: sight and range go to the nearest visible
// point of the wall the target base is assigned to.
func (sh *shot) atGarrison(reach Reach) {
	v, t := sh.v, sh.t
	if t.Garrison.Wall == "" {
		v.Forbid("DZC-50", "%s hides inside %s with no wall assigned: it cannot be targeted", t.ID, t.Garrison.Building)
		return
	}
	if side := sh.s.Side; side != "" && garrisonHasSide(sh.bf, t.Garrison.Building, side) {
		v.Forbid("DZC-50", "%s contains friendly infantry and may not be targeted", t.Garrison.Building)
	}
	b, _ := sh.bf.Piece(t.Garrison.Building)
	var wall *terrain.Wall
	for i := range b.Building.Walls {
		if b.Building.Walls[i].ID == t.Garrison.Wall {
			wall = &b.Building.Walls[i]
		}
	}
	if wall == nil {
		v.Forbid("DZC-50", "wall %q not found", t.Garrison.Wall)
		return
	}
	var eye geom.Vec3
	if sh.s.Garrison != nil {
		v.Forbid("DZC-50", "a garrison firing at another garrison is not modelled")
		return
	}
	eye = eyePoint(sh.bf, sh.s, sh.w.Elevated, sh.opt)
	face := garrisonFace(b, wall, t)
	pt, ok := nearestVisibleWallPoint(sh.bf, sh.opt, b, wall, eye, face, sh.s.ID)
	if !ok {
		v.Forbid("DZC-50", "no point of wall %s of %s is visible", wall.ID, b.ID)
		return
	}
	v.Measure("wallPointX", round6(pt.X), "in")
	v.Measure("wallPointY", round6(pt.Y), "in")
	v.Allow("DZC-50", "nearest visible point of wall %s is (%.3f, %.3f)", wall.ID, pt.X, pt.Y)
	sh.rangeTo(eye, pt, reach, "nearest visible wall point")
}

// wallPointHeight is the height wall points are seen at: the lowest window,
// else half a floor.
func wallPointHeight(b *terrain.Piece, w *terrain.Wall) float64 {
	z := math.Inf(1)
	for _, win := range w.Windows {
		z = math.Min(z, win.Z)
	}
	if math.IsInf(z, 1) {
		z = b.Building.FloorHeight(b.Height) / 2
	}
	return z
}

// wallFace is the part of a wall a garrison on one floor is targeted
// through: heights lo to hi (the floor's surface to the next floor's), and
// the height z tried first.
type wallFace struct{ z, lo, hi float64 }

// wallFaceLevels is how many heights of the face nearestVisibleWallPoint
// tries at a wall point when the first height is hidden.
const wallFaceLevels = 8

// garrisonFace returns the face of wall w of building b for the garrison
// t: its floor of the wall (terrain.Model.Stand), first tried at the
// lowest window within the floor (on the ground floor, the wall's lowest
// window, as wallPointHeight), else half way up the floor.
func garrisonFace(b *terrain.Piece, w *terrain.Wall, t *terrain.Model) wallFace {
	k := max(t.Stand().Floor, 1)
	lo, hi := b.Building.FloorZ(k, b.Height), b.Height
	if k < b.Building.Floors {
		hi = b.Building.FloorZ(k+1, b.Height)
	}
	z := math.Inf(1)
	for _, win := range w.Windows {
		if win.Z >= lo && win.Z <= hi || k == 1 {
			z = math.Min(z, win.Z)
		}
	}
	if math.IsInf(z, 1) {
		z = lo + (hi-lo)/2
	}
	return wallFace{z: z, lo: lo, hi: hi}
}

// nearestVisibleWallPoint samples the wall, then refines by bisection
// towards the nearer hidden neighbour of the best visible sample. A wall
// point is visible when its face is seen at face.z or, that hidden, at one
// of wallFaceLevels heights spread over the face (a low wall in front
// hiding the lower part leaves the part above a target); the point
// returned is at the first height seen.
func nearestVisibleWallPoint(bf *terrain.Battlefield, opt *Options, b *terrain.Piece, w *terrain.Wall, eye geom.Vec3, face wallFace, shooter string) (geom.Vec3, bool) {
	lo := sightOptions(opt)
	seg := w.Segment()
	heights := []float64{face.z}
	for k := range wallFaceLevels {
		heights = append(heights, face.lo+(float64(k)+0.5)*(face.hi-face.lo)/wallFaceLevels)
	}
	seen := func(t float64) (float64, bool) {
		for _, z := range heights {
			if los.SightSegment(bf, eye, nudgeOut(b, geom.Lift(seg.At(t), z)), lo, shooter).Clear {
				return z, true
			}
		}
		return 0, false
	}
	vis := func(t float64) bool {
		_, ok := seen(t)
		return ok
	}
	const n = 128
	best, bestD := -1, math.Inf(1)
	for i := 0; i <= n; i++ {
		tt := float64(i) / n
		if d := planDist(seg.At(tt), geom.Flat(eye)); d < bestD && vis(tt) {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return geom.Vec3{}, false
	}
	tb := float64(best) / n
	for _, nb := range []int{best - 1, best + 1} {
		if nb < 0 || nb > n {
			continue
		}
		tn := float64(nb) / n
		if vis(tn) || planDist(seg.At(tn), geom.Flat(eye)) >= bestD {
			continue
		}
		a, c := tb, tn // a visible, c hidden
		for k := 0; k < 50; k++ {
			m := (a + c) / 2
			if vis(m) {
				a = m
			} else {
				c = m
			}
		}
		if d := planDist(seg.At(a), geom.Flat(eye)); d < bestD {
			tb, bestD = a, d
		}
	}
	z, _ := seen(tb)
	return geom.Lift(seg.At(tb), z), true
}

// garrisonValue is a building's G: its Garrison field, else its DZC-46
// class's G.
func garrisonValue(b *terrain.Piece, opt *Options) int {
	if b.Building != nil && b.Building.Garrison > 0 {
		return b.Building.Garrison
	}
	return buildingClasses[classOf(b, opt)].G
}

// assignedCount counts the bases garrisoned in building b and assigned to a
// wall (wall "" means any wall).
func assignedCount(bf *terrain.Battlefield, b, wall string) int {
	n := 0
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.Garrison != nil && m.Garrison.Building == b && m.Garrison.Wall != "" && (wall == "" || m.Garrison.Wall == wall) {
			n++
		}
	}
	return n
}

// garrisonHasSide reports whether building b holds a base of the side.
func garrisonHasSide(bf *terrain.Battlefield, b, side string) bool {
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.Garrison != nil && m.Garrison.Building == b && m.Side == side {
			return true
		}
	}
	return false
}
