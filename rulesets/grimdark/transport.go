package grimdark

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Spaces returns the transport places a model with profile p takes and
// whether it may board at all (GF-22, TransportSpaces reading): heroes up
// to Tough(6) and non-heroes up to Tough(3) board; under "non-heroes" a
// non-hero of Tough 2 or 3 takes 3 places and everyone else 1, under
// "tough" every boarding model of Tough 2 or more takes 3.
func Spaces(p ModelProfile, reading string) (int, bool) {
	t := max(p.Tough, 1)
	if (p.Hero && t > heroToughMax) || (!p.Hero && t > nonHeroToughMax) {
		return 0, false
	}
	if t >= 2 && (!p.Hero || reading == "tough") {
		return bigSpaces, true
	}
	return 1, true
}

// CheckEmbark decides whether unit may board the transport model with
// action (GF-22 capacity with the units already aboard; GF-23: any move
// action, every model able to reach the transport within its move,
// edge to edge, plus EmbarkReach).
func CheckEmbark(bf *terrain.Battlefield, unit, transport, action string, opt Options) (*rulesets.Verdict, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, err
	}
	tm, ok := bf.Model(transport)
	if !ok {
		return nil, queryErr("transport", fmt.Sprintf("%q", transport), "unknown model")
	}
	tu, _ := findUnit(bf, "transport", transport)
	v := rulesets.NewVerdict()
	capacity(v, bf, u, tu, tm, opt)
	if action == Charge {
		v.Forbid("GF-23", "units board with a move action (hold, advance or rush), not a charge")
		return v, nil
	}
	allow, err := allowance(v, action, opt.unit(u.Name))
	if err != nil {
		return nil, err
	}
	reach := allow + float64(opt.EmbarkReach)
	tf := movement.FootprintOf(tm)
	far := movement.Link{Distance: -1}
	for _, fp := range u.footprints() {
		if d := fp.Distance(tf, movement.Edges); d > far.Distance {
			far = movement.Link{From: fp.ID, To: tm.ID, Distance: d}
		}
	}
	v.Measure("farthest", far.Distance, "in")
	if far.Distance > reach+eps {
		v.Forbid("GF-23", "%s is %.3f in from %s, beyond the %g in it may move to board", far.From, r3(far.Distance), tm.ID, reach)
	} else {
		v.Allow("GF-23", "every model can reach %s within %g in (farthest %s at %.3f in)", tm.ID, reach, far.From, r3(far.Distance))
	}
	return v, nil
}

// capacity applies GF-22 to unit boarding transport tm, counting the
// units already aboard (Units[...].EmbarkedIn).
func capacity(v *rulesets.Verdict, bf *terrain.Battlefield, u, tu unitRef, tm *terrain.Model, opt Options) {
	x := opt.unit(tu.Name).Transport
	if x <= 0 {
		v.Forbid("GF-22", "%s has no Transport(X) (options.units.%s.transport)", tm.ID, tu.Name)
		return
	}
	used := 0
	for _, o := range otherUnits(bf, u.Name) {
		if opt.unit(o.Name).EmbarkedIn == tm.ID {
			for _, m := range o.Models {
				s, _ := Spaces(opt.model(m.ID), opt.TransportSpaces)
				used += s
			}
		}
	}
	need := 0
	var big, refused []string
	for _, m := range u.Models {
		s, ok := Spaces(opt.model(m.ID), opt.TransportSpaces)
		if !ok {
			refused = append(refused, fmt.Sprintf("%s (Tough %d)", m.ID, opt.model(m.ID).Tough))
			continue
		}
		if s > 1 {
			big = append(big, m.ID)
		}
		need += s
	}
	v.Measure("spacesNeeded", float64(need), "places")
	v.Measure("spacesFree", float64(x-used), "places")
	if len(refused) > 0 {
		v.Forbid("GF-22", "too tough to board (heroes up to Tough %d, others up to Tough %d): %s", heroToughMax, nonHeroToughMax, strings.Join(refused, ", "))
	}
	what := fmt.Sprintf("%d places (%d models", need, len(u.Models))
	if len(big) > 0 {
		what += fmt.Sprintf("; %s take %d each", strings.Join(big, ", "), bigSpaces)
	}
	what += ")"
	if need > x-used {
		v.Forbid("GF-22", "%s needs %s but %s has %d of %d free", u.Name, what, tm.ID, x-used, x)
		return
	}
	v.Allow("GF-22", "%s needs %s; %s has %d of %d free", u.Name, what, tm.ID, x-used, x)
}

// CheckDisembark decides whether unit, leaving transport (or placed
// around it when it was destroyed), may stand at positions (by model id;
// models not listed stand where the file puts them): within 6 in of the
// transport, edge to edge (GF-23), 1 in from other units but the
// transport (GF-07), and coherent (GF-06).
func CheckDisembark(bf *terrain.Battlefield, unit, transport string, positions map[string]geom.Point, opt Options) (*rulesets.Verdict, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, err
	}
	tm, ok := bf.Model(transport)
	if !ok {
		return nil, queryErr("transport", fmt.Sprintf("%q", transport), "unknown model")
	}
	paths := map[string][]geom.Point{}
	for _, id := range slices.Sorted(mapsKeys(positions)) {
		paths[id] = []geom.Point{positions[id]}
	}
	full, err := fullPaths(u, paths, "positions")
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	tf := movement.FootprintOf(tm)
	res := MoveResult{End: map[string]geom.Point{}}
	far := movement.Link{Distance: -1}
	for _, m := range u.Models {
		p := full[m.ID][len(full[m.ID])-1]
		res.End[m.ID] = p
		if d := movement.FootprintAt(m, p).Distance(tf, movement.Edges); d > far.Distance {
			far = movement.Link{From: m.ID, To: tm.ID, Distance: d}
		}
	}
	v.Measure("farthest", far.Distance, "in")
	if far.Distance > disembarkReach+eps {
		v.Forbid("GF-23", "%s ends %.3f in from %s: units leaving a transport stay within %g in", far.From, r3(far.Distance), tm.ID, disembarkReach)
	} else {
		v.Allow("GF-23", "every model is within %g in of %s (farthest %s at %.3f in)", disembarkReach, tm.ID, far.From, r3(far.Distance))
	}
	tu, _ := findUnit(bf, "transport", transport)
	endPositions(bf, v, &res, u, opt.unit(u.Name), &tu, opt)
	return v, nil
}

// CheckAfterMelee applies GF-10 to the attacking unit's moves after a
// melee: when the other unit was destroyed it may move up to 3 in;
// otherwise each model must move back 1 in if possible. A model without a
// path that must fall back is tried straight away from its nearest enemy
// and reported when that is impossible.
func CheckAfterMelee(bf *terrain.Battlefield, unit, enemy string, destroyed bool, paths map[string][]geom.Point, opt Options) (*rulesets.Verdict, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, err
	}
	e, err := findUnit(bf, "enemy", enemy)
	if err != nil {
		return nil, err
	}
	full, err := fullPaths(u, paths, "paths")
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	if destroyed {
		for _, m := range u.Models {
			if l := movement.PathLength(full[m.ID]); l > consolidate+eps {
				v.Forbid("GF-10", "%s moves %.3f in; after destroying the enemy a unit moves up to %g in", m.ID, r3(l), consolidate)
			}
		}
		if v.Legal {
			v.Allow("GF-10", "the enemy was destroyed: every model moves at most %g in", consolidate)
		}
		return v, nil
	}
	ef := e.footprints()
	for _, m := range u.Models {
		fallBackModel(bf, v, m, full[m.ID], ef, u)
	}
	return v, nil
}

// fallBackModel checks one model's 1 in move back (GF-10, Errata 2: move
// back by 1 in, not end 1 in away).
func fallBackModel(bf *terrain.Battlefield, v *rulesets.Verdict, m *terrain.Model, path []geom.Point, ef []movement.Footprint, u unitRef) {
	me := movement.FootprintOf(m)
	n, _ := movement.Nearest([]movement.Footprint{me}, ef, movement.Edges)
	var enemyC geom.Point
	for _, f := range ef {
		if f.ID == n.To {
			enemyC = f.Center
		}
	}
	if len(path) >= 2 {
		l := movement.PathLength(path)
		end := movement.FootprintAt(m, path[len(path)-1])
		n2, _ := movement.Nearest([]movement.Footprint{end}, ef, movement.Edges)
		switch {
		case math.Abs(l-fallBack) > 1e-6:
			v.Forbid("GF-10", "%s moves %.3f in; the attacker moves back %g in", m.ID, r3(l), fallBack)
		case n2.Distance < n.Distance+fallBack-1e-6:
			v.Forbid("GF-10", "%s does not move back %g in: %.3f in from %s before, %.3f in after", m.ID, fallBack, r3(n.Distance), n.To, r3(n2.Distance))
		default:
			v.Allow("GF-10", "%s moves back %g in (%.3f in -> %.3f in from %s)", m.ID, fallBack, r3(n.Distance), r3(n2.Distance), n.To)
		}
		return
	}
	away := m.Position.Sub(enemyC)
	if away.Norm() < 1e-12 {
		away = geom.Pt(0, -1)
	}
	to := m.Position.Add(away.Mul(fallBack / away.Norm()))
	pr, err := movement.CheckPath(bf, m.ID, []geom.Point{m.Position, to}, movement.PathOptions{Ignore: u.ids()})
	if err == nil && pr.Legal {
		v.Forbid("GF-10", "%s must move back %g in, e.g. to (%.3f, %.3f)", m.ID, fallBack, r3(to.X), r3(to.Y))
		return
	}
	why := "it would leave the table"
	if err == nil && len(pr.Violations) > 0 {
		why = pr.Violations[0].Detail
	}
	v.Allow("GF-10", "%s cannot move straight back %g in from %s (%s): not possible, it stays", m.ID, fallBack, n.To, why)
}

// CheckCaster applies GF-21: model may help (or hinder) caster's unit
// when it is within 18 in of and in sight of a model of that unit (any
// models, enemies too: Errata 4).
func CheckCaster(bf *terrain.Battlefield, model, caster string, opt Options) (*rulesets.Verdict, error) {
	m, ok := bf.Model(model)
	if !ok {
		return nil, queryErr("model", fmt.Sprintf("%q", model), "unknown model")
	}
	cu, err := findUnit(bf, "caster", caster)
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	me := movement.FootprintOf(m)
	so := opt.sight(append([]string{m.ID}, cu.ids()...))
	best, near := "", math.Inf(1)
	for _, c := range cu.Models {
		d := me.Distance(movement.FootprintOf(c), opt.measure())
		near = math.Min(near, d)
		if d > casterReach+eps || c.ID == m.ID {
			continue
		}
		s, err := sightOf(bf, m.ID, c.ID, so)
		if err != nil {
			return nil, err
		}
		if s {
			best = c.ID
			break
		}
	}
	v.Measure("distance", near, "in")
	if best == "" {
		v.Forbid("GF-21", "%s is not both within %g in and in sight of a model of %s (nearest %.3f in)", m.ID, casterReach, cu.Name, r3(near))
		return v, nil
	}
	v.Allow("GF-21", "%s sees %s of %s within %g in", m.ID, best, cu.Name, casterReach)
	return v, nil
}

// FireAssignment is one weapon type fired at one target unit.
type FireAssignment struct {
	Weapon string `json:"weapon" scenario:"required"`
	Target string `json:"target" scenario:"required"`
}

// CheckFirePlan applies GF-17's split fire: a unit fires at up to two
// different targets, each weapon type at one target.
func CheckFirePlan(bf *terrain.Battlefield, unit string, plan []FireAssignment) (*rulesets.Verdict, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	targets, byWeapon := []string{}, map[string]string{}
	for i, a := range plan {
		t, err := findUnit(bf, fmt.Sprintf("plan[%d].target", i), a.Target)
		if err != nil {
			return nil, err
		}
		if prev, ok := byWeapon[a.Weapon]; ok && prev != t.Name {
			v.Forbid("GF-17", "weapon type %q of %s is split between %s and %s: each type fires at one target", a.Weapon, u.Name, prev, t.Name)
		}
		byWeapon[a.Weapon] = t.Name
		if !slices.Contains(targets, t.Name) {
			targets = append(targets, t.Name)
		}
	}
	if len(targets) > 2 {
		v.Forbid("GF-17", "%s fires at %d targets (%s): at most two", u.Name, len(targets), strings.Join(targets, ", "))
	}
	if v.Legal {
		v.Allow("GF-17", "%s fires at %s, each weapon type at one of them", u.Name, strings.Join(targets, " and "))
	}
	return v, nil
}
