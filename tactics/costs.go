package tactics

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
)

// costs is the cost of a legal move to each end point: the cost field's
// and, when the model's profile caps a move that enters difficult terrain
// (DifficultCap, DifficultBudgetFactor), the caps applied as
// movement.Reachable applies them to one destination: the shortest route
// is legal when it enters no difficult terrain or costs at most the
// capped allowance; otherwise the shortest route avoiding difficult
// terrain (a second field, avoid) is tried against the whole allowance.
// Routes through avoid have last bends numbered from -2 down.
type costs struct {
	*movement.CostField
	avoid     *movement.CostField // nil without caps
	effective float64
	enters    func([]geom.Point) bool
}

// capped reports whether the caps apply (then a cost is not a Lipschitz
// function of the end point: the search bounds cells by the field alone).
func (c *costs) capped() bool { return c.enters != nil }

// CostTo returns the cost of the cheapest legal move to p under the caps,
// its last bend and whether p is reachable.
func (c *costs) CostTo(p geom.Point) (float64, int, bool) {
	cost, last, ok := c.CostField.CostTo(p)
	if !c.capped() {
		return cost, last, ok
	}
	if ok && (cost <= c.effective+1e-9 || !c.enters(c.CostField.Path(p, last))) {
		return cost, last, true
	}
	if c.avoid == nil {
		return 0, -1, false
	}
	cost, last, ok = c.avoid.CostTo(p)
	if !ok {
		return 0, -1, false
	}
	return cost, -2 - last, true
}

// Path returns the route's waypoints to p through last (from CostTo).
func (c *costs) Path(p geom.Point, last int) []geom.Point {
	if last <= -2 {
		return c.avoid.Path(p, -2-last)
	}
	return c.CostField.Path(p, last)
}

// Route returns the route to p through last (from CostTo).
func (c *costs) Route(p geom.Point, last int, cost float64) movement.Route {
	if last <= -2 {
		return c.avoid.Route(p, -2-last, cost)
	}
	return c.CostField.Route(p, last, cost)
}

// LowerBound returns a lower bound of CostTo over r.
func (c *costs) LowerBound(r geom.Rect) float64 {
	lb := c.CostField.LowerBound(r)
	if c.avoid != nil {
		lb = math.Min(lb, c.avoid.LowerBound(r))
	}
	return lb
}

// Work returns the tests of both fields.
func (c *costs) Work() int {
	if c.avoid != nil {
		return c.CostField.Work() + c.avoid.Work()
	}
	return c.CostField.Work()
}

// Exhausted reports whether either field reached its work limit.
func (c *costs) Exhausted() bool {
	return c.CostField.Exhausted() || (c.avoid != nil && c.avoid.Exhausted())
}
