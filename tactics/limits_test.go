package tactics

import (
	"errors"
	"fmt"
	"github.com/sightline/sightline/budget"
	"strings"
	"testing"

	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// TestWorkLimitIsNotUnreachable: a search stopped by its work limit,
// in the cost field or among the end points, says so and never answers
// "not found" as if nothing were reachable.
func TestWorkLimitIsNotUnreachable(t *testing.T) {
	bf := refTable(t)
	rt := movement.NewRouter(bf)
	c := randomCases(bf, terrain.Vehicle, 100, 1)[65] // a far answer: many tests
	full, err := GainSight(rt, GainRequest{Move: Move{Model: c.mover, Allowance: 12}, Target: c.target})
	if err != nil || !full.Found || full.Work < 200 {
		t.Fatalf("unlimited search: %+v, %v; want a found answer costing at least 200 tests", full, err)
	}
	for _, work := range []int{5, full.Work / 4} {
		a, err := GainSight(rt, GainRequest{Move: Move{Model: c.mover, Allowance: 12, MaxWork: work}, Target: c.target})
		if err != nil {
			t.Fatal(err)
		}
		if a.Found && !a.Exhausted && a.Route.Cost > full.Route.Cost+Tolerance {
			t.Errorf("maxWork %d: found a worse answer %.3f (full %.3f) without saying it stopped", work, a.Route.Cost, full.Route.Cost)
		}
		if !a.Found && !a.Exhausted {
			t.Errorf("maxWork %d: not found and not exhausted: reported as unreachable", work)
		}
	}
}

// TestBadInput: every bad argument is an error naming the field.
func TestBadInput(t *testing.T) {
	bf := refTable(t)
	rt := movement.NewRouter(bf)
	c := randomCases(bf, terrain.Vehicle, 1, 1)[0]
	tests := []struct {
		req  GainRequest
		want string
	}{
		{GainRequest{Move: Move{Model: "nobody", Allowance: 1}, Target: c.target}, `model "nobody"`},
		{GainRequest{Move: Move{Model: c.mover, Allowance: 1}, Target: "nobody"}, `target "nobody"`},
		{GainRequest{Move: Move{Model: c.mover, Allowance: -1}, Target: c.target}, "allowance = -1"},
		{GainRequest{Move: Move{Model: c.mover, Allowance: 1}, Target: c.target, Fraction: 2}, "fraction = 2"},
		{GainRequest{Move: Move{Model: c.mover, Allowance: 1, Facing: "up"}, Target: c.target}, `facing = "up"`},
	}
	for _, tt := range tests {
		_, err := GainSight(rt, tt.req)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("GainSight(%+v) = %v, want an error naming %q", tt.req, err, tt.want)
		}
		if err != nil && !errors.Is(err, ErrInvalid) && !errors.Is(err, terrain.ErrUnknownID) {
			t.Errorf("GainSight(%+v) = %v, want ErrInvalid or terrain.ErrUnknownID", tt.req, err)
		}
	}
	_, err := BreakSight(rt, BreakRequest{Move: Move{Model: c.mover, Allowance: 1}, Observers: []string{"nobody"}})
	if err == nil || !strings.Contains(err.Error(), `observers[0] "nobody"`) {
		t.Errorf("BreakSight with an unknown observer = %v", err)
	}
	_, err = SafeSpots(rt, BreakRequest{Move: Move{Model: c.mover, Allowance: 1}, Observers: []string{c.target}}, 0)
	if err == nil || !strings.Contains(err.Error(), "cell = 0") {
		t.Errorf("SafeSpots with cell 0 = %v", err)
	}
}

// TestBudgetStopsSearch: the query's work budget (Move.Route.Budget),
// counted in operations, stops every kind of search, which then answers
// Exhausted, never "unreachable"; the operations are charged to it.
func TestBudgetStopsSearch(t *testing.T) {
	bf := refTable(t)
	rt := movement.NewRouter(bf)
	c := randomCases(bf, terrain.Vehicle, 100, 1)[65] // a far answer: thousands of operations
	fullBreak, err := BreakSight(rt, BreakRequest{Move: Move{Model: c.mover, Allowance: 12}, Observers: c.observers})
	if err != nil || fullBreak.Work < 100 {
		t.Fatalf("unlimited break-sight: %+v, %v; want at least 100 operations", fullBreak, err)
	}
	for _, limit := range []int64{1, 50, int64(fullBreak.Work / 2)} {
		b := budget.Ops(limit)
		mv := Move{Model: c.mover, Allowance: 12, Route: movement.RouteOptions{Budget: b}}
		a, err := GainSight(rt, GainRequest{Move: mv, Target: c.target})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Exhausted {
			t.Errorf("budget %d: gain-sight found %v, exhausted false", limit, a.Found)
		}
		if b.Used() <= limit {
			t.Errorf("budget %d: %d operations charged, want more than the limit", limit, b.Used())
		}
		mv.Route.Budget = budget.Ops(limit)
		br, err := BreakSight(rt, BreakRequest{Move: mv, Observers: c.observers})
		if err != nil || !br.Exhausted {
			t.Errorf("budget %d: break-sight exhausted %v (found %v), %v", limit, br.Exhausted, br.Found, err)
		}
		mv.Route.Budget = budget.Ops(limit)
		sp, err := SafeSpots(rt, BreakRequest{Move: mv, Observers: c.observers}, 1)
		if err != nil || !sp.Exhausted {
			t.Errorf("budget %d: safe-spots exhausted %v, %v", limit, sp.Exhausted, err)
		}
	}
	// an unlimited budget is charged what the search counts
	b := budget.Ops(0)
	a, err := GainSight(rt, GainRequest{Move: Move{Model: c.mover, Allowance: 12, Route: movement.RouteOptions{Budget: b}}, Target: c.target})
	if err != nil || a.Exhausted || !a.Found {
		t.Fatalf("unlimited budget: %+v, %v", a, err)
	}
	if b.Used() < int64(a.Work) {
		t.Errorf("unlimited budget: %d operations charged, the answer counts %d", b.Used(), a.Work)
	}
}

// TestMaxWorkRange: MaxWork outside [0, MaxWorkLimit] is an error naming
// it.
func TestMaxWorkRange(t *testing.T) {
	bf := refTable(t)
	rt := movement.NewRouter(bf)
	c := randomCases(bf, terrain.Vehicle, 1, 1)[0]
	for _, w := range []int{-1, MaxWorkLimit + 1} {
		_, err := GainSight(rt, GainRequest{Move: Move{Model: c.mover, Allowance: 1, MaxWork: w}, Target: c.target})
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("maxWork = %d", w)) || !errors.Is(err, ErrInvalid) {
			t.Errorf("MaxWork %d: err = %v, want ErrInvalid naming maxWork", w, err)
		}
	}
}
