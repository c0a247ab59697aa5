package tactics

import (
	"errors"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/movement"
)

// MaxWorkLimit is the largest Move.MaxWork accepted: 250 times
// DefaultWork, minutes of work on the reference table.
const MaxWorkLimit = 100_000_000

// meter is a search's one work count: every operation (a condition test
// of an end point, a clearance or cost test of a cost field, a boundary
// sample the field places) is charged to b, a budget.Within the query's
// budget (Move.Route.Budget) capped at the search's own limit
// (Move.MaxWork, or DefaultWork). Past either the search stops and answers
// Exhausted, never "unreachable".
type meter struct {
	b       *budget.Budget
	parent  *budget.Budget
	charged int // condition and field tests counted so far
	out     bool
}

// newMeter returns the meter of mv.
func newMeter(mv Move) *meter {
	limit := mv.MaxWork
	if limit == 0 {
		limit = DefaultWork
	}
	return &meter{b: budget.Within(mv.Route.Budget, int64(limit)), parent: mv.Route.Budget}
}

// count brings the count of tests up to total, charging the difference,
// and reports whether the search may go on.
func (m *meter) count(total int) bool {
	if d := total - m.charged; d > 0 {
		m.charged = total
		if m.b.Spend(int64(d)) != nil {
			m.out = true
		}
	}
	if m.b.Err() != nil {
		m.out = true
	}
	return !m.out
}

// left returns the operations the cost field may spend (at least 1: a
// spent meter makes the field stop at once).
func (m *meter) left() int {
	l := m.b.Limit() - m.b.Used()
	if lim := m.parent.Limit(); lim > 0 {
		l = min(l, lim-m.parent.Used())
	}
	return int(max(l, 1))
}

// field builds the costs of mv for model id within the meter's work: the
// cost field and, when the model's profile caps a move into difficult
// terrain, the field avoiding it (see costs). exhausted reports that a
// field stopped at the work limit (the search must answer Exhausted); a
// nil result with a nil error means the model is boxed in where it stands
// (nothing is reachable).
func (m *meter) field(rt *movement.Router, id string, mv Move) (c *costs, exhausted bool, err error) {
	f, exhausted, err := m.oneField(rt, id, mv.Allowance, mv.Route)
	if f == nil || exhausted || err != nil {
		return nil, exhausted, err
	}
	c = &costs{CostField: f}
	if mv.Route.AvoidDifficult {
		return c, false, nil
	}
	capped, eff, enters, err := movement.DifficultCaps(rt.Battlefield(), id, mv.Route.Profile, mv.Allowance)
	if err != nil || !capped {
		return c, false, err
	}
	c.effective, c.enters = eff, enters
	ro := mv.Route
	ro.AvoidDifficult = true
	c.avoid, exhausted, err = m.oneField(rt, id, mv.Allowance, ro)
	if exhausted || err != nil {
		return nil, exhausted, err
	}
	return c, !m.count(c.Work()), nil
}

// oneField builds one cost field within the meter's work (nil when the
// start is blocked).
func (m *meter) oneField(rt *movement.Router, id string, allowance float64, ro movement.RouteOptions) (f *movement.CostField, exhausted bool, err error) {
	if !m.count(m.charged) {
		return nil, true, nil
	}
	before := m.charged
	ro.Budget = m.b // the field's boundary sampling is charged too
	f, err = rt.CostField(id, allowance, movement.FieldOptions{Route: ro, MaxWork: m.left()})
	switch {
	case errors.Is(err, movement.ErrNoPath):
		return nil, false, nil
	case errors.Is(err, movement.ErrWorkLimit), errors.Is(err, budget.ErrExceeded):
		m.out = true
		if f != nil {
			m.count(before + f.Work())
		}
		return nil, true, nil
	case err != nil:
		return nil, false, err
	}
	return f, !m.count(before + f.Work()), nil
}
