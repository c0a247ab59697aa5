package los

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestWedgeGatherMatchesBox compares the visible fraction gathered from
// the grid cells of the sight wedge (gatherWedge) with the former gather
// of every item in the plan bounds of the eye and the target, on tables of
// every size of the benchmark family, local and table-wide pairs: the
// same case, fraction and per-occluder shares (to 1e-12).
func TestWedgeGatherMatchesBox(t *testing.T) {
	sizes := []int{50, 200, 800, 3000}
	pairs := 600
	if testing.Short() {
		sizes, pairs = []int{50, 800}, 150
	}
	for _, n := range sizes {
		bf, err := terrain.GenerateBattlefield(int64(n), terrain.ScaledGenerate(n))
		if err != nil {
			t.Fatal(err)
		}
		ms := bf.Models()
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		for k := range pairs {
			i, j := rng.IntN(len(ms)), rng.IntN(len(ms))
			if i == j || (k%2 == 0 && ms[i].Position.Sub(ms[j].Position).Norm() > 24) {
				continue
			}
			got := fractionWith(bf, i, j, false)
			want := fractionWith(bf, i, j, true)
			if got.Case != want.Case || math.Abs(got.Fraction-want.Fraction) > 1e-12 || !sameShares(got.Hidden, want.Hidden) {
				t.Fatalf("%d pieces, %s→%s: wedge %s %.15f %v, box %s %.15f %v", n, ms[i].ID, ms[j].ID,
					got.Case, got.Fraction, got.Hidden, want.Case, want.Fraction, want.Hidden)
			}
		}
	}
}

// fractionWith is VisibleFraction from model i to model j with the wedge
// or the bounding-box gather.
func fractionWith(bf *terrain.Battlefield, i, j int, box bool) FractionResult {
	f := newFilter(bf, &Options{}, i, j, nil)
	sc := &fracScratch{bboxGather: box, noProof: true}
	return visibleFraction(bf, bf.Models()[i].EyePoint(), j, &f, sc, fracFull)
}

// sameShares reports whether two Hidden lists name the same occluders with
// the same shares to 1e-12, in any order.
func sameShares(a, b []Hidden) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(x, y Hidden) int {
		return (int(x.Item.Kind)<<32 + x.Item.Index) - (int(y.Item.Kind)<<32 + y.Item.Index)
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, key)
	slices.SortFunc(b, key)
	for k := range a {
		if a[k].Item != b[k].Item || math.Abs(a[k].Fraction-b[k].Fraction) > 1e-12 {
			return false
		}
	}
	return true
}

func TestBandSpan(t *testing.T) {
	w := []geom.Point{geom.Pt(0, 0), geom.Pt(4, 0), geom.Pt(0, 4)}
	for _, c := range []struct {
		y0, y1, lo, hi float64
		ok             bool
	}{
		{0, 1, 0, 4, true}, {1, 2, 0, 3, true}, {4, 5, 0, 0, true}, {5, 6, 0, 0, false}, {-2, -1, 0, 0, false},
	} {
		lo, hi, ok := bandSpan(w, c.y0, c.y1)
		if ok != c.ok || (ok && (lo != c.lo || hi != c.hi)) {
			t.Errorf("bandSpan(%v, %v) = %v, %v, %v; want %v, %v, %v", c.y0, c.y1, lo, hi, ok, c.lo, c.hi, c.ok)
		}
	}
}

// TestFractionProofMatchesRegion compares the public VisibleFraction,
// which settles wholly hidden targets by the cover proof, with the full
// region computation: the same fraction (to 1e-9), and a proven target's
// one reported occluder hides all of it in the region too.
func TestFractionProofMatchesRegion(t *testing.T) {
	proven := 0
	for _, n := range []int{50, 800} {
		bf, err := terrain.GenerateBattlefield(int64(n), terrain.ScaledGenerate(n))
		if err != nil {
			t.Fatal(err)
		}
		ms := bf.Models()
		rng := rand.New(rand.NewPCG(uint64(n), 17))
		for range 400 {
			i, j := rng.IntN(len(ms)), rng.IntN(len(ms))
			if i == j {
				continue
			}
			got, err := VisibleFraction(bf, ms[i].ID, ms[j].ID, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := fractionWith(bf, i, j, false)
			if got.Case != want.Case || math.Abs(got.Fraction-want.Fraction) > 1e-9 {
				t.Fatalf("%s→%s: proof %s %.12f, region %s %.12f", ms[i].ID, ms[j].ID, got.Case, got.Fraction, want.Case, want.Fraction)
			}
			if got.Case != CaseSilhouette || len(got.Hidden) != 1 || got.Hidden[0].Fraction != 1 || len(want.Hidden) == 1 && want.Hidden[0].Fraction == 1 {
				continue
			}
			proven++
			found := false
			for _, h := range want.Hidden {
				found = found || (h.Item == got.Hidden[0].Item && h.Fraction > 1-1e-9)
			}
			if !found {
				t.Errorf("%s→%s: proven hidden by %s, region shares %v", ms[i].ID, ms[j].ID, got.Hidden[0].ID, want.Hidden)
			}
		}
	}
	if proven == 0 {
		t.Error("no pair settled by the proof")
	}
}
