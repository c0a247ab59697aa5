package firestorm

import (
	"fmt"
	"math"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
)

// Game is Firestorm: Taskforce as the query runner sees it: its options
// and its own query kinds. The generic kinds (range, sight, arc, path,
// ...) are answered with Options.Geometry.
var Game = &rulesets.Game{
	Name:       "firestorm-taskforce",
	Title:      "Firestorm: Taskforce",
	NewOptions: func() rulesets.Options { o := DefaultOptions(); return &o },
	Kinds: []rulesets.Kind{
		rulesets.NewKind("shot", "one ship's weapon at a target: band, arc, line of attack, dice (FT-04..07, FT-16..19)", answerShot),
		rulesets.NewKind("attack", "a squadron's combined attack (FT-08)", answerAttack),
		rulesets.NewKind("boarding", "a squadron boarding one enemy model (FT-05)", answerBoarding),
		rulesets.NewKind("interceptors", "a carrier sending interceptors to a friend (FT-21)", answerInterceptors),
		rulesets.NewKind("nuclear", "the models within 4 in of a model destroyed by a Nuclear weapon (FT-22)", answerNuclear),
		rulesets.NewKind("move", "one ship's turn-move-turn (FT-09..13, FT-16..18, FT-20)", answerMove),
		rulesets.NewKind("squadron-move", "a squadron's ships moved in order, then its coherency (FT-09..13)", answerSquadronMove),
		rulesets.NewKind("coherency", "a squadron's 6 in spacing between stands (FT-12)", answerCoherency),
		rulesets.NewKind("sectors", "the table's sectors and who controls each (FT-15)", answerSectors),
		rulesets.NewKind("terrain-review", "terrain sizes against the rules of thumb (FT-14, FT-17)", answerTerrainReview),
		rulesets.NewKind("minefields", "how many minefields each side places, and none in a deployment zone (FT-17)", answerMinefields),
		rulesets.NewKind("deployment", "a squadron's stands inside its deployment zone (FT-23)", answerDeployment),
		rulesets.NewKind("setup", "opposite edges and corners, reserves, halved map lengths (FT-23)", answerSetup),
		rulesets.NewKind("debris-placement", "Ressourcenbergung's three debris fields (FT-24)", answerDebrisPlacement),
		rulesets.NewKind("salvage", "the coherent squadrons within 8 in of each debris field (FT-24)", answerSalvage),
		rulesets.NewKind("objective", "who scores an objective: closest, station, planet, secret base (FT-25)", answerObjective),
	},
}

func init() { rulesets.Register(Game) }

// known reports the first of the query's model fields (field name, id)
// that names no model, as an error naming the field's path.
func known(env *rulesets.Env, fields ...string) error {
	for i := 0; i+1 < len(fields); i += 2 {
		if _, ok := env.Battlefield.Model(fields[i+1]); !ok {
			return env.Errorf(fields[i], ErrQuery, "%q: unknown model", fields[i+1])
		}
	}
	return nil
}

// options returns a copy of the file's parsed options for one query.
func options(env *rulesets.Env) Options { return env.Options.(*Options).withUnits(env.Units) }

type shotRequest struct {
	Shooter string `json:"shooter" scenario:"required"`
	Target  string `json:"target" scenario:"required"`
	Weapon  Weapon `json:"weapon"`
}

func answerShot(env *rulesets.Env, q *shotRequest) (rulesets.Result, error) {
	if err := known(env, "shooter", q.Shooter, "target", q.Target); err != nil {
		return rulesets.Result{}, err
	}
	if err := q.Weapon.validate(env.FieldPath("weapon")); err != nil {
		return rulesets.Result{}, err
	}
	v, r, err := CheckShot(env.Battlefield, q.Shooter, q.Target, q.Weapon, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("shooter", err)
	}
	res := rulesets.VerdictResult(v, shotFields(r)...)
	if rulesets.Pictures {
		res.Draw([]string{q.Shooter, q.Target}, shotParts(env, r, q.Weapon)...)
	}
	return res, nil
}

// shotFields are a shot's numbers as answer fields.
func shotFields(r ShotResult) []rulesets.Field {
	return []rulesets.Field{
		{Name: "range", Value: rulesets.Round(r.Range), Length: true},
		{Name: "band", Value: string(r.Band)},
		{Name: "arc", Value: r.Arc.ArcOf},
		{Name: "bearing", Value: rulesets.Round(r.Arc.Bearing)},
		{Name: "crossed", Value: nonNil(r.Line.Crossed)},
		{Name: "blockedBy", Value: r.Line.BlockedBy},
		{Name: "dice", Value: r.Dice},
		{Name: "diceAfter", Value: r.DiceAfter},
	}
}

// shotParts draws the line of attack between the stands, the weapon's
// arcs and the pieces it crosses.
func shotParts(env *rulesets.Env, r ShotResult, w Weapon) []render.Part {
	parts := []render.Part{render.Sightline{From: geom.Lift(r.From, 0), To: geom.Lift(r.To, 0), Clear: r.Line.BlockedBy == "",
		BlockerID: r.Line.BlockedBy, Label: env.ID}}
	if m, ok := env.Battlefield.Model(r.Shooter); ok && !w.Bomber {
		f := m.Facing.Degrees()
		for _, a := range arcCentres(w.arc()) {
			parts = append(parts, render.ArcOverlay{Center: m.Position, Arc: geom.ArcFromCenter(degAngle(f+a), degAngle(90)), Label: w.arc()})
		}
	}
	for _, p := range []geom.Point{r.From, r.To} {
		parts = append(parts, render.Ring{Center: p, Radius: 0.1, Label: "stand"})
	}
	if len(r.Line.Crossed) > 0 {
		parts = append(parts, render.Template{Label: "dice halved", Hit: r.Line.Crossed})
	}
	return parts
}

// arcCentres returns the directions, degrees from the bow, of the arcs of
// a card code.
func arcCentres(code string) []float64 {
	var out []float64
	codes, _ := arcCodes(code)
	for _, c := range codes {
		switch string(c) {
		case ArcF:
			out = append(out, 0)
		case ArcB:
			out = append(out, 90)
		case ArcS:
			out = append(out, -90)
		case ArcH:
			out = append(out, 180)
		}
	}
	return out
}

type attackRequest struct {
	Target string  `json:"target" scenario:"required"`
	Firers []Firer `json:"firers" scenario:"required"`
}

func answerAttack(env *rulesets.Env, q *attackRequest) (rulesets.Result, error) {
	if err := known(env, "target", q.Target); err != nil {
		return rulesets.Result{}, err
	}
	for i, f := range q.Firers {
		if err := known(env, fmt.Sprintf("firers[%d].model", i), f.Model); err != nil {
			return rulesets.Result{}, err
		}
		if err := f.Weapon.validate(env.FieldPath(fmt.Sprintf("firers[%d].weapon", i))); err != nil {
			return rulesets.Result{}, err
		}
	}
	v, r, err := CheckAttack(env.Battlefield, q.Firers, q.Target, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("firers", err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "combined", Value: nonNil(r.Combined)},
		rulesets.Field{Name: "dropped", Value: nonNil(r.Dropped)}, rulesets.Field{Name: "dice", Value: r.Dice},
		rulesets.Field{Name: "diceAfter", Value: r.Final}, rulesets.Field{Name: "coherent", Value: r.Coherent})
	ids := []string{q.Target}
	for i, s := range r.Shots {
		ids = append(ids, s.Shooter)
		if rulesets.Pictures {
			res.Draw(nil, shotParts(env, s, q.Firers[i].Weapon)...)
		}
	}
	if rulesets.Pictures {
		res.Draw(ids)
	}
	return res, nil
}

type boardingRequest struct {
	Boarders []string `json:"boarders" scenario:"required"`
	Target   string   `json:"target" scenario:"required"`
}

func answerBoarding(env *rulesets.Env, q *boardingRequest) (rulesets.Result, error) {
	if err := known(env, "target", q.Target); err != nil {
		return rulesets.Result{}, err
	}
	v, r, err := CheckBoarding(env.Battlefield, q.Boarders, q.Target, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("boarders", err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "eligible", Value: nonNil(r.Eligible)})
	if rulesets.Pictures {
		res.Draw(append([]string{q.Target}, q.Boarders...), render.Ring{ModelID: q.Target, Radius: boardingMax, Label: "0-8 in"})
	}
	return res, nil
}

type interceptorsRequest struct {
	Carrier string `json:"carrier" scenario:"required"`
	Friend  string `json:"friend" scenario:"required"`
}

func answerInterceptors(env *rulesets.Env, q *interceptorsRequest) (rulesets.Result, error) {
	if err := known(env, "carrier", q.Carrier, "friend", q.Friend); err != nil {
		return rulesets.Result{}, err
	}
	v, d, err := CheckInterceptors(env.Battlefield, q.Carrier, q.Friend, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("carrier", err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "range", Value: d, Length: true})
	if rulesets.Pictures {
		res.Draw([]string{q.Carrier, q.Friend}, render.Ring{ModelID: q.Carrier, Radius: effectiveMax, Label: "effective range"})
	}
	return res, nil
}

type nuclearRequest struct {
	Model string `json:"model" scenario:"required"`
}

func answerNuclear(env *rulesets.Env, q *nuclearRequest) (rulesets.Result, error) {
	ids, dist, err := NuclearRadius(env.Battlefield, q.Model, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("model", err)
	}
	v := rulesets.NewVerdict()
	for _, id := range ids {
		v.Measure(id, dist[id], "in")
	}
	v.Allow(ftRadius, "%d model(s) within 4 in of %s roll a D6 (4+: a disorder marker), friends included: %v", len(ids), q.Model, ids)
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "models", Value: ids})
	if rulesets.Pictures {
		res.Draw(append([]string{q.Model}, ids...), render.Ring{ModelID: q.Model, Radius: nuclearRadius, Label: "4 in"})
	}
	return res, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// degAngle converts degrees to an s1.Angle.
func degAngle(d float64) s1.Angle { return s1.Angle(d * math.Pi / 180) }

// moveRequest is a move query: the path's first point is where the base
// centre starts (the model's position), its last where it ends.
type moveRequest struct {
	Model  string       `json:"model" scenario:"required"`
	Path   []geom.Point `json:"path" scenario:"required"`
	Turns  []*float64   `json:"turns"`
	Facing *float64     `json:"facing"`
	Forced bool         `json:"forced"`
}

func answerMove(env *rulesets.Env, q *moveRequest) (rulesets.Result, error) {
	plan, err := planOf(env, q.Model, q.Path, q.Turns, q.Facing, q.Forced, "path")
	if err != nil {
		return rulesets.Result{}, err
	}
	opt := options(env)
	v, r, err := CheckMove(env.Battlefield, q.Model, plan, opt)
	if err != nil {
		return rulesets.Result{}, env.At("model", err)
	}
	m, _ := env.Battlefield.Model(q.Model)
	res := rulesets.VerdictResult(v, moveFields(r)...)
	if rulesets.Pictures {
		res.Draw([]string{q.Model}, movePart(r, m.Position, plan.To, v.Legal))
	}
	return res, nil
}

// planOf turns a request's path into a plan, checking it starts at the
// model.
func planOf(env *rulesets.Env, model string, path []geom.Point, turns []*float64, facing *float64, forced bool, field string) (MovePlan, error) {
	m, ok := env.Battlefield.Model(model)
	if !ok {
		return MovePlan{}, env.Errorf("model", ErrQuery, "%q: unknown model", model)
	}
	if len(path) != 2 {
		return MovePlan{}, env.Errorf(field, ErrQuery, "%d points: want [start, end] (one straight move, FT-10)", len(path))
	}
	if path[0].Sub(m.Position).Norm() > 1e-6 {
		return MovePlan{}, env.Errorf(field, ErrQuery, "starts at (%g, %g), but %s stands at (%g, %g)", path[0].X, path[0].Y, model, m.Position.X, m.Position.Y)
	}
	return MovePlan{To: path[1], Turns: turns, Facing: facing, Forced: forced}, nil
}

// moveFields are a move's numbers as answer fields.
func moveFields(r MoveResult) []rulesets.Field {
	f := []rulesets.Field{
		{Name: "distance", Value: rulesets.Round(r.Distance), Length: true},
		{Name: "allowance", Value: r.Allowance, Length: true},
		{Name: "minimum", Value: r.Minimum, Length: true},
		{Name: "turns", Value: []float64{r.Turns[0], r.Turns[1]}},
		{Name: "endFacing", Value: r.EndFacing},
		{Name: "overlaps", Value: nonNil(r.Overlaps)},
		{Name: "mineChecks", Value: nonNil(r.MineChecks)},
		{Name: "destroyed", Value: r.Destroyed},
	}
	if r.BestStop != nil {
		f = append(f, rulesets.Field{Name: "bestStop", Value: *r.BestStop, Length: true})
	}
	return f
}

// movePart draws a move.
func movePart(r MoveResult, from, to geom.Point, legal bool) render.Part {
	p := render.PathOverlay{ModelID: r.Model, Points: []geom.Point{from, to}, Cost: r.Distance, HasCost: true, Legal: legal}
	for _, id := range r.Overlaps {
		p.Violations = append(p.Violations, render.Violation{At: to, Text: "overlaps " + id})
	}
	if r.Contact != "" {
		p.Violations = append(p.Violations, render.Violation{At: to, Text: "contact with " + r.Contact})
	}
	return p
}
