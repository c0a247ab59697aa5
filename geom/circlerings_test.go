package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestCircleRingsMatchesPolygon: CircleRings.Polygon gives Circle.Polygon's
// ring bit for bit, for circles sharing radii (the table reused), new
// radii, and the degenerate radii and chord errors (zero, negative, NaN,
// infinite), whose counts Polygon documents. AppendPolygon appends the
// same ring to one running array, leaving what it holds as it was.
func TestCircleRingsMatchesPolygon(t *testing.T) {
	var arena Ring
	var ends []int // where each circle's ring ends in arena
	var cr CircleRings
	rng := rand.New(rand.NewPCG(4, 44))
	radii := []float64{0.5, 0.63, 1.3, 2, 0, -1, math.NaN(), math.Inf(1), 1e-9, 400}
	chords := []float64{0.01, 0.001, 0.2, 0, -1, math.NaN()}
	checked := 0
	for range 3000 {
		c := Circle{Center: Pt(rng.Float64()*48, rng.Float64()*48), Radius: radii[rng.IntN(len(radii))]}
		if rng.IntN(4) == 0 {
			c.Radius = rng.Float64() * 3
		}
		e := chords[rng.IntN(len(chords))]
		want := c.Polygon(e)
		got := cr.Polygon(c, e)
		if len(got) != len(want) {
			t.Fatalf("CircleRings.Polygon(%v, %v): %d vertices, Circle.Polygon %d", c, e, len(got), len(want))
		}
		for i := range want {
			if !sameFloat(got[i].X, want[i].X) || !sameFloat(got[i].Y, want[i].Y) {
				t.Fatalf("CircleRings.Polygon(%v, %v)[%d] = %v, Circle.Polygon's %v", c, e, i, got[i], want[i])
			}
		}
		k := len(arena)
		arena = cr.AppendPolygon(arena, c, e)
		ends = append(ends, len(arena))
		if len(arena)-k != len(want) {
			t.Fatalf("CircleRings.AppendPolygon(%v, %v) appended %d vertices, Circle.Polygon has %d", c, e, len(arena)-k, len(want))
		}
		for i := range want {
			if !sameFloat(arena[k+i].X, want[i].X) || !sameFloat(arena[k+i].Y, want[i].Y) {
				t.Fatalf("CircleRings.AppendPolygon(%v, %v)[%d] = %v, Circle.Polygon's %v", c, e, i, arena[k+i], want[i])
			}
		}
		checked++
	}
	// every ring again, now that the array holds them all: appending
	// changed none that came before
	rng = rand.New(rand.NewPCG(4, 44))
	k := 0
	for j := range checked {
		c := Circle{Center: Pt(rng.Float64()*48, rng.Float64()*48), Radius: radii[rng.IntN(len(radii))]}
		if rng.IntN(4) == 0 {
			c.Radius = rng.Float64() * 3
		}
		e := chords[rng.IntN(len(chords))]
		want := c.Polygon(e)
		for i := range want {
			if !sameFloat(arena[k+i].X, want[i].X) || !sameFloat(arena[k+i].Y, want[i].Y) {
				t.Fatalf("circle %d's ring changed in the shared array at vertex %d: %v, want %v", j, i, arena[k+i], want[i])
			}
		}
		k = ends[j]
	}
	if len(cr.shapes) < 10 || len(cr.shapes) > 2500 {
		t.Errorf("%d radii tabled: the shared and the new radii are not both tested", len(cr.shapes))
	}
	if n := len(cr.Polygon(Circle{Radius: 1}, 0.01)); n < 8 {
		t.Errorf("a unit circle has %d vertices, want at least 8", n)
	}
	t.Logf("%d circles, %d radii tabled", checked, len(cr.shapes))
}

// sameFloat reports whether a and b have the same bits, or are both NaN
// (whose payloads may differ).
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
}
