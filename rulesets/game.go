package rulesets

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Game is one ruleset as the query runner sees it: its name in scenario
// files, how to read its options, and the table of query kinds it answers.
// A game is one package that calls Register once from its init function;
// nothing else in the library names it.
//
// A Game value is read-only once registered.
type Game struct {
	// Name is the scenario's "ruleset" value, e.g. "dropzone-commander".
	Name string
	// Title is the game's name for people, e.g. "Dropzone Commander".
	Title string
	// NewOptions returns a fresh pointer to the game's options holding
	// their documented defaults; the scenario's "options" object is decoded
	// into it (strictly, lengths converted from the file's units) and then
	// validated.
	NewOptions func() Options
	// Kinds are the query kinds the game answers itself. The generic kinds
	// it does not list (range, sight, arc, ...) are answered by the base
	// game (see Register) with this game's Options.Geometry.
	Kinds []Kind
}

// Options are a game's decoded "options": the readings of the rulebook's
// ambiguities and the players' agreements.
type Options interface {
	// Validate reports the first unusable option as an error naming its
	// path ("options.squads.alpha.size"), or nil.
	Validate() error
	// Geometry maps the options onto the parameters of the geometry
	// packages, for the generic query kinds asked in this game's files.
	Geometry() Geometry
}

// Env is what a query kind's Run function is given besides its typed
// request: the battlefield, the game's parsed options and where the query
// sits in the file. An Env is shared by the queries of one file and must be
// treated as read-only.
type Env struct {
	Battlefield *terrain.Battlefield
	Options     Options
	// Units are the file's units ("in", "cm" or "mm"); every length in
	// memory is in inches regardless.
	Units string
	// ID, Kind and Path are the query's id, kind and JSON path
	// ("queries[2]").
	ID, Kind, Path string
	// Game is the game answering the query (nil when a kind is run
	// outside Game.Answer: the base game); a kind may run another of its
	// kinds through it (see Kind.Prepare and Env.Ask).
	Game *Game
}

// FieldPath returns the JSON path of the query's field name, e.g.
// "queries[2].weapon".
func (e *Env) FieldPath(name string) string {
	if name == "" {
		return e.Path
	}
	return e.Path + "." + name
}

// Errorf returns an error about the query's field name: its path, the
// formatted message, and err wrapped. A nil err is wrapped as
// scenario.ErrValue so every such error unwraps to a sentinel.
func (e *Env) Errorf(field string, err error, format string, args ...any) error {
	if err == nil {
		err = scenario.ErrValue
	}
	msg := fmt.Sprintf(format, args...)
	return &terrain.FieldError{Path: e.FieldPath(field), Err: fmt.Errorf("%s: %w", msg, err)}
}

// At returns err as an error of the query's field name, unless err already
// names its path (then it is returned unchanged, so a path is never
// prefixed twice).
func (e *Env) At(field string, err error) error {
	if err == nil {
		return nil
	}
	return terrain.AtPath(e.FieldPath(field), err)
}

// Kind is one query kind of a game: its name in scenario files, a fresh
// typed request to decode the query into, and the function that answers
// it. Build one with NewKind.
type Kind struct {
	// Name is the query's "kind" value, e.g. "shot".
	Name string
	// Doc is one sentence saying what the kind answers.
	Doc string
	// newRequest returns a fresh pointer to the typed request.
	newRequest func() any
	// run answers a request made by newRequest.
	run func(env *Env, req any) (Result, error)
}

// NewKind returns the query kind name answered by run. R is the typed
// request: a struct whose fields carry `json` tags naming the query's
// fields; lengths typed scenario.Length or geom.Point are converted from
// the file's units, and `scenario:"required"` marks a required field. The
// query's "id" and "kind" are not part of it.
func NewKind[R any](name, doc string, run func(env *Env, req *R) (Result, error)) Kind {
	return Kind{
		Name:       name,
		Doc:        doc,
		newRequest: func() any { return new(R) },
		run:        func(env *Env, req any) (Result, error) { return run(env, req.(*R)) },
	}
}

// Prepare decodes raw, a query object of kind k as written in a file of
// env's units (without "id" and "kind"; error paths start at path), once,
// and returns a function answering it on a battlefield in place of
// env.Battlefield: for a kind asked many times on edited battlefields
// (a threat map's shots). The function may be called from several
// goroutines: kinds read their requests and never change them.
func (k Kind) Prepare(env *Env, raw json.RawMessage, path string) (func(bf *terrain.Battlefield) (Result, error), error) {
	req := k.newRequest()
	if err := scenario.DecodeValue(raw, path, env.Units, req); err != nil {
		return nil, err
	}
	e := *env
	e.Kind, e.Path = k.Name, path
	return func(bf *terrain.Battlefield) (Result, error) {
		e := e
		e.Battlefield = bf
		return k.run(&e, req)
	}, nil
}

// registry holds the registered games by name. Registration happens in
// init functions; lookups afterwards only read.
var registry struct {
	sync.RWMutex
	games map[string]*Game
}

// BaseName is the name of the base game whose kinds every other game
// inherits: the generic rules.
const BaseName = "generic"

// Register makes g available under g.Name. It panics when g is malformed
// or its name is taken: both are programming errors found at start-up.
// The game named BaseName is the base whose kinds every game answers.
func Register(g *Game) {
	if g == nil || g.Name == "" || g.NewOptions == nil {
		panic("rulesets: Register of a game without a name or options")
	}
	seen := map[string]bool{}
	for _, k := range g.Kinds {
		if k.Name == "" || k.run == nil || seen[k.Name] {
			panic(fmt.Sprintf("rulesets: game %q: kind %q is unnamed, built without NewKind, or listed twice", g.Name, k.Name))
		}
		seen[k.Name] = true
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.games == nil {
		registry.games = map[string]*Game{}
	}
	if _, dup := registry.games[g.Name]; dup {
		panic(fmt.Sprintf("rulesets: game %q registered twice", g.Name))
	}
	registry.games[g.Name] = g
}

// ErrUnknownRuleset is wrapped by the error for a scenario whose "ruleset"
// names no registered game.
var ErrUnknownRuleset = errors.New("unknown ruleset")

// ErrUnknownKind is wrapped by the error for a query kind the file's game
// does not answer.
var ErrUnknownKind = errors.New("unknown query kind")

// Lookup returns the game registered as name. The error names the
// registered games.
func Lookup(name string) (*Game, error) {
	registry.RLock()
	g, ok := registry.games[name]
	registry.RUnlock()
	if !ok {
		return nil, &terrain.FieldError{Path: "ruleset", Value: fmt.Sprintf("%q", name),
			Err: fmt.Errorf("%q is not implemented; implemented rulesets: %s: %w", name, strings.Join(Names(), ", "), ErrUnknownRuleset)}
	}
	return g, nil
}

// Names returns the names of the registered games, sorted.
func Names() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.games))
	for n := range registry.games {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// base returns the base game, or nil when it is not registered.
func base() *Game {
	registry.RLock()
	defer registry.RUnlock()
	return registry.games[BaseName]
}

// Kind returns the query kind name as g answers it: its own kind, else the
// base game's kind of that name.
func (g *Game) Kind(name string) (Kind, bool) {
	for _, k := range g.Kinds {
		if k.Name == name {
			return k, true
		}
	}
	if b := base(); b != nil && b != g {
		for _, k := range b.Kinds {
			if k.Name == name {
				return k, true
			}
		}
	}
	return Kind{}, false
}

// KindNames returns every kind g answers (its own and the inherited ones),
// sorted.
func (g *Game) KindNames() []string {
	seen := map[string]bool{}
	for _, k := range g.Kinds {
		seen[k.Name] = true
	}
	if b := base(); b != nil {
		for _, k := range b.Kinds {
			seen[k.Name] = true
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ParseOptions decodes f's "options" object into g's options (defaults
// first, then the file's values with lengths in inches) and validates
// them. Errors name the option's path.
func (g *Game) ParseOptions(f *scenario.File) (Options, error) {
	o := g.NewOptions()
	if err := f.DecodeOptions(o); err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, terrain.AtPath("options", err)
	}
	return o, nil
}

// Answer answers query q of f under g with the options opt (from
// ParseOptions): it decodes the query into the kind's typed request and
// runs it. Every error names a JSON path, prefixed once.
func (g *Game) Answer(f *scenario.File, opt Options, q *scenario.Query) (Result, error) {
	k, ok := g.Kind(q.Kind)
	if !ok {
		return Result{}, &terrain.FieldError{Path: q.JSONPath + ".kind", Value: fmt.Sprintf("%q", q.Kind),
			Err: fmt.Errorf("%q is not a query kind of ruleset %q; its kinds: %s: %w", q.Kind, g.Name, strings.Join(g.KindNames(), ", "), ErrUnknownKind)}
	}
	req := k.newRequest()
	if err := f.DecodeQuery(q, req); err != nil {
		return Result{}, err
	}
	env := &Env{Battlefield: f.Battlefield(), Options: opt, Units: f.Units, ID: q.ID, Kind: q.Kind, Path: q.JSONPath, Game: g}
	if env.Units == "" {
		env.Units = "in"
	}
	r, err := k.run(env, req)
	if err != nil {
		return Result{}, terrain.AtPath(q.JSONPath, err)
	}
	return r, nil
}

// OptionError returns the error for the option at name (its path below
// "options", e.g. "squads.red.formation") holding v: the value, why it is
// unusable, and kind (the game's option sentinel) wrapped, at the path
// "options.<name>".
func OptionError(name string, v any, why string, kind error) error {
	return &terrain.FieldError{Path: "options." + name, Value: fmt.Sprint(v), Err: fmt.Errorf("%v: %s: %w", v, why, kind)}
}
