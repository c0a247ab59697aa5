package dropzone

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Manoeuvre is a transport action's move bookkeeping (DZC-38), inches.
type Manoeuvre struct {
	TransportMoved float64 `json:"transportMoved"` // whole move of the transport this turn
	UnitMoved      float64 `json:"unitMoved"`      // move of the embarking/disembarking units
	Count          int     `json:"count"`          // embark/disembark manoeuvres this turn, this one included
	UnitSplit      bool    `json:"unitSplit"`      // the units split their move around it
}

func checkManoeuvre(bf *terrain.Battlefield, v *rulesets.Verdict, tr *terrain.Model, units []*terrain.Model, mv Manoeuvre, opt *Options) {
	half := math.Floor(float64(opt.unit(tr.ID).Bw) / 2)
	v.Measure("transportHalfBw", half, "in")
	if mv.TransportMoved > half+eps {
		v.Forbid("DZC-38", "the transport moved %.3g in, more than half its Bw rounded down (%g in)", mv.TransportMoved, half)
	} else {
		v.Allow("DZC-38", "the transport moved %.3g in, within half its Bw rounded down (%g in)", mv.TransportMoved, half)
	}
	for _, u := range units {
		uh := math.Floor(float64(opt.unit(u.ID).Bw) / 2)
		if mv.UnitMoved > uh+eps {
			v.Forbid("DZC-38", "%s moved %.3g in, more than half its Bw rounded down (%g in)", u.ID, mv.UnitMoved, uh)
		}
	}
	if mv.Count > maxManoeuvres {
		v.Forbid("DZC-38", "%d embark/disembark manoeuvres this turn; at most %d", mv.Count, maxManoeuvres)
	}
	if mv.UnitSplit {
		v.Forbid("DZC-38", "embarking or disembarking units may not split their move")
	}
	if tr.Class == terrain.Aircraft && tr.Altitude > 0 {
		v.Forbid("DZC-41", "an air transport must land before units embark or disembark")
	}
	v.Modify(rulesets.Modifier{Name: "embarked/disembarked units may not shoot", Clause: "DZC-38"})
}

// CheckEmbark decides whether the squad's units may board the transports
// (DZC-38/39): each unit within 3 in of one of them (centre to centre by
// default, Options.TransportMeasure), capacity per transport permitting.
func CheckEmbark(bf *terrain.Battlefield, squad string, transports []string, capacity int, mv Manoeuvre, opt Options) (*rulesets.Verdict, error) {
	ms, err := squadModels(bf, squad)
	if err != nil {
		return nil, err
	}
	ts, err := modelsByID(bf, transports, "transports")
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	var units []*terrain.Model
	for _, m := range ms {
		if opt.unit(m.ID).Transport || contains(transports, m.ID) {
			continue
		}
		units = append(units, m)
		best := math.Inf(1)
		for _, t := range ts {
			best = math.Min(best, transportDist(m.Position, m, t, &opt))
		}
		v.Measure("distance:"+m.ID, round6(best), "in")
		if best <= transportReach+eps {
			v.Allow("DZC-39", "%s is %.3f in from a transport, within %g in", m.ID, best, transportReach)
		} else {
			v.Forbid("DZC-39", "%s is %.3f in from the nearest transport, more than %g in", m.ID, best, transportReach)
		}
	}
	if capacity > 0 && len(units) > capacity*len(ts) {
		v.Forbid("DZC-39", "%d units exceed the capacity %d x %d", len(units), len(ts), capacity)
	}
	checkManoeuvre(bf, v, ts[0], units, mv, &opt)
	return v, nil
}

// transportDist measures from unit m (at centre c) to transport t.
func transportDist(c geom.Point, m, t *terrain.Model, opt *Options) float64 {
	if opt.TransportMeasure == "edge" {
		d, _, _ := geom.DistConvex(footprintAt(m, c), t.Footprint())
		return d
	}
	return planDist(c, t.Position)
}

// CheckDisembark decides whether the units carried by transport may be
// placed as given (DZC-38/39/41/44): every unit within 3 in of the
// transport, in formation together with the squad's units already on the
// table (stranded units, DZC-44), on ground it can stand on. With tookOff
// an air transport has taken off again and units may stand under it.
func CheckDisembark(bf *terrain.Battlefield, transportID string, place []Placement, mv Manoeuvre, tookOff bool, opt Options) (*rulesets.Verdict, error) {
	tr, ok := bf.Model(transportID)
	if !ok {
		return nil, fmt.Errorf("transport %q: unknown model: %w", transportID, ErrQuery)
	}
	ms, pos, err := placed(bf, place)
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	for i, m := range ms {
		d := transportDist(pos[i], m, tr, &opt)
		v.Measure("distance:"+m.ID, round6(d), "in")
		if d <= transportReach+eps {
			v.Allow("DZC-39", "%s placed %.3f in from the transport, within %g in", m.ID, d, transportReach)
		} else {
			v.Forbid("DZC-39", "%s placed %.3f in from the transport, more than %g in", m.ID, d, transportReach)
		}
		if !tookOff {
			if dd, _, _ := geom.DistConvex(footprintAt(m, pos[i]), tr.Footprint()); dd < 0 || overlapsConvex(footprintAt(m, pos[i]), tr.Footprint()) {
				v.Forbid("DZC-39", "%s is placed under the transport", m.ID)
			}
		} else {
			v.Allow("DZC-41", "after take-off units may stand under the air transport")
		}
	}
	all, allPos := ms, pos
	if ms[0].Squad != "" {
		for _, i := range bf.Squad(ms[0].Squad) {
			o := &bf.Models()[i]
			if contains(ids(ms), o.ID) || o.ID == tr.ID || opt.unit(o.ID).Transport || o.Garrison != nil {
				continue
			}
			all = append(all, o)
			allPos = append(allPos, o.Position)
			v.Allow("DZC-44", "stranded unit %s is part of the formation", o.ID)
		}
	}
	formationOf(v, all, allPos, squadFormation(&opt, ms), &opt, "DZC-39")
	checkGround(bf, v, ms, pos, &opt, "DZC-39")
	checkManoeuvre(bf, v, tr, ms, mv, &opt)
	return v, nil
}

// CheckWreckPlacement decides where survivors of a destroyed transport (or
// a crash, with the wreck at the aircraft's position) may go (DZC-37/43):
// within 3 in of the wreck, in formation, on legal ground; units that
// cannot be placed are listed as destroyed.
func CheckWreckPlacement(bf *terrain.Battlefield, wreckID string, place []Placement, opt Options) (*rulesets.Verdict, []string, error) {
	wr, ok := bf.Model(wreckID)
	if !ok {
		return nil, nil, fmt.Errorf("wreck %q: unknown model: %w", wreckID, ErrQuery)
	}
	ms, pos, err := placed(bf, place)
	if err != nil {
		return nil, nil, err
	}
	v := rulesets.NewVerdict()
	var lost []string
	for i, m := range ms {
		d := transportDist(pos[i], m, wr, &opt)
		v.Measure("distance:"+m.ID, round6(d), "in")
		if d > wreckReach+eps {
			v.Forbid("DZC-43", "%s placed %.3f in from the wreck, more than %g in: it is destroyed if no legal place exists", m.ID, d, wreckReach)
			lost = append(lost, m.ID)
		}
	}
	lost = append(lost, checkGround(bf, v, ms, pos, &opt, "DZC-43")...)
	formationOf(v, ms, pos, squadFormation(&opt, ms), &opt, "DZC-43")
	v.Modify(rulesets.Modifier{Name: "survivors may not shoot this turn", Clause: "DZC-43"})
	return v, lost, nil
}

// CheckTransportToBuilding decides DZC-42: infantry may move directly
// between transport and building when the transport is within 1 in of an
// entrance or touches it (edge by default).
func CheckTransportToBuilding(bf *terrain.Battlefield, transportID, buildingID string, opt Options) (*rulesets.Verdict, error) {
	tr, ok := bf.Model(transportID)
	if !ok {
		return nil, fmt.Errorf("transport %q: unknown model: %w", transportID, ErrQuery)
	}
	b, err := building(bf, buildingID)
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	best := math.Inf(1)
	for wi := range b.Building.Walls {
		for _, e := range b.Building.Walls[wi].Entrances {
			best = math.Min(best, nearDist(e, tr, opt.TransportEntranceMeasure == "edge"))
		}
	}
	if math.IsInf(best, 1) {
		v.Forbid("DZC-42", "%s has no entrance", b.ID)
		return v, nil
	}
	v.Measure("entranceDistance", round6(best), "in")
	if best <= transportEntranceReach+eps {
		v.Allow("DZC-42", "the transport is %.3f in from an entrance, within %g in", best, transportEntranceReach)
	} else {
		v.Forbid("DZC-42", "the transport is %.3f in from the nearest entrance, more than %g in", best, transportEntranceReach)
	}
	v.Modify(rulesets.Modifier{Name: "infantry moved this way may not fire", Clause: "DZC-42"})
	return v, nil
}

func overlapsConvex(a, b geom.Convex) bool {
	d, _, _ := geom.DistConvex(a, b)
	if d > 0 {
		return false
	}
	// Touching outlines are not "under": require the centre of a inside b.
	c := a.Bound().Center()
	d2, _, _ := geom.DistConvex(geom.Circle{Center: c}, b)
	return d2 == 0
}

func modelsByID(bf *terrain.Battlefield, list []string, field string) ([]*terrain.Model, error) {
	if len(list) == 0 {
		return nil, fmt.Errorf("%s: empty: %w", field, ErrQuery)
	}
	out := make([]*terrain.Model, len(list))
	for i, id := range list {
		m, ok := bf.Model(id)
		if !ok {
			return nil, fmt.Errorf("%s[%d]: %q: unknown model: %w", field, i, id, ErrQuery)
		}
		out[i] = m
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func ids(ms []*terrain.Model) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out
}
