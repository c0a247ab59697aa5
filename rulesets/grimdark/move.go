package grimdark

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Actions of GF-05 (AKTIVIERUNGEN).
const (
	Hold    = "hold"    // Position halten
	Advance = "advance" // Vorrücken
	Rush    = "rush"    // Eilen
	Charge  = "charge"  // Sturmangriff
)

// MoveResult holds what CheckMove measured.
type MoveResult struct {
	// Allowance is the action's move for the unit (GF-05, GF-14), and
	// Capped the models whose allowance difficult terrain cut to 6 in.
	Allowance float64            `json:"allowance"`
	Lengths   map[string]float64 `json:"lengths"`
	Capped    []string           `json:"capped"`
	// Difficult maps each model touching difficult terrain to the pieces.
	Difficult map[string][]string `json:"difficult"`
	// Dangerous lists the models that must take a dangerous-terrain test
	// (GF-12) and DangerousPieces the pieces for each.
	Dangerous       []string            `json:"dangerous"`
	DangerousPieces map[string][]string `json:"dangerousPieces"`
	// TooClose are the end positions within 1 in of another unit (GF-07).
	TooClose []movement.Link `json:"tooClose"`
	// Coherency is GF-06 at the end positions; MustClose the models that
	// break it.
	Coherency movement.CoherencyResult `json:"coherency"`
	MustClose []string                 `json:"mustClose"`
	// End is every model's end position.
	End map[string]geom.Point `json:"-"`
}

// CheckMove decides whether unit may make the move of action (hold,
// advance, rush; charges are CheckCharge) with the given paths by model id
// (models without a path stay put): the action's allowance with Fast and
// Slow (GF-05), who may take it (Immobile, Artillery, Aircraft), the 6 in
// cap through difficult terrain (GF-11), dangerous terrain (GF-12), Flying
// (GF-13), aircraft straight lines and +30 in (GF-14), the 1 in exclusion
// (GF-07) and coherency at the end (GF-06).
func CheckMove(bf *terrain.Battlefield, unit, action string, paths map[string][]geom.Point, opt Options) (*rulesets.Verdict, MoveResult, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, MoveResult{}, err
	}
	if action == Charge {
		return nil, MoveResult{}, queryErr("action", fmt.Sprintf("%q", action), "a charge is asked with the charge kind (CheckCharge)")
	}
	v := rulesets.NewVerdict()
	prof := opt.unit(u.Name)
	allow, err := allowance(v, action, prof)
	if err != nil {
		return nil, MoveResult{}, err
	}
	full, err := fullPaths(u, paths, "paths")
	if err != nil {
		return nil, MoveResult{}, err
	}
	res, err := checkUnitMove(bf, v, u, prof, allow, full, nil, opt)
	return v, res, err
}

// allowance returns the action's move for the unit and records who may
// take it (GF-05, GF-14).
func allowance(v *rulesets.Verdict, action string, p Unit) (float64, error) {
	base, fast := 0.0, 0.0
	switch action {
	case Hold:
		base = moveHold
	case Advance:
		base, fast = moveAdvance, fastAdvance
	case Rush:
		base, fast = moveRush, fastRush
	case Charge:
		base, fast = moveCharge, fastRush
	default:
		return 0, queryErr("action", fmt.Sprintf("%q", action), "want hold, advance, rush or charge")
	}
	switch {
	case (p.Immobile || p.Artillery) && action != Hold:
		who := "Immobile"
		if p.Artillery {
			who = "Artillery"
		}
		v.Forbid("GF-05", "%s units may only hold, not %s", who, action)
	case p.Aircraft && action != Advance:
		v.Forbid("GF-14", "aircraft may only advance, not %s", action)
	}
	allow := base
	switch {
	case p.Fast && base > 0:
		allow += fast
		v.Allow("GF-05", "%s %g in, Fast +%g in: %g in", action, base, fast, allow)
	case p.Slow && base > 0:
		allow = math.Max(0, base-fast)
		v.Allow("GF-05", "%s %g in, Slow -%g in: %g in", action, base, fast, allow)
	default:
		v.Allow("GF-05", "%s: up to %g in", action, base)
	}
	if p.Aircraft {
		allow += aircraftExtra
		v.Allow("GF-14", "aircraft add %g in: %g in, in a straight line", aircraftExtra, allow)
	}
	v.Measure("allowance", allow, "in")
	return allow, nil
}

// fullPaths checks the paths' ids and points and returns, for every model
// of the unit, its path from where it stands (a lone point when it stays).
func fullPaths(u unitRef, paths map[string][]geom.Point, field string) (map[string][]geom.Point, error) {
	for _, id := range slices.Sorted(mapsKeys(paths)) {
		if !u.has(id) {
			return nil, queryErr(field+"."+id, fmt.Sprintf("%q", id), "not a model of unit %s", u.Name)
		}
		if len(paths[id]) > 10000 {
			return nil, queryErr(field+"."+id, fmt.Sprintf("%d points", len(paths[id])), "at most 10000 points")
		}
		for i, p := range paths[id] {
			if !finitePt(p) {
				return nil, queryErr(fmt.Sprintf("%s.%s[%d]", field, id, i), fmt.Sprintf("[%v, %v]", p.X, p.Y), "not a point on a table")
			}
		}
	}
	out := make(map[string][]geom.Point, len(u.Models))
	for _, m := range u.Models {
		p := paths[m.ID]
		if len(p) == 0 || p[0] != m.Position {
			p = append([]geom.Point{m.Position}, p...)
		}
		out[m.ID] = p
	}
	return out, nil
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// checkUnitMove checks the unit's paths against allow: terrain, caps,
// dangerous terrain, aircraft lines, exclusion (charged: the unit it may
// touch) and coherency at the end.
func checkUnitMove(bf *terrain.Battlefield, v *rulesets.Verdict, u unitRef, p Unit, allow float64, paths map[string][]geom.Point, charged *unitRef, opt Options) (MoveResult, error) {
	res := MoveResult{Allowance: allow, Lengths: map[string]float64{}, Capped: []string{}, Difficult: map[string][]string{},
		Dangerous: []string{}, DangerousPieces: map[string][]string{}, TooClose: []movement.Link{}, MustClose: []string{}, End: map[string]geom.Point{}}
	for _, m := range u.Models {
		path := paths[m.ID]
		res.Lengths[m.ID] = rulesets.Round(movement.PathLength(path))
		res.End[m.ID] = path[len(path)-1]
		if p.Aircraft || p.Flying || len(path) < 2 {
			continue
		}
		// Only Flying moves over units (GF-13): other models block the
		// path, the unit's own models (moving with it) do not.
		pr, err := movement.CheckPath(bf, m.ID, path, movement.PathOptions{Models: movement.ModelsAlongPath, Ignore: u.ids()})
		if err != nil {
			return res, &QueryError{Field: "paths." + m.ID, Value: fmt.Sprintf("%d points", len(path)), Err: err}
		}
		for _, x := range pr.Violations {
			switch x.Kind {
			case "budget":
			case "model":
				v.Forbid("GF-13", "%s would move through %s: only Flying units move over units", m.ID, x.Object)
			default:
				v.Forbid("GF-05", "%s cannot take this path: %s", m.ID, x.Detail)
			}
		}
	}
	if p.Aircraft {
		aircraftLines(v, u, paths, opt)
	} else {
		terrainEffects(bf, v, &res, u, p, paths, opt)
	}
	allowances(v, &res, u, allow)
	endPositions(bf, v, &res, u, p, charged, opt)
	return res, nil
}

// aircraftLines applies GF-14: straight lines only, at least the minimum
// move; aircraft ignore units and terrain.
func aircraftLines(v *rulesets.Verdict, u unitRef, paths map[string][]geom.Point, opt Options) {
	for _, m := range u.Models {
		path := paths[m.ID]
		a, b := path[0], path[len(path)-1]
		for i := 1; i+1 < len(path); i++ {
			q := path[i]
			if d, _ := geom.DistPointSegment(q, geom.Seg(a, b)); d > 1e-6 || q.Sub(a).Norm() > b.Sub(a).Norm()+eps {
				v.Forbid("GF-14", "%s bends at waypoint %d (%.3f in off the straight line): aircraft move only in a straight line", m.ID, i, r3(d))
				break
			}
		}
		if l := movement.PathLength(path); l < float64(opt.AircraftMinMove)-eps {
			v.Forbid("GF-14", "%s moves %.3f in, less than the agreed aircraft minimum %g in", m.ID, r3(l), float64(opt.AircraftMinMove))
		}
	}
	v.Allow("GF-14", "aircraft ignore all units and terrain while moving and where they stop")
}

// terrainEffects applies GF-11/12/13: which models touch difficult and
// dangerous terrain, and the 6 in cap.
func terrainEffects(bf *terrain.Battlefield, v *rulesets.Verdict, res *MoveResult, u unitRef, p Unit, paths map[string][]geom.Point, opt Options) {
	if p.Flying {
		v.Allow("GF-13", "Flying: moves over units and terrain, ignoring terrain effects")
		return
	}
	for _, m := range u.Models {
		path := paths[m.ID]
		moved := movement.PathLength(path) > eps
		if moved {
			if ps := touched(bf, m, path, terrain.Difficult, opt); len(ps) > 0 {
				res.Difficult[m.ID] = ps
			}
		}
		// GF-12: moving through, or activated inside, dangerous terrain.
		dp := touched(bf, m, path, terrain.Dangerous, opt)
		if !moved {
			dp = touched(bf, m, path[:1], terrain.Dangerous, opt)
		}
		if len(dp) > 0 {
			res.Dangerous = append(res.Dangerous, m.ID)
			res.DangerousPieces[m.ID] = dp
		}
	}
	if len(res.Dangerous) > 0 {
		var parts []string
		for _, id := range res.Dangerous {
			parts = append(parts, id+" ("+strings.Join(res.DangerousPieces[id], ", ")+")")
		}
		v.Allow("GF-12", "dangerous terrain: %s must take a test", strings.Join(parts, ", "))
	}
	if len(res.Difficult) == 0 {
		return
	}
	if p.Strider {
		v.Allow("GF-11", "Strider: difficult terrain does not cap the move")
		return
	}
	var parts []string
	for _, m := range u.Models {
		if ps, ok := res.Difficult[m.ID]; ok {
			parts = append(parts, m.ID+" ("+strings.Join(ps, ", ")+")")
		}
	}
	if res.Allowance <= difficultCap {
		v.Allow("GF-11", "difficult terrain touched by %s; the %g in allowance is within the %g in cap", strings.Join(parts, ", "), res.Allowance, difficultCap)
		return
	}
	for _, m := range u.Models {
		if _, ok := res.Difficult[m.ID]; ok || opt.Difficult == "unit" {
			res.Capped = append(res.Capped, m.ID)
		}
	}
	scope := "the whole unit"
	if opt.Difficult == "model" {
		scope = "those models"
	}
	v.Allow("GF-11", "difficult terrain touched by %s: %s may move at most %g in", strings.Join(parts, ", "), scope, difficultCap)
}

// touched returns the ids of the pieces of the given movement effect for
// m's class that m touches along path: its base swept along the path
// overlaps the piece ("base") or its centre path meets it ("center").
// Pieces touched where it starts are skipped unless StartInside.
func touched(bf *terrain.Battlefield, m *terrain.Model, path []geom.Point, eff terrain.Movement, opt Options) []string {
	r := 0.0
	if opt.Touch == "base" {
		b := m.Footprint().Bound()
		if c, ok := m.Footprint().(geom.Circle); ok {
			r = c.Radius
		} else {
			r = b.Size().Norm() / 2
		}
	}
	var out []string
	for i := range bf.Pieces() {
		pc := &bf.Pieces()[i]
		if pc.Movement.For(m.Class) != eff {
			continue
		}
		if !opt.StartInside && eff == terrain.Difficult && pieceDist(pc, path[:1]) <= r+eps {
			continue
		}
		if pieceDist(pc, path) <= r+eps {
			out = append(out, pc.ID)
		}
	}
	return out
}

// pieceDist returns the distance from a polyline (or a point) to a
// piece's footprint: 0 when it enters it.
func pieceDist(pc *terrain.Piece, path []geom.Point) float64 {
	best := math.Inf(1)
	for _, q := range path {
		if pc.Footprint.Contains(q) {
			return 0
		}
		d, _ := geom.DistPointPolygon(q, pc.Footprint)
		best = math.Min(best, d)
	}
	rings := append([]geom.Ring{pc.Footprint.Outer}, pc.Footprint.Holes...)
	for i := 0; i+1 < len(path); i++ {
		s := geom.Seg(path[i], path[i+1])
		for _, ring := range rings {
			for k := range ring {
				d, _, _ := geom.DistSegments(s, geom.Seg(ring[k], ring[(k+1)%len(ring)]))
				best = math.Min(best, d)
			}
		}
	}
	return best
}

// allowances checks every model's path length against its allowance.
func allowances(v *rulesets.Verdict, res *MoveResult, u unitRef, allow float64) {
	longest, who := 0.0, ""
	for _, m := range u.Models {
		l := res.Lengths[m.ID]
		cap, clause := allow, "GF-05"
		if slices.Contains(res.Capped, m.ID) {
			cap, clause = math.Min(allow, difficultCap), "GF-11"
		}
		if l > cap+eps {
			v.Forbid(clause, "%s moves %.3f in, more than its %g in", m.ID, r3(l), cap)
		}
		if l > longest {
			longest, who = l, m.ID
		}
	}
	v.Measure("longestMove", longest, "in")
	if who != "" {
		v.Allow("GF-05", "the longest move is %s's %.3f in", who, r3(longest))
	}
}

// endPositions checks the unit where it ends: the 1 in exclusion from
// other units (GF-07; the charged unit excepted), overlaps within the
// unit, and coherency (GF-06).
func endPositions(bf *terrain.Battlefield, v *rulesets.Verdict, res *MoveResult, u unitRef, p Unit, charged *unitRef, opt Options) {
	ends := make([]movement.Footprint, len(u.Models))
	for i, m := range u.Models {
		ends[i] = movement.FootprintAt(m, res.End[m.ID])
	}
	if !p.Aircraft {
		for _, o := range otherUnits(bf, u.Name) {
			if (charged != nil && o.Name == charged.Name) || opt.unit(o.Name).Aircraft || opt.unit(o.Name).EmbarkedIn != "" {
				continue
			}
			if !enemies(u, o) && !opt.ExclusionFriendly {
				continue
			}
			for _, l := range movement.Within(ends, o.footprints(), opt.measure(), exclusion) {
				if l.Distance < exclusion-eps && !(p.Flying && opt.FlyingEndOnUnits) {
					res.TooClose = append(res.TooClose, l)
					v.Forbid("GF-07", "%s ends %.3f in from %s of unit %s: units come within %g in of other units only when charging them", l.From, r3(l.Distance), l.To, o.Name, exclusion)
				}
			}
		}
		for i := range ends {
			for j := i + 1; j < len(ends); j++ {
				if ends[i].Overlaps(ends[j]) {
					v.Forbid("GF-06", "%s and %s would overlap where they end", ends[i].ID, ends[j].ID)
				}
			}
		}
	}
	coherencyVerdict(v, res, u.Name, ends, opt)
}
