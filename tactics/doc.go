// Package tactics answers the moves players measure most: the shortest
// legal move that gains sight of a target (GainSight), the shortest move
// that breaks the sight of a set of observers (BreakSight), and the
// reachable positions hidden from them (SafeSpots).
//
// It builds on movement (a CostField: the shortest legal route from the
// model to every point within its allowance, clearance kept for its base
// or hull, difficult terrain priced as movement prices it) and los (exact
// sight and visible fraction), and knows no game: a ruleset's shot is a
// callback given the battlefield with the model moved (see ShotFunc).
//
// Exactness: the end point is searched on a grid refined where seeing
// turns into not seeing, to a final cell of Resolution inches, and the
// crossing bisected; the answer's cost is within Tolerance (0.05 in) of
// the optimum over the routing graph (whose own error is the route's
// ErrorBound) unless the region that satisfies the condition is thinner
// than the coarse grid everywhere near the optimum. See docs/tactics.md.
package tactics
