//go:build !sightline_nooverlay

package geom

import (
	"fmt"

	sf "github.com/peterstace/simplefeatures/geom"
)

// unionOffset returns the union of the pieces of a non-convex offset (the
// polygon and one capsule per edge) as one normalised polygon, computed
// with the simplefeatures overlay.
func unionOffset(pieces []Polygon) (Polygon, error) {
	geoms := make([]sf.Geometry, len(pieces))
	for i, p := range pieces {
		geoms[i] = toSF(p)
	}
	u, err := sf.UnionMany(geoms)
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
