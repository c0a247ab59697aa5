package generic

import (
	"maps"
	"slices"

	"github.com/sightline/sightline/rulesets"
)

// Game is the generic ruleset: the base whose kinds every game answers.
var Game = &rulesets.Game{
	Name:       rulesets.BaseName,
	Title:      "Generic rules",
	NewOptions: NewOptions,
	Kinds:      Kinds(),
}

// Kinds returns the generic query kinds, in the order the format
// documents them.
func Kinds() []rulesets.Kind {
	return []rulesets.Kind{
		rulesets.NewKind("range", "the distance between two models in a measuring mode", Range),
		rulesets.NewKind("sight", "whether any part of the target can be seen, and what blocks", Sight),
		rulesets.NewKind("visible-fraction", "the fraction of the target's silhouette seen", VisibleFraction),
		rulesets.NewKind("arc", "whether the target lies in a named arc of the model", Arc),
		rulesets.NewKind("shot", "range, arc and sight of a shot with a generic weapon", Shot),
		rulesets.NewKind("move", "whether a move along a path is legal, and its cost", Move),
		rulesets.NewKind("path", "the shortest legal route to a point", Path),
		rulesets.NewKind("coherency", "whether a squad keeps its formation", Coherency),
		rulesets.NewKind("sight-along-path", "where a moving model is first seen", SightAlongPath),
		rulesets.NewKind("garrison-window", "the window a garrison shoots from", GarrisonWindow),
		rulesets.NewKind("garrison-target", "the point of a garrison's wall a shot is traced to", GarrisonTarget),
		rulesets.NewKind("template", "the models a swept template touches", Template),
		rulesets.NewKind("blast", "the models a blast reaches", Blast),
		rulesets.NewKind("scatter", "where a scattering point lands", Scatter),
		rulesets.NewKind("landing", "whether an aircraft may land at a point", Landing),
		rulesets.NewKind("threat", "per cell of a grid: where a model can stand and how many observers see, reach or could shoot it", Threat),
		rulesets.NewKind("gain-sight", "the shortest legal move after which a model sees (or may shoot) a target", GainSight),
		rulesets.NewKind("break-sight", "the shortest legal move after which no observer sees (or may shoot) a model", BreakSight),
		rulesets.NewKind("safe-spots", "the reachable cells where a model is hidden from observers", SafeSpots),
	}
}

func init() { rulesets.Register(Game) }

// sortedKeys returns m's keys in order, so the first error is always the
// same.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
