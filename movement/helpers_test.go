package movement

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// box returns the rectangle [x0,x1]x[y0,y1] as a polygon.
func box(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1))
}

// wall returns an impassable solid piece.
func wall(id string, p geom.Polygon) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: p, Height: 2, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Impassable}, Level: 1}
}

// wood returns a difficult area piece.
func wood(id string, p geom.Polygon) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Area, Footprint: p, Height: 0, Sight: terrain.SightConcealing,
		Cover: terrain.CoverSoft, Movement: terrain.MovementRule{Default: terrain.Difficult}, Level: 1}
}

// disc returns a model with a round base of the given diameter.
func disc(id string, class terrain.Class, x, y, d float64) terrain.Model {
	return terrain.Model{ID: id, Side: "a", Squad: "s", Class: class, Position: geom.Pt(x, y),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: d}, Level: 1}
}

// field builds a 48 x 48 battlefield or fails the test.
func field(t testing.TB, pieces []terrain.Piece, models []terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, pieces, models)
	if err != nil {
		t.Fatalf("terrain.New: %v", err)
	}
	return bf
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// circlePoly returns a regular n-gon inscribed in the circle.
func circlePoly(c geom.Point, r float64, n int) geom.Polygon {
	pts := make([]geom.Point, n)
	for k := range n {
		a := 2 * math.Pi * float64(k) / float64(n)
		pts[k] = c.Add(geom.Pt(r*math.Cos(a), r*math.Sin(a)))
	}
	return geom.PolygonFromPoints(pts...)
}
