package terrain

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/sightline/sightline/geom"
)

func TestHitsSegment(t *testing.T) {
	b := box3{lo: [3]float64{1, 1, 0}, hi: [3]float64{3, 3, 2}}
	tests := []struct {
		name string
		a, c geom.Vec3
		want bool
	}{
		{"through the middle", geom.V3(0, 2, 1), geom.V3(4, 2, 1), true},
		{"above", geom.V3(0, 2, 2.5), geom.V3(4, 2, 2.5), false},
		{"on the top face", geom.V3(0, 2, 2), geom.V3(4, 2, 2), true},
		// (0,0)-(2,2) at z=1 reaches the corner edge x=y=1 at t=0.5
		{"through the vertical edge", geom.V3(0, 0, 1), geom.V3(2, 2, 1), true},
		// (0,2)-(2,4): x=1 at y=3, the corner (1,3) exactly
		{"touching corner", geom.V3(0, 2, 1), geom.V3(2, 4, 1), true},
		{"missing corner", geom.V3(0, 2.01, 1), geom.V3(2, 4.01, 1), false},
		{"stops short", geom.V3(0, 2, 1), geom.V3(0.999, 2, 1), false},
		{"ends on the face", geom.V3(0, 2, 1), geom.V3(1, 2, 1), true},
		{"inside", geom.V3(2, 2, 1), geom.V3(2.5, 2.5, 1.5), true},
		{"point inside", geom.V3(2, 2, 1), geom.V3(2, 2, 1), true},
		{"point outside", geom.V3(0, 2, 1), geom.V3(0, 2, 1), false},
		{"descending into the roof", geom.V3(2, 2, 5), geom.V3(2, 2, 1.9), true},
		{"diagonal over the roof", geom.V3(0, 0, 2.6), geom.V3(4, 4, 2.01), false},
	}
	for _, tc := range tests {
		a := [3]float64{tc.a.X, tc.a.Y, tc.a.Z}
		d := [3]float64{tc.c.X - tc.a.X, tc.c.Y - tc.a.Y, tc.c.Z - tc.a.Z}
		if got := b.hitsSegment(a, d, 3); got != tc.want {
			t.Errorf("%s: hitsSegment(%v, %v) = %v, want %v", tc.name, tc.a, tc.c, got, tc.want)
		}
	}
	// An infinite top (smoke): a segment high above still hits.
	s := box3{lo: [3]float64{1, 1, 0}, hi: [3]float64{3, 3, math.Inf(1)}}
	if !s.hitsSegment([3]float64{0, 2, 500}, [3]float64{4, 0, 0}, 3) {
		t.Errorf("segment at z=500 misses a box with an infinite top")
	}
}

// TestHitsSegmentSampled: a segment with a sample point inside a box must
// hit it (no false negatives), checked independently of the slab method.
func TestHitsSegmentSampled(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 20000 {
		var b box3
		var a, c [3]float64
		for k := range 3 {
			x, y := rng.Float64()*10, rng.Float64()*10
			b.lo[k], b.hi[k] = min(x, y), max(x, y)
			a[k], c[k] = rng.Float64()*14-2, rng.Float64()*14-2
		}
		d := [3]float64{c[0] - a[0], c[1] - a[1], c[2] - a[2]}
		inside := false
		for i := 0; i <= 64 && !inside; i++ {
			tt := float64(i) / 64
			in := true
			for k := range 3 {
				v := a[k] + tt*d[k]
				in = in && v >= b.lo[k] && v <= b.hi[k]
			}
			inside = in
		}
		if inside && !b.hitsSegment(a, d, 3) {
			t.Fatalf("box %v: segment %v + t*%v has a point inside but hitsSegment is false", b, a, d)
		}
	}
}

// randomBattlefield is a generated table with a few extra random items to
// vary counts.
func randomBattlefield(t testing.TB, seed int64, pieces, models int) *Battlefield {
	bf, err := GenerateBattlefield(seed, GenerateOptions{Width: 48, Depth: 36, Pieces: pieces, Models: models})
	if err != nil {
		t.Fatalf("GenerateBattlefield(%d) = %v", seed, err)
	}
	return bf
}

// bruteForce lists the items whose ItemBox satisfies hit.
func bruteForce(bf *Battlefield, hit func(*box3) bool) []Item {
	var out []Item
	for i := range bf.pieces {
		if hit(&bf.pieceBoxes[i]) {
			out = append(out, Item{ItemPiece, i})
		}
	}
	for i := range bf.models {
		if hit(&bf.modelBoxes[i]) {
			out = append(out, Item{ItemModel, i})
		}
	}
	return out
}

func collect(visit func(func(Item) bool)) []Item {
	var out []Item
	visit(func(it Item) bool { out = append(out, it); return true })
	return out
}

func sortItems(s []Item) []Item {
	slices.SortFunc(s, func(a, b Item) int {
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		return a.Index - b.Index
	})
	return s
}

func sameItems(a, b []Item) bool { return slices.Equal(sortItems(a), sortItems(b)) }

func TestIndexMatchesBruteForce(t *testing.T) {
	for seed := range int64(12) {
		bf := randomBattlefield(t, seed, int(seed*9), int(seed*11))
		rng := rand.New(rand.NewPCG(uint64(seed), 99))
		for range 300 {
			a := geom.V3(rng.Float64()*52-2, rng.Float64()*40-2, rng.Float64()*8)
			c := geom.V3(rng.Float64()*52-2, rng.Float64()*40-2, rng.Float64()*8)
			s := geom.Segment3{A: a, B: c}
			ad := [3]float64{a.X, a.Y, a.Z}
			d := [3]float64{c.X - a.X, c.Y - a.Y, c.Z - a.Z}
			got := collect(func(f func(Item) bool) { bf.VisitSegment(s, f) })
			want := bruteForce(bf, func(b *box3) bool { return b.hitsSegment(ad, d, 3) })
			if !sameItems(got, want) {
				t.Fatalf("seed %d: VisitSegment(%v) = %v, want %v", seed, s, got, want)
			}
			fs := geom.Seg(geom.Flat(a), geom.Flat(c))
			got = collect(func(f func(Item) bool) { bf.VisitFlatSegment(fs, f) })
			want = bruteForce(bf, func(b *box3) bool { return b.hitsSegment(ad, d, 2) })
			if !sameItems(got, want) {
				t.Fatalf("seed %d: VisitFlatSegment(%v) = %v, want %v", seed, fs, got, want)
			}
			r := geom.RectFromPoints(geom.Flat(a), geom.Pt(a.X+rng.Float64()*6, a.Y+rng.Float64()*6))
			got = collect(func(f func(Item) bool) { bf.VisitRect(r, f) })
			// independent rectangle test: r2.Rect.Intersects on the plan
			want = bruteForce(bf, func(b *box3) bool {
				return r.Intersects(geom.RectFromPoints(geom.Pt(b.lo[0], b.lo[1]), geom.Pt(b.hi[0], b.hi[1])))
			})
			if !sameItems(got, want) {
				t.Fatalf("seed %d: VisitRect(%v) = %v, want %v", seed, r, got, want)
			}
			p := geom.Flat(c)
			got = collect(func(f func(Item) bool) { bf.VisitPoint(p, f) })
			want = bruteForce(bf, func(b *box3) bool {
				return geom.RectFromPoints(geom.Pt(b.lo[0], b.lo[1]), geom.Pt(b.hi[0], b.hi[1])).ContainsPoint(p)
			})
			if !sameItems(got, want) {
				t.Fatalf("seed %d: VisitPoint(%v) = %v, want %v", seed, p, got, want)
			}
		}
	}
}

func TestIndexLarge(t *testing.T) {
	// Deep enough for three levels of inner nodes (> 8^3 items).
	bf := randomBattlefield(t, 5, 0, 0)
	items := make([]Item, 3000)
	boxes := make([]box3, 3000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range items {
		x, y := rng.Float64()*100, rng.Float64()*100
		items[i] = Item{ItemPiece, i}
		boxes[i] = box3{lo: [3]float64{x, y, 0}, hi: [3]float64{x + rng.Float64(), y + rng.Float64(), rng.Float64()}}
	}
	bf.index = buildIndex(nil, boxes, nil)
	for range 200 {
		r := geom.RectFromPoints(geom.Pt(rng.Float64()*100, rng.Float64()*100), geom.Pt(rng.Float64()*100, rng.Float64()*100))
		got := collect(func(f func(Item) bool) { bf.VisitRect(r, f) })
		var want []Item
		for i, b := range boxes {
			if b.overlapsRect(r) {
				want = append(want, items[i])
			}
		}
		if !sameItems(got, want) {
			t.Fatalf("VisitRect(%v): %d items, want %d", r, len(got), len(want))
		}
	}
}

func TestVisitStopsEarly(t *testing.T) {
	bf := randomBattlefield(t, 3, 50, 60)
	n := 0
	bf.VisitRect(bf.Table().Bound(), func(Item) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("VisitRect stopped after %d calls, want 3", n)
	}
	total := len(collect(func(f func(Item) bool) { bf.VisitRect(bf.Table().Bound(), f) }))
	if want := len(bf.Pieces()) + len(bf.Models()); total != want {
		t.Errorf("VisitRect(whole table) visited %d items, want %d", total, want)
	}
}

func TestVisitDegenerate(t *testing.T) {
	bf := randomBattlefield(t, 3, 50, 60)
	nan := math.NaN()
	n := 0
	count := func(Item) bool { n++; return true }
	bf.VisitSegment(geom.Segment3{A: geom.V3(nan, 0, 0), B: geom.V3(10, 10, 1)}, count)
	bf.VisitSegment(geom.Segment3{A: geom.V3(math.Inf(-1), 5, 0), B: geom.V3(10, 10, 1)}, count)
	bf.VisitFlatSegment(geom.Seg(geom.Pt(0, nan), geom.Pt(1, 1)), count)
	bf.VisitRect(geom.EmptyRect(), count)
	bf.VisitPoint(geom.Pt(nan, nan), count)
	if n != 0 {
		t.Errorf("degenerate queries visited %d items, want 0", n)
	}
	empty, err := New(Table{Width: 10, Depth: 10}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	empty.VisitRect(empty.Table().Bound(), count)
	if n != 0 {
		t.Errorf("empty battlefield visited %d items", n)
	}
}

func TestItemBox(t *testing.T) {
	tab, p, m := validScene()
	m = append(m, Model{ID: "air", Class: Aircraft, Position: geom.Pt(30, 30), Hull: Hull{Length: 2, Width: 2, Height: 1}, Altitude: 6, Level: 1})
	bf, err := New(tab, p, m)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		it     Item
		lo, hi geom.Vec3
	}{
		{Item{ItemPiece, 0}, geom.V3(10, 10, 0), geom.V3(14, 14, 3)},
		{Item{ItemPiece, 1}, geom.V3(20, 20, 0), geom.V3(30, 28, 0)},
		// tank hull 2 x 1 facing 0 at (5,5): x 4..6, y 4.5..5.5, z 0..0.8
		{Item{ItemModel, 0}, geom.V3(4, 4.5, 0), geom.V3(6, 5.5, 0.8)},
		// aircraft: stand to altitude 6 plus half the 1 in hull
		{Item{ItemModel, 3}, geom.V3(29, 29, 0), geom.V3(31, 31, 6.5)},
	}
	for _, tc := range tests {
		lo, hi, ok := bf.ItemBox(tc.it)
		if !ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("ItemBox(%v) = %v, %v, %v, want %v, %v", tc.it, lo, hi, ok, tc.lo, tc.hi)
		}
	}
	if _, hi, _ := bf.ItemBox(Item{ItemPiece, 2}); !math.IsInf(hi.Z, 1) {
		t.Errorf("smoke box top = %v, want +Inf", hi.Z)
	}
	if _, _, ok := bf.ItemBox(Item{ItemModel, 4}); ok {
		t.Errorf("ItemBox(model 4) ok, want false")
	}
}

func TestConcurrentQueries(t *testing.T) {
	bf := randomBattlefield(t, 11, 50, 60)
	want := collect(func(f func(Item) bool) {
		bf.VisitSegment(geom.Segment3{A: geom.V3(0, 0, 1), B: geom.V3(48, 36, 1)}, f)
	})
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 500 {
				got := collect(func(f func(Item) bool) {
					bf.VisitSegment(geom.Segment3{A: geom.V3(0, 0, 1), B: geom.V3(48, 36, 1)}, f)
				})
				if !slices.Equal(got, want) {
					errs <- "concurrent VisitSegment disagreed"
					return
				}
				p := geom.Pt(rng.Float64()*48, rng.Float64()*36)
				bf.VisitPoint(p, func(Item) bool { return true })
				bf.VisitRect(geom.RectFromPoints(p, geom.Pt(p.X+3, p.Y+3)), func(Item) bool { return true })
				bf.Piece("house-1")
				bf.Squad("tank-1")
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestFlatBlockerHasNoTop: a blocking piece of height 0 (a planet disc in a
// 2D space game) blocks at every height, so the index must find it for a
// sightline high above the table; a flat concealing piece stays flat.
func TestFlatBlockerHasNoTop(t *testing.T) {
	tab := Table{Width: 20, Depth: 20}
	square := func(x float64) geom.Polygon {
		return geom.PolygonFromPoints(geom.Pt(x, 8), geom.Pt(x+4, 8), geom.Pt(x+4, 12), geom.Pt(x, 12))
	}
	pieces := []Piece{
		{ID: "planet", Kind: Occupied, Footprint: square(2), Sight: SightBlocking, Cover: CoverNone, Level: 1},
		{ID: "nebula", Kind: Gas, Footprint: square(12), Sight: SightConcealing, Cover: CoverNone, Level: 1},
	}
	bf, err := New(tab, pieces, nil)
	if err != nil {
		t.Fatal(err)
	}
	var hits []string
	// 5 in above the table, across both pieces.
	bf.VisitSegment(geom.Segment3{A: geom.V3(0, 10, 5), B: geom.V3(20, 10, 5)}, func(it Item) bool {
		hits = append(hits, bf.Pieces()[it.Index].ID)
		return true
	})
	if len(hits) != 1 || hits[0] != "planet" {
		t.Errorf("segment at z=5 visits %v, want [planet]", hits)
	}
}
