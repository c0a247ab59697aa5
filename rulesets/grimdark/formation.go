package grimdark

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// CoherencyResult is CheckCoherency's answer.
type CoherencyResult struct {
	Coherency movement.CoherencyResult `json:"coherency"`
	// Isolated are the models with no other model within 1 in; MustClose
	// the models that must close up (the isolated ones and, for the 9 in
	// rule, those in the most too-far pairs).
	Isolated  []string `json:"isolated"`
	MustClose []string `json:"mustClose"`
	// Broken are the isolated models' links to their nearest unit mate,
	// longer than 1 in.
	Broken []movement.Link `json:"broken"`
}

// CheckCoherency applies GF-06 to unit where it stands: every model within
// 1 in of another model of its unit and within 9 in of all of them. The
// rule needs no connected chain (Errata 3): two close pairs 8 in apart are
// coherent. A joined hero is a model of the unit (Errata 5).
func CheckCoherency(bf *terrain.Battlefield, unit string, opt Options) (*rulesets.Verdict, CoherencyResult, error) {
	u, err := findUnit(bf, "unit", unit)
	if err != nil {
		return nil, CoherencyResult{}, err
	}
	v := rulesets.NewVerdict()
	var res MoveResult
	fs := u.footprints()
	coherencyVerdict(v, &res, u.Name, fs, opt)
	iso := isolated(res.Coherency)
	return v, CoherencyResult{Coherency: res.Coherency, Isolated: iso, MustClose: res.MustClose, Broken: brokenLinks(fs, iso, opt)}, nil
}

// brokenLinks returns, for each isolated model, the link to its nearest
// unit mate (longer than the 1 in GF-06 asks).
func brokenLinks(fs []movement.Footprint, iso []string, opt Options) []movement.Link {
	out := []movement.Link{}
	for _, id := range iso {
		i := slices.IndexFunc(fs, func(f movement.Footprint) bool { return f.ID == id })
		var rest []movement.Footprint
		for j, f := range fs {
			if j != i {
				rest = append(rest, f)
			}
		}
		if l, ok := movement.Nearest(fs[i:i+1], rest, opt.measure()); ok {
			l.Limit = coherencyLink
			out = append(out, l)
		}
	}
	return out
}

// coherencyVerdict checks GF-06 on the footprints and records it.
func coherencyVerdict(v *rulesets.Verdict, res *MoveResult, name string, fs []movement.Footprint, opt Options) {
	if len(fs) == 1 {
		res.Coherency = movement.CoherencyResult{Squad: name, Coherent: true, Groups: [][]string{{fs[0].ID}}}
		res.MustClose = []string{}
		v.Allow("GF-06", "a unit of one model is always coherent")
		return
	}
	c, err := movement.GroupCoherency(name, fs, opt.coherencyRule())
	if err != nil { // the rule and the footprints are checked before
		v.Forbid("GF-06", "coherency could not be measured: %v", err)
		return
	}
	res.Coherency = c
	res.MustClose = mustClose(c)
	how := "edge to edge"
	if opt.Measure == "center" {
		how = "centre to centre"
	}
	if c.Coherent {
		v.Allow("GF-06", "every model of %s is within %g in of another and within %g in of all others (%s)", name, coherencyLink, coherencyAll, how)
		return
	}
	var parts []string
	for _, l := range brokenLinks(fs, isolated(c), opt) {
		parts = append(parts, fmt.Sprintf("%s's nearest unit mate %s is %.3f in away (more than %g in)", l.From, l.To, r3(l.Distance), coherencyLink))
	}
	for _, l := range c.TooFar {
		parts = append(parts, fmt.Sprintf("%s and %s are %.3f in apart (more than %g in)", l.From, l.To, r3(l.Distance), coherencyAll))
	}
	v.Forbid("GF-06", "%s is not coherent (%s): %s; must close up: %s", name, how, strings.Join(parts, "; "), strings.Join(res.MustClose, ", "))
}

// isolated returns the models in a group of their own under the 1 in link.
func isolated(c movement.CoherencyResult) []string {
	out := []string{}
	for _, g := range c.Groups {
		if len(g) == 1 && len(c.Groups) > 1 {
			out = append(out, g[0])
		}
	}
	return out
}

// mustClose returns the isolated models, then the models in the most
// too-far pairs (the minority that must close up), in unit order.
func mustClose(c movement.CoherencyResult) []string {
	out := isolated(c)
	count := map[string]int{}
	worst := 0
	for _, l := range c.TooFar {
		count[l.From]++
		count[l.To]++
		worst = max(worst, count[l.From], count[l.To])
	}
	for _, g := range c.Groups {
		for _, id := range g {
			if worst > 0 && count[id] == worst && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	return out
}
