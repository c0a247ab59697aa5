package grimdark

import (
	"context"
	"errors"
	"testing"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestChargeSearchWithinBudget: the GF-08 closest-position search is
// charged to the query's budget. The charger stops 0.5 in short of a
// target behind a many-sided impassable rock, so the search routes around
// it; the work it charges unlimited is W operations, and a budget of W-1
// stops it with budget.ErrExceeded, counted in operations (no clock). A
// cancelled context stops it too, before any search.
func TestChargeSearchWithinBudget(t *testing.T) {
	var ring []geom.Point
	for k := range 64 {
		ring = append(ring, geom.Pt(14, 10).Add(geom.Heading(float64(k)*360/64).Mul(2)))
	}
	rock := terrain.Piece{ID: "rock", Kind: terrain.Solid, Footprint: geom.PolygonFromPoints(ring...), Height: 3,
		Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1}
	bf := field(t, []terrain.Piece{rock}, inf("c", "u", "red", 10, 10), inf("t", "foe", "blue", 18, 10))
	paths := map[string][]geom.Point{"c": pts(10, 10, 10, 13)}

	all := budget.Ops(0)
	_, r, err := CheckChargeWithin(bf, "u", "foe", paths, nil, DefaultOptions(), all)
	if err != nil {
		t.Fatalf("unlimited budget: %v", err)
	}
	if len(r.Closest) != 1 || !r.Closest[0].Possible {
		t.Fatalf("closest = %+v, want one searched position", r.Closest)
	}
	w := all.Used()
	t.Logf("the search charged %d operations", w)
	if w <= budget.Every {
		t.Fatalf("the search charged %d operations, want more than one batch (%d) for the test to mean anything", w, budget.Every)
	}

	if _, _, err := CheckChargeWithin(bf, "u", "foe", paths, nil, DefaultOptions(), budget.Ops(w)); err != nil {
		t.Errorf("a budget of exactly %d operations: %v, want an answer", w, err)
	}
	_, _, err = CheckChargeWithin(bf, "u", "foe", paths, nil, DefaultOptions(), budget.Ops(w-1))
	var be *budget.Error
	if !errors.Is(err, budget.ErrExceeded) || !errors.As(err, &be) || be.Limit != w-1 {
		t.Errorf("a budget of %d operations: %v, want budget.ErrExceeded at limit %d", w-1, err, w-1)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := budget.New(ctx, 0)
	_, _, err = CheckChargeWithin(bf, "u", "foe", paths, nil, DefaultOptions(), done)
	if !errors.Is(err, budget.ErrExceeded) || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v, want budget.ErrExceeded and context.Canceled", err)
	}
	if done.Used() != 0 {
		t.Errorf("cancelled context: %d operations charged, want 0 (stopped before any search)", done.Used())
	}
}
