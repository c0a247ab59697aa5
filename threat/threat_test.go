package threat

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// refSetup returns the reference table, a ground model to map and up to
// n observers of other sides.
func refSetup(t testing.TB, n int) (*terrain.Battlefield, terrain.Model, []string) {
	t.Helper()
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	var model terrain.Model
	for _, m := range bf.Models() {
		if !m.Airborne() && m.Garrison == nil && m.Class == terrain.Vehicle {
			model = m
			break
		}
	}
	var obs []string
	for _, m := range bf.Models() {
		if m.Side != model.Side && len(obs) < n {
			obs = append(obs, m.ID)
		}
	}
	return bf, model, obs
}

// single answers one cell by the single queries, with no shortcut.
func single(t *testing.T, bf *terrain.Battlefield, id string, obs []string, opt Options) Cell {
	t.Helper()
	c := Cell{Standable: true}
	for _, o := range obs {
		s, err := los.Sight(bf, o, id, opt.Sight)
		if err != nil {
			t.Fatal(err)
		}
		f, err := los.VisibleFraction(bf, o, id, opt.Sight)
		if err != nil {
			t.Fatal(err)
		}
		if s.Visible {
			c.Seen++
		}
		if s.Witness != nil && *s.Witness == s.Centre {
			c.Centre++
		}
		c.MaxFraction = max(c.MaxFraction, f.Fraction)
		r, err := los.Range(bf, o, id, los.RangeCenter)
		if err != nil {
			t.Fatal(err)
		}
		if opt.Range > 0 && r.Distance <= opt.Range {
			c.InRange++
		}
	}
	return c
}

func TestCellsEqualSingleQueries(t *testing.T) {
	bf, model, obs := refSetup(t, 6)
	opt := Options{Resolution: 1, Range: 18}
	m, err := Compute(context.Background(), bf, model, obs, opt)
	if err != nil {
		t.Fatal(err)
	}
	base, p, err := prepare(bf, model)
	if err != nil {
		t.Fatal(err)
	}
	r, err := base.Roam(model.ID)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	standable := 0
	elevated := 0
	for range 200 {
		i, j := rng.IntN(m.NX), rng.IntN(m.NY)
		got := m.Cells[j*m.NX+i]
		_, reason := Place(r, p, m.Centre(i, j))
		if reason != "" {
			if got.Standable || got.Reason != reason {
				t.Errorf("cell (%d, %d) = %+v, want not standable (%s)", i, j, got, reason)
			}
			continue
		}
		// The single queries run on the battlefield ReplaceModel (New's
		// values, a fresh index) gives, not on the roaming one.
		q := p
		q.Position = m.Centre(i, j)
		nb, err := base.ReplaceModel(q)
		if err != nil {
			t.Fatalf("cell (%d, %d): standable but ReplaceModel = %v", i, j, err)
		}
		standable++
		if mm, _ := nb.Model(model.ID); mm.Elevated() {
			elevated++
		}
		if want := single(t, nb, model.ID, obs, opt); got != want {
			t.Errorf("cell (%d, %d) at %v = %+v, want %+v", i, j, m.Centre(i, j), got, want)
		}
	}
	if standable < 50 || elevated == 0 {
		t.Errorf("only %d standable cells checked, %d elevated", standable, elevated)
	}
}

func TestBadInput(t *testing.T) {
	bf, model, obs := refSetup(t, 2)
	ctx := context.Background()
	tests := []struct {
		name string
		obs  []string
		opt  Options
		want error
	}{
		{"unknown observer", []string{"nobody"}, Options{}, ErrInput},
		{"empty observers", nil, Options{}, ErrInput},
		{"resolution", obs, Options{Resolution: 0.01}, ErrInput},
		{"budget", obs, Options{Budget: 100}, ErrBudget},
	}
	for _, tt := range tests {
		if _, err := Compute(ctx, bf, model, tt.obs, tt.opt); !errors.Is(err, tt.want) {
			t.Errorf("%s: Compute = %v, want %v", tt.name, err, tt.want)
		}
	}
	big, err := terrain.New(terrain.Table{Width: 1000, Depth: 1000}, nil,
		[]terrain.Model{figure("o", "a", 1, 1, 1), figure("t", "b", 5, 5, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compute(ctx, big, *mustModel(t, big, "t"), []string{"o"}, Options{}); !errors.Is(err, ErrInput) ||
		!strings.Contains(err.Error(), "16000000 cells") {
		t.Errorf("1000 x 1000 in at 0.25 in: Compute = %v, want the cell limit", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if m, err := Compute(cancelled, bf, model, obs, Options{Resolution: 4}); !errors.Is(err, ErrBudget) || m != nil {
		t.Errorf("cancelled: Compute = %v, %v; want nil, ErrBudget", m, err)
	}
}

// TestWorkBudget: a map charges Options.Work one operation per
// observer-cell evaluation, cells × observers in all; a budget one short
// stops it with ErrBudget and budget.ErrExceeded and no map, and a
// cancelled context in the budget stops it before any row.
func TestWorkBudget(t *testing.T) {
	bf, model, obs := refSetup(t, 3)
	ctx := context.Background()
	nx, ny := Grid(bf.Table().Width, bf.Table().Depth, 4)
	want := int64(nx * ny * len(obs))
	b := budget.Ops(want)
	if _, err := Compute(ctx, bf, model, obs, Options{Resolution: 4, Work: b}); err != nil {
		t.Fatalf("a budget of exactly %d evaluations: %v", want, err)
	}
	if b.Used() != want {
		t.Errorf("charged %d operations, want %d cells x %d observers = %d", b.Used(), nx*ny, len(obs), want)
	}
	m, err := Compute(ctx, bf, model, obs, Options{Resolution: 4, Work: budget.Ops(want - 1)})
	if m != nil || !errors.Is(err, ErrBudget) || !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("a budget of %d: Compute = %v, %v; want nil, ErrBudget and budget.ErrExceeded", want-1, m, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	done := budget.New(cancelled, 0)
	m, err = Compute(ctx, bf, model, obs, Options{Resolution: 4, Work: done})
	if m != nil || !errors.Is(err, ErrBudget) || !errors.Is(err, context.Canceled) || done.Used() != 0 {
		t.Errorf("cancelled budget: Compute = %v, %v with %d charged; want nil, ErrBudget and context.Canceled, 0 charged", m, err, done.Used())
	}
}
