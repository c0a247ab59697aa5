package firestorm

import (
	"fmt"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// BoardingResult lists, per boarder, the range to the target's nearest
// stand and whether it may join the boarding action.
type BoardingResult struct {
	Ranges   map[string]float64
	Eligible []string
}

// CheckBoarding checks a squadron's boarding action on one enemy model
// (FT-05): every boarder within the mothership's close range, 0 to 8 in
// inclusive, stand to nearest stand, with a line of sight (occupied areas
// block it), and all boarders of one squadron (they must board the same
// model, which one request names). Boarders out of range or sight drop
// out; the action is legal while one remains.
func CheckBoarding(bf *terrain.Battlefield, boarders []string, target string, opt Options) (*rulesets.Verdict, BoardingResult, error) {
	if len(boarders) == 0 {
		return nil, BoardingResult{}, fmt.Errorf("no boarders: %w", ErrQuery)
	}
	v := rulesets.NewVerdict()
	res := BoardingResult{Ranges: map[string]float64{}}
	squad := ""
	for i, id := range boarders {
		a, b, err := pair(bf, id, target)
		if err != nil {
			return nil, BoardingResult{}, fmt.Errorf("boarders[%d]: %w", i, err)
		}
		if i == 0 {
			squad = a.Squad
		} else if a.Squad != squad {
			v.Forbid(ftBoarding, "%s is not of squadron %s: one squadron boards together", id, squad)
			continue
		}
		d, pa, pb := nearestPair(opt.measurePoints(a, a.Pose()), opt.measurePoints(b, b.Pose()))
		res.Ranges[id] = rulesets.Round(d)
		v.Measure(id+" range", rulesets.Round(d), "in")
		line := traceLine(bf, pa, pb, []string{a.ID, b.ID}, &opt)
		switch {
		case rulesets.Round(d) > opt.book(boardingMax):
			v.Reasons = append(v.Reasons, rulesets.Reason{Clause: ftBoarding, Text: fmt.Sprintf("%s is %.2f in from %s, beyond the 0-8 in close range (dropped)", id, d, target)})
		case line.BlockedBy != "":
			v.Reasons = append(v.Reasons, rulesets.Reason{Clause: ftBoarding, Text: fmt.Sprintf("%s has no line of sight to %s: %s blocks it (dropped)", id, target, line.BlockedBy)})
		default:
			res.Eligible = append(res.Eligible, id)
			v.Allow(ftBoarding, "%s is %.2f in from %s, within 0-8 in, with a clear line", id, d, target)
		}
	}
	if len(res.Eligible) == 0 {
		v.Forbid(ftBoarding, "no boarder is within close range of %s with a line of sight", target)
	}
	return v, res, nil
}

// CheckInterceptors checks that carrier may send interceptors to friend
// (FT-21): a friendly ship within effective range of the carrier, stand to
// nearest stand ("within" 0-24 in, or "band" 8-24 in only, Ambiguity 10);
// a carrier may always protect itself.
func CheckInterceptors(bf *terrain.Battlefield, carrier, friend string, opt Options) (*rulesets.Verdict, float64, error) {
	v := rulesets.NewVerdict()
	if carrier == friend {
		if _, ok := bf.Model(carrier); !ok {
			return nil, 0, fmt.Errorf("%q: unknown model: %w", carrier, ErrQuery)
		}
		v.Allow(ftCarriers, "a carrier protects itself as if it were a ship at effective range")
		return v, 0, nil
	}
	a, b, err := pair(bf, carrier, friend)
	if err != nil {
		return nil, 0, err
	}
	d, _, _ := nearestPair(opt.measurePoints(a, a.Pose()), opt.measurePoints(b, b.Pose()))
	d = rulesets.Round(d)
	v.Measure("range", d, "in")
	if a.Side != b.Side {
		v.Forbid(ftCarriers, "%s (side %q) is not a friend of %s (side %q)", friend, b.Side, carrier, a.Side)
	}
	lo := 0.0
	if opt.InterceptorRange == "band" {
		lo = opt.book(coreMax)
	}
	switch {
	case d > opt.book(effectiveMax):
		v.Forbid(ftCarriers, "%s is %.2f in from %s, beyond effective range (24 in)", friend, d, carrier)
	case lo > 0 && d <= lo:
		v.Forbid(ftCarriers, "%s is %.2f in from %s, in core range: interceptorRange band allows 8-24 in only", friend, d, carrier)
	default:
		v.Allow(ftCarriers, "%s is %.2f in from %s, within effective range (interceptorRange %s)", friend, d, carrier, opt.InterceptorRange)
	}
	return v, d, nil
}

// NuclearRadius returns the models that roll for disorder when model
// destroyed dies to a Nuclear weapon (FT-22): every model, friend or foe,
// with a stand within 4 in (inclusive) of one of its stands, and the
// distances.
func NuclearRadius(bf *terrain.Battlefield, destroyed string, opt Options) ([]string, map[string]float64, error) {
	if bf == nil {
		return nil, nil, fmt.Errorf("nil battlefield: %w", ErrQuery)
	}
	x, ok := bf.Model(destroyed)
	if !ok {
		return nil, nil, fmt.Errorf("%q: unknown model: %w", destroyed, ErrQuery)
	}
	at := opt.measurePoints(x, x.Pose())
	ids := []string{}
	dist := map[string]float64{}
	models := bf.Models()
	for i := range models {
		m := &models[i]
		if m.ID == destroyed {
			continue
		}
		d, _, _ := nearestPair(at, opt.measurePoints(m, m.Pose()))
		if d = rulesets.Round(d); d <= opt.book(nuclearRadius) {
			ids = append(ids, m.ID)
			dist[m.ID] = d
		}
	}
	return ids, dist, nil
}
