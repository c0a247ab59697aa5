package movement

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// FuzzShortestPath checks, on a 24 x 24 table with two square obstacles,
// that the route for a disc of radius r is never shorter than the straight
// line, never comes closer than r to an obstacle (checked independently),
// and is no longer than a valid detour through a fuzzed via point that
// keeps r + chord error clear.
func FuzzShortestPath(f *testing.F) {
	f.Add(10.0, 10.0, 2.0, 15.0, 4.0, 1.5, 2.0, 10.0, 20.0, 12.0, 0.5, 12.0, 2.0)
	f.Add(8.0, 8.0, 3.0, 16.0, 14.0, 2.0, 1.0, 1.0, 23.0, 23.0, 0.0, 2.0, 20.0)
	f.Add(12.0, 12.0, 4.0, 12.0, 18.0, 1.0, 2.0, 12.0, 22.0, 12.0, 1.0, 20.0, 20.0)
	f.Fuzz(func(t *testing.T, c1x, c1y, h1, c2x, c2y, h2, sx, sy, gx, gy, r, vx, vy float64) {
		for _, v := range []float64{c1x, c1y, h1, c2x, c2y, h2, sx, sy, gx, gy, r, vx, vy} {
			if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e3 {
				t.Skip()
			}
		}
		r = math.Mod(math.Abs(r), 1.5)
		h1, h2 = 0.1+math.Mod(math.Abs(h1), 4), 0.1+math.Mod(math.Abs(h2), 4)
		sq := func(cx, cy, h float64) (geom.Polygon, bool) {
			if cx-h < 0 || cy-h < 0 || cx+h > 24 || cy+h > 24 {
				return geom.Polygon{}, false
			}
			return box(cx-h, cy-h, cx+h, cy+h), true
		}
		p1, ok1 := sq(c1x, c1y, h1)
		p2, ok2 := sq(c2x, c2y, h2)
		if !ok1 || !ok2 {
			t.Skip()
		}
		bf, err := terrain.New(terrain.Table{Width: 24, Depth: 24}, []terrain.Piece{wall("p1", p1), wall("p2", p2)}, nil)
		if err != nil {
			t.Skip()
		}
		polys := []geom.Polygon{p1, p2}
		from, to := geom.Pt(sx, sy), geom.Pt(gx, gy)
		rt, err := ShortestPathFrom(bf, from, to, r, terrain.Infantry, RouteOptions{})
		if err != nil {
			return // blocked start, goal or no route: nothing to check
		}
		if rt.Length < from.Sub(to).Norm()-1e-9 {
			t.Fatalf("route %v shorter than the straight line %v", rt.Length, from.Sub(to).Norm())
		}
		valid := func(a, b geom.Point, clear float64) bool {
			for _, p := range []geom.Point{a, b} {
				if p.X < clear-1e-9 || p.Y < clear-1e-9 || p.X > 24-clear+1e-9 || p.Y > 24-clear+1e-9 {
					return false
				}
			}
			for _, p := range polys {
				if segPolyDist(geom.Seg(a, b), p) < clear-1e-7 {
					return false
				}
			}
			return true
		}
		for i := 1; i < len(rt.Path); i++ {
			a, b := geom.Pt(rt.Path[i-1][0], rt.Path[i-1][1]), geom.Pt(rt.Path[i][0], rt.Path[i][1])
			if !valid(a, b, r) {
				t.Fatalf("leg %v-%v of %v comes closer than %v to an obstacle", a, b, rt.Path, r)
			}
		}
		via := geom.Pt(vx, vy)
		c := r + DefaultChordError
		if valid(from, via, c) && valid(via, to, c) {
			if alt := from.Sub(via).Norm() + via.Sub(to).Norm(); rt.Length > alt+1e-9 {
				t.Fatalf("route %v (%v) longer than the valid detour via %v (%v)", rt.Length, rt.Path, via, alt)
			}
		}
	})
}
