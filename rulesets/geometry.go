package rulesets

import (
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
)

// Geometry is how a game reads the generic questions: the parameters of the
// geometry packages that its rules fix. A generic query kind (range, sight,
// visible fraction, arc, path, ...) asked in a game's file runs with the
// game's Geometry, so "can he see me?" has one answer whichever query asks
// it. The zero value is the geometry packages' own defaults.
type Geometry struct {
	// Sight are the sightline policies (what occludes, grazing, smoke).
	Sight los.Options
	// Arc are the arc policies of arc queries and of generic weapons' arcs.
	Arc los.ArcOptions
	// Arcs names the arcs, joined by "/", that an arc query without an
	// "arc" field sorts the target into ("" means "front/side/rear").
	Arcs string
	// Range is the measuring mode of range queries that give none
	// ("" is centre to centre).
	Range los.RangeMode
	// Path are the checks of move queries (allowance, other models,
	// facing along the path).
	Path movement.PathOptions
	// Turns are the limits checked when a move query lists turns.
	Turns movement.TurnRules
	// Route are the knobs of shortest-path queries.
	Route movement.RouteOptions
	// Coherency is the squad formation rule of coherency queries.
	Coherency movement.CoherencyRule
}

// FractionAnswer is the answer of a visible-fraction query from r: the
// rounded fraction, the occluders hiding the rest with their rounded
// shares (when any), and r's explanation. The generic kind and the
// WebAssembly API both shape their answers with it, so they stay alike.
func FractionAnswer(r los.FractionResult) Result {
	var a Result
	a.Set("fraction", Round(r.Fraction))
	if len(r.Hidden) > 0 {
		type hidden struct {
			ID       string  `json:"id"`
			Fraction float64 `json:"fraction"`
		}
		hs := make([]hidden, len(r.Hidden))
		for i, h := range r.Hidden {
			hs[i] = hidden{ID: h.ID, Fraction: Round(h.Fraction)}
		}
		a.Set("hiddenBy", hs)
	}
	a.Explanation = r.Explain()
	return a
}
