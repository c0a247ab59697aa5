package terminator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// SweepArea sweeps the template of an area weapon once around target's
// base (TS-09: "Platziere ... die Nahkampfreichweite-Schablone an der
// Basis des Primärziels und drehe sie einmal um die Basis herum"): the
// melee template for Kleine Fläche, the medium template for Mittlere
// Fläche (TS-11). attacker ("" for none) is checked for friendly fire.
// A template the options do not define is an error naming it.
func SweepArea(bf *terrain.Battlefield, target, attacker, template string, opt Options) (movement.SweepResult, error) {
	if err := opt.Validate(); err != nil {
		return movement.SweepResult{}, err
	}
	t, err := opt.template(template)
	if err != nil {
		return movement.SweepResult{}, err
	}
	r, err := movement.SweepTouches(bf, target, t, attacker)
	if err != nil {
		return movement.SweepResult{}, fmt.Errorf("%w: %w", err, ErrQuery)
	}
	return r, nil
}

// areaTemplate returns which template an area weapon sweeps.
func areaTemplate(w Weapon) (name, clause string) {
	if w.has(specialMediumArea) {
		return "medium", "TS-11"
	}
	return "melee", "TS-09"
}

// area applies TS-09/10/11 to an area weapon: the secondary targets and
// the friendly-fire veto, decided before rolling around the intended
// primary target.
func (sh *shot) area() error {
	name, clause := areaTemplate(sh.w)
	r, err := SweepArea(sh.bf, sh.t.ID, sh.s.ID, name, *sh.opt)
	if err != nil {
		return err
	}
	sh.res.Sweep = &r
	tpl := fmt.Sprintf("%s template (%s, %.3f in", name, r.Template.Shape, r.Template.Length)
	if r.Template.Shape == movement.StripTemplate {
		tpl += fmt.Sprintf(" x %.3f in", r.Template.Width)
	}
	tpl += ")"
	sh.v.Measure("templateReach", round6(r.ReachHi), "in")
	var friends []string
	sh.res.Secondary = []string{}
	for _, h := range r.Touched {
		sh.res.Secondary = append(sh.res.Secondary, h.ID)
		switch {
		case h.ID == sh.s.ID && sh.w.has(specialSuicidal) && !sh.opt.SuicideSelfVeto:
			sh.v.Allow("TS-10", "the attacker is touched but %s is Selbstmörderisch and the file exempts the attacker (option suicideSelfVeto false)", sh.w.Name)
		case h.ID == sh.s.ID || h.Side == sh.s.Side:
			friends = append(friends, fmt.Sprintf("%s (gap %.3f in)", h.ID, h.Gap))
		}
	}
	sh.v.Allow(clause, "the %s swept once around %s's base reaches %.3f in from its edge and touches %s", tpl, sh.t.ID, r.ReachHi, listOrNone(sh.res.Secondary))
	if len(friends) > 0 {
		text := fmt.Sprintf("the attacker or an ally would be a possible secondary target: %s", strings.Join(friends, ", "))
		if slices.ContainsFunc(r.Touched, func(h movement.SweepHit) bool { return h.ID == sh.s.ID }) && sh.w.has(specialSuicidal) {
			text += " (the text vetoes even a Selbstmörderisch weapon; option suicideSelfVeto)"
		}
		sh.v.Forbid("TS-10", "%s", text)
	} else {
		sh.v.Allow("TS-10", "neither the attacker nor an ally is a possible secondary target")
	}
	return nil
}

// listOrNone joins ids, or says "no other model".
func listOrNone(ids []string) string {
	if len(ids) == 0 {
		return "no other model"
	}
	return strings.Join(ids, ", ")
}

// CheckTemplate answers the template kind: the models the named template
// ("melee" or "medium") swept around target touches, and whether
// attacker could fire an area weapon at target (TS-09/10/11).
func CheckTemplate(bf *terrain.Battlefield, target, attacker, template string, opt Options) (*rulesets.Verdict, movement.SweepResult, error) {
	if template == "" {
		template = "melee"
	}
	clause := map[string]string{"melee": "TS-09", "medium": "TS-11"}[template]
	if clause == "" {
		return nil, movement.SweepResult{}, fmt.Errorf("template %q: want melee or medium: %w", template, ErrQuery)
	}
	r, err := SweepArea(bf, target, attacker, template, opt)
	if err != nil {
		return nil, movement.SweepResult{}, err
	}
	v := rulesets.NewVerdict()
	v.Measure("length", round6(r.Template.Length), "in")
	v.Measure("width", round6(r.Template.Width), "in")
	v.Measure("reach", round6(r.ReachHi), "in")
	ids := make([]string, len(r.Touched))
	for i, h := range r.Touched {
		ids[i] = h.ID
	}
	v.Allow(clause, "the %s template (%s, length %g in, width %g in from options.templates.%s) swept around %s reaches %.3f in from its edge and touches %s",
		template, r.Template.Shape, round6(r.Template.Length), round6(r.Template.Width), template, target, r.ReachHi, listOrNone(ids))
	if attacker != "" {
		if r.FriendlyFire {
			v.Forbid("TS-10", "%s or one of its allies would be a possible secondary target", attacker)
		} else {
			v.Allow("TS-10", "neither %s nor an ally is a possible secondary target", attacker)
		}
	}
	return v, r, nil
}
