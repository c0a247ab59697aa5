package geom

import "math"

// OrientDir reports on which side of the directed line through a with
// direction d the point p lies: +1 to the left, -1 to the right and 0 on
// the line (or when d is the zero vector). It is the exact sign of
// d×(p-a) = d.X·(p.Y-a.Y) - d.Y·(p.X-a.X) for the float64 inputs as given,
// so a ray given by a float direction is decided exactly, without forming
// the rounded second point a+d that Orient would need.
//
// Like Orient it uses a floating-point filter, then an allocation-free
// expansion stage, and exact dyadic arithmetic (which allocates) only when
// a difference exceeds 2^500 or a product falls below 2^-960. Any NaN or
// ±Inf coordinate gives 0.
func OrientDir(a, d, p Point) int {
	dx, dy := p.X-a.X, p.Y-a.Y
	l, r := d.X*dy, d.Y*dx
	det := l - r
	// Each product carries one rounded difference and one rounding, the
	// subtraction one more: Orient's bound (two differences per product) is
	// larger and therefore safe.
	bound := orientBound*(math.Abs(l)+math.Abs(r)) + tinyBound
	if det > bound {
		return 1
	}
	if det < -bound {
		return -1
	}
	if !finite2(a, d, p) {
		return 0
	}
	if s, ok := orientDirExpansion(a, d, p); ok {
		return s
	}
	return orientDirExact(a, d, p)
}

// orientDirExact is OrientDir's exact stage for finite inputs, in dyadic
// arithmetic: the sign of d.X·(p.Y-a.Y) - d.Y·(p.X-a.X).
func orientDirExact(a, d, p Point) int {
	px, py := dyadicSub(p.X, a.X), dyadicSub(p.Y, a.Y)
	return dyadicOf(d.X).mul(py).cmp(dyadicOf(d.Y).mul(px))
}

// orientDirExpansion is OrientDir's exact expansion stage; ok is false when
// a value is too large or a product too small for it to be exact.
func orientDirExpansion(a, d, p Point) (sign int, ok bool) {
	px, py := diff(p.X, a.X), diff(p.Y, a.Y)
	if !(math.Abs(px[0]) <= maxDiff2 && math.Abs(py[0]) <= maxDiff2 &&
		math.Abs(d.X) <= maxDiff2 && math.Abs(d.Y) <= maxDiff2) {
		return 0, false
	}
	var buf [orient2Terms]float64
	e := expansion{c: buf[:]}
	for _, y := range py {
		e.addProduct(d.X, y)
	}
	for _, x := range px {
		e.addProduct(-d.Y, x)
	}
	if e.lost {
		return 0, false
	}
	return e.sign(), true
}

// Heading returns the unit direction deg degrees counter-clockwise from +x.
// Within 1e-9° of a multiple of 45° the components are exactly 0, ±1 or
// ±√2/2 (rounded once), so that headings 45° apart are mirror images.
func Heading(deg float64) Point {
	k := math.Round(deg / 45)
	if math.Abs(deg-45*k) < 1e-9 {
		s := math.Sqrt2 / 2
		c := [8]Point{{X: 1}, {X: s, Y: s}, {Y: 1}, {X: -s, Y: s}, {X: -1}, {X: -s, Y: -s}, {Y: -1}, {X: s, Y: -s}}
		return c[int(math.Mod(math.Mod(k, 8)+8, 8))]
	}
	r := deg * math.Pi / 180
	return Point{X: math.Cos(r), Y: math.Sin(r)}
}

// Turn returns a direction deg degrees counter-clockwise from f. Within
// 1e-9° of a multiple of 45° it is the sum ±f ± perp(f) (or ±f, ±perp(f))
// formed with at most one rounding per component and not normalised (√2·|f|
// long at odd multiples of 45°), so that the rays of an arc layout at 45°
// steps are exact reflections of each other; otherwise it is f rotated by
// cos and sin.
func Turn(f Point, deg float64) Point {
	l := Point{X: -f.Y, Y: f.X}
	k := math.Round(deg / 45)
	if math.Abs(deg-45*k) < 1e-9 {
		c := [8][2]float64{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}[int(math.Mod(math.Mod(k, 8)+8, 8))]
		return Point{X: c[0]*f.X + c[1]*l.X, Y: c[0]*f.Y + c[1]*l.Y}
	}
	s, c := math.Sincos(deg * math.Pi / 180)
	return Point{X: c*f.X + s*l.X, Y: c*f.Y + s*l.Y}
}

// sectorHalf is the closed half-plane on or left of the directed line
// through a with direction d.
type sectorHalf struct{ a, d Point }

// sectorKind says how a Sector's half-planes combine.
type sectorKind uint8

const (
	sectorEmpty  sectorKind = iota // no point
	sectorConvex                   // the intersection of the half-planes (the plane when none)
	sectorReflex                   // the closure of the complement of the convex part's interior
)

// Sector is a closed region of the table plane bounded by straight lines:
// a wedge between two rays from an apex (narrower than, equal to or wider
// than a half-plane, wrapping through the direction opposite its middle), a
// single ray, a half-plane, a corridor (a strip of given half-width running
// ahead of a start line), the whole plane or nothing. It is the one shape
// of every fire arc, facing wedge and hull zone.
//
// Boundary convention: a Sector is closed; Locate reports Inside for its
// interior, OnBoundary for its boundary lines and Outside for the rest, so
// a caller decides itself whether points on a line count (Contains is the
// closed test, InteriorContains the open one). Decisions are exact for the
// float64 apex, anchors and direction vectors stored (OrientDir); a
// constructor that derives an anchor (CorridorSector's side lines) rounds
// it once, and the sector is exact relative to that rounded line.
//
// The zero value is the empty sector. Sectors are immutable values.
type Sector struct {
	kind sectorKind
	n    int
	hs   [4]sectorHalf
}

// EmptySector returns the sector holding no point.
func EmptySector() Sector { return Sector{} }

// FullSector returns the sector holding the whole plane (no boundary).
func FullSector() Sector { return Sector{kind: sectorConvex} }

// HalfPlaneSector returns the closed half-plane on or left of the directed
// line through a with direction d. A zero or non-finite d or a non-finite a
// gives the empty sector.
func HalfPlaneSector(a, d Point) Sector {
	if !sectorDirOK(a, d) {
		return EmptySector()
	}
	return Sector{kind: sectorConvex, n: 1, hs: [4]sectorHalf{{a, d}}}
}

// WedgeSector returns the closed region swept counter-clockwise about apex
// from the ray with direction from to the ray with direction to. By the
// exact turn from from to to: a left turn gives a wedge narrower than a
// half-plane, a right turn one wider than a half-plane (it wraps through
// the direction opposite its middle), opposite directions the half-plane
// left of from, and equal directions the single ray (no interior). Use
// FullSector for the whole circle. A zero or non-finite direction or a
// non-finite apex gives the empty sector.
func WedgeSector(apex, from, to Point) Sector {
	if !sectorDirOK(apex, from) || !sectorDirOK(apex, to) {
		return EmptySector()
	}
	neg := func(v Point) Point { return Point{X: -v.X, Y: -v.Y} }
	ahead := Point{X: from.Y, Y: -from.X} // left of it: from·(p-apex) >= 0
	switch turn := OrientDir(Point{}, from, to); {
	case turn > 0:
		return Sector{kind: sectorConvex, n: 2, hs: [4]sectorHalf{{apex, from}, {apex, neg(to)}}}
	case turn < 0:
		// The closed convex wedge from to round to from; the sector is the
		// closure of what lies outside its interior.
		return Sector{kind: sectorReflex, n: 2, hs: [4]sectorHalf{{apex, to}, {apex, neg(from)}}}
	case OrientDir(Point{}, ahead, to) < 0: // to·from < 0: opposite
		return HalfPlaneSector(apex, from)
	}
	return Sector{kind: sectorConvex, n: 3, hs: [4]sectorHalf{{apex, from}, {apex, neg(from)}, {apex, ahead}}}
}

// CorridorSector returns the closed strip of half-width halfWidth about the
// line through start with direction dir, from the start line (through
// start, across dir) onwards in the direction dir. Its side lines pass
// through start ± halfWidth·n, n the unit left normal of dir, each rounded
// once. halfWidth 0 gives the single ray; a negative or non-finite
// halfWidth, a zero or non-finite dir or a non-finite start gives the
// empty sector.
func CorridorSector(start, dir Point, halfWidth float64) Sector {
	if !sectorDirOK(start, dir) || !(halfWidth >= 0) || math.IsInf(halfWidth, 1) {
		return EmptySector()
	}
	n := Point{X: -dir.Y, Y: dir.X}.Mul(halfWidth / dir.Norm())
	sl, sr := start.Add(n), start.Sub(n)
	return Sector{kind: sectorConvex, n: 3, hs: [4]sectorHalf{
		{start, Point{X: dir.Y, Y: -dir.X}}, // ahead of the start line
		{sl, Point{X: -dir.X, Y: -dir.Y}},   // right of the left side
		{sr, dir},                           // left of the right side
	}}
}

// Intersect returns the intersection of two sectors bounded by at most
// four lines in all, and ok; ok is false (and the sector empty) when either
// is wider than a half-plane or together they have more than four lines. It
// builds regions such as a hull zone between two corner rays and the hull's
// axis.
func (s Sector) Intersect(o Sector) (Sector, bool) {
	if s.kind == sectorReflex || o.kind == sectorReflex || s.n+o.n > len(s.hs) {
		return EmptySector(), false
	}
	if s.kind == sectorEmpty || o.kind == sectorEmpty {
		return EmptySector(), true
	}
	r := s
	for _, h := range o.hs[:o.n] {
		r.hs[r.n] = h
		r.n++
	}
	return r, true
}

// sectorDirOK reports whether a and d are finite and d is not zero.
func sectorDirOK(a, d Point) bool {
	return isFinite(a.X) && isFinite(a.Y) && isFinite(d.X) && isFinite(d.Y) && (d.X != 0 || d.Y != 0)
}

// IsEmpty reports whether the sector holds no point.
func (s Sector) IsEmpty() bool { return s.kind == sectorEmpty }

// IsFull reports whether the sector is the whole plane.
func (s Sector) IsFull() bool { return s.kind == sectorConvex && s.n == 0 }

// Locate reports where p lies relative to the closed sector: Inside its
// interior, OnBoundary on one of its boundary lines (the apex included),
// Outside otherwise. A non-finite p is Outside. The decision is exact.
func (s Sector) Locate(p Point) Location {
	if s.kind == sectorEmpty || !isFinite(p.X) || !isFinite(p.Y) {
		return Outside
	}
	l := s.locateConvex(p)
	if s.kind == sectorReflex {
		switch l {
		case Inside:
			return Outside
		case Outside:
			return Inside
		}
	}
	return l
}

// locateConvex locates p relative to the intersection of the half-planes.
func (s Sector) locateConvex(p Point) Location {
	l := Inside
	for _, h := range s.hs[:s.n] {
		switch OrientDir(h.a, h.d, p) {
		case -1:
			return Outside
		case 0:
			l = OnBoundary
		}
	}
	return l
}

// Contains reports whether p lies in the closed sector (boundary included).
func (s Sector) Contains(p Point) bool { return s.Locate(p) != Outside }

// InteriorContains reports whether p lies in the sector's interior
// (boundary excluded).
func (s Sector) InteriorContains(p Point) bool { return s.Locate(p) == Inside }

// LocateAll reports how the convex shape c lies in the sector: Inside when
// all of it is in the interior, OnBoundary when all of it is in the closed
// sector but not in the interior, Outside otherwise. Containment in a
// convex sector is decided exactly at c's support points (OrientDir); for
// a wedge wider than a half-plane it is the test that c misses the
// complementary wedge, done as LocateAny.
func (s Sector) LocateAll(c Convex) Location {
	switch s.kind {
	case sectorEmpty:
		return Outside
	case sectorReflex: // c in the closure of the complement of int W: c misses int W.
		return sectorLoc(!s.meets(c, true), !s.meets(c, false))
	}
	return sectorLoc(s.holds(c, false), s.holds(c, true))
}

// LocateAny reports how the convex shape c meets the sector: Inside when it
// meets the interior, OnBoundary when it meets only the boundary, Outside
// when it misses the closed sector. Meeting the closed convex part is a
// distance test (DistConvex is zero); meeting its interior is the same test
// against the part shrunk by 1e-9 in, so shapes closer than that to a line
// are decided by rounding.
func (s Sector) LocateAny(c Convex) Location {
	switch s.kind {
	case sectorEmpty:
		return Outside
	case sectorReflex: // c meets the complement of W.
		return sectorLoc(!s.holds(c, true), !s.holds(c, false))
	}
	return sectorLoc(s.meets(c, false), s.meets(c, true))
}

// sectorLoc maps a closed and an open test to a Location.
func sectorLoc(closed, open bool) Location {
	switch {
	case open:
		return Inside
	case closed:
		return OnBoundary
	}
	return Outside
}

// holds reports whether c lies in the convex part (in its interior when
// open), by the support point in each half-plane's outward normal.
func (s Sector) holds(c Convex, open bool) bool {
	for _, h := range s.hs[:s.n] {
		sg := OrientDir(h.a, h.d, c.Support(Point{X: h.d.Y, Y: -h.d.X}))
		if sg < 0 || (open && sg == 0) {
			return false
		}
	}
	return true
}

// meets reports whether c meets the convex part (its interior, shrunk by
// 1e-9 in, when open): the part is clipped from a square 1e5 in about its
// first anchor and compared with c by DistConvex.
func (s Sector) meets(c Convex, open bool) bool {
	if s.n == 0 {
		return true
	}
	const far = 1e5
	o := s.hs[0].a
	poly := []Point{{X: o.X - far, Y: o.Y - far}, {X: o.X + far, Y: o.Y - far}, {X: o.X + far, Y: o.Y + far}, {X: o.X - far, Y: o.Y + far}}
	for _, h := range s.hs[:s.n] {
		k := 0.0
		if open {
			k = 1e-9 * h.d.Norm()
		}
		if poly = clipHalfPlane(poly, h.a, h.d, k); len(poly) == 0 {
			return false
		}
	}
	d, _, _ := DistConvex(c, ConvexPolygon(poly))
	return d == 0
}

// clipHalfPlane keeps the part of the convex polygon with
// d×(p-a) - k >= 0, in floating point (used only by the shape tests).
func clipHalfPlane(poly []Point, a, d Point, k float64) []Point {
	val := func(p Point) float64 { return d.X*(p.Y-a.Y) - d.Y*(p.X-a.X) - k }
	out := make([]Point, 0, len(poly)+1)
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		vp, vq := val(p), val(q)
		if vp >= 0 {
			out = append(out, p)
		}
		if (vp >= 0) != (vq >= 0) {
			out = append(out, p.Add(q.Sub(p).Mul(vp/(vp-vq))))
		}
	}
	return out
}
