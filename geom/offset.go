package geom

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// ErrOffset is wrapped by every error Offset returns.
var ErrOffset = errors.New("geom: offset")

// ErrNoOverlay is wrapped by Offset's error for a polygon that is not
// convex (or has holes) in a build with the tag sightline_nooverlay, which
// leaves the simplefeatures overlay out to keep the WebAssembly module
// small (cmd/sightline-wasm). In that module the only caller, package
// movement, offsets non-convex footprints piece by piece (ConvexPieces)
// and reaches Offset's general path only when that decomposition fails.
var ErrNoOverlay = errors.New("the general polygon overlay is not in this build (tag sightline_nooverlay)")

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
// edges), computed with the simplefeatures overlay (offset_union.go; a
// build with the tag sightline_nooverlay leaves that library out and
// reports ErrNoOverlay for these polygons instead, see offset_nounion.go). The result is a single
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
	convex, err := p.validate()
	if err != nil {
		return Polygon{}, fmt.Errorf("%w: invalid polygon: %w", ErrOffset, err)
	}
	if r == 0 {
		return p.Normalized(), nil
	}
	if convex { // as p.Normalized().IsConvex(): convexity ignores orientation
		outer := p.Outer // Normalized's outer ring, uncopied: only read
		if outer.SignedArea() < 0 {
			outer = outer.Reversed()
		}
		return Polygon{Outer: offsetConvexRing(nil, outer, r, maxChordErr)}, nil
	}
	np := p.Normalized()
	pieces := make([]Polygon, 0, 1+np.NumVertices())
	pieces = append(pieces, np)
	var buf Ring
	for _, ring := range append([]Ring{np.Outer}, np.Holes...) {
		for i := range ring {
			e := ring.Edge(i)
			if e.A == e.B {
				continue
			}
			buf = offsetConvexRing(buf[:0], Ring{e.A, e.B}, r, maxChordErr)
			pieces = append(pieces, Polygon{Outer: slices.Clone(buf)})
		}
	}
	return unionOffset(pieces)
}

// OffsetConvex is Offset for a convex polygon without holes whose outer
// ring is ring, which the caller knows to be valid (Validate accepts
// it and IsConvex reports true, as for the parts ConvexPieces returns
// of a valid polygon): it skips the validation and returns what Offset
// returns. For any other ring the result is unspecified (it does not
// panic). Errors, wrapping ErrOffset: r or maxChordErr as for Offset.
func OffsetConvex(ring Ring, r, maxChordErr float64) (Polygon, error) {
	if math.IsNaN(r) || math.IsInf(r, 0) || r < 0 {
		return Polygon{}, fmt.Errorf("%w: radius r = %v must be finite and >= 0", ErrOffset, r)
	}
	if r > 0 && !(maxChordErr > 0 && !math.IsInf(maxChordErr, 0)) {
		return Polygon{}, fmt.Errorf("%w: maxChordErr = %v must be finite and > 0", ErrOffset, maxChordErr)
	}
	if r == 0 {
		return Polygon{Outer: ring}.Normalized(), nil
	}
	if ring.SignedArea() < 0 {
		ring = ring.Reversed()
	}
	return Polygon{Outer: offsetConvexRing(nil, ring, r, maxChordErr)}, nil
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
	step := circumscribedStep(r, tol) // one radius: one acos for every corner
	if step > 0 {
		// room for the usual count in one allocation (a capacity, not a
		// bound: append grows past it if need be): the turns of a convex
		// ring add up to 2π, so the corners' ⌈φ/2h⌉ add up to at most
		// π/h + n, and the minimum counts and the guard add a few
		dst = slices.Grow(dst, 2*n+int(min(math.Ceil(math.Pi/step), MaxArcVertices)))
	}
	// t2 of the vertex before, when it had one: the angle of the edge
	// ring[i-1]→ring[i], which is prv→v (prevOf(i) is ring[i-1] when that
	// differs from ring[i], as it did for t2 to be computed)
	t2prev, havePrev := 0.0, false
	for i := range n {
		v := ring[i]
		nxt := ring[(i+1)%n]
		if nxt == v {
			havePrev = false
			continue // repeated vertex: its twin carries the corner
		}
		t1 := t2prev // outward normal angle of prv→v
		if !havePrev {
			prv := prevOf(i)
			t1 = math.Atan2(-(v.X - prv.X), v.Y-prv.Y)
		}
		t2 := math.Atan2(-(nxt.X - v.X), nxt.Y-v.Y)
		t2prev, havePrev = t2, true
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
		k, ch := circumscribedCountStep(r, tol, phi, max(minK, 1), step)
		h := phi / (2 * float64(k))
		if ch != ch { // NaN: not computed for k
			ch = math.Cos(h)
		}
		rr := r / ch
		for j := range k {
			s, c := math.Sincos(t1 + h*float64(2*j+1))
			dst = append(dst, Point{X: v.X + rr*c, Y: v.Y + rr*s})
		}
	}
	return dst
}
