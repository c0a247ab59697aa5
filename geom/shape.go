package geom

import (
	"math"
	"slices"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/s1"
)

// MaxArcVertices caps the number of vertices Circle.Polygon and
// Ellipse.Polygon produce for a whole turn, and Offset produces per full
// turn of corner arcs. When the requested chord error would need more, the
// cap wins and the error is larger than asked for (it is then about
// 3e-7 of the radius).
const MaxArcVertices = 4096

// circumscribedCount returns the number n (3 <= n <= MaxArcVertices*sweep/2pi,
// at least 1 for a partial sweep) of equal steps over the angle sweep such
// that a circumscribed polyline of radius r strays at most maxErr from the
// arc: r*(1/cos(sweep/2n) - 1) <= maxErr.
func circumscribedCount(r, maxErr, sweep float64, minN int) int {
	n, _ := circumscribedCountStep(r, maxErr, sweep, minN, circumscribedStep(r, maxErr))
	return n
}

// circumscribedStep returns the largest half-step h of a circumscribed
// polyline of radius r within maxErr of its arc, acos(r/(r+maxErr)) (0
// when r is not positive and finite or maxErr not positive, where
// circumscribedCountStep does not use it). It depends on r and maxErr
// only, so a caller counting many arcs of one radius computes it once.
func circumscribedStep(r, maxErr float64) float64 {
	if !(r > 0) || math.IsInf(r, 0) || !(maxErr > 0) {
		return 0
	}
	// r*(sec(h)-1) <= e  <=>  cos(h) >= r/(r+e).
	return math.Acos(r / (r + maxErr))
}

// circumscribedCountStep is circumscribedCount given h =
// circumscribedStep(r, maxErr). It also returns cos(sweep/(2n)) for the n
// it returns when its guard computed that (the usual case), else NaN, so
// a caller placing the vertices at radius r/cos(sweep/(2n)) need not
// compute it again.
func circumscribedCountStep(r, maxErr, sweep float64, minN int, h float64) (int, float64) {
	maxN := int(math.Ceil(MaxArcVertices * sweep / (2 * math.Pi)))
	if maxN < minN {
		maxN = minN
	}
	if !(r > 0) || math.IsInf(r, 0) {
		return minN, math.NaN()
	}
	if !(maxErr > 0) {
		return maxN, math.NaN()
	}
	if !(h > 0) {
		return maxN, math.NaN()
	}
	n := int(math.Ceil(sweep / (2 * h)))
	// Guard the rounding of acos near the boundary.
	cn, cosN := -1, math.NaN() // the n whose cosine the guard accepted
	for n < maxN {
		c := math.Cos(sweep / (2 * float64(n)))
		if !(r*(1/c-1) > maxErr) {
			cn, cosN = n, c
			break
		}
		n++
	}
	if n < minN {
		n = minN
	}
	if n > maxN {
		n = maxN
	}
	if n != cn {
		return n, math.NaN()
	}
	return n, cosN
}

// Bound returns the tight axis-aligned box of the disc.
func (c Circle) Bound() Rect {
	return Rect{
		X: r1Interval(c.Center.X-c.Radius, c.Center.X+c.Radius),
		Y: r1Interval(c.Center.Y-c.Radius, c.Center.Y+c.Radius),
	}
}

// Area returns the disc's area, pi*r^2 square inches.
func (c Circle) Area() float64 { return math.Pi * c.Radius * c.Radius }

// Polygon returns a counter-clockwise regular polygon CIRCUMSCRIBED about the
// circle: its edges are tangent to the circle and its vertices lie at radius
// r/cos(pi/n), so the polygon contains the whole disc and strays at most
// maxChordErr outside it (r*(sec(pi/n)-1) <= maxChordErr, which also bounds
// the sagitta r*(1-cos(pi/n))). Circumscribed is chosen so the polygon is a
// conservative stand-in (never smaller than the disc) and matches Offset's
// arcs. The first vertex lies on the ray at angle 0 from the centre. The
// vertex count is at least 8 and at most MaxArcVertices; a non-positive or
// NaN maxChordErr gives MaxArcVertices vertices. A non-positive radius gives
// a ring of 8 copies of the centre.
func (c Circle) Polygon(maxChordErr float64) Ring {
	n, rv := circleSize(c.Radius, maxChordErr)
	ring := make(Ring, n)
	for i := range ring {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		ring[i] = Point{X: c.Center.X + rv*co, Y: c.Center.Y + rv*s}
	}
	return ring
}

// circleSize returns Circle.Polygon's vertex count and vertex radius for a
// circle of radius r.
func circleSize(r, maxChordErr float64) (int, float64) {
	n := circumscribedCount(r, maxChordErr, 2*math.Pi, 8)
	rv := 0.0
	if r > 0 {
		rv = r / math.Cos(math.Pi/float64(n))
	}
	return n, rv
}

// CircleRings makes the polygons of many circles, each exactly (bit for
// bit) Circle.Polygon's, computing the vertex count and the trigonometry
// once per radius and chord error rather than once per circle: a table's
// models share a few base sizes. The zero value is ready to use; it is not
// safe for concurrent use, and holds one entry per radius it has seen.
type CircleRings struct {
	shapes map[[2]float64]circleTable
}

// circleTable is one radius's vertex count, vertex radius and unit
// vertices.
type circleTable struct {
	n    int
	rv   float64
	unit []Point
}

// Polygon returns c.Polygon(maxChordErr).
func (cr *CircleRings) Polygon(c Circle, maxChordErr float64) Ring {
	return cr.AppendPolygon(nil, c, maxChordErr)
}

// AppendPolygon appends the vertices of c.Polygon(maxChordErr) to dst
// and returns the extended ring (grown as append grows it): many circles'
// rings can share one array.
func (cr *CircleRings) AppendPolygon(dst Ring, c Circle, maxChordErr float64) Ring {
	t := cr.table(c.Radius, maxChordErr)
	dst = slices.Grow(dst, t.n)
	for _, u := range t.unit {
		// Circle.Polygon's expression, on the same values
		dst = append(dst, Point{X: c.Center.X + t.rv*u.X, Y: c.Center.Y + t.rv*u.Y})
	}
	return dst
}

// table returns the vertex count, vertex radius and unit vertices of a
// circle of radius r, computed on first use.
func (cr *CircleRings) table(r, maxChordErr float64) circleTable {
	key := [2]float64{r, maxChordErr}
	t, ok := cr.shapes[key]
	if !ok {
		t.n, t.rv = circleSize(r, maxChordErr)
		// the sines and cosines Circle.Polygon computes
		t.unit = make([]Point, t.n)
		for i := range t.unit {
			s, co := math.Sincos(2 * math.Pi * float64(i) / float64(t.n))
			t.unit[i] = Point{X: co, Y: s}
		}
		if !math.IsNaN(r) && !math.IsNaN(maxChordErr) { // a NaN key is never found again
			if cr.shapes == nil {
				cr.shapes = make(map[[2]float64]circleTable)
			}
			cr.shapes[key] = t
		}
	}
	return t
}

// Support returns the point of the disc farthest in the direction d (the
// centre for a zero direction).
func (c Circle) Support(d Point) Point {
	n := math.Hypot(d.X, d.Y)
	if !(n > 0) || math.IsInf(n, 0) {
		return c.Center
	}
	return Point{X: c.Center.X + c.Radius*d.X/n, Y: c.Center.Y + c.Radius*d.Y/n}
}

// local returns p in the ellipse's frame: x along the A axis, y along B.
func (e Ellipse) local(p Point) Point {
	s, c := math.Sincos(float64(e.Angle))
	dx, dy := p.X-e.Center.X, p.Y-e.Center.Y
	return Point{X: c*dx + s*dy, Y: -s*dx + c*dy}
}

// world maps a point of the ellipse's frame back to the table.
func (e Ellipse) world(q Point) Point {
	s, c := math.Sincos(float64(e.Angle))
	return Point{X: e.Center.X + c*q.X - s*q.Y, Y: e.Center.Y + s*q.X + c*q.Y}
}

// Bound returns the tight axis-aligned box of the rotated ellipse: half
// extents sqrt(A²cos²θ + B²sin²θ) in x and sqrt(A²sin²θ + B²cos²θ) in y.
func (e Ellipse) Bound() Rect {
	s, c := math.Sincos(float64(e.Angle))
	hx := math.Hypot(e.A*c, e.B*s)
	hy := math.Hypot(e.A*s, e.B*c)
	return Rect{
		X: r1Interval(e.Center.X-hx, e.Center.X+hx),
		Y: r1Interval(e.Center.Y-hy, e.Center.Y+hy),
	}
}

// Area returns the ellipse's area, pi*A*B square inches.
func (e Ellipse) Area() float64 { return math.Pi * e.A * e.B }

// PointAt returns the boundary point with eccentric (parametric) angle
// theta: Center + R(Angle)·(A cos theta, B sin theta). theta is measured in
// the ellipse's own frame and is not the polar angle of the point.
func (e Ellipse) PointAt(theta s1.Angle) Point {
	s, c := math.Sincos(float64(theta))
	return e.world(Point{X: e.A * c, Y: e.B * s})
}

// Polygon returns a counter-clockwise polygon CIRCUMSCRIBED about the
// ellipse: the affine image of the circumscribed regular polygon of the
// unit circle, so its edges are tangent to the ellipse, it contains the
// ellipse, and no vertex lies more than maxChordErr outside it (the count is
// chosen for the larger semi-axis, which bounds the stretch). Vertices are
// spaced evenly in eccentric angle, which crowds them at the sharp ends of a
// flat ellipse where the curvature is. Count limits are those of
// Circle.Polygon.
func (e Ellipse) Polygon(maxChordErr float64) Ring {
	big := math.Max(e.A, e.B)
	n := circumscribedCount(big, maxChordErr, 2*math.Pi, 8)
	k := 1 / math.Cos(math.Pi/float64(n))
	ring := make(Ring, n)
	for i := range ring {
		s, c := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		ring[i] = e.world(Point{X: k * e.A * c, Y: k * e.B * s})
	}
	return ring
}

// Support returns the point of the ellipse farthest in the direction d (the
// centre for a zero direction).
func (e Ellipse) Support(d Point) Point {
	q := e.local(Point{X: e.Center.X + d.X, Y: e.Center.Y + d.Y})
	ax, by := e.A*e.A*q.X, e.B*e.B*q.Y
	n := math.Sqrt(ax*q.X + by*q.Y)
	if !(n > 0) || math.IsInf(n, 0) {
		return e.Center
	}
	return e.world(Point{X: ax / n, Y: by / n})
}

// axes returns the half-length and half-width vectors of the rectangle.
func (o OrientedRect) axes() (u, v Point) {
	s, c := math.Sincos(float64(o.Angle))
	hl, hw := o.Length/2, o.Width/2
	return Point{X: c * hl, Y: s * hl}, Point{X: -s * hw, Y: c * hw}
}

// Corners returns the four corners counter-clockwise, starting at the
// back-right one (centre - length/2 along Angle - width/2 across it).
func (o OrientedRect) Corners() [4]Point {
	u, v := o.axes()
	c := o.Center
	return [4]Point{
		{X: c.X - u.X - v.X, Y: c.Y - u.Y - v.Y},
		{X: c.X + u.X - v.X, Y: c.Y + u.Y - v.Y},
		{X: c.X + u.X + v.X, Y: c.Y + u.Y + v.Y},
		{X: c.X - u.X + v.X, Y: c.Y - u.Y + v.Y},
	}
}

// Ring returns the corners as a new counter-clockwise ring.
func (o OrientedRect) Ring() Ring {
	c := o.Corners()
	return Ring{c[0], c[1], c[2], c[3]}
}

// Bound returns the tight axis-aligned box of the rectangle.
func (o OrientedRect) Bound() Rect {
	c := o.Corners()
	return r2.RectFromPoints(c[0], c[1], c[2], c[3])
}

// Support returns the corner farthest in the direction d (ties go to the
// +Length/+Width side, so a zero direction gives corner 2).
func (o OrientedRect) Support(d Point) Point {
	u, v := o.axes()
	p := o.Center
	if d.Dot(u) >= 0 {
		p = p.Add(u)
	} else {
		p = p.Sub(u)
	}
	if d.Dot(v) >= 0 {
		p = p.Add(v)
	} else {
		p = p.Sub(v)
	}
	return p
}

// Forward returns the unit vector of the facing.
func (p Pose) Forward() Point {
	s, c := math.Sincos(float64(p.Facing))
	return Point{X: c, Y: s}
}

// ToLocal returns q in the pose's frame: x straight ahead along the facing,
// y to the left (counter-clockwise), origin at Position.
func (p Pose) ToLocal(q Point) Point {
	s, c := math.Sincos(float64(p.Facing))
	dx, dy := q.X-p.Position.X, q.Y-p.Position.Y
	return Point{X: c*dx + s*dy, Y: -s*dx + c*dy}
}

// ToWorld is the inverse of ToLocal: it maps a point of the pose's frame
// back to the table.
func (p Pose) ToWorld(q Point) Point {
	s, c := math.Sincos(float64(p.Facing))
	return Point{X: p.Position.X + c*q.X - s*q.Y, Y: p.Position.Y + s*q.X + c*q.Y}
}

// BearingTo returns the direction of q relative to the facing, in
// (-pi, pi]: 0 dead ahead, positive to the left (counter-clockwise), pi
// directly behind. A q equal to Position has bearing 0.
func (p Pose) BearingTo(q Point) s1.Angle {
	l := p.ToLocal(q)
	if l.X == 0 && l.Y == 0 {
		return 0
	}
	return NormalizeAngle(s1.Angle(math.Atan2(l.Y, l.X)))
}

// Locate reports where p lies relative to the closed disc, by comparing the
// squared distance to the centre with r². The comparison is of rounded
// float64 values, so points within about one ulp of the circle may be
// classified either way; points on the circle whose squared distance rounds
// to exactly r² (for example (c.X+r, c.Y)) are OnBoundary.
func (c Circle) Locate(p Point) Location {
	dx, dy := p.X-c.Center.X, p.Y-c.Center.Y
	d2, r2 := dx*dx+dy*dy, c.Radius*c.Radius
	switch {
	case d2 < r2:
		return Inside
	case d2 == r2:
		return OnBoundary
	}
	return Outside
}

// Locate reports where p lies relative to the closed ellipse, by evaluating
// (x/A)² + (y/B)² against 1 in the ellipse's frame. Like Circle.Locate it
// is decided on rounded values (the rotation into the frame rounds), so
// only points within a few ulps of the curve are uncertain. An ellipse with
// a zero semi-axis is the segment of its other axis: points on it are
// OnBoundary and it has no inside.
func (e Ellipse) Locate(p Point) Location {
	q := e.local(p)
	a, b := math.Abs(e.A), math.Abs(e.B)
	if a == 0 || b == 0 {
		if (a == 0 && q.X == 0 && math.Abs(q.Y) <= b) || (b == 0 && q.Y == 0 && math.Abs(q.X) <= a) {
			return OnBoundary
		}
		return Outside
	}
	v := (q.X/a)*(q.X/a) + (q.Y/b)*(q.Y/b)
	switch {
	case v < 1:
		return Inside
	case v == 1:
		return OnBoundary
	}
	return Outside
}

// Locate reports where p lies relative to the closed rectangle. It is exact
// with respect to the float64 corners returned by Corners.
func (o OrientedRect) Locate(p Point) Location {
	c := o.Corners()
	return Ring(c[:]).Locate(p)
}

// Bound3 returns the corners of the prism's axis-aligned box: the
// footprint's bound between ZMin and ZMax. An empty footprint gives an
// inverted (empty) box.
func (p Prism) Bound3() (lo, hi Vec3) {
	b := p.Footprint.Bound()
	return Vec3{X: b.X.Lo, Y: b.Y.Lo, Z: p.ZMin}, Vec3{X: b.X.Hi, Y: b.Y.Hi, Z: p.ZMax}
}

// ContainsPoint reports whether v lies in the closed prism: ZMin <= v.Z <=
// ZMax and the footprint (holes respected, boundary included) contains its
// projection. The decision is exact.
func (p Prism) ContainsPoint(v Vec3) bool {
	return p.ZMin <= v.Z && v.Z <= p.ZMax && p.Footprint.Locate(Flat(v)) != Outside
}
