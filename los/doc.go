// Package los answers the sight questions players argue about: range in
// several measuring modes, fire-arc membership, line of sight between points
// and models, the visible fraction of a target (cover percentage), area
// terrain crossed by a sightline, height levels, garrison windows and sight
// along a moving model's path.
//
// Every answer is data first (ids, points, numbers, the option that decided
// a boundary case) and carries one plain sentence (Explain). Decisions use
// the exact predicates of package geom; the touching/grazing policy is set
// in Options and documented in docs/sight.md.
package los
