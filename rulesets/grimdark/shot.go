package grimdark

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Weapon is a ranged weapon as a shot query gives it. Lengths are
// scenario.Length: written in the file's units.
type Weapon struct {
	Name string `json:"name"`
	// Type is the weapon type for GF-17's split fire (default Name).
	Type       string          `json:"type"`
	Range      scenario.Length `json:"range" scenario:"required"`
	Blast      int             `json:"blast"`
	Indirect   bool            `json:"indirect"`
	Relentless bool            `json:"relentless"`
}

// ModelShot is how one model of the shooting unit stands towards the
// target unit.
type ModelShot struct {
	ID string `json:"id"`
	// Nearest is the nearest target model and Distance the distance to it.
	Nearest  string  `json:"nearest"`
	Distance float64 `json:"distance"`
	// InRange lists the target models within range; Sees the target model
	// whose sight decided (the nearest seen in range under "same-model").
	InRange []string `json:"inRange"`
	Sees    string   `json:"sees,omitempty"`
	Fires   bool     `json:"fires"`
	// Far: farther than 9 in from every target model (GF-20).
	Far bool `json:"far"`
}

// ShotResult holds what CheckShot measured per model.
type ShotResult struct {
	Models []ModelShot `json:"models"`
	// Firing are the models that may fire; Allocatable the target models
	// that may be allocated hits.
	Firing      []string `json:"firing"`
	Allocatable []string `json:"allocatable"`
	// EffectiveRange is the weapon's range after GF-14's -12 in.
	EffectiveRange float64 `json:"effectiveRange"`
	// Cover is the target unit's models in and out of cover (nil when the
	// weapon ignores cover).
	Cover *los.GroupCoverResult `json:"cover,omitempty"`
	// CoverSource is "terrain", "blockers", "both" or "" (GF-19).
	CoverSource string `json:"coverSource"`
	InCover     bool   `json:"inCover"`
}

// CheckShot decides whether the models of shooter's unit may fire weapon
// w at target's unit: range per model (GF-17, -12 in against aircraft
// GF-14), sight per model unless Indirect (GF-19), the transport rule
// (GF-23), which target models may be allocated hits, cover by majority
// (GF-18) with Blast and Indirect exceptions (GF-19), and the 9 in
// thresholds (GF-20). firing restricts the shooting models (nil: all).
func CheckShot(bf *terrain.Battlefield, shooter, target string, w Weapon, firing []string, opt Options) (*rulesets.Verdict, ShotResult, error) {
	su, err := findUnit(bf, "shooter", shooter)
	if err != nil {
		return nil, ShotResult{}, err
	}
	tu, err := findUnit(bf, "target", target)
	if err != nil {
		return nil, ShotResult{}, err
	}
	if su.Name == tu.Name {
		return nil, ShotResult{}, queryErr("target", fmt.Sprintf("%q", target), "the shooter's own unit")
	}
	if err := checkWeapon(w); err != nil {
		return nil, ShotResult{}, err
	}
	shooters := su.Models
	if firing != nil {
		shooters = nil
		for i, id := range firing {
			m, ok := bf.Model(id)
			if !ok || !su.has(id) {
				return nil, ShotResult{}, queryErr(fmt.Sprintf("firing[%d]", i), fmt.Sprintf("%q", id), "not a model of unit %s", su.Name)
			}
			shooters = append(shooters, m)
		}
	}
	v := rulesets.NewVerdict()
	res := ShotResult{Models: []ModelShot{}, Firing: []string{}, Allocatable: []string{}}
	sp, tp := opt.unit(su.Name), opt.unit(tu.Name)
	transportRule(v, su, tu, sp, tp, opt)
	res.EffectiveRange = float64(w.Range)
	if tp.Aircraft {
		res.EffectiveRange -= aircraftPenalty
		v.Allow("GF-14", "the target is an aircraft: range %g in - %g in = %g in", float64(w.Range), aircraftPenalty, res.EffectiveRange)
		if res.EffectiveRange <= 0 {
			v.Forbid("GF-14", "a %g in weapon can never target an aircraft (effective range %g in)", float64(w.Range), res.EffectiveRange)
		}
	}
	v.Measure("range", float64(w.Range), "in")
	v.Measure("effectiveRange", res.EffectiveRange, "in")
	sightOpt := opt.sight(append(su.ids(), tu.ids()...))
	tf := tu.footprints()
	seen := make([]bool, len(tu.Models))
	seenBy := map[string]string{}
	for _, m := range shooters {
		ms, err := modelShot(bf, m, tu, tf, res.EffectiveRange, w.Indirect, sightOpt, opt, seen, seenBy)
		if err != nil {
			return nil, ShotResult{}, err
		}
		res.Models = append(res.Models, ms)
		if ms.Fires {
			res.Firing = append(res.Firing, ms.ID)
		}
	}
	eligibility(v, &res, w, su, tu)
	res.Allocatable = allocatable(tu, seen, opt)
	if len(res.Firing) > 0 {
		if err := shotCover(bf, v, &res, w, tu, sightOpt, seenBy, opt); err != nil {
			return nil, ShotResult{}, err
		}
		thresholds(v, &res, w, sp, tp)
	}
	return v, res, nil
}

// checkWeapon rejects an unusable weapon profile.
func checkWeapon(w Weapon) error {
	if r := float64(w.Range); math.IsNaN(r) || r < 0 || r > 1000 {
		return queryErr("weapon.range", fmt.Sprint(r), "want a length in [0, 1000] in")
	}
	if w.Blast < 0 || w.Blast > 1000 {
		return queryErr("weapon.blast", fmt.Sprint(w.Blast), "want 0..1000")
	}
	return nil
}

// transportRule applies GF-23: units inside and outside transports do not
// target each other, but both may target the transport itself.
func transportRule(v *rulesets.Verdict, su, tu unitRef, sp, tp Unit, opt Options) {
	switch {
	case sp.EmbarkedIn != "" && tp.EmbarkedIn == "" && !tu.has(sp.EmbarkedIn):
		v.Forbid("GF-23", "%s rides in %s and may target only the transport, not %s outside", su.Name, sp.EmbarkedIn, tu.Name)
	case sp.EmbarkedIn == "" && tp.EmbarkedIn != "":
		v.Forbid("GF-23", "%s rides in %s: units outside may target the transport, not the units inside", tu.Name, tp.EmbarkedIn)
	case sp.EmbarkedIn != "" || tp.EmbarkedIn != "":
		v.Allow("GF-23", "targeting across a transport's hull is allowed here (%s -> %s)", su.Name, tu.Name)
	}
}

// modelShot measures one shooting model against the target unit and marks
// the target models it sees in range (seen) and, for each target model it
// sees, that it does (seenBy, reused by the cover test).
func modelShot(bf *terrain.Battlefield, m *terrain.Model, tu unitRef, tf []movement.Footprint, rng float64, indirect bool, so los.Options, opt Options, seen []bool, seenBy map[string]string) (ModelShot, error) {
	me := movement.FootprintOf(m)
	ms := ModelShot{ID: m.ID, InRange: []string{}, Distance: math.Inf(1)}
	d := make([]float64, len(tf))
	for j := range tf {
		d[j] = dist(me, tf[j], opt.measure())
		if d[j] < ms.Distance {
			ms.Distance, ms.Nearest = d[j], tf[j].ID
		}
		if d[j] <= rng+eps {
			ms.InRange = append(ms.InRange, tf[j].ID)
		}
	}
	ms.Distance = rulesets.Round(ms.Distance)
	ms.Far = ms.Distance > farThreshold+eps
	if indirect {
		ms.Fires = len(ms.InRange) > 0
		if ms.Fires {
			ms.Sees = ms.Nearest
		}
		for j := range tf {
			seen[j] = seen[j] || d[j] <= rng+eps
		}
		return ms, nil
	}
	order := nearestFirst(d)
	for _, j := range order {
		inRange := d[j] <= rng+eps
		if opt.RangeAndSight == "same-model" && !inRange {
			continue
		}
		if ms.Sees != "" && (seen[j] || opt.Allocation == "any") {
			continue
		}
		s, err := los.Sight(bf, m.ID, tf[j].ID, so)
		if err != nil {
			return ms, err
		}
		if !s.Visible {
			continue
		}
		if _, ok := seenBy[tf[j].ID]; !ok {
			seenBy[tf[j].ID] = m.ID
		}
		if inRange {
			seen[j] = true
		}
		if ms.Sees == "" {
			ms.Sees = tf[j].ID
		}
		if opt.Allocation == "any" {
			break
		}
	}
	ms.Fires = len(ms.InRange) > 0 && ms.Sees != ""
	return ms, nil
}

// nearestFirst returns the indices of d in increasing order of d.
func nearestFirst(d []float64) []int {
	idx := make([]int, len(d))
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ { // insertion sort: units are small
		for k := i; k > 0 && d[idx[k]] < d[idx[k-1]]; k-- {
			idx[k], idx[k-1] = idx[k-1], idx[k]
		}
	}
	return idx
}

// eligibility records GF-17: which models fire, and why the others do not.
func eligibility(v *rulesets.Verdict, res *ShotResult, w Weapon, su, tu unitRef) {
	var out []string
	for _, m := range res.Models {
		switch {
		case len(m.InRange) == 0:
			out = append(out, fmt.Sprintf("%s out of range (nearest %s at %.3f in)", m.ID, m.Nearest, m.Distance))
		case !m.Fires:
			out = append(out, fmt.Sprintf("%s sees no target model in range", m.ID))
		}
	}
	why := ""
	if len(out) > 0 {
		why = "; not: " + strings.Join(out, ", ")
	}
	if len(res.Firing) == 0 {
		v.Forbid("GF-17", "no model of %s is in range and sight of %s%s", su.Name, tu.Name, why)
		return
	}
	how := "in range and line of sight"
	if w.Indirect {
		how = "in range (Indirect needs no line of sight, GF-19)"
	}
	v.Allow("GF-17", "%d of %d models of %s are %s of %s: %s%s", len(res.Firing), len(res.Models), su.Name, how, tu.Name, strings.Join(res.Firing, ", "), why)
	v.Measure("firingModels", float64(len(res.Firing)), "models")
}

// allocatable returns the target models that may be allocated hits.
func allocatable(tu unitRef, seen []bool, opt Options) []string {
	out := []string{}
	for j, m := range tu.Models {
		if opt.Allocation == "any" || seen[j] {
			out = append(out, m.ID)
		}
	}
	return out
}

// coverPiece reports whether a piece is cover terrain a model stands in:
// it gives cover and does not itself block sight (sight blockers count
// through the hidden test).
func coverPiece(p *terrain.Piece) bool {
	return p.Cover != terrain.CoverNone && p.Sight != terrain.SightBlocking
}

// shotCover applies GF-18/19: the target unit is in cover when most of its
// models are fully inside cover terrain or behind sight blockers (a unit of
// one: mostly); Blast ignores cover, Indirect ignores sight blockers.
func shotCover(bf *terrain.Battlefield, v *rulesets.Verdict, res *ShotResult, w Weapon, tu unitRef, so los.Options, seenBy map[string]string, opt Options) error {
	if w.Blast > 0 {
		// "X bis zu so vielen Treffern entspricht, wie Modelle in der
		// Zieleinheit sind": the multiplier is capped by the unit's size.
		x := min(w.Blast, len(tu.Models))
		v.Measure("blastMultiplier", float64(x), "hits")
		v.Allow("GF-19", "Blast(%d) ignores cover; each hit counts %d times (at most the %d models of %s)", w.Blast, x, len(tu.Models), tu.Name)
		return nil
	}
	single := len(tu.Models) == 1
	rule := los.GroupCoverRule{Area: coverPiece, AreaShare: opt.CoverShare, HiddenShare: opt.HiddenShare, Sight: so, Seen: seenBy}
	if single {
		rule.AreaShare, rule.AreaStrict, rule.HiddenShare, rule.HiddenStrict = opt.CoverShareSingle, true, opt.HiddenShareSingle, true
	}
	if w.Indirect {
		rule.HiddenShare = 0
	}
	gc, err := los.GroupCover(bf, res.Firing, tu.ids(), rule)
	if err != nil {
		return err
	}
	res.Cover = &gc
	area, behind := []string{}, []string{}
	for _, m := range gc.Members {
		if m.InArea {
			area = append(area, fmt.Sprintf("%s in %s (%.0f%% of base)", m.ID, strings.Join(m.Areas, "+"), 100*m.AreaShare))
		} else if m.Behind {
			behind = append(behind, fmt.Sprintf("%s (%.0f%% hidden)", m.ID, 100*m.Hidden))
		}
	}
	res.InCover = los.Most(gc.Covered, gc.Total, opt.CoverTie)
	switch {
	case gc.InArea > 0 && gc.Behind > 0:
		res.CoverSource = "both"
	case gc.InArea > 0:
		res.CoverSource = "terrain"
	case gc.Behind > 0:
		res.CoverSource = "blockers"
	}
	v.Measure("modelsInCover", float64(gc.Covered), "models")
	v.Measure("targetModels", float64(gc.Total), "models")
	what := fmt.Sprintf("%d of %d models of %s covered: in cover terrain: %s; behind sight blockers: %s", gc.Covered, gc.Total, tu.Name, list(area), list(behind))
	if w.Indirect {
		what += " (Indirect ignores cover from sight blockers)"
	}
	if single {
		what += " (a unit of one: mostly in cover or behind blockers)"
	}
	if !res.InCover {
		tie := ""
		if 2*gc.Covered == gc.Total {
			tie = "; exactly half is not most"
		}
		v.Allow("GF-18", "no cover: %s%s", what, tie)
		return nil
	}
	v.Allow("GF-18", "cover: %s", what)
	v.Modify(rulesets.Modifier{Name: "cover", Clause: "GF-18", Value: 1, Text: "+1 to defence rolls against this shot (" + res.CoverSource + ")"})
	return nil
}

// thresholds applies GF-20's "more than 9 in" rules per firing model.
func thresholds(v *rulesets.Verdict, res *ShotResult, w Weapon, sp, tp Unit) {
	var far []string
	for _, m := range res.Models {
		if m.Fires && m.Far {
			far = append(far, m.ID)
		}
	}
	if w.Indirect && sp.Moved {
		v.Modify(rulesets.Modifier{Name: "indirect-moved", Clause: "GF-19", Value: -1, Text: "Indirect after moving: -1 to hit"})
	}
	if len(far) == 0 {
		if sp.Artillery || tp.Artillery || tp.Stealth || w.Relentless {
			v.Allow("GF-20", "every firing model is within %g in of the target unit: no 9 in modifier", farThreshold)
		}
		return
	}
	who := strings.Join(far, ", ")
	if sp.Artillery {
		v.Modify(rulesets.Modifier{Name: "artillery", Clause: "GF-20", Value: 1, Text: "+1 to hit for " + who + " (more than 9 in)"})
	}
	if tp.Artillery {
		v.Modify(rulesets.Modifier{Name: "artillery-target", Clause: "GF-20", Value: -2, Text: "-2 to hit for " + who + " (more than 9 in)"})
	}
	if tp.Stealth {
		v.Modify(rulesets.Modifier{Name: "stealth", Clause: "GF-20", Value: -1, Text: "-1 to hit for " + who + " (more than 9 in)"})
	}
	if w.Relentless {
		v.Modify(rulesets.Modifier{Name: "relentless", Clause: "GF-20", Text: "unmodified 6s to hit give an extra hit for " + who})
	}
	v.Allow("GF-20", "%d firing models are more than %g in from every target model: %s", len(far), farThreshold, who)
}

// list joins items for an explanation, "none" when empty.
func list(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}
