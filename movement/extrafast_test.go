package movement

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// extraCase is a scene for TestRegionsExtraMatches: regions and the points
// segments are drawn from.
type extraCase struct {
	name string
	regs []region
	pts  []geom.Point
}

// regionOf returns p as a region, its box the bound of its outer ring.
func regionOf(p geom.Polygon) region {
	return region{poly: p, factor: 2, box: p.Bound()}
}

// extraCases returns the footprints of generated tables and hand-made
// rings built to catch the order of the runs along edges: combs whose
// teeth stand on one line (several edges along it, the closing edge one of
// them), rings with holes whose edges lie on the outer ring's lines, and
// vertices a hair off those lines.
func extraCases(t *testing.T) []extraCase {
	var out []extraCase
	for seed := int64(1); seed <= 3; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		c := extraCase{name: "generated"}
		for i := range bf.Pieces() {
			p := bf.Pieces()[i].Footprint
			c.regs = append(c.regs, regionOf(p))
			c.pts = append(c.pts, p.Outer...)
		}
		out = append(out, c)
	}
	rng := rand.New(rand.NewPCG(5, 17))
	c := extraCase{name: "combs"}
	for range 40 {
		// teeth on y = y0, bases from x0 rightwards at irregular steps;
		// the ring starts mid-line so that its closing edge is on it
		x0, y0 := rng.Float64()*10, float64(rng.IntN(4))
		var line []geom.Point
		x := x0
		for range 3 + rng.IntN(5) {
			line = append(line, geom.Pt(x, y0))
			x += 0.1 + rng.Float64()
		}
		top := y0 + 0.5 + rng.Float64()*3
		ring := geom.Ring{}
		k := 1 + rng.IntN(len(line)-1)
		ring = append(ring, line[k:]...)
		ring = append(ring, geom.Pt(x, y0+rng.Float64()*0.5), geom.Pt(x, top), geom.Pt(x0-0.5, top))
		if rng.IntN(3) == 0 {
			ring = append(ring, geom.Pt(x0-0.5, y0)) // another vertex on the line
		}
		ring = append(ring, line[:k]...)
		p := geom.Polygon{Outer: ring}
		if rng.IntN(2) == 0 {
			// a hole touching nothing, with one edge on a line of the teeth's
			hx := x0 + 0.05
			p.Holes = []geom.Ring{{geom.Pt(hx, top-0.4), geom.Pt(hx+0.1, top-0.4), geom.Pt(hx+0.1, top-0.2), geom.Pt(hx, top-0.2)}}
		}
		c.regs = append(c.regs, regionOf(p))
		c.pts = append(c.pts, ring...)
		c.pts = append(c.pts, geom.Pt(x0-1-rng.Float64(), y0), geom.Pt(x+1+rng.Float64(), y0), geom.Pt(x0-0.5, top+1))
		// points a hair off the line, and on the line of a slanted edge
		c.pts = append(c.pts, geom.Pt(x0+rng.Float64(), math.Nextafter(y0, math.Inf(1))), line[0].Add(geom.Pt(0.3, 0.1).Mul(1e-13)))
	}
	out = append(out, c)
	return out
}

// TestRegionsExtraMatches: regionsExtra returns, to the bit,
// difficultExtra's value over the same polygons, for segments between the
// scenes' points (runs along one or several edges, the closing one among
// them; collinear edges beyond the ends; chords; near-collinear vertices
// that the float filter cannot decide), over one to three regions.
func TestRegionsExtraMatches(t *testing.T) {
	along, inside := 0, 0
	for _, c := range extraCases(t) {
		rng := rand.New(rand.NewPCG(uint64(len(c.pts)), 2))
		var sc extraScratch
		var buf []r1.Interval
		for range 30000 {
			a, b := c.pts[rng.IntN(len(c.pts))], c.pts[rng.IntN(len(c.pts))]
			switch rng.IntN(4) {
			case 0:
				a = a.Add(a.Sub(b).Mul(rng.Float64())) // beyond a on the same line (up to rounding)
			case 1:
				if a.Y == b.Y {
					a.X -= rng.Float64() // exactly on the line
				}
			}
			if a == b || dist(a, b) == 0 {
				continue
			}
			n := 1 + rng.IntN(3)
			regs := make([]*region, n)
			polys := make([]*geom.Polygon, n)
			for k := range regs {
				regs[k] = &c.regs[rng.IntN(len(c.regs))]
				polys[k] = &regs[k].poly
			}
			seg := geom.Segment{A: a, B: b}
			var want float64
			want, buf = difficultExtra(polys, seg, buf)
			if got := regionsExtra(regs, seg, &sc); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%s, segment %v over %d regions: regionsExtra = %v, difficultExtra %v", c.name, seg, n, got, want)
			}
			if want > 0 {
				inside++
			}
			if want < sumUnion(buf) {
				along++
			}
		}
	}
	if inside < 5000 || along < 500 {
		t.Errorf("%d segments with a stretch inside, %d with a run along an edge: too weak", inside, along)
	}
	t.Logf("%d segments with a stretch inside, %d with a run along an edge", inside, along)
}
