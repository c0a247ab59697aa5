//go:build !race

// Large scenes against a brute-force grid reference: slow under the race
// detector, so CI runs them in its Differential step (without -race).

package movement

import (
	"container/heap"
	"errors"
	"math"
	"testing"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// gridRef is a brute-force reference for the shortest route of a disc of
// radius r: the table sampled every h inches, a sample free when its
// distance to every obstacle polygon is at least r, and Dijkstra over the
// 16-neighbourhood (steps (1,0), (1,1), (2,1) and their turns). A grid
// path bends by multiples of about 26.6°, so its length is at most
// gridStretch times the shortest route's (plus about 2h at the ends), and
// its legs cut corners by at most (√5 h)²/(8r).
type gridRef struct {
	h    float64
	w, d int
	free []bool
}

// gridStretch bounds the ratio of a 16-neighbourhood path to the
// Euclidean shortest path: 1/cos(26.57°/2).
var gridStretch = 1 / math.Cos(math.Atan(0.5)/2)

func newGridRef(tb terrain.Table, obs []geom.Polygon, r, h float64) *gridRef {
	g := &gridRef{h: h, w: int(tb.Width/h) + 1, d: int(tb.Depth/h) + 1}
	g.free = make([]bool, g.w*g.d)
	// bucket obstacles by cell of a coarse grid for the distance tests
	const cs = 2.0
	cw, cd := int(tb.Width/cs)+1, int(tb.Depth/cs)+1
	cells := make([][]int, cw*cd)
	boxes := make([]geom.Rect, len(obs))
	chunks := make([]refEdges, len(obs))
	for k, p := range obs {
		b := p.Bound()
		boxes[k], chunks[k] = b, newRefEdges(p.Outer)
		for i := max(int((b.X.Lo-r)/cs), 0); i <= min(int((b.X.Hi+r)/cs), cw-1); i++ {
			for j := max(int((b.Y.Lo-r)/cs), 0); j <= min(int((b.Y.Hi+r)/cs), cd-1); j++ {
				cells[i+j*cw] = append(cells[i+j*cw], k)
			}
		}
	}
	for j := range g.d {
		for i := range g.w {
			p := geom.Pt(float64(i)*h, float64(j)*h)
			if p.X < r || p.Y < r || p.X > tb.Width-r || p.Y > tb.Depth-r {
				continue
			}
			ok := true
			for _, k := range cells[min(int(p.X/cs), cw-1)+min(int(p.Y/cs), cd-1)*cw] {
				if distToRect(p, boxes[k]) >= r {
					continue // outside the polygon's box by r: outside it by r
				}
				if chunks[k].near(p, r) || obs[k].Contains(p) {
					ok = false
					break
				}
			}
			g.free[i+j*g.w] = ok
		}
	}
	return g
}

// refEdges is a ring's edges in chunks of 32 with their boxes, so that
// the reference tests only the edges whose box comes within r of a point.
type refEdges struct {
	edges []geom.Segment
	boxes []geom.Rect
}

func newRefEdges(r geom.Ring) refEdges {
	var re refEdges
	for i := range r.Len() {
		e := r.Edge(i)
		if i%32 == 0 {
			re.boxes = append(re.boxes, e.Bound())
		}
		re.boxes[len(re.boxes)-1] = re.boxes[len(re.boxes)-1].Union(e.Bound())
		re.edges = append(re.edges, e)
	}
	return re
}

// near reports whether some edge passes closer than r to p.
func (re refEdges) near(p geom.Point, r float64) bool {
	for c, b := range re.boxes {
		if distToRect(p, b) >= r {
			continue
		}
		for _, e := range re.edges[32*c : min(32*c+32, len(re.edges))] {
			if segPointDist(e, p) < r {
				return true
			}
		}
	}
	return false
}

func segPointDist(s geom.Segment, p geom.Point) float64 {
	d := s.B.Sub(s.A)
	t := 0.0
	if dd := d.Dot(d); dd > 0 {
		t = math.Min(math.Max(p.Sub(s.A).Dot(d)/dd, 0), 1)
	}
	return p.Sub(s.A.Add(d.Mul(t))).Norm()
}

// length returns the shortest grid path length between the free samples
// nearest a and b (+Inf when none).
func (g *gridRef) length(a, b geom.Point) float64 {
	idx := func(p geom.Point) int { return int(math.Round(p.X/g.h)) + int(math.Round(p.Y/g.h))*g.w }
	src, dst := idx(a), idx(b)
	dist := make([]float64, len(g.free))
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	var steps [][3]float64
	for _, s := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}} {
		for _, m := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
			dx, dy := s[0]*m[0], s[1]*m[1]
			steps = append(steps, [3]float64{float64(dx), float64(dy), math.Hypot(float64(dx), float64(dy)) * g.h})
		}
	}
	dist[src] = 0
	pq := &refHeap{{src, 0}}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(refItem)
		if it.d > dist[it.v] {
			continue
		}
		if it.v == dst {
			return it.d
		}
		x, y := it.v%g.w, it.v/g.w
		for _, s := range steps {
			nx, ny := x+int(s[0]), y+int(s[1])
			if nx < 0 || ny < 0 || nx >= g.w || ny >= g.d {
				continue
			}
			w := nx + ny*g.w
			// a knight step also needs the cells it passes between
			if !g.free[w] || !g.free[x+int(s[0])/max(abs(int(s[0])), 1)+(y+int(s[1])/max(abs(int(s[1])), 1))*g.w] {
				continue
			}
			if nd := it.d + s[2]; nd < dist[w] {
				dist[w] = nd
				heap.Push(pq, refItem{w, nd})
			}
		}
	}
	return math.Inf(1)
}

type refItem struct {
	v int
	d float64
}
type refHeap []refItem

func (h refHeap) Len() int           { return len(h) }
func (h refHeap) Less(i, j int) bool { return h[i].d < h[j].d }
func (h refHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *refHeap) Push(x any)        { *h = append(*h, x.(refItem)) }
func (h *refHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

// checkAgainstGrid routes a disc of radius r from a to b among the
// impassable polygons obs and compares the route with the grid reference:
// every leg keeps r − 1e-6 clear of every obstacle (legal), and the
// length lies within the reference's stated error.
func checkAgainstGrid(t *testing.T, name string, tb terrain.Table, obs []geom.Polygon, r float64, a, b geom.Point, h float64) Route {
	t.Helper()
	pieces := make([]terrain.Piece, len(obs))
	for i, p := range obs {
		pieces[i] = wall("o"+itoa(i), p)
	}
	bf, err := terrain.New(tb, pieces, nil)
	if err != nil {
		t.Fatalf("%s: terrain.New: %v", name, err)
	}
	rt, err := ShortestPathFrom(bf, a, b, r, terrain.Infantry, RouteOptions{})
	if err != nil {
		t.Fatalf("%s: ShortestPathFrom = %v, want a route", name, err)
	}
	for i := 1; i < len(rt.Path); i++ {
		s := geom.Seg(geom.Pt(rt.Path[i-1][0], rt.Path[i-1][1]), geom.Pt(rt.Path[i][0], rt.Path[i][1]))
		for k, p := range obs {
			if b := p.Bound(); distToRect(s.A, b.ExpandedByMargin(s.Length()+r)) > 0 {
				continue // the leg stays farther than r from the polygon's box
			}
			if d := segPolyDist(s, p); d < r-1e-6 {
				t.Fatalf("%s: leg %d passes %v from obstacle %d, want at least %v", name, i, d, k, r)
			}
		}
	}
	ref := newGridRef(tb, obs, r, h).length(a, b)
	// the grid path cuts corners by at most (√5h)²/(8r) per bend and may
	// start up to h/√2 away at either end; the route keeps its clearance
	// plus the chord error, which lengthens it by at most ErrorBound
	slack := 2*h + rt.ErrorBound
	if rt.Length > ref+slack || rt.Length < ref/gridStretch-slack {
		t.Errorf("%s: route length %v, grid reference %v: want within [%v, %v]", name, rt.Length, ref, ref/gridStretch-slack, ref+slack)
	}
	t.Logf("%s: route %.3f in (%d waypoints), grid reference %.3f in", name, rt.Length, len(rt.Path), ref)
	return rt
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// TestDifferentialMazeAlongTheEdge is the maze of the hardening issue: 2,000 small
// impassable squares too close together for a 1 in base, so the only
// route runs along the table edge. The old search truncated its node
// list at 19,998 and answered "no route".
func TestDifferentialMazeAlongTheEdge(t *testing.T) {
	if testing.Short() {
		t.Skip("large table")
	}
	tb := terrain.Table{Width: 72, Depth: 60}
	var obs []geom.Polygon
	for i := range 50 {
		for j := range 40 {
			x, y := 6+1.2*float64(i), 6+1.2*float64(j)
			obs = append(obs, box(x, y, x+0.6, y+0.6))
		}
	}
	checkAgainstGrid(t, "maze", tb, obs, 0.5, geom.Pt(3, 30), geom.Pt(69, 30), 0.1)
}

// circles returns a 4 x 4 array of n-gon circles of radius 5 on a 72 x 48
// table with 2 in gaps.
func circles(n int) []geom.Polygon {
	var obs []geom.Polygon
	for i := range 4 {
		for j := range 4 {
			obs = append(obs, circlePoly(geom.Pt(14+12*float64(i), 6+12*float64(j)), 5, n))
		}
	}
	return obs
}

// TestDifferentialManyVertexCircles: 16 circles of 1,000, 1,300 and 4,096
// vertices, which the old node truncation answered 6.1 in apart (1,000
// against 1,300) and the all-pairs tangent scan could not settle within
// DefaultRouteWork (4,096: 65,536 nodes).
func TestDifferentialManyVertexCircles(t *testing.T) {
	if testing.Short() {
		t.Skip("large polygons")
	}
	tb := terrain.Table{Width: 72, Depth: 48}
	a, b := geom.Pt(2, 2), geom.Pt(70, 46)
	r1000 := checkAgainstGrid(t, "1000", tb, circles(1000), 0.5, a, b, 0.1)
	for _, n := range []int{1300, 4096} {
		r := checkAgainstGrid(t, itoa(n), tb, circles(n), 0.5, a, b, 0.1)
		if d := math.Abs(r1000.Length - r.Length); d > 0.05 {
			t.Errorf("1,000 and %d vertex circles: routes %v and %v differ by %v, want under 0.05", n, r1000.Length, r.Length, d)
		}
	}
	// a budget too small for the 4,096 case says so, never "no route"
	var pieces []terrain.Piece
	for i, p := range circles(4096) {
		pieces = append(pieces, wall("c"+itoa(i), p))
	}
	bf, err := terrain.New(tb, pieces, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ShortestPathFrom(bf, a, b, 0.5, terrain.Infantry, RouteOptions{Budget: budget.Ops(1_000_000)})
	if !errors.Is(err, ErrLimit) || errors.Is(err, ErrNoPath) {
		t.Errorf("4096 with 10⁶ operations: %v, want ErrLimit and not ErrNoPath", err)
	}
}

// TestDifferentialSpiralCorridor: a square spiral of thin walls with 2 in corridors;
// the route winds from the outside to the centre.
func TestDifferentialSpiralCorridor(t *testing.T) {
	if testing.Short() {
		t.Skip("large table")
	}
	tb := terrain.Table{Width: 48, Depth: 48}
	const th = 0.25
	var obs []geom.Polygon
	// walls of a rectangular spiral, inward, corridor width 2.5
	lo, hi := 3.0, 45.0
	for k := 0; hi-lo > 6; k++ {
		obs = append(obs,
			box(lo, lo, hi, lo+th),             // bottom
			box(hi-th, lo, hi, hi),             // right
			box(lo+2.5, hi-th, hi, hi),         // top, open at the left
			box(lo+2.5, lo+2.5, lo+2.5+th, hi), // left, one corridor in
		)
		lo, hi = lo+2.5, hi-2.5
		obs[len(obs)-4] = box(lo-2.5, lo-2.5, hi+2.5, lo-2.5+th)
	}
	checkAgainstGrid(t, "spiral", tb, obs, 0.5, geom.Pt(1.5, 24), geom.Pt(24, 24), 0.1)
}

// TestRouteBudget: a query given a small budget stops with an error that
// says a limit was hit, never with "no route", and an ample budget gives
// the same answer as none.
func TestRouteBudget(t *testing.T) {
	tb := terrain.Table{Width: 72, Depth: 48}
	var pieces []terrain.Piece
	for i, p := range circles(64) {
		pieces = append(pieces, wall("c"+itoa(i), p))
	}
	bf, err := terrain.New(tb, pieces, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := geom.Pt(2, 2), geom.Pt(70, 46)
	bud := budget.Ops(1000)
	_, err = ShortestPathFrom(bf, a, b, 0.5, terrain.Infantry, RouteOptions{Budget: bud})
	if !errors.Is(err, ErrLimit) || !errors.Is(err, budget.ErrExceeded) || errors.Is(err, ErrNoPath) {
		t.Fatalf("with 1,000 operations: %v, want ErrLimit and budget.ErrExceeded, not ErrNoPath", err)
	}
	want, err := ShortestPathFrom(bf, a, b, 0.5, terrain.Infantry, RouteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bud = budget.Ops(1e9)
	got, err := ShortestPathFrom(bf, a, b, 0.5, terrain.Infantry, RouteOptions{Budget: bud})
	if err != nil || got.Length != want.Length {
		t.Errorf("with an ample budget: %v, %v; want %v", got.Length, err, want.Length)
	}
	if bud.Used() == 0 {
		t.Error("the budget was not charged")
	}
	t.Logf("the query charged %d operations", bud.Used())
}
