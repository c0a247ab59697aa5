package terminator

import (
	"fmt"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// MoveResult is what CheckMove measured besides the verdict.
type MoveResult struct {
	// Template names the allowance: "walk", "crawl" or "walk x2".
	Template string
	// Allowance is the template length allowed, inches.
	Allowance float64
	// Path is the path check (length, violations).
	Path movement.PathResult
	// Barriers are the barrier pieces treated as impassable on this move.
	Barriers []string
}

// CheckMove checks a normal or double move of model along path with the
// movement templates (TS-12): the walk template for a normal move, the
// crawl template for Langsam models (crawlers are Langsam), whose double
// move uses the walk template; an ordinary model's double move is the
// walk template twice or once (option doubleMove). Crawlers make no
// double moves and treat every barrier as impassable (TS-13). The path is
// measured at the model's centre and its base must not cross impassable
// terrain or end on another model; the sheet has no terrain categories, so
// difficult ground costs nothing extra (Ambiguity 11).
func CheckMove(bf *terrain.Battlefield, model string, path []geom.Point, double bool, opt Options) (*rulesets.Verdict, MoveResult, error) {
	m, ok := bf.Model(model)
	if !ok {
		return nil, MoveResult{}, fmt.Errorf("%q: unknown model: %w", model, ErrQuery)
	}
	if err := opt.Validate(); err != nil {
		return nil, MoveResult{}, err
	}
	p := opt.profile(model)
	v := rulesets.NewVerdict()
	if double && p.Crawler {
		v.Forbid("TS-13", "%s is a crawler (Kriecher) and cannot make a double move", model)
	}
	name, times, why := moveTemplate(p, double, &opt)
	t, err := opt.template(name)
	if err != nil {
		return nil, MoveResult{}, err
	}
	res := MoveResult{Template: name, Allowance: t.Length * times}
	if times > 1 {
		res.Template += " x2"
	}
	barriers, err := barrierIDs(bf, &opt)
	if err != nil {
		return nil, MoveResult{}, err
	}
	mbf := bf
	if p.Crawler || opt.BarrierCrossing == "impassable" {
		res.Barriers = barriers
		if mbf, err = withImpassable(bf, barriers); err != nil {
			return nil, MoveResult{}, err
		}
	}
	prof := movement.ProfileFor(m.Class)
	prof.DifficultFactor, prof.DifficultCap, prof.DifficultBudgetFactor = 1, 0, 0
	pr, err := movement.CheckPath(mbf, model, path, movement.PathOptions{Profile: &prof, Budget: res.Allowance})
	if err != nil {
		return nil, MoveResult{}, fmt.Errorf("%w: %w", err, ErrQuery)
	}
	res.Path = pr
	v.Measure("length", round6(pr.Length), "in")
	v.Measure("allowance", round6(res.Allowance), "in")
	moveReasons(v, model, p, res, why)
	if double {
		v.Modify(rulesets.Modifier{Name: "no ranged attacks", Clause: "TS-05", Text: "a model that made a double move cannot use ranged weapons"})
	}
	return v, res, nil
}

// moveTemplate returns the template a move uses, how many times it is
// laid, and why (TS-12).
func moveTemplate(p Profile, double bool, o *Options) (string, float64, string) {
	slow := p.Slow || p.Crawler
	switch {
	case slow && double:
		return "walk", 1, "Langsam: the walk template for a double move"
	case slow:
		return "crawl", 1, "Langsam: the crawl template for a normal move"
	case double && o.DoubleMove == "walk":
		return "walk", 1, "double move: the walk template once (option doubleMove)"
	case double:
		return "walk", 2, "double move: the walk template twice (option doubleMove)"
	}
	return "walk", 1, "normal move: the walk template"
}

// moveReasons turns the path check into reasons.
func moveReasons(v *rulesets.Verdict, model string, p Profile, res MoveResult, why string) {
	pr := res.Path
	if len(pr.Violations) == 0 {
		v.Allow("TS-12", "%s; %s moves %.3f in, within the %s allowance of %g in", why, model, pr.Length, res.Template, round6(res.Allowance))
	}
	for _, x := range pr.Violations {
		switch {
		case x.Kind == "budget":
			v.Forbid("TS-12", "%s; %s moves %.3f in, more than the %s allowance of %g in", why, model, pr.Length, res.Template, round6(res.Allowance))
		case x.Kind == "terrain" && slices.Contains(res.Barriers, x.Object) && p.Crawler:
			v.Forbid("TS-13", "crawlers treat barriers as impenetrable: %s would cross barrier %s at (%.3f, %.3f)", model, x.Object, x.At[0], x.At[1])
		case x.Kind == "terrain" && slices.Contains(res.Barriers, x.Object):
			v.Forbid("TS-13", "barrier %s is impassable to every model in this file (option barrierCrossing): %s", x.Object, x.Detail)
		default:
			v.Forbid("movement", "%s (the scenario's terrain and models)", x.Detail)
		}
	}
	if len(res.Barriers) == 0 && p.Crawler {
		v.Allow("TS-13", "no terrain piece is a barrier in this file (options barriers, barrierKinds)")
	}
}

// barrierIDs returns the ids of the barrier pieces (options barriers and
// barrierKinds); an id naming no piece is an error naming its option.
func barrierIDs(bf *terrain.Battlefield, o *Options) ([]string, error) {
	var out []string
	for i, id := range o.Barriers {
		if _, ok := bf.Piece(id); !ok {
			return nil, badOption(fmt.Sprintf("barriers[%d]", i), fmt.Sprintf("%q", id), "no terrain piece has this id")
		}
		out = append(out, id)
	}
	for i := range bf.Pieces() {
		pc := &bf.Pieces()[i]
		if slices.Contains(o.BarrierKinds, string(pc.Kind)) && !slices.Contains(out, pc.ID) {
			out = append(out, pc.ID)
		}
	}
	return out, nil
}

// withImpassable returns bf with the pieces ids made impassable to every
// class (bf itself when there are none).
func withImpassable(bf *terrain.Battlefield, ids []string) (*terrain.Battlefield, error) {
	if len(ids) == 0 {
		return bf, nil
	}
	pieces := slices.Clone(bf.Pieces())
	for i := range pieces {
		if slices.Contains(ids, pieces[i].ID) {
			pieces[i].Movement = terrain.MovementRule{Default: terrain.Impassable}
		}
	}
	nbf, err := terrain.New(bf.Table(), pieces, slices.Clone(bf.Models()))
	if err != nil {
		return nil, fmt.Errorf("barriers: %w", err)
	}
	return nbf, nil
}
