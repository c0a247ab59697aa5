package grimdark

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Placement modes of CheckPlacement.
const (
	Deploy = "deploy" // GF-02: within the deployment zone
	Scout  = "scout"  // GF-16: fully within 12 in of the zone
	Ambush = "ambush" // GF-15: at least 9 in from enemy units
)

// zone is a deployment zone: the band within depth of one table edge.
type zone struct {
	edge  string
	depth float64
	table terrain.Table
}

// beyond returns how far the shape pokes beyond the zone's inner line
// (negative: inside with room to spare) under the deployment reading.
func (z zone) beyond(fp movement.Footprint, how string) float64 {
	// far is the footprint's extreme coordinate away from the edge, near
	// its closest one, c its centre's.
	var far, near, c float64
	b := fp.Shape.Bound()
	switch z.edge {
	case "south":
		far, near, c = b.Y.Hi, b.Y.Lo, fp.Center.Y
	case "north":
		far, near, c = z.table.Depth-b.Y.Lo, z.table.Depth-b.Y.Hi, z.table.Depth-fp.Center.Y
	case "west":
		far, near, c = b.X.Hi, b.X.Lo, fp.Center.X
	default: // east
		far, near, c = z.table.Width-b.X.Lo, z.table.Width-b.X.Hi, z.table.Width-fp.Center.X
	}
	switch how {
	case "center":
		return c - z.depth
	case "partly":
		return near - z.depth
	}
	return far - z.depth
}

// newZone checks edge names a long table edge (GF-02).
func newZone(t terrain.Table, edge string, depth float64) (zone, error) {
	long := map[bool][]string{true: {"south", "north"}, false: {"west", "east"}}[t.Width >= t.Depth]
	if edge != long[0] && edge != long[1] {
		return zone{}, queryErr("edge", fmt.Sprintf("%q", edge), "want a long table edge, %s or %s", long[0], long[1])
	}
	return zone{edge: edge, depth: depth, table: t}, nil
}

// CheckPlacement decides whether unit stands where mode allows: deployed
// within the zone of its table edge (GF-02, Deployment reading), as a
// Scout fully within 12 in of that zone (GF-16), or from Ambush at least
// 9 in from every enemy unit (GF-15). It also checks GF-01's 24 in gap
// between the zones on this table.
func CheckPlacement(bf *terrain.Battlefield, unit, edge, mode string, opt Options) (*rulesets.Verdict, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	t := bf.Table()
	depth := float64(opt.ZoneDepth)
	short := math.Min(t.Width, t.Depth)
	gap := short - 2*depth
	v.Measure("zoneGap", gap, "in")
	if gap < deploymentGap-eps {
		v.Forbid("GF-01", "the zones (%g in deep) leave %.3f in between them on this %g x %g in table; armies deploy at least %g in apart (zones of %g in would do)",
			depth, r3(gap), t.Width, t.Depth, deploymentGap, math.Max(0, (short-deploymentGap)/2))
	} else {
		v.Allow("GF-01", "the zones leave %.3f in between them (at least %g in)", r3(gap), deploymentGap)
	}
	switch mode {
	case Deploy, Scout:
		z, err := newZone(t, edge, depth)
		if err != nil {
			return nil, err
		}
		how, clause, limit := opt.Deployment, "GF-02", depth
		if mode == Scout {
			how, clause, z.depth, limit = "fully", "GF-16", depth+scoutReach, depth+scoutReach
		}
		for _, fp := range u.footprints() {
			if d := z.beyond(fp, how); d > eps {
				v.Forbid(clause, "%s pokes %.3f in beyond %g in from the %s edge (%s reading)", fp.ID, r3(d), limit, edge, how)
			}
		}
		if v.Legal {
			v.Allow(clause, "every model of %s is within %g in of the %s edge (%s)", u.Name, limit, edge, how)
		}
	case Ambush:
		ambush(bf, v, u, opt)
	default:
		return nil, queryErr("mode", fmt.Sprintf("%q", mode), "want deploy, scout or ambush")
	}
	return v, nil
}

// ambush applies GF-15: at least 9 in from every enemy unit.
func ambush(bf *terrain.Battlefield, v *rulesets.Verdict, u unitRef, opt Options) {
	best := movement.Link{Distance: math.Inf(1)}
	for _, o := range otherUnits(bf, u.Name) {
		if !enemies(u, o) || opt.unit(o.Name).EmbarkedIn != "" {
			continue
		}
		if l, ok := nearest(u.footprints(), o.footprints(), opt.measure()); ok && l.Distance < best.Distance {
			best = l
		}
	}
	if math.IsInf(best.Distance, 1) {
		v.Allow("GF-15", "no enemy unit on the table")
		return
	}
	v.Measure("nearestEnemy", best.Distance, "in")
	if best.Distance < ambushGap-eps {
		v.Forbid("GF-15", "%s is %.3f in from enemy %s: ambushers are placed at least %g in from enemy units", best.From, r3(best.Distance), best.To, ambushGap)
		return
	}
	v.Allow("GF-15", "the nearest enemy, %s, is %.3f in from %s (at least %g in)", best.To, r3(best.Distance), best.From, ambushGap)
}

// CheckMarkers applies GF-03 to objective markers: outside both
// deployment zones and at least 9 in from each other.
func CheckMarkers(bf *terrain.Battlefield, markers []geom.Point, opt Options) (*rulesets.Verdict, error) {
	v := rulesets.NewVerdict()
	t := bf.Table()
	for i, p := range markers {
		if !finitePt(p) {
			return nil, queryErr(fmt.Sprintf("markers[%d]", i), fmt.Sprintf("[%v, %v]", p.X, p.Y), "not a point on a table")
		}
	}
	edges := []string{"south", "north"}
	if t.Width < t.Depth {
		edges = []string{"west", "east"}
	}
	r := float64(opt.MarkerRadius)
	for i, p := range markers {
		if p.X < 0 || p.Y < 0 || p.X > t.Width || p.Y > t.Depth {
			v.Forbid("GF-03", "marker %d at (%g, %g) is off the %g x %g in table", i, p.X, p.Y, t.Width, t.Depth)
			continue
		}
		fp := movement.Footprint{ID: fmt.Sprintf("marker %d", i), Center: p, Shape: geom.Circle{Center: p, Radius: r}}
		for _, e := range edges {
			z, _ := newZone(t, e, float64(opt.ZoneDepth))
			if z.beyond(fp, "partly") <= eps { // inside or on the zone's line
				v.Forbid("GF-03", "marker %d at (%g, %g) lies in the %s deployment zone", i, p.X, p.Y, e)
			}
		}
		for j := i + 1; j < len(markers); j++ {
			d := p.Sub(markers[j]).Norm() - 2*r
			if d < markerSpacing-eps {
				v.Forbid("GF-03", "markers %d and %d are %.3f in apart, less than %g in", i, j, r3(d), markerSpacing)
			}
		}
	}
	if v.Legal {
		v.Allow("GF-03", "%d markers outside the deployment zones and at least %g in apart", len(markers), markerSpacing)
	}
	return v, nil
}

// ObjectiveResult is CheckObjective's answer.
type ObjectiveResult struct {
	// Within maps each side to its units within 3 in that may seize or
	// contest; Ignored lists units within reach that may not (aircraft,
	// shaken, ambushed this round), with why.
	Within  map[string][]string `json:"within"`
	Ignored []string            `json:"ignored"`
	// Owner is the side controlling the marker after this check ("" for
	// neutral) and State "seized", "contested", "kept" or "neutral".
	Owner string `json:"owner"`
	State string `json:"state"`
}

// CheckObjective applies GF-04 at the end of a round to the marker at p
// last owned by owner ("" for none): a side with a unit within 3 in and
// no enemy unit within 3 in seizes it; units of both sides make it
// neutral; otherwise it keeps its owner. Aircraft, shaken units (unless
// ShakenContests) and units placed from ambush this round neither seize
// nor contest.
func CheckObjective(bf *terrain.Battlefield, p geom.Point, owner string, opt Options) (*rulesets.Verdict, ObjectiveResult, error) {
	if !finitePt(p) {
		return nil, ObjectiveResult{}, queryErr("point", fmt.Sprintf("[%v, %v]", p.X, p.Y), "not a point on a table")
	}
	v := rulesets.NewVerdict()
	res := ObjectiveResult{Within: map[string][]string{}, Ignored: []string{}}
	marker := movement.Footprint{ID: "marker", Center: p, Shape: geom.Circle{Center: p, Radius: float64(opt.MarkerRadius)}}
	var parts []string
	for _, u := range otherUnits(bf) {
		d, who := unitToMarker(u, marker, opt)
		if d > objectiveReach+eps {
			continue
		}
		prof := opt.unit(u.Name)
		why := ""
		switch {
		case prof.Aircraft:
			why = "an aircraft"
		case prof.Ambushed:
			why = "placed from ambush this round"
		case prof.Shaken && !opt.ShakenContests:
			why = "shaken"
		case prof.EmbarkedIn != "":
			why = "inside a transport"
		}
		if why != "" {
			res.Ignored = append(res.Ignored, fmt.Sprintf("%s (%s)", u.Name, why))
			continue
		}
		res.Within[u.Side] = append(res.Within[u.Side], u.Name)
		parts = append(parts, fmt.Sprintf("%s of %s (%s at %.3f in)", u.Name, side(u), who, r3(d)))
	}
	sides := make([]string, 0, len(res.Within))
	for s := range res.Within {
		sides = append(sides, s)
	}
	switch len(sides) {
	case 0:
		res.Owner, res.State = owner, "kept"
		if owner == "" {
			res.State = "neutral"
		}
		v.Allow("GF-04", "no unit that may seize is within %g in; the marker stays %s", objectiveReach, ownerText(owner))
	case 1:
		res.Owner, res.State = sides[0], "seized"
		v.Allow("GF-04", "only side %s is within %g in: %s; it controls the marker", sides[0], objectiveReach, strings.Join(parts, ", "))
	default:
		res.Owner, res.State = "", "contested"
		v.Allow("GF-04", "units of both sides are within %g in (%s): the marker becomes neutral", objectiveReach, strings.Join(parts, ", "))
	}
	if len(res.Ignored) > 0 {
		v.Allow("GF-04", "within reach but neither seizing nor contesting: %s", strings.Join(res.Ignored, ", "))
	}
	return v, res, nil
}

// unitToMarker returns the unit's distance to the marker under
// ObjectiveUnit ("any": its nearest model, "all": its farthest) and the
// model that decides.
func unitToMarker(u unitRef, marker movement.Footprint, opt Options) (float64, string) {
	best, who := math.Inf(1), ""
	if opt.ObjectiveUnit == "all" {
		best = math.Inf(-1)
	}
	for _, fp := range u.footprints() {
		d := fp.Distance(marker, opt.measure())
		if (opt.ObjectiveUnit == "all" && d > best) || (opt.ObjectiveUnit != "all" && d < best) {
			best, who = d, fp.ID
		}
	}
	return best, who
}

func ownerText(owner string) string {
	if owner == "" {
		return "neutral"
	}
	return "with side " + owner
}
