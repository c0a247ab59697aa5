package threat

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// Limits Compute enforces.
const (
	// DefaultResolution is the cell side, in inches, when Options gives 0.
	DefaultResolution = 0.25
	// MinResolution is the smallest cell side, in inches.
	MinResolution = 0.05
	// MaxCells is the largest number of cells of one map (a 48 x 48 in
	// table at 0.05 in has 921,600).
	MaxCells = 1_000_000
	// DefaultBudget is the largest number of observer-cell evaluations
	// when Options.Budget is 0.
	DefaultBudget = 20_000_000
)

// Errors Compute wraps.
var (
	// ErrInput is wrapped by the errors for unusable arguments; the
	// message names the field and the value.
	ErrInput = errors.New("threat: invalid input")
	// ErrBudget is wrapped when a map needs more work than Options.Budget
	// allows or is stopped by its context: no partial map is returned.
	ErrBudget = errors.New("threat: work budget exceeded")
)

// ShotFunc reports whether observer may legally shoot target on bf (a
// game's rules); Compute calls it from several goroutines at once.
type ShotFunc func(bf *terrain.Battlefield, observer, target string) (bool, error)

// Options are the knobs of Compute. The zero value maps at
// DefaultResolution with every observer, default sight policies, no range
// and no shot rule, on every core.
type Options struct {
	// Resolution is the cell side in inches (0: DefaultResolution; at
	// least MinResolution).
	Resolution float64
	// Sight are the sightline policies of the sight and fraction queries.
	Sight los.Options
	// Range is the weapon range in inches for InRange (0: not counted);
	// RangeMode how it is measured ("" is centre to centre).
	Range     float64
	RangeMode los.RangeMode
	// Shot, when set, is the rule counted in Legal.
	Shot ShotFunc
	// Workers is the number of goroutines (0: runtime.GOMAXPROCS).
	Workers int
	// Budget is the size limit of one map: the most observer-cell
	// evaluations (cells × observers) it may need (0: DefaultBudget); a
	// larger map fails before any work.
	Budget int
	// Work, when set, is the caller's budget (a query's, a request's):
	// charged one operation per observer-cell evaluation (a map costs
	// cells × observers), a row at a time, and consulted before each row;
	// once it is spent or its context done Compute fails with ErrBudget
	// (and budget.ErrExceeded), never a partial map.
	Work *budget.Budget
	// Progress, when set, is called with the cells done and the total,
	// from any goroutine, at most once per row.
	Progress func(done, total int)
}

// Cell is one cell's answer. Counts are of observers; a cell where the
// model cannot stand has only Standable (false) and Reason set.
type Cell struct {
	// Standable reports whether the model can stand with its centre at
	// the cell's centre: its plan inside the table, on no impassable
	// piece, overlapping no other model, and accepted by
	// terrain.Battlefield.ReplaceModel.
	Standable bool `json:"standable"`
	// Reason says why not: "edge", "terrain", "model" or "ground".
	Reason string `json:"reason,omitempty"`
	// Seen counts the observers that see some part of the model
	// (los.Sight), Centre those whose centre sightline is clear.
	Seen   int `json:"seen"`
	Centre int `json:"centre"`
	// MaxFraction is the largest visible fraction (los.VisibleFraction).
	MaxFraction float64 `json:"maxFraction"`
	// InRange counts the observers within Options.Range (los.Range).
	InRange int `json:"inRange"`
	// Legal counts the observers Options.Shot allows to shoot.
	Legal int `json:"legal"`
}

// Map is a threat map: NX × NY cells of side Res from (X0, Y0); cell (i,
// j) is Cells[j*NX+i] with centre (X0+(i+0.5)·Res, Y0+(j+0.5)·Res). It is
// always whole: Compute returns an error rather than a partial map.
type Map struct {
	Model     string   `json:"model"`
	Observers []string `json:"observers"`
	X0        float64  `json:"x0"`
	Y0        float64  `json:"y0"`
	Res       float64  `json:"res"`
	NX        int      `json:"nx"`
	NY        int      `json:"ny"`
	Range     float64  `json:"range,omitempty"`
	HasShot   bool     `json:"hasShot"`
	Cells     []Cell   `json:"cells"`
}

// Centre returns the centre of cell (i, j).
func (m *Map) Centre(i, j int) geom.Point {
	return geom.Pt(m.X0+(float64(i)+0.5)*m.Res, m.Y0+(float64(j)+0.5)*m.Res)
}

// Grid returns the cell counts of a table w × d in at resolution res:
// the cells cover the table, those of the last row and column possibly
// overhanging it.
func Grid(w, d, res float64) (nx, ny int) {
	return int(math.Ceil(w/res - 1e-9)), int(math.Ceil(d/res - 1e-9))
}

// Compute maps the threat to model (its id, class, base, hull, level,
// altitude and facing; Position, Elevation and Garrison are ignored: the
// model is placed at every cell centre) from the observers, ids of models
// of bf. When bf has a model of model.ID, that model is the one moved (it
// no longer stands where it was); otherwise the model is added. Errors
// wrap ErrInput (naming the field and value) or ErrBudget.
func Compute(ctx context.Context, bf *terrain.Battlefield, model terrain.Model, observers []string, opt Options) (*Map, error) {
	return compute(ctx.Err, bf, model, observers, opt)
}

// ComputeWithin is Compute stopped only by opt.Work (its operation limit
// and the context it was made with, if any). It exists so that callers
// that have no context of their own link no context value: one makes
// every method of time.Time reachable (a Context's Deadline returns one),
// which costs the WebAssembly module about 25 KB of gzip.
func ComputeWithin(bf *terrain.Battlefield, model terrain.Model, observers []string, opt Options) (*Map, error) {
	return compute(nil, bf, model, observers, opt)
}

// compute is Compute; stop, if not nil, is consulted before each row.
func compute(stop func() error, bf *terrain.Battlefield, model terrain.Model, observers []string, opt Options) (*Map, error) {
	res := opt.Resolution
	if res == 0 {
		res = DefaultResolution
	}
	if !(res >= MinResolution) || math.IsInf(res, 0) {
		return nil, fmt.Errorf("resolution %g in is below the minimum %g in: %w", res, MinResolution, ErrInput)
	}
	if len(observers) == 0 {
		return nil, fmt.Errorf("observers: the set is empty: %w", ErrInput)
	}
	for _, o := range observers {
		if _, ok := bf.Model(o); !ok {
			return nil, fmt.Errorf("observers: no model %q: %w", o, ErrInput)
		}
		if o == model.ID {
			return nil, fmt.Errorf("observers: %q is the mapped model itself: %w", o, ErrInput)
		}
	}
	if !(opt.Range >= 0) {
		return nil, fmt.Errorf("range %g is not a length: %w", opt.Range, ErrInput)
	}
	t := bf.Table()
	nx, ny := Grid(t.Width, t.Depth, res)
	if nx*ny > MaxCells {
		return nil, fmt.Errorf("resolution %g in gives %d x %d = %d cells, over the limit of %d: %w", res, nx, ny, nx*ny, MaxCells, ErrInput)
	}
	size := opt.Budget
	if size == 0 {
		size = DefaultBudget
	}
	if work := nx * ny * len(observers); work > size {
		return nil, fmt.Errorf("%d cells x %d observers = %d evaluations, over the work budget of %d: %w", nx*ny, len(observers), work, size, ErrBudget)
	}
	base, proto, err := prepare(bf, model)
	if err != nil {
		return nil, err
	}
	m := &Map{Model: model.ID, Observers: append([]string(nil), observers...), Res: res, NX: nx, NY: ny,
		Range: opt.Range, HasShot: opt.Shot != nil, Cells: make([]Cell, nx*ny)}
	r, err := base.Roam(model.ID)
	if err != nil {
		return nil, err
	}
	if err := m.fill(stop, r, proto, opt); err != nil {
		return nil, err
	}
	return m, nil
}

// prepare returns the battlefield the cells are edited from (bf, or bf
// with the model added at the table's centre when it is new) and the
// model's prototype: a fresh model (undeclared ground) of its shape.
func prepare(bf *terrain.Battlefield, model terrain.Model) (*terrain.Battlefield, terrain.Model, error) {
	if model.ID == "" {
		return nil, model, fmt.Errorf("model: missing id: %w", ErrInput)
	}
	level := model.Level
	if level == 0 {
		level = 1
	}
	proto := terrain.Model{ID: model.ID, Side: model.Side, Squad: model.Squad, Class: model.Class,
		Facing: model.Facing, Base: model.Base, Hull: model.Hull, Altitude: model.Altitude, Level: level}
	if _, ok := bf.Model(model.ID); ok {
		return bf, proto, nil
	}
	if _, ok := bf.Piece(model.ID); ok {
		return nil, proto, fmt.Errorf("model: id %q is a terrain piece: %w", model.ID, ErrInput)
	}
	t := bf.Table()
	p := proto
	p.Position = geom.Pt(t.Width/2, t.Depth/2)
	p.Level = 1
	nb, err := bf.WithModel(p)
	if err != nil {
		return nil, proto, fmt.Errorf("model: %w (%w)", err, ErrInput)
	}
	return nb, proto, nil
}

// fill computes every cell, rows shared out among the workers; stop, if
// not nil, is consulted before each row.
func (m *Map) fill(stop func() error, base *terrain.Roaming, proto terrain.Model, opt Options) error {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, m.NY)
	var next, done atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl := base.Placer()
			for {
				j := int(next.Add(1) - 1)
				if j >= m.NY {
					return
				}
				if err := stopped(stop); err != nil {
					once.Do(func() {
						firstErr = fmt.Errorf("stopped after %d of %d rows (%w): %w", done.Load(), m.NY, err, ErrBudget)
					})
					return
				}
				if err := spend(opt.Work, m.NX*len(m.Observers)); err != nil {
					once.Do(func() {
						firstErr = fmt.Errorf("stopped after %d of %d rows: %w: %w", done.Load(), m.NY, err, ErrBudget)
					})
					return
				}
				for i := range m.NX {
					c, err := evalCell(pl, proto, m.Centre(i, j), m.Observers, &opt)
					if err != nil {
						once.Do(func() { firstErr = err })
						return
					}
					m.Cells[j*m.NX+i] = c
				}
				d := done.Add(1)
				if opt.Progress != nil {
					opt.Progress(int(d)*m.NX, m.NX*m.NY)
				}
			}
		}()
	}
	wg.Wait()
	if firstErr == nil && int(done.Load()) != m.NY {
		firstErr = fmt.Errorf("only %d of %d rows done: %w", done.Load(), m.NY, ErrBudget)
	}
	return firstErr
}

// stopped returns stop's error, nil when stop is nil.
func stopped(stop func() error) error {
	if stop == nil {
		return nil
	}
	return stop()
}

// spend reports whether b is spent or its context done, then charges a
// row's n evaluations (Spend alone looks at the context only every few
// thousand operations; a row of evaluations is far more work than a look).
func spend(b *budget.Budget, n int) error {
	if err := b.Err(); err != nil {
		return err
	}
	return b.Spend(int64(n))
}
