package tactics

import (
	"errors"
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
