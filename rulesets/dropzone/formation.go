package dropzone

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// squadFormation returns the formation of the squad of ms[0] from
// Options.Squads ("standard" when none is given).
func squadFormation(opt *Options, ms []*terrain.Model) string {
	if len(ms) > 0 {
		if s, ok := opt.Squads[ms[0].Squad]; ok && s.Formation != "" {
			return s.Formation
		}
	}
	return "standard"
}

// formationLimit is the DZC-08 distance for a formation (Inf for open, NaN
// for base contact).
func formationLimit(f string) float64 {
	switch f {
	case "standard":
		return formationStandard
	case "wide":
		return formationWide
	case "open":
		return math.Inf(1)
	}
	return math.NaN()
}

// linked reports whether two models at the given centres are within the
// formation's reach of each other (DZC-08): centre to centre (DZC-02), or
// bases touching for BaB.
func linked(a, b *terrain.Model, pa, pb geom.Point, f string) (bool, float64) {
	if f == "bab" {
		d, _, _ := geom.DistConvex(footprintAt(a, pa), footprintAt(b, pb))
		return d <= 1e-9, d
	}
	d := planDist(pa, pb)
	return d <= formationLimit(f)+eps, d
}

// formationOf checks DZC-08 (and DZC-09's groups) for models at pos,
// recording the outcome under clause; it returns the groups (components),
// largest first.
func formationOf(v *rulesets.Verdict, ms []*terrain.Model, pos []geom.Point, f string, opt *Options, clause string) [][]int {
	n := len(ms)
	link := make([]bool, n*n) // link[i*n+j]: i and j within the formation
	ok := true
	worst := 0.0
	for i := 0; i < n; i++ {
		nearest := math.Inf(1)
		has := false
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			l, d := linked(ms[i], ms[j], pos[i], pos[j], f)
			nearest = math.Min(nearest, d)
			link[i*n+j] = l
			has = has || l
		}
		if n > 1 && !has {
			ok = false
			v.Forbid(clause, "%s is %.3f in from its nearest squad-mate, beyond the %s formation", ms[i].ID, nearest, f)
		}
		if n > 1 && !math.IsInf(nearest, 1) {
			worst = math.Max(worst, nearest)
		}
	}
	// DZC-09's groups: linked either way round joins two units
	out := movement.Groups(n, func(i, j int) bool { return link[i*n+j] || link[j*n+i] })
	v.Measure("largestNearestGap", round6(worst), "in")
	if opt.FormationConnected && len(out) > 1 {
		ok = false
		v.Forbid(clause, "the squad is split into %d groups; the formation must be connected (option formationConnected)", len(out))
	}
	if ok {
		v.Allow(clause, "every unit is within the %s formation of a squad-mate", f)
	}
	return out
}

// FormationResult is what CheckFormation found besides the verdict.
type FormationResult struct {
	// Groups are the model ids of each connected group, largest first.
	Groups [][]string `json:"groups"`
	// MustClose lists the isolated minority that must move to rejoin
	// (DZC-09); empty when the squad is whole or the halves tie.
	MustClose []string `json:"mustClose"`
	// EitherHalf reports an exact half split: the player picks which half
	// moves.
	EitherHalf bool `json:"eitherHalf"`
}

// CheckFormation checks squad's formation (DZC-08), the groups a broken
// formation falls into and which must close (DZC-09), the common altitude
// of aircraft (DZC-10) and the transports' own formation (DZC-40).
func CheckFormation(bf *terrain.Battlefield, squad string, opt Options) (*rulesets.Verdict, FormationResult, error) {
	all, err := squadModels(bf, squad)
	if err != nil {
		return nil, FormationResult{}, err
	}
	v := rulesets.NewVerdict()
	var ms, ts []*terrain.Model
	for _, m := range all {
		if m.Garrison != nil {
			continue
		}
		if opt.unit(m.ID).Transport {
			ts = append(ts, m)
		} else {
			ms = append(ms, m)
		}
	}
	f := squadFormation(&opt, all)
	v.Modify(rulesets.Modifier{Name: "formation " + f, Clause: "DZC-08"})
	var res FormationResult
	if len(ms) > 0 {
		pos := positions(ms)
		groups := formationOf(v, ms, pos, f, &opt, "DZC-08")
		res = brokenGroups(v, ms, groups)
	}
	if len(ts) > 0 {
		formationOf(v, ts, positions(ts), f, &opt, "DZC-40")
	}
	if f == "standard" || f == "wide" {
		alt := math.NaN()
		for _, m := range all {
			if m.Class != terrain.Aircraft {
				continue
			}
			if math.IsNaN(alt) {
				alt = m.Altitude
			} else if math.Abs(alt-m.Altitude) > eps {
				v.Forbid("DZC-10", "aircraft of a %s squad fly at %g in and %g in; they must share one altitude", f, alt, m.Altitude)
				break
			}
		}
	}
	return v, res, nil
}

func positions(ms []*terrain.Model) []geom.Point {
	p := make([]geom.Point, len(ms))
	for i, m := range ms {
		p[i] = m.Position
	}
	return p
}

// brokenGroups applies DZC-09 to the groups of a formation check.
func brokenGroups(v *rulesets.Verdict, ms []*terrain.Model, groups [][]int) FormationResult {
	var res FormationResult
	for _, g := range groups {
		var ids []string
		for _, i := range g {
			ids = append(ids, ms[i].ID)
		}
		res.Groups = append(res.Groups, ids)
	}
	if len(groups) < 2 {
		return res
	}
	n := len(ms)
	if len(groups) == 2 && 2*len(groups[0]) == n {
		res.EitherHalf = true
		v.Allow("DZC-09", "the squad is split exactly in half (%s | %s): the player picks which half moves to rejoin",
			strings.Join(res.Groups[0], ", "), strings.Join(res.Groups[1], ", "))
		return res
	}
	for _, g := range res.Groups[1:] {
		res.MustClose = append(res.MustClose, g...)
	}
	v.Allow("DZC-09", "%s form the isolated minority and must move as far as possible to rejoin (%d of %d)",
		strings.Join(res.MustClose, ", "), len(res.MustClose), n)
	return res
}

// CheckDeployment checks a directly deployed squad (DZC-11): every model
// fully inside zone (hull or base), in formation, on terrain it can cross.
func CheckDeployment(bf *terrain.Battlefield, squad string, zone geom.Polygon, opt Options) (*rulesets.Verdict, error) {
	ms, err := squadModels(bf, squad)
	if err != nil {
		return nil, err
	}
	if err := zone.Validate(); err != nil {
		return nil, fmt.Errorf("zone: %w: %w", err, ErrQuery)
	}
	v := rulesets.NewVerdict()
	for _, m := range ms {
		if m.Class == terrain.Aircraft {
			v.Forbid("DZC-12", "aircraft squads set up for direct deployment start in standby")
			continue
		}
		if out := outsidePoint(m.Footprint(), zone); out != nil {
			v.Forbid("DZC-11", "%s reaches (%.3g, %.3g), outside the deployment zone", m.ID, out.X, out.Y)
		} else {
			v.Allow("DZC-11", "%s is fully inside the deployment zone", m.ID)
		}
	}
	pos := positions(ms)
	formationOf(v, ms, pos, squadFormation(&opt, ms), &opt, "DZC-11")
	checkGround(bf, v, ms, pos, &opt, "DZC-11")
	return v, nil
}

// outsidePoint returns a point of the convex shape outside the polygon, or
// nil when the shape is inside (boundary counts as inside).
func outsidePoint(s geom.Convex, zone geom.Polygon) *geom.Point {
	var pts []geom.Point
	switch c := s.(type) {
	case geom.OrientedRect:
		cs := c.Corners()
		pts = cs[:]
	default:
		for k := 0; k < 64; k++ {
			a := float64(k) * math.Pi / 32
			pts = append(pts, s.Support(geom.Pt(math.Cos(a), math.Sin(a))))
		}
	}
	for _, p := range pts {
		if zone.Locate(p) == geom.Outside {
			q := p
			return &q
		}
	}
	return nil
}

// CheckStandbyEntry checks a squad entering from standby (DZC-12): the
// centre's end position at most half Bw (rounded per
// Options.StandbyRounding) from the friendly edge ("south" y=0, "north",
// "west" x=0, "east"); aircraft move their full Bw.
func CheckStandbyEntry(bf *terrain.Battlefield, modelID string, end geom.Point, edge string, opt Options) (*rulesets.Verdict, error) {
	m, ok := bf.Model(modelID)
	if !ok {
		return nil, fmt.Errorf("model %q: unknown model: %w", modelID, ErrQuery)
	}
	t := bf.Table()
	var d float64
	switch edge {
	case "south":
		d = end.Y
	case "north":
		d = t.Depth - end.Y
	case "west":
		d = end.X
	case "east":
		d = t.Width - end.X
	default:
		return nil, fmt.Errorf("edge %q: want south, north, west or east: %w", edge, ErrQuery)
	}
	v := rulesets.NewVerdict()
	bw := float64(opt.unit(m.ID).Bw)
	allow := bw
	if m.Class != terrain.Aircraft {
		allow = bw / 2
		switch opt.StandbyRounding {
		case "down":
			allow = math.Floor(allow)
		case "up":
			allow = math.Ceil(allow)
		}
	}
	v.Measure("fromEdge", round6(d), "in")
	v.Measure("allowed", allow, "in")
	switch {
	case d < -eps:
		v.Forbid("DZC-12", "the end position is off the table")
	case d <= allow+eps:
		v.Allow("DZC-12", "entered %.3f in from the %s edge, within %g in", d, edge, allow)
	default:
		v.Forbid("DZC-12", "entered %.3f in from the %s edge, more than %g in (half of Bw %g)", d, edge, allow, bw)
	}
	if !onTable(bf, end, &opt) {
		v.Forbid("DZC-01", "(%.3g, %.3g) is off the table", end.X, end.Y)
	}
	return v, nil
}

// onTable reports whether p is on the table (DZC-01), closed edges; with
// Options.Table "48" a metric 1200/1800 mm side counts as 48/72 in.
func onTable(bf *terrain.Battlefield, p geom.Point, opt *Options) bool {
	t := bf.Table()
	w, d := t.Width, t.Depth
	if opt.Table == "48" {
		w, d = metricTo48(w), metricTo48(d)
	}
	return p.X >= -eps && p.Y >= -eps && p.X <= w+eps && p.Y <= d+eps
}

func metricTo48(x float64) float64 {
	switch {
	case math.Abs(x-tableMetric) < 1e-6:
		return 48
	case math.Abs(x-1.5*tableMetric) < 1e-6:
		return 72
	}
	return x
}
