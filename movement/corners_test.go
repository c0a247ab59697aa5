package movement

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestDropStraight: waypoints on the segment between their neighbours
// (within straightTol) go, bends and turn-backs stay; hand-made cases.
func TestDropStraight(t *testing.T) {
	p := geom.Pt
	for _, c := range []struct {
		name     string
		in, want []geom.Point
	}{
		{"two points", []geom.Point{p(0, 0), p(1, 1)}, []geom.Point{p(0, 0), p(1, 1)}},
		{"one straight point", []geom.Point{p(0, 0), p(1, 0), p(3, 0)}, []geom.Point{p(0, 0), p(3, 0)}},
		{"a run of straight points", []geom.Point{p(0, 0), p(1, 1), p(2, 2), p(2.5, 2.5), p(4, 4)}, []geom.Point{p(0, 0), p(4, 4)}},
		{"a bend stays", []geom.Point{p(0, 0), p(2, 1), p(4, 0)}, []geom.Point{p(0, 0), p(2, 1), p(4, 0)}},
		{"straight points around a bend", []geom.Point{p(0, 0), p(1, 0), p(2, 0), p(2, 1), p(2, 3)}, []geom.Point{p(0, 0), p(2, 0), p(2, 3)}},
		{"a turn-back stays", []geom.Point{p(0, 0), p(3, 0), p(1, 0)}, []geom.Point{p(0, 0), p(3, 0), p(1, 0)}},
		{"a point before the start stays", []geom.Point{p(1, 0), p(0, 0), p(3, 0)}, []geom.Point{p(1, 0), p(0, 0), p(3, 0)}},
		{"a repeated point goes", []geom.Point{p(0, 0), p(0, 0), p(1, 2)}, []geom.Point{p(0, 0), p(1, 2)}},
		{"1e-13 off the line goes", []geom.Point{p(0, 0), p(5, 1e-13), p(10, 0)}, []geom.Point{p(0, 0), p(10, 0)}},
		{"1e-10 off the line stays", []geom.Point{p(0, 0), p(5, 1e-10), p(10, 0)}, []geom.Point{p(0, 0), p(5, 1e-10), p(10, 0)}},
	} {
		in := append([]geom.Point(nil), c.in...)
		if got := dropStraight(in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: dropStraight(%v) = %v, want %v", c.name, c.in, got, c.want)
		}
	}
}

// TestCornersFirstSameRoutes: the search over the regions' corners that
// tightens the full search's bound changes no route: weighted routes on
// random queries over two reference-size tables and one of 800 pieces
// equal those found without it (cost, length, waypoints, error bound,
// difficult list), and the comparison meets routes through difficult
// terrain and routes the corner search already settles.
func TestCornersFirstSameRoutes(t *testing.T) {
	defer func() { cornersFirst = true }()
	rng := rand.New(rand.NewPCG(21, 4))
	found, through := 0, 0
	for seed, gen := range []terrain.GenerateOptions{terrain.DefaultGenerate(), terrain.DefaultGenerate(), terrain.ScaledGenerate(800)} {
		bf, err := terrain.GenerateBattlefield(int64(seed+3), gen)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range bf.Models() {
			if m.Garrison == nil && !m.Airborne() {
				ids = append(ids, m.ID)
			}
		}
		with, without := NewRouter(bf), NewRouter(bf)
		W, D := bf.Table().Width, bf.Table().Depth
		for range 80 {
			id := ids[rng.IntN(len(ids))]
			m, _ := bf.Model(id)
			d := m.Position.Add(geom.Pt((rng.Float64()-0.5)*48, (rng.Float64()-0.5)*48))
			d = geom.Pt(min(max(d.X, 0), W), min(max(d.Y, 0), D))
			cornersFirst = true
			got, gerr := with.ShortestPath(id, d, RouteOptions{})
			cornersFirst = false
			want, werr := without.ShortestPath(id, d, RouteOptions{})
			if (gerr == nil) != (werr == nil) || !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d %s to %v: corners first %+v (%v), without %+v (%v)", seed+3, id, d, got, gerr, want, werr)
			}
			if werr == nil {
				found++
				if len(want.Difficult) > 0 || math.Abs(want.Cost-want.Length) > 1e-9 {
					through++
				}
			}
		}
	}
	if found < 60 || through < 15 {
		t.Errorf("%d routes, %d through difficult terrain: the comparison is too weak", found, through)
	}
	t.Logf("%d routes, %d through difficult terrain", found, through)
}
