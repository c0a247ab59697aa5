package geom

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
)

// MaxVertices is the largest total number of vertices (over all rings) that
// Validate accepts. Table terrain needs tens of vertices per piece; 4096
// leaves ample room for traced or buffered outlines while bounding the
// self-intersection check, whose worst case is quadratic (about 8 million
// edge pairs, a few tens of milliseconds, at the limit).
const MaxVertices = 4096

// Sentinel errors wrapped by ValidationError; test with errors.Is.
var (
	// ErrNonFinite means a coordinate is NaN or ±Inf.
	ErrNonFinite = errors.New("geom: non-finite coordinate")
	// ErrTooFewVertices means a ring has fewer than 3 vertices.
	ErrTooFewVertices = errors.New("geom: too few vertices")
	// ErrRepeatedVertex means a ring repeats a vertex consecutively (a
	// zero-length edge). Such input is rejected, never silently fixed.
	ErrRepeatedVertex = errors.New("geom: repeated consecutive vertex")
	// ErrZeroArea means all of a ring's vertices are collinear, or the ring
	// is so thin that its computed area is zero.
	ErrZeroArea = errors.New("geom: zero area")
	// ErrSelfIntersection means two edges of the same ring meet other than
	// adjacent edges at their shared vertex.
	ErrSelfIntersection = errors.New("geom: self-intersection")
	// ErrTooManyVertices means the polygon has more than MaxVertices vertices.
	ErrTooManyVertices = errors.New("geom: too many vertices")
	// ErrHoleOutside means a hole is not strictly inside the outer ring.
	ErrHoleOutside = errors.New("geom: hole outside the outer ring")
	// ErrRingsIntersect means two different rings meet (even at a single
	// point), or a hole lies inside another hole.
	ErrRingsIntersect = errors.New("geom: rings intersect")
)

// ValidationError describes why a polygon or ring is invalid. Fields that do
// not apply are -1 (or the zero Point for At).
type ValidationError struct {
	// Err is the sentinel error (ErrNonFinite, ErrSelfIntersection, ...).
	Err error
	// Ring is the ring index: 0 is the outer ring, 1+i is Holes[i].
	Ring int
	// Vertex is the offending vertex index within Ring.
	Vertex int
	// Edge is the offending edge index within Ring (edge i runs from vertex
	// i to vertex i+1).
	Edge int
	// OtherRing and OtherEdge identify the second ring and edge involved in
	// an intersection.
	OtherRing, OtherEdge int
	// At is where the problem was found: the vertex, or a shared point of
	// two edges (the first shared point for overlapping edges).
	At Point
	// Kind is how the two edges meet, for intersection errors.
	Kind IntersectionKind
	// Count is the number of vertices, for ErrTooFewVertices and
	// ErrTooManyVertices.
	Count int
}

// fmtPoint formats a point compactly, for example "(3, 4)".
func fmtPoint(p Point) string {
	return "(" + strconv.FormatFloat(p.X, 'g', -1, 64) + ", " + strconv.FormatFloat(p.Y, 'g', -1, 64) + ")"
}

// verb returns the verb describing how two edges meet.
func (e *ValidationError) verb() string {
	switch e.Kind {
	case Crossing:
		return "cross"
	case Overlapping:
		return "overlap"
	}
	return "touch"
}

// Error describes the problem, naming the ring, vertex or edges involved.
func (e *ValidationError) Error() string {
	switch e.Err {
	case ErrNonFinite:
		what := "NaN"
		switch {
		case math.IsNaN(e.At.X) || math.IsNaN(e.At.Y):
		case math.IsInf(e.At.X, 1) || math.IsInf(e.At.Y, 1):
			what = "+Inf"
		default:
			what = "-Inf"
		}
		return fmt.Sprintf("ring %d vertex %d: coordinate is %s", e.Ring, e.Vertex, what)
	case ErrTooFewVertices:
		return fmt.Sprintf("ring %d: %d vertices, need at least 3", e.Ring, e.Count)
	case ErrRepeatedVertex:
		return fmt.Sprintf("ring %d vertex %d: repeats the previous vertex %s", e.Ring, e.Vertex, fmtPoint(e.At))
	case ErrZeroArea:
		return fmt.Sprintf("ring %d: zero area", e.Ring)
	case ErrSelfIntersection:
		return fmt.Sprintf("ring %d: edges %d and %d %s at %s", e.Ring, e.Edge, e.OtherEdge, e.verb(), fmtPoint(e.At))
	case ErrTooManyVertices:
		return fmt.Sprintf("polygon has %d vertices, more than MaxVertices (%d)", e.Count, MaxVertices)
	case ErrHoleOutside:
		return fmt.Sprintf("ring %d vertex %d at %s: hole is not strictly inside the outer ring", e.Ring, e.Vertex, fmtPoint(e.At))
	case ErrRingsIntersect:
		if e.Edge < 0 {
			return fmt.Sprintf("ring %d lies inside hole ring %d", e.Ring, e.OtherRing)
		}
		return fmt.Sprintf("rings %d and %d: edge %d of ring %d and edge %d of ring %d %s at %s",
			e.Ring, e.OtherRing, e.Edge, e.Ring, e.OtherEdge, e.OtherRing, e.verb(), fmtPoint(e.At))
	}
	return fmt.Sprintf("ring %d: %v", e.Ring, e.Err)
}

// Unwrap returns the sentinel error, so errors.Is works.
func (e *ValidationError) Unwrap() error { return e.Err }

// newVErr returns a ValidationError with every index set to -1.
func newVErr(err error, ring int) *ValidationError {
	return &ValidationError{Err: err, Ring: ring, Vertex: -1, Edge: -1, OtherRing: -1, OtherEdge: -1}
}

// Validate reports why the ring cannot bound a simple polygon, or nil. A
// valid ring has at most MaxVertices vertices, all finite, at least 3, no
// vertex repeated consecutively (including last == first), not all
// collinear, and no two edges meeting except adjacent edges at their shared
// vertex. Either orientation is accepted. Errors are *ValidationError with
// Ring 0.
func (r Ring) Validate() error {
	if len(r) > MaxVertices {
		e := newVErr(ErrTooManyVertices, 0)
		e.Count = len(r)
		return e
	}
	if err := r.validateAlone(0); err != nil {
		return err
	}
	if _, err := validateMeets([]Ring{r}); err != nil {
		return err
	}
	return checkThin(r, 0)
}

// checkThin rejects a simple ring that is not exactly collinear but so thin
// that its computed area is zero, so that every valid ring has Area() > 0.
func checkThin(r Ring, ring int) error {
	if r.SignedArea() == 0 {
		return newVErr(ErrZeroArea, ring)
	}
	return nil
}

// Validate reports why the polygon is invalid, or nil. Each ring must be
// valid as for Ring.Validate; in addition the total vertex count is at most
// MaxVertices, every hole lies strictly inside the outer ring, no two rings
// meet (not even at a single point), and no hole lies inside another. Either
// orientation is accepted for every ring. The zero Polygon is invalid
// (ErrTooFewVertices). Errors are *ValidationError; ring 0 is the outer ring
// and ring 1+i is Holes[i].
func (p Polygon) Validate() error {
	_, err := p.validate()
	return err
}

// validate is Validate, also reporting (when valid) whether the polygon is
// convex: no holes and an outer ring IsConvex accepts.
func (p Polygon) validate() (convex bool, err error) {
	if n := p.NumVertices(); n > MaxVertices {
		e := newVErr(ErrTooManyVertices, -1)
		e.Count = n
		return false, e
	}
	rings := make([]Ring, 0, 1+len(p.Holes))
	rings = append(rings, p.Outer)
	rings = append(rings, p.Holes...)
	for i, r := range rings {
		if err := r.validateAlone(i); err != nil {
			return false, err
		}
	}
	convex, err = validateMeets(rings)
	if err != nil {
		return false, err
	}
	for i, r := range rings {
		if err := checkThin(r, i); err != nil {
			return false, err
		}
	}
	// Rings do not meet, so each hole is entirely on one side of every other
	// ring and one vertex decides containment.
	for i, h := range p.Holes {
		if p.Outer.Locate(h[0]) != Inside {
			e := newVErr(ErrHoleOutside, i+1)
			e.Vertex, e.At = 0, h[0]
			return false, e
		}
		for j, o := range p.Holes {
			if i != j && o.Locate(h[0]) == Inside {
				e := newVErr(ErrRingsIntersect, i+1)
				e.OtherRing = j + 1
				e.At = h[0]
				return false, e
			}
		}
	}
	return convex, nil
}

// validateAlone checks finiteness, vertex count, repeats and zero area.
func (r Ring) validateAlone(ring int) error {
	for i, q := range r {
		if !isFinite(q.X) || !isFinite(q.Y) {
			e := newVErr(ErrNonFinite, ring)
			e.Vertex, e.At = i, q
			return e
		}
	}
	if len(r) < 3 {
		e := newVErr(ErrTooFewVertices, ring)
		e.Count = len(r)
		return e
	}
	for i, q := range r {
		prev := r[(i+len(r)-1)%len(r)]
		if q == prev {
			e := newVErr(ErrRepeatedVertex, ring)
			e.Vertex, e.At = i, q
			return e
		}
	}
	// Exact collinearity test against the line through r[0] and r[1]
	// (distinct, since consecutive repeats were rejected).
	collinear := true
	for _, q := range r[2:] {
		if Orient(r[0], r[1], q) != 0 {
			collinear = false
			break
		}
	}
	if collinear {
		return newVErr(ErrZeroArea, ring)
	}
	return nil
}

// validateMeets is validateIntersections, skipped for a lone ring that
// IsConvex accepts (reported as convex), which it would pass: the caller has checked the ring
// alone (no repeated vertex), and IsConvex, deciding exactly, accepts only
// rings whose consecutive vertices all turn one way or go straight on
// (never back) and whose edges change the sign of their x and of their y
// direction at most twice each around the ring, so that the ring winds
// once (each turn is less than a half turn, so winding twice would take
// four sign changes); such a ring bounds a convex polygon, its non-adjacent
// edges are disjoint and its adjacent ones share only their common vertex.
// The shapes geometry builds (offsets, model footprints, convex pieces)
// are mostly convex, and the test is linear where the sweep sorts and
// allocates.
func validateMeets(rings []Ring) (convex bool, err error) {
	if len(rings) == 1 && (Polygon{Outer: rings[0]}).IsConvex() {
		return true, nil
	}
	return false, validateIntersections(rings)
}

// sweepEdge is an edge in the sweep of validateIntersections.
type sweepEdge struct {
	seg        Segment
	minX, maxX float64
	ring, edge int
	n          int // vertex count of the ring
}

// validateIntersections checks every pair of edges whose x-extents overlap:
// edges of one ring may meet only when adjacent, at their shared vertex;
// edges of different rings may not meet at all.
func validateIntersections(rings []Ring) error {
	total := 0
	for _, r := range rings {
		total += len(r)
	}
	edges := make([]sweepEdge, 0, total)
	for ri, r := range rings {
		for i := range r {
			s := r.Edge(i)
			edges = append(edges, sweepEdge{
				seg: s, minX: math.Min(s.A.X, s.B.X), maxX: math.Max(s.A.X, s.B.X),
				ring: ri, edge: i, n: len(r),
			})
		}
	}
	// (ring, edge) is unique, so the order is total and any sort gives it;
	// sort.SliceStable is linked anyway, slices.SortFunc would instantiate
	// a quicksort for sweepEdge (code size of the WebAssembly module).
	sort.SliceStable(edges, func(i, j int) bool {
		a, b := edges[i], edges[j]
		if c := cmpSign(a.minX, b.minX); c != 0 {
			return c < 0
		}
		if a.ring != b.ring {
			return a.ring < b.ring
		}
		return a.edge < b.edge
	})
	var first *ValidationError
	better := func(e *ValidationError) bool {
		// Report a deterministic error: lowest ring, then lowest edge pair.
		if first == nil {
			return true
		}
		a := [4]int{e.Ring, e.OtherRing, e.Edge, e.OtherEdge}
		b := [4]int{first.Ring, first.OtherRing, first.Edge, first.OtherEdge}
		return slices.Compare(a[:], b[:]) < 0
	}
	for i := range edges {
		ei := &edges[i]
		for j := i + 1; j < len(edges) && edges[j].minX <= ei.maxX; j++ {
			ej := &edges[j]
			x := IntersectSegments(ei.seg, ej.seg)
			if x.Kind == Disjoint {
				continue
			}
			a, b := ei, ej
			if b.ring < a.ring || (b.ring == a.ring && b.edge < a.edge) {
				a, b = b, a
			}
			if a.ring == b.ring {
				if x.Kind == Touching && adjacentShared(a.seg, b.seg, a.edge, b.edge, a.n, x.P) {
					continue
				}
				e := newVErr(ErrSelfIntersection, a.ring)
				e.Edge, e.OtherRing, e.OtherEdge, e.At, e.Kind = a.edge, a.ring, b.edge, x.P, x.Kind
				if better(e) {
					first = e
				}
				continue
			}
			e := newVErr(ErrRingsIntersect, a.ring)
			e.Edge, e.OtherRing, e.OtherEdge, e.At, e.Kind = a.edge, b.ring, b.edge, x.P, x.Kind
			if better(e) {
				first = e
			}
		}
	}
	if first != nil {
		return first
	}
	return nil
}

// adjacentShared reports whether edges i < j of an n-vertex ring are
// adjacent and p is their shared vertex.
func adjacentShared(si, sj Segment, i, j, n int, p Point) bool {
	switch {
	case j == i+1:
		return p == si.B && p == sj.A
	case i == 0 && j == n-1:
		return p == si.A && p == sj.B
	}
	return false
}
