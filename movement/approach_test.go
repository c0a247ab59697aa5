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

// FuzzClosestApproach: any scene and budget give no panic, and a found end
// is legal: within the budget of the start, overlapping nothing, keeping
// the gap from the keep-out footprints, with the reported distance.
func FuzzClosestApproach(f *testing.F) {
	f.Add(int64(1), 8.0, 1.0, uint8(4))
	f.Add(int64(2), 0.0, 0.0, uint8(0))
	f.Add(int64(3), 30.0, 2.5, uint8(9))
	f.Fuzz(func(t *testing.T, seed int64, budget, gap float64, n uint8) {
		if math.IsNaN(budget) || math.IsNaN(gap) {
			return
		}
		budget, gap = math.Mod(math.Abs(budget), 20), math.Mod(math.Abs(gap), 3)
		rng := rand.New(rand.NewSource(seed))
		ms := []terrain.Model{apDisc("m", 5+rng.Float64()*10, 5+rng.Float64()*10, 1), apDisc("t", 20+rng.Float64()*10, 20+rng.Float64()*10, 1+rng.Float64())}
		for k := 0; k < int(n%10); k++ {
			ms = append(ms, apDisc(fmt.Sprintf("b%d", k), 10+rng.Float64()*25, 10+rng.Float64()*25, 0.5+rng.Float64()))
		}
		bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, nil, filterOverlap(ms))
		if err != nil {
			t.Fatal(err)
		}
		var obst, keep []Footprint
		for i := range bf.Models()[1:] {
			fp := FootprintOf(&bf.Models()[i+1])
			if i%2 == 1 {
				keep = append(keep, fp)
			}
			obst = append(obst, fp)
		}
		opt := ApproachOptions{Budget: budget, Obstacles: obst, KeepOut: keep, KeepOutGap: gap, Tolerance: 0.05, Route: RouteOptions{IgnoreModels: true}}
		a, err := ClosestApproach(bf, "m", obst[0], opt)
		if err != nil {
			t.Fatal(err)
		}
		if !a.Found {
			return
		}
		m := &bf.Models()[0]
		to := geom.Pt(a.To[0], a.To[1])
		fp := FootprintAt(m, to)
		d, _, _ := geom.DistConvex(fp.Shape, obst[0].Shape)
		// To is rounded to 1e-9 in: judge it with that much slack
		loose := opt
		loose.KeepOutGap = math.Max(0, gap-1e-8)
		if to.Sub(m.Position).Norm() > budget+1e-6 || math.Abs(d-a.Distance) > 1e-6 || !approachLegal(fp, obst[0], loose) {
			t.Errorf("%s: end %v illegal or mismeasured (gap %g): moved %g, legal %v", a.Explain(), to, d, to.Sub(m.Position).Norm(), approachLegal(fp, obst[0], loose))
		}
	})
}

func TestFootprintOverlaps(t *testing.T) {
	rect := func(id string, x, y float64) Footprint {
		return Footprint{ID: id, Center: geom.Pt(x, y), Shape: geom.OrientedRect{Center: geom.Pt(x, y), Length: 2, Width: 1}}
	}
	circ := func(id string, x, y float64) Footprint {
		return Footprint{ID: id, Center: geom.Pt(x, y), Shape: geom.Circle{Center: geom.Pt(x, y), Radius: 0.5}}
	}
	poly := func(id string, x, y float64) Footprint {
		return Footprint{ID: id, Center: geom.Pt(x, y), Shape: geom.ConvexPolygon{geom.Pt(x-1, y-0.5), geom.Pt(x+1, y-0.5), geom.Pt(x+1, y+0.5), geom.Pt(x-1, y+0.5)}}
	}
	tests := []struct {
		name string
		a, b Footprint
		want bool
	}{
		{"staggered hulls side by side", rect("a", 0, 0), rect("b", 1.5, 1), false},
		{"hulls 0.01 in into each other", rect("a", 0, 0), rect("b", 1.5, 0.99), true},
		{"discs touching", circ("a", 0, 0), circ("b", 1, 0), false},
		{"discs 1e-6 in deep", circ("a", 0, 0), circ("b", 1-1e-6, 0), true},
		{"discs 1e-8 in deep", circ("a", 0, 0), circ("b", 1-1e-8, 0), false},
		{"disc on a hull's side", rect("a", 0, 0), circ("b", 0.3, 1), false},
		{"polygons staggered, touching", poly("a", 0, 0), poly("b", 1.5, 1), false},
		{"polygons 0.01 in deep", poly("a", 0, 0), poly("b", 1.5, 0.99), true},
		{"apart", circ("a", 0, 0), circ("b", 3, 0), false},
	}
	for _, tc := range tests {
		if got := tc.a.Overlaps(tc.b); got != tc.want {
			t.Errorf("%s: Overlaps = %v, want %v", tc.name, got, tc.want)
		}
	}
}
