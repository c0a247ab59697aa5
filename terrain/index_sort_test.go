package terrain

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortByKey checks sortByKey (insertion up to 32 items, heapsort
// above) against slices.SortFunc with keyLess, on lists with many equal
// keys (ties broken by a rank, or by the numbers when tie is nil): a total
// order, so the two must agree item for item.
func TestSortByKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 31, 32, 33, 64, 100, 257, 1000} {
		for _, withTie := range []bool{false, true} {
			key := make([]float64, n)
			tie := make([]int32, n) // a rank, as the index passes: distinct
			for i := range key {
				key[i] = float64(rng.IntN(7)) - 3 // many equal keys
				tie[i] = int32(i)
			}
			rng.Shuffle(n, func(i, j int) { tie[i], tie[j] = tie[j], tie[i] })
			if !withTie {
				tie = nil
			}
			idx := make([]int32, n)
			for i := range idx {
				idx[i] = int32(i)
			}
			rng.Shuffle(n, func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
			want := slices.Clone(idx)
			slices.SortStableFunc(want, func(a, b int32) int {
				switch {
				case keyLess(key, tie, a, b):
					return -1
				case keyLess(key, tie, b, a):
					return 1
				}
				return 0
			})
			sortByKey(idx, key, tie)
			if !slices.Equal(idx, want) {
				t.Fatalf("n=%d: got %v, want %v", n, idx, want)
			}
		}
	}
}
