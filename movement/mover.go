package movement

import (
	"fmt"
	"math"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// mover is the moving model's footprint relative to its reference point:
// a disc (radius r) or a convex polygon given in the model's local frame
// (x along the facing), already shrunk by ContactTolerance.
type mover struct {
	disc   bool
	r      float64      // disc radius, or circumradius of the polygon
	local  []geom.Point // polygon corners in the local frame
	facing s1.Angle
}

// moverOf returns the footprint of m: its hull rectangle, else its base.
// Ovals use their circumscribed polygon (chord error 0.005 in).
func moverOf(m *terrain.Model) mover {
	fp := m.Footprint()
	mv := mover{facing: m.Facing}
	var ring geom.Ring
	switch v := fp.(type) {
	case geom.Circle:
		return mover{disc: true, r: v.Radius, facing: m.Facing}
	case geom.OrientedRect:
		ring = geom.OrientedRect{Length: math.Max(v.Length-2*ContactTolerance, 0), Width: math.Max(v.Width-2*ContactTolerance, 0)}.Ring()
	case geom.Ellipse:
		ring = geom.Ellipse{A: math.Max(v.A-ContactTolerance, 0), B: math.Max(v.B-ContactTolerance, 0)}.Polygon(0.005)
	default:
		b := fp.Bound()
		return mover{disc: true, r: math.Hypot(b.X.Length(), b.Y.Length()) / 2, facing: m.Facing}
	}
	mv.local = ring
	for _, p := range ring {
		mv.r = math.Max(mv.r, p.Norm())
	}
	return mv
}

// at returns the polygon corners with the reference point at p and the
// given facing, appended to dst.
func (mv *mover) at(dst []geom.Point, p geom.Point, facing s1.Angle) []geom.Point {
	pose := geom.Pose{Position: p, Facing: facing}
	for _, q := range mv.local {
		dst = append(dst, pose.ToWorld(q))
	}
	return dst
}

// extents returns how far the footprint reaches from the reference point
// towards -x, +x, -y and +y at the facing.
func (mv *mover) extents(facing s1.Angle) (xl, xh, yl, yh float64) {
	if mv.disc {
		return mv.r, mv.r, mv.r, mv.r
	}
	var buf [64]geom.Point
	for _, q := range mv.at(buf[:0], geom.Point{}, facing) {
		xl, xh = math.Max(xl, -q.X), math.Max(xh, q.X)
		yl, yh = math.Max(yl, -q.Y), math.Max(yh, q.Y)
	}
	return
}

// finitePoint reports an error naming field when p is not finite.
func finitePoint(field string, p geom.Point) error {
	if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
		return fmt.Errorf("movement: %s = (%v, %v): %w", field, p.X, p.Y, ErrInvalid)
	}
	if math.Abs(p.X) > 1e6 || math.Abs(p.Y) > 1e6 {
		return fmt.Errorf("movement: %s = (%v, %v) is absurdly far from the table: %w", field, p.X, p.Y, ErrInvalid)
	}
	return nil
}

// finiteNonNeg reports an error naming field when v is not a finite
// number in [0, hi].
func finiteNonNeg(field string, v, hi float64) error {
	if math.IsNaN(v) || v < 0 || v > hi {
		return fmt.Errorf("movement: %s = %v, want a number in [0, %v]: %w", field, v, hi, ErrInvalid)
	}
	return nil
}

// xy is a point written as [x, y] in JSON.
type xy = [2]float64

func toXY(p geom.Point) xy { return xy{round9(p.X), round9(p.Y)} }

// round9 rounds to 1e-9 so answers do not show float noise.
func round9(v float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	return math.Round(v*1e9) / 1e9
}

func deg(a s1.Angle) float64 { return a.Degrees() }
