package codered

import (
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// Centre returns the unit centre of m (CR-01, 2.4 "von der Mitte der
// Einheit"): for a vehicle or a model without Figures its Position; for a
// multi-figure unit the centroid of its figures, or the centre of their
// bounding box when o.Centre is "bbox" (Amb. 1).
func Centre(m *terrain.Model, o Options) geom.Point {
	switch {
	case isVehicle(m):
		return los.ReferencePoint(m, los.RefPosition)
	case o.Center == "bbox":
		return los.ReferencePoint(m, los.RefBoxCenter)
	}
	return los.ReferencePoint(m, los.RefCentroid)
}

// CentreOf returns the centroid of pts (CR-01); it is (0,0) for no points.
func CentreOf(pts []geom.Point) geom.Point {
	if len(pts) == 0 {
		return geom.Point{}
	}
	var s geom.Point
	for _, p := range pts {
		s = s.Add(p)
	}
	return s.Mul(1 / float64(len(pts)))
}

func isVehicle(m *terrain.Model) bool {
	return m.Class == terrain.Vehicle || m.Class == terrain.Walker || m.Class == terrain.Skimmer
}

// DistToPiece returns the distance from p to the closed footprint of piece
// (0 inside), the measure of "in contact with a terrain piece" (CR-03).
func DistToPiece(p geom.Point, piece *terrain.Piece) float64 {
	d, _ := geom.DistPointPolygon(p, piece.Footprint)
	return d
}

// InContact reports whether distance d is contact (CR-03: at most 2 in,
// "maximal 2“", inclusive).
func InContact(d float64) bool { return d <= Contact }

// UnitDistance returns the distance between two units for contact and range
// purposes: centre to centre, or nearest base edge to nearest base edge
// when o.ContactMeasure is "edge" (Amb. 2).
func UnitDistance(a, b *terrain.Model, o Options) float64 {
	if o.ContactMeasure == "edge" {
		best := math.Inf(1)
		for _, sa := range unitShapes(a) {
			for _, sb := range unitShapes(b) {
				d, _, _ := geom.DistConvex(sa, sb)
				best = math.Min(best, d)
			}
		}
		return best
	}
	return Centre(a, o).Sub(Centre(b, o)).Norm()
}

func unitShapes(m *terrain.Model) []geom.Convex {
	if r, ok := m.HullRect(); ok {
		return []geom.Convex{r}
	}
	return m.FigureShapes()
}

// InCloseRange reports whether distance d is within close range (CR-04,
// "Nahbereich"): d <= o.CloseRange, or d < o.CloseRange when bounds are
// exclusive (Amb. 3).
func InCloseRange(d float64, o Options) bool { return o.within(d, o.CloseRange) }

// OrderCost returns the order dice an officer at distance d needs to
// activate a unit (CR-05: "Außerhalb von 12“ wird die doppelte Anzahl
// Befehle … benötigt"): 1 inside command range, 2 outside.
func OrderCost(d float64, o Options) int {
	if o.within(d, CommandRange) {
		return 1
	}
	return 2
}

// SpacingResult is the outcome of a figure spacing check (CR-02).
type SpacingResult struct {
	OK      bool    `json:"ok"`
	Worst   float64 `json:"worst"`   // chain: largest link needed; all-pairs: largest pair distance
	FigureA int     `json:"figureA"` // indices of the worst pair (-1 when fewer than 2 figures)
	FigureB int     `json:"figureB"`
}

// CheckSpacing checks figure spacing (CR-02, 2.3 "Maximalabstand von 1“"):
// with o.Spacing "chain" every figure must be linked to the others through
// figures at most 1 in apart (the bottleneck spanning tree); with
// "all-pairs" every pair must be at most 1 in apart (Amb. 25). Distances
// are between centres, or between base edges ("edge", using radius r).
func CheckSpacing(figs []geom.Point, r float64, o Options) SpacingResult {
	n := len(figs)
	res := SpacingResult{OK: true, FigureA: -1, FigureB: -1}
	if n < 2 {
		return res
	}
	dist := func(i, j int) float64 {
		d := figs[i].Sub(figs[j]).Norm()
		if o.SpacingMeasure == "edge" {
			d = math.Max(0, d-2*r)
		}
		return d
	}
	if o.Spacing == "all-pairs" {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if d := dist(i, j); d > res.Worst {
					res.Worst, res.FigureA, res.FigureB = d, i, j
				}
			}
		}
	} else {
		// Prim's algorithm: the largest edge of a minimum spanning tree is the
		// smallest link length that chains all figures.
		in := make([]bool, n)
		best := make([]float64, n)
		from := make([]int, n)
		for i := range best {
			best[i] = math.Inf(1)
		}
		best[0] = 0
		for k := 0; k < n; k++ {
			u := -1
			for i := 0; i < n; i++ {
				if !in[i] && (u < 0 || best[i] < best[u]) {
					u = i
				}
			}
			in[u] = true
			if k > 0 && best[u] > res.Worst {
				res.Worst, res.FigureA, res.FigureB = best[u], from[u], u
			}
			for i := 0; i < n; i++ {
				if d := dist(u, i); !in[i] && d < best[i] {
					best[i], from[i] = d, u
				}
			}
		}
	}
	res.OK = res.Worst <= FigureSpacing
	return res
}

func baseRadius(m *terrain.Model) float64 {
	switch m.Base.Shape {
	case terrain.BaseCircle:
		return m.Base.Diameter / 2
	case terrain.BaseOval, terrain.BaseRect:
		return math.Min(m.Base.Length, m.Base.Width) / 2
	}
	return 0
}

func finite(vals ...float64) bool {
	for _, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

func finitePt(p geom.Point) bool { return finite(p.X, p.Y) }

func modelByID(bf *terrain.Battlefield, id, field string) (*terrain.Model, error) {
	m, ok := bf.Model(id)
	if !ok {
		return nil, fmt.Errorf("%s: unknown model %q: %w", field, id, ErrQuery)
	}
	return m, nil
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }
