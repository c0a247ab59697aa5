package firestorm

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Weapon is a weapon system of a data card (FT-04, FT-06, FT-08): its
// classification, arc code, attack dice per range band and weapon MARs.
type Weapon struct {
	Name string `json:"name"`
	// Class is the classification ("Laser", "Massebeschleuniger", ...):
	// only weapons of one class combine (FT-08).
	Class string `json:"class"`
	// Arc is the card code: "F", "F/B/S", "B+S", "B/S" or "360°" (FT-06);
	// "" means 360°.
	Arc string `json:"arc"`
	// KR, ER and LR are the attack dice at core, effective and long range;
	// a band with 0 dice (when any is given) cannot be fired at.
	KR int `json:"kr"`
	ER int `json:"er"`
	LR int `json:"lr"`
	// MARs are the weapon's model-assigned rules (FT-08 combining).
	MARs []string `json:"mars"`
	// Bomber: a bomber launch, which needs no line of sight (FT-21).
	Bomber bool `json:"bomber"`
}

// validate reports the first unusable field of w, naming its path.
func (w Weapon) validate(path string) error {
	if _, ok := arcCodes(w.arc()); !ok {
		return &terrain.FieldError{Path: path + ".arc", Value: fmt.Sprintf("%q", w.Arc),
			Err: fmt.Errorf("%q: want F, F/B/S, B+S, B/S or 360°: %w", w.Arc, ErrQuery)}
	}
	for _, d := range []struct {
		n string
		v int
	}{{"kr", w.KR}, {"er", w.ER}, {"lr", w.LR}} {
		if d.v < 0 || d.v > 1000 {
			return &terrain.FieldError{Path: path + "." + d.n, Value: fmt.Sprint(d.v), Err: fmt.Errorf("%d dice: want 0..1000: %w", d.v, ErrQuery)}
		}
	}
	return nil
}

func (w Weapon) arc() string {
	if w.Arc == "" {
		return "360°"
	}
	return w.Arc
}

// dice returns the weapon's dice at band b and whether the card gives
// dice at all.
func (w Weapon) dice(b Band) (int, bool) {
	given := w.KR > 0 || w.ER > 0 || w.LR > 0
	switch b {
	case BandCore:
		return w.KR, given
	case BandEffective:
		return w.ER, given
	case BandLong:
		return w.LR, given
	}
	return 0, given
}

// ShotResult is the measured side of one firer's attack.
type ShotResult struct {
	Shooter, Target string
	Range           float64    // stand to nearest stand, inches (FT-02)
	From, To        geom.Point // the stands measured between
	Band            Band
	Arc             arcTest
	Line            lineResult
	Dice            int // dice at the band before halving
	Halvings        int // pieces crossed (FT-19)
	DiceAfter       int // dice after halving
	Legal           bool
}

// CheckShot checks one model's weapon against a target (FT-02, FT-04,
// FT-06, FT-07, FT-16..19, FT-21): range from the firer's stand to the
// target's nearest stand and its band, the weapon's arc, the line of
// attack between the two stands (blocked only by occupied areas; a bomber
// needs none), and the dice halved once per debris, gas or minefield piece
// crossed. Unknown ids are errors; rule failures make the verdict illegal.
func CheckShot(bf *terrain.Battlefield, shooter, target string, w Weapon, opt Options) (*rulesets.Verdict, ShotResult, error) {
	if err := w.validate("weapon"); err != nil {
		return nil, ShotResult{}, err
	}
	a, b, err := pair(bf, shooter, target)
	if err != nil {
		return nil, ShotResult{}, err
	}
	v := rulesets.NewVerdict()
	r := measureShot(bf, a, b, w, &opt, v)
	return v, r, nil
}

// pair looks up the firer and the target.
func pair(bf *terrain.Battlefield, from, to string) (*terrain.Model, *terrain.Model, error) {
	if bf == nil {
		return nil, nil, fmt.Errorf("nil battlefield: %w", ErrQuery)
	}
	a, ok := bf.Model(from)
	if !ok {
		return nil, nil, fmt.Errorf("%q: unknown model: %w", from, ErrQuery)
	}
	b, ok := bf.Model(to)
	if !ok {
		return nil, nil, fmt.Errorf("%q: unknown model: %w", to, ErrQuery)
	}
	if a.ID == b.ID {
		return nil, nil, fmt.Errorf("%q attacks itself: %w", from, ErrQuery)
	}
	return a, b, nil
}

// measureShot fills v with the checks of one firer and returns the numbers.
func measureShot(bf *terrain.Battlefield, a, b *terrain.Model, w Weapon, opt *Options, v *rulesets.Verdict) ShotResult {
	r := ShotResult{Shooter: a.ID, Target: b.ID, Legal: true}
	forbid := func(clause, format string, args ...any) { v.Forbid(clause, format, args...); r.Legal = false }
	r.Range, r.From, r.To = nearestPair(opt.measurePoints(a, a.Pose()), opt.measurePoints(b, b.Pose()))
	v.Measure(a.ID+" range", rulesets.Round(r.Range), "in")
	r.Band, _ = opt.band(r.Range)
	bandCheck(v, &r, w, opt, forbid)
	if w.Bomber {
		v.Allow(ftCarriers, "bombers are launched without line of sight or fire arc")
	} else {
		set := ArcSet(a, a.Pose(), *opt)
		r.Arc = inArc(set, w.arc(), r.To, baseAt(b, b.Pose()), *opt)
		v.Measure(a.ID+" bearing", rulesets.Round(r.Arc.Bearing), "deg clockwise from the bow")
		why := fmt.Sprintf("%s bears %.1f° clockwise from %s's bow, in its %s arc", b.ID, r.Arc.Bearing, a.ID, r.Arc.ArcOf)
		if r.Arc.Note != "" {
			why += "; " + r.Arc.Note
		}
		if r.Arc.In {
			v.Allow(ftArcs, "%s; weapon arc %s allows it", why, w.arc())
		} else {
			forbid(ftArcs, "%s; weapon arc %s does not", why, w.arc())
		}
	}
	r.Line = traceLine(bf, r.From, r.To, []string{a.ID, b.ID}, opt)
	lineCheck(v, &r, w, forbid)
	r.Halvings = len(r.Line.Crossed)
	r.DiceAfter = halve(r.Dice, r.Halvings)
	n := r.Dice
	for i, id := range r.Line.Crossed {
		v.Measure("inside "+id, rulesets.Round(r.Line.Inside[i]), "in")
		v.Allow(halvingClause(r.Line.Kinds[i]), "the line runs %.2f in through %s %s: %d dice halved to %d", r.Line.Inside[i], r.Line.Kinds[i], id, n, n/2)
		v.Modify(rulesets.Modifier{Name: "dice halved", Clause: halvingClause(r.Line.Kinds[i]), Text: fmt.Sprintf("the line crosses %s %s", r.Line.Kinds[i], id)})
		n /= 2
	}
	if r.Halvings > 1 {
		name := fmt.Sprintf("dice halved %d times", r.Halvings)
		if r.Halvings == 2 {
			name = "dice quartered"
		}
		v.Modify(rulesets.Modifier{Name: fmt.Sprintf("%s (%d -> %d)", name, r.Dice, r.DiceAfter), Clause: ftStack})
	}
	if r.Halvings > 1 {
		v.Allow(ftStack, "%d pieces crossed: the effects add up, %d dice become %d (halved %d times, rounding down each time)", r.Halvings, r.Dice, r.DiceAfter, r.Halvings)
	}
	return r
}

// bandCheck records the range band and the dice it gives (FT-04).
func bandCheck(v *rulesets.Verdict, r *ShotResult, w Weapon, opt *Options, forbid func(string, string, ...any)) {
	_, note := opt.band(r.Range)
	if note != "" {
		note = "; " + note
	}
	if w.Bomber {
		if opt.BomberRange > 0 && rulesets.Round(r.Range) > float64(opt.BomberRange) {
			forbid(ftCarriers, "%.2f in to %s is beyond the agreed bomber range %.2f in", r.Range, r.Target, float64(opt.BomberRange))
		}
	}
	if r.Band == BandNone {
		forbid(ftBands, "%.2f in from %s's stand to %s's nearest stand is beyond the agreed maximum range %.2f in", r.Range, r.Shooter, r.Target, float64(opt.MaxRange))
		return
	}
	d, given := w.dice(r.Band)
	r.Dice = d
	switch {
	case !given:
		v.Allow(ftBands, "%.2f in from %s's stand to %s's nearest stand: %s band%s", r.Range, r.Shooter, r.Target, r.Band, note)
	case d == 0:
		forbid(ftBands, "%.2f in: %s band%s, where the weapon has no attack dice", r.Range, r.Band, note)
	default:
		v.Allow(ftBands, "%.2f in from %s's stand to %s's nearest stand: %s band, %d dice%s", r.Range, r.Shooter, r.Target, r.Band, d, note)
	}
	v.Modify(rulesets.Modifier{Name: "range band " + string(r.Band), Clause: ftBands, Value: float64(d)})
}

// lineCheck records the line of attack (FT-07).
func lineCheck(v *rulesets.Verdict, r *ShotResult, w Weapon, forbid func(string, string, ...any)) {
	switch {
	case w.Bomber:
	case r.Line.BlockedBy != "":
		forbid(ftSight, "the line between the stands (%.2f, %.2f)-(%.2f, %.2f) passes through %s, which blocks it",
			r.From.X, r.From.Y, r.To.X, r.To.Y, r.Line.BlockedBy)
	default:
		why := "the line between the stands meets no occupied area"
		if len(r.Line.Grazed) > 0 {
			why += "; it only touches " + strings.Join(r.Line.Grazed, ", ") + " (grazeCounts false)"
		}
		v.Allow(ftSight, "%s", why)
	}
}

// halvingClause returns the clause of a halving piece kind.
func halvingClause(k terrain.Kind) string {
	switch k {
	case terrain.Gas:
		return ftGas
	case terrain.Minefield:
		return ftMinefield
	}
	return ftDebris
}

// Firer is one model's weapon in a combined attack.
type Firer struct {
	Model  string `json:"model"`
	Weapon Weapon `json:"weapon"`
}

// AttackResult is a combined attack's numbers (FT-08).
type AttackResult struct {
	Shots    []ShotResult
	Combined []string // firers whose dice combine
	Dropped  []string // firers that cannot take part
	Dice     int      // the combined pool before halving
	Final    int      // after halving (Options.HalveDice)
	Coherent bool
}

// CheckAttack checks a squadron's combined attack on one target (FT-08):
// every firer's shot as CheckShot (a firer out of range, arc or sight is
// dropped and the rest combine), one classification, at least one shared
// MAR or none at all, one squadron, and that squadron coherent (FT-12).
// The pool is halved per Options.HalveDice.
func CheckAttack(bf *terrain.Battlefield, firers []Firer, target string, opt Options) (*rulesets.Verdict, AttackResult, error) {
	if len(firers) == 0 {
		return nil, AttackResult{}, fmt.Errorf("no firers: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	var res AttackResult
	for i, f := range firers {
		if err := f.Weapon.validate(fmt.Sprintf("firers[%d].weapon", i)); err != nil {
			return nil, AttackResult{}, err
		}
		a, b, err := pair(bf, f.Model, target)
		if err != nil {
			return nil, AttackResult{}, fmt.Errorf("firers[%d]: %w", i, err)
		}
		sub := rulesets.NewVerdict()
		r := measureShot(bf, a, b, f.Weapon, &opt, sub)
		res.Shots = append(res.Shots, r)
		v.Reasons = append(v.Reasons, prefixed(f.Model, sub.Reasons)...)
		v.Measures = append(v.Measures, sub.Measures...)
		if r.Legal {
			res.Combined = append(res.Combined, f.Model)
		} else {
			res.Dropped = append(res.Dropped, f.Model)
		}
	}
	combineChecks(bf, firers, &res, v, &opt)
	res.Dice, res.Final = pool(res, opt.HalveDice)
	if res.Dice != res.Final && len(res.Combined) > 1 {
		v.Allow(ftStack, "the combined pool of %d dice is halved per piece its lines cross (halveDice %s): %d dice", res.Dice, opt.HalveDice, res.Final)
	}
	v.Measure("combined dice", float64(res.Dice), "dice")
	v.Measure("dice after halving", float64(res.Final), "dice")
	return v, res, nil
}

// prefixed turns a firer's reasons into reasons of the attack: a failed
// check drops the firer from the combination but does not by itself make
// the attack illegal.
func prefixed(id string, rs []rulesets.Reason) []rulesets.Reason {
	out := make([]rulesets.Reason, len(rs))
	for i, r := range rs {
		r.Text = id + ": " + r.Text
		if !r.Pass {
			r.Text += " (dropped from the attack)"
		}
		out[i] = r
	}
	return out
}

// combineChecks applies FT-08's conditions to the firers left.
func combineChecks(bf *terrain.Battlefield, firers []Firer, res *AttackResult, v *rulesets.Verdict, opt *Options) {
	if len(res.Combined) == 0 {
		v.Forbid(ftCombine, "no firer can attack the target")
		return
	}
	var left []Firer
	for _, f := range firers {
		if slices.Contains(res.Combined, f.Model) {
			left = append(left, f)
		}
	}
	if len(left) == 1 {
		v.Allow(ftCombine, "one firer: nothing to combine")
		res.Coherent = true
		return
	}
	class := left[0].Weapon.Class
	shared := slices.Clone(left[0].Weapon.MARs)
	none := len(shared) == 0
	for _, f := range left[1:] {
		if f.Weapon.Class != class {
			v.Forbid(ftCombine, "%s's weapon is %q, %s's is %q: only one classification combines", left[0].Model, class, f.Model, f.Weapon.Class)
			return
		}
		none = none && len(f.Weapon.MARs) == 0
		shared = slices.DeleteFunc(shared, func(m string) bool { return !slices.Contains(f.Weapon.MARs, m) })
	}
	if len(shared) == 0 && !none {
		v.Forbid(ftCombine, "the weapons share no MAR (weapons with MARs combine only over a shared one)")
		return
	}
	squad, ok := oneSquad(bf, left)
	if !ok {
		v.Forbid(ftCombine, "the firers are not one squadron")
		return
	}
	c, err := squadronCoherency(bf, squad, nil, opt)
	res.Coherent = err == nil && c.Coherent
	if !res.Coherent {
		v.Forbid(ftCombine, "squadron %s is not coherent (%s): it may not combine attacks", squad, c.Explain())
		return
	}
	mars := fmt.Sprintf("shared MARs %v", shared)
	if none {
		mars = "no weapon has a MAR"
	}
	v.Allow(ftCombine, "%d firers of squadron %s combine: class %q, %s, the squadron is coherent", len(left), squad, class, mars)
}

// oneSquad returns the firers' squadron when they share one.
func oneSquad(bf *terrain.Battlefield, fs []Firer) (string, bool) {
	var squad string
	for i, f := range fs {
		m, _ := bf.Model(f.Model)
		if i == 0 {
			squad = m.Squad
		}
		if m.Squad != squad || squad == "" {
			return squad, false
		}
	}
	return squad, true
}

// pool returns the combined dice and the dice after halving: "pool" sums
// the dice of the firers whose lines cross the same number of pieces and
// halves each sum that many times; "firer" halves each firer's dice first
// (Ambiguity 21).
func pool(res AttackResult, mode string) (int, int) {
	total, final := 0, 0
	byCount := map[int]int{}
	for _, s := range res.Shots {
		if !slices.Contains(res.Combined, s.Shooter) {
			continue
		}
		total += s.Dice
		if mode == "firer" {
			final += s.DiceAfter
		} else {
			byCount[s.Halvings] += s.Dice
		}
	}
	for k, n := range byCount {
		final += halve(n, k)
	}
	return total, final
}
