package los

import (
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
)

// prismHull appends to dst the convex hull of the projection of the convex
// prism ring × [z0, z1] (the part of it in front of the near plane) and
// returns it, with the projected points in pts (whose space it reuses) and
// ch, working space for hullOfPrism.
func (v *projView) prismHull(dst, pts, ch []geom.Point, ring []geom.Point, z0, z1 float64) (hull, pts1, ch1 []geom.Point) {
	pts, cut := v.prismProject(ring, z0, z1, pts[:0])
	hull, ch = hullOfPrism(dst, pts, ch, len(ring), cut)
	return hull, pts, ch
}

// hullOfPrism appends to dst the convex hull of pts, prismProject's
// projection of a prism over a ring of n vertices (cut: whether the near
// plane cuts it), and returns it with ch, its working space. pts may be
// reordered.
//
// When the whole prism lies in front of the near plane, pts holds the
// projections of its bottom ring, then of its top ring (of one ring when
// the prism is flat): convex polygons, whose hull pairHull finds in linear
// time. Otherwise (or when rounding has bent a projected ring)
// geom.ConvexHullInto sorts the points.
func hullOfPrism(dst, pts, ch []geom.Point, n int, cut bool) ([]geom.Point, []geom.Point) {
	m := len(pts)
	if !cut && n >= 3 && (m == n || m == 2*n) {
		var ok bool
		base := len(dst)
		if dst, ch, ok = pairHull(dst, ch, pts[:n], pts[n:]); ok {
			return dst, ch
		}
		dst = dst[:base]
	}
	return geom.ConvexHullInto(dst, pts), ch
}

// pairHull appends to dst the counter-clockwise convex hull of the union
// of the convex polygons a and b (either orientation; b may be empty),
// starting at its least vertex in (x, y) order, and reports whether it
// could: it cannot when a chain of a or b is not monotone (rounding has
// bent a nearly degenerate polygon), a coordinate is not a number, or
// fewer than three distinct points are given. It decides turns as
// geom.ConvexHullInto does (a doubtful turn counts as not left) and cleans
// the hull the same way (geom.HullTolerance).
//
// Each polygon splits at its least and greatest vertex into a lower and
// an upper chain, both monotone. The lower hull of the union is the lower
// hull of the two lower chains (every other point lies above one of
// them), found by Andrew's monotone chain over their merge; the upper
// hull likewise. The cost is linear, with no sort.
func pairHull(dst, ch []geom.Point, a, b []geom.Point) ([]geom.Point, []geom.Point, bool) {
	ch = ch[:0]
	var ok bool
	var la, ua, lb, ub int
	if ch, la, ua, ok = splitChains(ch, a); !ok {
		return dst, ch, false
	}
	if len(b) > 0 {
		if ch, lb, ub, ok = splitChains(ch, b); !ok {
			return dst, ch, false
		}
	}
	lowA, upA := ch[:la], ch[la:la+ua]
	lowB, upB := ch[la+ua:la+ua+lb], ch[la+ua+lb:la+ua+lb+ub]
	base := len(dst)
	// Lower hull, ascending.
	i, j := 0, 0
	var last geom.Point
	first := true
	distinct := 0
	for i < len(lowA) || j < len(lowB) {
		var p geom.Point
		if j >= len(lowB) || (i < len(lowA) && !hullLess(lowB[j], lowA[i])) {
			p = lowA[i]
			i++
		} else {
			p = lowB[j]
			j++
		}
		if !first && p == last {
			continue
		}
		first, last = false, p
		distinct++
		for len(dst)-base >= 2 && !leftTurn(dst[len(dst)-2], dst[len(dst)-1], p) {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	// Upper hull, descending from the greatest point (the lower hull's
	// last), which both merges start with or pass.
	lower := len(dst) - base + 1
	i, j = 0, 0
	first = true
	distinct -= 2 // the least and the greatest point come again
	for i < len(upA) || j < len(upB) {
		var p geom.Point
		if j >= len(upB) || (i < len(upA) && !hullLess(upA[i], upB[j])) {
			p = upA[i]
			i++
		} else {
			p = upB[j]
			j++
		}
		if first {
			first, last = false, p
			continue // the greatest point, already in place
		}
		if p == last {
			continue
		}
		last = p
		distinct++ // counts the least point too
		for len(dst)-base >= lower && !leftTurn(dst[len(dst)-2], dst[len(dst)-1], p) {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	if distinct < 3 {
		return dst[:base], ch, false
	}
	dst = dst[:len(dst)-1] // the least point again
	return dst[:base+cleanHull(dst[base:])], ch, true
}

// splitChains appends to ch the lower chain of the convex polygon p in
// ascending (x, y) order and then its upper chain in descending order,
// both from its least to its greatest vertex inclusive, and returns their
// lengths; false when a chain is not monotone or a coordinate not a
// number.
func splitChains(ch, p []geom.Point) ([]geom.Point, int, int, bool) {
	n := len(p)
	lo, hi := 0, 0
	area := 0.0
	prev := p[n-1]
	for i, q := range p {
		if q.X != q.X || q.Y != q.Y {
			return ch, 0, 0, false
		}
		if hullLess(q, p[lo]) {
			lo = i
		}
		if hullLess(p[hi], q) {
			hi = i
		}
		area += prev.X*q.Y - prev.Y*q.X
		prev = q
	}
	// The forward chain (lo, lo+1, …, hi) is the lower one of a
	// counter-clockwise polygon.
	fwd := hi - lo + 1
	if fwd <= 0 {
		fwd += n
	}
	bwd := n - fwd + 2
	appendFwd := func(ch []geom.Point, rev bool) ([]geom.Point, bool) {
		start := len(ch)
		for k := range fwd {
			ch = append(ch, p[(lo+k)%n])
		}
		return finishChain(ch, start, rev)
	}
	appendBwd := func(ch []geom.Point, rev bool) ([]geom.Point, bool) {
		start := len(ch)
		for k := range bwd {
			ch = append(ch, p[(lo-k+n)%n])
		}
		return finishChain(ch, start, rev)
	}
	var ok bool
	if area >= 0 {
		if ch, ok = appendFwd(ch, false); !ok {
			return ch, 0, 0, false
		}
		ch, ok = appendBwd(ch, true)
		return ch, fwd, bwd, ok
	}
	if ch, ok = appendBwd(ch, false); !ok {
		return ch, 0, 0, false
	}
	ch, ok = appendFwd(ch, true)
	return ch, bwd, fwd, ok
}

// finishChain checks that ch[start:] is ascending and reverses it when
// rev.
func finishChain(ch []geom.Point, start int, rev bool) ([]geom.Point, bool) {
	c := ch[start:]
	for k := 1; k < len(c); k++ {
		if hullLess(c[k], c[k-1]) {
			return ch, false
		}
	}
	if rev {
		for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
			c[i], c[j] = c[j], c[i]
		}
	}
	return ch, true
}

// cleanHull removes nearly repeated and nearly collinear vertices from the
// convex polygon p in place, as geom.ConvexHullInto does (relative
// tolerance geom.HullTolerance of the extent, compared in squares), and
// returns the new length.
func cleanHull(p []geom.Point) int {
	n := len(p)
	if n < 3 {
		return n
	}
	ext := 0.0
	for _, q := range p {
		ext = max(ext, math.Abs(q.X-p[0].X), math.Abs(q.Y-p[0].Y))
	}
	eps := geom.HullTolerance * ext
	eps2 := eps * eps
	for changed := true; changed && n >= 3; {
		changed = false
		for i := 0; i < n && n >= 3; i++ {
			ip, in := i-1, i+1
			if ip < 0 {
				ip = n - 1
			}
			if in == n {
				in = 0
			}
			prev, next := p[ip], p[in]
			cx, cy := next.X-prev.X, next.Y-prev.Y
			dx, dy := p[i].X-prev.X, p[i].Y-prev.Y
			l2 := cx*cx + cy*cy
			cr := cx*dy - cy*dx
			if dx*dx+dy*dy <= eps2 || l2 == 0 || cr*cr <= eps2*l2 {
				copy(p[i:], p[i+1:n])
				n--
				changed = true
				i--
			}
		}
	}
	return n
}

// leftTurn reports whether c is clearly left of a→b, as
// geom.ConvexHullInto decides it: the float cross product exceeds its
// rounding bound.
func leftTurn(a, b, c geom.Point) bool {
	l := (a.X - c.X) * (b.Y - c.Y)
	r := (a.Y - c.Y) * (b.X - c.X)
	return l-r > 8*0x1p-53*(math.Abs(l)+math.Abs(r))
}

// hullLess is the hull's order: by x, then y.
func hullLess(a, b geom.Point) bool {
	return a.X < b.X || (a.X == b.X && a.Y < b.Y)
}

// prismOutline appends to dst the convex hull of the projection of the
// convex prism ring × [z0, z1] (counter-clockwise ring, z0 < z1) and
// returns it, built from the prism's silhouette edges instead of a hull of
// all its projected corners; false (dst unchanged) when it cannot be sure
// of them, and the caller takes the general path (prismProject and
// hullOfPrism).
//
// Seen from the eye (outside the ring in plan), the side faces split into
// one run facing the eye and one facing away; the run's end vertices carry
// the two vertical silhouette edges. The bottom face faces away when the
// eye is above it, so the bottom ring's silhouette edges are those of the
// near chain (the vertices of the facing run); seen from below, of the far
// chain; the top likewise. The outline is therefore one chain at z0 and
// one at z1, about n+2 projected points and no hull. It is given up when a
// side face is nearly edge-on (its facing in doubt), the eye level with
// the bottom or the top, the near plane cuts the prism, or the projected
// outline does not make a clear left turn at every vertex; a kept outline
// has the vertices the hull of all corners has, starts at its least (x,
// y) vertex as geom.ConvexHullInto's does, and is cleaned the same way.
func (v *projView) prismOutline(dst []geom.Point, ring []geom.Point, z0, z1 float64) ([]geom.Point, planeBox, bool) {
	n := len(ring)
	ez := v.eye.Z
	if n < 3 || !(z0 < z1) || ez == z0 || ez == z1 {
		return dst, planeBox{}, false
	}
	s, t, ok := facingRun(ring, geom.Flat(v.eye))
	if !ok {
		return dst, planeBox{}, false
	}
	for _, p := range ring {
		if v.depth(p, z0) < v.near || v.depth(p, z1) < v.near {
			return dst, planeBox{}, false
		}
	}
	base := len(dst)
	proj := func(p geom.Point, z float64) geom.Point {
		d := v.depth(p, z)
		r := geom.V3(p.X-v.eye.X, p.Y-v.eye.Y, z-v.eye.Z)
		return geom.Pt(r.Dot(v.e1)/d, r.Dot(v.e2)/d)
	}
	// chain appends ring[from], ring[from±1], …, ring[to] at height z.
	chain := func(from, to int, z float64, step int) {
		for i := from; ; i = (i + step + n) % n {
			dst = append(dst, proj(ring[i], z))
			if i == to {
				return
			}
		}
	}
	switch {
	case ez > z1: // near chain below, far chain on top
		chain(s, t, z0, 1)
		chain(t, s, z1, 1)
	case ez > z0: // near chain below and on top
		chain(s, t, z0, 1)
		chain(t, s, z1, -1)
	default: // from below: far chain below, near chain on top
		chain(t, s, z0, 1)
		chain(s, t, z1, 1)
	}
	// The outline is convex in one orientation or the other: its first
	// turn tells which (a doubtful one makes convexFromLeast give up).
	out := dst[base:]
	if !leftTurn(out[len(out)-1], out[0], out[1]) {
		slices.Reverse(out)
	}
	ok, clean, box := convexFromLeast(out)
	if !ok {
		return dst[:base], box, false
	}
	if clean {
		return dst, box, true
	}
	return dst[:base+cleanHull(out)], box, true
}

// convexFromLeast reports whether the polygon p (counter-clockwise, every
// coordinate a number) makes a clear left turn (leftTurn) at every vertex,
// and if so rotates it in place to start at its least vertex in (x, y)
// order, as geom.ConvexHullInto's hulls start, and returns its bounding
// box and whether cleanHull would keep every vertex: each lies off the
// chord of its neighbours by more than twice the largest tolerance
// cleanHull may use (geom.HullTolerance of the box's larger side), which
// also puts it that far from its neighbours.
func convexFromLeast(p []geom.Point) (ok, clean bool, box planeBox) {
	m := len(p)
	if m < 3 {
		return false, false, box
	}
	least := 0
	box = planeBox{p[0].X, p[0].Y, p[0].X, p[0].Y}
	minMargin := math.Inf(1) // least cross² / |next−prev|²
	a := p[m-1]
	for i, q := range p {
		if q.X != q.X || q.Y != q.Y {
			return false, false, box
		}
		if hullLess(q, p[least]) {
			least = i
		}
		if q.X < box.x0 {
			box.x0 = q.X
		} else if q.X > box.x1 {
			box.x1 = q.X
		}
		if q.Y < box.y0 {
			box.y0 = q.Y
		} else if q.Y > box.y1 {
			box.y1 = q.Y
		}
		c := p[0]
		if i+1 < m {
			c = p[i+1]
		}
		l := (a.X - c.X) * (q.Y - c.Y)
		r := (a.Y - c.Y) * (q.X - c.X)
		cr := l - r
		if !(cr > 8*0x1p-53*(math.Abs(l)+math.Abs(r))) {
			return false, false, box
		}
		cx, cy := c.X-a.X, c.Y-a.Y
		if mg := cr * cr / (cx*cx + cy*cy); mg < minMargin {
			minMargin = mg
		}
		a = q
	}
	eps := geom.HullTolerance * max(box.x1-box.x0, box.y1-box.y0)
	clean = minMargin > 4*eps*eps
	slices.Reverse(p[:least])
	slices.Reverse(p[least:])
	slices.Reverse(p)
	return true, clean, box
}

// facingRun returns, for the counter-clockwise convex ring seen from the
// plan point e outside it, the vertices s and t that start and end the run
// of edges facing e (edge i runs from ring[i] to ring[i+1]), and false when
// e is not clearly outside or an edge is nearly in line with e (its facing
// in doubt, by a relative 1e-9).
func facingRun(ring []geom.Point, e geom.Point) (s, t int, ok bool) {
	n := len(ring)
	if n < 3 {
		return 0, 0, false
	}
	facing := func(i int) (front, sure bool) {
		p, q := ring[i], ring[0]
		if i+1 < n {
			q = ring[i+1]
		}
		dx, dy := q.X-p.X, q.Y-p.Y
		ux, uy := e.X-p.X, e.Y-p.Y
		c := dx*uy - dy*ux
		tol := 1e-9 * (abs(dx) + abs(dy)) * (abs(ux) + abs(uy))
		return c < 0, abs(c) > tol
	}
	prev, sure := facing(n - 1)
	if !sure {
		return 0, 0, false
	}
	turns := 0
	for i := range n {
		front, sure := facing(i)
		if !sure {
			return 0, 0, false
		}
		if front != prev {
			turns++
			if front {
				s = i // the facing run starts at vertex i
			} else {
				t = i // and ends at vertex i
			}
		}
		prev = front
	}
	return s, t, turns == 2
}

// wedgeOutline appends to dst the convex hull of the counter-clockwise
// convex ring and the plan point e outside it, given the run s..t of
// ring edges facing e (facingRun): the far chain t..s, then e. False (dst
// unchanged) when a turn is in doubt; otherwise it is
// geom.ConvexHullInto's hull of the same points.
func wedgeOutline(dst, ring []geom.Point, e geom.Point, s, t int) ([]geom.Point, bool) {
	n := len(ring)
	base := len(dst)
	for i := t; ; i = (i + 1) % n {
		dst = append(dst, ring[i])
		if i == s {
			break
		}
	}
	dst = append(dst, e)
	out := dst[base:]
	ok, clean, _ := convexFromLeast(out)
	switch {
	case !ok:
		return dst[:base], false
	case clean:
		return dst, true
	}
	return dst[:base+cleanHull(out)], true
}
