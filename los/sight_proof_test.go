package los

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestSightMatchesReference compares Sight (with the cover proofs that
// skip characteristic points and the region) with the reference path
// (every point, then the exact region) on every ordered pair of models of
// generated tables, under several options.
func TestSightMatchesReference(t *testing.T) {
	opts := []Options{{}, {GrazingBlocks: true}, {ConcealingBlocks: true}, {ThroughOwnSquad: 1}, {IgnoreSmoke: true}, {IgnoreModels: true}}
	seeds := int64(4)
	if testing.Short() {
		seeds = 1
	}
	proved := 0
	for seed := int64(1); seed <= seeds; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		ms := bf.Models()
		for k, p := range refPairs(bf) {
			opt := opts[k%len(opts)]
			f := newFilter(bf, &opt, p[0], p[1], nil)
			eye := ms[p[0]].EyePoint()
			got := sight(bf, eye, p[1], &f, false)
			want := sight(bf, eye, p[1], &f, true)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d %s→%s %+v:\nfast %+v\nref  %+v", seed, ms[p[0]].ID, ms[p[1]].ID, opt, got, want)
			}
			if got.Method == MethodRegion && !got.Visible {
				proved++
			}
		}
		// Random eyes, at every height, some inside or against occluders.
		rng := rand.New(rand.NewSource(seed))
		tb := bf.Table()
		for k := range 2000 {
			opt := opts[k%len(opts)]
			ti := rng.Intn(len(ms))
			f := newFilter(bf, &opt, -1, ti, nil)
			eye := geom.V3(rng.Float64()*tb.Width, rng.Float64()*tb.Depth, rng.Float64()*6)
			if k%4 == 0 { // close to the target
				eye = geom.Lift(ms[ti].Position.Add(geom.Pt(rng.Float64()*4-2, rng.Float64()*4-2)), rng.Float64()*4)
			}
			got := sight(bf, eye, ti, &f, false)
			want := sight(bf, eye, ti, &f, true)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d eye %v→%s %+v:\nfast %+v\nref  %+v", seed, eye, ms[ti].ID, opt, got, want)
			}
		}
	}
	// The comparison is only worth something if the proofs are exercised.
	if proved == 0 {
		t.Fatal("no invisible targets compared")
	}
}

// TestFractionMatrixMatchesReference compares FractionMatrix (which skips
// the region for certainly hidden targets) with the region computation of
// every pair.
func TestFractionMatrixMatchesReference(t *testing.T) {
	opts := []Options{{}, {ConcealingBlocks: true}, {ThroughOwnSquad: 1}, {IgnoreModels: true}}
	seeds := int64(2)
	if testing.Short() {
		seeds = 1
	}
	sc := new(fracScratch)
	zeros := 0
	for seed := int64(1); seed <= seeds; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		ms := bf.Models()
		for _, opt := range opts {
			got := FractionMatrix(bf, opt)
			for i := range ms {
				for j := range ms {
					want := 1.0
					if i != j {
						f := newFilter(bf, &opt, i, j, nil)
						want = visibleFraction(bf, ms[i].EyePoint(), j, &f, sc, fracValue).Fraction
					}
					if got[i][j] != want {
						t.Fatalf("seed %d %+v: FractionMatrix[%d][%d] = %v, want %v", seed, opt, i, j, got[i][j], want)
					}
					if want == 0 {
						zeros++
					}
				}
			}
		}
	}
	if zeros == 0 {
		t.Fatal("no hidden targets compared")
	}
}
