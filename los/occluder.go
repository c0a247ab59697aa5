package los

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// What blocks sight (see docs/sight.md):
//
//   - a piece whose Sight is blocking (solid, building, occupied …) is the
//     prism footprint × (-∞, Height]: only its roof is a horizontal face, the
//     table below is opaque anyway;
//   - a blocking piece of Height 0 (the flat markers of 2D space games, a
//     planet disc) blocks at every height: footprint × (-∞, +∞);
//   - smoke blocks at every height unless Options.IgnoreSmoke;
//   - concealing terrain blocks only with Options.ConcealingBlocks, up to its
//     Height (at every height when that is 0, like a flat blocker);
//   - a model blocks when its class is selected (Options.ModelsBlock,
//     Options.IgnoreModels), it is not excluded, not the shooter or target,
//     not airborne and has a Height above 0; its volume is the hull box, or
//     its base extruded to the hull height. Round and oval bases are
//     replaced by circumscribed polygons with chord error
//     terrain.CircleChordError, like circular pieces.

// circleSegmentsMax caps the vertex count of a polygonised model base.
const circleSegmentsMax = 256

// filter decides which items occlude one query.
type filter struct {
	opt     Options // a copy: a pointer to the caller's would make it escape
	shooter int     // model index, -1 for none
	target  int     // model index, -1 for none
	squad   string
	// The ignored ids are copied (the common one or two in place) so the
	// caller's variadic array does not escape: SightSegment with a shooter
	// and a target to ignore allocates nothing.
	ignoreN     int
	ignoreFixed [2]string
	ignoreMore  []string
}

// newFilter returns the filter of a query between the given models (-1 for
// none) with extra ignored ids.
func newFilter(bf *terrain.Battlefield, opt *Options, shooter, target int, ignore []string) filter {
	f := filter{opt: *opt, shooter: shooter, target: target}
	f.ignoreN = copy(f.ignoreFixed[:], ignore)
	if len(ignore) > len(f.ignoreFixed) {
		f.ignoreMore = append([]string(nil), ignore[len(f.ignoreFixed):]...)
	}
	if shooter >= 0 {
		f.squad = bf.Models()[shooter].Squad
	}
	return f
}

// excluded reports whether id is listed in Options.Exclude or the ignore list.
func (f *filter) excluded(id string) bool {
	for _, e := range f.opt.Exclude {
		if e == id {
			return true
		}
	}
	for _, e := range f.ignoreFixed[:f.ignoreN] {
		if e == id {
			return true
		}
	}
	for _, e := range f.ignoreMore {
		if e == id {
			return true
		}
	}
	return false
}

// pieceTop reports whether the piece occludes under the filter and, if so,
// its top: +Inf for pieces blocking at every height.
func (f *filter) pieceTop(p *terrain.Piece) (top float64, ok bool) {
	switch {
	case p.Kind == terrain.Smoke:
		if f.opt.IgnoreSmoke {
			return 0, false
		}
		top = math.Inf(1)
	case p.Sight == terrain.SightBlocking:
		top = p.Height
	case p.Sight == terrain.SightConcealing && f.opt.ConcealingBlocks:
		top = p.Height
	default:
		return 0, false
	}
	if f.excluded(p.ID) {
		return 0, false
	}
	if top == 0 {
		top = math.Inf(1)
	}
	return top, true
}

// modelBlocks reports whether model i occludes under the filter and whether
// it belongs to the shooter's squad (for Options.ThroughOwnSquad).
func (f *filter) modelBlocks(m *terrain.Model, i int) (ok, own bool) {
	if f.opt.IgnoreModels || i == f.shooter || i == f.target || m.Airborne() || !(m.Hull.Height > 0) {
		return false, false
	}
	classes := f.opt.ModelsBlock
	if classes == nil {
		classes = DefaultBlockingClasses
	}
	found := false
	for _, c := range classes {
		if c == m.Class {
			found = true
			break
		}
	}
	if !found || f.excluded(m.ID) {
		return false, false
	}
	return true, f.squad != "" && m.Squad == f.squad
}

// unitPolys caches the circumscribed regular n-gons of the unit circle.
var unitPolys [circleSegmentsMax + 1]struct {
	once sync.Once
	pts  []geom.Point
}

// unitPolygon returns the counter-clockwise regular n-gon circumscribed about
// the unit circle, first vertex on the +x axis (shared, read-only).
func unitPolygon(n int) []geom.Point {
	u := &unitPolys[n]
	u.once.Do(func() {
		r := 1 / math.Cos(math.Pi/float64(n))
		u.pts = make([]geom.Point, n)
		for k := range n {
			s, c := math.Sincos(2 * math.Pi * float64(k) / float64(n))
			u.pts[k] = geom.Pt(r*c, r*s)
		}
	})
	return u.pts
}

// circleSides returns the vertex count of a circumscribed polygon of a
// circle of radius r straying at most terrain.CircleChordError outside it:
// r(sec(pi/n) - 1) <= err.
func circleSides(r float64) int {
	if !(r > 0) {
		return 8
	}
	c := r / (r + terrain.CircleChordError)
	n := int(math.Ceil(math.Pi / math.Acos(c)))
	return min(max(n, 8), circleSegmentsMax)
}

// modelRing appends the plan of the model's volume to dst as a convex
// counter-clockwise ring: the hull rectangle, or the base (round and oval
// bases as circumscribed polygons, oriented with the model's facing so the
// ring moves rigidly with the model). A model without hull plan or base
// gives a single point.
func modelRing(m *terrain.Model, dst []geom.Point) []geom.Point {
	if r, ok := m.HullRect(); ok {
		c := r.Corners()
		return append(dst, c[:]...)
	}
	sin, cos := math.Sincos(float64(m.Facing))
	switch m.Base.Shape {
	case terrain.BaseCircle, terrain.BaseOval:
		a, b := m.Base.Diameter/2, m.Base.Diameter/2
		if m.Base.Shape == terrain.BaseOval {
			a, b = m.Base.Length/2, m.Base.Width/2
		}
		if a > 0 && b > 0 {
			for _, u := range unitPolygon(circleSides(max(a, b))) {
				x, y := a*u.X, b*u.Y
				dst = append(dst, geom.Pt(m.Position.X+x*cos-y*sin, m.Position.Y+x*sin+y*cos))
			}
			return dst
		}
	case terrain.BaseRect:
		if m.Base.Length > 0 && m.Base.Width > 0 {
			c := geom.OrientedRect{Center: m.Position, Length: m.Base.Length, Width: m.Base.Width, Angle: m.Facing}.Corners()
			return append(dst, c[:]...)
		}
	}
	return append(dst, m.Position)
}

// convexParts returns the piece's footprint as convex counter-clockwise
// parts, precomputed by terrain.New; the result is shared and read-only.
func convexParts(p *terrain.Piece) [][]geom.Point {
	return p.ConvexParts()
}

// prepared is the derived data the sight code needs for one Battlefield,
// computed once (preparedOf) and read-only afterwards: the plan rings of the
// models (modelRing, up to 256 vertices for a round base, otherwise rebuilt
// on every query) and a uniform grid over the plan bounds of every
// occluder, walked along a sightline instead of the general index.
type prepared struct {
	npieces int
	rings   [][]geom.Point // model plan rings (modelRing)
	boxes   []planBox      // pieces, then models: plan bounds of the occluder geometry
	discs   []planDisc     // pieces, then models: discs holding the occluder geometry
	convex  []*convexRing  // pieces, then models: strictly convex plans without holes (nil otherwise)
	grid    planGrid
}

// convexDirs is the number of normal directions convexRing tabulates.
const convexDirs = 32

// convexMinVertices is the smallest ring that gets a search table:
// smaller ones are classified vertex by vertex (about as fast).
const convexMinVertices = 10

// convexRing marks an occluder plan that is a strictly convex
// counter-clockwise ring without holes, so that a line crosses its
// boundary at most twice (convexCrossings). For a large ring (circles: 20
// to 256 vertices) it also lets the segment test find the two crossings by
// search instead of classifying every vertex: ext[k] is a vertex extreme
// (in float) in the direction whose pseudo-angle (dirBucket) falls in the
// middle of bucket k; the search only uses it as a starting guess and
// checks its side exactly (see convexSearch).
type convexRing struct {
	search bool // ext is filled in
	// regular marks a ring close to a regular polygon (the polygonised
	// circles): the search then starts from the edge where a circle would
	// be crossed (convexSearch). Only speed depends on it.
	regular bool
	// box is the ring's plan bounds, for strictlyInside's quick rejection.
	box planBox
	ext [convexDirs]uint16
}

// acosTurns[k] is acos(x)/(2π) for x = -1 + k/(len(acosTurns)-1)·2: the
// fraction of a turn between the normal of a line and where the line
// crosses a circle, for convexSearch's first guess (a guess only: its
// sides are checked exactly).
var acosTurns = func() (t [257]float64) {
	for k := range t {
		t[k] = math.Acos(-1+2*float64(k)/float64(len(t)-1)) / (2 * math.Pi)
	}
	return t
}()

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

// dirBucket returns the bucket of direction (x, y) by its pseudo-angle in
// [0, 4) (monotone in the angle, no trigonometry); NaN goes to bucket 0.
func dirBucket(x, y float64) int {
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
	k := p * (convexDirs / 4)
	if !(k >= 0) {
		return 0
	}
	return min(int(k), convexDirs-1)
}

// bucketDir is a direction in the middle of bucket k (the inverse of
// dirBucket's pseudo-angle).
func bucketDir(k int) (x, y float64) {
	p := (float64(k) + 0.5) * 4 / convexDirs
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
		dx := 0
		switch {
		case s.X > q.X:
			dx = 1
		case s.X < q.X:
			dx = -1
		}
		if dx != 0 {
			if last != 0 && dx != last {
				changes++
			}
			last = dx
		}
	}
	// The count above skips the change between the last and the first
	// non-zero direction: find the first one.
	for i := range n {
		q, s := r[i], r[(i+1)%n]
		if s.X != q.X {
			first := 1
			if s.X < q.X {
				first = -1
			}
			if first != last {
				changes++
			}
			break
		}
	}
	return changes == 2
}

// convexRingOf returns the convexRing of r, or nil when r is not strictly
// convex or too large to index.
func convexRingOf(r []geom.Point) *convexRing {
	if len(r) > math.MaxUint16 || !strictlyConvex(r) {
		return nil
	}
	cv := &convexRing{search: len(r) >= convexMinVertices}
	cv.regular = cv.search && nearRegular(r)
	cv.box = boxOf(r)
	for k := range convexDirs {
		if !cv.search {
			break
		}
		nx, ny := bucketDir(k)
		best, bi := math.Inf(-1), 0
		for i, p := range r {
			if v := nx*p.X + ny*p.Y; v > best {
				best, bi = v, i
			}
		}
		cv.ext[k] = uint16(bi)
	}
	return cv
}

// planBox is a closed plan rectangle [x0, x1] × [y0, y1].
type planBox struct{ x0, y0, x1, y1 float64 }

func boxOf(pts []geom.Point) planBox {
	b := planBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		b.x0, b.y0 = min(b.x0, p.X), min(b.y0, p.Y)
		b.x1, b.y1 = max(b.x1, p.X), max(b.y1, p.Y)
	}
	return b
}

// planDisc is a closed disc holding every vertex of an occluder's plan,
// its radius grown by a relative 1e-9 (plus an absolute term of the
// coordinates' size) so that float tests against it are conservative.
type planDisc struct{ cx, cy, r float64 }

func discOf(pts []geom.Point, b planBox) planDisc {
	d := planDisc{cx: 0.5 * (b.x0 + b.x1), cy: 0.5 * (b.y0 + b.y1)}
	r2 := 0.0
	for _, p := range pts {
		dx, dy := p.X-d.cx, p.Y-d.cy
		r2 = max(r2, dx*dx+dy*dy)
	}
	d.r = math.Sqrt(r2)*(1+1e-9) + 1e-9*(abs(d.cx)+abs(d.cy)+1)
	return d
}

// boxSlack is the parametric slack of planBox.hitsSegment: a segment that
// touches a box (exactly or within rounding) is never rejected; one passing
// within about 1e-9 of its length may be accepted and is then decided
// exactly.
const boxSlack = 1e-9

// hitsSegment reports whether the segment a + t·d, t in [0, 1], may touch
// the closed box (a conservative float filter, see boxSlack), and the
// parameter where it enters the box (0 when a is inside; within rounding).
func (b *planBox) hitsSegment(ax, ay, dx, dy float64) (float64, bool) {
	return b.hitsSegmentRecip(ax, ay, dx, dy, 0, 0)
}

// hitsSegmentRecip is hitsSegment with rx = 1/dx and ry = 1/dy precomputed
// (multiplying instead of dividing; the extra rounding, one ulp of t, is far
// below boxSlack and entrySlack). A zero rx or ry means "divide": the
// caller passes 0 when the reciprocal is not finite, where the product
// could give NaN (0·Inf) instead of the quotient.
func (b *planBox) hitsSegmentRecip(ax, ay, dx, dy, rx, ry float64) (float64, bool) {
	t0, t1 := 0.0, 1.0
	if dx == 0 {
		if ax < b.x0 || ax > b.x1 {
			return 0, false
		}
	} else {
		var ta, tb float64
		if rx != 0 {
			ta, tb = (b.x0-ax)*rx, (b.x1-ax)*rx
		} else {
			ta, tb = (b.x0-ax)/dx, (b.x1-ax)/dx
		}
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = max(t0, ta), min(t1, tb)
	}
	if dy == 0 {
		if ay < b.y0 || ay > b.y1 {
			return 0, false
		}
	} else {
		var ta, tb float64
		if ry != 0 {
			ta, tb = (b.y0-ay)*ry, (b.y1-ay)*ry
		} else {
			ta, tb = (b.y0-ay)/dy, (b.y1-ay)/dy
		}
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = max(t0, ta), min(t1, tb)
	}
	return t0, t0 <= t1+boxSlack // false on NaN
}

// recip returns 1/x, or 0 when that is not finite (see hitsSegmentRecip).
func recip(x float64) float64 {
	r := 1 / x
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return 0
	}
	return r
}

// planGrid buckets occluder ids (prepared.boxes indices) by uniform cells.
// Cell (i, j) covers [x0+i·cw, x0+(i+1)·cw] × [y0+j·ch, …]; an id is listed
// in every cell its box, grown by margin, overlaps.
type planGrid struct {
	x0, y0, cw, ch float64
	nx, ny         int
	margin         float64
	start          []int32 // cell k holds ids[start[k]:start[k+1]]
	ids            []int32
}

// gridMaxItems is the largest number of occluders the grid walk
// deduplicates with its fixed stack bitset; larger tables use the
// terrain index.
const gridMaxItems = 1024

// buildPrepared computes the prepared of bf.
func buildPrepared(bf *terrain.Battlefield) *prepared {
	pieces, models := bf.Pieces(), bf.Models()
	sc := &prepared{npieces: len(pieces), rings: make([][]geom.Point, len(models))}
	sc.boxes = make([]planBox, 0, len(pieces)+len(models))
	sc.discs = make([]planDisc, 0, len(pieces)+len(models))
	sc.convex = make([]*convexRing, 0, len(pieces)+len(models))
	for i := range pieces {
		fp := &pieces[i].Footprint
		b := boxOf(fp.Outer)
		sc.boxes = append(sc.boxes, b)
		sc.discs = append(sc.discs, discOf(fp.Outer, b))
		var cv *convexRing
		if len(fp.Holes) == 0 {
			cv = convexRingOf(fp.Outer)
		}
		sc.convex = append(sc.convex, cv)
	}
	for i := range models {
		sc.rings[i] = modelRing(&models[i], nil)
		b := boxOf(sc.rings[i])
		sc.boxes = append(sc.boxes, b)
		sc.discs = append(sc.discs, discOf(sc.rings[i], b))
		sc.convex = append(sc.convex, convexRingOf(sc.rings[i]))
	}
	sc.grid = buildGrid(sc.boxes)
	return sc
}

// buildGrid buckets the boxes into about four cells per box (at most
// 64 × 64 cells).
func buildGrid(boxes []planBox) planGrid {
	var g planGrid
	if len(boxes) == 0 || len(boxes) > gridMaxItems {
		return g
	}
	all := planBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, b := range boxes {
		all.x0, all.y0 = min(all.x0, b.x0), min(all.y0, b.y0)
		all.x1, all.y1 = max(all.x1, b.x1), max(all.y1, b.y1)
	}
	w, h := all.x1-all.x0, all.y1-all.y0
	ext := max(w, h)
	if !(ext > 0) || math.IsInf(ext, 0) {
		return g
	}
	g.margin = 1e-9 * (ext + math.Abs(all.x0) + math.Abs(all.y0))
	side := math.Sqrt(w * h / float64(4*len(boxes)))
	if !(side > 0) {
		side = ext / 8
	}
	g.nx = min(64, max(1, int(math.Ceil(w/side))))
	g.ny = min(64, max(1, int(math.Ceil(h/side))))
	g.x0, g.y0 = all.x0, all.y0
	g.cw, g.ch = max(w, ext*1e-6)/float64(g.nx), max(h, ext*1e-6)/float64(g.ny)
	counts := make([]int32, g.nx*g.ny+1)
	each := func(b planBox, fn func(k int)) {
		i0, i1 := g.col(b.x0-g.margin), g.col(b.x1+g.margin)
		j0, j1 := g.row(b.y0-g.margin), g.row(b.y1+g.margin)
		for j := j0; j <= j1; j++ {
			for i := i0; i <= i1; i++ {
				fn(j*g.nx + i)
			}
		}
	}
	for _, b := range boxes {
		each(b, func(k int) { counts[k+1]++ })
	}
	for k := 1; k < len(counts); k++ {
		counts[k] += counts[k-1]
	}
	g.start = counts
	g.ids = make([]int32, counts[len(counts)-1])
	fill := make([]int32, g.nx*g.ny)
	copy(fill, counts[:g.nx*g.ny])
	for id, b := range boxes {
		each(b, func(k int) {
			g.ids[fill[k]] = int32(id)
			fill[k]++
		})
	}
	return g
}

// col and row return the clamped cell column of x and row of y.
// (Compared before the conversion: a NaN, negative or huge value never
// reaches int(), whose result would then be undefined.)
func (g *planGrid) col(x float64) int {
	v := (x - g.x0) / g.cw
	if !(v >= 0) {
		return 0
	}
	if v >= float64(g.nx-1) {
		return g.nx - 1
	}
	return int(v)
}

func (g *planGrid) row(y float64) int {
	v := (y - g.y0) / g.ch
	if !(v >= 0) {
		return 0
	}
	if v >= float64(g.ny-1) {
		return g.ny - 1
	}
	return int(v)
}

// preparedEntry ties a prepared to its Battlefield without keeping it alive.
type preparedEntry struct {
	bf weak.Pointer[terrain.Battlefield]
	sc *prepared
}

var (
	// lastPrepared is the most recently used entry: the lock-free fast path.
	lastPrepared atomic.Pointer[preparedEntry]
	// prepareds maps weak.Pointer[terrain.Battlefield] to *preparedEntry; an
	// entry is removed when its Battlefield is collected.
	prepareds sync.Map
)

// preparedOf returns the prepared of bf, building it on first use. Battlefields
// are immutable, so the prepared never goes stale; it is dropped when bf is
// garbage collected. Concurrent first uses may build it twice (harmless).
func preparedOf(bf *terrain.Battlefield) *prepared {
	if e := lastPrepared.Load(); e != nil && e.bf.Value() == bf {
		return e.sc
	}
	key := weak.Make(bf)
	if v, ok := prepareds.Load(key); ok {
		e := v.(*preparedEntry)
		lastPrepared.Store(e)
		return e.sc
	}
	e := &preparedEntry{bf: key, sc: buildPrepared(bf)}
	if v, loaded := prepareds.LoadOrStore(key, e); loaded {
		e = v.(*preparedEntry)
	} else {
		runtime.AddCleanup(bf, func(k weak.Pointer[terrain.Battlefield]) { prepareds.Delete(k) }, key)
	}
	lastPrepared.Store(e)
	return e.sc
}

// ring returns the plan ring of model i (shared, read-only).
func (sc *prepared) ring(i int) []geom.Point { return sc.rings[i] }
