package los

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestSightSegmentIgnoredMatchesReference compares SightSegment with ids to
// ignore (its lazily resolved filter, the walk filtering models before it
// queues them) with the reference walk under a filter built by init with
// the shooter resolved at once (every occluder, the model filter in
// walkAll, prismSegment alone), on sightlines between models and random
// segments, under options that change which models and pieces block, with
// one, two and three ids (models and pieces) to ignore, sharing the
// records' bytes or not.
func TestSightSegmentIgnoredMatchesReference(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	for seed := int64(1); seed <= 3; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		ms, ps := bf.Models(), bf.Pieces()
		opts := []Options{
			{}, {GrazingBlocks: true}, {ThroughOwnSquad: 1}, {IgnoreModels: true},
			{ModelsBlock: []terrain.Class{terrain.Vehicle, terrain.Aircraft, terrain.Infantry}},
			{Exclude: []string{ms[3].ID, ps[2].ID}}, {ConcealingBlocks: true, IgnoreSmoke: true},
		}
		rng := rand.New(rand.NewSource(seed))
		blocked, byModel, clear := 0, 0, 0
		for k := range n {
			opt := opts[k%len(opts)]
			si, ti := rng.Intn(len(ms)), rng.Intn(len(ms))
			a, b := ms[si].EyePoint(), ms[ti].EyePoint()
			if k%4 == 3 {
				a = geom.V3(rng.Float64()*bf.Table().Width, rng.Float64()*bf.Table().Depth, rng.Float64()*3)
			}
			var ignore []string
			switch k % 5 {
			case 0:
				ignore = []string{ms[si].ID}
			case 1, 2:
				ignore = []string{ms[si].ID, ms[ti].ID}
			case 3:
				ignore = []string{ps[rng.Intn(len(ps))].ID, ms[ti].ID}
			default:
				ignore = []string{ms[si].ID, ps[rng.Intn(len(ps))].ID, ms[ti].ID}
			}
			if k%3 == 1 {
				// Ids of their own bytes, as read from a request: the
				// filter compares them byte by byte (sameString).
				for i := range ignore {
					ignore[i] = strings.Clone(ignore[i])
				}
			}
			shooter := -1
			if i, ok := bf.ModelIndex(ignore[0]); ok {
				shooter = i
			}
			ref := newFilter(bf, &opt, shooter, -1, ignore)
			got := SightSegment(bf, a, b, opt, ignore...)
			want := segment(bf, a, b, &ref, segReference)
			gk, wk := grazeKey(got.Grazing), grazeKey(want.Grazing)
			if got.Clear != want.Clear || got.Blocker != want.Blocker || got.SquadPassed != want.SquadPassed || gk != wk {
				t.Fatalf("seed %d SightSegment(%v, %v, %+v, %q):\ngot  %+v grazing [%s]\nwant %+v grazing [%s]",
					seed, a, b, opt, ignore, got, gk, want, wk)
			}
			switch {
			case got.Clear:
				clear++
			case got.Blocker.Item.Kind == terrain.ItemModel:
				byModel++
				blocked++
			default:
				blocked++
			}
		}
		if clear == 0 || blocked == 0 || byModel == 0 {
			t.Fatalf("seed %d: %d clear, %d blocked (%d by a model): the test needs all three", seed, clear, blocked, byModel)
		}
	}
}

// TestFilterInitShot: initShot, SightSegment's inlined filter for a shot's
// sightline, writes the filter initSegment writes whenever it takes the
// call (one or two ids, default classes, no ThroughOwnSquad), and declines
// every other call; initSegment's own filter is the one init writes with
// the shooter resolved at once under ThroughOwnSquad and lazily
// otherwise.
func TestFilterInitShot(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	ms := bf.Models()
	tests := []struct {
		opt     Options
		ignore  []string
		shot    bool // initShot takes the call
		shooter int  // init's shooter: resolved at once only under ThroughOwnSquad
		lazy    bool
	}{
		{Options{}, nil, false, -1, false},
		{Options{}, []string{ms[0].ID}, true, -1, true},
		{Options{}, []string{ms[0].ID, ms[1].ID}, true, -1, true},
		{Options{GrazingBlocks: true, IgnoreSmoke: true}, []string{ms[2].ID, "no-such-id"}, true, -1, true},
		{Options{Exclude: []string{ms[5].ID}, IgnoreModels: true}, []string{ms[3].ID, ms[4].ID}, true, -1, true},
		{Options{}, []string{ms[0].ID, ms[1].ID, ms[2].ID}, false, -1, true},
		{Options{ModelsBlock: []terrain.Class{terrain.Vehicle}}, []string{ms[0].ID}, false, -1, true},
		{Options{ModelsBlock: []terrain.Class{}}, []string{ms[0].ID}, false, -1, true},
		{Options{ThroughOwnSquad: 2}, []string{ms[6].ID, ms[1].ID}, false, 6, false},
		{Options{ThroughOwnSquad: 1}, []string{"no-such-id"}, false, -1, false},
	}
	for _, tc := range tests {
		var seg filter
		seg.initSegment(bf, &tc.opt, tc.ignore)
		want := newFilter(bf, &tc.opt, tc.shooter, -1, tc.ignore)
		if tc.lazy {
			want.lazy = bf
		}
		if !reflect.DeepEqual(seg, want) {
			t.Errorf("initSegment(%+v, %q) = %+v, want %+v", tc.opt, tc.ignore, seg, want)
		}
		var shot filter
		if got := shot.initShot(bf, &tc.opt, tc.ignore); got != tc.shot {
			t.Errorf("initShot(%+v, %q) = %v, want %v", tc.opt, tc.ignore, got, tc.shot)
		} else if got && !reflect.DeepEqual(shot, seg) {
			t.Errorf("initShot(%+v, %q) wrote %+v, initSegment %+v", tc.opt, tc.ignore, shot, seg)
		}
	}
}

// TestSameString: equal ids whether or not they share their bytes, unequal
// ones of the same or another length, and the empty id.
func TestSameString(t *testing.T) {
	id := "walker-1-1"
	for _, c := range []struct {
		x, y string
		want bool
	}{
		{id, id, true},
		{id, strings.Clone(id), true},
		{id, "walker-1-2", false},
		{id, id[:6], false},
		{id[:6], "walker", true},
		{"", "", true},
		{"", id[:0], true},
		{"", "w", false},
	} {
		if got := sameString(c.x, c.y); got != c.want || got != (c.x == c.y) {
			t.Errorf("sameString(%q, %q) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}
