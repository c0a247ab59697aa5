package tactics

import (
	"container/heap"
	"math"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
)

// Search resolution.
const (
	// CoarseCell is the side of the first grid of end points, inches.
	CoarseCell = 0.5
	// prune drops a cell whose lower bound is within this of the best
	// cost found (it could improve the answer by less than this).
	prune = 0.005
	// bisectSteps halve a final cell's edge down to about 0.004 in.
	bisectSteps = 3
)

// condition is the question's condition on the model's end point p: quick
// is a necessary condition (cheap; it classifies the search's points) and
// exact, when not nil, confirms it, asked only of a point that would
// become the best answer.
type condition struct {
	quick, exact func(p geom.Point) (bool, error)
}

// pstate is what the search learnt at one lattice point: whether the
// model can stand there, whether the condition holds (quick test, and
// the point reachable), and the route cost once known.
type pstate struct {
	good, blocked bool
	costed, reach bool
	cost          float64
	last          int
}

// cell is a square of the search's quadtree: lattice corner (i, j) and
// side n lattice steps, with a lower bound of the route cost inside
// (tight: the field's bound; else the distance from the start).
type cell struct {
	i, j, n int
	lb      float64
	tight   bool
}

// searcher finds the cheapest end point satisfying a condition: a
// branch-and-bound over a quadtree of cells, best lower bound first. A
// cell is pruned when its lower bound (CostField.LowerBound) cannot beat
// the best cost found; a cell whose corners disagree (one satisfies the
// condition, another not) is split down to the finest level, whose edges
// are bisected. The optimum lies on the boundary of the region that
// satisfies the condition (or is the start), so only mixed cells can hold
// it, unless the region is a sliver no coarse corner falls in.
type searcher struct {
	f       *costs
	cond    condition
	work    *meter
	tests   int
	origin  geom.Point // lattice point (0, 0)
	step    float64    // finest lattice step
	levels  int        // coarse cell = step << levels
	memo    map[[2]int]pstate
	found   bool
	best    float64
	bestP   geom.Point
	last    int
	err     error
	stopped bool
	coarse  []geom.Point // centres of the coarse cells searched
}

// newSearcher prepares a search of the field f for cond, counting its
// work on w.
func newSearcher(f *costs, cond condition, w *meter) *searcher {
	levels := 4
	if f.MaxFactor() > 1.5 {
		levels = 5 // keep factor × the final cell's diagonal under Tolerance
	}
	step := CoarseCell / float64(int(1)<<levels)
	s := &searcher{f: f, cond: cond, work: w, step: step, levels: levels,
		memo: map[[2]int]pstate{}, best: math.Inf(1), last: -1}
	n := int(math.Ceil(f.Budget()/CoarseCell)) << levels
	s.origin = f.Start().Sub(geom.Pt(float64(n)*step, float64(n)*step))
	return s
}

// pt returns lattice point (i, j).
func (s *searcher) pt(i, j int) geom.Point {
	return geom.Pt(s.origin.X+float64(i)*s.step, s.origin.Y+float64(j)*s.step)
}

// out reports whether the search must stop (work limit, budget or
// error).
func (s *searcher) out() bool {
	if s.err != nil {
		return true
	}
	if !s.work.count(s.tests+s.f.Work()) || s.f.Exhausted() {
		s.stopped = true
	}
	return s.stopped
}

// holds tests the condition at p (route cost c through last) and keeps p
// if it is the best answer.
func (s *searcher) holds(p geom.Point, c float64, last int) bool {
	s.tests++
	ok, err := s.cond.quick(p)
	if err != nil || !ok {
		s.err = err
		return false
	}
	return s.confirm(p, c, last)
}

// confirm takes p, which passed the quick test, as the best answer if it
// is cheaper and passes the exact test. A point that passes the quick
// test but could not be the best is not confirmed: it counts as
// satisfying.
func (s *searcher) confirm(p geom.Point, c float64, last int) bool {
	if c >= s.best {
		return true
	}
	if s.cond.exact != nil {
		s.tests++
		ok, err := s.cond.exact(p)
		if err != nil || !ok {
			s.err = err
			return false
		}
	}
	s.found, s.best, s.bestP, s.last = true, c, p, last
	return true
}

// offer tests p, costing it first.
func (s *searcher) offer(p geom.Point) bool {
	if c, last, reach := s.f.CostTo(p); reach {
		return s.holds(p, c, last)
	}
	return false
}

// at evaluates lattice point (i, j), memoised: the condition's quick
// test first (most points fail it), then the route cost of a point that
// passes; a point the model cannot reach within its allowance does not
// satisfy the condition.
func (s *searcher) at(i, j int) pstate {
	k := [2]int{i, j}
	if st, ok := s.memo[k]; ok {
		return st
	}
	p := s.pt(i, j)
	var st pstate
	if _, bad := s.f.Blocked(p); bad {
		st.blocked = true
		s.memo[k] = st
		return st
	}
	s.tests++
	ok, err := s.cond.quick(p)
	if err != nil {
		s.err = err
	}
	if ok {
		st.costed = true
		st.cost, st.last, st.reach = s.f.CostTo(p)
		st.good = st.reach && s.confirm(p, st.cost, st.last)
	}
	s.memo[k] = st
	return st
}

// costAt returns the route cost of lattice point (i, j) and whether it
// is reachable, memoised.
func (s *searcher) costAt(i, j int) (float64, bool) {
	k := [2]int{i, j}
	st := s.memo[k]
	if !st.costed && !st.blocked {
		st.costed = true
		st.cost, st.last, st.reach = s.f.CostTo(s.pt(i, j))
		s.memo[k] = st
	}
	return st.cost, st.reach
}

// run searches and leaves the best end point in s.
func (s *searcher) run() {
	if s.holds(s.f.Start(), 0, 0) || s.err != nil {
		return
	}
	s.cells()
	if s.found && !s.out() {
		s.polish()
		s.lastLeg()
	}
}

// cells runs the branch-and-bound over the quadtree.
func (s *searcher) cells() {
	nc := 1 << s.levels
	half := int(math.Ceil(s.f.Budget() / CoarseCell))
	var h cellHeap
	for a := 0; a < 2*half; a++ {
		for b := 0; b < 2*half; b++ {
			c := cell{i: a * nc, j: b * nc, n: nc}
			if c.lb = s.startDist(c); c.lb <= s.f.Budget() {
				h = append(h, c)
			}
		}
	}
	heap.Init(&h)
	for h.Len() > 0 && !s.out() {
		c := heap.Pop(&h).(cell)
		if c.lb >= s.best-prune {
			break
		}
		if !c.tight {
			// tighten lazily: only cells that come first pay for it
			c.lb, c.tight = math.Max(c.lb, s.lowerBound(c)), true
			if c.lb <= s.f.Budget() {
				heap.Push(&h, c)
			}
			continue
		}
		if c.n == nc {
			s.coarse = append(s.coarse, s.pt(c.i, c.j).Add(geom.Pt(CoarseCell/2, CoarseCell/2)))
		}
		corners := [4]pstate{s.at(c.i, c.j), s.at(c.i+c.n, c.j), s.at(c.i+c.n, c.j+c.n), s.at(c.i, c.j+c.n)}
		good := 0
		for _, k := range corners {
			if k.good {
				good++
			}
		}
		if good == 0 || good == 4 {
			continue // no end point here, or the best is a corner
		}
		if s.cornersBound(c) >= s.best-prune {
			continue
		}
		if c.n == 1 {
			continue // the best is refined once, by polish
		}
		m := c.n / 2
		for _, d := range [4][2]int{{0, 0}, {m, 0}, {0, m}, {m, m}} {
			k := cell{i: c.i + d[0], j: c.j + d[1], n: m, tight: true}
			if k.lb = s.lowerBound(k); k.lb < s.best-prune {
				heap.Push(&h, k)
			}
		}
	}
}

// cornersBound returns a lower bound of the route cost in cell c from its
// corners' costs: every point of a cell with reachable corners is joined
// to one within the cell's free part by a path of at most two sides, so
// its cost is at least the cheapest corner's less that much times the
// cost factor. Without four reachable corners it is c's own bound.
func (s *searcher) cornersBound(c cell) float64 {
	if s.f.capped() {
		return c.lb // under the caps a cost may jump between corners
	}
	low := math.Inf(1)
	for _, d := range [4][2]int{{0, 0}, {c.n, 0}, {c.n, c.n}, {0, c.n}} {
		cost, ok := s.costAt(c.i+d[0], c.j+d[1])
		if !ok {
			return c.lb
		}
		low = math.Min(low, cost)
	}
	return math.Max(c.lb, low-2*float64(c.n)*s.step*s.f.MaxFactor())
}

// startDist returns the distance from the start to cell c.
func (s *searcher) startDist(c cell) float64 {
	a, w, p := s.pt(c.i, c.j), float64(c.n)*s.step, s.f.Start()
	dx := math.Max(math.Max(a.X-p.X, p.X-a.X-w), 0)
	dy := math.Max(math.Max(a.Y-p.Y, p.Y-a.Y-w), 0)
	return math.Sqrt(dx*dx + dy*dy)
}

// lowerBound returns the field's lower bound over cell c.
func (s *searcher) lowerBound(c cell) float64 {
	a := s.pt(c.i, c.j)
	w := float64(c.n) * s.step
	return s.f.LowerBound(geom.Rect{X: r1.Interval{Lo: a.X, Hi: a.X + w}, Y: r1.Interval{Lo: a.Y, Hi: a.Y + w}})
}

// polish bisects between the best point and each of its finest-lattice
// neighbours that fails the condition: the crossing may be cheaper.
func (s *searcher) polish() {
	i := int(math.Round((s.bestP.X - s.origin.X) / s.step))
	j := int(math.Round((s.bestP.Y - s.origin.Y) / s.step))
	if s.pt(i, j) != s.bestP {
		return // the best came from a bisection already
	}
	best := s.bestP
	for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		if st := s.at(i+d[0], j+d[1]); !st.good && !st.blocked && !s.out() {
			s.bisect(s.pt(i+d[0], j+d[1]), best, bisectSteps)
		}
	}
}

// bisect narrows the segment from bad (fails) to good (holds) n times
// and offers the good end.
func (s *searcher) bisect(bad, good geom.Point, n int) {
	for range n {
		if s.out() {
			return
		}
		mid := bad.Add(good).Mul(0.5)
		if _, blocked := s.f.Blocked(mid); blocked {
			bad = mid
			continue
		}
		s.tests++
		ok, err := s.cond.quick(mid)
		if err != nil {
			s.err = err
			return
		}
		if ok {
			good = mid
		} else {
			bad = mid
		}
	}
	s.offer(good)
}

// lastLeg slides the best end point back along its last leg, where the
// cost falls, to the first point that still satisfies the condition.
func (s *searcher) lastLeg() {
	path := s.f.Path(s.bestP, s.last)
	if len(path) < 2 {
		return
	}
	from := path[len(path)-2]
	if s.offer(from) || s.err != nil {
		return
	}
	s.bisect(from, s.bestP, 30)
}

// cellHeap orders cells by lower bound.
type cellHeap []cell

// Len, Less, Swap, Push and Pop implement heap.Interface.
func (h cellHeap) Len() int { return len(h) }

// Less orders by lower bound.
func (h cellHeap) Less(a, b int) bool { return h[a].lb < h[b].lb }

// Swap swaps two cells.
func (h cellHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }

// Push appends a cell.
func (h *cellHeap) Push(x any) { *h = append(*h, x.(cell)) }

// Pop removes the last cell.
func (h *cellHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
