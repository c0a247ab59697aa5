package terminator

import (
	"encoding/json"
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// Game is the Terminator skirmish game as the query runner sees it: its
// options and its own query kinds. The generic kinds (range, sight, path,
// ...) are answered with Options.Geometry.
var Game = &rulesets.Game{
	Name:       "terminator-skirmish",
	Title:      "Terminator skirmish game",
	NewOptions: func() rulesets.Options { o := DefaultOptions(); return &o },
	Kinds: []rulesets.Kind{
		rulesets.NewKind("shot", "an attack: band, hit number, reach, rate of fire, cover roll, area template (TS-01..11, TS-14)", answerShot),
		rulesets.NewKind("move", "a normal or double move by the walk and crawl templates (TS-12/13)", answerMove),
		rulesets.NewKind("band", "the range band between two models and its hit number (TS-01/02)", answerBand),
		rulesets.NewKind("command", "the allies a leader's ability reaches (TS-07)", answerCommand),
		rulesets.NewKind("forced-melee", "whether a model must use melee weapons (TS-06)", answerForcedMelee),
		rulesets.NewKind("template", "the models the melee or medium template swept around a base touches (TS-09..11)", answerTemplate),
	},
}

func init() { rulesets.Register(Game) }

// options returns a copy of the file's parsed options that a kind may
// adjust for one query, after checking that its profiles name models of
// the battlefield.
func options(env *rulesets.Env) (Options, error) {
	p, ok := env.Options.(*Options)
	if !ok || p == nil {
		return Options{}, fmt.Errorf("options of type %T, want *terminator.Options (parse them with Game.ParseOptions): %w", env.Options, ErrOption)
	}
	o := *p
	return o, o.checkIDs(env.Battlefield)
}

type shotRequest struct {
	Shooter string          `json:"shooter" scenario:"required"`
	Target  string          `json:"target" scenario:"required"`
	Weapon  json.RawMessage `json:"weapon" scenario:"required"`
	// Moved, DoubleMoved and Rotated override the shooter's profile state.
	Moved       *scenario.Length `json:"moved"`
	DoubleMoved *bool            `json:"doubleMoved"`
	Rotated     *bool            `json:"rotated"`
}

func answerShot(env *rulesets.Env, q *shotRequest) (rulesets.Result, error) {
	opt, err := options(env)
	if err != nil {
		return rulesets.Result{}, err
	}
	w, err := ParseWeapon(q.Weapon, env.FieldPath("weapon"))
	if err != nil {
		return rulesets.Result{}, err
	}
	if q.Moved != nil || q.DoubleMoved != nil || q.Rotated != nil {
		if q.Moved != nil && *q.Moved < 0 {
			return rulesets.Result{}, env.Errorf("moved", ErrQuery, "%g is not a length >= 0", float64(*q.Moved))
		}
		opt.Profiles = cloneProfiles(opt.Profiles)
		p := opt.Profiles[q.Shooter]
		if q.Moved != nil {
			p.Moved = *q.Moved
		}
		if q.DoubleMoved != nil {
			p.DoubleMoved = *q.DoubleMoved
		}
		if q.Rotated != nil {
			p.Rotated = *q.Rotated
		}
		opt.Profiles[q.Shooter] = p
	}
	v, r, err := CheckShot(env.Battlefield, q.Shooter, q.Target, w, opt)
	if err != nil {
		return rulesets.Result{}, neededBy(env, err)
	}
	values := r.Bands.Values()
	extra := []rulesets.Field{
		{Name: "distance", Value: rulesets.Round(r.Distance), Length: true},
		{Name: "band", Value: r.Band.String()},
		{Name: "hitOn", Value: r.HitOn},
		{Name: "rate", Value: r.Rate},
		{Name: "coverRoll", Value: r.CoverRoll},
	}
	if r.Sweep != nil {
		extra = append(extra, rulesets.Field{Name: "secondary", Value: r.Secondary})
		values["templateLength"], values["templateWidth"] = round6(r.Sweep.Template.Length), round6(r.Sweep.Template.Width)
	}
	extra = append(extra, rulesets.Field{Name: "values", Value: values})
	res := rulesets.VerdictResult(v, extra...)
	if rulesets.Pictures {
		res.Draw([]string{q.Shooter, q.Target}, bandRings(env, q.Shooter, r.Bands, &opt)...)
	}
	if rulesets.Pictures {
		res.Draw(nil, rulesets.ShotParts(env, q.Shooter, q.Target, rulesets.VerdictLabel(v))...)
	}
	if r.Sweep != nil {
		if rulesets.Pictures {
			res.Draw(r.Secondary, sweepRing(r.Sweep))
		}
	}
	return res, nil
}

// bandRings draws the four band edges around the shooter: its base
// offset by each length (edge measuring) or circles about its centre.
func bandRings(env *rulesets.Env, id string, b Bands, o *Options) []render.Part {
	m, ok := env.Battlefield.Model(id)
	if !ok {
		return nil
	}
	parts := make([]render.Part, 4)
	for i := range parts {
		ring := render.Ring{ModelID: m.ID, Radius: b.Edges[i], Label: fmt.Sprintf("%s %g in", bandNames[i], round6(b.Edges[i]))}
		if o.Measure == "center" {
			ring = render.Ring{Center: m.Position, Radius: b.Edges[i], Label: ring.Label}
		}
		parts[i] = ring
	}
	return parts
}

// sweepRing draws the region the swept template covers: the target's base
// offset by the template's reach.
func sweepRing(r *movement.SweepResult) render.Part {
	return render.Ring{ModelID: r.Target, Radius: r.ReachHi, Label: fmt.Sprintf("%s template swept", r.Template.Shape)}
}

func cloneProfiles(p map[string]Profile) map[string]Profile {
	out := make(map[string]Profile, len(p)+1)
	for k, v := range p {
		out[k] = v
	}
	return out
}

type moveRequest struct {
	Model string       `json:"model" scenario:"required"`
	Path  []geom.Point `json:"path" scenario:"required"`
	// Turns are accepted as in the core move query; the sheet limits no
	// turning, so they are reported, not checked.
	Turns  []float64 `json:"turns"`
	Double bool      `json:"double"`
}

func answerMove(env *rulesets.Env, q *moveRequest) (rulesets.Result, error) {
	if len(q.Path) < 2 {
		return rulesets.Result{}, env.Errorf("path", scenario.ErrValue, "want at least 2 points, got %d", len(q.Path))
	}
	opt, err := options(env)
	if err != nil {
		return rulesets.Result{}, err
	}
	v, r, err := CheckMove(env.Battlefield, q.Model, q.Path, q.Double, opt)
	if err != nil {
		return rulesets.Result{}, neededBy(env, err)
	}
	if len(q.Turns) > 0 {
		v.Allow("TS-12", "the sheet sets no limit on turning: %d turns accepted", len(q.Turns))
	}
	viol := r.Path.Violations
	res := rulesets.VerdictResult(v,
		rulesets.Field{Name: "cost", Value: rulesets.Round(r.Path.Length), Length: true},
		rulesets.Field{Name: "violations", Value: viol},
		rulesets.Field{Name: "template", Value: r.Template},
		rulesets.Field{Name: "values", Value: map[string]float64{"allowance": round6(r.Allowance)}})
	if rulesets.Pictures {
		res.Draw([]string{q.Model}, render.PathFromCheck(r.Path, q.Path))
	}
	return res, nil
}

type pairRequest struct {
	From string `json:"from" scenario:"required"`
	To   string `json:"to" scenario:"required"`
}

func answerBand(env *rulesets.Env, q *pairRequest) (rulesets.Result, error) {
	opt, err := options(env)
	if err != nil {
		return rulesets.Result{}, err
	}
	if _, _, err := pair(env.Battlefield, q.From, q.To); err != nil {
		return rulesets.Result{}, err
	}
	b, err := opt.Bands()
	if err != nil {
		return rulesets.Result{}, neededBy(env, err)
	}
	d, err := distance(env.Battlefield, q.From, q.To, &opt)
	if err != nil {
		return rulesets.Result{}, err
	}
	band := b.Of(d)
	v := rulesets.NewVerdict()
	v.Measure("distance", round6(d), "in")
	v.Allow("TS-01", "%s to %s measured %s is %.3f in: %s band (%s); bands used: %s", q.From, q.To, measureWord(&opt), d, band, bandGerman[band], b.Describe())
	if band == BandBeyond {
		v.Forbid("TS-01", "beyond long range nothing reaches (option beyondLong)")
	}
	res := rulesets.VerdictResult(v,
		rulesets.Field{Name: "distance", Value: rulesets.Round(d), Length: true},
		rulesets.Field{Name: "band", Value: band.String()},
		rulesets.Field{Name: "hitOn", Value: hitOn[band]},
		rulesets.Field{Name: "values", Value: b.Values()})
	if rulesets.Pictures {
		res.Draw([]string{q.From, q.To}, bandRings(env, q.From, b, &opt)...)
	}
	return res, nil
}

type commandRequest struct {
	Leader  string `json:"leader" scenario:"required"`
	Ability string `json:"ability"`
}

func answerCommand(env *rulesets.Env, q *commandRequest) (rulesets.Result, error) {
	if q.Ability != "" && q.Ability != AbilityActivate && q.Ability != AbilityRally {
		return rulesets.Result{}, env.Errorf("ability", scenario.ErrValue, "%q: want activate or rally", q.Ability)
	}
	opt, err := options(env)
	if err != nil {
		return rulesets.Result{}, err
	}
	v, r, err := CheckCommand(env.Battlefield, q.Leader, q.Ability, opt)
	if err != nil {
		return rulesets.Result{}, neededBy(env, err)
	}
	res := rulesets.VerdictResult(v,
		rulesets.Field{Name: "eligible", Value: r.Eligible},
		rulesets.Field{Name: "excluded", Value: r.Excluded},
		rulesets.Field{Name: "values", Value: map[string]any{"commandRange": round6(r.Range), "from": r.From}})
	ring := render.Ring{ModelID: q.Leader, Radius: r.Range, Label: fmt.Sprintf("command %g in", round6(r.Range))}
	if opt.Measure == "center" {
		m, _ := env.Battlefield.Model(q.Leader)
		ring = render.Ring{Center: m.Position, Radius: r.Range, Label: ring.Label}
	}
	if rulesets.Pictures {
		res.Draw(append([]string{q.Leader}, r.Eligible...), ring)
	}
	return res, nil
}

type modelRequest struct {
	Model string `json:"model" scenario:"required"`
}

func answerForcedMelee(env *rulesets.Env, q *modelRequest) (rulesets.Result, error) {
	opt, err := options(env)
	if err != nil {
		return rulesets.Result{}, err
	}
	v, r, err := CheckForcedMelee(env.Battlefield, q.Model, opt)
	if err != nil {
		return rulesets.Result{}, neededBy(env, err)
	}
	mr, _ := opt.meleeRange()
	res := rulesets.VerdictResult(v,
		rulesets.Field{Name: "mustMelee", Value: r.MustMelee},
		rulesets.Field{Name: "inMelee", Value: r.InMelee},
		rulesets.Field{Name: "staggering", Value: r.Staggering},
		rulesets.Field{Name: "values", Value: map[string]float64{"meleeRange": round6(mr)}})
	if rulesets.Pictures {
		res.Draw(append([]string{q.Model}, r.InMelee...), render.Ring{ModelID: q.Model, Radius: mr, Label: "melee range"})
	}
	return res, nil
}

type templateRequest struct {
	Target   string `json:"target" scenario:"required"`
	Shooter  string `json:"shooter"`
	Template string `json:"template"`
}

func answerTemplate(env *rulesets.Env, q *templateRequest) (rulesets.Result, error) {
	if q.Template != "" && q.Template != "melee" && q.Template != "medium" {
		return rulesets.Result{}, env.Errorf("template", scenario.ErrValue, "%q: want melee or medium", q.Template)
	}
	opt, err := options(env)
	if err != nil {
		return rulesets.Result{}, err
	}
	v, r, err := CheckTemplate(env.Battlefield, q.Target, q.Shooter, q.Template, opt)
	if err != nil {
		return rulesets.Result{}, neededBy(env, err)
	}
	ids := []string{}
	for _, h := range r.Touched {
		ids = append(ids, h.ID)
	}
	res := rulesets.VerdictResult(v,
		rulesets.Field{Name: "touched", Value: r.Touched},
		rulesets.Field{Name: "friendlyFire", Value: r.FriendlyFire},
		rulesets.Field{Name: "values", Value: map[string]any{"shape": r.Template.Shape, "length": round6(r.Template.Length),
			"width": round6(r.Template.Width), "reach": round6(r.ReachHi), "tolerance": r.Tolerance}})
	if rulesets.Pictures {
		res.Draw(append([]string{q.Target}, ids...), sweepRing(&r))
	}
	return res, nil
}
