package movement

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Measure says between which points of two members a distance is taken.
type Measure string

// Measures.
const (
	// Centers measures reference point to reference point.
	Centers Measure = "center"
	// Edges measures footprint edge to footprint edge (hull for a model
	// with a hull, base otherwise).
	Edges Measure = "edge"
)

// CoherencyRule is a squad formation rule. Zero limits are not checked.
type CoherencyRule struct {
	// Chain is the link distance: every member must be within Chain of
	// another member and the link graph must be connected.
	Chain float64 `json:"chain,omitempty"`
	// All is the largest distance allowed between any two members.
	All float64 `json:"all,omitempty"`
	// BaseContact requires every member's footprint to touch another's,
	// within ContactTolerance.
	BaseContact bool `json:"baseContact,omitempty"`
	// Measure is Centers (default) or Edges.
	Measure Measure `json:"measure,omitempty"`
	// NeighbourOnly asks only that every member have a linked partner:
	// the squad need not form one connected group. Broken then lists the
	// isolated members.
	NeighbourOnly bool `json:"neighbourOnly,omitempty"`
	// SameAltitude requires every member to fly at the same altitude.
	SameAltitude bool `json:"sameAltitude,omitempty"`
	// Figures makes each figure of a multi-figure model a member.
	Figures bool `json:"figures,omitempty"`
	// PlanOnly measures on the table plane alone. By default a distance
	// between members standing at different heights (a hill's tier, a
	// building's floor, terrain.Model.Ground) is the 3D one:
	// sqrt(plan² + height difference²); base contact needs equal heights.
	PlanOnly bool `json:"planOnly,omitempty"`
}

// Link is a pair of members and their distance.
type Link struct {
	From     string  `json:"from"`
	To       string  `json:"to"`
	Distance float64 `json:"distance"`
	Limit    float64 `json:"limit"`
}

// CoherencyResult is Coherency's answer.
type CoherencyResult struct {
	Squad    string `json:"squad"`
	Coherent bool   `json:"coherent"`
	// Groups are the connected groups under the chain (or contact) rule,
	// largest first.
	Groups [][]string `json:"groups"`
	// Broken lists the members outside the largest group: the minority
	// that must close up. When the two largest groups tie,
	// EitherMay is set and Broken holds the second one.
	Broken    []string `json:"broken"`
	EitherMay bool     `json:"eitherMay"`
	// BrokenLinks are, for each group but the largest, the shortest link
	// joining it to the rest, which is longer than the limit.
	BrokenLinks []Link `json:"brokenLinks"`
	// TooFar lists the pairs farther apart than the All limit.
	TooFar []Link `json:"tooFar"`
	// WrongAltitude lists the members not at the squad's most common
	// altitude (SameAltitude).
	WrongAltitude []string `json:"wrongAltitude"`
}

// Explain returns one sentence with the numbers.
func (r CoherencyResult) Explain() string {
	if r.Coherent {
		return fmt.Sprintf("Squad %s is coherent (%d members in one group).", r.Squad, len(r.Groups[0]))
	}
	var parts []string
	for _, l := range r.BrokenLinks {
		parts = append(parts, fmt.Sprintf("%s-%s is %.3f in (limit %.3f)", l.From, l.To, l.Distance, l.Limit))
	}
	for _, l := range r.TooFar {
		parts = append(parts, fmt.Sprintf("%s and %s are %.3f in apart (limit %.3f)", l.From, l.To, l.Distance, l.Limit))
	}
	if len(r.WrongAltitude) > 0 {
		parts = append(parts, "not all at one altitude ("+strings.Join(r.WrongAltitude, ", ")+" differ)")
	}
	who := strings.Join(r.Broken, ", ")
	if r.EitherMay {
		who += " (or the other half)"
	}
	if who == "" {
		who = "nobody in particular"
	}
	return fmt.Sprintf("Squad %s is not coherent: %s; must close up: %s.", r.Squad, strings.Join(parts, "; "), who)
}

type member struct {
	alt   float64
	z     float64 // the ground the member stands on (terrain.Model.Ground)
	id    string
	p     geom.Point
	shape geom.Convex
}

// Coherency checks the formation of squad on bf.
func Coherency(bf *terrain.Battlefield, squad string, rule CoherencyRule) (CoherencyResult, error) {
	if bf == nil {
		return CoherencyResult{}, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	if err := finiteNonNeg("chain", rule.Chain, 1e6); err != nil {
		return CoherencyResult{}, err
	}
	if err := finiteNonNeg("all", rule.All, 1e6); err != nil {
		return CoherencyResult{}, err
	}
	switch rule.Measure {
	case "", Centers, Edges:
	default:
		return CoherencyResult{}, fmt.Errorf("movement: measure = %q, want center or edge: %w", rule.Measure, ErrInvalid)
	}
	idx := bf.Squad(squad)
	if len(idx) == 0 {
		return CoherencyResult{}, fmt.Errorf("movement: squad %q: %w", squad, ErrUnknownSquad)
	}
	var ms []member
	for _, i := range idx {
		m := &bf.Models()[i]
		if rule.Figures && len(m.Figures) > 0 {
			for k, s := range m.FigureShapes() {
				ms = append(ms, member{id: fmt.Sprintf("%s#%d", m.ID, k), p: m.Figures[k], shape: s, alt: m.Altitude, z: m.Ground()})
			}
			continue
		}
		// Edge to edge means hull edge for a vehicle with a hull (its base
		// is only a display stand), base edge otherwise.
		ms = append(ms, member{id: m.ID, p: m.Position, shape: m.Footprint(), alt: m.Altitude, z: m.Ground()})
	}
	res := coherency(squad, ms, rule)
	if rule.SameAltitude {
		count := map[float64]int{}
		best, bestN := 0.0, -1
		for _, m := range ms {
			count[m.alt]++
		}
		for _, m := range ms { // first most common altitude, in input order
			if count[m.alt] > bestN {
				best, bestN = m.alt, count[m.alt]
			}
		}
		for _, m := range ms {
			if m.alt != best {
				res.WrongAltitude = append(res.WrongAltitude, m.id)
			}
		}
		res.Coherent = res.Coherent && len(res.WrongAltitude) == 0
	}
	return res, nil
}

// coherency is Coherency on plain members. It stays one function past 80
// lines because the groups, broken links and too-far pairs all read the
// same two distance closures (by measure, and by contact).
func coherency(squad string, ms []member, rule CoherencyRule) CoherencyResult {
	n := len(ms)
	// flat: every member at one height (or PlanOnly), plan distances.
	flat := rule.PlanOnly || !slices.ContainsFunc(ms, func(m member) bool { return m.z != ms[0].z })
	rise := func(i, j int, d float64) float64 {
		if flat {
			return d
		}
		return math.Hypot(d, ms[i].z-ms[j].z)
	}
	dist := func(i, j int) float64 {
		if rule.Measure == Edges {
			d, _, _ := geom.DistConvex(ms[i].shape, ms[j].shape)
			return rise(i, j, d)
		}
		if flat {
			return ms[i].p.Sub(ms[j].p).Norm()
		}
		return rise(i, j, ms[i].p.Sub(ms[j].p).Norm())
	}
	contact := func(i, j int) float64 {
		d, _, _ := geom.DistConvex(ms[i].shape, ms[j].shape)
		return rise(i, j, d)
	}
	// link test: chain and/or contact
	linked := func(i, j int) bool {
		if rule.BaseContact && contact(i, j) > ContactTolerance {
			return false
		}
		if rule.Chain > 0 && dist(i, j) > rule.Chain+1e-9 {
			return false
		}
		return true
	}
	res := CoherencyResult{Squad: squad, Groups: [][]string{}, Broken: []string{}, BrokenLinks: []Link{}, TooFar: []Link{}, WrongAltitude: []string{}}
	var gs [][]int
	if rule.Chain > 0 || rule.BaseContact {
		gs = Groups(n, linked)
	} else {
		gs = Groups(n, func(int, int) bool { return true })
	}
	group := make([]int, n) // member -> index in gs
	for gi, g := range gs {
		ids := make([]string, 0, len(g))
		for _, i := range g {
			ids = append(ids, ms[i].id)
			group[i] = gi
		}
		res.Groups = append(res.Groups, ids)
	}
	limit := rule.Chain
	for gi := 1; gi < len(gs); gi++ {
		best := Link{Distance: math.Inf(1), Limit: limit}
		for _, i := range gs[gi] {
			for j := range n {
				if group[j] == group[i] {
					continue
				}
				d := dist(i, j)
				if rule.BaseContact && rule.Chain == 0 {
					d = contact(i, j)
				}
				if d < best.Distance {
					best = Link{From: ms[i].id, To: ms[j].id, Distance: round9(d), Limit: limit}
				}
			}
		}
		res.BrokenLinks = append(res.BrokenLinks, best)
		res.Broken = append(res.Broken, res.Groups[gi]...)
	}
	if len(gs) > 1 && len(gs[0]) == len(gs[1]) {
		res.EitherMay = true
	}
	if rule.All > 0 {
		for i := range n {
			for j := i + 1; j < n; j++ {
				if d := dist(i, j); d > rule.All+1e-9 {
					res.TooFar = append(res.TooFar, Link{From: ms[i].id, To: ms[j].id, Distance: round9(d), Limit: rule.All})
				}
			}
		}
	}
	if len(res.TooFar) > 0 && len(res.Broken) == 0 {
		res.Broken = tooFarMembers(ms, res.TooFar)
	}
	res.Coherent = len(gs) <= 1 && len(res.TooFar) == 0
	if rule.NeighbourOnly && len(gs) > 1 {
		res.Broken, res.BrokenLinks, res.EitherMay = []string{}, []Link{}, false
		for _, g := range gs {
			if len(g) == 1 {
				res.Broken = append(res.Broken, ms[g[0]].id)
			}
		}
		res.Coherent = len(res.Broken) == 0 && len(res.TooFar) == 0
	}
	return res
}

// tooFarMembers returns the members causing the All violations: the
// minority side of each too-far pair, by count of violations, in member
// order.
func tooFarMembers(ms []member, tooFar []Link) []string {
	count := map[string]int{}
	for _, l := range tooFar {
		count[l.From]++
		count[l.To]++
	}
	worst := 0
	for _, c := range count {
		worst = max(worst, c)
	}
	var out []string
	for _, m := range ms {
		if count[m.id] == worst {
			out = append(out, m.id)
		}
	}
	return out
}

// Groups returns the connected groups of n members under the symmetric
// relation linked (called with i < j, at most once per pair and not for a
// pair already joined through others): each group's
// members in ascending order, groups largest first, ties by their first
// member.
func Groups(n int, linked func(i, j int) bool) [][]int {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if ri, rj := find(i), find(j); ri != rj && linked(i, j) {
				parent[ri] = rj
			}
		}
	}
	slot := make([]int, n) // root -> group index + 1
	var gs [][]int
	for i := range n {
		r := find(i)
		if slot[r] == 0 {
			gs = append(gs, nil)
			slot[r] = len(gs)
		}
		gs[slot[r]-1] = append(gs[slot[r]-1], i)
	}
	slices.SortStableFunc(gs, func(a, b []int) int { return cmp.Or(cmp.Compare(len(b), len(a)), cmp.Compare(a[0], b[0])) })
	return gs
}
