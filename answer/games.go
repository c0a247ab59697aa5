package answer

import (
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/rulesets/codered"
	"github.com/sightline/sightline/rulesets/dropzone"
	"github.com/sightline/sightline/scenario"
)

// games maps a scenario's "ruleset" to the game that answers its own query
// kinds (and the core kinds it defines its own way, such as shot and move).
// Kinds a game does not list fall back to the generic handlers.
var games = map[string]rulesets.Game{}

func register(g rulesets.Game) { games[g.Name()] = g }

func init() {
	register(dropzone.Game)
	register(codered.Game)
}

// gameFor returns the game answering q in f, if any.
func gameFor(f *scenario.File, q *scenario.Query) (rulesets.Game, bool) {
	g, ok := games[f.Ruleset]
	if !ok {
		return nil, false
	}
	for _, k := range g.Kinds() {
		if k == q.Kind {
			return g, true
		}
	}
	return nil, false
}

// answerGame fills a from the game's result.
func answerGame(g rulesets.Game, f *scenario.File, q *scenario.Query, a *Answer) error {
	r, err := g.Answer(f, q)
	if err != nil {
		return err
	}
	for _, fl := range r.Fields {
		if v, ok := fl.Value.(float64); ok && fl.Length {
			a.SetLength(fl.Name, v)
			continue
		}
		a.Set(fl.Name, fl.Value)
	}
	a.Explanation = r.Explanation
	a.draw(queryIDs(q))
	return nil
}

// queryIDs lists the model ids a query names, to highlight in pictures.
func queryIDs(q *scenario.Query) []string {
	var ids []string
	for _, id := range []string{q.From, q.To, q.Model, q.Shooter, q.Target} {
		if id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}
