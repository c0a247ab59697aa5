package los

import (
	"fmt"
	"strings"

	"github.com/sightline/sightline/geom"
)

// pt formats a point for explanations, two decimals in inches.
func pt(v geom.Vec3) string { return fmt.Sprintf("(%.2f, %.2f, %.2f)", v.X, v.Y, v.Z) }

// Explain returns one plain sentence describing the blocker.
func (b Blocker) Explain() string {
	switch {
	case b.Grazing:
		return fmt.Sprintf("blocked by %s at %s: the sightline only touches it, and touching blocks (Options.GrazingBlocks=true)", b.ID, pt(b.At))
	case b.EveryHeight:
		return fmt.Sprintf("blocked by %s at %s: it blocks at every height", b.ID, pt(b.At))
	}
	return fmt.Sprintf("blocked by %s at %s: the sightline passes %.2f in below its top (%.2f in)", b.ID, pt(b.At), b.Below, b.Top)
}

// grazeText lists grazed ids with the policy that made them clear.
func grazeText(g []Graze) string {
	if len(g) == 0 {
		return ""
	}
	ids := make([]string, len(g))
	for i, x := range g {
		ids[i] = x.ID
	}
	return fmt.Sprintf("; grazes %s (touching is clear: Options.GrazingBlocks=false)", strings.Join(ids, ", "))
}

// Explain returns one plain sentence describing the result.
func (r SegmentResult) Explain() string {
	if !r.Clear {
		return r.Blocker.Explain()
	}
	s := fmt.Sprintf("clear: nothing blocks the sightline from %s to %s", pt(r.From), pt(r.To))
	if r.SquadPassed > 0 {
		s += fmt.Sprintf("; passes %d model(s) of its own squad (Options.ThroughOwnSquad)", r.SquadPassed)
	}
	return s + grazeText(r.Grazing)
}

// Explain returns one plain sentence describing the result.
func (r SightResult) Explain() string {
	who := r.To
	if !r.Visible {
		s := fmt.Sprintf("%s is not visible", who)
		if r.Fraction != nil {
			s += " (no part of its silhouette is seen)"
		}
		if r.BlockedBy != nil && r.BlockedBy.ID != "" {
			s += "; centre sightline " + r.BlockedBy.Explain()
		}
		return s
	}
	switch r.Method {
	case MethodEyeInside:
		return fmt.Sprintf("%s is visible: the eye %s is inside its volume", who, pt(r.Eye))
	case MethodRegion:
		return fmt.Sprintf("%s is visible: %.1f %% of its silhouette is seen, clear sightline from %s to %s%s",
			who, 100**r.Fraction, pt(r.Witness.A), pt(r.Witness.B), grazeText(r.Grazing))
	}
	return fmt.Sprintf("%s is visible: clear sightline from %s to %s%s", who, pt(r.Witness.A), pt(r.Witness.B), grazeText(r.Grazing))
}

// Explain returns one plain sentence describing the result.
func (r FractionResult) Explain() string {
	switch r.Case {
	case CaseEyeInside:
		return fmt.Sprintf("%s is 100 %% visible: the eye %s is inside its volume", r.To, pt(r.Eye))
	case CasePoint:
		if r.Fraction == 1 {
			return fmt.Sprintf("%s is a single point %s and it is seen (100 %%)", r.To, pt(r.Centre))
		}
		return fmt.Sprintf("%s is a single point %s and it is hidden (0 %%)", r.To, pt(r.Centre))
	case CaseDegenerate:
		return fmt.Sprintf("%s has no silhouette area seen from %s; its centre is %s (%.0f %%)", r.To, pt(r.Eye),
			map[bool]string{true: "seen", false: "hidden"}[r.Fraction == 1], 100*r.Fraction)
	}
	s := fmt.Sprintf("%s is %.1f %% visible", r.To, 100*r.Fraction)
	if len(r.Hidden) > 0 {
		parts := make([]string, len(r.Hidden))
		total := 0.0
		for i, h := range r.Hidden {
			parts[i] = fmt.Sprintf("%s hides %.1f %%", h.ID, 100*h.Fraction)
			total += h.Fraction
		}
		s += ": " + strings.Join(parts, ", ")
		if total > 1-r.Fraction+1e-9 {
			s += " (overlapping)"
		}
	}
	return s
}
