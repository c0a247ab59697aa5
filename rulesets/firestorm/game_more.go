package firestorm

import (
	"fmt"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// ShipMove is one ship's move in a squadron move.
type ShipMove struct {
	Model  string     `json:"model" scenario:"required"`
	To     geom.Point `json:"to" scenario:"required"`
	Turns  []*float64 `json:"turns"`
	Facing *float64   `json:"facing"`
}

// SquadronMoveResult holds each ship's move and the squadron's coherency
// after them.
type SquadronMoveResult struct {
	Moves     []MoveResult
	Coherency Coherency
}

// CheckSquadronMove moves a squadron's ships one after another (FT-09:
// "Der Spieler muss jedes der Modelle aus dem Geschwader bewegen"), each
// checked as CheckMove against the others where they stand at that moment,
// then checks the squadron's spacing (FT-12 step 4). Every ship of the
// squadron must move exactly once.
func CheckSquadronMove(bf *terrain.Battlefield, squad string, moves []ShipMove, opt Options) (*rulesets.Verdict, SquadronMoveResult, error) {
	if bf == nil {
		return nil, SquadronMoveResult{}, fmt.Errorf("nil battlefield: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	var res SquadronMoveResult
	poses := map[string]geom.Pose{}
	moved := map[string]bool{}
	for i, mv := range moves {
		m, ok := bf.Model(mv.Model)
		if !ok || m.Squad != squad || moved[mv.Model] {
			return nil, res, fmt.Errorf("moves[%d].model = %q: not a ship of squadron %q, or moved twice: %w", i, mv.Model, squad, ErrQuery)
		}
		moved[mv.Model] = true
		sub, r, err := checkMove(bf, mv.Model, MovePlan{To: mv.To, Turns: mv.Turns, Facing: mv.Facing}, poses, &opt)
		if err != nil {
			return nil, res, fmt.Errorf("moves[%d]: %w", i, err)
		}
		for _, rs := range sub.Reasons {
			rs.Text = mv.Model + ": " + rs.Text
			v.Reasons = append(v.Reasons, rs)
			v.Legal = v.Legal && rs.Pass
		}
		v.Modifiers = append(v.Modifiers, sub.Modifiers...)
		res.Moves = append(res.Moves, r)
		poses[mv.Model] = poseAt(mv.To, r.EndFacing)
	}
	for _, i := range bf.Squad(squad) {
		if id := bf.Models()[i].ID; !moved[id] {
			v.Forbid(ftTurns, "%s of squadron %s does not move: every ship of the activated squadron moves", id, squad)
		}
	}
	c, err := squadronCoherency(bf, squad, poses, &opt)
	if err != nil {
		return nil, res, err
	}
	res.Coherency = c
	if c.Coherent {
		v.Allow(ftOverlap, "after moving, %s", c.Explain())
	} else {
		v.Forbid(ftOverlap, "after moving, %s", c.Explain())
	}
	return v, res, nil
}

type squadronMoveRequest struct {
	Squad string     `json:"squad" scenario:"required"`
	Moves []ShipMove `json:"moves" scenario:"required"`
}

func answerSquadronMove(env *rulesets.Env, q *squadronMoveRequest) (rulesets.Result, error) {
	v, r, err := CheckSquadronMove(env.Battlefield, q.Squad, q.Moves, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("moves", err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "coherent", Value: r.Coherency.Coherent},
		rulesets.Field{Name: "groups", Value: r.Coherency.Groups})
	for i, mv := range r.Moves {
		m, _ := env.Battlefield.Model(mv.Model)
		if rulesets.Pictures {
			res.Draw([]string{mv.Model}, movePart(mv, m.Position, q.Moves[i].To, v.Legal))
		}
	}
	return res, nil
}

type squadRequest struct {
	Squad string `json:"squad" scenario:"required"`
}

func answerCoherency(env *rulesets.Env, q *squadRequest) (rulesets.Result, error) {
	opt := options(env)
	v, c, err := CheckCoherency(env.Battlefield, q.Squad, opt)
	if err != nil {
		return rulesets.Result{}, env.At("squad", err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "coherent", Value: c.Coherent},
		rulesets.Field{Name: "groups", Value: c.Groups}, rulesets.Field{Name: "broken", Value: c.Broken})
	for _, l := range c.Broken {
		a, _ := env.Battlefield.Model(l.From)
		b, _ := env.Battlefield.Model(l.To)
		if rulesets.Pictures {
			res.Draw(nil, render.Link{A: a.Position, B: b.Position, OK: false, Label: fmt.Sprintf("%.2f in", l.Distance)})
		}
	}
	if len(c.Broken) == 0 {
		// Coherent: the tree of nearest stands that keeps it so.
		bf := env.Battlefield
		idx := bf.Squad(q.Squad)
		pts := make([][]geom.Point, len(idx))
		for k, i := range idx {
			m := &bf.Models()[i]
			pts[k] = opt.measurePoints(m, m.Pose())
		}
		limit := rulesets.Round(opt.book(coherencyMax))
		if rulesets.Pictures {
			res.Draw(nil, rulesets.LinkTree(len(idx), func(i, j int) (geom.Point, geom.Point, float64, bool) {
				d, a, b := nearestPair(pts[i], pts[j])
				return a, b, d, rulesets.Round(d) <= limit
			})...)
		}
	}
	return res, nil
}

type noRequest struct{}

func answerSectors(env *rulesets.Env, _ *noRequest) (rulesets.Result, error) {
	opt := options(env)
	ss := Sectors(env.Battlefield, opt)
	v := rulesets.NewVerdict()
	vp := map[string]int{}
	for _, s := range ss {
		if s.Controller != "" {
			vp[s.Controller] += sectorVP
			v.Allow(ftSectors, "sector %v: only %s has ships there (%v): +%d VP", s.Index, s.Controller, s.Ships, sectorVP)
		} else {
			v.Allow(ftSectors, "sector %v: sides %v, nobody controls it", s.Index, s.Sides)
		}
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "sectors", Value: ss}, rulesets.Field{Name: "vp", Value: vp})
	if rulesets.Pictures {
		res.Draw(nil, sectorParts(ss)...)
	}
	return res, nil
}

func answerTerrainReview(env *rulesets.Env, _ *noRequest) (rulesets.Result, error) {
	v, w := ReviewTerrain(env.Battlefield, options(env))
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "warnings", Value: w})
	if rulesets.Pictures {
		res.Draw(nil, reviewParts(env.Battlefield, options(env))...)
	}
	return res, nil
}

type zonesRequest struct {
	Zones [][]geom.Point `json:"zones"`
}

func answerMinefields(env *rulesets.Env, q *zonesRequest) (rulesets.Result, error) {
	for i, z := range q.Zones {
		if zoneParts(z) == nil {
			return rulesets.Result{}, env.Errorf(fmt.Sprintf("zones[%d]", i), ErrQuery, "not a simple polygon")
		}
	}
	v, n := CheckMinefields(env.Battlefield, q.Zones, options(env))
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "minefields", Value: n})
	if rulesets.Pictures {
		res.Draw(nil, zoneTemplates(q.Zones, "deployment zone: no minefield")...)
	}
	return res, nil
}

type deploymentRequest struct {
	Squad string       `json:"squad" scenario:"required"`
	Zone  []geom.Point `json:"zone" scenario:"required"`
}

// CheckDeployment checks that every stand of the squadron lies in the
// zone, boundary included (FT-23: zones come from the scenario maps as
// input; FT-03: a model is where its stand is).
func CheckDeployment(bf *terrain.Battlefield, squad string, zone []geom.Point, opt Options) (*rulesets.Verdict, error) {
	idx := bf.Squad(squad)
	if len(idx) == 0 {
		return nil, fmt.Errorf("%q: no ship of this squadron: %w", squad, ErrQuery)
	}
	poly := geom.PolygonFromPoints(zone...)
	v := rulesets.NewVerdict()
	for _, i := range idx {
		m := &bf.Models()[i]
		for _, s := range standsAt(m, m.Pose(), opt.ship(m.ID)) {
			if poly.Locate(s) == geom.Outside {
				v.Forbid(ftSetup, "%s's stand at (%.2f, %.2f) is outside the deployment zone", m.ID, s.X, s.Y)
			}
		}
	}
	if v.Legal {
		v.Allow(ftSetup, "every stand of %s is inside the deployment zone", squad)
	}
	return v, nil
}

func answerDeployment(env *rulesets.Env, q *deploymentRequest) (rulesets.Result, error) {
	if zoneParts(q.Zone) == nil {
		return rulesets.Result{}, env.Errorf("zone", ErrQuery, "not a simple polygon")
	}
	v, err := CheckDeployment(env.Battlefield, q.Squad, q.Zone, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("squad", err)
	}
	res := rulesets.VerdictResult(v)
	var ids []string
	for _, i := range env.Battlefield.Squad(q.Squad) {
		ids = append(ids, env.Battlefield.Models()[i].ID)
	}
	if rulesets.Pictures {
		res.Draw(ids, zoneTemplates([][]geom.Point{q.Zone}, "zone: "+rulesets.VerdictLabel(v))...)
	}
	return res, nil
}

type setupRequest struct {
	Edge   string           `json:"edge"`
	Corner string           `json:"corner"`
	Roll   int              `json:"roll"`
	Turn   int              `json:"turn"`
	Length *scenario.Length `json:"length"`
	Half   bool             `json:"half"`
}

func answerSetup(env *rulesets.Env, q *setupRequest) (rulesets.Result, error) {
	v := rulesets.NewVerdict()
	var extra []rulesets.Field
	if q.Edge != "" {
		o := OppositeEdge(q.Edge)
		if o == "" {
			return rulesets.Result{}, env.Errorf("edge", ErrQuery, "%q: want north, south, east or west", q.Edge)
		}
		v.Allow(ftSetup, "the winner takes the %s edge, the loser the opposite %s edge", q.Edge, o)
		extra = append(extra, rulesets.Field{Name: "oppositeEdge", Value: o})
	}
	if q.Corner != "" {
		o := OppositeCorner(q.Corner)
		if o == "" {
			return rulesets.Result{}, env.Errorf("corner", ErrQuery, "%q: want NE, NW, SE or SW", q.Corner)
		}
		v.Allow(ftSetup, "the winner takes the %s corner, the loser the opposite %s corner", q.Corner, o)
		extra = append(extra, rulesets.Field{Name: "oppositeCorner", Value: o})
	}
	if q.Roll != 0 || q.Turn != 0 {
		if q.Roll < 1 || q.Roll > 6 || q.Turn < 1 || q.Turn > 100 {
			return rulesets.Result{}, env.Errorf("roll", ErrQuery, "roll %d, turn %d: want a D6 roll 1..6 and a turn 1..100", q.Roll, q.Turn)
		}
		opt := options(env)
		in := ReserveArrives(q.Roll, q.Turn, opt)
		v.Allow(ftSetup, "D6 %d + turn %d = %d against %d: reserves %s", q.Roll, q.Turn, q.Roll+q.Turn, opt.ReserveThreshold, map[bool]string{true: "arrive", false: "wait"}[in])
		extra = append(extra, rulesets.Field{Name: "reserveArrives", Value: in})
	}
	if q.Length != nil {
		l := ScaledLength(float64(*q.Length), q.Half)
		v.Allow(ftSetup, "the map's %.2f in is %.2f in on this table", float64(*q.Length), l)
		extra = append(extra, rulesets.Field{Name: "length", Value: rulesets.Round(l), Length: true})
	}
	res := rulesets.VerdictResult(v, extra...)
	if q.Edge != "" {
		if rulesets.Pictures {
			res.Draw(nil, edgeParts(env.Battlefield.Table(), q.Edge)...)
		}
	}
	return res, nil
}

type debrisPlacementRequest struct {
	Fields [3]string       `json:"fields" scenario:"required"`
	Zones  [2][]geom.Point `json:"zones" scenario:"required"`
}

func answerDebrisPlacement(env *rulesets.Env, q *debrisPlacementRequest) (rulesets.Result, error) {
	for i, z := range q.Zones {
		if zoneParts(z) == nil {
			return rulesets.Result{}, env.Errorf(fmt.Sprintf("zones[%d]", i), ErrQuery, "not a simple polygon")
		}
	}
	v, err := CheckDebrisPlacement(env.Battlefield, q.Fields, q.Zones, options(env))
	if err != nil {
		return rulesets.Result{}, env.At("fields", err)
	}
	res := rulesets.VerdictResult(v)
	if rulesets.Pictures {
		res.Draw(nil, zoneTemplates(q.Zones[:], "objective zone")...)
	}
	for _, id := range q.Fields {
		if p, ok := env.Battlefield.Piece(id); ok {
			if rulesets.Pictures {
				res.Draw(nil, render.Template{Shape: p.Footprint, Label: id + ": " + rulesets.VerdictLabel(v)})
			}
		}
	}
	return res, nil
}

func answerSalvage(env *rulesets.Env, _ *noRequest) (rulesets.Result, error) {
	v, s := Salvage(env.Battlefield, options(env))
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "salvage", Value: s})
	if rulesets.Pictures {
		res.Draw(nil, salvageParts(env.Battlefield, options(env), s)...)
	}
	return res, nil
}

type objectiveRequest struct {
	Rule     string `json:"rule" scenario:"required"`
	Target   string `json:"target" scenario:"required"`
	Defender string `json:"defender"`
	VP       int    `json:"vp"`
}

func answerObjective(env *rulesets.Env, q *objectiveRequest) (rulesets.Result, error) {
	if _, ok := env.Battlefield.Piece(q.Target); !ok {
		return rulesets.Result{}, env.Errorf("target", ErrQuery, "%q: unknown piece", q.Target)
	}
	v, r, err := CheckObjective(env.Battlefield, q.Rule, q.Target, q.Defender, q.VP, options(env))
	if err != nil {
		field := "rule"
		if q.Defender == "" && q.Rule != ObjClosest {
			field = "defender"
		}
		return rulesets.Result{}, env.At(field, err)
	}
	res := rulesets.VerdictResult(v, rulesets.Field{Name: "vp", Value: r.VP}, rulesets.Field{Name: "controller", Value: r.Controller},
		rulesets.Field{Name: "squadrons", Value: r.Squadrons})
	o := options(env)
	reach := map[string]float64{ObjStation: o.book(stationRadius), ObjPlanet: o.book(planetRadius), ObjSecret: o.book(secretRadius)}[q.Rule]
	who := r.Controller
	if who == "" {
		who = "nobody"
	}
	if reach > 0 {
		if rulesets.Pictures {
			res.Draw(nil, pieceReach(env.Battlefield, q.Target, reach, fmt.Sprintf("within %g in: %s", reach, who))...)
		}
	} else if p, ok := env.Battlefield.Piece(q.Target); ok {
		if rulesets.Pictures {
			res.Draw(nil, render.Template{Shape: p.Footprint, Label: q.Target + ": " + who})
		}
	}
	return res, nil
}
