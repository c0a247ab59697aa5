package movement

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// bruteTangents returns the vertices i of ring r with tangent(p, i): the
// scan tangentVerts replaces.
func bruteTangents(r geom.Ring, p geom.Point) []int32 {
	var out []int32
	m := len(r)
	for i := range m {
		n := node{p: r[i], prev: r[(i+m-1)%m], next: r[(i+1)%m], taut: true}
		if tangent(p, &n) {
			out = append(out, int32(i))
		}
	}
	return out
}

// tangentProbes returns points around ring r, the hard ones first: the
// centroid, every 7th vertex, edge midpoints, points on the extension of
// an edge (collinear with it, so s = 0 outside the polygon), just inside
// and outside, then random points near and far.
func tangentProbes(r geom.Ring, rng *rand.Rand) []geom.Point {
	m := len(r)
	var c geom.Point
	for _, v := range r {
		c = c.Add(v)
	}
	c = c.Mul(1 / float64(m))
	ps := []geom.Point{c}
	for i := 0; i < m; i += 7 {
		a, b := r[i], r[(i+1)%m]
		d := b.Sub(a)
		ps = append(ps, a, a.Add(d.Mul(0.5)), a.Add(d.Mul(3)), a.Sub(d.Mul(2)), b.Add(d),
			a.Add(d.Mul(0.5)).Add(d.Ortho().Mul(1e-9)), a.Add(d.Mul(0.5)).Sub(d.Ortho().Mul(1e-9)))
	}
	for range 400 {
		ps = append(ps, c.Add(geom.Pt(rng.NormFloat64(), rng.NormFloat64()).Mul(math.Pow(10, rng.Float64()*3-1))))
	}
	return ps
}

// TestTangentVertsMatchScan: for convex rings of many sizes, the vertices
// tangentVerts offers include every vertex the exact scan finds tangent,
// from every probe point (so nbrsOf, which re-tests them with the same
// predicate, keeps the same list).
func TestTangentVertsMatchScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	for _, m := range []int{32, 33, 100, 1000, 4096} {
		for _, shape := range []string{"circle", "ellipse", "offset square"} {
			var r geom.Ring
			switch shape {
			case "circle":
				r = circlePoly(geom.Pt(10, 7), 3, m).Outer
			case "ellipse":
				r = geom.Ellipse{Center: geom.Pt(-4, 2), A: 6, B: 0.7, Angle: 0.3}.Polygon(0.5 / float64(m))
			default:
				off, err := geom.Offset(box(0, 0, 2, 1), 0.5, 20/float64(m*m))
				if err != nil {
					t.Fatal(err)
				}
				r = off.Outer
				if len(r) < minIndexedRing {
					continue // too few for the search: the scan is used
				}
			}
			nodeOf := make([]int32, len(r))
			var rg tangentRing
			rg.indexRing(r, nodeOf)
			if !rg.indexed {
				t.Errorf("%s of %d vertices: not indexed, want a strictly convex ring", shape, len(r))
				continue
			}
			probes, scanned := tangentProbes(r, rng), 0
			for _, p := range probes {
				want := bruteTangents(r, p)
				got, ok := rg.tangentVerts(nil, p)
				if !ok {
					scanned++
					continue // the caller scans: nothing to compare
				}
				for _, w := range want {
					if !slices.Contains(got, w) {
						t.Errorf("%s of %d vertices from %v: tangentVerts = %v, misses tangent vertex %d (scan %v)", shape, len(r), p, got, w, want)
						break
					}
				}
			}
			if scanned > len(probes)/100 {
				t.Errorf("%s of %d vertices: %d of %d probes fell back to the scan, want under 1%%", shape, len(r), scanned, len(probes))
			}
		}
	}
}

// TestIndexRingRejects: rings the search cannot trust are left to the
// scan.
func TestIndexRingRejects(t *testing.T) {
	circle := circlePoly(geom.Pt(0, 0), 3, 64).Outer
	cw := slices.Clone(circle)
	slices.Reverse(cw)
	dented := slices.Clone(circle)
	dented[5] = dented[5].Mul(0.9)
	twice := append(slices.Clone(circle), circle...)
	small := circlePoly(geom.Pt(0, 0), 3, minIndexedRing-1).Outer
	for _, c := range []struct {
		name string
		r    geom.Ring
	}{{"clockwise", cw}, {"a reflex vertex", dented}, {"winding twice", twice}, {"too few vertices", small}} {
		var rg tangentRing
		rg.indexRing(c.r, make([]int32, len(c.r)))
		if rg.indexed {
			t.Errorf("indexRing(%s) indexed it, want a scanned ring", c.name)
		}
	}
}

// TestNbrsOfMatchesScan: on a set of many-vertex circles (indexed rings)
// and small squares (scanned), and on the reference table, every node's
// candidate list equals the exact scan over all nodes, in order (rings
// skipped by their disc, rings searched by tangentVerts).
func TestNbrsOfMatchesScan(t *testing.T) {
	pieces := []terrain.Piece{
		wall("a", circlePoly(geom.Pt(10, 10), 3, 200)),
		wall("b", circlePoly(geom.Pt(20, 12), 2, 90)),
		wall("c", box(14, 2, 16, 4)),
		wall("d", circlePoly(geom.Pt(15, 20), 4, 300)),
		wall("e", circlePoly(geom.Pt(17, 10.5), 1.5, 64)), // overlaps b's clearance zone
	}
	circles, err := terrain.New(terrain.Table{Width: 30, Depth: 30}, pieces, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		bf      *terrain.Battlefield
		indexed int
	}{{"circles", circles, 3}, {"reference table", ref, 0}} {
		set, err := buildSet(c.bf, setKey{radius: 0.5, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry)})
		if err != nil {
			t.Fatal(err)
		}
		indexed := 0
		for _, rg := range set.rings {
			if rg.indexed {
				indexed++
			}
		}
		if indexed < c.indexed {
			t.Fatalf("%s: %d indexed rings, want at least %d", c.name, indexed, c.indexed)
		}
		follows := 0
		for i := range set.nodes {
			if set.nodes[i].follows {
				follows++
			}
		}
		if c.name == "reference table" && (follows == 0 || follows == len(set.nodes)) {
			t.Fatalf("%s: %d of %d nodes follow their ring neighbour: scanRing's shared and unshared signs are not both tested", c.name, follows, len(set.nodes))
		}
		skipped := 0
		for i := range set.nodes {
			ni := &set.nodes[i]
			cone := coneOf(ni)
			for r := range set.rings {
				if set.rings[r].outsideCone(&cone) {
					skipped++
				}
			}
			var want []int32
			for j := range set.nodes {
				if nj := &set.nodes[j]; j != i && tangent(ni.p, nj) && tangent(nj.p, ni) {
					want = append(want, int32(j))
				}
			}
			var got []int32
			nb := set.nbrsOf(int32(i))
			for k := range nb {
				got = append(got, nb[k].to)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s: nbrsOf(%d at %v) = %v, want the scan's %v", c.name, i, ni.p, got, want)
			}
		}
		if skipped == 0 {
			t.Errorf("%s: no ring was skipped by its disc", c.name)
		}
		t.Logf("%s: %d nodes, %d rings, %d indexed, %d ring skips", c.name, len(set.nodes), len(set.rings), indexed, skipped)
	}
}

// TestTouchesMatchesFirstContact: the edge tree's contact test agrees
// with the full scan on random segments near a many-vertex polygon, also
// segments starting inside it and points.
func TestTouchesMatchesFirstContact(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	for _, poly := range []geom.Polygon{circlePoly(geom.Pt(5, 5), 3, 500), geom.PolygonFromPoints(
		geom.Pt(0, 0), geom.Pt(10, 0), geom.Pt(10, 10), geom.Pt(9, 10), geom.Pt(9, 1), geom.Pt(1, 1), geom.Pt(1, 10), geom.Pt(0, 10))} {
		plain := coreFromPolygon(poly)
		tree := coreFromPolygon(poly)
		// densify the U so that it has enough edges for a tree
		if len(tree.edges) < minTreeEdges {
			var pts []geom.Point
			for _, e := range tree.edges {
				for k := range 20 {
					pts = append(pts, e.At(float64(k)/20))
				}
			}
			plain = coreFromPolygon(geom.PolygonFromPoints(pts...))
			tree = coreFromPolygon(geom.PolygonFromPoints(pts...))
		}
		tree.indexEdges()
		if tree.tree == nil {
			t.Fatalf("%d edges: no tree", len(tree.edges))
		}
		hits := 0
		for k := range 3000 {
			a := geom.Pt(rng.Float64()*14-2, rng.Float64()*14-2)
			b := a.Add(geom.Pt(rng.NormFloat64(), rng.NormFloat64()).Mul(rng.Float64() * 4))
			if k%5 == 0 {
				b = a
			}
			s := geom.Segment{A: a, B: b}
			for _, r := range []float64{0, 0.3, 1} {
				_, want := plain.firstContact(s, r)
				if got := tree.touches(s, r); got != want {
					t.Fatalf("touches(%v, %v) = %v, firstContact says %v", s, r, got, want)
				}
				if want {
					hits++
				}
			}
		}
		if hits == 0 || hits == 9000 {
			t.Fatalf("%d of 9000 tests hit: the probes do not exercise both answers", hits)
		}
	}
}

// TestScanRingMatchesPlainScan: scanRing's call-free loops (chained rings
// and others), with their candidate buffer full at once (0 or 1 slots) or
// not, give the plain
// scan's list (scanRingFrom from the first node) for every node and ring
// of two tables, and the signs its float filter cannot tell (a node
// collinear with p and its neighbour) occur, so the hand-over is tested.
func TestScanRingMatchesPlainScan(t *testing.T) {
	circles, err := terrain.New(terrain.Table{Width: 30, Depth: 30}, []terrain.Piece{
		wall("a", circlePoly(geom.Pt(10, 10), 3, 12)),
		wall("b", box(14, 2, 16, 4)),
		wall("c", box(14, 8, 16, 10)),
		wall("d", circlePoly(geom.Pt(20, 20), 2, 8)),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	chains, rings := 0, 0
	for _, c := range []struct {
		name string
		bf   *terrain.Battlefield
	}{{"boxes", circles}, {"reference table", ref}} {
		set, err := buildSet(c.bf, setKey{radius: 0.5, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry)})
		if err != nil {
			t.Fatal(err)
		}
		for _, rg := range set.rings {
			if rg.chain {
				chains++
			}
		}
		rings += len(set.rings)
		collinear, found := 0, 0
		for i := range set.nodes {
			p := set.nodes[i].p
			for r := range set.rings {
				rg := &set.rings[r]
				want := set.scanRingFrom(nil, rg, int32(i), 0, 0)
				found += len(want)
				for _, size := range []int{0, 1, 16} {
					if got := set.scanRingBuf(nil, rg, int32(i), make([]int32, size)); !slices.Equal(got, want) {
						t.Fatalf("%s: node %d, ring %d, %d slots: scanRingBuf = %v, want %v", c.name, i, r, size, got, want)
					}
				}
				for k := rg.lo; k < rg.hi; k++ {
					if nj := &set.nodes[k]; geom.Orient(p, nj.p, nj.next) == 0 || geom.Orient(p, nj.p, nj.prev) == 0 {
						collinear++
						break
					}
				}
			}
		}
		if collinear == 0 || found == 0 {
			t.Fatalf("%s: %d scans met a collinear node, %d nodes found: the hand-over or the lists are untested", c.name, collinear, found)
		}
		t.Logf("%s: %d nodes, %d rings, %d scans with a collinear node", c.name, len(set.nodes), len(set.rings), collinear)
	}
	if chains == 0 || chains == rings {
		t.Fatalf("%d of %d rings are chained: scanChain and the general loop are not both tested", chains, rings)
	}
}

// TestFilterBoundCoversNodes: a ring's filterBound is at least the float
// filter's own bound for every orientation Orient(p, v, c) of a node v of
// the ring and c either ring neighbour, for points p on and off the table
// (the set's nodes, random points, far points), on six generated tables.
func TestFilterBoundCoversNodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	tested := 0
	for seed := int64(1); seed <= 6; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		set, err := buildSet(bf, setKey{radius: 0.5, chord: DefaultChordError, prof: ProfileFor(terrain.Infantry)})
		if err != nil {
			t.Fatal(err)
		}
		for r := range set.rings {
			rg := &set.rings[r]
			for range 20 {
				var p geom.Point
				switch rng.IntN(3) {
				case 0:
					p = set.nodes[rng.IntN(len(set.nodes))].p
				case 1:
					p = geom.Pt(rng.Float64()*48, rng.Float64()*48)
				default:
					p = geom.Pt((rng.Float64()-0.5)*1e4, (rng.Float64()-0.5)*1e4)
				}
				bd := rg.filterBound(p)
				for k := rg.lo; k < rg.hi; k++ {
					v := &set.nodes[k]
					for _, c := range []geom.Point{v.prev, v.next} {
						l := (p.X - c.X) * (v.p.Y - c.Y)
						rr := (p.Y - c.Y) * (v.p.X - c.X)
						if own := orientFilterBound*(math.Abs(l)+math.Abs(rr)) + orientFilterTiny; own > bd {
							t.Fatalf("seed %d, ring %d, p %v, node %v, neighbour %v: filter bound %v, the node's own %v", seed, r, p, v.p, c, bd, own)
						}
						tested++
					}
				}
			}
		}
	}
	if tested == 0 {
		t.Fatal("nothing tested")
	}
}
