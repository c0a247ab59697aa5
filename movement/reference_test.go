package movement

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestFirstContactAgainstSampling compares CheckPath's first contact with
// a slow reference: the footprint placed at 20000 points along the leg,
// each tested with geom.DistShapes. The reported contact must lie between
// the last sample found clear and the first sample found overlapping.
func TestFirstContactAgainstSampling(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const steps = 20000
	hits := 0
	defer func() {
		t.Logf("%d of 60 legs hit the obstacle", hits)
		if hits < 10 {
			t.Errorf("only %d legs hit: the comparison is too weak", hits)
		}
	}()
	for trial := range 60 {
		// a random triangle obstacle near the middle, a random leg across
		c := geom.Pt(20+rng.Float64()*8, 20+rng.Float64()*8)
		tri := geom.PolygonFromPoints(c.Add(geom.Pt(rng.Float64()*3, -rng.Float64()*2)), c.Add(geom.Pt(rng.Float64()*2, 2+rng.Float64()*2)), c.Add(geom.Pt(-2-rng.Float64()*2, rng.Float64())))
		start := geom.Pt(10+rng.Float64()*4, 14+rng.Float64()*20)
		end := geom.Pt(36+rng.Float64()*4, 14+rng.Float64()*20)
		facing := rng.Float64() * 2 * math.Pi
		m := terrain.Model{ID: "m", Side: "a", Class: terrain.Infantry, Position: start, Facing: s1.Angle(facing), Level: 1}
		if trial%2 == 0 {
			m.Base = terrain.Base{Shape: terrain.BaseCircle, Diameter: 0.5 + rng.Float64()*2}
		} else {
			m.Hull = terrain.Hull{Length: 1 + rng.Float64()*2, Width: 0.5 + rng.Float64(), Height: 1}
		}
		bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, []terrain.Piece{wall("tri", tri)}, []terrain.Model{m})
		if err != nil {
			t.Fatal(err)
		}
		res, err := CheckPath(bf, "m", []geom.Point{start, end}, PathOptions{})
		if err != nil {
			t.Fatal(err)
		}
		mm, _ := bf.Model("m")
		seg := geom.Seg(start, end)
		first := -1
		for k := 0; k <= steps; k++ {
			at := *mm
			at.Position = seg.At(float64(k) / steps)
			if d, _, _ := geom.DistShapes(at.Footprint(), tri); d < -1e-12 || (d == 0 && overlapDeep(&at, tri)) {
				first = k
				break
			}
		}
		L := seg.Length()
		if first < 0 {
			if !res.Legal {
				// the sweep may catch a corner between samples only within a sample step
				if v := res.Violations[0]; v.Along < L-L/steps*2 {
					t.Errorf("trial %d: reported hit at %v, sampling finds none", trial, v.Along)
				}
			}
			continue
		}
		if res.Legal {
			t.Errorf("trial %d: sampling hits at %v, CheckPath says legal", trial, float64(first)/steps*L)
			continue
		}
		hits++
		got := res.Violations[0].Along
		lo, hi := float64(first-1)/steps*L, float64(first)/steps*L
		if got < lo-1e-7 || got > hi+1e-7 {
			t.Errorf("trial %d: contact at %v, sampling brackets [%v, %v]", trial, got, lo, hi)
		}
	}
}

// overlapDeep reports whether the model's footprint, shrunk by 1e-9,
// still meets the polygon (so zero distance means overlap, not contact).
func overlapDeep(m *terrain.Model, p geom.Polygon) bool {
	d, _, _ := geom.DistShapes(shrinkConvex(m.Footprint()), p)
	return d == 0
}
