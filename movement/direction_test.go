package movement

import (
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestBackwardsRule checks the direction rule on hand-made cases: a
// straight route from (0, 0) to (10, 0) whose excess (ub 12, level
// 10.5) lies in one leg, and boundary samples.
func TestBackwardsRule(t *testing.T) {
	from, to := geom.Pt(0, 0), geom.Pt(10, 0)
	pts := []geom.Point{from, geom.Pt(2, 0), to}
	// samples on the line (key 10, below the level 10.5) or off it
	// (key above the level)
	smp := func(ps ...geom.Point) []node {
		var out []node
		for _, p := range ps {
			out = append(out, node{p: p, prev: p, next: p, owner: -1})
		}
		return out
	}
	tests := []struct {
		cost    []float64 // the legs' costs
		samples []node
		want    bool
	}{
		// the excess (2 in) in the first leg: the forward key leaves the
		// band at once (area 0.125), the backward one only near the
		// start (area 4.125)
		{[]float64{4, 8}, nil, false},
		// the excess in the last leg: the other way round (1.5, 0.5)
		{[]float64{2, 10}, nil, true},
		// three low samples nearer the start, one nearer the goal
		{[]float64{4, 8}, smp(geom.Pt(1, 0), geom.Pt(2, 0), geom.Pt(3, 0), geom.Pt(9, 0)), true},
		// three against two: not more than twice as many
		{[]float64{4, 8}, smp(geom.Pt(1, 0), geom.Pt(2, 0), geom.Pt(3, 0), geom.Pt(8, 0), geom.Pt(9, 0)), false},
		// samples above the level do not count
		{[]float64{4, 8}, smp(geom.Pt(1, 3), geom.Pt(2, 3), geom.Pt(3, 3), geom.Pt(9, 0)), false},
	}
	for _, tt := range tests {
		ub := tt.cost[0] + tt.cost[1]
		if got := backwards(pts, tt.cost, tt.samples, from, to, ub); got != tt.want {
			t.Errorf("backwards(%v, %v, %d samples) = %v, want %v", pts, tt.cost, len(tt.samples), got, tt.want)
		}
	}
}
