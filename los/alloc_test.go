package los

import (
	"testing"

	"github.com/sightline/sightline/terrain"
)

// TestSightSegmentAllocatesNothing: a shot's sightline (shooter and target
// ignored) allocates nothing, on a clear and on a blocked line. This is the
// zero-allocation contract of the hot path, not a timing test.
func TestSightSegmentAllocatesNothing(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	ms := bf.Models()
	clear, blocked := 0, 0
	for i := 0; i < len(ms) && (clear == 0 || blocked == 0); i++ {
		for j := range ms {
			if i == j {
				continue
			}
			a, b, ia, ib := ms[i].EyePoint(), ms[j].EyePoint(), ms[i].ID, ms[j].ID
			r := SightSegment(bf, a, b, Options{}, ia, ib)
			if r.Clear && clear > 0 || !r.Clear && blocked > 0 {
				continue
			}
			if r.Clear {
				clear++
			} else {
				blocked++
			}
			if n := testing.AllocsPerRun(20, func() { SightSegment(bf, a, b, Options{}, ia, ib) }); n != 0 {
				t.Errorf("SightSegment %s -> %s (clear %v) allocates %v times", ia, ib, r.Clear, n)
			}
		}
	}
	if clear == 0 || blocked == 0 {
		t.Fatalf("reference table gave %d clear and %d blocked pairs; want both", clear, blocked)
	}
}
