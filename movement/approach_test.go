package movement

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func apDisc(id string, x, y, d float64) terrain.Model {
	return terrain.Model{ID: id, Class: terrain.Infantry, Level: 1, Position: geom.Pt(x, y), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: d}}
}

func apField(t testing.TB, ms ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, ms)
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

func TestGroupCoherencyMatchesCoherency(t *testing.T) {
	ms := []terrain.Model{apDisc("a", 1, 1, 1), apDisc("b", 2.9, 1, 1), apDisc("c", 11.5, 1, 1), apDisc("d", 13.4, 1, 1)}
	for i := range ms {
		ms[i].Squad = "u"
	}
	bf := apField(t, ms...)
	rule := CoherencyRule{Chain: 1, All: 9, Measure: Edges, NeighbourOnly: true}
	want, err := Coherency(bf, "u", rule)
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := FootprintsOf(bf, []string{"a", "b", "c", "d"})
	got, err := GroupCoherency("u", fs, rule)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("GroupCoherency = %+v, want %+v", got, want)
	}
	// a-b 0.9 in, c-d 0.9 in: each has a partner (no chain needed), but
	// a-c and b-d are 9.5 in and a-d 11.4 in apart, edge to edge.
	want9 := []Link{{From: "a", To: "c", Distance: 9.5, Limit: 9}, {From: "a", To: "d", Distance: 11.4, Limit: 9}, {From: "b", To: "d", Distance: 9.5, Limit: 9}}
	if got.Coherent || fmt.Sprint(got.TooFar) != fmt.Sprint(want9) || len(got.Broken) != 0 {
		t.Errorf("two pairs 8.6 in apart: %+v, want too far %v", got, want9)
	}
}

func TestNearestAndWithin(t *testing.T) {
	bf := apField(t, apDisc("a", 1, 1, 1), apDisc("b", 3, 1, 1), apDisc("x", 1, 4, 1), apDisc("y", 5, 1, 1))
	a, _ := FootprintsOf(bf, []string{"a", "b"})
	b, _ := FootprintsOf(bf, []string{"x", "y"})
	tests := []struct {
		m    Measure
		want Link
	}{
		{Edges, Link{From: "b", To: "y", Distance: 1}},
		{Centers, Link{From: "b", To: "y", Distance: 2}},
	}
	for _, tc := range tests {
		if got, ok := Nearest(a, b, tc.m); !ok || got != tc.want {
			t.Errorf("Nearest(%s) = %+v, want %+v", tc.m, got, tc.want)
		}
	}
	// exactly 1 in edge to edge is within 1 in
	if got := Within(a, b, Edges, 1); len(got) != 1 || got[0].To != "y" {
		t.Errorf("Within(1 in) = %+v, want b-y", got)
	}
	if got := Within(a, a, Edges, 5); len(got) != 2 {
		t.Errorf("Within(self) = %+v, want a-b and b-a only", got)
	}
	if _, err := FootprintsOf(bf, []string{"nobody"}); !errors.Is(err, ErrUnknownModel) {
		t.Errorf("FootprintsOf(unknown) = %v", err)
	}
}

// TestClosestApproachOpen: with nothing in the way the closest end is
// straight towards the target.
func TestClosestApproachOpen(t *testing.T) {
	bf := apField(t, apDisc("m", 10, 10, 1), apDisc("t", 20, 10, 1))
	tf := FootprintOf(&bf.Models()[1])
	tests := []struct {
		budget, wantGap float64
		contact         bool
	}{
		{12, 0, true}, // 9 in of travel reach contact
		{8, 1, false}, // 8 in leave 1 in
		{9, 0, true},  // exactly enough
		{0, 9, false}, // cannot move
	}
	for _, tc := range tests {
		a, err := ClosestApproach(bf, "m", tf, ApproachOptions{Budget: tc.budget, Obstacles: []Footprint{tf}})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Found || a.Contact != tc.contact || math.Abs(a.Distance-tc.wantGap) > a.Tolerance {
			t.Errorf("budget %g: %s; want gap %g", tc.budget, a.Explain(), tc.wantGap)
		}
	}
}

// TestClosestApproachBruteForce compares the search with a dense grid of
// end positions on random scenes: target ringed by blockers, a keep-out
// zone, random budgets. The search must never be worse than the grid by
// more than its tolerance, and never better than the grid by more than
// the grid's own spacing.
func TestClosestApproachBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	const grid = 0.02
	for trial := 0; trial < 12; trial++ {
		ms := []terrain.Model{apDisc("m", 10+rng.Float64()*4, 10+rng.Float64()*4, 1), apDisc("t", 20, 14, 1.25)}
		for k := 0; k < 2+rng.Intn(5); k++ {
			ang := rng.Float64() * 360
			p := geom.Pt(20, 14).Add(geom.Heading(ang).Mul(1.125 + rng.Float64()*0.5))
			ms = append(ms, apDisc(fmt.Sprintf("b%d", k), p.X, p.Y, 1))
		}
		bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, filterOverlap(ms))
		if err != nil {
			t.Fatal(err)
		}
		var obst []Footprint
		for i := range bf.Models()[1:] {
			obst = append(obst, FootprintOf(&bf.Models()[i+1]))
		}
		keep := []Footprint{FootprintOf(&terrain.Model{ID: "z", Position: geom.Pt(16, 16), Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}})}
		opt := ApproachOptions{Budget: 5 + rng.Float64()*6, Obstacles: obst, KeepOut: keep, KeepOutGap: 1, Route: RouteOptions{IgnoreModels: true}}
		tf := obst[0]
		a, err := ClosestApproach(bf, "m", tf, opt)
		if err != nil {
			t.Fatal(err)
		}
		m := &bf.Models()[0]
		best := math.Inf(1)
		for x := m.Position.X - opt.Budget; x <= m.Position.X+opt.Budget; x += grid {
			for y := m.Position.Y - opt.Budget; y <= m.Position.Y+opt.Budget; y += grid {
				p := geom.Pt(x, y)
				if p.Sub(m.Position).Norm() > opt.Budget {
					continue
				}
				fp := FootprintAt(m, p)
				if !approachLegal(fp, tf, opt) {
					continue
				}
				d, _, _ := geom.DistConvex(fp.Shape, tf.Shape)
				best = math.Min(best, d)
			}
		}
		if !a.Found || a.Distance > best+a.Tolerance+1e-9 || a.Distance < best-grid*math.Sqrt2 {
			t.Errorf("trial %d: search %s; brute force gap %.4f", trial, a.Explain(), best)
		}
	}
}

// filterOverlap drops random blockers that overlap an earlier model.
func filterOverlap(ms []terrain.Model) []terrain.Model {
	var out []terrain.Model
	for _, m := range ms {
		ok := true
		for _, o := range out {
			if m.Position.Sub(o.Position).Norm() < (m.Base.Diameter+o.Base.Diameter)/2 {
				ok = false
			}
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

func TestClosestApproachErrors(t *testing.T) {
	bf := apField(t, apDisc("m", 10, 10, 1))
	tf := Footprint{ID: "t", Center: geom.Pt(20, 10), Shape: geom.Circle{Center: geom.Pt(20, 10), Radius: 0.5}}
	for _, opt := range []ApproachOptions{{Budget: math.NaN()}, {Budget: -1}, {Budget: 1, Tolerance: -1}, {Budget: 1, KeepOutGap: math.Inf(1)}} {
		if _, err := ClosestApproach(bf, "m", tf, opt); !errors.Is(err, ErrInvalid) {
			t.Errorf("ClosestApproach(%+v) = %v, want ErrInvalid", opt, err)
		}
	}
	if _, err := ClosestApproach(bf, "x", tf, ApproachOptions{}); !errors.Is(err, ErrUnknownModel) {
		t.Errorf("unknown model: %v", err)
	}
}

func BenchmarkClosestApproach(b *testing.B) {
	ms := []terrain.Model{apDisc("m", 10, 10, 1), apDisc("t", 20, 10, 1)}
	for k := 0; k < 6; k++ {
		p := geom.Pt(20, 10).Add(geom.Heading(float64(k) * 60).Mul(1))
		ms = append(ms, apDisc(fmt.Sprintf("b%d", k), p.X, p.Y, 1))
	}
	bf := apField(b, ms...)
	var obst []Footprint
	for i := range bf.Models()[1:] {
		obst = append(obst, FootprintOf(&bf.Models()[i+1]))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ClosestApproach(bf, "m", obst[0], ApproachOptions{Budget: 12, Obstacles: obst, Route: RouteOptions{IgnoreModels: true}}); err != nil {
			b.Fatal(err)
		}
	}
}
