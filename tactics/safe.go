package tactics

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
)

// Spot is one hidden, reachable cell of SafeSpots: its centre and the
// cost of the shortest legal route there.
type Spot struct {
	At   geom.Point `json:"at"`
	Cost float64    `json:"cost"`
}

// Spots is the answer of SafeSpots.
type Spots struct {
	Model string `json:"model"`
	// Cell is the grid's side, inches; the grid is aligned on the model's
	// position.
	Cell float64 `json:"cell"`
	// Spots lists the cells whose centre the model reaches within its
	// allowance and where it is hidden as asked, cheapest first.
	Spots []Spot `json:"spots"`
	// Reachable counts the reachable cells tested.
	Reachable int `json:"reachable"`
	// Exhausted reports that the work limit stopped the search: Spots
	// is then incomplete.
	Exhausted bool `json:"exhausted"`
}

// SafeSpots returns the cells of a grid of side cell inches whose centres
// model req.Model can reach within its allowance and where it is hidden
// from the observers as req asks (see BreakSight), with their costs. The
// centre is the model's position at the end of the move; each is tested
// exactly.
func SafeSpots(rt *movement.Router, req BreakRequest, cell float64) (Spots, error) {
	bf := rt.Battlefield()
	m, err := req.check(bf)
	if err != nil {
		return Spots{}, err
	}
	if math.IsNaN(cell) || cell < 0.1 || cell > 12 {
		return Spots{}, fmt.Errorf("tactics: cell = %v, want a length in [0.1, 12] in: %w", cell, ErrInvalid)
	}
	obs, err := req.observers(bf, m)
	if err != nil {
		return Spots{}, err
	}
	out := Spots{Model: m.ID, Cell: cell, Spots: []Spot{}}
	w := newMeter(req.Move)
	f, exhausted, err := w.field(rt, m.ID, req.Move)
	if err != nil || f == nil || exhausted {
		out.Exhausted = exhausted
		return out, err
	}
	hd := newHidden(bf, m, obs, &req)
	n := int(math.Floor(req.Allowance / cell))
	tests := 0
	for i := -n; i <= n; i++ {
		for j := -n; j <= n; j++ {
			p := m.Position.Add(geom.Pt(float64(i)*cell, float64(j)*cell))
			c, _, ok := f.CostTo(p)
			if f.Exhausted() || !w.count(tests+f.Work()) {
				// a cell the field stopped on is not known unreachable
				out.Exhausted = true
				return out, nil
			}
			if !ok {
				continue
			}
			out.Reachable++
			tests++
			if req.Fraction == 0 && req.Shot == nil && hd.seenQuick(p, hd.facing(p)) {
				continue
			}
			tests += 20 // an exact test moves the model on a copy of the battlefield
			ok, err := hd.holds(p)
			if err != nil {
				return out, err
			}
			if ok {
				out.Spots = append(out.Spots, Spot{At: p, Cost: c})
			}
		}
	}
	w.count(tests + f.Work()) // the last tests are charged too
	sortSpots(out.Spots)
	return out, nil
}

// sortSpots orders spots by cost, then position.
func sortSpots(s []Spot) {
	slices.SortFunc(s, func(a, b Spot) int {
		return cmp.Or(cmp.Compare(a.Cost, b.Cost), cmp.Compare(a.At.X, b.At.X), cmp.Compare(a.At.Y, b.At.Y))
	})
}
