package geom

import (
	"errors"
	"fmt"
	"math"

	sf "github.com/peterstace/simplefeatures/geom"
)

// ErrOffset is wrapped by every error Offset returns.
var ErrOffset = errors.New("geom: offset")

// Offset returns the outward offset of p by r inches: the Minkowski sum of
// the polygon with a disc of radius r, the region within r of p. Straight
// edges move out by r; convex corners become circular arcs; reflex corners
// and holes (which shrink, and may vanish) are resolved by union.
//
// Arcs are approximated CONSERVATIVELY: every arc is replaced by a polyline
// circumscribed about it (its edges tangent to the true circle, vertices at
// radius r/cos(h) for a half-step h), so the result contains the true
// offset and no point of its boundary is farther than r+maxChordErr from p
// nor nearer than r. That makes it safe as a clearance or threat zone. The
// number of arc vertices is capped (MaxArcVertices per full turn).
//
// Convex polygons without holes are built directly. Other polygons are
// the union of p with one circumscribed capsule per edge (outer and hole
// edges), computed with the simplefeatures overlay. The result is a single
// normalised polygon (counter-clockwise outer ring, clockwise holes), since
// the offset of a connected region is connected. r == 0 returns
// p.Normalized().
//
// Errors (wrapping ErrOffset): r negative, NaN or infinite; maxChordErr not
// a positive finite number when r > 0; p invalid per Validate; an overlay
// failure.
func Offset(p Polygon, r, maxChordErr float64) (Polygon, error) {
	if math.IsNaN(r) || math.IsInf(r, 0) || r < 0 {
		return Polygon{}, fmt.Errorf("%w: radius r = %v must be finite and >= 0", ErrOffset, r)
	}
	if r > 0 && !(maxChordErr > 0 && !math.IsInf(maxChordErr, 0)) {
		return Polygon{}, fmt.Errorf("%w: maxChordErr = %v must be finite and > 0", ErrOffset, maxChordErr)
	}
	if err := p.Validate(); err != nil {
		return Polygon{}, fmt.Errorf("%w: invalid polygon: %w", ErrOffset, err)
	}
	np := p.Normalized()
	if r == 0 {
		return np, nil
	}
	if np.IsConvex() {
		return Polygon{Outer: offsetConvexRing(nil, np.Outer, r, maxChordErr)}, nil
	}
	pieces := make([]sf.Geometry, 0, 1+np.NumVertices())
	pieces = append(pieces, toSF(np))
	var buf Ring
	for _, ring := range append([]Ring{np.Outer}, np.Holes...) {
		for i := range ring {
			e := ring.Edge(i)
			if e.A == e.B {
				continue
			}
			buf = offsetConvexRing(buf[:0], Ring{e.A, e.B}, r, maxChordErr)
			pieces = append(pieces, toSF(Polygon{Outer: buf}))
		}
	}
	u, err := sf.UnionMany(pieces)
	if err != nil {
		return Polygon{}, fmt.Errorf("%w: union of %d pieces: %w", ErrOffset, len(pieces), err)
	}
	var polys []sf.Polygon
	switch {
	case u.IsPolygon():
		pg, _ := u.AsPolygon()
		polys = append(polys, pg)
	case u.IsMultiPolygon():
		mp, _ := u.AsMultiPolygon()
		for i := range mp.NumPolygons() {
			polys = append(polys, mp.PolygonN(i))
		}
	}
	if len(polys) != 1 {
		return Polygon{}, fmt.Errorf("%w: union gave %d parts, want 1", ErrOffset, len(polys))
	}
	return fromSF(polys[0]).Normalized(), nil
}

// offsetConvexRing appends to dst the circumscribed offset of the convex
// counter-clockwise ring (2 or more distinct vertices; a 2-vertex ring is a
// segment, giving a capsule). Only the arc vertices are emitted: the offset
// edges run straight between consecutive corners' arcs.
func offsetConvexRing(dst Ring, ring Ring, r, tol float64) Ring {
	n := len(ring)
	prevOf := func(i int) Point { // previous distinct vertex
		for k := 1; k < n; k++ {
			if q := ring[(i-k+n)%n]; q != ring[i] {
				return q
			}
		}
		return ring[i]
	}
	for i := range n {
		v := ring[i]
		nxt := ring[(i+1)%n]
		if nxt == v {
			continue // repeated vertex: its twin carries the corner
		}
		prv := prevOf(i)
		t1 := math.Atan2(-(v.X - prv.X), v.Y-prv.Y) // outward normal angle of prv→v
		t2 := math.Atan2(-(nxt.X - v.X), nxt.Y-v.Y)
		phi := t2 - t1
		for phi < 0 {
			phi += 2 * math.Pi
		}
		if phi >= 2*math.Pi {
			phi -= 2 * math.Pi
		}
		if phi == 0 || phi > math.Pi+1e-12 && n > 2 {
			continue // collinear (or, impossible for convex input, reflex)
		}
		minK := int(math.Ceil(phi / (math.Pi / 2)))
		k := circumscribedCount(r, tol, phi, max(minK, 1))
		h := phi / (2 * float64(k))
		rr := r / math.Cos(h)
		for j := range k {
			s, c := math.Sincos(t1 + h*float64(2*j+1))
			dst = append(dst, Point{X: v.X + rr*c, Y: v.Y + rr*s})
		}
	}
	return dst
}

// toSF converts a polygon to a simplefeatures polygon (rings closed).
func toSF(p Polygon) sf.Geometry {
	rings := make([][]float64, 0, 1+len(p.Holes))
	for _, r := range append([]Ring{p.Outer}, p.Holes...) {
		xy := make([]float64, 0, 2*len(r)+2)
		for _, q := range r {
			xy = append(xy, q.X, q.Y)
		}
		xy = append(xy, r[0].X, r[0].Y)
		rings = append(rings, xy)
	}
	return sf.NewPolygonXY(rings...).AsGeometry()
}

// fromSF converts a simplefeatures polygon back, dropping closing vertices.
func fromSF(p sf.Polygon) Polygon {
	conv := func(ls sf.LineString) Ring {
		seq := ls.Coordinates()
		n := seq.Length()
		if n > 1 && seq.GetXY(0) == seq.GetXY(n-1) {
			n--
		}
		r := make(Ring, n)
		for i := range n {
			xy := seq.GetXY(i)
			r[i] = Point{X: xy.X, Y: xy.Y}
		}
		return r
	}
	out := Polygon{Outer: conv(p.ExteriorRing())}
	for i := range p.NumInteriorRings() {
		out.Holes = append(out.Holes, conv(p.InteriorRingN(i)))
	}
	return out
}
