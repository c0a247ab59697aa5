package grimdark

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Closest is the "as close as possible" answer for one model: where it
// can end nearest to the enemy and the gap left there.
type Closest struct {
	ID string `json:"id"`
	// Gap is the model's gap where it ends (or stands), Best the smallest
	// gap any legal end reaches, At that end and Toward the enemy model.
	Gap      float64   `json:"gap"`
	Best     float64   `json:"best"`
	At       []float64 `json:"at"`
	Toward   string    `json:"toward"`
	Contact  bool      `json:"contact"`
	Possible bool      `json:"possible"`
}

// ChargeResult holds what CheckCharge measured.
type ChargeResult struct {
	MoveResult
	// Reach is the charge range and Nearest the distance between the
	// units where they stand (GF-07).
	Reach   float64 `json:"reach"`
	Nearest float64 `json:"nearest"`
	// InContact are the chargers ending in base contact; Closest the
	// search for every charger that does not (GF-08).
	InContact []string  `json:"inContact"`
	Closest   []Closest `json:"closest"`
	// Defenders are the defending models' follow-up moves of up to 3 in
	// (GF-08): into contact, or as close as possible.
	Defenders []Closest `json:"defenders"`
}

// CheckCharge decides whether unit may charge target with the given paths
// (GF-07: a model within charge range, the 1 in exclusion for every other
// unit; GF-08: each charger ends in base contact or as close as possible,
// found by search and reported; GF-14: aircraft cannot be charged), with
// the move rules of CheckMove, and answers the defenders' 3 in follow-up.
func CheckCharge(bf *terrain.Battlefield, unit, target string, paths map[string][]geom.Point, opt Options) (*rulesets.Verdict, ChargeResult, error) {
	return CheckChargeAndFollowUp(bf, unit, target, paths, nil, opt)
}

// CheckChargeAndFollowUp is CheckCharge that also checks the defenders'
// follow-up moves (GF-08: "woraufhin die Verteidiger dasselbe tun müssen,
// wobei sie sich bis zu 3" bewegen können"): each defender with a path
// moves at most 3 in and ends in base contact with a charger or as close
// as possible. Defenders without a path are answered, not checked.
func CheckChargeAndFollowUp(bf *terrain.Battlefield, unit, target string, paths, defenders map[string][]geom.Point, opt Options) (*rulesets.Verdict, ChargeResult, error) {
	return CheckChargeWithin(bf, unit, target, paths, defenders, opt, nil)
}

// CheckChargeWithin is CheckChargeAndFollowUp with the searches for the
// closest end positions charged to b (nil: no budget of the caller's):
// each search keeps movement's default allowance of
// movement.DefaultRouteWork operations and also spends b, and once b is
// spent or its context done the check fails with an error wrapping
// budget.ErrExceeded (never a verdict from a cut-short search).
func CheckChargeWithin(bf *terrain.Battlefield, unit, target string, paths, defenders map[string][]geom.Point, opt Options, b *budget.Budget) (*rulesets.Verdict, ChargeResult, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, ChargeResult{}, err
	}
	t, err := findUnit(bf, "target", target)
	if err != nil {
		return nil, ChargeResult{}, err
	}
	if u.Name == t.Name {
		return nil, ChargeResult{}, queryErr("target", fmt.Sprintf("%q", target), "the charging unit itself")
	}
	v := rulesets.NewVerdict()
	prof := opt.unit(u.Name)
	if opt.unit(t.Name).Aircraft {
		v.Forbid("GF-14", "%s is an aircraft: aircraft cannot be charged", t.Name)
	}
	if !enemies(u, t) {
		v.Forbid("GF-08", "%s is a friendly unit (side %s): charges target enemies", t.Name, side(t))
	}
	allow, err := allowance(v, Charge, prof)
	if err != nil {
		return nil, ChargeResult{}, err
	}
	var res ChargeResult
	res.Reach = allow
	if opt.ChargeReach > 0 {
		res.Reach = float64(opt.ChargeReach)
	}
	n, _ := nearest(u.footprints(), t.footprints(), opt.measure())
	res.Nearest = n.Distance
	v.Measure("chargeReach", res.Reach, "in")
	v.Measure("nearest", n.Distance, "in")
	if n.Distance <= res.Reach+eps {
		v.Allow("GF-07", "%s is %.3f in from %s, within the %g in charge range", n.From, r3(n.Distance), n.To, res.Reach)
	} else {
		v.Forbid("GF-07", "the nearest model %s is %.3f in from %s, beyond the %g in charge range", n.From, r3(n.Distance), n.To, res.Reach)
	}
	full, err := fullPaths(u, paths, "paths")
	if err != nil {
		return nil, ChargeResult{}, err
	}
	mr, err := checkUnitMove(bf, v, u, prof, allow, full, &t, opt)
	if err != nil {
		return nil, ChargeResult{}, err
	}
	res.MoveResult = mr
	if err := contact(bf, v, &res, u, t, allow, opt, b); err != nil {
		return nil, ChargeResult{}, err
	}
	if len(defenders) > 0 {
		dp, err := fullPaths(t, defenders, "defenders")
		if err != nil {
			return nil, ChargeResult{}, err
		}
		followUp(bf, v, &res, u, t, dp, defenders, opt)
	}
	return v, res, nil
}

// followUp checks the defenders' given paths against the searched closest
// positions (GF-08).
func followUp(bf *terrain.Battlefield, v *rulesets.Verdict, res *ChargeResult, u, t unitRef, dp, given map[string][]geom.Point, opt Options) {
	cf := make([]movement.Footprint, 0, len(u.Models))
	ends := map[string]movement.Footprint{}
	for _, m := range u.Models {
		cf = append(cf, movement.FootprintAt(m, res.End[m.ID]))
		ends[m.ID] = cf[len(cf)-1]
	}
	for _, m := range t.Models { // defenders move at the same time
		if _, ok := given[m.ID]; ok {
			ends[m.ID] = movement.FootprintAt(m, dp[m.ID][len(dp[m.ID])-1])
		}
	}
	tol := float64(opt.ApproachTolerance)
	for i, m := range t.Models {
		if _, ok := given[m.ID]; !ok {
			continue
		}
		path := dp[m.ID]
		if l := movement.PathLength(path); l > defenderMove+eps {
			v.Forbid("GF-08", "defender %s moves %.3f in, more than %g in", m.ID, r3(l), defenderMove)
			continue
		}
		end := movement.FootprintAt(m, path[len(path)-1])
		if o, ok := overlapping(end, obstacles(bf, m.ID, ends)); ok {
			v.Forbid("GF-08", "defender %s would end overlapping %s", m.ID, o)
			continue
		}
		l, _ := movement.Nearest([]movement.Footprint{end}, cf, movement.Edges)
		best := res.Defenders[i]
		if best.Possible && l.Distance > best.Best+tol+eps {
			v.Forbid("GF-08", "defender %s ends %.3f in from %s, but could end %.3f in away at (%.3f, %.3f)", m.ID, r3(l.Distance), l.To, r3(best.Best), best.At[0], best.At[1])
			continue
		}
		v.Allow("GF-08", "defender %s ends %.3f in from %s: as close as its %g in allow", m.ID, r3(l.Distance), l.To, defenderMove)
	}
}

// contact applies GF-08 to the chargers' end positions.
func contact(bf *terrain.Battlefield, v *rulesets.Verdict, res *ChargeResult, u, t unitRef, allow float64, opt Options, b *budget.Budget) error {
	res.InContact, res.Closest = []string{}, []Closest{}
	ends := map[string]movement.Footprint{}
	for _, m := range u.Models {
		ends[m.ID] = movement.FootprintAt(m, res.End[m.ID])
	}
	tf := t.footprints()
	for _, m := range u.Models {
		l, _ := movement.Nearest([]movement.Footprint{ends[m.ID]}, tf, movement.Edges)
		if l.Distance <= movement.ContactTolerance {
			res.InContact = append(res.InContact, m.ID)
			continue
		}
		move := allow
		if slices.Contains(res.Capped, m.ID) {
			move = math.Min(allow, difficultCap)
		}
		obst := obstacles(bf, m.ID, ends)
		c, err := closest(bf, m, tf, move, obst, keepOut(bf, u, t, opt), opt, b)
		if err != nil {
			return err
		}
		c.Gap = l.Distance
		res.Closest = append(res.Closest, c)
		switch {
		case !c.Possible:
			v.Allow("GF-08", "%s ends %.3f in from %s: the search found no legal end position within its move", m.ID, r3(l.Distance), l.To)
		case c.Contact && l.Distance > c.Best+float64(opt.ApproachTolerance)+eps:
			v.Forbid("GF-08", "%s ends %.3f in from %s, but could reach base contact with %s at (%.3f, %.3f): chargers end in base contact or as close as possible",
				m.ID, r3(l.Distance), l.To, c.Toward, c.At[0], c.At[1])
		case l.Distance > c.Best+float64(opt.ApproachTolerance)+eps:
			v.Forbid("GF-08", "%s ends %.3f in from %s, but could end %.3f in from %s at (%.3f, %.3f): chargers end in base contact or as close as possible",
				m.ID, r3(l.Distance), l.To, r3(c.Best), c.Toward, c.At[0], c.At[1])
		default:
			v.Allow("GF-08", "%s ends %.3f in from %s: no legal end is closer than %.3f in (search tolerance %g in)", m.ID, r3(l.Distance), l.To, r3(c.Best), float64(opt.ApproachTolerance))
		}
	}
	if len(res.InContact) > 0 {
		v.Allow("GF-08", "in base contact with %s: %s", t.Name, strings.Join(res.InContact, ", "))
	}
	res.Defenders = []Closest{}
	cf := make([]movement.Footprint, 0, len(u.Models))
	for _, m := range u.Models {
		cf = append(cf, ends[m.ID])
	}
	for _, m := range t.Models {
		l, _ := movement.Nearest([]movement.Footprint{movement.FootprintOf(m)}, cf, movement.Edges)
		if l.Distance <= movement.ContactTolerance { // already in contact: it stays
			res.Defenders = append(res.Defenders, Closest{ID: m.ID, At: rulesets.Point2(m.Position), Toward: l.To, Contact: true, Possible: true})
			continue
		}
		c, err := closest(bf, m, cf, defenderMove, obstacles(bf, m.ID, ends), keepOut(bf, t, u, opt), opt, b)
		if err != nil {
			return err
		}
		c.Gap = l.Distance
		res.Defenders = append(res.Defenders, c)
	}
	return nil
}

// obstacles returns every model's footprint but self's, the moving unit
// at its end positions.
func obstacles(bf *terrain.Battlefield, self string, ends map[string]movement.Footprint) []movement.Footprint {
	var out []movement.Footprint
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.ID == self || m.Airborne() {
			continue
		}
		if e, ok := ends[m.ID]; ok {
			out = append(out, e)
			continue
		}
		out = append(out, movement.FootprintOf(m))
	}
	return out
}

// keepOut returns the footprints a model of u must stay 1 in from: every
// unit but u and the one it fights (GF-07).
func keepOut(bf *terrain.Battlefield, u, fought unitRef, opt Options) []movement.Footprint {
	var out []movement.Footprint
	for _, o := range otherUnits(bf, u.Name, fought.Name) {
		if opt.unit(o.Name).Aircraft || (!enemies(u, o) && !opt.ExclusionFriendly) {
			continue
		}
		out = append(out, o.footprints()...)
	}
	return out
}

// closest searches the end position nearest to any of the enemy
// footprints within move inches (the three nearest enemies are
// searched), each search charged to work.
func closest(bf *terrain.Battlefield, m *terrain.Model, enemy []movement.Footprint, move float64, obst, keep []movement.Footprint, opt Options, work *budget.Budget) (Closest, error) {
	me := movement.FootprintOf(m)
	idx := make([]int, len(enemy))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return me.Distance(enemy[idx[a]], movement.Edges) < me.Distance(enemy[idx[b]], movement.Edges)
	})
	best := Closest{ID: m.ID, Best: math.Inf(1), At: []float64{m.Position.X, m.Position.Y}}
	// Routes as GF-11 reads terrain: difficult terrain costs no extra but
	// caps the whole move at 6 in (not for Strider or Flying units).
	prof := movement.ClassProfile{Name: "unit", TerrainClass: m.Class, DifficultFactor: 1, DifficultCap: difficultCap}
	if u := opt.unit(unitName(m)); u.Strider || u.Flying {
		prof.DifficultCap = 0
	}
	// The optimum lies on the circle of the move's length: the whole move
	// around difficult terrain, or at most 6 in through it. Both are
	// searched when the cap bites.
	type pass struct {
		move  float64
		route movement.RouteOptions
	}
	passes := []pass{{move, movement.RouteOptions{IgnoreModels: true, Profile: &prof}}}
	if prof.DifficultCap > 0 && move > difficultCap {
		passes = []pass{{move, movement.RouteOptions{IgnoreModels: true, Profile: &prof, AvoidDifficult: true}},
			{difficultCap, movement.RouteOptions{IgnoreModels: true, Profile: &prof}}}
	}
	for _, j := range idx[:min(3, len(idx))] {
		var ob []movement.Footprint
		for _, o := range obst {
			if o.ID != enemy[j].ID {
				ob = append(ob, o)
			}
		}
		for _, ps := range passes {
			// a spent budget or a done context stops before the search
			// (movement charges its routes in batches)
			if err := work.Err(); err != nil {
				return best, fmt.Errorf("closest position of %s: %w", m.ID, err)
			}
			// movement's default allowance per search, within the query's
			ps.route.Budget = budget.Within(work, movement.DefaultRouteWork)
			a, err := movement.ClosestApproach(bf, m.ID, enemy[j], movement.ApproachOptions{Budget: ps.move, Obstacles: ob, KeepOut: keep,
				KeepOutGap: exclusion, Tolerance: float64(opt.ApproachTolerance), Route: ps.route})
			if err != nil {
				return best, fmt.Errorf("closest position of %s: %w", m.ID, err)
			}
			if a.Found && a.Distance < best.Best {
				best.Best, best.At, best.Toward, best.Contact, best.Possible = a.Distance, rulesets.Point2(geom.Pt(a.To[0], a.To[1])), enemy[j].ID, a.Contact, true
			}
		}
	}
	if !best.Possible {
		best.Best = -1
	}
	return best, nil
}

// MeleeResult lists who must strike (GF-09).
type MeleeResult struct {
	// Strikers are the unit's models within reach of an enemy model, with
	// the enemy model, horizontal and vertical distances.
	Strikers []Reach `json:"strikers"`
	// Out are the unit's models out of reach.
	Out []string `json:"out"`
}

// Reach is one model within melee reach of an enemy model.
type Reach struct {
	ID         string  `json:"id"`
	Enemy      string  `json:"enemy"`
	Horizontal float64 `json:"horizontal"`
	Vertical   float64 `json:"vertical"`
}

// CheckMelee applies GF-09: the models of unit within 2 in horizontally
// and 4 in vertically (inclusive, checked separately: a box, not a
// sphere) of a model of enemy must strike. heights gives a model's base
// height above the table (default its altitude); MeleeVertical "eye" adds
// half its hull height.
func CheckMelee(bf *terrain.Battlefield, unit, enemy string, heights map[string]float64, opt Options) (*rulesets.Verdict, MeleeResult, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, MeleeResult{}, err
	}
	e, err := findUnit(bf, "enemy", enemy)
	if err != nil {
		return nil, MeleeResult{}, err
	}
	if e.Name == u.Name {
		return nil, MeleeResult{}, queryErr("enemy", fmt.Sprintf("%q", enemy), "the unit itself")
	}
	for _, id := range slices.Sorted(mapsKeys(heights)) {
		if !u.has(id) && !e.has(id) {
			return nil, MeleeResult{}, queryErr("heights."+id, fmt.Sprintf("%q", id), "not a model of %s or %s", u.Name, e.Name)
		}
		if h := heights[id]; math.IsNaN(h) || math.Abs(h) > 1000 {
			return nil, MeleeResult{}, queryErr("heights."+id, fmt.Sprint(h), "want a height in [-1000, 1000] in")
		}
	}
	z := func(m *terrain.Model) float64 {
		h, ok := heights[m.ID]
		if !ok {
			h = m.Altitude
		}
		if opt.MeleeVertical == "eye" {
			h += m.Height() / 2
		}
		return h
	}
	v := rulesets.NewVerdict()
	res := MeleeResult{Strikers: []Reach{}, Out: []string{}}
	mm := measureOf(opt.MeleeMeasure)
	for _, m := range u.Models {
		me := movement.FootprintOf(m)
		best := Reach{ID: m.ID, Horizontal: math.Inf(1)}
		for _, o := range e.Models {
			hd, vd := me.Distance(movement.FootprintOf(o), mm), math.Abs(z(m)-z(o))
			if hd <= meleeHorizontal+eps && vd <= meleeVertical+eps && hd < best.Horizontal {
				best = Reach{ID: m.ID, Enemy: o.ID, Horizontal: rulesets.Round(hd), Vertical: rulesets.Round(vd)}
			}
		}
		if best.Enemy == "" {
			res.Out = append(res.Out, m.ID)
			continue
		}
		res.Strikers = append(res.Strikers, best)
	}
	var parts []string
	for _, s := range res.Strikers {
		parts = append(parts, fmt.Sprintf("%s (%s at %.3f in across, %.3f in up)", s.ID, s.Enemy, r3(s.Horizontal), r3(s.Vertical)))
	}
	if len(res.Strikers) == 0 {
		v.Forbid("GF-09", "no model of %s is within %g in horizontally and %g in vertically of %s", u.Name, meleeHorizontal, meleeVertical, e.Name)
	} else {
		v.Allow("GF-09", "%d models of %s must strike: %s", len(res.Strikers), u.Name, strings.Join(parts, ", "))
	}
	v.Measure("strikers", float64(len(res.Strikers)), "models")
	return v, res, nil
}

// toPoint returns [x, y] as a point.
func toPoint(xy []float64) geom.Point { return geom.Pt(xy[0], xy[1]) }

// overlapping returns the first footprint of others that fp overlaps.
func overlapping(fp movement.Footprint, others []movement.Footprint) (string, bool) {
	for _, o := range others {
		if fp.Overlaps(o) {
			return o.ID, true
		}
	}
	return "", false
}
