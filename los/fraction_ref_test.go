//go:build !race

package los

import (
	"os"
	"strconv"
	"testing"
)

// The heavy differential tests: 10,000 random scenes each, or
// SIGHTLINE_DIFF_SCENES of them for the long run before a release
// (SIGHTLINE_DIFF_SCENES=100000 go test -run Differential -timeout 0 ./los).
// Under -race the smaller versions in fraction_test.go run instead.

func TestDifferentialRaySampling(t *testing.T) { checkRaySampling(t, diffScenes(t), 100) }

func TestDifferentialOverlay(t *testing.T) { checkOverlay(t, diffScenes(t)) }

// diffScenes returns the scene count of a differential test: 10,000, or
// the SIGHTLINE_DIFF_SCENES environment variable.
func diffScenes(t *testing.T) int {
	v := os.Getenv("SIGHTLINE_DIFF_SCENES")
	if v == "" {
		return 10000
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("SIGHTLINE_DIFF_SCENES = %q, want a positive integer", v)
	}
	return n
}
