package tactics

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// bruteStep is the brute force's grid of end points, inches.
const bruteStep = 0.1

// brute is the reference: every point of a 0.1 in grid within the
// allowance's disc, nearest first; a point that satisfies holds is costed
// by movement.ShortestPath (one A* each, the established router) until no
// nearer point remains. It returns the cheapest cost and whether one was
// found.
func brute(t *testing.T, bf *terrain.Battlefield, model string, allowance float64, holds func(geom.Point) bool) (float64, bool) {
	t.Helper()
	m, _ := bf.Model(model)
	var pts []geom.Point
	n := int(math.Ceil(allowance / bruteStep))
	for i := -n; i <= n; i++ {
		for j := -n; j <= n; j++ {
			p := m.Position.Add(geom.Pt(float64(i)*bruteStep, float64(j)*bruteStep))
			if p.Sub(m.Position).Norm() <= allowance {
				pts = append(pts, p)
			}
		}
	}
	slices.SortFunc(pts, func(a, b geom.Point) int {
		da, db := a.Sub(m.Position).Norm(), b.Sub(m.Position).Norm()
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	rt := movement.NewRouter(bf)
	best, found := math.Inf(1), false
	for _, p := range pts {
		if p.Sub(m.Position).Norm() >= best {
			break
		}
		r, err := rt.ShortestPath(model, p, movement.RouteOptions{})
		if err != nil || r.Cost > allowance || r.Cost >= best {
			continue
		}
		if holds(p) {
			best, found = r.Cost, true
		}
	}
	return best, found
}

// checkAnswer fails when a found answer is illegal (CheckPath), over the
// allowance, or worse than the brute force by more than Tolerance, and
// when "not found" is contradicted by the brute force.
func checkAnswer(t *testing.T, bf *terrain.Battlefield, name string, a Answer, allowance float64, holds func(geom.Point) bool) {
	t.Helper()
	want, ok := brute(t, bf, a.Model, allowance, holds)
	if a.Exhausted {
		t.Errorf("%s: work limit reached", name)
		return
	}
	if !a.Found {
		if ok {
			t.Errorf("%s: reported not found, brute force finds cost %.4f", name, want)
		} else {
			t.Logf("%s: not found, confirmed by the brute force", name)
		}
		return
	}
	path := pathOf(a.Route)
	chk, err := movement.CheckPath(bf, a.Model, path, movement.PathOptions{Budget: allowance})
	if err != nil || !chk.Legal {
		t.Errorf("%s: path %v illegal: %+v %v", name, path, chk.Violations, err)
	}
	if math.Abs(chk.Cost-a.Route.Cost) > 1e-6 {
		t.Errorf("%s: cost %.6f, CheckPath measures %.6f", name, a.Route.Cost, chk.Cost)
	}
	if !holds(a.At) {
		t.Errorf("%s: the end point %v does not satisfy the condition", name, a.At)
	}
	if ok && a.Route.Cost > want+Tolerance {
		t.Errorf("%s: cost %.4f, brute force %.4f (tolerance %.2f)", name, a.Route.Cost, want, Tolerance)
	}
	if ok {
		t.Logf("%s: cost %.4f brute %.4f", name, a.Route.Cost, want)
	}
}

// smallTables are random tables small enough for the brute force.
func smallTables(t *testing.T, seeds int) []*terrain.Battlefield {
	var out []*terrain.Battlefield
	for s := range seeds {
		bf, err := terrain.GenerateBattlefield(int64(100+s), terrain.GenerateOptions{Width: 24, Depth: 24, Pieces: 10, Models: 10})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bf)
	}
	return out
}

func TestGainSightAgainstBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force")
	}
	const allowance = 5.0
	for ti, bf := range smallTables(t, 10) {
		rt := movement.NewRouter(bf)
		for ci, c := range randomCases(bf, "", 4, uint64(ti)) {
			a, err := GainSight(rt, GainRequest{Move: Move{Model: c.mover, Allowance: allowance}, Target: c.target})
			if err != nil {
				t.Fatal(err)
			}
			m, _ := bf.Model(c.mover)
			opt := withExclude(los.Options{}, c.mover)
			holds := func(p geom.Point) bool {
				r, err := los.SightFrom(bf, eyeAt(bf, m, p), c.target, opt)
				return err == nil && r.Visible
			}
			checkAnswer(t, bf, caseName(ti, ci, "gain", c), a, allowance, holds)
		}
	}
}

func TestBreakSightAgainstBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force")
	}
	const allowance = 5.0
	for ti, bf := range smallTables(t, 10) {
		rt := movement.NewRouter(bf)
		for ci, c := range randomCases(bf, "", 4, uint64(50+ti)) {
			a, err := BreakSight(rt, BreakRequest{Move: Move{Model: c.mover, Allowance: allowance}, Observers: c.observers})
			if err != nil {
				t.Fatal(err)
			}
			m, _ := bf.Model(c.mover)
			holds := func(p geom.Point) bool {
				mb, err := Moved(bf, m.ID, p, m.Facing)
				if err != nil {
					return false
				}
				for _, o := range c.observers {
					if r, err := los.Sight(mb, o, m.ID, los.Options{}); err != nil || r.Visible {
						return false
					}
				}
				return true
			}
			checkAnswer(t, bf, caseName(ti, ci, "break", c), a, allowance, holds)
		}
	}
}

// caseName names a case in failure messages.
func caseName(ti, ci int, kind string, c refCase) string {
	return fmt.Sprintf("%s table %d case %d %s", kind, ti, ci, c.mover)
}
