package geom

import "math"

// GJK tolerances. gjkMaxIter bounds the loop; gjkRelTol stops it once the
// gap between the upper bound |v| and the lower bound v·w/|v| on the distance
// is below gjkRelTol·|v|; shapes closer than gjkOverlap times their
// coordinate scale are reported as touching (distance 0).
const (
	gjkMaxIter = 256
	gjkRelTol  = 1e-15
	gjkOverlap = 1e-13
)

// gjkVertex is a point of the Minkowski difference A-B with the support
// points of A and B it came from.
type gjkVertex struct{ w, a, b Point }

func gjkSupport(a, b Convex, d Point) gjkVertex {
	pa := a.Support(d)
	pb := b.Support(Point{X: -d.X, Y: -d.Y})
	return gjkVertex{w: pa.Sub(pb), a: pa, b: pb}
}

// gjkDistance returns the distance between the convex shapes a and b and a
// closest point on each, by the Gilbert–Johnson–Keerthi iteration on the
// Minkowski difference. It is exact for polygons up to rounding and
// converges on curved shapes to the relative tolerance gjkRelTol within
// gjkMaxIter steps.
func gjkDistance(a, b Convex) (float64, Point, Point) {
	ba, bb := a.Bound(), b.Bound()
	scale := math.Max(
		math.Max(math.Max(math.Abs(ba.X.Lo), math.Abs(ba.X.Hi)), math.Max(math.Abs(ba.Y.Lo), math.Abs(ba.Y.Hi))),
		math.Max(math.Max(math.Abs(bb.X.Lo), math.Abs(bb.X.Hi)), math.Max(math.Abs(bb.Y.Lo), math.Abs(bb.Y.Hi))))
	if math.IsNaN(scale) || math.IsInf(scale, 0) {
		return math.NaN(), Point{}, Point{}
	}
	eps := gjkOverlap * scale
	d := bb.Center().Sub(ba.Center())
	if d.X == 0 && d.Y == 0 {
		d = Point{X: 1}
	}
	var s [3]gjkVertex
	var lam [3]float64
	s[0] = gjkSupport(a, b, d)
	n := 1
	lam[0] = 1
	prev := math.Inf(1)
	for range gjkMaxIter {
		var v Point
		var inside bool
		n, v, inside = gjkClosest(&s, &lam, n)
		vv := v.Dot(v)
		if inside || math.Sqrt(vv) <= eps {
			p := gjkPoint(&s, &lam, n, false)
			return 0, p, p
		}
		if vv >= prev {
			break // no progress: rounding floor reached
		}
		prev = vv
		w := gjkSupport(a, b, Point{X: -v.X, Y: -v.Y})
		if vv-v.Dot(w.w) <= gjkRelTol*vv {
			break
		}
		dup := false
		for i := range n {
			if s[i].w == w.w {
				dup = true
			}
		}
		if dup {
			break
		}
		s[n] = w
		n++
	}
	pa, pb := gjkPoint(&s, &lam, n, false), gjkPoint(&s, &lam, n, true)
	return pa.Sub(pb).Norm(), pa, pb
}

// gjkPoint returns the barycentric combination of the simplex's A points
// (or B points when fromB).
func gjkPoint(s *[3]gjkVertex, lam *[3]float64, n int, fromB bool) Point {
	var p Point
	for i := range n {
		q := s[i].a
		if fromB {
			q = s[i].b
		}
		p.X += lam[i] * q.X
		p.Y += lam[i] * q.Y
	}
	return p
}

// gjkClosest reduces the simplex s[:n] to the smallest sub-simplex whose
// hull holds the point v closest to the origin, sets the barycentric
// weights, and returns the new size and v. inside reports that the origin
// is in a full-dimensional triangle.
func gjkClosest(s *[3]gjkVertex, lam *[3]float64, n int) (int, Point, bool) {
	switch n {
	case 1:
		lam[0] = 1
		return 1, s[0].w, false
	case 2:
		t, v := closestOnSeg(s[0].w, s[1].w)
		switch {
		case t <= 0:
			lam[0] = 1
			return 1, s[0].w, false
		case t >= 1:
			s[0] = s[1]
			lam[0] = 1
			return 1, s[0].w, false
		}
		lam[0], lam[1] = 1-t, t
		return 2, v, false
	}
	w0, w1, w2 := s[0].w, s[1].w, s[2].w
	area := w1.Sub(w0).Cross(w2.Sub(w0))
	if area != 0 {
		c0 := w1.Sub(w0).Cross(w0.Mul(-1))
		c1 := w2.Sub(w1).Cross(w1.Mul(-1))
		c2 := w0.Sub(w2).Cross(w2.Mul(-1))
		if (c0 >= 0 && c1 >= 0 && c2 >= 0) || (c0 <= 0 && c1 <= 0 && c2 <= 0) {
			lam[0], lam[1], lam[2] = 1.0/3, 1.0/3, 1.0/3
			return 3, Point{}, true
		}
	}
	// Origin outside: the closest point is on one of the three edges.
	best, bi, bj, bt := math.Inf(1), 0, 1, 0.0
	var bv Point
	for _, e := range [3][2]int{{0, 1}, {1, 2}, {2, 0}} {
		t, v := closestOnSeg(s[e[0]].w, s[e[1]].w)
		if d := v.Dot(v); d < best {
			best, bi, bj, bt, bv = d, e[0], e[1], t, v
		}
	}
	vi, vj := s[bi], s[bj]
	switch {
	case bt <= 0:
		s[0], lam[0] = vi, 1
		return 1, vi.w, false
	case bt >= 1:
		s[0], lam[0] = vj, 1
		return 1, vj.w, false
	}
	s[0], s[1] = vi, vj
	lam[0], lam[1] = 1-bt, bt
	return 2, bv, false
}

// closestOnSeg returns the parameter t in [0, 1] and the point of the
// segment p→q closest to the origin.
func closestOnSeg(p, q Point) (float64, Point) {
	d := q.Sub(p)
	l2 := d.Dot(d)
	if !(l2 > 0) {
		return 0, p
	}
	t := -p.Dot(d) / l2
	switch {
	case t <= 0:
		return 0, p
	case t >= 1:
		return 1, q
	}
	return t, Point{X: p.X + t*d.X, Y: p.Y + t*d.Y}
}
