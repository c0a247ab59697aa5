package los

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// gridSegments returns segments that stress the grid walk (walkCells):
// along column and row boundaries or just off them, through cell corners
// (where the walk steps across a column and a row at the same parameter),
// from and to points outside the grid, ending exactly on a boundary, and
// short ones inside one cell.
func gridSegments(bf *terrain.Battlefield, rng *rand.Rand, n int) [][2]geom.Vec3 {
	g := &bf.Occluders().Grid
	off := []float64{0, 0, 1e-12, -1e-12, 1e-9}
	xb := func() float64 { return g.X0 + float64(rng.Intn(g.NX+1))*g.CW + off[rng.Intn(len(off))] }
	yb := func() float64 { return g.Y0 + float64(rng.Intn(g.NY+1))*g.CH + off[rng.Intn(len(off))] }
	w, h := float64(g.NX)*g.CW, float64(g.NY)*g.CH
	xr := func() float64 { return g.X0 - 5 + rng.Float64()*(w+10) }
	yr := func() float64 { return g.Y0 - 5 + rng.Float64()*(h+10) }
	var out [][2]geom.Vec3
	for len(out) < n {
		z0, z1 := rng.Float64()*3, rng.Float64()*3
		var a, b geom.Point
		switch rng.Intn(6) {
		case 0: // along a column boundary
			x := xb()
			a, b = geom.Pt(x, yr()), geom.Pt(x+[]float64{0, 1e-9, -0.3}[rng.Intn(3)], yr())
		case 1: // along a row boundary
			y := yb()
			a, b = geom.Pt(xr(), y), geom.Pt(xr(), y+[]float64{0, 1e-9, -0.3}[rng.Intn(3)])
		case 2: // through cell corners: the diagonal of a block of k×k cells
			i, j, k := rng.Intn(g.NX), rng.Intn(g.NY), 1+rng.Intn(4)
			sx, sy := []float64{1, -1}[rng.Intn(2)], []float64{1, -1}[rng.Intn(2)]
			a = geom.Pt(g.X0+float64(i)*g.CW, g.Y0+float64(j)*g.CH)
			b = geom.Pt(a.X+sx*float64(k)*g.CW, a.Y+sy*float64(k)*g.CH)
			if rng.Intn(2) == 0 { // extended past the corners at both ends
				d := b.Sub(a).Mul(0.5)
				a, b = a.Sub(d), b.Add(d)
			}
		case 3: // from outside the grid to inside, or across it
			a, b = geom.Pt(xr(), yr()), geom.Pt(xr(), yr())
			if rng.Intn(2) == 0 {
				a = geom.Pt(g.X0-20+rng.Float64()*(w+40), []float64{g.Y0 - 7, g.Y0 + h + 7}[rng.Intn(2)])
			}
		case 4: // ending (or starting) exactly on a boundary
			a, b = geom.Pt(xr(), yr()), geom.Pt(xb(), yr())
			if rng.Intn(2) == 0 {
				b = geom.Pt(xr(), yb())
			}
			if rng.Intn(2) == 0 {
				a, b = b, a
			}
		default: // short, inside one cell or across one boundary
			a = geom.Pt(xr(), yr())
			b = a.Add(geom.Pt((rng.Float64()-0.5)*g.CW, (rng.Float64()-0.5)*g.CH))
		}
		out = append(out, [2]geom.Vec3{geom.Lift(a, z0), geom.Lift(b, z1)})
	}
	return out
}

// TestWalkCellsMatchesReference compares SightSegment (the grid walk and
// its early stop, with the disc and fast prism tests) with the reference
// walk (every occluder) on segments built to stress the grid walk's
// stepping and its first-met test, on the reference table, a dense table
// and a large one, for the nearest blocker and the grazing contacts.
func TestWalkCellsMatchesReference(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	for _, tc := range []struct {
		seed   int64
		pieces int // 0: the reference table's density
	}{{1, 0}, {4, 0}, {5, 800}} {
		g := terrain.DefaultGenerate()
		if tc.pieces > 0 {
			g = terrain.ScaledGenerate(tc.pieces)
		}
		bf, err := terrain.GenerateBattlefield(tc.seed, g)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(tc.seed))
		opts := []Options{{}, {GrazingBlocks: true}, {ThroughOwnSquad: 1}}
		var f [3]filter
		for k := range opts {
			f[k].init(bf, &opts[k], -1, -1, nil)
		}
		blocked := 0
		for k, s := range gridSegments(bf, rng, n) {
			o := k % len(opts)
			want := segment(bf, s[0], s[1], &f[o], segReference)
			got := SightSegment(bf, s[0], s[1], opts[o])
			gk, wk := grazeKey(got.Grazing), grazeKey(want.Grazing)
			if got.Clear != want.Clear || got.Blocker != want.Blocker || got.SquadPassed != want.SquadPassed || gk != wk {
				t.Fatalf("seed %d segment %v→%v %+v:\ngot  %+v grazing [%s]\nwant %+v grazing [%s]",
					tc.seed, s[0], s[1], opts[o], got, gk, want, wk)
			}
			if !want.Clear {
				blocked++
			}
		}
		if blocked == 0 || blocked == n {
			t.Fatalf("seed %d: %d of %d segments blocked: the test needs both", tc.seed, blocked, n)
		}
		// Ending on a piece's leftmost (bottommost) vertex from far to its
		// left (below), across the cell boundary just before the piece's
		// cells a ten-thousandth of the segment before its end: the walk
		// must reach the last cell to find the contact at b.
		gr := &bf.Occluders().Grid
		touched := 0
		for i, p := range bf.Pieces() {
			for axis := range 2 {
				u := p.Footprint.Outer[0]
				for _, v := range p.Footprint.Outer {
					if (axis == 0 && v.X < u.X) || (axis == 1 && v.Y < u.Y) {
						u = v
					}
				}
				var d geom.Point // from b back towards a, per unit of the gap
				if axis == 0 {
					k := gr.Col(u.X - 1e-6)
					d = geom.Pt(-(u.X - (gr.X0 + float64(k)*gr.CW)), 1e-3)
				} else {
					k := gr.Row(u.Y - 1e-6)
					d = geom.Pt(1e-3, -(u.Y - (gr.Y0 + float64(k)*gr.CH)))
				}
				z := p.Height / 2
				b := geom.Lift(u, z)
				a := geom.Lift(u.Add(d.Mul(1e4)), z)
				o := i % len(opts)
				want := segment(bf, a, b, &f[o], segReference)
				got := SightSegment(bf, a, b, opts[o])
				gk, wk := grazeKey(got.Grazing), grazeKey(want.Grazing)
				if got.Clear != want.Clear || got.Blocker != want.Blocker || gk != wk {
					t.Fatalf("seed %d piece %s segment %v→%v %+v:\ngot  %+v grazing [%s]\nwant %+v grazing [%s]",
						tc.seed, p.ID, a, b, opts[o], got, gk, want, wk)
				}
				if (!want.Clear && want.Blocker.ID == p.ID) || strings.Contains(wk, p.ID+"@") {
					touched++
				}
			}
		}
		if touched == 0 {
			t.Fatalf("seed %d: no segment ending on a piece's vertex meets that piece: the test checks nothing", tc.seed)
		}
	}
}

// TestWalkCellsSmallGrids: the grid walk on grids of one row, one column
// and a few cells (hand-built tables: one piece, 2×1 cells; pieces in a
// row, 31×1; in a column, 1×22; two pieces and a model far apart, 3×3)
// answers as the reference walk.
func TestWalkCellsSmallGrids(t *testing.T) {
	var row, col []terrain.Piece
	for k := range 6 {
		x := 2 + 7*float64(k)
		row = append(row, solid(fmt.Sprintf("r%d", k), rectFP(x, 20, x+3, 20.5), 1+float64(k%3)))
		col = append(col, solid(fmt.Sprintf("c%d", k), rectFP(20, x, 21, x+3), 2))
	}
	tables := map[string][]terrain.Piece{
		"one piece": {solid("p", rectFP(10, 10, 14, 12), 2)},
		"row":       row,
		"column":    col,
		"two apart": {solid("a", rectFP(1, 1, 2, 2), 1), building("b", rectFP(40, 44, 46, 47), 5)},
	}
	for name, ps := range tables {
		var ms []terrain.Model
		if name == "two apart" {
			ms = []terrain.Model{tank("t1", "s", 24, 30, 3, 2, 1.5)}
		}
		bf := mustBF(t, ps, ms)
		g := &bf.Occluders().Grid
		rng := rand.New(rand.NewSource(int64(len(ps))))
		var f filter
		f.init(bf, &Options{}, -1, -1, nil)
		blocked := 0
		for _, s := range gridSegments(bf, rng, 1500) {
			want := segment(bf, s[0], s[1], &f, segReference)
			got := SightSegment(bf, s[0], s[1], Options{})
			if got.Clear != want.Clear || got.Blocker != want.Blocker || grazeKey(got.Grazing) != grazeKey(want.Grazing) {
				t.Fatalf("%s (grid %d×%d) segment %v→%v:\ngot  %+v\nwant %+v", name, g.NX, g.NY, s[0], s[1], got, want)
			}
			if !want.Clear {
				blocked++
			}
		}
		if blocked == 0 {
			t.Errorf("%s (grid %d×%d): no segment blocked; the test compares only clear answers", name, g.NX, g.NY)
		}
		t.Logf("%s: grid %d×%d, %d of 1500 blocked", name, g.NX, g.NY, blocked)
	}
}

// TestFiniteVecRecip: finiteVec and recip, by hand (their x - x tests
// stand for math.IsNaN and math.IsInf).
func TestFiniteVecRecip(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct {
		v    geom.Vec3
		want bool
	}{
		{geom.V3(1, -2, 3), true},
		{geom.V3(0, 0, math.Copysign(0, -1)), true},
		{geom.V3(1e308, -1e308, 5e-324), true},
		{geom.V3(inf, 0, 0), false},
		{geom.V3(0, -inf, 0), false},
		{geom.V3(0, 0, nan), false},
		{geom.V3(inf, -inf, 0), false},
		{geom.V3(1e308, 1e308, 0), false}, // the sum overflows
	} {
		if got := finiteVec(c.v); got != c.want {
			t.Errorf("finiteVec(%v) = %v, want %v", c.v, got, c.want)
		}
	}
	for _, c := range []struct{ x, want float64 }{
		{2, 0.5}, {-4, -0.25}, {0, 0}, {math.Copysign(0, -1), 0}, {5e-324, 0}, {1e-308, 1e308},
		{inf, 0}, {-inf, math.Copysign(0, -1)}, {nan, 0},
	} {
		if got := recip(c.x); got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("recip(%g) = %g, want %g", c.x, got, c.want)
		}
	}
}

// TestSightSegmentCrowdedCell: eleven posts 0.1 in square on one line
// inside one grid cell, so that the walk queues more candidates in the
// cell than its queue holds and visits them in batches (flush mid-cell),
// by hand in both directions: the sightline at height 2 passes over the
// posts 1 high, grazes the two 2 high before the tall one, is blocked by
// the tall one (entered at x = 20.95 or 21.05: t = 0.4875 either way), and
// never reaches the one 2 high past it; the same as the reference walk.
func TestSightSegmentCrowdedCell(t *testing.T) {
	var pieces []terrain.Piece
	for _, c := range [][2]float64{{0, 0}, {46, 0}, {0, 46}, {46, 46}} { // the grid's extent
		pieces = append(pieces, solid(fmt.Sprintf("corner-%g-%g", c[0], c[1]), rectFP(c[0], c[1], c[0]+2, c[1]+2), 1))
	}
	heights := map[int]float64{2: 2, 3: 2, 5: 5, 7: 2}
	for k := range 11 {
		x := 20 + 0.2*float64(k)
		h, ok := heights[k]
		if !ok {
			h = 1
		}
		pieces = append(pieces, solid(fmt.Sprintf("post-%d", k), rectFP(x-0.05, 19.95, x+0.05, 20.05), h))
	}
	bf := mustBF(t, pieces, nil)
	g := &bf.Occluders().Grid
	if i, j := g.Col(19.9), g.Row(20); g.Col(22.1) != i || g.Row(19.9) != j || g.Row(20.1) != j {
		t.Fatalf("the posts are not in one cell: grid %d x %d of %g x %g", g.NX, g.NY, g.CW, g.CH)
	}
	for _, c := range []struct {
		a, b   geom.Vec3
		grazed []string
	}{
		{geom.V3(19, 20, 2), geom.V3(23, 20, 2), []string{"post-2", "post-3"}},
		{geom.V3(23, 20, 2), geom.V3(19, 20, 2), []string{"post-7"}},
	} {
		got := SightSegment(bf, c.a, c.b, Options{})
		if got.Clear || got.Blocker.ID != "post-5" || math.Abs(got.Blocker.T-0.4875) > 1e-12 {
			t.Errorf("%v -> %v: clear %v, blocker %q at %v, want post-5 at 0.4875", c.a, c.b, got.Clear, got.Blocker.ID, got.Blocker.T)
		}
		var ids []string
		for _, gz := range got.Grazing {
			ids = append(ids, gz.ID)
		}
		slices.Sort(ids)
		if !slices.Equal(ids, c.grazed) {
			t.Errorf("%v -> %v: grazing %v, want %v", c.a, c.b, ids, c.grazed)
		}
		var f filter
		f.initSegment(bf, &Options{}, nil)
		want := segment(bf, c.a, c.b, &f, segReference)
		if got.Blocker != want.Blocker || grazeKey(got.Grazing) != grazeKey(want.Grazing) {
			t.Errorf("%v -> %v: %+v, the reference walk %+v", c.a, c.b, got, want)
		}
	}
}
