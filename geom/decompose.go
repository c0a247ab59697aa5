package geom

import (
	"errors"
	"fmt"
	"slices"
	"sort"
)

// errNoBridge is returned (wrapped) if a hole cannot be connected to the
// outer boundary, which does not happen for valid polygons.
var errNoBridge = errors.New("geom: no visible vertex to bridge a hole")

// errNoEar is returned (wrapped) if ear clipping stalls, which does not
// happen for valid polygons.
var errNoEar = errors.New("geom: triangulation stalled")

// ConvexPieces decomposes a valid polygon, holes allowed, into convex
// counter-clockwise pieces without collinear vertices whose interiors do not
// overlap and whose areas sum to the polygon's area (up to rounding of the
// area sums; the pieces' vertices are input vertices, never constructed).
//
// Holes are joined to the outer ring by bridges to mutually visible
// vertices, the resulting weakly simple ring is triangulated by ear
// clipping, and triangles are merged greedily while the union stays convex
// (Hertel–Mehlhorn: at most four times the minimum number of pieces). All
// decisions use exact predicates. A convex hole-free polygon is returned as
// a single piece. The polygon is validated first; a validation error is
// returned wrapped. Time is O(n²) for typical inputs, O(n³) worst case.
func ConvexPieces(p Polygon) ([][]Point, error) {
	convex, err := p.validate()
	if err != nil {
		return nil, fmt.Errorf("geom: ConvexPieces: %w", err)
	}
	q := p.Normalized()
	if convex { // q's convexity: it ignores orientation
		// q.Outer is Normalized's own copy: dropCollinear may shorten it
		return [][]Point{dropCollinear([]Point(q.Outer))}, nil
	}
	ring, err := bridgeHoles(q)
	if err != nil {
		return nil, fmt.Errorf("geom: ConvexPieces: %w", err)
	}
	tris, err := earClip(ring)
	if err != nil {
		return nil, fmt.Errorf("geom: ConvexPieces: %w", err)
	}
	pieces := mergeConvex(tris)
	for i := range pieces {
		pieces[i] = dropCollinear(pieces[i])
	}
	return pieces, nil
}

// bridgeHoles joins the clockwise holes of a normalised polygon to its
// counter-clockwise outer ring, returning one weakly simple ring.
func bridgeHoles(q Polygon) ([]Point, error) {
	ring := slices.Clone([]Point(q.Outer))
	holes := slices.Clone(q.Holes)
	// Rightmost holes first, so bridges rarely need to pass other holes.
	maxX := func(r Ring) float64 {
		m := r[0].X
		for _, p := range r {
			m = max(m, p.X)
		}
		return m
	}
	// sort.SliceStable, not slices.SortStableFunc: the same stable order,
	// without a merge sort instantiated for this element type (code size of
	// the WebAssembly module).
	sort.SliceStable(holes, func(i, j int) bool { return maxX(holes[j]) < maxX(holes[i]) })
	for hi, h := range holes {
		mi := 0
		for i, p := range h {
			if p.X > h[mi].X || (p.X == h[mi].X && p.Y > h[mi].Y) {
				mi = i
			}
		}
		m := h[mi]
		cand := make([]int, len(ring))
		for i := range cand {
			cand[i] = i
		}
		dist := func(i int) float64 { d := ring[i].Sub(m); return d.Dot(d) }
		sort.SliceStable(cand, func(i, j int) bool { return dist(cand[i]) < dist(cand[j]) })
		k := -1
		for _, c := range cand {
			if bridgeOK(ring, c, m, holes[hi:]) {
				k = c
				break
			}
		}
		if k < 0 {
			return nil, errNoBridge
		}
		out := make([]Point, 0, len(ring)+len(h)+2)
		out = append(out, ring[:k+1]...)
		for i := 0; i <= len(h); i++ {
			out = append(out, h[(mi+i)%len(h)])
		}
		out = append(out, ring[k])
		out = append(out, ring[k+1:]...)
		ring = out
	}
	return ring, nil
}

// bridgeOK reports whether the segment from ring[k] to m (a vertex of
// holes[0]) enters the interior at ring[k] and meets no edge of the ring or
// of the remaining holes except at its own ends.
func bridgeOK(ring []Point, k int, m Point, holes []Ring) bool {
	n := len(ring)
	v := ring[k]
	prev, next := ring[(k+n-1)%n], ring[(k+1)%n]
	o1, o2 := Orient(prev, v, m), Orient(v, next, m)
	if Orient(prev, v, next) > 0 {
		if o1 <= 0 || o2 <= 0 {
			return false
		}
	} else if o1 <= 0 && o2 <= 0 {
		return false
	}
	s := Segment{v, m}
	ok := func(r []Point) bool {
		for i := range r {
			e := Segment{r[i], r[(i+1)%len(r)]}
			x := IntersectSegments(s, e)
			switch x.Kind {
			case Disjoint:
			case Touching:
				if x.P != v && x.P != m {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !ok(ring) {
		return false
	}
	for _, h := range holes {
		if !ok(h) {
			return false
		}
	}
	return true
}

// earClip triangulates a counter-clockwise weakly simple ring into
// counter-clockwise triangles.
func earClip(ring []Point) ([][]Point, error) {
	n := len(ring)
	prev := make([]int, n)
	next := make([]int, n)
	for i := range ring {
		prev[i] = (i + n - 1) % n
		next[i] = (i + 1) % n
	}
	tris := make([][]Point, 0, n)
	remaining := n
	// blocked reports whether a remaining vertex other than the corners lies
	// in triangle (a, b, c); strict only counts points strictly inside.
	blocked := func(ia, ib, ic int, strict bool) bool {
		a, b, c := ring[ia], ring[ib], ring[ic]
		for j := next[ic]; j != ia; j = next[j] {
			p := ring[j]
			if p == a || p == b || p == c {
				continue
			}
			o1, o2, o3 := Orient(a, b, p), Orient(b, c, p), Orient(c, a, p)
			if o1 < 0 || o2 < 0 || o3 < 0 {
				continue
			}
			if !strict || (o1 > 0 && o2 > 0 && o3 > 0) {
				return true
			}
		}
		return false
	}
	remove := func(i int) {
		next[prev[i]] = next[i]
		prev[next[i]] = prev[i]
		remaining--
	}
	cur := 0
	for remaining > 3 {
		clipped := false
		// Level 0: a proper ear; 1: drop a degenerate vertex; 2: an ear with
		// vertices only on its boundary.
		for level := 0; level < 3 && !clipped; level++ {
			i := cur
			for range remaining {
				a, b, c := prev[i], i, next[i]
				o := Orient(ring[a], ring[b], ring[c])
				switch {
				case level == 1 && o == 0:
					remove(b)
					clipped = true
				case level != 1 && o > 0 && !blocked(a, b, c, level == 2):
					tris = append(tris, []Point{ring[a], ring[b], ring[c]})
					remove(b)
					clipped = true
				}
				if clipped {
					cur = c
					break
				}
				i = c
			}
		}
		if !clipped {
			return nil, errNoEar
		}
	}
	a := cur
	b := next[a]
	c := next[b]
	if Orient(ring[a], ring[b], ring[c]) > 0 {
		tris = append(tris, []Point{ring[a], ring[b], ring[c]})
	}
	return tris, nil
}

// mergeConvex greedily merges adjacent convex pieces while their union is
// convex (Hertel–Mehlhorn).
func mergeConvex(pieces [][]Point) [][]Point {
	// Every point gets an id, equal exactly when the points are (==, as a
	// map keyed by Point compares them), and a directed edge is keyed by
	// its ends' ids, so the owner table answers as one keyed by the points
	// themselves; hashing four coordinates per access dominated. A few
	// pieces (a footprint's triangles) are served by linear search, with
	// no map at all. pid[pi] holds the ids of pieces[pi]'s vertices.
	small := len(pieces) <= smallMerge
	var ids map[Point]uint32
	var pts []Point // the points by id, when small
	if !small {
		ids = make(map[Point]uint32, 3*len(pieces))
	}
	id := func(v Point) uint32 {
		if small {
			for k, q := range pts {
				if q == v {
					return uint32(k)
				}
			}
			pts = append(pts, v)
			return uint32(len(pts) - 1)
		}
		k, ok := ids[v]
		if !ok {
			k = uint32(len(ids))
			ids[v] = k
		}
		return k
	}
	pid := make([][]uint32, len(pieces))
	for pi, p := range pieces {
		pid[pi] = make([]uint32, len(p))
		for i, v := range p {
			pid[pi][i] = id(v)
		}
	}
	dedge := func(a, b uint32) uint64 { return uint64(a)<<32 | uint64(b) }
	owner := newEdgeOwners(small, 3*len(pieces))
	for pi, p := range pid {
		for i := range p {
			owner.set(dedge(p[i], p[(i+1)%len(p)]), pi)
		}
	}
	live := make([]bool, len(pieces))
	for i := range live {
		live[i] = true
	}
	for pi := range pieces {
		if !live[pi] {
			continue
		}
	restart:
		p, pk := pieces[pi], pid[pi]
		for ia := range p {
			a, b := p[ia], p[(ia+1)%len(p)]
			qi, ok := owner.get(dedge(pk[(ia+1)%len(p)], pk[ia]))
			if !ok || qi == pi || !live[qi] {
				continue
			}
			q, qk := pieces[qi], pid[qi]
			jb := slices.IndexFunc(q, func(x Point) bool { return x == b })
			if jb < 0 || q[(jb+1)%len(q)] != a {
				continue
			}
			np, nq := len(p), len(q)
			pPrevA := p[(ia+np-1)%np]
			pNextB := p[(ia+2)%np]
			qNextA := q[(jb+2)%nq]
			qPrevB := q[(jb+nq-1)%nq]
			if Orient(pPrevA, a, qNextA) < 0 || Orient(qPrevB, b, pNextB) < 0 {
				continue
			}
			merged := make([]Point, 0, np+nq-2)
			mk := make([]uint32, 0, np+nq-2)
			for i := 0; i < np; i++ {
				merged = append(merged, p[(ia+1+i)%np]) // b ... a
				mk = append(mk, pk[(ia+1+i)%np])
			}
			for i := 2; i < nq; i++ {
				merged = append(merged, q[(jb+i)%nq]) // after a, before b
				mk = append(mk, qk[(jb+i)%nq])
			}
			for i := range pk {
				owner.del(dedge(pk[i], pk[(i+1)%np]))
			}
			for i := range qk {
				owner.del(dedge(qk[i], qk[(i+1)%nq]))
			}
			for i := range mk {
				owner.set(dedge(mk[i], mk[(i+1)%len(mk)]), pi)
			}
			pieces[pi], pid[pi] = merged, mk
			live[qi] = false
			goto restart
		}
	}
	out := make([][]Point, 0, len(pieces))
	for i, p := range pieces {
		if live[i] {
			out = append(out, p)
		}
	}
	return out
}

// smallMerge is the most pieces mergeConvex serves by linear search: a
// few dozen edges are scanned faster than a map is made and hashed.
const smallMerge = 32

// edgeOwners maps directed edges to pieces, as a map would: a slice of
// distinct keys searched linearly when small, else a map.
type edgeOwners struct {
	keys []uint64
	vals []int
	m    map[uint64]int
}

func newEdgeOwners(small bool, n int) *edgeOwners {
	if small {
		return &edgeOwners{keys: make([]uint64, 0, n), vals: make([]int, 0, n)}
	}
	return &edgeOwners{m: make(map[uint64]int, n)}
}

func (o *edgeOwners) get(k uint64) (int, bool) {
	if o.m != nil {
		v, ok := o.m[k]
		return v, ok
	}
	for i, x := range o.keys {
		if x == k {
			return o.vals[i], true
		}
	}
	return 0, false
}

func (o *edgeOwners) set(k uint64, v int) {
	if o.m != nil {
		o.m[k] = v
		return
	}
	for i, x := range o.keys {
		if x == k {
			o.vals[i] = v
			return
		}
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
}

func (o *edgeOwners) del(k uint64) {
	if o.m != nil {
		delete(o.m, k)
		return
	}
	for i, x := range o.keys {
		if x == k {
			last := len(o.keys) - 1
			o.keys[i], o.vals[i] = o.keys[last], o.vals[last]
			o.keys, o.vals = o.keys[:last], o.vals[:last]
			return
		}
	}
}

// dropCollinear removes vertices collinear with their neighbours, in place.
func dropCollinear(p []Point) []Point {
	for changed := true; changed && len(p) > 3; {
		changed = false
		for i := 0; i < len(p) && len(p) > 3; i++ {
			n := len(p)
			if Orient(p[(i+n-1)%n], p[i], p[(i+1)%n]) == 0 {
				p = slices.Delete(p, i, i+1)
				changed = true
			}
		}
	}
	return p
}
