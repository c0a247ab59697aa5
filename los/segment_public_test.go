package los

import (
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestSightSegmentMatchesReference compares the public SightSegment (the
// walk deciding from terrain.OccluderRec, the shooter named by its id and
// looked up only when needed, the model classes as a bit mask) with the
// reference walk (every occluder decided from its Piece or Model by
// prismSegment, the shooter given by index) on random segments of
// generated tables, with several ignore lists and options: same verdict,
// blocker, squad count and grazing contacts.
func TestSightSegmentMatchesReference(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 400
	}
	for _, tc := range []struct {
		seed   int64
		pieces int // 0: the reference density's default table
	}{{1, 0}, {2, 0}, {3, 0}, {800, 800}} {
		g := terrain.DefaultGenerate()
		if tc.pieces > 0 {
			g = terrain.ScaledGenerate(tc.pieces)
		}
		bf, err := terrain.GenerateBattlefield(tc.seed, g)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(tc.seed))
		ms, ps := bf.Models(), bf.Pieces()
		opts := []Options{
			{}, {GrazingBlocks: true}, {ConcealingBlocks: true}, {ThroughOwnSquad: 1},
			{IgnoreSmoke: true}, {ModelsBlock: []terrain.Class{terrain.Vehicle, terrain.Walker}},
			{ModelsBlock: []terrain.Class{}}, {Exclude: []string{ps[0].ID, ms[1].ID}},
		}
		for k, s := range fastSegments(bf, rng, n) {
			opt := opts[k%len(opts)]
			i, j := rng.Intn(len(ms)), rng.Intn(len(ms))
			var ignore []string
			switch k % 5 {
			case 0, 1: // a shot: shooter and target
				ignore = []string{ms[i].ID, ms[j].ID}
			case 2: // the shooter alone
				ignore = []string{ms[i].ID}
			case 3: // a piece first (no shooter), and more than two ids
				ignore = []string{ps[rng.Intn(len(ps))].ID, ms[i].ID, ms[j].ID}
			}
			a, b := s[0], s[1]
			if k%5 < 2 && k%3 == 0 {
				// From the shooter's eye: models standing on hills give
				// contacts with their own ground at the start.
				a = ms[i].EyePoint()
			}
			shooter := -1
			if len(ignore) > 0 {
				if x, ok := bf.ModelIndex(ignore[0]); ok {
					shooter = x
				}
			}
			f := newFilter(bf, &opt, shooter, -1, ignore)
			want := segment(bf, a, b, &f, segReference)
			got := SightSegment(bf, a, b, opt, ignore...)
			gk, wk := grazeKey(got.Grazing), grazeKey(want.Grazing)
			if got.Clear != want.Clear || got.Blocker != want.Blocker || got.SquadPassed != want.SquadPassed || gk != wk {
				t.Fatalf("seed %d segment %v→%v %+v ignore %q:\ngot  %+v grazing [%s]\nwant %+v grazing [%s]",
					tc.seed, a, b, opt, ignore, got, gk, want, wk)
			}
		}
	}
}

// TestSightSegmentHugeCoordinates: a segment whose coordinates are too
// large for the grid walk's arithmetic (or whose direction has no finite
// reciprocal) is decided by visiting every occluder, with the reference's
// answer.
func TestSightSegmentHugeCoordinates(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	tw, td := bf.Table().Width, bf.Table().Depth
	segs := [][2]geom.Vec3{
		{geom.V3(-1e200, td/2, 1), geom.V3(1e200, td/2, 1)},
		{geom.V3(tw/2, -1e300, 0.5), geom.V3(tw/2+1e-300, 1e300, 0.5)},
		{geom.V3(1, 1, 1), geom.V3(1+5e-324, td-1, 1)},
		{geom.V3(-1e160, -1e160, 2), geom.V3(1e160, 1e160, 2)},
		{geom.V3(1, 1, 1), geom.V3(tw-1, td-1, 1)},
		// Past the grid walk's precision bound (walkPrecision: every
		// occluder box-tested) and just inside it (walked from far away).
		{geom.V3(-1e7, td/2+0.3, 1), geom.V3(1e7, td/2-0.2, 0.5)},
		{geom.V3(-2e5, td/3, 0.5), geom.V3(tw/2, td/3+1e-3, 0.5)},
		{geom.V3(tw/3, -2e5, 0.5), geom.V3(tw/3+0.7, 2e5, 0.5)},
		// So long that its plan length overflows (the disc test and the
		// test of passing above a top, both on that length, are then
		// off): above every top at a, below them 10 in further on.
		{geom.V3(0, 1, 10), geom.V3(1e160, 1, -1e160)},
	}
	var f filter
	f.init(bf, &Options{}, -1, -1, nil)
	for _, s := range segs {
		got := SightSegment(bf, s[0], s[1], Options{})
		want := segment(bf, s[0], s[1], &f, segReference)
		if got.Clear != want.Clear || got.Blocker != want.Blocker || grazeKey(got.Grazing) != grazeKey(want.Grazing) {
			t.Errorf("SightSegment(%v, %v) = %+v, want %+v", s[0], s[1], got, want)
		}
	}
	// The long diagonal meets something on the reference table: the test
	// compares a blocked answer, not only two clear ones; so do the
	// segments from far away (one walked through the grid, one not).
	for _, k := range []int{4, 5, 6, 7, 8} {
		if SightSegment(bf, segs[k][0], segs[k][1], Options{}).Clear {
			t.Errorf("segment %v→%v is clear on the reference table; the test needs a blocked segment", segs[k][0], segs[k][1])
		}
	}
	if g := &bf.Occluders().Grid; !(walkPrecision*(2e5+tw/2+2*td/3) <= g.Margin) || walkPrecision*2e7 <= g.Margin {
		t.Errorf("grid margin %g: the segments from far away must fall on both sides of the walk's precision bound", g.Margin)
	}
}

// TestFilterRecords: the walk's filter tests on the records
// (pieceTopRec, modelBlocksRec) answer as pieceTop and modelBlocks do on
// the Pieces and Models, for every occluder of generated tables under
// options that select each kind, with shooters, targets and ignore lists.
func TestFilterRecords(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		ps, ms, o := bf.Pieces(), bf.Models(), bf.Occluders()
		opts := []Options{
			{}, {IgnoreSmoke: true}, {ConcealingBlocks: true}, {IgnoreModels: true},
			{ModelsBlock: []terrain.Class{terrain.Vehicle, terrain.Aircraft}}, {ModelsBlock: []terrain.Class{}},
			{Exclude: []string{ps[1].ID, ms[2].ID}},
		}
		checked := map[bool]int{}
		for k, opt := range opts {
			shooter, target := k%len(ms), (3*k+1)%len(ms)
			for _, ignore := range [][]string{nil, {ms[shooter].ID, ms[target].ID}, {ps[0].ID, ms[4].ID, ms[5].ID}} {
				f := newFilter(bf, &opt, shooter, target, ignore)
				for i := range ps {
					gt, gok := f.pieceTopRec(&o.Pieces.Recs[i])
					wt, wok := f.pieceTop(&ps[i])
					if gt != wt || gok != wok {
						t.Fatalf("seed %d %+v ignore %q piece %s: pieceTopRec = %v, %v; pieceTop = %v, %v", seed, opt, ignore, ps[i].ID, gt, gok, wt, wok)
					}
					checked[wok]++
				}
				for i := range ms {
					got := f.modelBlocksRec(&o.Models.Recs[i], i)
					want, _ := f.modelBlocks(&ms[i], i)
					if got != want {
						t.Fatalf("seed %d %+v ignore %q model %s: modelBlocksRec = %v, modelBlocks %v", seed, opt, ignore, ms[i].ID, got, want)
					}
					checked[want]++
				}
			}
		}
		if checked[true] == 0 || checked[false] == 0 {
			t.Fatalf("seed %d: occluders selected %d, not selected %d: the options must select both ways", seed, checked[true], checked[false])
		}
	}
}

// TestFilterExcluded: filter.excluded answers true exactly for the ids of
// Options.Exclude and of the ignore list, whatever their number (the
// first two are held apart from the rest), hand-listed.
func TestFilterExcluded(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"a", "b", "c", "d", "e", "f"}
	tests := []struct {
		exclude, ignore []string
		want            string // the ids of ids excluded, in order
	}{
		{nil, nil, ""},
		{nil, []string{"b"}, "b"},
		{nil, []string{"b", "d"}, "bd"},
		{nil, []string{"d", "b", "f"}, "bdf"},
		{nil, []string{"a", "c", "e", "f"}, "acef"},
		{[]string{"e"}, nil, "e"},
		{[]string{"e", "a"}, []string{"c", "d"}, "acde"},
		{[]string{"f"}, []string{"b", "c", "d"}, "bcdf"},
	}
	for _, tc := range tests {
		opt := Options{Exclude: tc.exclude}
		f := newFilter(bf, &opt, -1, -1, tc.ignore)
		got := ""
		for _, id := range ids {
			if f.excluded(id) {
				got += id
			}
		}
		if got != tc.want {
			t.Errorf("filter{Exclude: %q, ignore %q}.excluded: %q, want %q", tc.exclude, tc.ignore, got, tc.want)
		}
	}
}
