package movement

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// boxInside returns the length of segment a-b inside the open box
// (x0,x1)x(y0,y1), by clipping the parameter range analytically
// (independent of geom's polygon code).
func boxInside(a, b geom.Point, x0, y0, x1, y1 float64) float64 {
	lo, hi := 0.0, 1.0
	d := b.Sub(a)
	if !slab(a.X, d.X, x0, x1, &lo, &hi) || !slab(a.Y, d.Y, y0, y1, &lo, &hi) {
		return 0
	}
	return math.Max(hi-lo, 0) * d.Norm()
}

// gridCost is a brute-force Dijkstra on a grid of spacing 0.1 over
// [0,w]x[0,w] with moves (dx,dy), |dx|,|dy| <= 4 coprime (largest angular
// gap 14°, so it overestimates straight runs by at most 1/cos 7° - 1 =
// 0.75%), weighting the length inside the box by factor.
func gridCost(w float64, from, to geom.Point, bx [4]float64, factor float64) float64 {
	n := int(math.Round(w*10)) + 1
	id := func(i, j int) int { return i*n + j }
	pt := func(i, j int) geom.Point { return geom.Pt(float64(i)/10, float64(j)/10) }
	var moves [][2]int
	gcd := func(a, b int) int {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	for dx := -4; dx <= 4; dx++ {
		for dy := -4; dy <= 4; dy++ {
			if (dx != 0 || dy != 0) && gcd(abs(dx), abs(dy)) == 1 {
				moves = append(moves, [2]int{dx, dy})
			}
		}
	}
	dist := make([]float64, n*n)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	si, sj := int(math.Round(from.X*10)), int(math.Round(from.Y*10))
	ti, tj := int(math.Round(to.X*10)), int(math.Round(to.Y*10))
	dist[id(si, sj)] = 0
	var h heapq
	h.push(item{v: int32(id(si, sj))})
	for len(h) > 0 {
		it := h.pop()
		if it.key > dist[it.v] {
			continue
		}
		if int(it.v) == id(ti, tj) {
			break
		}
		i, j := int(it.v)/n, int(it.v)%n
		for _, m := range moves {
			a, b := i+m[0], j+m[1]
			if a < 0 || b < 0 || a >= n || b >= n {
				continue
			}
			p, q := pt(i, j), pt(a, b)
			L := q.Sub(p).Norm()
			c := it.key + L + (factor-1)*boxInside(p, q, bx[0], bx[1], bx[2], bx[3])
			if c < dist[id(a, b)] {
				dist[id(a, b)] = c
				h.push(item{v: int32(id(a, b)), key: c})
			}
		}
	}
	return dist[id(ti, tj)]
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

func TestWeightedAgainstGrid(t *testing.T) {
	for _, c := range []struct {
		name     string
		bx       [4]float64
		from, to geom.Point
		exact    func() float64
	}{
		{
			// a strip across the whole table: the path must cross it and
			// refracts. By symmetry it enters at (4, 2+a) and leaves at
			// (8, 10-a): cost 2*sqrt(9+a²) + 2*sqrt(16+(8-2a)²), minimised
			// over a in [0,4] by ternary search.
			"strip", [4]float64{4, 0, 8, 12}, geom.Pt(1, 2), geom.Pt(11, 10),
			func() float64 {
				f := func(a float64) float64 { return 2*math.Hypot(3, a) + 2*math.Hypot(4, 8-2*a) }
				lo, hi := 0.0, 4.0
				for range 200 {
					m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
					if f(m1) < f(m2) {
						hi = m2
					} else {
						lo = m1
					}
				}
				return f((lo + hi) / 2)
			},
		},
		{"block", [4]float64{4, 3, 8, 9}, geom.Pt(1, 5), geom.Pt(11, 7), nil},
		{"corner", [4]float64{3, 3, 9, 9}, geom.Pt(1, 1), geom.Pt(7, 11), nil},
	} {
		w := wood("wd", box(c.bx[0], c.bx[1], c.bx[2], c.bx[3]))
		p := terrain.Model{ID: "p", Side: "a", Class: terrain.Infantry, Position: c.from, Level: 1}
		bf, err := terrain.New(terrain.Table{Width: 12, Depth: 12}, []terrain.Piece{w}, []terrain.Model{p})
		if err != nil {
			t.Fatal(err)
		}
		rt, err := ShortestPathFrom(bf, c.from, c.to, 0, terrain.Infantry, RouteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		grid := gridCost(12, c.from, c.to, c.bx, 2)
		// grid paths are legal paths (cost >= OPT) within 0.75% of OPT;
		// the route is within its ErrorBound of OPT.
		if rt.Cost > grid+rt.ErrorBound+1e-9 {
			t.Errorf("%s: route cost %v > grid %v + bound %v", c.name, rt.Cost, grid, rt.ErrorBound)
		}
		if rt.Cost < grid/1.0076-1e-9 {
			t.Errorf("%s: route cost %v impossibly below grid %v", c.name, rt.Cost, grid)
		}
		if c.exact != nil {
			ex := c.exact()
			if rt.Cost < ex-1e-9 || rt.Cost > ex+rt.ErrorBound {
				t.Errorf("%s: route cost %v, exact %v, bound %v", c.name, rt.Cost, ex, rt.ErrorBound)
			}
			// observed error is of order h² (the bound is first order)
			if rt.Cost-ex > 0.01 {
				t.Errorf("%s: route cost %v is %v above exact", c.name, rt.Cost, rt.Cost-ex)
			}
			if grid < ex-1e-9 {
				t.Errorf("%s: grid %v below exact %v", c.name, grid, ex)
			}
			t.Logf("%s: exact %.6f route %.6f (bound %.4f) grid %.6f", c.name, ex, rt.Cost, rt.ErrorBound, grid)
		} else {
			t.Logf("%s: route %.6f (bound %.4f) grid %.6f", c.name, rt.Cost, rt.ErrorBound, grid)
		}
		// CheckPath agrees with the router on the route's cost
		path := make([]geom.Point, len(rt.Path))
		for i, p := range rt.Path {
			path[i] = geom.Pt(p[0], p[1])
		}
		chk, err := CheckPath(bf, "p", path, PathOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !chk.Legal || !near(chk.Cost, rt.Cost, 1e-7) {
			t.Errorf("%s: CheckPath cost %v legal %v, route cost %v", c.name, chk.Cost, chk.Legal, rt.Cost)
		}
	}
}
