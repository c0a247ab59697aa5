package terminator

import (
	"fmt"
	"strings"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Leader abilities (TS-07): "activate" is "Komm mit mir, wenn du leben
// willst." and "Die Zukunft ist nicht vorherbestimmt." (visible allied
// non-leaders within command range); "rally" is "Auf die Füße, Soldat!"
// (visible allied models within command range, other leaders included,
// never the leader itself).
const (
	AbilityActivate = "activate"
	AbilityRally    = "rally"
)

// CommandResult lists who a leader's ability reaches.
type CommandResult struct {
	// Range is the command range used, inches, and From the option it
	// comes from.
	Range float64
	From  string
	// Eligible are the allies reached; Excluded maps the other allies to
	// the reason.
	Eligible []string
	Excluded map[string]string
}

// commandRange returns the leader's command range and its source: the
// profile's commandRange, options.commandRange, point-blank range
// (TS-02: "entspricht normalerweise der Kernschussreichweite"), or the
// walk template through point-blank; else an error naming
// options.commandRange.
func (o *Options) commandRange(leader string) (float64, string, error) {
	if r := o.profile(leader).CommandRange; r != nil {
		return float64(*r), "options.profiles." + leader + ".commandRange", nil
	}
	if o.CommandRange != nil {
		return float64(*o.CommandRange), "options.commandRange", nil
	}
	if e := o.bandEdges()[1]; e.set {
		return e.v, "options." + e.name + " (command range = point-blank range)", nil
	}
	return 0, "", missingOption("commandRange", "command range is normally point-blank range, but neither options.commandRange, options.pointBlank nor options.templates.walk.length is given")
}

// CheckCommand lists the allies leader's ability reaches (TS-07): allied
// models (same side) within command range, measured as the file measures,
// and visible (option commandSight: sight to any part, or to the
// centre). The verdict is illegal when the model is not a leader
// (profile command 0).
func CheckCommand(bf *terrain.Battlefield, leader, ability string, opt Options) (*rulesets.Verdict, CommandResult, error) {
	l, ok := bf.Model(leader)
	if !ok {
		return nil, CommandResult{}, fmt.Errorf("%q: unknown model: %w", leader, ErrQuery)
	}
	if ability == "" {
		ability = AbilityActivate
	}
	if ability != AbilityActivate && ability != AbilityRally {
		return nil, CommandResult{}, fmt.Errorf("ability %q: want activate or rally: %w", ability, ErrQuery)
	}
	if err := opt.Validate(); err != nil {
		return nil, CommandResult{}, err
	}
	r, from, err := opt.commandRange(leader)
	if err != nil {
		return nil, CommandResult{}, err
	}
	res := CommandResult{Range: r, From: from, Eligible: []string{}, Excluded: map[string]string{}}
	v := rulesets.NewVerdict()
	v.Measure("commandRange", round6(r), "in")
	n := opt.profile(leader).Command
	if n <= 0 {
		v.Forbid("TS-07", "%s is not a leader (no Kommando (n) in options.profiles.%s.command)", leader, leader)
	} else {
		v.Allow("TS-07", "%s is a leader with Kommando (%d); command range %g in from %s, measured %s, sight to %s",
			leader, n, round6(r), from, measureWord(&opt), sightWord(&opt))
	}
	sbf, notes, err := sightField(bf, &opt)
	if err != nil {
		return nil, CommandResult{}, err
	}
	for _, n := range notes {
		v.Allow("TS-15", "%s", n)
	}
	for i := range bf.Models() {
		a := &bf.Models()[i]
		if a.ID == l.ID || a.Side != l.Side {
			continue
		}
		why, err := commandReach(bf, sbf, l, a, ability, r, &opt)
		if err != nil {
			return nil, CommandResult{}, err
		}
		if why == "" {
			res.Eligible = append(res.Eligible, a.ID)
		} else {
			res.Excluded[a.ID] = why
		}
	}
	v.Allow("TS-07", "%s reaches %s", ability, listOrNone(res.Eligible))
	return v, res, nil
}

func sightWord(o *Options) string {
	if o.CommandSight == "centre" {
		return "the centre (option commandSight)"
	}
	return "any part (option commandSight)"
}

// commandReach returns "" when ally a is reached, else why not; sight is
// traced on sbf (sightField).
func commandReach(bf, sbf *terrain.Battlefield, l, a *terrain.Model, ability string, r float64, o *Options) (string, error) {
	if ability == AbilityActivate && o.profile(a.ID).Command > 0 {
		return "another leader: the activation abilities reach non-leaders only", nil
	}
	if !mayBeWithin(l, a, r) {
		return fmt.Sprintf("beyond command range %g in", round6(r)), nil
	}
	d, err := distance(bf, l.ID, a.ID, o)
	if err != nil {
		return "", err
	}
	if d > r+edgeTolerance {
		return fmt.Sprintf("%.3f in away, beyond command range %g in", d, round6(r)), nil
	}
	visible, by, err := commandSees(sbf, l.ID, a.ID, o)
	if err != nil {
		return "", err
	}
	if !visible {
		return fmt.Sprintf("%.3f in away but not visible (blocked by %s)", d, by), nil
	}
	return "", nil
}

// commandSees reports whether leader l sees ally a on sbf as the file
// reads "sichtbar" (Ambiguity 10), and what blocks otherwise.
func commandSees(sbf *terrain.Battlefield, l, a string, o *Options) (bool, string, error) {
	so := los.Options{GrazingBlocks: o.GrazingBlocks}
	if o.CommandSight == "centre" {
		sl, ok1 := sbf.Model(l)
		sa, ok2 := sbf.Model(a)
		if !ok1 || !ok2 {
			return false, "", fmt.Errorf("%q or %q: unknown model: %w", l, a, ErrQuery)
		}
		s := los.SightSegment(sbf, sl.EyePoint(), sa.EyePoint(), so, l, a)
		return s.Clear, s.Blocker.ID, nil
	}
	s, err := los.Sight(sbf, l, a, so)
	if err != nil {
		return false, "", fmt.Errorf("%w: %w", err, ErrQuery)
	}
	by := ""
	if s.BlockedBy != nil {
		by = s.BlockedBy.ID
	}
	return s.Visible, by, nil
}

// MeleeResult is what CheckForcedMelee found.
type MeleeResult struct {
	// MustMelee: the model must use melee weapons (TS-06).
	MustMelee bool
	// InMelee are the enemies within melee range; Staggering those of
	// them that stagger.
	InMelee, Staggering []string
}

// CheckForcedMelee applies TS-06: a model ending its turn within melee
// range of an enemy must use melee weapons, unless every such enemy is
// staggering ("Hasta la vista, Baby!"). The verdict is always legal; it
// reports the obligation.
func CheckForcedMelee(bf *terrain.Battlefield, model string, opt Options) (*rulesets.Verdict, MeleeResult, error) {
	m, ok := bf.Model(model)
	if !ok {
		return nil, MeleeResult{}, fmt.Errorf("%q: unknown model: %w", model, ErrQuery)
	}
	if err := opt.Validate(); err != nil {
		return nil, MeleeResult{}, err
	}
	mr, err := opt.meleeRange()
	if err != nil {
		return nil, MeleeResult{}, err
	}
	near, err := enemiesInMelee(bf, m, &opt)
	if err != nil {
		return nil, MeleeResult{}, err
	}
	res := MeleeResult{InMelee: []string{}, Staggering: []string{}}
	var steady, all []string
	for _, e := range near {
		res.InMelee = append(res.InMelee, e.ID)
		all = append(all, e.text())
		if opt.profile(e.ID).Staggering {
			res.Staggering = append(res.Staggering, e.ID)
		} else {
			steady = append(steady, e.text())
		}
	}
	v := rulesets.NewVerdict()
	v.Measure("meleeRange", round6(mr), "in")
	switch {
	case len(steady) > 0:
		res.MustMelee = true
		v.Allow("TS-06", "%s ends within melee range (%g in, options.templates.melee.length) of the non-staggering enemy %s and must use melee weapons", model, round6(mr), strings.Join(steady, ", "))
	case len(near) > 0:
		v.Allow("TS-06", "the only enemies within melee range (%g in) are staggering (%s): %s is free to choose (Hasta la vista, Baby!)", round6(mr), strings.Join(all, ", "), model)
	default:
		v.Allow("TS-06", "no enemy within melee range (%g in) of %s", round6(mr), model)
	}
	return v, res, nil
}
