package dropzone

import (
	"encoding/json"
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// Game is Dropzone Commander as the query runner sees it: its options and
// its own query kinds. The generic kinds (range, sight, arc, ...) are
// answered with Options.Geometry.
var Game = &rulesets.Game{
	Name:       "dropzone-commander",
	Title:      "Dropzone Commander",
	NewOptions: func() rulesets.Options { o := DefaultOptions(); return &o },
	Kinds: []rulesets.Kind{
		rulesets.NewKind("shot", "the DZC shooting sequence for one weapon", answerShot),
		rulesets.NewKind("move", "a move with terrain, turns, altitude and manoeuvres", answerMove),
		rulesets.NewKind("formation", "a squad's formation (DZC-08..10)", answerFormation),
		rulesets.NewKind("deployment", "a squad deployed wholly inside a zone (DZC-11)", answerDeployment),
		rulesets.NewKind("standby", "a unit entering from standby (DZC-12)", answerStandby),
		rulesets.NewKind("landing", "an aircraft landing (DZC-33/34)", answerLanding),
		rulesets.NewKind("embark", "a squad embarking (DZC-38..41)", answerEmbark),
		rulesets.NewKind("disembark", "a transport's passengers disembarking (DZC-38..41)", answerDisembark),
		rulesets.NewKind("transport-building", "a transport unloading into a building (DZC-42)", answerTransportBuilding),
		rulesets.NewKind("enter-building", "a squad entering a building (DZC-47)", answerEnterBuilding),
		rulesets.NewKind("leave-building", "a squad leaving a building (DZC-48)", answerLeaveBuilding),
		rulesets.NewKind("connected-buildings", "whether two buildings are connected (DZC-52)", answerConnected),
		rulesets.NewKind("building-class", "a building's class (DZC-46)", answerBuildingClass),
		rulesets.NewKind("building-destroyed", "what a collapsing building takes with it (DZC-51)", answerCollapse),
		rulesets.NewKind("aa-reaction", "AA reaction fire along a flight corridor (DZC-36)", answerReaction),
		rulesets.NewKind("crash", "an aircraft crashing (DZC-37)", answerCrash),
		rulesets.NewKind("wreck", "a wreck's passengers placed (DZC-44)", answerWreck),
		rulesets.NewKind("premeasure", "whether measuring is allowed now (DZC-04)", answerPremeasure),
	},
}

func init() { rulesets.Register(Game) }

// options returns a copy of the file's parsed options that a kind may
// adjust for one query.
func options(env *rulesets.Env) Options { return *env.Options.(*Options) }

// weapon decodes a query's weapon field.
func weapon(env *rulesets.Env, raw json.RawMessage, field string) (Weapon, error) {
	return ParseWeapon(raw, env.FieldPath(field), env.Units)
}

type shotRequest struct {
	Shooter string          `json:"shooter" scenario:"required"`
	Target  string          `json:"target" scenario:"required"`
	Weapon  json.RawMessage `json:"weapon" scenario:"required"`
	// Moved overrides how far the shooter moved this turn.
	Moved *scenario.Length `json:"moved"`
}

func answerShot(env *rulesets.Env, q *shotRequest) (rulesets.Result, error) {
	opt := options(env)
	w, err := weapon(env, q.Weapon, "weapon")
	if err != nil {
		return rulesets.Result{}, err
	}
	if q.Moved != nil {
		opt.Units = copyUnits(opt.Units)
		u := opt.Units[q.Shooter]
		u.Moved = *q.Moved
		opt.Units[q.Shooter] = u
	}
	v, err := CheckShot(env.Battlefield, q.Shooter, q.Target, w, opt)
	if err != nil {
		return rulesets.Result{}, err
	}
	r := rulesets.VerdictResult(v)
	if rulesets.Pictures {
		r.Draw([]string{q.Shooter, q.Target}, rulesets.ShotParts(env, q.Shooter, q.Target, rulesets.VerdictLabel(v))...)
	}
	return r, nil
}

type moveRequest struct {
	Model     string           `json:"model" scenario:"required"`
	Path      []geom.Point     `json:"path" scenario:"required"`
	Turns     []float64        `json:"turns"`
	Altitude  *scenario.Length `json:"altitude"`
	Land      bool             `json:"land"`
	TakeOff   bool             `json:"takeOff"`
	Manoeuvre bool             `json:"manoeuvre"`
}

func answerMove(env *rulesets.Env, q *moveRequest) (rulesets.Result, error) {
	plan := MovePlan{Path: q.Path, Turns: q.Turns, Land: q.Land, TakeOff: q.TakeOff, Manoeuvre: q.Manoeuvre}
	if q.Altitude != nil {
		a := float64(*q.Altitude)
		plan.Altitude = &a
	}
	v, r, err := CheckMove(env.Battlefield, q.Model, plan, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "cost", Value: rulesets.Round(r.Cost), Length: true},
		rulesets.Field{Name: "violations", Value: nonNil(r.Violations)},
		rulesets.Field{Name: "movedForShooting", Value: rulesets.Round(r.MovedForShooting), Length: true})
	if rulesets.Pictures {
		res.Draw([]string{q.Model}, rulesets.MovePart(q.Model, q.Path, r.Cost, v.Legal, rulesets.FailedClauses(v)))
	}
	return res, nil
}

type squadRequest struct {
	Squad string `json:"squad" scenario:"required"`
}

func answerFormation(env *rulesets.Env, q *squadRequest) (rulesets.Result, error) {
	v, r, err := CheckFormation(env.Battlefield, q.Squad, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "groups", Value: r.Groups},
		rulesets.Field{Name: "mustClose", Value: nonNil(r.MustClose)}, rulesets.Field{Name: "eitherHalf", Value: r.EitherHalf})
	o := options(env)
	if rulesets.Pictures {
		res.Draw(squadIDs(env, q.Squad), formationParts(env.Battlefield, q.Squad, &o)...)
	}
	return res, nil
}

type deploymentRequest struct {
	Squad string       `json:"squad" scenario:"required"`
	Zone  []geom.Point `json:"zone" scenario:"required"`
}

func answerDeployment(env *rulesets.Env, q *deploymentRequest) (rulesets.Result, error) {
	zone := geom.PolygonFromPoints(q.Zone...)
	v, err := CheckDeployment(env.Battlefield, q.Squad, zone, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	res := rulesets.VerdictResult(v)
	if rulesets.Pictures {
		res.Draw(squadIDs(env, q.Squad), render.Template{Shape: zone, Label: "zone: " + rulesets.VerdictLabel(v)})
	}
	return res, nil
}

type standbyRequest struct {
	Model string     `json:"model" scenario:"required"`
	Point geom.Point `json:"point" scenario:"required"`
	Edge  string     `json:"edge"`
}

func answerStandby(env *rulesets.Env, q *standbyRequest) (rulesets.Result, error) {
	v, err := CheckStandbyEntry(env.Battlefield, q.Model, q.Point, q.Edge, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err, q.Model))(edgePart(env.Battlefield, q.Point, q.Edge, v)...)
}

type landingRequest struct {
	Model      string      `json:"model" scenario:"required"`
	Point      *geom.Point `json:"point"`
	Size       string      `json:"size"`
	Passengers []string    `json:"passengers"`
	With       []string    `json:"with"`
}

// at returns the point a landing or crash query names, else the model's
// position.
func at(env *rulesets.Env, model string, p *geom.Point) (geom.Point, error) {
	if p != nil {
		return *p, nil
	}
	m, ok := env.Battlefield.Model(model)
	if !ok {
		return geom.Point{}, env.Errorf("model", ErrQuery, "%q: unknown model", model)
	}
	return m.Position, nil
}

func answerLanding(env *rulesets.Env, q *landingRequest) (rulesets.Result, error) {
	p, err := at(env, q.Model, q.Point)
	if err != nil {
		return rulesets.Result{}, err
	}
	o := options(env)
	v, err := CheckLanding(env.Battlefield, q.Model, p, q.Size, q.Passengers, q.With, o)
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err, q.Model))(lzPart(env.Battlefield, q.Model, q.Size, p, &o, "landing "+label(v))...)
}

type embarkRequest struct {
	Squad      string    `json:"squad" scenario:"required"`
	Transports []string  `json:"transports"`
	Capacity   int       `json:"capacity"`
	Manoeuvre  Manoeuvre `json:"manoeuvre"`
}

func answerEmbark(env *rulesets.Env, q *embarkRequest) (rulesets.Result, error) {
	v, err := CheckEmbark(env.Battlefield, q.Squad, q.Transports, q.Capacity, q.Manoeuvre, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err, squadIDs(env, q.Squad)...))(reachParts(env.Battlefield, q.Transports, transportReach,
		fmt.Sprintf("embark within %g in: %s", transportReach, label(v)))...)
}

type disembarkRequest struct {
	Model      string      `json:"model" scenario:"required"`
	Placements []Placement `json:"placements"`
	Manoeuvre  Manoeuvre   `json:"manoeuvre"`
	TookOff    bool        `json:"tookOff"`
}

func answerDisembark(env *rulesets.Env, q *disembarkRequest) (rulesets.Result, error) {
	v, err := CheckDisembark(env.Battlefield, q.Model, q.Placements, q.Manoeuvre, q.TookOff, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err, q.Model))(append(reachParts(env.Battlefield, []string{q.Model}, transportReach,
		fmt.Sprintf("disembark within %g in: %s", transportReach, label(v))), placementMarks(q.Placements)...)...)
}

type transportBuildingRequest struct {
	Model    string `json:"model" scenario:"required"`
	Building string `json:"building" scenario:"required"`
}

func answerTransportBuilding(env *rulesets.Env, q *transportBuildingRequest) (rulesets.Result, error) {
	v, err := CheckTransportToBuilding(env.Battlefield, q.Model, q.Building, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err, q.Model))(append(buildingPart(env.Battlefield, q.Building, label(v)),
		reachParts(env.Battlefield, []string{q.Model}, transportEntranceReach, fmt.Sprintf("entrance within %g in", transportEntranceReach))...)...)
}

type enterBuildingRequest struct {
	Squad    string `json:"squad" scenario:"required"`
	Building string `json:"building" scenario:"required"`
}

func answerEnterBuilding(env *rulesets.Env, q *enterBuildingRequest) (rulesets.Result, error) {
	v, err := CheckEnterBuilding(env.Battlefield, q.Squad, q.Building, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err, squadIDs(env, q.Squad)...))(buildingPart(env.Battlefield, q.Building, "enter: "+label(v))...)
}

type leaveRequest struct {
	Building   string      `json:"building" scenario:"required"`
	Placements []Placement `json:"placements"`
	Closest    bool        `json:"closest"`
}

func answerLeaveBuilding(env *rulesets.Env, q *leaveRequest) (rulesets.Result, error) {
	v, err := CheckLeaveBuilding(env.Battlefield, q.Building, q.Placements, q.Closest, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err))(append(buildingPart(env.Battlefield, q.Building, "leave: "+label(v)), placementMarks(q.Placements)...)...)
}

type connectedRequest struct {
	A string `json:"a" scenario:"required"`
	B string `json:"b" scenario:"required"`
}

func answerConnected(env *rulesets.Env, q *connectedRequest) (rulesets.Result, error) {
	v, err := CheckConnectedBuildings(env.Battlefield, q.A, q.B, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err))(gapPart(env.Battlefield, q.A, q.B, v)...)
}

type oneBuildingRequest struct {
	Building string `json:"building" scenario:"required"`
}

func answerBuildingClass(env *rulesets.Env, q *oneBuildingRequest) (rulesets.Result, error) {
	v, err := BuildingClass(env.Battlefield, q.Building, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	return drawn(verdict(v, err))(buildingPart(env.Battlefield, q.Building, measuresLabel(v))...)
}

func answerCollapse(env *rulesets.Env, q *oneBuildingRequest) (rulesets.Result, error) {
	v, inside, near, err := CheckCollapse(env.Battlefield, q.Building, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "removed", Value: nonNil(inside)},
		rulesets.Field{Name: "destroyedOn2", Value: nonNil(near)})
	if rulesets.Pictures {
		res.Draw(append(append([]string(nil), inside...), near...), collapseParts(env.Battlefield, q.Building)...)
	}
	return res, nil
}

type reactionRequest struct {
	Shooter  string          `json:"shooter" scenario:"required"`
	Aircraft string          `json:"aircraft" scenario:"required"`
	Weapon   json.RawMessage `json:"weapon" scenario:"required"`
	Corridor []geom.Point    `json:"corridor" scenario:"required"`
	// At and Previous are distances along the corridor; Previous < 0
	// means no earlier reaction.
	At       scenario.Length  `json:"at"`
	Previous *scenario.Length `json:"previous"`
	Fired    bool             `json:"fired"`
}

func answerReaction(env *rulesets.Env, q *reactionRequest) (rulesets.Result, error) {
	w, err := weapon(env, q.Weapon, "weapon")
	if err != nil {
		return rulesets.Result{}, err
	}
	prev := -1.0
	if q.Previous != nil {
		prev = float64(*q.Previous)
	}
	v, r, err := CheckReaction(env.Battlefield, q.Shooter, q.Aircraft, q.Corridor, float64(q.At), prev, w, q.Fired, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "engagementPoint", Value: rulesets.Point2(r.Point)})
	if rulesets.Pictures {
		res.Draw([]string{q.Shooter, q.Aircraft}, rulesets.MovePart(q.Aircraft, q.Corridor, -1, true, nil),
			rulesets.PointMark(r.Point, "engaged: "+rulesets.VerdictLabel(v)))
	}
	return res, nil
}

type crashRequest struct {
	Model string      `json:"model" scenario:"required"`
	Point *geom.Point `json:"point"`
	Size  string      `json:"size"`
}

func answerCrash(env *rulesets.Env, q *crashRequest) (rulesets.Result, error) {
	p, err := at(env, q.Model, q.Point)
	if err != nil {
		return rulesets.Result{}, err
	}
	v, r, err := CheckCrash(env.Battlefield, q.Model, p, q.Size, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "touched", Value: nonNil(r.Touched)},
		rulesets.Field{Name: "centreUnder", Value: nonNil(r.CentreUnder)},
		rulesets.Field{Name: "buildings", Value: nonNil(r.Buildings)}, rulesets.Field{Name: "autoHits", Value: nonNil(r.AutoHits)})
	o := options(env)
	if rulesets.Pictures {
		res.Draw(append([]string{q.Model}, r.Touched...), lzPart(env.Battlefield, q.Model, q.Size, p, &o, "crash")...)
	}
	return res, nil
}

type wreckRequest struct {
	Model      string      `json:"model" scenario:"required"`
	Placements []Placement `json:"placements"`
}

func answerWreck(env *rulesets.Env, q *wreckRequest) (rulesets.Result, error) {
	v, lost, err := CheckWreckPlacement(env.Battlefield, q.Model, q.Placements, options(env))
	if err != nil {
		return rulesets.Result{}, err
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "destroyed", Value: nonNil(lost)})
	if rulesets.Pictures {
		res.Draw([]string{q.Model}, append(reachParts(env.Battlefield, []string{q.Model}, wreckReach,
			fmt.Sprintf("survivors within %g in: %s", wreckReach, label(v))), placementMarks(q.Placements)...)...)
	}
	return res, nil
}

type premeasureRequest struct {
	Phase string `json:"phase"`
	// From and To, optional model ids, name what would be measured: the
	// picture draws that distance, dashed when measuring is not allowed.
	From string `json:"from"`
	To   string `json:"to"`
}

func answerPremeasure(env *rulesets.Env, q *premeasureRequest) (rulesets.Result, error) {
	v := CheckPremeasure(q.Phase, options(env))
	res := rulesets.VerdictResult(v)
	if q.From == "" && q.To == "" {
		return res, nil
	}
	a, ok := env.Battlefield.Model(q.From)
	if !ok {
		return rulesets.Result{}, env.Errorf("from", ErrQuery, "%q: unknown model", q.From)
	}
	b, ok := env.Battlefield.Model(q.To)
	if !ok {
		return rulesets.Result{}, env.Errorf("to", ErrQuery, "%q: unknown model", q.To)
	}
	if rulesets.Pictures {
		res.Draw([]string{q.From, q.To}, render.Link{A: a.Position, B: b.Position, OK: v.Legal, Kind: render.LinkMeasure,
			Label: fmt.Sprintf("%.2f in: %s", b.Position.Sub(a.Position).Norm(), label(v))})
	}
	return res, nil
}

// measuresLabel is a verdict's measures in a few words ("LP 6, G 4").
func measuresLabel(v *rulesets.Verdict) string {
	s := ""
	for i, m := range v.Measures {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s %g", m.Name, m.Value)
	}
	return s
}

// verdict shapes a check's verdict as the answer, highlighting ids.
func verdict(v *rulesets.Verdict, err error, ids ...string) (rulesets.Result, error) {
	if err != nil {
		return rulesets.Result{}, err
	}
	r := rulesets.VerdictResult(v)
	if rulesets.Pictures {
		r.Draw(ids)
	}
	return r, nil
}

// squadIDs returns the ids of the squad's models.
func squadIDs(env *rulesets.Env, squad string) []string {
	var ids []string
	for _, i := range env.Battlefield.Squad(squad) {
		ids = append(ids, env.Battlefield.Models()[i].ID)
	}
	return ids
}

// CheckPremeasure applies DZC-04: measuring before committing is allowed
// in the shooting step under the "standard" policy, never when moving or
// before declaring AA reaction fire, and never under "none".
func CheckPremeasure(phase string, opt Options) *rulesets.Verdict {
	v := rulesets.NewVerdict()
	switch {
	case opt.Premeasure == "none":
		v.Forbid("DZC-04", "the players agreed to forbid pre-measuring")
	case phase == "shooting":
		v.Allow("DZC-04", "pre-measuring is allowed when shooting")
	case phase == "reaction":
		v.Forbid("DZC-04", "nothing may be measured before AA reaction fire and its engagement point are declared")
	default:
		v.Forbid("DZC-04", "pre-measuring is not allowed in phase %q (e.g. movement)", phase)
	}
	return v
}

func copyUnits(u map[string]Unit) map[string]Unit {
	out := make(map[string]Unit, len(u)+1)
	for k, v := range u {
		out[k] = v
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// label is a verdict in a few words for a picture.
func label(v *rulesets.Verdict) string {
	if v == nil {
		return ""
	}
	return rulesets.VerdictLabel(v)
}

// drawn adds parts to the picture of a verdict answer that was given.
func drawn(r rulesets.Result, err error) func(parts ...render.Part) (rulesets.Result, error) {
	return func(parts ...render.Part) (rulesets.Result, error) {
		if err == nil {
			if rulesets.Pictures {
				r.Draw(nil, parts...)
			}
		}
		return r, err
	}
}
