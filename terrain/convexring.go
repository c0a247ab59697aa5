package terrain

import (
	"math"

	"github.com/sightline/sightline/geom"
)

// ConvexDirs is the number of normal directions a ConvexRing tabulates.
const ConvexDirs = 32

// ConvexMinVertices is the smallest ring that gets a search table:
// smaller ones are classified vertex by vertex (about as fast).
const ConvexMinVertices = 10

// ConvexRing marks an occluder plan that is a strictly convex
// counter-clockwise ring without holes, so that a line crosses its
// boundary at most twice. For a large ring (polygonised circles: 20 to
// 256 vertices) it also lets a segment test find the two crossings by
// search instead of classifying every vertex: Ext[k] is a vertex extreme
// (in float) in the direction whose pseudo-angle (DirBucket) falls in the
// middle of bucket k; a search may only use it as a starting guess and
// must check its side exactly. Its fields are read-only.
type ConvexRing struct {
	// Search reports whether Ext is filled in.
	Search bool
	// Regular marks a ring close to a regular polygon (the polygonised
	// circles): a search may then start from the edge where a circle
	// would be crossed. Only speed may depend on it.
	Regular bool
	// Ext holds the extreme vertex of each direction bucket.
	Ext [ConvexDirs]uint16
}

// ConvexRingOf returns the ConvexRing of r, or nil when r is not strictly
// convex or too large to index.
func ConvexRingOf(r []geom.Point) *ConvexRing {
	if len(r) > math.MaxUint16 || !strictlyConvex(r) {
		return nil
	}
	cv := &ConvexRing{Search: len(r) >= ConvexMinVertices}
	cv.Regular = cv.Search && nearRegular(r)
	if !cv.Search {
		return cv
	}
	for k := range ConvexDirs {
		nx, ny := bucketDir(k)
		best, bi := math.Inf(-1), 0
		for i, p := range r {
			if v := nx*p.X + ny*p.Y; v > best {
				best, bi = v, i
			}
		}
		cv.Ext[k] = uint16(bi)
	}
	return cv
}

// nearRegular reports whether r (strictly convex, counter-clockwise) lies
// within 1e-6 of its size of a regular polygon about its vertex mean: every
// vertex at the mean distance from the centre and a 1/n turn from the
// previous one, to 1 % of that turn. Only used to pick search guesses.
func nearRegular(r []geom.Point) bool {
	n := len(r)
	var cx, cy float64
	for _, p := range r {
		cx += p.X
		cy += p.Y
	}
	cx, cy = cx/float64(n), cy/float64(n)
	var rm float64
	for _, p := range r {
		rm += math.Hypot(p.X-cx, p.Y-cy)
	}
	rm /= float64(n)
	if !(rm > 0) || math.IsInf(rm, 0) {
		return false
	}
	step := 2 * math.Pi / float64(n)
	a0 := math.Atan2(r[0].Y-cy, r[0].X-cx)
	for i, p := range r {
		if math.Abs(math.Hypot(p.X-cx, p.Y-cy)-rm) > 1e-6*rm {
			return false
		}
		da := math.Atan2(p.Y-cy, p.X-cx) - a0 - step*float64(i)
		da -= 2 * math.Pi * math.Round(da/(2*math.Pi))
		if math.Abs(da) > 0.01*step {
			return false
		}
	}
	return true
}

// DirBucket returns the bucket, in [0, ConvexDirs), of direction (x, y) by
// its pseudo-angle in [0, 4) (monotone in the angle, no trigonometry); NaN
// goes to bucket 0.
func DirBucket(x, y float64) int {
	var p float64
	switch {
	case y >= 0 && x >= 0:
		p = y / (x + y)
	case y >= 0:
		p = 1 - x/(y-x)
	case x < 0:
		p = 2 - y/(-x-y)
	default:
		p = 3 + x/(x-y)
	}
	k := p * (ConvexDirs / 4)
	if !(k >= 0) {
		return 0
	}
	return min(int(k), ConvexDirs-1)
}

// bucketDir is a direction in the middle of bucket k (the inverse of
// DirBucket's pseudo-angle).
func bucketDir(k int) (x, y float64) {
	p := (float64(k) + 0.5) * 4 / ConvexDirs
	q := p - math.Floor(p)
	switch int(p) {
	case 0:
		return 1 - q, q
	case 1:
		return -q, 1 - q
	case 2:
		return -(1 - q), -q
	}
	return q, -(1 - q)
}

// strictlyConvex reports whether r is a strictly convex counter-clockwise
// ring: every vertex turns left (exact geom.Orient) and the edges' x
// direction changes sign exactly twice, so the ring winds once.
func strictlyConvex(r []geom.Point) bool {
	n := len(r)
	if n < 3 {
		return false
	}
	changes, last := 0, 0
	for i := range n {
		p, q, s := r[(i+n-1)%n], r[i], r[(i+1)%n]
		if geom.Orient(p, q, s) <= 0 {
			return false
		}
		if dx := sign(s.X - q.X); dx != 0 {
			if last != 0 && dx != last {
				changes++
			}
			last = dx
		}
	}
	// The count above skips the change between the last and the first
	// non-zero direction: find the first one.
	for i := range n {
		if first := sign(r[(i+1)%n].X - r[i].X); first != 0 {
			if first != last {
				changes++
			}
			break
		}
	}
	return changes == 2
}

// sign returns the sign of x (0 for 0 and NaN).
func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
