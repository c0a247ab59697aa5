package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
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
// moved and each enemy.
func lookAt(f *scenario.File, shooter, target, moved string) (*lookBody, error) {
	b := &lookBody{Shooter: shooter, Target: target, Moved: moved}
	var err error
	ask := func(kind string) *answer.Answer {
		if err != nil {
			return nil
		}
		var a *answer.Answer
		a, err = answer.One(f, pairQuery(kind, shooter, target))
		return a
	}
	b.Range, b.Sight, b.Fraction, b.Arc = ask("range"), ask("sight"), ask("visible-fraction"), ask("arc")
	if err != nil {
		return nil, err
	}
	if fr, ok := number(b.Fraction, "fraction"); ok {
		if i := looseBands().Band(fr); i >= 0 && i < len(bandNames) {
			b.Band = bandNames[i]
		}
	}
	shot, err := shotQuery(f, shooter, target)
	if err == nil {
		b.Shot, err = answer.One(f, shot)
	}
	if err != nil {
		b.Shot, b.NoShot = nil, err.Error()
	}
	if moved != "" {
		if b.Enemies, err = enemies(f, moved); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// enemies answers sight both ways and the visible fraction between moved
// and every model of another side (every other model when moved has no
// side).
func enemies(f *scenario.File, moved string) ([]enemyView, error) {
	bf := f.Battlefield()
	m, _ := bf.Model(moved)
	var out []enemyView
	for _, e := range bf.Models() {
		if e.ID == moved || m.Side != "" && e.Side == m.Side {
			continue
		}
		v := enemyView{ID: e.ID}
		sees, err := answer.One(f, pairQuery("sight", moved, e.ID))
		if err != nil {
			return nil, err
		}
		seen, err := answer.One(f, pairQuery("sight", e.ID, moved))
		if err != nil {
			return nil, err
		}
		fr, err := answer.One(f, pairQuery("visible-fraction", moved, e.ID))
		if err != nil {
			return nil, err
		}
		v.Sees, v.SeenBy = flag(sees, "visible"), flag(seen, "visible")
		v.Fraction, _ = number(fr, "fraction")
		out = append(out, v)
	}
	return out, nil
}

// pairQuery is a query of kind from one model to another, as if written
// in the file (its JSON path names the look endpoint in errors).
func pairQuery(kind, from, to string) *scenario.Query {
	raw, _ := json.Marshal(struct {
		ID   string `json:"id"`
		Kind string `json:"kind"`
		From string `json:"from"`
		To   string `json:"to"`
	}{"look-" + kind, kind, from, to})
	return &scenario.Query{ID: "look-" + kind, Kind: kind, From: from, To: to, Raw: raw, JSONPath: "look." + kind}
}

// shotQuery is the file's shot query for shooter (or its first shot
// query) aimed at target; with no shot query in the file, a bare shot with
// no weapon, which a game may refuse.
func shotQuery(f *scenario.File, shooter, target string) (*scenario.Query, error) {
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
			return nil, fmt.Errorf("%s: %w", tmpl.JSONPath, err)
		}
		path = tmpl.JSONPath
	}
	for k, v := range map[string]string{"id": "look-shot", "kind": "shot", "shooter": shooter, "target": target} {
		fields[k], _ = json.Marshal(v)
	}
	raw, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	q := &scenario.Query{ID: "look-shot", Kind: "shot", Shooter: shooter, Target: target, Raw: raw, JSONPath: path}
	if tmpl != nil {
		q.Weapon, q.Extra = tmpl.Weapon, tmpl.Extra
	}
	return q, nil
}

// flag is answer field name as a bool (false when absent).
func flag(a *answer.Answer, name string) bool {
	v, _ := a.Get(name)
	b, _ := v.(bool)
	return b
}

// number is answer field name as a float64.
func number(a *answer.Answer, name string) (float64, bool) {
	v, ok := a.Get(name)
	if !ok {
		return 0, false
	}
	x, ok := v.(float64)
	return x, ok
}
