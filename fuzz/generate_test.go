package fuzz

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sync"

	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// base is a valid scenario the generator starts from, as a JSON tree.
type base struct {
	name string
	doc  map[string]any
}

var (
	basesOnce sync.Once
	bases     []base
)

// loadBases returns the generator's starting scenarios: every game's own
// test scenarios and example (its own query kinds with its options), the
// file of every generic kind under every registered game (with that
// game's options), and the files of testdata/bases (one per game, a query
// of each kind the others lack), so that the queries cover every kind of
// every ruleset (TestGeneratorReachesQueries fails on a kind with none).
// New bases go last: a committed seed's first bytes pick its base by
// index.
func loadBases() []base {
	basesOnce.Do(func() {
		files, _ := filepath.Glob("../rulesets/*/testdata/*.json")
		examples, _ := filepath.Glob("../examples/*/scenario.json")
		files = append(files, examples...)
		options := map[string]any{}
		for _, name := range files {
			doc := readDoc(name)
			if doc == nil {
				continue
			}
			bases = append(bases, base{name, doc})
			if rs, ok := doc["ruleset"].(string); ok {
				if _, seen := options[rs]; !seen {
					options[rs] = doc["options"]
				}
			}
		}
		every := readDoc("../rulesets/testdata/every-kind.json")
		if every == nil {
			return
		}
		for _, rs := range rulesets.Names() {
			doc := clone(every)
			if rs != rulesets.BaseName {
				doc["ruleset"] = rs
				if o, ok := options[rs]; ok && o != nil {
					doc["options"] = o
				}
			}
			bases = append(bases, base{"every-kind/" + rs, doc})
		}
		more, _ := filepath.Glob("testdata/bases/*.json")
		for _, name := range more {
			if doc := readDoc(name); doc != nil {
				bases = append(bases, base{name, doc})
			}
		}
	})
	return bases
}

func readDoc(name string) map[string]any {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	var doc map[string]any
	if json.Unmarshal(b, &doc) != nil {
		return nil
	}
	return doc
}

// clone deep-copies a JSON tree.
func clone[T any](v T) T {
	b, _ := json.Marshal(v)
	var out T
	_ = json.Unmarshal(b, &out)
	return out
}

// bytesSource hands out the fuzzer's bytes as small numbers, zeros once
// they run out, so every input is a complete recipe.
type bytesSource struct {
	b []byte
	i int
}

func (s *bytesSource) byte() byte {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return s.b[s.i-1]
}

// intn returns a number in [0, n).
func (s *bytesSource) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(uint16(s.byte())<<8|uint16(s.byte())) % n
}

// quarter returns a multiple of 1/4 in [lo, hi]: quarter inches keep
// mirrored coordinates exact in floating point.
func (s *bytesSource) quarter(lo, hi float64) float64 {
	n := int((hi - lo) * 4)
	return lo + float64(s.intn(n+1))/4
}

// generated is one generator output: the scenario and the recipe's
// choices that the properties reuse.
type generated struct {
	base   string
	doc    map[string]any
	file   *scenario.File
	width  float64
	depth  float64
	src    *bytesSource
	nMoved int
}

// generate turns data into a valid scenario: the first two bytes pick the
// base (their value modulo the number of bases, so a committed seed has
// them rewritten to its base's index, which stays put as bases are
// appended, see loadBases); then some of its models are moved or turned,
// up to three terrain pieces added, and up to four of its queries kept.
// A recipe the decoder rejects
// (a moved model on another, a piece on a garrisoned model) falls back to
// fewer changes, so nearly every input is answered.
func generate(data []byte) *generated {
	bs := loadBases()
	if len(bs) == 0 {
		return nil
	}
	src := &bytesSource{b: data}
	b := bs[src.intn(len(bs))]
	tbl, _ := b.doc["table"].(map[string]any)
	w, _ := tbl["width"].(float64)
	d, _ := tbl["depth"].(float64)
	g := &generated{base: b.name, width: w, depth: d, src: src}
	recipes := []func(doc map[string]any){
		func(doc map[string]any) {
			g.nMoved = moveModels(doc, src, w, d)
			addPieces(doc, src, w, d)
			pickQueries(doc, src)
		},
		func(doc map[string]any) { addPieces(doc, src, w, d); pickQueries(doc, src) },
		func(doc map[string]any) { pickQueries(doc, src) },
		func(map[string]any) {},
	}
	for _, r := range recipes {
		doc := clone(b.doc)
		src.i = 2
		r(doc)
		raw, err := json.Marshal(doc)
		if err != nil {
			continue
		}
		f, err := scenario.DecodeBytes(raw)
		if err != nil {
			continue
		}
		g.doc, g.file = doc, f
		return g
	}
	return nil
}

// moveModels moves and turns up to three models to quarter-inch positions
// on the table and returns how many it changed.
func moveModels(doc map[string]any, src *bytesSource, w, d float64) int {
	models, _ := doc["models"].([]any)
	n := src.intn(4)
	for range n {
		if len(models) == 0 {
			return 0
		}
		m, _ := models[src.intn(len(models))].(map[string]any)
		if m == nil || m["garrison"] != nil {
			continue
		}
		m["position"] = []any{src.quarter(1, w-1), src.quarter(1, d-1)}
		m["facing"] = float64(src.intn(8) * 45)
	}
	return n
}

// addPieces adds up to three rectangular pieces of random kinds.
func addPieces(doc map[string]any, src *bytesSource, w, d float64) {
	pieces, _ := doc["terrain"].([]any)
	for k := range src.intn(4) {
		x, y := src.quarter(0, w-1), src.quarter(0, d-1)
		l, h := src.quarter(0.25, math.Min(8, w-x)), src.quarter(0.25, math.Min(8, d-y))
		pieces = append(pieces, randomPiece("gen-"+string(rune('a'+k)), x, y, l, h, src))
	}
	doc["terrain"] = pieces
}

// randomPiece returns a rectangular piece of one of the terrain kinds,
// with a sight, cover and movement rule that kind allows.
func randomPiece(id string, x, y, l, h float64, src *bytesSource) map[string]any {
	kinds := []struct{ kind, sight, cover, move string }{
		{"solid", "blocking", "hard", "impassable"},
		{"area", "concealing", "soft", "difficult"},
		{"smoke", "concealing", "none", "open"},
		{"water", "clear", "none", "difficult"},
		{"debris", "clear", "soft", "difficult"},
	}
	k := kinds[src.intn(len(kinds))]
	return map[string]any{"id": id, "kind": k.kind,
		"footprint": []any{[]any{x, y}, []any{x + l, y}, []any{x + l, y + h}, []any{x, y + h}},
		"height":    src.quarter(0, 4), "sight": k.sight, "cover": k.cover, "movement": k.move}
}

// pickQueries keeps up to four of the file's queries (an end-to-end
// execution stays short).
func pickQueries(doc map[string]any, src *bytesSource) {
	qs, _ := doc["queries"].([]any)
	if len(qs) <= 4 {
		return
	}
	var keep []any
	start := src.intn(len(qs))
	for k := range 1 + src.intn(4) {
		keep = append(keep, qs[(start+k*(1+src.intn(3)))%len(qs)])
	}
	// ids must stay unique
	seen := map[any]bool{}
	out := keep[:0]
	for _, q := range keep {
		id := q.(map[string]any)["id"]
		if !seen[id] {
			seen[id] = true
			out = append(out, q)
		}
	}
	doc["queries"] = out
}
