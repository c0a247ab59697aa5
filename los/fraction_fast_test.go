package los

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// The fraction's fast paths promise the results of the general routines
// they replace, to the bit: pairHull, prismOutline and wedgeOutline that
// of geom.ConvexHullInto, clipConvexBoxed that of geom.ClipConvex,
// splitHalfPlane that of geom.ClipHalfPlane on both sides, the cover proof
// by partHidesShared (with working space) that of partHides (without). These tests compare them on the reference table and
// on random polygons.

func TestFacingRun(t *testing.T) {
	square := []geom.Point{geom.Pt(0, 0), geom.Pt(1, 0), geom.Pt(1, 1), geom.Pt(0, 1)}
	tests := []struct {
		eye  geom.Point
		s, t int
		ok   bool
	}{
		{geom.Pt(5, 0.5), 1, 2, true},  // faces edge 1 only
		{geom.Pt(5, 5), 1, 3, true},    // edges 1 and 2
		{geom.Pt(0.5, -3), 0, 1, true}, // edge 0
		{geom.Pt(-2, 2), 3, 0, true},   // edges 2 and 3: run 2..0? see below
		{geom.Pt(0.5, 0.5), 0, 0, false},
		{geom.Pt(2, 0), 0, 0, false}, // in line with edge 0
	}
	// From (-2, 2) the edges facing the eye are 3 (x = 0) and 2 (y = 1):
	// the run starts at vertex 2.
	tests[3].s, tests[3].t = 2, 0
	for _, c := range tests {
		s, tt, ok := facingRun(square, c.eye)
		if ok != c.ok || (ok && (s != c.s || tt != c.t)) {
			t.Errorf("facingRun(square, %v) = %d, %d, %v, want %d, %d, %v", c.eye, s, tt, ok, c.s, c.t, c.ok)
		}
	}
}

func TestPairHull(t *testing.T) {
	sq := func(x, y, d float64) []geom.Point {
		return []geom.Point{geom.Pt(x, y), geom.Pt(x+d, y), geom.Pt(x+d, y+d), geom.Pt(x, y+d)}
	}
	tests := []struct {
		a, b []geom.Point
		want []geom.Point
	}{
		{sq(0, 0, 1), sq(2, 0, 1), []geom.Point{geom.Pt(0, 0), geom.Pt(3, 0), geom.Pt(3, 1), geom.Pt(0, 1)}},
		{sq(0, 0, 2), sq(0.5, 0.5, 1), sq(0, 0, 2)},
		{sq(0, 0, 1), sq(1, 1, 1), []geom.Point{geom.Pt(0, 0), geom.Pt(1, 0), geom.Pt(2, 1), geom.Pt(2, 2), geom.Pt(1, 2), geom.Pt(0, 1)}},
		// b clockwise, a triangle
		{[]geom.Point{geom.Pt(0, 0), geom.Pt(4, 0), geom.Pt(0, 4)}, []geom.Point{geom.Pt(3, 3), geom.Pt(3, 2), geom.Pt(2, 2)},
			[]geom.Point{geom.Pt(0, 0), geom.Pt(4, 0), geom.Pt(3, 3), geom.Pt(0, 4)}},
	}
	for _, c := range tests {
		got, _, ok := pairHull(nil, nil, c.a, c.b)
		if !ok || !slices.Equal(got, c.want) {
			t.Errorf("pairHull(%v, %v) = %v, %v, want %v", c.a, c.b, got, ok, c.want)
		}
	}
}

// TestFastHullsMatchGeneral compares pairHull, prismOutline and
// wedgeOutline with geom.ConvexHullInto on every pair of the reference
// table (the target's prism, and the convex parts of the pieces near the
// eye with the fraction's heights), and with eyes below, between and
// above the prisms' faces.
func TestFastHullsMatchGeneral(t *testing.T) {
	bf := refTable(t)
	ms := bf.Models()
	rng := rand.New(rand.NewPCG(4, 2))
	fast, total := 0, 0
	check := func(v *projView, ring []geom.Point, z0, z1 float64) {
		pts, cut := v.prismProject(ring, z0, z1, nil)
		want := geom.ConvexHullInto(nil, slices.Clone(pts))
		if !cut {
			if got, _, ok := pairHull(nil, nil, pts[:len(ring)], pts[len(ring):]); ok && !slices.Equal(got, want) {
				t.Fatalf("pairHull %v, want %v", got, want)
			}
		}
		if h, _ := hullOfPrism(nil, slices.Clone(pts), nil, len(ring), cut); !slices.Equal(h, want) {
			t.Fatalf("hullOfPrism %v, want %v", h, want)
		}
		total++
		if got, _, ok := v.prismOutline(nil, ring, z0, z1); ok {
			fast++
			if !slices.Equal(got, want) {
				t.Fatalf("prismOutline %v, want %v", got, want)
			}
		}
	}
	for k, p := range refPairs(bf) {
		eye, m := ms[p[0]].EyePoint(), &ms[p[1]]
		if k%3 == 1 {
			eye.Z = m.Ground() + rng.Float64()*m.Hull.Height*2 - m.Hull.Height/2
		}
		centre := geom.Lift(m.Position, m.Ground()+m.Hull.Height/2)
		v := newProjView(eye, centre)
		ring := bf.Occluders().Models.Rings[p[1]]
		v.targetRing = ring
		check(&v, ring, m.Ground(), m.Top())
		sc := &fracScratch{}
		v.setWedge(sc)
		if want := geom.ConvexHullInto(nil, append(slices.Clone(ring), geom.Flat(eye))); !slices.Equal(v.wedge, want) {
			t.Fatalf("wedge %v, want %v", v.wedge, want)
		}
		if k%7 == 0 {
			bf.VisitRect(geom.RectFromPoints(geom.Flat(eye)).Union(geom.RectFromPoints(m.Position)), func(it terrain.Item) bool {
				if it.Kind == terrain.ItemPiece {
					for _, part := range bf.Pieces()[it.Index].ConvexParts() {
						check(&v, part, -1, 1+3*rng.Float64())
					}
				}
				return true
			})
		}
	}
	if fast < total*3/4 {
		t.Errorf("prismOutline decided %d of %d prisms, want most", fast, total)
	}
}

// randomConvex returns a counter-clockwise convex polygon: the hull of n
// random points in the box of centre c and half-size r.
func randomConvex(rng *rand.Rand, c geom.Point, r float64, n int) []geom.Point {
	pts := make([]geom.Point, n)
	for i := range pts {
		pts[i] = geom.Pt(c.X+r*(2*rng.Float64()-1), c.Y+r*(2*rng.Float64()-1))
	}
	return geom.ConvexHullInto(nil, pts)
}

// TestClipAndSplitMatchGeneral compares clipConvexBoxed with
// geom.ClipConvex and splitHalfPlane with geom.ClipHalfPlane on random
// convex polygons, including clip polygons sharing edges with the subject.
func TestClipAndSplitMatchGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	var bufA, bufB []geom.Point
	sc := &fracScratch{}
	for k := range 20000 {
		a := randomConvex(rng, geom.Pt(0, 0), 1, 3+rng.IntN(30))
		b := randomConvex(rng, geom.Pt(rng.Float64()*3-1.5, rng.Float64()*3-1.5), 0.2+2*rng.Float64(), 3+rng.IntN(12))
		if k%5 == 0 {
			b = geom.ClipConvex(nil, b, a) // shares a's edges
		}
		if len(a) < 3 || len(b) < 3 {
			continue
		}
		want := geom.ClipConvex(nil, a, b)
		if got := clipConvexBoxed(nil, a, b, &bufA, &bufB); !slices.Equal(got, want) {
			t.Fatalf("clipConvexBoxed(%v, %v) = %v, want %v", a, b, got, want)
		}
		sc.arena = append(sc.arena[:0], a...)
		for i := range b {
			p, q := b[i], b[(i+1)%len(b)]
			out, in, side := sc.splitHalfPlane([2]int{0, len(a)}, p, q)
			wantOut := geom.ClipHalfPlane(nil, a, q, p)
			wantIn := geom.ClipHalfPlane(nil, a, p, q)
			switch side {
			case 1:
				if !slices.Equal(wantIn, a) || (len(wantOut) >= 3 && geom.ConvexArea(wantOut) > 0) {
					t.Fatalf("split of %v by %v→%v: whole left, ClipHalfPlane gives %v and %v", a, p, q, wantIn, wantOut)
				}
			case 0:
				if !slices.Equal(sc.arena[out[0]:out[1]], wantOut) || !slices.Equal(sc.arena[in[0]:in[1]], wantIn) {
					t.Fatalf("split of %v by %v→%v differs from ClipHalfPlane", a, p, q)
				}
			}
			sc.arena = sc.arena[:len(a)]
		}
	}
}

// TestCoverProofSharedMatches compares the cover proof by partHidesShared
// (the visible fraction's, with working space) with the one by partHides
// (Sight's, without) on every pair of the reference table and of a larger
// generated table.
func TestCoverProofSharedMatches(t *testing.T) {
	big, err := terrain.GenerateBattlefield(800, terrain.ScaledGenerate(800))
	if err != nil {
		t.Fatal(err)
	}
	var edges []proofEdge
	for _, bf := range []*terrain.Battlefield{refTable(t), big} {
		ms := bf.Models()
		n, proven := 0, 0
		for i := range ms {
			for j := range ms {
				if i == j || (bf == big && (i*7+j)%11 != 0) {
					continue
				}
				f := newFilter(bf, &Options{}, i, j, nil)
				a, oka := coverProof(bf, ms[i].EyePoint(), j, &f, nil)
				b, okb := coverProof(bf, ms[i].EyePoint(), j, &f, &edges)
				if a != b || oka != okb {
					t.Fatalf("%s→%s: shared %v %v, per ray %v %v", ms[i].ID, ms[j].ID, b, okb, a, oka)
				}
				n++
				if oka {
					proven++
				}
			}
		}
		if proven == 0 || proven == n {
			t.Errorf("%d of %d pairs proven: the comparison tests nothing", proven, n)
		}
	}
}

// TestEyeBuriedGrid compares eyeBuried (the grid's cell first) with the
// visit of the terrain index alone, on random eyes over the reference
// table and a larger one, many of them inside pieces.
func TestEyeBuriedGrid(t *testing.T) {
	big, err := terrain.GenerateBattlefield(800, terrain.ScaledGenerate(800))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for _, bf := range []*terrain.Battlefield{refTable(t), big} {
		f := newFilter(bf, &Options{}, -1, 0, nil)
		buried := 0
		for k := range 20000 {
			var p geom.Point
			if k%2 == 0 {
				// a point near a random piece's centre
				pc := &bf.Pieces()[rng.IntN(len(bf.Pieces()))]
				b := pc.Footprint.Bound()
				p = geom.Pt(b.X.Lo+rng.Float64()*(b.X.Hi-b.X.Lo), b.Y.Lo+rng.Float64()*(b.Y.Hi-b.Y.Lo))
			} else {
				p = geom.Pt(rng.Float64()*400-20, rng.Float64()*400-20)
			}
			eye := geom.Lift(p, rng.Float64()*4)
			a, oka := eyeBuried(bf, &f, eye)
			b, okb := eyeBuriedVisit(bf, &f, eye)
			if a != b || oka != okb {
				t.Fatalf("eye %v: eyeBuried %v %v, visit %v %v", eye, a, oka, b, okb)
			}
			if oka {
				buried++
			}
		}
		if buried == 0 {
			t.Error("no eye buried: the comparison tests nothing")
		}
	}
}
