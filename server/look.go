package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/scenario"
)

// errLook is wrapped by the errors about /v1/look's parameters.
var errLook = errors.New("bad look parameters")

// lookBody is the answer of /v1/look: the shooter-target pair answered by
// the file's ruleset exactly as the matching queries would be, plus sight
// between the moved model and every enemy.
type lookBody struct {
	Shooter  string         `json:"shooter"`
	Target   string         `json:"target"`
	Range    *answer.Answer `json:"range"`
	Sight    *answer.Answer `json:"sight"`
	Fraction *answer.Answer `json:"fraction"`
	// Band is the visible fraction in rule-free words; a game's own cover
	// band is among Shot's modifiers.
	Band   string         `json:"band"`
	Arc    *answer.Answer `json:"arc"`
	Shot   *answer.Answer `json:"shot,omitempty"`
	NoShot string         `json:"noShot,omitempty"` // why there is no shot verdict
	Moved  string         `json:"moved,omitempty"`
	// Enemies are the models of another side than Moved, in file order.
	Enemies []enemyView `json:"enemies,omitempty"`
	// Micros is the server's time for the whole answer, decoding included.
	Micros int64 `json:"micros"`
}

// enemyView is sight between the moved model and one enemy.
type enemyView struct {
	ID       string  `json:"id"`
	Sees     bool    `json:"sees"`     // the moved model sees the enemy
	Fraction float64 `json:"fraction"` // of the enemy, seen from the moved model
	SeenBy   bool    `json:"seenBy"`   // the enemy sees the moved model
}

// bandNames name the rule-free bands of looseBands.
var bandNames = [...]string{"hidden", "mostly hidden", "partly hidden", "in the open"}

// looseBands are rule-free cover bands: nothing seen, under half, at least
// half but not all, all of it (within 1e-9).
func looseBands() los.Bands {
	return los.Bands{Edges: []float64{0, 0.5, 1}, Inclusive: []bool{true, false, false}, Tolerance: 1e-9}
}

// look answers ?shooter=ID&target=ID[&moved=ID] for the posted scenario.
func (s *Server) look(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	q := r.URL.Query()
	shooter, target, moved := q.Get("shooter"), q.Get("target"), q.Get("moved")
	f := s.decode(w, r)
	if f == nil {
		return
	}
	if err := checkPair(f, shooter, target, moved); err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	body, err := lookAt(f, shooter, target, moved)
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	body.Micros = time.Since(start).Microseconds()
	writeJSON(w, http.StatusOK, body)
}

// checkPair checks the look parameters name models of f.
func checkPair(f *scenario.File, shooter, target, moved string) error {
	bf := f.Battlefield()
	for _, p := range []struct{ name, id string }{{"shooter", shooter}, {"target", target}, {"moved", moved}} {
		if p.id == "" && p.name == "moved" {
			continue
		}
		if p.id == "" {
			return fmt.Errorf("%s: missing (want ?shooter=ID&target=ID): %w", p.name, errLook)
		}
		if _, ok := bf.Model(p.id); !ok {
			return fmt.Errorf("%s: no model %q in the scenario: %w", p.name, p.id, errLook)
		}
	}
	if shooter == target {
		return fmt.Errorf("target: %q is the shooter itself: %w", target, errLook)
	}
	return nil
}

// lookAt answers the pair through the file's ruleset and sight between
// moved and each enemy. The queries run as the queries of a copy of f
// (runParallel), so the ruleset's options are read once per worker.
func lookAt(f *scenario.File, shooter, target, moved string) (*lookBody, error) {
	b := &lookBody{Shooter: shooter, Target: target, Moved: moved}
	qs := []scenario.Query{
		pairQuery("range", shooter, target), pairQuery("sight", shooter, target),
		pairQuery("visible-fraction", shooter, target), pairQuery("arc", shooter, target),
	}
	enemyIDs := enemiesOf(f, moved)
	for _, e := range enemyIDs {
		qs = append(qs, pairQuery("sight", moved, e), pairQuery("sight", e, moved), pairQuery("visible-fraction", moved, e))
	}
	shot, shotErr := shotQuery(f, shooter, target)
	if shotErr == nil {
		qs = append(qs, shot)
	}
	run := *f
	run.Queries = qs
	answers, errs := runParallel(&run)
	byID := make(map[string]*answer.Answer, len(answers))
	for _, a := range answers {
		if a.Err == nil {
			byID[a.ID] = a
		}
	}
	for _, q := range qs {
		if byID[q.ID] == nil && q.Kind != "shot" {
			return nil, queryError(q.ID, answers, errs, fmt.Errorf("%s: %s not answered", q.JSONPath, q.Kind))
		}
	}
	b.Range, b.Sight, b.Fraction, b.Arc = byID[qs[0].ID], byID[qs[1].ID], byID[qs[2].ID], byID[qs[3].ID]
	if fr, ok := number(b.Fraction, "fraction"); ok {
		if i := looseBands().Band(fr); i >= 0 && i < len(bandNames) {
			b.Band = bandNames[i]
		}
	}
	if b.Shot = byID[shot.ID]; shotErr == nil && b.Shot == nil {
		shotErr = queryError(shot.ID, answers, errs, errors.New("no shot verdict"))
	}
	if shotErr != nil {
		b.NoShot = shotErr.Error()
	}
	for _, e := range enemyIDs {
		v := enemyView{ID: e, Sees: flag(byID[pairID("sight", moved, e)], "visible"),
			SeenBy: flag(byID[pairID("sight", e, moved)], "visible")}
		v.Fraction, _ = number(byID[pairID("visible-fraction", moved, e)], "fraction")
		b.Enemies = append(b.Enemies, v)
	}
	return b, nil
}

// runParallel is answer.Run over f's queries split across the CPUs (a
// battlefield is safe for concurrent readers), answers and errors in
// query order.
func runParallel(f *scenario.File) ([]*answer.Answer, []error) {
	n := min(runtime.GOMAXPROCS(0), maxLookWorkers, len(f.Queries))
	if n <= 1 {
		return answer.Run(f)
	}
	answers, errs := make([][]*answer.Answer, n), make([][]error, n)
	var wg sync.WaitGroup
	for w := range n {
		part := *f
		part.Queries = f.Queries[w*len(f.Queries)/n : (w+1)*len(f.Queries)/n]
		wg.Go(func() { answers[w], errs[w] = answer.Run(&part) })
	}
	wg.Wait()
	// An error about the whole file (its ruleset, its options) comes once
	// from each part: keep one, as answer.Run does.
	var all []error
	seen := map[string]bool{}
	for _, err := range slices.Concat(errs...) {
		if !seen[err.Error()] {
			seen[err.Error()] = true
			all = append(all, err)
		}
	}
	return slices.Concat(answers...), all
}

// maxLookWorkers bounds the goroutines of one look.
const maxLookWorkers = 4

// enemiesOf lists the models of another side than moved (every other model
// when moved has no side), in file order; none when moved is "".
func enemiesOf(f *scenario.File, moved string) []string {
	bf := f.Battlefield()
	m, ok := bf.Model(moved)
	if !ok {
		return nil
	}
	var out []string
	for _, e := range bf.Models() {
		if e.ID != moved && (m.Side == "" || e.Side != m.Side) {
			out = append(out, e.ID)
		}
	}
	return out
}

// pairID is the id of the look query of kind from one model to another.
func pairID(kind, from, to string) string { return "look:" + kind + ":" + from + ":" + to }

// pairQuery is a query of kind from one model to another, as if written
// in the file; its JSON path ("look.ID") names it in errors.
func pairQuery(kind, from, to string) scenario.Query {
	id := pairID(kind, from, to)
	raw, _ := json.Marshal(struct {
		ID   string `json:"id"`
		Kind string `json:"kind"`
		From string `json:"from"`
		To   string `json:"to"`
	}{id, kind, from, to})
	return scenario.Query{ID: id, Kind: kind, From: from, To: to, Raw: raw, JSONPath: "look." + id}
}

// shotQuery is the file's shot query for shooter (or its first shot
// query) aimed at target; with no shot query in the file, a bare shot with
// no weapon, which a game may refuse.
func shotQuery(f *scenario.File, shooter, target string) (scenario.Query, error) {
	var tmpl *scenario.Query
	for i := range f.Queries {
		q := &f.Queries[i]
		if q.Kind == "shot" && (tmpl == nil || q.Shooter == shooter && tmpl.Shooter != shooter) {
			tmpl = q
		}
	}
	fields := map[string]json.RawMessage{}
	path := "look.shot"
	if tmpl != nil {
		if err := json.Unmarshal(tmpl.Raw, &fields); err != nil {
			return scenario.Query{ID: "look-shot"}, fmt.Errorf("%s: %w", tmpl.JSONPath, err)
		}
		path = tmpl.JSONPath
	}
	for k, v := range map[string]string{"id": "look-shot", "kind": "shot", "shooter": shooter, "target": target} {
		fields[k], _ = json.Marshal(v)
	}
	raw, err := json.Marshal(fields)
	if err != nil {
		return scenario.Query{ID: "look-shot"}, fmt.Errorf("%s: %w", path, err)
	}
	q := scenario.Query{ID: "look-shot", Kind: "shot", Shooter: shooter, Target: target, Raw: raw, JSONPath: path}
	if tmpl != nil {
		q.Weapon, q.Extra = tmpl.Weapon, tmpl.Extra
	}
	return q, nil
}

// flag is answer field name as a bool (false when absent or a is nil).
func flag(a *answer.Answer, name string) bool {
	if a == nil {
		return false
	}
	v, _ := a.Get(name)
	b, _ := v.(bool)
	return b
}

// number is answer field name as a float64 (false when absent or a is
// nil).
func number(a *answer.Answer, name string) (float64, bool) {
	if a == nil {
		return 0, false
	}
	v, ok := a.Get(name)
	if !ok {
		return 0, false
	}
	x, ok := v.(float64)
	return x, ok
}
