package movement

import (
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestBackwardsRule checks the direction rule on hand-made key profiles:
// a straight route whose excess all lies at one end.
func TestBackwardsRule(t *testing.T) {
	from, to := geom.Pt(0, 0), geom.Pt(10, 0)
	pts := []geom.Point{from, geom.Pt(2, 0), to}
	tests := []struct {
		cost []float64 // the legs' costs
		want bool
	}{
		// the excess (2 in) in the first leg: the forward key leaves the
		// band at once, the backward one only near the start
		{[]float64{4, 8}, false},
		// the excess in the last leg: the other way round
		{[]float64{2, 10}, true},
	}
	for _, tt := range tests {
		ub := tt.cost[0] + tt.cost[1]
		if got := backwards(pts, tt.cost, from, to, ub); got != tt.want {
			t.Errorf("backwards(%v, %v) = %v, want %v", pts, tt.cost, got, tt.want)
		}
	}
}
