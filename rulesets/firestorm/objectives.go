package firestorm

import (
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// SquadronDistance is how near one squadron is to an objective.
type SquadronDistance struct {
	Squad    string  `json:"squad"`
	Side     string  `json:"side"`
	Distance float64 `json:"distance"` // inches, by WithinTo and WithinWho
	Coherent bool    `json:"coherent"`
	Crippled bool    `json:"crippled"`
}

// shipToPiece returns the distance from a ship's nearest stand to a piece:
// to its boundary (0 inside) or its centre (Options.WithinTo, Ambiguity
// 14).
func (o *Options) shipToPiece(m *terrain.Model, p *terrain.Piece) float64 {
	best := math.Inf(1)
	for _, s := range o.measurePoints(m, m.Pose()) {
		var d float64
		if o.WithinTo == "center" {
			d = s.Sub(pieceCentre(p)).Norm()
		} else {
			d, _, _ = geom.DistShapes(geom.Circle{Center: s}, pieceShape(p))
		}
		best = math.Min(best, d)
	}
	return best
}

// squadronDistances measures every squadron to piece p: the nearest ship
// (WithinWho "one") or the farthest (all must be within), with its
// coherency (FT-12), in squadron order.
func squadronDistances(bf *terrain.Battlefield, p *terrain.Piece, opt *Options) []SquadronDistance {
	var out []SquadronDistance
	models := bf.Models()
	for _, sq := range bf.Squads() {
		idx := bf.Squad(sq)
		d := math.Inf(1)
		if opt.WithinWho == "all" {
			d = 0
		}
		for _, i := range idx {
			x := opt.shipToPiece(&models[i], p)
			if opt.WithinWho == "all" {
				d = math.Max(d, x)
			} else {
				d = math.Min(d, x)
			}
		}
		c, _ := squadronCoherency(bf, sq, nil, opt)
		out = append(out, SquadronDistance{Squad: sq, Side: models[idx[0]].Side, Distance: rulesets.Round(d),
			Coherent: c.Coherent, Crippled: opt.squadron(sq).Crippled})
	}
	return out
}

// Salvage lists, per debris field, the coherent squadrons within 8 in that
// may roll on the salvage table in the end phase (FT-24; a 5 or 6 scores
// +5 VP).
func Salvage(bf *terrain.Battlefield, opt Options) (*rulesets.Verdict, map[string][]string) {
	v := rulesets.NewVerdict()
	out := map[string][]string{}
	pieces := bf.Pieces()
	for i := range pieces {
		p := &pieces[i]
		if p.Kind != terrain.Debris {
			continue
		}
		out[p.ID] = []string{}
		for _, s := range squadronDistances(bf, p, &opt) {
			v.Measure(s.Squad+" to "+p.ID, s.Distance, "in")
			switch {
			case s.Distance > opt.book(salvageRadius):
			case !s.Coherent:
				v.Allow(ftSalvage, "%s is within 8 in of %s but not coherent: it may not salvage", s.Squad, p.ID)
			default:
				out[p.ID] = append(out[p.ID], s.Squad)
				v.Allow(ftSalvage, "%s is coherent and %.2f in from %s: it may roll for salvage (5-6: +%d VP)", s.Squad, s.Distance, p.ID, salvageVP)
			}
		}
	}
	return v, out
}

// ObjectiveResult is who scores an objective (FT-25).
type ObjectiveResult struct {
	VP         map[string]int     `json:"vp"`
	Squadrons  []SquadronDistance `json:"squadrons"`
	Controller string             `json:"controller"`
}

// Objective rules of FT-25.
const (
	ObjClosest = "closest"     // the side with the closest squadron
	ObjStation = "station"     // Erobere die Station: 6 in, +1 / +3
	ObjPlanet  = "planet"      // Planetarer Hinterhalt: 8 in, +1 / +5
	ObjSecret  = "secret-base" // Geheime Befehle order 5: 6 in, +5
)

// CheckObjective scores the objective piece target under rule (FT-25).
// defender is the defending side (station, planet) or the side that chose
// the secret base; vp is the objective's worth for "closest".
func CheckObjective(bf *terrain.Battlefield, rule, target, defender string, vp int, opt Options) (*rulesets.Verdict, ObjectiveResult, error) {
	p, ok := bf.Piece(target)
	if !ok {
		return nil, ObjectiveResult{}, fmt.Errorf("%q: unknown piece: %w", target, ErrQuery)
	}
	if defender == "" && rule != ObjClosest {
		return nil, ObjectiveResult{}, fmt.Errorf("rule %q needs the defender's side (or the side that chose the secret base): %w", rule, ErrQuery)
	}
	v := rulesets.NewVerdict()
	res := ObjectiveResult{VP: map[string]int{}, Squadrons: squadronDistances(bf, p, &opt)}
	for _, s := range res.Squadrons {
		v.Measure(s.Squad+" to "+target, s.Distance, "in")
	}
	switch rule {
	case ObjClosest:
		closest(v, &res, vp)
	case ObjStation:
		holdScore(v, &res, defender, opt.book(stationRadius), stationDefVP, stationAttackVP, true)
	case ObjPlanet:
		holdScore(v, &res, defender, opt.book(planetRadius), planetDefVP, planetAttackVP, false)
	case ObjSecret:
		secretScore(v, &res, defender, opt.book(secretRadius))
	default:
		return nil, ObjectiveResult{}, fmt.Errorf("rule %q: want closest, station, planet or secret-base: %w", rule, ErrQuery)
	}
	return v, res, nil
}

// closest gives vp to the side of the squadron nearest the objective; a
// tie between sides gives nothing.
func closest(v *rulesets.Verdict, res *ObjectiveResult, vp int) {
	best := math.Inf(1)
	var sides []string
	for _, s := range res.Squadrons {
		switch {
		case s.Distance < best:
			best, sides = s.Distance, []string{s.Side}
		case s.Distance == best && !slices.Contains(sides, s.Side):
			sides = append(sides, s.Side)
		}
	}
	if len(sides) != 1 {
		v.Allow(ftObjectives, "sides %v are equally close (%.2f in): nobody scores", sides, best)
		return
	}
	res.Controller, res.VP[sides[0]] = sides[0], vp
	v.Allow(ftObjectives, "%s has the closest squadron (%.2f in) and scores %d VP", sides[0], best, vp)
}

// holdScore scores a station or planet: the defender with a coherent
// squadron within r scores def; otherwise the attacker with a squadron
// within r (combat-capable for a station, coherent for a planet) scores
// att.
func holdScore(v *rulesets.Verdict, res *ObjectiveResult, defender string, r float64, def, att int, station bool) {
	var defIn, attIn []string
	for _, s := range res.Squadrons {
		if s.Distance > r {
			continue
		}
		if s.Side == defender && s.Coherent {
			defIn = append(defIn, s.Squad)
		}
		if s.Side != defender && ((station && !s.Crippled) || (!station && s.Coherent)) {
			attIn = append(attIn, s.Squad)
		}
	}
	switch {
	case len(defIn) > 0:
		res.Controller, res.VP[defender] = defender, def
		v.Allow(ftObjectives, "defender %s has coherent squadron(s) %v within %g in: +%d VP", defender, defIn, r, def)
	case len(attIn) > 0:
		side := sideOf(res.Squadrons, attIn[0])
		res.Controller, res.VP[side] = side, att
		v.Allow(ftObjectives, "attacker %s has squadron(s) %v within %g in and the defender none: +%d VP", side, attIn, r, att)
	default:
		v.Allow(ftObjectives, "no qualifying squadron within %g in: nobody scores", r)
	}
}

// secretScore scores Geheime Befehle's secret base for side.
func secretScore(v *rulesets.Verdict, res *ObjectiveResult, side string, r float64) {
	own, foe := false, false
	for _, s := range res.Squadrons {
		if s.Distance <= r && s.Coherent {
			own, foe = own || s.Side == side, foe || s.Side != side
		}
	}
	if own && !foe {
		res.Controller, res.VP[side] = side, secretVP
		v.Allow(ftObjectives, "%s holds the secret base: a coherent squadron within %g in and no enemy one: +%d VP", side, r, secretVP)
		return
	}
	v.Allow(ftObjectives, "%s does not hold the secret base (own coherent squadron within %g in: %v, enemy: %v)", side, r, own, foe)
}

func sideOf(ss []SquadronDistance, squad string) string {
	for _, s := range ss {
		if s.Squad == squad {
			return s.Side
		}
	}
	return ""
}
