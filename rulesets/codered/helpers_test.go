package codered

import (
	"math"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func rectPoly(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1))
}

// wood is a concealing, hard-cover area piece on level 1.
func wood(id string, x0, y0, x1, y1 float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Area, Footprint: rectPoly(x0, y0, x1, y1),
		Sight: terrain.SightConcealing, Cover: terrain.CoverHard, Level: 1,
		Movement: terrain.MovementRule{Default: terrain.Difficult}}
}

func withLevel(p terrain.Piece, lv int) terrain.Piece { p.Level = lv; return p }

// hill is a level piece with clear sight (CR-19).
func hill(id string, x0, y0, x1, y1 float64, lv int) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: rectPoly(x0, y0, x1, y1), Height: float64(lv - 1),
		Sight: terrain.SightClear, Cover: terrain.CoverNone, Level: lv}
}

func wall(id string, x0, y0, x1, y1 float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: rectPoly(x0, y0, x1, y1), Height: 3,
		Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Level: 1,
		Movement: terrain.MovementRule{Default: terrain.Impassable}}
}

func smokeDisc(id string, x, y, r float64) terrain.Piece {
	c := geom.Circle{Center: geom.Pt(x, y), Radius: r}
	return terrain.Piece{ID: id, Kind: terrain.Smoke, Circle: &c, Sight: terrain.SightConcealing, Cover: terrain.CoverNone, Level: 1}
}

func inf(id, side string, x, y float64) terrain.Model {
	return terrain.Model{ID: id, Side: side, Class: terrain.Infantry, Position: geom.Pt(x, y), Level: 1, Facing: s1.Angle(math.Pi / 2)}
}

func lvl(m terrain.Model, l int) terrain.Model { m.Level = l; return m }

func tank(id, side string, x, y, facingDeg, length, width float64) terrain.Model {
	return terrain.Model{ID: id, Side: side, Class: terrain.Vehicle, Position: geom.Pt(x, y), Level: 1,
		Facing: geom.Degrees(facingDeg), Hull: terrain.Hull{Length: length, Width: width, Height: 1}}
}

func field(t testing.TB, w, d float64, pieces []terrain.Piece, models ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: w, Depth: d}, pieces, models)
	if err != nil {
		t.Fatalf("terrain.New: %v", err)
	}
	return bf
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// shift is added to every coordinate of the digest's test layouts, which use
// negative coordinates, so that they fit on a 100 x 100 in table.
const shift = 50.0

// shifted builds a 100 x 100 battlefield from pieces and models given in the
// digest's coordinates, moving everything by (shift, shift).
func shifted(t testing.TB, pieces []terrain.Piece, models ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	d := geom.Pt(shift, shift)
	ps := make([]terrain.Piece, len(pieces))
	for i, p := range pieces {
		p.Footprint = p.Footprint.Translate(d)
		if p.Circle != nil {
			c := *p.Circle
			c.Center = c.Center.Add(d)
			p.Circle = &c
		}
		ps[i] = p
	}
	ms := make([]terrain.Model, len(models))
	for i, m := range models {
		m.Position = m.Position.Add(d)
		if len(m.Figures) > 0 {
			f := make([]geom.Point, len(m.Figures))
			for j := range f {
				f[j] = m.Figures[j].Add(d)
			}
			m.Figures = f
		}
		ms[i] = m
	}
	return field(t, 100, 100, ps, ms...)
}

func sh(x, y float64) geom.Point { return geom.Pt(x+shift, y+shift) }
