package geom

import (
	"math"
	"math/big"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"testing"

	sf "github.com/peterstace/simplefeatures/geom"
)

// sq returns the counter-clockwise square [x, x+s]×[y, y+s].
func sq(x, y, s float64) []Point {
	return []Point{Pt(x, y), Pt(x+s, y), Pt(x+s, y+s), Pt(x, y+s)}
}

func TestConvexUnionArea(t *testing.T) {
	// A tiny square, 0.07 in across, far from the origin, as the los
	// projection produces: [31.5, 31.57]×[12.25, 12.32].
	const s = 0.07
	tests := []struct {
		name  string
		polys [][]Point
		want  float64
	}{
		{"empty", nil, 0},
		{"one", [][]Point{sq(0, 0, 2)}, 4},
		// 4 + 4 - overlap 1 = 7.
		{"overlapping", [][]Point{sq(0, 0, 2), sq(1, 1, 2)}, 7},
		{"identical", [][]Point{sq(0, 0, 2), sq(0, 0, 2), sq(0, 0, 2)}, 4},
		{"shared edge", [][]Point{sq(0, 0, 2), sq(2, 0, 2)}, 8},
		// Half-shared edge: [0,2]² and [2,4]x[1,3] → 4 + 4 = 8.
		{"partly shared edge", [][]Point{sq(0, 0, 2), sq(2, 1, 2)}, 8},
		{"nested", [][]Point{sq(0, 0, 4), sq(1, 1, 1)}, 16},
		{"nested touching", [][]Point{sq(0, 0, 4), sq(0, 0, 1)}, 16},
		{"nested first", [][]Point{sq(1, 1, 1), sq(0, 0, 4)}, 16},
		{"clockwise input", [][]Point{Ring(sq(0, 0, 2)).Reversed(), sq(1, 1, 2)}, 7},
		{"disjoint", [][]Point{sq(0, 0, 1), sq(5, 5, 1)}, 2},
		{"degenerate skipped", [][]Point{sq(0, 0, 1), {Pt(0, 0), Pt(1, 1)}}, 1},
		{"flat skipped", [][]Point{sq(0, 0, 1), {Pt(0, 0), Pt(1, 1), Pt(2, 2)}}, 1},
		{"NaN skipped", [][]Point{sq(0, 0, 1), {Pt(0, 0), Pt(math.NaN(), 1), Pt(2, 0)}}, 1},
		// Four right triangles with legs 1 around the origin make the
		// diamond |x|+|y| <= 1: 4 × 1/2 = 2; a repeated one adds nothing.
		{"fan", [][]Point{
			{Pt(0, 0), Pt(1, 0), Pt(0, 1)}, {Pt(0, 0), Pt(0, 1), Pt(-1, 0)},
			{Pt(0, 0), Pt(-1, 0), Pt(0, -1)}, {Pt(0, 0), Pt(0, -1), Pt(1, 0)},
			{Pt(0, 1), Pt(0, 0), Pt(1, 0)},
		}, 2},
		// Two triangles with legs 2 touching only at the origin: 2 + 2.
		{"bow tie", [][]Point{{Pt(0, 0), Pt(2, 0), Pt(0, 2)}, {Pt(0, 0), Pt(-2, 0), Pt(0, -2)}}, 4},
		// The square [0,2]² and its triangle halves: the square alone.
		{"halves inside", [][]Point{
			{Pt(0, 0), Pt(2, 0), Pt(2, 2)}, sq(0, 0, 2), {Pt(0, 0), Pt(2, 2), Pt(0, 2)},
		}, 4},
		// A square and a diamond through its edge midpoints: 4.
		{"inscribed diamond", [][]Point{{Pt(1, 0), Pt(2, 1), Pt(1, 2), Pt(0, 1)}, sq(0, 0, 2)}, 4},
		// Square [0,2]² and the triangle (1,1),(3,1),(1,3): the triangle
		// (area 2) overlaps the square in the triangle (1,1),(2,1),(1,2)
		// (area 1/2) plus the square's corner region x+y <= 4 within
		// [1,2]²: that is all of [1,2]² (area 1). 4 + 2 - 1 = 5.
		{"triangle over corner", [][]Point{sq(0, 0, 2), {Pt(1, 1), Pt(3, 1), Pt(1, 3)}}, 5},
		// Tiny scale: s² = 0.0049; two shifted by half: 2s² - s²/2 = 1.5 s².
		{"tiny", [][]Point{sq(31.5, 12.25, s)}, s * s},
		{"tiny half overlap", [][]Point{sq(31.5, 12.25, s), sq(31.5+s/2, 12.25, s)}, 1.5 * s * s},
	}
	for _, tt := range tests {
		got := ConvexUnionArea(tt.polys)
		if math.Abs(got-tt.want) > 1e-12*math.Max(1e-3, tt.want) {
			t.Errorf("%s: ConvexUnionArea(%v) = %v, want %v", tt.name, tt.polys, got, tt.want)
		}
	}
}

// TestConvexUnionAreaNearlyCoincident covers the los failure: a convex
// silhouette, parts clipped to it or cut from it (whose new vertices lie on
// its edges only up to rounding) and a copy of it, so the union is the
// silhouette up to ulp-sized slivers. The old boundary-integration code was
// off by 1.2e-4 of the area on "report" (in one of the two orders).
func TestConvexUnionAreaNearlyCoincident(t *testing.T) {
	sil := []Point{Pt(20.01, 7.5), Pt(20.06, 7.49), Pt(20.08, 7.52), Pt(20.04, 7.55), Pt(20.0, 7.53)}
	built := [][]Point{}
	// Occluders crossing the silhouette's edges, clipped to it.
	for _, o := range [][]Point{
		{Pt(19.99, 7.48), Pt(20.05, 7.485), Pt(20.04, 7.53), Pt(19.995, 7.52)},
		{Pt(20.03, 7.47), Pt(20.1, 7.5), Pt(20.07, 7.56), Pt(20.02, 7.52)},
		{Pt(20.0, 7.51), Pt(20.09, 7.51), Pt(20.09, 7.6), Pt(20.0, 7.6)},
	} {
		if c := ClipConvex(nil, o, sil); len(c) >= 3 {
			built = append(built, c)
		}
	}
	// Corner triangles through points computed on the silhouette's edges.
	for k := range sil {
		a, b, c := sil[k], sil[(k+1)%len(sil)], sil[(k+2)%len(sil)]
		built = append(built, []Point{Seg(a, b).At(0.3), b, Seg(b, c).At(0.7)})
	}
	built = append(built, slices.Clone(sil))
	// Found by genSilhouette: the hexagon's vertices lie on the clockwise
	// triangle's edges up to rounding (two are an ulp outside).
	tri := []Point{Pt(17.82071090214284, 19.284900826617235), Pt(17.8062840815289, 19.2652722657602), Pt(17.766730468679192, 19.264827084886083)}
	hex := []Point{Pt(17.766730468679192, 19.264827084886083), Pt(17.772566144537482, 19.264892766149877),
		Pt(17.8062840815289, 19.2652722657602), Pt(17.809724582392015, 19.2699532749983),
		Pt(17.816905639802933, 19.279723537357558), Pt(17.768343546496823, 19.265426941267844)}
	rev := slices.Clone(built)
	slices.Reverse(rev)
	tests := []struct {
		name  string
		polys [][]Point
		outer []Point // the union up to rounding
	}{
		{"built", built, sil},
		{"built reversed", rev, sil},
		{"report", [][]Point{hex, tri}, tri},
		{"report swapped", [][]Point{tri, hex}, tri},
	}
	for _, tt := range tests {
		got := ConvexUnionArea(tt.polys)
		outer := math.Abs(ConvexArea(tt.outer))
		if math.Abs(got-outer) > 1e-12*outer {
			t.Errorf("%s: ConvexUnionArea = %v, outer polygon's area %v", tt.name, got, outer)
		}
		if want := unionAreaExact(tt.polys); math.Abs(got-want) > 1e-12*want {
			t.Errorf("%s: ConvexUnionArea = %v, exact %v", tt.name, got, want)
		}
		if want := sfUnionArea(t, tt.polys); math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s: ConvexUnionArea = %v, simplefeatures %v", tt.name, got, want)
		}
	}
}

// ringToSF converts a ring to a simplefeatures polygon (closing it).
func ringToSF(pts []Point) sf.Geometry {
	var xy []float64
	for _, p := range pts {
		xy = append(xy, p.X, p.Y)
	}
	xy = append(xy, pts[0].X, pts[0].Y)
	return sf.NewPolygonXY(xy).AsGeometry()
}

// sfUnionArea is the area of the simplefeatures overlay union.
func sfUnionArea(t testing.TB, polys [][]Point) float64 {
	var gs []sf.Geometry
	for _, p := range polys {
		if len(p) >= 3 {
			gs = append(gs, ringToSF(p))
		}
	}
	u, err := sf.UnionMany(gs)
	if err != nil {
		t.Fatalf("simplefeatures UnionMany(%v): %v", polys, err)
	}
	return u.Area()
}

// unionAreaExact is the reference for ConvexUnionArea: the same vertical
// slabs, but with every slab boundary (vertex x and exact crossing x of
// edges properly crossing, found with the exact IntersectSegments) and
// every section computed in rational arithmetic, so the midpoint rule in
// each slab is exact. Polygons must be convex (either orientation);
// those with fewer than 3 vertices are ignored. It is slow.
func unionAreaExact(polys [][]Point) float64 {
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	var xs []*big.Rat
	for _, p := range polys {
		if len(p) >= 3 {
			for _, v := range p {
				xs = append(xs, rat(v.X))
			}
		}
	}
	for i, pi := range polys {
		for _, pj := range polys[i+1:] {
			if len(pi) < 3 || len(pj) < 3 {
				continue
			}
			for a := range pi {
				s := Seg(pi[a], pi[(a+1)%len(pi)])
				for b := range pj {
					u := Seg(pj[b], pj[(b+1)%len(pj)])
					if IntersectSegments(s, u).Kind != Crossing {
						continue
					}
					// s.A + τ(s.B-s.A) with τ = ((u.A-s.A)×d2)/(d1×d2).
					d1x, d1y := ratSub(s.B.X, s.A.X), ratSub(s.B.Y, s.A.Y)
					d2x, d2y := ratSub(u.B.X, u.A.X), ratSub(u.B.Y, u.A.Y)
					wx, wy := ratSub(u.A.X, s.A.X), ratSub(u.A.Y, s.A.Y)
					den := new(big.Rat).Sub(mul(d1x, d2y), mul(d1y, d2x))
					num := new(big.Rat).Sub(mul(wx, d2y), mul(wy, d2x))
					xs = append(xs, new(big.Rat).Add(rat(s.A.X), mul(num.Quo(num, den), d1x)))
				}
			}
		}
	}
	slices.SortFunc(xs, func(a, b *big.Rat) int { return a.Cmp(b) })
	type iv struct{ lo, hi *big.Rat }
	area := new(big.Rat)
	for k := 1; k < len(xs); k++ {
		xa, xb := xs[k-1], xs[k]
		if xa.Cmp(xb) == 0 {
			continue
		}
		xm := new(big.Rat).Add(xa, xb)
		xm.Quo(xm, big.NewRat(2, 1))
		var ivs []iv
		for _, p := range polys {
			if len(p) < 3 {
				continue
			}
			var sec *iv
			for e := range p {
				a, b := p[e], p[(e+1)%len(p)]
				x0, x1 := rat(a.X), rat(b.X)
				if a.X == b.X || (xm.Cmp(x0) < 0) == (xm.Cmp(x1) < 0) {
					continue
				}
				y := new(big.Rat).Sub(xm, x0)
				y.Mul(y, ratSub(b.Y, a.Y))
				y.Quo(y, new(big.Rat).Sub(x1, x0))
				y.Add(y, rat(a.Y))
				switch {
				case sec == nil:
					sec = &iv{y, y}
				case y.Cmp(sec.lo) < 0:
					sec.lo = y
				case y.Cmp(sec.hi) > 0:
					sec.hi = y
				}
			}
			if sec != nil {
				ivs = append(ivs, *sec)
			}
		}
		slices.SortFunc(ivs, func(a, b iv) int { return a.lo.Cmp(b.lo) })
		length := new(big.Rat)
		for m := 0; m < len(ivs); {
			lo, hi := ivs[m].lo, ivs[m].hi
			for m++; m < len(ivs) && ivs[m].lo.Cmp(hi) <= 0; m++ {
				if ivs[m].hi.Cmp(hi) > 0 {
					hi = ivs[m].hi
				}
			}
			length.Add(length, new(big.Rat).Sub(hi, lo))
		}
		area.Add(area, mul(new(big.Rat).Sub(xb, xa), length))
	}
	f, _ := area.Float64()
	return f
}

// randomConvex returns the hull of a few random grid points (a grid makes
// shared edges and vertices common).
func randomConvex(rng *rand.Rand) []Point {
	var pts []Point
	cx, cy := float64(rng.IntN(8)), float64(rng.IntN(8))
	for range 3 + rng.IntN(5) {
		pts = append(pts, Pt(cx+float64(rng.IntN(5)), cy+float64(rng.IntN(5))))
	}
	return ConvexHull(nil, pts)
}

// genGrid returns up to 5 hulls of grid points: exactly shared vertices
// and edges, in both orientations.
func genGrid(rng *rand.Rand) [][]Point {
	var polys [][]Point
	for range 1 + rng.IntN(5) {
		polys = append(polys, randomConvex(rng))
	}
	return polys
}

// tinyConvex returns a random convex polygon about 0.07 in across
// centred at c, with 3 to 10 vertices.
func tinyConvex(rng *rand.Rand, c Point, r float64) []Point {
	var pts []Point
	for range 3 + rng.IntN(8) {
		a := rng.Float64() * 2 * math.Pi
		pts = append(pts, c.Add(Pt(r*math.Cos(a), 0.6*r*math.Sin(a))))
	}
	return ConvexHull(nil, pts)
}

// genSilhouette imitates los: a tiny silhouette somewhere on a 48 in
// table, with 2 to 9 parts that are occluders clipped to it, copies of it,
// or hulls of its vertices, of points computed on its edges and of points
// on its chords (nearly coincident edges, nesting, shared vertices).
func genSilhouette(rng *rand.Rand) [][]Point {
	c := Pt(rng.Float64()*48, rng.Float64()*48)
	sil := tinyConvex(rng, c, 0.035)
	if len(sil) < 3 {
		return nil
	}
	var polys [][]Point
	for range 2 + rng.IntN(8) {
		var q []Point
		switch rng.IntN(4) {
		case 0:
			oc := c.Add(Pt((rng.Float64()-0.5)*0.1, (rng.Float64()-0.5)*0.1))
			q = ClipConvex(nil, tinyConvex(rng, oc, 0.01+0.04*rng.Float64()), sil)
		case 1:
			q = slices.Clone(sil)
		default:
			var o []Point
			for range 3 + rng.IntN(5) {
				switch rng.IntN(3) {
				case 0:
					o = append(o, sil[rng.IntN(len(sil))])
				case 1:
					k := rng.IntN(len(sil))
					o = append(o, Seg(sil[k], sil[(k+1)%len(sil)]).At(rng.Float64()))
				default:
					a, b := sil[rng.IntN(len(sil))], sil[rng.IntN(len(sil))]
					o = append(o, Seg(a, b).At(rng.Float64()))
				}
			}
			q = ConvexHull(nil, o)
		}
		if len(q) >= 3 {
			if rng.IntN(3) == 0 {
				q = Ring(q).Reversed()
			}
			polys = append(polys, q)
		}
	}
	return polys
}

// genFan returns triangles around a shared vertex: neighbours share a
// spoke exactly, some are repeated, some overlap their neighbours.
func genFan(rng *rand.Rand) [][]Point {
	c := Pt(rng.Float64()*48, rng.Float64()*48)
	r := 0.035
	n := 3 + rng.IntN(8)
	var spokes []Point
	a0 := rng.Float64() * 2 * math.Pi
	for k := range n {
		a := a0 + 2*math.Pi*(float64(k)+0.8*rng.Float64())/float64(n)
		spokes = append(spokes, c.Add(Pt(r*math.Cos(a), r*math.Sin(a))))
	}
	var polys [][]Point
	for k := range n {
		if rng.IntN(5) == 0 {
			continue // a gap
		}
		step := 1
		if rng.IntN(4) == 0 && n > 3 {
			step = 2 // overlaps the next triangle
		}
		polys = append(polys, []Point{c, spokes[k], spokes[(k+step)%n]})
	}
	return polys
}

// genSliver returns a tiny polygon and slivers along its edges: triangles
// on an edge whose apex is 0 to a few ulps off the edge, on either side.
func genSliver(rng *rand.Rand) [][]Point {
	c := Pt(rng.Float64()*48, rng.Float64()*48)
	base := tinyConvex(rng, c, 0.035)
	if len(base) < 3 {
		return nil
	}
	polys := [][]Point{base}
	for range 1 + rng.IntN(6) {
		k := rng.IntN(len(base))
		a, b := base[k], base[(k+1)%len(base)]
		m := Seg(a, b).At(rng.Float64())
		m.X = math.Nextafter(m.X, m.X+float64(rng.IntN(5)-2))
		m.Y = math.Nextafter(m.Y, m.Y+float64(rng.IntN(5)-2))
		if Orient(a, b, m) == 0 {
			continue
		}
		p := Seg(a, b).At(0.5 * rng.Float64())
		polys = append(polys, []Point{p, b, m}, []Point{a, m, b})
	}
	return polys
}

func TestConvexUnionAreaDifferential(t *testing.T) {
	gens := []struct {
		name string
		gen  func(*rand.Rand) [][]Point
	}{{"grid", genGrid}, {"silhouette", genSilhouette}, {"fan", genFan}, {"sliver", genSliver}}
	rng := rand.New(rand.NewPCG(9, 10))
	n := 20000
	if testing.Short() || raceEnabled() {
		n = 2000 // the overlay is slow under the race detector
	}
	sfWrong := map[string]int{}
	for iter := range n {
		g := gens[iter%len(gens)]
		polys := g.gen(rng)
		got := ConvexUnionArea(polys)
		// Rounding floor: 1e-12 of the bounding box area.
		box := EmptyRect()
		for _, p := range polys {
			box = box.Union(RectFromPoints(p...))
		}
		floor := 0.0
		if !box.IsEmpty() {
			floor = 1e-12 * box.Size().X * box.Size().Y
		}
		want := sfUnionArea(t, polys)
		if math.Abs(got-want) <= 1e-9*want+floor && iter%10 != 0 {
			continue
		}
		// Disagreement with the overlay (or every 10th set): the exact
		// reference decides.
		exact := unionAreaExact(polys)
		if math.Abs(got-exact) > 1e-9*exact+floor {
			t.Fatalf("%s set %d: ConvexUnionArea(%v) = %v, exact %v, simplefeatures %v",
				g.name, iter, polys, got, exact, want)
		}
		if math.Abs(got-want) > 1e-9*want+floor {
			sfWrong[g.name]++
		}
	}
	// The overlay snaps nearly coincident edges together, so on slivers a
	// few ulps thick it is off by the sliver areas; there the exact
	// reference decided. Elsewhere it should agree almost always.
	t.Logf("%d sets; simplefeatures off by more than 1e-9 (exact reference agreeing with ConvexUnionArea): %v", n, sfWrong)
	if sfWrong["grid"]+sfWrong["fan"] > 0 {
		t.Errorf("simplefeatures disagreed on exact grid or fan sets: %v", sfWrong)
	}
}

// raceEnabled reports whether the test binary was built with -race.
func raceEnabled() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

// TestConvexUnionAreaInvariance checks properties that need no oracle on
// the adversarial generators: bounds by the largest and the summed single
// areas, and invariance under reordering, reorienting and rotating the
// vertex lists.
func TestConvexUnionAreaInvariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 5000 {
		var polys [][]Point
		switch iter % 3 {
		case 0:
			polys = genSilhouette(rng)
		case 1:
			polys = genFan(rng)
		default:
			polys = genSliver(rng)
		}
		checkUnionProperties(t, polys, rng)
	}
}

// unionRounding bounds the absolute rounding error of shoelace and slab
// areas of nv vertices within box: a few ulps of the largest coordinate
// times the extent, per vertex.
func unionRounding(box Rect, nv int) float64 {
	if box.IsEmpty() {
		return 0
	}
	m := math.Max(math.Max(math.Abs(box.X.Lo), math.Abs(box.X.Hi)),
		math.Max(math.Abs(box.Y.Lo), math.Abs(box.Y.Hi)))
	w := math.Max(box.Size().X, box.Size().Y)
	return 4 * epsilon * m * w * float64(nv+1)
}

// checkUnionProperties reports a test error if ConvexUnionArea(polys) is
// below the largest single area or above the summed areas (beyond
// rounding), or changes by more than rounding when the polygons are
// permuted, reversed and their vertex lists rotated.
func checkUnionProperties(t *testing.T, polys [][]Point, rng *rand.Rand) {
	t.Helper()
	got := ConvexUnionArea(polys)
	maxA, sumA, nv := 0.0, 0.0, 0
	box := EmptyRect()
	for _, p := range polys {
		a := math.Abs(ConvexArea(p))
		maxA, sumA, nv = math.Max(maxA, a), sumA+a, nv+len(p)
		box = box.Union(RectFromPoints(p...))
	}
	eps := unionRounding(box, nv) + 1e-12*sumA
	if got < maxA-eps || got > sumA+eps || math.IsNaN(got) {
		t.Fatalf("ConvexUnionArea(%v) = %v, want in [%v, %v]", polys, got, maxA, sumA)
	}
	perm := slices.Clone(polys)
	rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	for i, p := range perm {
		q := slices.Clone(p)
		if len(q) > 0 {
			k := rng.IntN(len(q))
			q = append(q[k:], q[:k]...)
		}
		if rng.IntN(2) == 0 {
			slices.Reverse(q)
		}
		perm[i] = q
	}
	if g2 := ConvexUnionArea(perm); math.Abs(g2-got) > eps {
		t.Fatalf("ConvexUnionArea(%v) = %v but %v reordered as %v", polys, got, g2, perm)
	}
}
