package los

import (
	"math"
	"sync"

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
	opt     *Options
	shooter int // model index, -1 for none
	target  int // model index, -1 for none
	squad   string
	ignore  []string
}

// newFilter returns the filter of a query between the given models (-1 for
// none) with extra ignored ids.
func newFilter(bf *terrain.Battlefield, opt *Options, shooter, target int, ignore []string) filter {
	f := filter{opt: opt, shooter: shooter, target: target, ignore: ignore}
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
	for _, e := range f.ignore {
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
