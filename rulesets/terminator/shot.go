package terminator

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// ShotResult is what CheckShot measured besides the verdict.
type ShotResult struct {
	// Distance is the measured distance, inches (option measure).
	Distance float64
	// Band is the range band of Distance (TS-01).
	Band Band
	// HitOn is the number needed to hit (TS-01, 2 under "Hasta la vista,
	// Baby!"), 0 when the attack is not allowed.
	HitOn int
	// Rate is the rate of fire (TS-04); nil when the sheet leaves it
	// unspecified (Halbautomatisch at point-blank or melee range).
	Rate *int
	// CoverRoll reports whether the target may roll for cover (TS-08);
	// false when the attack is not allowed.
	CoverRoll bool
	// Secondary lists the models an area weapon's swept template touches
	// (TS-09/11), and Sweep the sweep itself (nil for other weapons).
	Secondary []string
	Sweep     *movement.SweepResult
	// Bands are the band lengths used.
	Bands Bands
}

// CheckShot decides whether shooter may attack target with weapon w
// ("Angriffssequenz"): the range band and hit number (TS-01), RW as the
// farthest band (TS-03), rate of fire by band (TS-04), no ranged attack
// after a double move or within melee range of a non-staggering enemy
// (TS-05, "Hasta la vista, Baby!"), the cover roll (TS-08), the swept
// small-area template with its friendly-fire veto (TS-09/10), the medium
// area template (TS-11) and braced weapons (TS-14). The shooter's state
// comes from opt.Profiles. A length the check needs and the options do
// not give is an error naming it; unknown ids wrap ErrQuery.
func CheckShot(bf *terrain.Battlefield, shooterID, targetID string, w Weapon, opt Options) (*rulesets.Verdict, ShotResult, error) {
	s, t, err := pair(bf, shooterID, targetID)
	if err != nil {
		return nil, ShotResult{}, err
	}
	if err := w.validate("weapon"); err != nil {
		return nil, ShotResult{}, err
	}
	if err := opt.Validate(); err != nil {
		return nil, ShotResult{}, err
	}
	bands, err := opt.Bands()
	if err != nil {
		return nil, ShotResult{}, err
	}
	sh := &shot{bf: bf, s: s, t: t, w: w, opt: &opt, v: rulesets.NewVerdict(), res: ShotResult{Bands: bands}}
	if err := sh.run(); err != nil {
		return nil, ShotResult{}, err
	}
	if !sh.v.Legal {
		// No attack, no roll; the modifiers still say what would apply.
		sh.res.HitOn, sh.res.CoverRoll = 0, false
	}
	return sh.v, sh.res, nil
}

// pair returns the shooter and target, which must be two models.
func pair(bf *terrain.Battlefield, a, b string) (*terrain.Model, *terrain.Model, error) {
	s, ok := bf.Model(a)
	if !ok {
		return nil, nil, fmt.Errorf("%q: unknown model: %w", a, ErrQuery)
	}
	t, ok := bf.Model(b)
	if !ok {
		return nil, nil, fmt.Errorf("%q: unknown model: %w", b, ErrQuery)
	}
	if s.ID == t.ID {
		return nil, nil, fmt.Errorf("%q names the same model twice: %w", a, ErrQuery)
	}
	return s, t, nil
}

type shot struct {
	bf   *terrain.Battlefield
	s, t *terrain.Model
	w    Weapon
	opt  *Options
	v    *rulesets.Verdict
	res  ShotResult
	// hasta: the target is a staggering model within melee range.
	hasta bool
}

func (sh *shot) run() error {
	d, err := distance(sh.bf, sh.s.ID, sh.t.ID, sh.opt)
	if err != nil {
		return err
	}
	b := sh.res.Bands
	band := b.Of(d)
	sh.res.Distance, sh.res.Band = d, band
	sh.v.Measure("distance", round6(d), "in")
	for i, n := range []string{"meleeRange", "pointBlank", "shortRange", "longRange"} {
		sh.v.Measure(n, round6(b.Edges[i]), "in")
	}
	sh.v.Allow("TS-01", "%s measured %s is %.3f in: %s band (%s); bands used: %s",
		sh.t.ID, measureWord(sh.opt), d, band, bandGerman[band], b.Describe())
	sh.hasta = band == BandMelee && sh.opt.profile(sh.t.ID).Staggering
	if err := sh.meleeBan(); err != nil {
		return err
	}
	sh.reach()
	if sh.w.has(specialSmallArea) || sh.w.has(specialMediumArea) {
		if err := sh.area(); err != nil {
			return err
		}
	}
	sh.hit()
	sh.rate()
	sh.braced()
	fraction, err := sh.sight()
	if err != nil {
		return err
	}
	return sh.cover(fraction)
}

// measureWord says how distances are measured.
func measureWord(o *Options) string {
	if o.Measure == "center" {
		return "centre to centre"
	}
	return "base edge to base edge"
}

// meleeBan applies TS-05: no ranged weapon after a double move or within
// melee range of an enemy, unless the attack is on a staggering model in
// melee range and no enemy in melee range is steady (errata 2, option
// steadyEnemyBans).
func (sh *shot) meleeBan() error {
	if !sh.w.ranged() {
		sh.v.Allow("TS-05", "%s is a melee weapon (RW NK): the ranged-weapon ban does not apply", sh.w.Name)
		return nil
	}
	p := sh.opt.profile(sh.s.ID)
	if p.DoubleMoved {
		sh.v.Forbid("TS-05", "%s made a double move this activation and cannot use the ranged weapon %s", sh.s.ID, sh.w.Name)
	}
	near, err := enemiesInMelee(sh.bf, sh.s, sh.opt)
	if err != nil {
		return err
	}
	var steady, staggering []string
	for _, e := range near {
		if sh.opt.profile(e.ID).Staggering {
			staggering = append(staggering, e.text())
		} else {
			steady = append(steady, e.text())
		}
	}
	switch {
	case len(steady) > 0 && (!sh.hasta || sh.opt.SteadyEnemyBans):
		sh.v.Forbid("TS-05", "%s is within melee range of the non-staggering enemy %s and cannot use ranged weapons", sh.s.ID, strings.Join(steady, ", "))
	case len(near) > 0 && !sh.hasta:
		sh.v.Forbid("TS-05", "%s is within melee range of %s; only an attack on a staggering model in melee range is allowed (Hasta la vista, Baby!)", sh.s.ID, strings.Join(staggering, ", "))
	case len(steady) > 0:
		sh.v.Allow("TS-05", "the target is staggering within melee range (Hasta la vista, Baby!); the non-staggering %s does not restore the ban (option steadyEnemyBans false)", strings.Join(steady, ", "))
	case len(near) > 0:
		sh.v.Allow("TS-05", "the only enemies within melee range (%s) are staggering and the target is one of them (Hasta la vista, Baby!)", strings.Join(staggering, ", "))
	case !p.DoubleMoved:
		sh.v.Allow("TS-05", "no double move and no enemy within melee range of %s", sh.s.ID)
	}
	return nil
}

// reach applies TS-03 (RW as the farthest band) and the limit of long
// range (Ambiguity 2).
func (sh *shot) reach() {
	band, w := sh.res.Band, sh.w
	if band == BandBeyond {
		sh.v.Forbid("TS-01", "%s is beyond long range (%.3f in > %g in) and the file reads long range as the limit (option beyondLong)", sh.t.ID, sh.res.Distance, round6(sh.res.Bands.Edges[3]))
		return
	}
	if sh.opt.RangeClass == "ignore" {
		sh.v.Allow("TS-03", "RW %s is not read as a maximum band (option rangeClass \"ignore\")", w.RW)
		return
	}
	if max := w.maxBand(); band > max {
		sh.v.Forbid("TS-03", "%s has RW %s and reaches the %s band at most; the target is in the %s band", w.Name, w.RW, max, band)
	} else {
		sh.v.Allow("TS-03", "%s has RW %s: the %s band is within its reach", w.Name, w.RW, band)
	}
}

// hit records the number needed to hit.
func (sh *shot) hit() {
	n := hitOn[sh.res.Band]
	if sh.res.Band == BandBeyond {
		n = hitOn[BandLong]
	}
	clause, text := "TS-01", fmt.Sprintf("%s band: hits on %d+", sh.res.Band, n)
	if sh.hasta {
		n, clause, text = hasta, "TS-05", "staggering target within melee range: hits on 2+ and no cover roll (Hasta la vista, Baby!)"
	}
	sh.res.HitOn = n
	sh.v.Modify(rulesets.Modifier{Name: fmt.Sprintf("hit on %d+", n), Clause: clause, Text: text})
}

// rate applies TS-04: Halbautomatisch fires its first rate at short and
// its second at long range; at point-blank and melee the sheet says
// nothing (option semiAutoClose). Mannstoppwirkung changes strength at
// point-blank range.
func (sh *shot) rate() {
	first, second := sh.w.rates()
	r := first
	if sh.w.has(specialSemiAuto) {
		switch sh.res.Band {
		case BandShort:
			sh.v.Modify(rulesets.Modifier{Name: fmt.Sprintf("rate of fire %d", first), Clause: "TS-04", Text: "Halbautomatisch at short range"})
		case BandLong, BandBeyond:
			r = second
			sh.v.Modify(rulesets.Modifier{Name: fmt.Sprintf("rate of fire %d", second), Clause: "TS-04", Text: "Halbautomatisch at long range"})
		default:
			if sh.opt.SemiAutoClose == 0 {
				sh.v.Modify(rulesets.Modifier{Name: "rate of fire unspecified", Clause: "TS-04",
					Text: fmt.Sprintf("Halbautomatisch says nothing about the %s band; set options.semiAutoClose", sh.res.Band)})
				return
			}
			r = sh.opt.SemiAutoClose
			sh.v.Modify(rulesets.Modifier{Name: fmt.Sprintf("rate of fire %d", r), Clause: "TS-04", Text: "Halbautomatisch at close range (option semiAutoClose)"})
		}
	}
	sh.res.Rate = &r
	if !sh.w.has(specialSemiAuto) {
		sh.v.Modify(rulesets.Modifier{Name: fmt.Sprintf("rate of fire %d", r), Clause: "TS-04", Text: "SF " + sh.w.SF})
	}
	if sh.w.has(specialStopping) && sh.res.Band == BandPointBlank {
		sh.v.Modify(rulesets.Modifier{Name: "Mannstoppwirkung", Clause: "TS-04",
			Text: "different strength at point-blank range (the die is lost in the sheet's text extraction)"})
	}
}

// braced applies TS-14: an Aufstützen weapon cannot fire after the model
// moved in its activation; turning counts only with rotationIsMove.
func (sh *shot) braced() {
	if !sh.w.has(specialBraced) {
		return
	}
	p := sh.opt.profile(sh.s.ID)
	moved := float64(p.Moved)
	sh.v.Measure("moved", round6(moved), "in")
	switch {
	case moved > 0:
		sh.v.Forbid("TS-14", "%s moved %.3f in this activation and cannot fire the braced weapon %s (Aufstützen)", sh.s.ID, moved, sh.w.Name)
	case p.Rotated && sh.opt.RotationIsMove:
		sh.v.Forbid("TS-14", "%s turned this activation, which counts as moving (option rotationIsMove)", sh.s.ID)
	case p.Rotated:
		sh.v.Allow("TS-14", "%s only turned on the spot, which does not count as moving (option rotationIsMove false)", sh.s.ID)
	default:
		sh.v.Allow("TS-14", "%s has not moved this activation: the braced weapon may fire", sh.s.ID)
	}
}

// sight checks sight to any part of the target (option requireSight) and
// returns the visible fraction when the cover predicate needs it (-1
// otherwise).
func (sh *shot) sight() (float64, error) {
	needFraction := sh.coverPossible() && sh.opt.Open == "fraction"
	if !sh.opt.RequireSight && !needFraction {
		return -1, nil
	}
	bf, notes, err := sightField(sh.bf, sh.opt)
	if err != nil {
		return -1, err
	}
	for _, n := range notes {
		sh.v.Allow("TS-15", "%s", n)
	}
	so := los.Options{GrazingBlocks: sh.opt.GrazingBlocks}
	if sh.opt.RequireSight {
		r, err := los.Sight(bf, sh.s.ID, sh.t.ID, so)
		if err != nil {
			return -1, fmt.Errorf("%w: %w", err, ErrQuery)
		}
		if r.Visible {
			sh.v.Allow("requireSight", "%s sees part of %s", sh.s.ID, sh.t.ID)
		} else {
			by := "terrain"
			if r.BlockedBy != nil {
				by = r.BlockedBy.ID
			}
			sh.v.Forbid("requireSight", "%s cannot see any part of %s (blocked by %s); the file requires sight for attacks", sh.s.ID, sh.t.ID, by)
		}
	}
	if !needFraction {
		return -1, nil
	}
	fr, err := los.VisibleFraction(bf, sh.s.ID, sh.t.ID, so)
	if err != nil {
		return -1, fmt.Errorf("%w: %w", err, ErrQuery)
	}
	sh.v.Measure("visibleFraction", round6(fr.Fraction), "")
	return fr.Fraction, nil
}

// coverPossible reports whether a cover roll can still arise: long band,
// no area weapon, no Hasta la vista, not a machine.
func (sh *shot) coverPossible() bool {
	p := sh.opt.profile(sh.t.ID)
	machine := p.Machine && !p.Crawler
	return (sh.res.Band == BandLong || sh.res.Band == BandBeyond) && !sh.hasta && !machine &&
		!sh.w.has(specialSmallArea) && !sh.w.has(specialMediumArea)
}

// cover applies TS-08: a cover roll only at long range for a target not
// standing in the open; never for machines (Geistlos; crawlers lose it),
// area weapons or Hasta la vista.
func (sh *shot) cover(fraction float64) error {
	p := sh.opt.profile(sh.t.ID)
	switch {
	case sh.res.Band != BandLong && sh.res.Band != BandBeyond:
		sh.v.Modify(rulesets.Modifier{Name: "no cover roll", Clause: "TS-08", Text: fmt.Sprintf("the target is in the %s band, not at long range", sh.res.Band)})
		return nil
	case sh.hasta:
		sh.v.Modify(rulesets.Modifier{Name: "no cover roll", Clause: "TS-08", Text: "Hasta la vista, Baby!"})
		return nil
	case p.Machine && !p.Crawler:
		sh.v.Modify(rulesets.Modifier{Name: "no cover roll", Clause: "TS-08", Text: "machines never roll for cover (Geistlos)"})
		return nil
	case sh.w.has(specialSmallArea) || sh.w.has(specialMediumArea):
		sh.v.Modify(rulesets.Modifier{Name: "no cover roll", Clause: "TS-08", Text: "hits of area weapons (Flächenwirkung) allow no cover roll"})
		return nil
	}
	open, why, err := sh.standsInOpen(fraction)
	if err != nil {
		return err
	}
	if open {
		sh.v.Modify(rulesets.Modifier{Name: "no cover roll", Clause: "TS-08", Text: "at long range but standing in the open: " + why})
		return nil
	}
	sh.res.CoverRoll = true
	sh.v.Modify(rulesets.Modifier{Name: "cover roll", Clause: "TS-08", Text: "at long range and not standing in the open: " + why})
	return nil
}

// standsInOpen is the "offen steht" predicate (option open).
func (sh *shot) standsInOpen(fraction float64) (bool, string, error) {
	if sh.opt.Open == "fraction" {
		open := fraction >= sh.opt.OpenFraction-1e-9
		return open, fmt.Sprintf("%.1f%% of its silhouette is seen, open from %.1f%% (options open \"fraction\", openFraction)", 100*fraction, 100*sh.opt.OpenFraction), nil
	}
	base := sh.t.BaseShape()
	for i := range sh.bf.Pieces() {
		pc := &sh.bf.Pieces()[i]
		if pc.Cover == terrain.CoverNone {
			continue
		}
		var d float64
		if pc.Circle != nil {
			d, _, _ = geom.DistConvex(base, *pc.Circle)
		} else {
			d, _, _ = geom.DistShapes(base, pc.Footprint)
		}
		if d <= movement.ContactTolerance {
			return false, fmt.Sprintf("its base touches %s, which gives %s cover (option open \"terrain\")", pc.ID, pc.Cover), nil
		}
	}
	return true, "its base touches no terrain that gives cover (option open \"terrain\")", nil
}

// near is an enemy within melee range and its distance.
type near struct {
	ID string
	D  float64
}

func (n near) text() string { return fmt.Sprintf("%s (%.3f in)", n.ID, n.D) }

// enemiesInMelee lists the enemies (models of another side, not
// garrisoned) within melee range of m.
func enemiesInMelee(bf *terrain.Battlefield, m *terrain.Model, o *Options) ([]near, error) {
	mr, err := o.meleeRange()
	if err != nil {
		return nil, err
	}
	var out []near
	for i := range bf.Models() {
		e := &bf.Models()[i]
		if e.ID == m.ID || e.Side == m.Side || e.Garrison != nil || !mayBeWithin(m, e, mr) {
			continue
		}
		d, err := distance(bf, m.ID, e.ID, o)
		if err != nil {
			return nil, err
		}
		if o.inMelee(d, mr) {
			out = append(out, near{ID: e.ID, D: d})
		}
	}
	return out, nil
}

// mayBeWithin reports whether a and b may be within d of each other,
// however measured: false when their positions are farther apart than d
// plus the reach of each plan box from its position, a cheap bound that
// spares the exact measure for far models.
func mayBeWithin(a, b *terrain.Model, d float64) bool {
	return a.Position.Sub(b.Position).Norm() <= d+planReach(a)+planReach(b)+edgeTolerance
}

// planReach bounds the distance from m's position to any point of its
// plan: hull, base, and its figures' bases (computed from the sizes, so
// it allocates nothing).
func planReach(m *terrain.Model) float64 {
	base := m.Base.Diameter / 2
	if m.Base.Shape != terrain.BaseCircle {
		base = math.Hypot(m.Base.Length/2, m.Base.Width/2)
	}
	r := max(base, math.Hypot(m.Hull.Length/2, m.Hull.Width/2))
	for _, f := range m.Figures {
		r = max(r, f.Sub(m.Position).Norm()+base)
	}
	return r
}
