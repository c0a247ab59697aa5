package rulesets

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sightline/sightline/terrain"
)

// Ask answers the query kind name of the env's game (its own kind, else
// the base game's) on bf, a battlefield derived from the env's (a model
// moved, for example), with the request given as a JSON object in the
// file's units. A query kind uses it to put a question of the game's own
// rules (a "shot") to a position that is not on the table, so the answer
// is the one the game gives to that query in a file. Errors name paths
// under the env's query.
func (e *Env) Ask(bf *terrain.Battlefield, name string, raw json.RawMessage) (Result, error) {
	g := e.Game
	if g == nil {
		if g = base(); g == nil {
			return Result{}, fmt.Errorf("rulesets: no base game registered: %w", ErrUnknownKind)
		}
	}
	k, ok := g.Kind(name)
	if !ok {
		return Result{}, fmt.Errorf("rulesets: %q is not a query kind of ruleset %q; its kinds: %s: %w", name, g.Name, strings.Join(g.KindNames(), ", "), ErrUnknownKind)
	}
	answer, err := k.Prepare(e, raw, e.Path)
	if err != nil {
		return Result{}, err
	}
	return answer(bf)
}
