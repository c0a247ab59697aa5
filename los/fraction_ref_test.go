//go:build !race

package los

import "testing"

// The heavy differential tests: 10,000 random scenes each. Under -race the
// smaller versions in fraction_test.go run instead.

func TestDifferentialRaySampling(t *testing.T) { checkRaySampling(t, 10000, 100) }

func TestDifferentialOverlay(t *testing.T) { checkOverlay(t, 10000) }
