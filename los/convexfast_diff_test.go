package los

import (
	"math"
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// diffCase is one input of convexFast.
type diffCase struct {
	r    []geom.Point
	top  float64
	a, b geom.Vec3
	cv   *terrain.ConvexRing
	disc terrain.PlanDisc
}

// diffChecker runs convexFast and prismConvexExact on the same input and
// fails on the first break of convexFast's contract: decided, the exact
// code's answer, floats bit for bit; declined, the exact code declines
// too; unsure, anything (the caller then asks the exact code).
type diffChecker struct {
	t     *testing.T
	n     int
	count [3]int // by fastResult
	// exact counts the answers compared with prismConvexExact.
	exact int
}

func (c *diffChecker) check(in diffCase) {
	c.t.Helper()
	c.n++
	disc := in.disc
	got, res := convexFast(in.r, in.top, in.a, in.b, in.cv, &disc)
	if int(res) < len(c.count) {
		c.count[res]++
	}
	if res == fastUnsure || !discHolds(in.r, disc) {
		// (A disc that does not hold its ring breaks both codes'
		// precondition, terrain.PlanDisc: convexFast is run for its
		// not panicking only.)
		return
	}
	c.exact++
	want, ok := prismConvexExact(geom.Polygon{Outer: in.r}, in.top, in.a, in.b, in.cv, &disc)
	if res == fastDecline && ok || res == fastDecided && (!ok || !sameHit(got, want)) {
		c.t.Fatalf("ring %v (cv %+v), disc %+v, top %v, %v→%v: convexFast = %+v, %d; prismConvexExact = %+v, %v",
			in.r, in.cv, in.disc, in.top, in.a, in.b, got, res, want, ok)
	}
}

// TestConvexFastMatchesExactWide holds convexFast to its contract with
// prismConvexExact (see diffChecker) on the reference table's occluders
// crossed by its sightlines between models (the benchmark's inputs), on
// the rings of TestConvexFastMatchesExact with degenerate, near-vertex and
// generic segments, and on adversarial inputs: ends, heights, tops and
// vertices made NaN, infinite, huge, tiny or signed zeros, search tables
// with wrong extreme vertices, discs that do not hold the ring (run for
// not panicking only). It was written for the branch-free rewrite of
// convexFast (issue 21), and then compared the new code with the old one
// bit for bit as well.
func TestConvexFastMatchesExactWide(t *testing.T) {
	c := &diffChecker{t: t}
	rng := rand.New(rand.NewSource(5))

	// The reference table: every occluder near each sightline.
	bf := refTable(t)
	occ := bf.Occluders()
	ms := bf.Models()
	type rec struct {
		r   *terrain.OccluderRec
		top float64
	}
	var recs []rec
	for _, set := range []*terrain.OccluderSet{occ.Pieces, occ.Models} {
		for i := range set.Recs {
			r := &set.Recs[i]
			if len(r.Ring) > 0 {
				recs = append(recs, rec{r, r.Top})
				recs = append(recs, rec{r, math.Inf(1)})
			}
		}
	}
	pairs := refPairs(bf)
	for k, p := range pairs {
		if k%3 != 0 && testing.Short() {
			continue
		}
		a, b := ms[p[0]].EyePoint(), ms[p[1]].EyePoint()
		A, B := geom.Flat(a), geom.Flat(b)
		d := B.Sub(A)
		l := math.Hypot(d.X, d.Y)
		for _, rc := range recs {
			dc := rc.r.Disc
			// The distance of the disc's centre from the segment's line
			// and along it: only the occluders a walk would test.
			u := ((dc.CX-A.X)*d.X + (dc.CY-A.Y)*d.Y) / l
			v := math.Abs((dc.CY-A.Y)*d.X-(dc.CX-A.X)*d.Y) / l
			if v > dc.R+0.5 || u < -dc.R-0.5 || u > l+dc.R+0.5 {
				continue
			}
			c.check(diffCase{rc.r.Ring, rc.top, a, b, rc.r.Convex, dc})
			// The same with the heights moved about the roof.
			if !math.IsInf(rc.top, 1) {
				a2, b2 := a, b
				a2.Z, b2.Z = rc.top+rng.NormFloat64(), rc.top+rng.NormFloat64()
				c.check(diffCase{rc.r.Ring, rc.top, a2, b2, rc.r.Convex, dc})
			}
		}
	}
	table := c.n

	// Test rings with and without search tables (as
	// TestConvexFastMatchesExact), and wrong tables.
	type tring = testRing
	rings := withTables(t, rng, func(r []geom.Point, cv *terrain.ConvexRing) []testRing {
		// Wrong extreme vertices, some past the ring, and a regular
		// walk on rings that are not regular.
		bad := &terrain.ConvexRing{Search: true, Regular: rng.Intn(2) == 0}
		for k := range bad.Ext {
			bad.Ext[k] = uint16(rng.Intn(len(r) + 2))
		}
		reg := *cv
		reg.Regular = !reg.Regular
		return []testRing{{r, bad}, {r, &reg}}
	})
	for _, r := range [][]geom.Point{
		{{X: 0, Y: 0}, {X: 6, Y: 0}, {X: 6, Y: 2}, {X: 2, Y: 2}, {X: 2, Y: 5}, {X: 0, Y: 5}},                                 // L
		{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 4}, {X: 5, Y: 4}, {X: 5, Y: 1.5}, {X: 2, Y: 1.5}, {X: 2, Y: 4}, {X: 0, Y: 4}}, // U
		{{X: 0, Y: 0}, {X: 1, Y: 0}},                             // too few vertices
		{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 2, Y: 0}, {X: 3, Y: 0}}, // flat
	} {
		rings = append(rings, tring{r, nil})
	}
	for _, n := range []int{9, 40, 63, 64, 65, 130} {
		cx, cy := rng.Float64()*20, rng.Float64()*20
		r := make([]geom.Point, n)
		for k := range r {
			s, co := math.Sincos(2 * math.Pi * (float64(k) + 0.3*rng.Float64()) / float64(n))
			rad := 1 + 3*rng.Float64()
			r[k] = geom.Pt(cx+rad*co, cy+rad*s)
		}
		rings = append(rings, tring{r, nil})
	}
	for _, ring := range rings {
		disc := ringDisc(ring.r)
		box := terrain.PlanBoxOf(ring.r)
		pt := func() geom.Point {
			return geom.Pt(box.X0-2+(box.X1-box.X0+4)*rng.Float64(), box.Y0-2+(box.Y1-box.Y0+4)*rng.Float64())
		}
		for range 1000 {
			a, b, top := ringSegment(rng, ring.r, 3)
			c.check(diffCase{ring.r, top, a, b, ring.cv, disc})
			top = []float64{1, 2, math.Inf(1)}[rng.Intn(3)]
			a, b = nearLineSegment(rng, ring.r, top)
			c.check(diffCase{ring.r, top, a, b, ring.cv, disc})
			top = []float64{1, 2, math.Inf(1)}[rng.Intn(3)]
			a, b = geom.Lift(pt(), 3*rng.Float64()), geom.Lift(pt(), 3*rng.Float64())
			c.check(diffCase{ring.r, top, a, b, ring.cv, disc})
			// Adversarial: one to three numbers of the input replaced.
			in := diffCase{append([]geom.Point(nil), ring.r...), top, a, b, ring.cv, disc}
			for range 1 + rng.Intn(3) {
				adversarial(rng, &in)
			}
			c.check(in)
		}
		// Every pair of special heights against special roofs, from a
		// start inside the ring (the start-inside test reads the heights
		// first) and from one outside.
		zs := []float64{math.Inf(-1), math.Inf(1), math.NaN(), 0, math.Copysign(0, -1), 1, math.Nextafter(1, 2), -1e300, 1e300}
		for _, top := range []float64{1, 0, math.Inf(1), math.Inf(-1), math.NaN()} {
			for _, za := range zs {
				for _, zb := range zs {
					for _, A := range []geom.Point{geom.Pt(disc.CX, disc.CY), pt()} {
						c.check(diffCase{ring.r, top, geom.Lift(A, za), geom.Lift(pt(), zb), ring.cv, disc})
					}
				}
			}
		}
	}
	t.Logf("%d inputs (%d from the reference table, %d compared with prismConvexExact): unsure %d, decided %d, declined %d",
		c.n, table, c.exact, c.count[fastUnsure], c.count[fastDecided], c.count[fastDecline])
	if table < 1000 || c.exact < c.n/2 || c.count[fastUnsure] < 100 || c.count[fastDecided] < 1000 || c.count[fastDecline] < 100 {
		t.Errorf("want every answer many times, 1000 inputs from the reference table and half of all compared with the exact code")
	}
}

// adversarial replaces one number of in (a coordinate or height of an end,
// the roof, a vertex, the disc) by a special value, or makes the ends the
// same point.
func adversarial(rng *rand.Rand, in *diffCase) {
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1),
		1e300, -1e300, 1e-300, 5e-324, math.MaxFloat64, 1e16, -1e16}
	v := special[rng.Intn(len(special))]
	switch rng.Intn(9) {
	case 0:
		in.a.X = v
	case 1:
		in.b.Y = v
	case 2:
		in.a.Z = v
	case 3:
		in.b.Z = v
	case 4:
		in.top = v
	case 5:
		in.r[rng.Intn(len(in.r))].X = v
	case 6:
		in.disc.R = v
	case 7:
		in.b.X, in.b.Y = in.a.X, in.a.Y
	default:
		// Nearly the same end, off by an ulp.
		in.b.X, in.b.Y = math.Nextafter(in.a.X, v), in.a.Y
	}
}

// discHolds reports whether d is a disc about every vertex of r (the
// precondition of convexFast and prismConvexExact).
func discHolds(r []geom.Point, d terrain.PlanDisc) bool {
	if !(d.R >= 0) || math.IsInf(d.R, 0) {
		return false
	}
	for _, q := range r {
		if !(math.Hypot(q.X-d.CX, q.Y-d.CY) <= d.R) {
			return false
		}
	}
	return true
}
