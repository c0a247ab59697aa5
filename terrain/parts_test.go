package terrain

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestConvexPartsCoverFootprint checks on generated tables that every
// piece's precomputed convex parts are convex, counter-clockwise, lie inside
// the footprint and add up to its area.
func TestConvexPartsCoverFootprint(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		bf, err := GenerateBattlefield(seed, DefaultGenerate())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for i := range bf.Pieces() {
			p := &bf.Pieces()[i]
			parts := p.ConvexParts()
			if len(parts) == 0 {
				t.Fatalf("seed %d %s: no convex parts", seed, p.ID)
			}
			sum := 0.0
			for _, part := range parts {
				a := geom.Ring(part).SignedArea()
				if a <= 0 {
					t.Errorf("seed %d %s: part with signed area %g, want counter-clockwise", seed, p.ID, a)
				}
				if !geom.PolygonFromPoints(part...).IsConvex() {
					t.Errorf("seed %d %s: part %v is not convex", seed, p.ID, part)
				}
				for _, v := range part {
					if p.Footprint.Locate(v) == geom.Outside {
						t.Errorf("seed %d %s: part vertex %v outside the footprint", seed, p.ID, v)
					}
				}
				sum += a
			}
			if want := p.Footprint.Area(); math.Abs(sum-want) > 1e-9*math.Max(1, want) {
				t.Errorf("seed %d %s: parts area %.12f, footprint area %.12f", seed, p.ID, sum, want)
			}
		}
	}
}

// TestConvexPartsOutsideBattlefield checks that a Piece not built by New
// still answers (computed on the call) and that an invalid one gives nil.
func TestConvexPartsOutsideBattlefield(t *testing.T) {
	// L-shape: area 3 (three unit squares).
	l := Piece{Footprint: geom.PolygonFromPoints(geom.Pt(0, 0), geom.Pt(2, 0), geom.Pt(2, 1), geom.Pt(1, 1), geom.Pt(1, 2), geom.Pt(0, 2))}
	sum := 0.0
	for _, part := range l.ConvexParts() {
		sum += geom.Ring(part).SignedArea()
	}
	if math.Abs(sum-3) > 1e-12 {
		t.Errorf("L-shape parts area = %g, want 3", sum)
	}
	bad := Piece{Footprint: geom.PolygonFromPoints(geom.Pt(0, 0), geom.Pt(1, 0))}
	if got := bad.ConvexParts(); got != nil {
		t.Errorf("invalid footprint parts = %v, want nil", got)
	}
}
