package geom

import (
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
	"github.com/golang/geo/s1"
)

// Location is where a point lies relative to a closed region.
type Location int

const (
	// Outside means the point is not in the closed region.
	Outside Location = iota
	// OnBoundary means the point is on the region's boundary.
	OnBoundary
	// Inside means the point is in the region's interior.
	Inside
)

// String returns the location's name, for example "OnBoundary".
func (l Location) String() string {
	switch l {
	case Outside:
		return "Outside"
	case OnBoundary:
		return "OnBoundary"
	case Inside:
		return "Inside"
	}
	return fmt.Sprintf("Location(%d)", int(l))
}

// Len returns the number of vertices of the ring.
func (r Ring) Len() int { return len(r) }

// Edge returns edge i, from vertex i to vertex (i+1) mod Len(). It panics if
// i is out of range, like a slice index.
func (r Ring) Edge(i int) Segment {
	j := i + 1
	if j == len(r) {
		j = 0
	}
	return Segment{A: r[i], B: r[j]}
}

// SignedArea returns the ring's area in square inches, positive when the
// ring is counter-clockwise and negative when clockwise (shoelace formula,
// evaluated relative to the first vertex for accuracy).
func (r Ring) SignedArea() float64 {
	if len(r) < 3 {
		return 0
	}
	o := r[0]
	var s float64
	for i := 1; i+1 < len(r); i++ {
		s += r[i].Sub(o).Cross(r[i+1].Sub(o))
	}
	return s / 2
}

// Area returns the absolute area of the ring in square inches.
func (r Ring) Area() float64 { return math.Abs(r.SignedArea()) }

// IsCCW reports whether the ring is counter-clockwise (positive signed area).
func (r Ring) IsCCW() bool { return r.SignedArea() > 0 }

// Reversed returns a copy of the ring with the vertex order reversed.
func (r Ring) Reversed() Ring {
	out := make(Ring, len(r))
	for i, p := range r {
		out[len(r)-1-i] = p
	}
	return out
}

// Bound returns the smallest rectangle containing the ring (empty for an
// empty ring).
func (r Ring) Bound() Rect {
	b := r2.EmptyRect()
	for _, p := range r {
		b = b.AddPoint(p)
	}
	return b
}

// boundMeets reports r.Bound().Intersects(b) for a non-empty b, without
// building the bound: the bound meets b exactly when some vertex is at or
// left of b's right side, some at or right of its left side, and likewise
// in y, so the walk stops once all four are seen (for a segment inside the
// ring's box, after a few vertices). A NaN first coordinate makes the
// bound's interval NaN, which meets nothing; later NaNs are skipped, as
// Bound skips them.
func (r Ring) boundMeets(b Rect) bool {
	if len(r) == 0 || math.IsNaN(r[0].X) || math.IsNaN(r[0].Y) {
		return r.Bound().Intersects(b)
	}
	left, right, below, above := false, false, false, false
	for _, v := range r {
		left = left || v.X <= b.X.Hi
		right = right || v.X >= b.X.Lo
		below = below || v.Y <= b.Y.Hi
		above = above || v.Y >= b.Y.Lo
		if left && right && below && above {
			return true
		}
	}
	return false
}

// Locate reports whether p is inside, on the boundary of, or outside the
// closed region bounded by the ring. It is exact: boundary membership uses
// Orient and coordinate comparisons, and the crossing-number test decides
// each edge with Orient. A point with a NaN or infinite coordinate is
// Outside. Self-intersecting rings are treated with the
// even-odd rule. A ring with fewer than 3 vertices bounds nothing, but a
// point on its vertices or edges is still reported OnBoundary.
func (r Ring) Locate(p Point) Location {
	n := len(r)
	if n == 0 || !isFinite(p.X) || !isFinite(p.Y) {
		return Outside
	}
	inside := false
	a := r[n-1]
	for _, b := range r {
		if ringEdgeStep(a, b, p, &inside) {
			return OnBoundary
		}
		a = b
	}
	if n < 3 {
		return Outside
	}
	if inside {
		return Inside
	}
	return Outside
}

// ringEdgeStep processes edge a→b of a crossing-number test for p: it
// reports whether p lies on the edge, and otherwise toggles *inside if the
// rightward horizontal ray from p crosses the edge (half-open in y: a vertex
// counts as above p only if strictly above).
func ringEdgeStep(a, b, p Point, inside *bool) bool {
	if p.X > a.X && p.X > b.X {
		return false // the edge is entirely left of p
	}
	aAbove, bAbove := a.Y > p.Y, b.Y > p.Y
	if p.X < a.X && p.X < b.X {
		// Entirely right of p: it cannot contain p, and crosses the ray iff
		// it straddles p's height.
		if aAbove != bAbove {
			*inside = !*inside
		}
		return false
	}
	if aAbove == bAbove {
		// p is within the edge's y-range only if both ends are at or below
		// p and one is level with it.
		return !aAbove && (a.Y == p.Y || b.Y == p.Y) && Orient(a, b, p) == 0
	}
	o := Orient(a, b, p)
	if o == 0 {
		return true
	}
	if bAbove == (o > 0) {
		*inside = !*inside
	}
	return false
}

// Area returns the polygon's area in square inches: the outer ring's area
// minus the holes' areas, whatever their orientation.
func (p Polygon) Area() float64 {
	a := p.Outer.Area()
	for _, h := range p.Holes {
		a -= h.Area()
	}
	return a
}

// Bound returns the bounding rectangle of the outer ring.
func (p Polygon) Bound() Rect { return p.Outer.Bound() }

// NumVertices returns the total number of vertices over all rings.
func (p Polygon) NumVertices() int {
	n := len(p.Outer)
	for _, h := range p.Holes {
		n += len(h)
	}
	return n
}

// Normalized returns a copy of the polygon with a counter-clockwise outer
// ring and clockwise holes. The receiver is not modified.
func (p Polygon) Normalized() Polygon {
	out := Polygon{Outer: orientedCopy(p.Outer, true)}
	if len(p.Holes) > 0 {
		out.Holes = make([]Ring, len(p.Holes))
		for i, h := range p.Holes {
			out.Holes[i] = orientedCopy(h, false)
		}
	}
	return out
}

// orientedCopy returns a copy of r that is counter-clockwise if ccw, else
// clockwise. Zero-area rings are copied as they are.
func orientedCopy(r Ring, ccw bool) Ring {
	a := r.SignedArea()
	if (ccw && a < 0) || (!ccw && a > 0) {
		return r.Reversed()
	}
	return slices.Clone(r)
}

// Locate reports whether pt is inside, on the boundary of, or outside the
// closed polygon. A point inside a hole is Outside; a point on a hole's
// boundary is OnBoundary. The zero Polygon contains nothing.
func (p Polygon) Locate(pt Point) Location {
	l := p.Outer.Locate(pt)
	if l != Inside {
		return l
	}
	for _, h := range p.Holes {
		switch h.Locate(pt) {
		case Inside:
			return Outside
		case OnBoundary:
			return OnBoundary
		}
	}
	return Inside
}

// Contains reports whether pt is in the closed polygon (inside or on the
// boundary).
func (p Polygon) Contains(pt Point) bool { return p.Locate(pt) != Outside }

// Translate returns the polygon moved by d.
func (p Polygon) Translate(d Point) Polygon {
	return p.mapPoints(func(q Point) Point { return q.Add(d) })
}

// Rotate returns the polygon rotated counter-clockwise by angle about
// center.
func (p Polygon) Rotate(center Point, angle s1.Angle) Polygon {
	sin, cos := math.Sincos(angle.Radians())
	return p.mapPoints(func(q Point) Point {
		v := q.Sub(center)
		return Point{X: center.X + v.X*cos - v.Y*sin, Y: center.Y + v.X*sin + v.Y*cos}
	})
}

// mapPoints returns a copy of p with f applied to every vertex.
func (p Polygon) mapPoints(f func(Point) Point) Polygon {
	mr := func(r Ring) Ring {
		if r == nil {
			return nil
		}
		out := make(Ring, len(r))
		for i, q := range r {
			out[i] = f(q)
		}
		return out
	}
	out := Polygon{Outer: mr(p.Outer)}
	if p.Holes != nil {
		out.Holes = make([]Ring, len(p.Holes))
		for i, h := range p.Holes {
			out.Holes[i] = mr(h)
		}
	}
	return out
}

// ringMoments returns the absolute area of r and the area-weighted sum of
// its centroid (so centroid = m / area).
func ringMoments(r Ring) (area float64, m Point) {
	if len(r) < 3 {
		return 0, Point{}
	}
	o := r[0]
	var a, cx, cy float64
	for i := 1; i+1 < len(r); i++ {
		u, v := r[i].Sub(o), r[i+1].Sub(o)
		c := u.Cross(v)
		a += c
		cx += c * (u.X + v.X)
		cy += c * (u.Y + v.Y)
	}
	if a == 0 {
		return 0, Point{}
	}
	// Triangle (0,u,v) has area c/2 and centroid (u+v)/3.
	area = a / 2
	cen := Point{X: o.X + cx/(3*a), Y: o.Y + cy/(3*a)}
	return math.Abs(area), cen.Mul(math.Abs(area))
}

// Centroid returns the polygon's centre of area (holes subtracted). For a
// polygon of zero area it returns the mean of the outer ring's vertices, and
// the zero Point for the empty polygon.
func (p Polygon) Centroid() Point {
	a, m := ringMoments(p.Outer)
	for _, h := range p.Holes {
		ha, hm := ringMoments(h)
		a -= ha
		m = m.Sub(hm)
	}
	if a > 0 {
		return m.Mul(1 / a)
	}
	if len(p.Outer) == 0 {
		return Point{}
	}
	var s Point
	for _, q := range p.Outer {
		s = s.Add(q)
	}
	return s.Mul(1 / float64(len(p.Outer)))
}

// IsConvex reports whether the polygon has no holes and its outer ring is
// a convex polygon (in either orientation). Collinear vertices are allowed;
// repeated consecutive vertices are skipped; a ring that folds back on
// itself, winds more than once or has zero area is not convex. The decision
// is exact.
func (p Polygon) IsConvex() bool {
	if len(p.Holes) > 0 {
		return false
	}
	r := p.Outer
	n := len(r)
	if n < 3 {
		return false
	}
	turn := 0
	xch, ych := 0, 0
	prevSX, prevSY := 0, 0
	firstSX, firstSY := 0, 0
	distinct := 0
	for i := 0; i < n; i++ {
		a := r[i]
		b := r[(i+1)%n]
		if a == b {
			continue
		}
		distinct++
		// Next distinct vertex after b.
		var c Point
		found := false
		for k := 2; k <= n; k++ {
			c = r[(i+k)%n]
			if c != b {
				found = true
				break
			}
		}
		if !found {
			return false
		}
		o := Orient(a, b, c)
		if o != 0 {
			if turn != 0 && o != turn {
				return false
			}
			turn = o
		} else if cmpSign(b.X, a.X) != cmpSign(c.X, b.X) || cmpSign(b.Y, a.Y) != cmpSign(c.Y, b.Y) {
			return false // a fold back along the same line
		}
		sx, sy := cmpSign(b.X, a.X), cmpSign(b.Y, a.Y)
		if sx != 0 {
			if prevSX != 0 && sx != prevSX {
				xch++
			}
			if firstSX == 0 {
				firstSX = sx
			}
			prevSX = sx
		}
		if sy != 0 {
			if prevSY != 0 && sy != prevSY {
				ych++
			}
			if firstSY == 0 {
				firstSY = sy
			}
			prevSY = sy
		}
	}
	if prevSX != 0 && firstSX != prevSX {
		xch++
	}
	if prevSY != 0 && firstSY != prevSY {
		ych++
	}
	return turn != 0 && distinct >= 3 && xch <= 2 && ych <= 2
}

// cmpSign returns the sign of x-y by comparison (exact).
func cmpSign(x, y float64) int {
	switch {
	case x > y:
		return 1
	case x < y:
		return -1
	}
	return 0
}

// PolygonFromPoints returns the hole-free polygon whose outer ring is a copy
// of pts.
func PolygonFromPoints(pts ...Point) Polygon {
	return Polygon{Outer: slices.Clone(Ring(pts))}
}

// SegmentInside appends to dst the closed parameter intervals [t0, t1]
// (0 <= t0 <= t1 <= 1, t along s from A to B) whose points lie in the closed
// polygon, boundary included, merged and sorted. It allocates nothing when
// the polygon has at most 64 edges crossing the segment's line and dst has
// spare capacity for the result.
//
// Method: every edge is classified exactly against the segment's supporting
// line L by Orient. The interior of the polygon along L is found by an
// even-odd sweep of the edges crossing L, with vertices lying on L treated
// as if infinitesimally to the right of L (so an edge counts as crossing
// exactly when its endpoints are on different sides of that perturbed line).
// The closure of that set together with the boundary on L (edges lying along
// L and vertices on L) is exactly the closed polygon on L. Consequently:
//   - a segment running along an edge includes that stretch (boundary);
//   - a segment passing through a vertex where the boundary crosses L is
//     inside on the interior side, with the vertex as the interval end;
//   - a segment tangent at a vertex (both neighbours on the same side of L,
//     e.g. grazing a reflex vertex from outside) yields a zero-length
//     interval [t, t] at that vertex, or nothing extra if the vertex is
//     already inside an interval.
//
// All decisions (which edges cross L, in what pairing) are exact. The
// parameters themselves are computed in floating point (relative error of a
// few ulps of 1 for well-conditioned crossings); crossings whose computed
// parameters are equal to within rounding may be ordered arbitrarily, which
// moves interval ends by at most that rounding. Holes are handled by the
// even-odd rule, which is correct for valid polygons. A degenerate segment
// (A == B) yields [0, 1] if A is in the closed polygon, else nothing.
func (p Polygon) SegmentInside(s Segment, dst []r1.Interval) []r1.Interval {
	if len(p.Outer) < 3 {
		return dst
	}
	if s.A == s.B {
		if p.Contains(s.A) {
			dst = append(dst, r1.Interval{Lo: 0, Hi: 1})
		}
		return dst
	}
	if !finite2(s.A, s.B, s.A) {
		return dst
	}
	// Bounding-box rejection against the outer ring.
	if !p.Outer.boundMeets(s.Bound()) {
		return dst
	}
	var cbuf [64]float64
	var bbuf [16]r1.Interval
	cross := cbuf[:0]
	bnd := bbuf[:0]
	d := s.B.Sub(s.A)
	dd := d.Dot(d)
	param := func(v Point) float64 { return v.Sub(s.A).Dot(d) / dd }
	scan := func(r Ring) {
		n := len(r)
		if n == 0 {
			return
		}
		u := r[n-1]
		ou := Orient(s.A, s.B, u)
		for _, v := range r {
			ov := Orient(s.A, s.B, v)
			switch {
			case ou == 0 && ov == 0:
				t0, t1 := param(u), param(v)
				if t0 > t1 {
					t0, t1 = t1, t0
				}
				bnd = append(bnd, r1.Interval{Lo: t0, Hi: t1})
			case ov == 0:
				t := param(v)
				bnd = append(bnd, r1.Interval{Lo: t, Hi: t})
			}
			if (ou > 0) != (ov > 0) {
				var t float64
				switch {
				case ou == 0:
					t = param(u)
				case ov == 0:
					t = param(v)
				default:
					e := v.Sub(u)
					t = u.Sub(s.A).Cross(e) / d.Cross(e)
				}
				cross = append(cross, t)
			}
			u, ou = v, ov
		}
	}
	scan(p.Outer)
	for _, h := range p.Holes {
		scan(h)
	}
	slices.Sort(cross)
	start := len(dst)
	for i := 0; i+1 < len(cross); i += 2 {
		dst = appendClipped(dst, cross[i], cross[i+1])
	}
	for _, iv := range bnd {
		dst = appendClipped(dst, iv.Lo, iv.Hi)
	}
	return mergeIntervals(dst, start)
}

// appendClipped appends [lo, hi] ∩ [0, 1] to dst if it is non-empty.
func appendClipped(dst []r1.Interval, lo, hi float64) []r1.Interval {
	lo = math.Max(lo, 0)
	hi = math.Min(hi, 1)
	if lo > hi {
		return dst
	}
	return append(dst, r1.Interval{Lo: lo, Hi: hi})
}

// mergeIntervals sorts dst[start:] by Lo, merges overlapping or touching
// intervals in place and returns the shortened slice.
func mergeIntervals(dst []r1.Interval, start int) []r1.Interval {
	tail := dst[start:]
	if len(tail) < 2 {
		return dst
	}
	slices.SortFunc(tail, func(a, b r1.Interval) int {
		return cmpSign(a.Lo, b.Lo)
	})
	w := 0
	for _, iv := range tail[1:] {
		if iv.Lo <= tail[w].Hi {
			if iv.Hi > tail[w].Hi {
				tail[w].Hi = iv.Hi
			}
			continue
		}
		w++
		tail[w] = iv
	}
	return dst[:start+w+1]
}

// SegmentCrossesInterior reports whether some point of the closed segment s
// lies strictly inside the polygon (not on its boundary). A segment that only
// grazes the boundary (runs along an edge, touches a vertex, or ends on the
// boundary from outside) does not cross the interior. The decision is exact
// for valid polygons: it uses only Orient, coordinate comparisons and exact
// symbolic perturbation along the segment, never constructed points.
func (p Polygon) SegmentCrossesInterior(s Segment) bool {
	if len(p.Outer) < 3 || !finite2(s.A, s.B, s.A) {
		return false
	}
	if s.A == s.B {
		return p.Locate(s.A) == Inside
	}
	if !p.Outer.boundMeets(s.Bound()) {
		return false
	}
	if p.Locate(s.A) == Inside || p.Locate(s.B) == Inside {
		return true
	}
	// Gather the exact event points on s: its ends and the polygon vertices
	// on it. A proper crossing of an edge interior means interior points.
	var ebuf [32]Point
	ev := append(ebuf[:0], s.A, s.B)
	crossed := false
	visit := func(r Ring) {
		n := len(r)
		for i := 0; i < n && !crossed; i++ {
			a, b := r[i], r[(i+1)%n]
			if a != b && IntersectSegments(s, Segment{a, b}).Kind == Crossing {
				crossed = true
				return
			}
			if onSegment(a, s) {
				ev = append(ev, a)
			}
		}
	}
	visit(p.Outer)
	for _, h := range p.Holes {
		visit(h)
	}
	if crossed {
		return true
	}
	byX := s.A.X != s.B.X
	slices.SortFunc(ev, func(a, b Point) int {
		if byX {
			return cmpSign(a.X, b.X)
		}
		return cmpSign(a.Y, b.Y)
	})
	for i := 0; i+1 < len(ev); i++ {
		if ev[i] == ev[i+1] {
			continue
		}
		if p.locateJustAfter(ev[i], ev[i+1]) == Inside {
			return true
		}
	}
	return false
}

// locateJustAfter locates the symbolic point x = a + ε(b-a) for an
// infinitesimal ε > 0 (a != b), using exact predicates only. Every
// predicate on x is evaluated as its limit: first on a, and where that is
// degenerate, on the direction towards b.
func (p Polygon) locateJustAfter(a, b Point) Location {
	inside := false
	step := func(r Ring) bool {
		n := len(r)
		for i := 0; i < n; i++ {
			u, v := r[i], r[(i+1)%n]
			if u == v {
				continue
			}
			o := Orient(u, v, a)
			if o == 0 {
				o = Orient(u, v, b)
			}
			if o == 0 {
				// x lies on line uv: on the edge iff strictly between u and v
				// along the line, symbolically.
				byX := u.X != v.X
				cu := symCmp(a, b, u, byX)
				cv := symCmp(a, b, v, byX)
				if cu*cv < 0 {
					return true
				}
				continue
			}
			uAbove := symCmpY(a, b, u) < 0 // u.Y > x.Y
			vAbove := symCmpY(a, b, v) < 0
			if uAbove == vAbove {
				continue
			}
			if vAbove == (o > 0) {
				inside = !inside
			}
		}
		return false
	}
	if step(p.Outer) {
		return OnBoundary
	}
	for _, h := range p.Holes {
		if step(h) {
			return OnBoundary
		}
	}
	if inside {
		return Inside
	}
	return Outside
}

// symCmp compares x = a + ε(b-a) with c along the x axis (byX) or y axis:
// the sign of x - c.
func symCmp(a, b, c Point, byX bool) int {
	if byX {
		if s := cmpSign(a.X, c.X); s != 0 {
			return s
		}
		return cmpSign(b.X, a.X)
	}
	return symCmpY(a, b, c)
}

// symCmpY returns the sign of x.Y - c.Y for x = a + ε(b-a).
func symCmpY(a, b, c Point) int {
	if s := cmpSign(a.Y, c.Y); s != 0 {
		return s
	}
	return cmpSign(b.Y, a.Y)
}
