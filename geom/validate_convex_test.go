package geom

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestValidateMeetsConvex: validateMeets, which skips the intersection
// sweep for rings IsConvex accepts, gives validateIntersections' answer on
// small integer rings (exact collinearity, folds, touching and repeated
// points), regular stars that wind more than once, convex rings wound
// twice, convex rings with collinear vertices inserted and random rings;
// hand-picked rings first.
func TestValidateMeetsConvex(t *testing.T) {
	tests := []struct {
		name   string
		r      Ring
		convex bool
	}{
		{"square", Ring{Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}, true},
		{"square with a straight-on vertex", Ring{Pt(0, 0), Pt(1, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}, true},
		{"clockwise square", Ring{Pt(0, 0), Pt(0, 2), Pt(2, 2), Pt(2, 0)}, true},
		{"bow tie", Ring{Pt(0, 0), Pt(2, 2), Pt(2, 0), Pt(0, 2)}, false},
		{"fold back along an edge", Ring{Pt(0, 0), Pt(2, 0), Pt(1, 0), Pt(1, 2)}, false},
		{"pentagram", starRing(5, 2, 0), false},
		{"square wound twice", Ring{Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2), Pt(0, 0), Pt(2, 0), Pt(2, 2), Pt(0, 2)}, false},
	}
	for _, tc := range tests {
		if got := (Polygon{Outer: tc.r}).IsConvex(); got != tc.convex {
			t.Errorf("%s: IsConvex = %v, want %v", tc.name, got, tc.convex)
		}
		want := validateIntersections([]Ring{tc.r})
		convex, got := validateMeets([]Ring{tc.r})
		if !reflect.DeepEqual(got, want) || convex != tc.convex {
			t.Errorf("%s: validateMeets = %v, %v, want %v, %v (validateIntersections)", tc.name, convex, got, tc.convex, want)
		}
	}
	rng := rand.New(rand.NewPCG(12, 34))
	convex, total := 0, 0
	check := func(r Ring) {
		if r.validateAlone(0) != nil {
			return // Validate stops before the sweep
		}
		total++
		want := validateIntersections([]Ring{r})
		isConvex, got := validateMeets([]Ring{r})
		if !reflect.DeepEqual(got, want) || isConvex != (Polygon{Outer: r}).IsConvex() {
			t.Fatalf("ring %v: validateMeets = %v, %v, validateIntersections = %v", r, isConvex, got, want)
		}
		if isConvex {
			convex++
		}
	}
	for range 200000 { // small integer rings: every degenerate case is exact
		r := make(Ring, 3+rng.IntN(5))
		for i := range r {
			r[i] = Point{X: float64(rng.IntN(4)), Y: float64(rng.IntN(4))}
		}
		check(r)
	}
	for n := 5; n <= 12; n++ {
		for k := 1; k < n/2+1; k++ {
			check(starRing(n, k, 0))
			check(starRing(n, k, 1e-9))
		}
	}
	for range 20000 {
		// a convex ring from sorted angles, with straight-on vertices,
		// wound once or twice, or with one vertex pushed inside
		n := 3 + rng.IntN(10)
		ang := make([]float64, n)
		for i := range ang {
			ang[i] = rng.Float64() * 2 * math.Pi
		}
		slices.Sort(ang)
		var r Ring
		for i, a := range ang {
			p := Point{X: 10 + 5*math.Cos(a), Y: 10 + 5*math.Sin(a)}
			if len(r) > 0 && rng.IntN(3) == 0 {
				q := r[len(r)-1]
				r = append(r, Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2})
			}
			if i > 0 && rng.IntN(8) == 0 {
				p = Point{X: (p.X + 10) / 2, Y: (p.Y + 10) / 2}
			}
			r = append(r, p)
		}
		check(r)
		if rng.IntN(4) == 0 {
			check(append(r[:len(r):len(r)], r...))
		}
	}
	for range 20000 {
		r := make(Ring, 3+rng.IntN(8))
		for i := range r {
			r[i] = Point{X: rng.Float64() * 10, Y: rng.Float64() * 10}
		}
		check(r)
	}
	if convex < total/20 || convex > total*19/20 {
		t.Errorf("%d of %d rings convex: the comparison is one-sided", convex, total)
	}
	t.Logf("%d rings, %d convex", total, convex)
}

// starRing returns the regular star polygon {n/k} on the unit circle
// (a convex polygon for k = 1), its vertices jittered by up to eps.
func starRing(n, k int, eps float64) Ring {
	r := make(Ring, n)
	for i := range r {
		a := 2 * math.Pi * float64(i*k%n) / float64(n)
		r[i] = Point{X: math.Cos(a) + eps*float64(i%3), Y: math.Sin(a) - eps*float64(i%2)}
	}
	return r
}

// TestOffsetConvexUncopied: Offset's convex path, which takes convexity
// from validation and reads the outer ring in place (reversed when
// clockwise), gives the offset of the normalised ring, as before, for
// convex rings of both orientations with straight-on vertices.
func TestOffsetConvexUncopied(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 22))
	done := 0
	for range 3000 {
		n := 3 + rng.IntN(9)
		ang := make([]float64, n)
		for i := range ang {
			ang[i] = rng.Float64() * 2 * math.Pi
		}
		slices.Sort(ang)
		var r Ring
		for _, a := range ang {
			p := Pt(10+5*math.Cos(a), 10+5*math.Sin(a))
			if len(r) > 0 && rng.IntN(4) == 0 {
				q := r[len(r)-1]
				r = append(r, Pt((p.X+q.X)/2, (p.Y+q.Y)/2))
			}
			r = append(r, p)
		}
		if rng.IntN(2) == 0 {
			r = r.Reversed()
		}
		p := Polygon{Outer: r}
		if p.Validate() != nil || !p.IsConvex() {
			continue
		}
		orig := slices.Clone(r)
		rad := 0.1 + rng.Float64()
		got, err := Offset(p, rad, 0.01)
		if err != nil {
			t.Fatalf("Offset(%v): %v", p, err)
		}
		want := Polygon{Outer: offsetConvexRing(nil, p.Normalized().Outer, rad, 0.01)}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Offset(%v, %v) = %v, want %v", p, rad, got, want)
		}
		if !slices.Equal(r, orig) {
			t.Fatalf("Offset modified its input %v", orig)
		}
		done++
	}
	if done < 1000 {
		t.Fatalf("only %d convex polygons", done)
	}
}

// TestOffsetConvexMatchesOffset: OffsetConvex gives Offset's polygon (or
// error) for valid convex rings of both orientations, with straight-on
// vertices, for radii including 0 and the invalid radii and chord errors,
// without modifying its input; on rings it does not accept (empty, one
// vertex, reflex) it returns without panicking.
func TestOffsetConvexMatchesOffset(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 23))
	done := 0
	for range 2000 {
		n := 3 + rng.IntN(9)
		ang := make([]float64, n)
		for i := range ang {
			ang[i] = rng.Float64() * 2 * math.Pi
		}
		slices.Sort(ang)
		var r Ring
		for _, a := range ang {
			p := Pt(10+5*math.Cos(a), 10+5*math.Sin(a))
			if len(r) > 0 && rng.IntN(4) == 0 {
				q := r[len(r)-1]
				r = append(r, Pt((p.X+q.X)/2, (p.Y+q.Y)/2))
			}
			r = append(r, p)
		}
		if rng.IntN(2) == 0 {
			r = r.Reversed()
		}
		p := Polygon{Outer: r}
		if p.Validate() != nil || !p.IsConvex() {
			continue
		}
		orig := slices.Clone(r)
		for _, re := range [][2]float64{{0.1 + rng.Float64(), 0.01}, {2, 1e-3}, {0, 0.01}, {-1, 0.01}, {math.NaN(), 0.01}, {1, 0}, {1, math.Inf(1)}} {
			want, werr := Offset(p, re[0], re[1])
			got, err := OffsetConvex(r, re[0], re[1])
			if (err == nil) != (werr == nil) || err != nil && !errors.Is(err, ErrOffset) || !reflect.DeepEqual(got, want) {
				t.Fatalf("OffsetConvex(%v, %v, %v) = %v, %v; Offset gives %v, %v", r, re[0], re[1], got, err, want, werr)
			}
		}
		if !slices.Equal(r, orig) {
			t.Fatalf("OffsetConvex modified its input %v", orig)
		}
		done++
	}
	if done < 100 {
		t.Fatalf("only %d convex rings tested", done)
	}
	for _, r := range []Ring{nil, {Pt(1, 1)}, {Pt(0, 0), Pt(4, 0), Pt(2, 1), Pt(4, 4), Pt(0, 4)}} {
		_, _ = OffsetConvex(r, 1, 0.01) // must not panic
	}
}
