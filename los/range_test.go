package los

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// msRect returns the axis-aligned rectangle [x0,x1] x [y0,y1] as a polygon.
func msRect(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1))
}

// msBF builds a 100 x 100 battlefield or fails the test.
func msBF(t testing.TB, pieces []terrain.Piece, models []terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: 100, Depth: 100}, pieces, models)
	if err != nil {
		t.Fatalf("terrain.New: %v", err)
	}
	return bf
}

// msInf is an infantry base of diameter d at p.
func msInf(id string, p geom.Point, d float64) terrain.Model {
	return terrain.Model{ID: id, Class: terrain.Infantry, Position: p, Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: d}, Level: 1}
}

// msTank is a vehicle with an l x w x h hull at p facing deg degrees.
func msTank(id string, p geom.Point, deg, l, w, h float64) terrain.Model {
	return terrain.Model{ID: id, Class: terrain.Vehicle, Position: p, Facing: geom.Degrees(deg),
		Hull: terrain.Hull{Length: l, Width: w, Height: h}, Level: 1}
}

// msSolid is a solid blocking piece.
func msSolid(id string, fp geom.Polygon, h float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: fp, Height: h, Sight: terrain.SightBlocking,
		Cover: terrain.CoverHard, Level: 1}
}

func msNear(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestRange(t *testing.T) {
	air := terrain.Model{ID: "air", Class: terrain.Aircraft, Position: geom.Pt(8, 6), Altitude: 6,
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Level: 1}
	squad := msInf("squad", geom.Pt(1, 1), 1)
	squad.Figures = []geom.Point{geom.Pt(0, 0), geom.Pt(2, 0), geom.Pt(1, 3)}
	stands := msInf("stands", geom.Pt(12, 0), 1)
	stands.Figures = []geom.Point{geom.Pt(10, 0), geom.Pt(14, 0)}
	bf := msBF(t, []terrain.Piece{msSolid("wall", msRect(20, 20, 30, 21), 2)}, []terrain.Model{
		{ID: "origin", Class: terrain.Figure, Position: geom.Pt(0, 0), Level: 1}, // no base, eye at z = 0
		air, squad, stands,
		msInf("a", geom.Pt(3, 4), 1), msInf("b", geom.Pt(15.4, 4), 1),
		msInf("touch", geom.Pt(4, 4), 1), msInf("overlap", geom.Pt(3.5, 4), 1), msInf("gap", geom.Pt(5, 4), 1),
		msTank("tank", geom.Pt(40, 10), 0, 2, 1, 1), msInf("front", geom.Pt(44, 10), 1),
		msInf("target", geom.Pt(1, 11), 1),
		msInf("nearwall", geom.Pt(25, 18), 1),
	})
	tests := []struct {
		from, to     string
		mode         RangeMode
		dist, vert   float64
		fromX, fromY float64
		toX, toY     float64
	}{
		// 15.4 - 3 = 12.4 centre to centre.
		{"a", "b", RangeCenter, 12.4, 0, 3, 4, 15.4, 4},
		// Figures (0,0),(2,0),(1,3): centroid (1,1); to (1,11) is 10.
		{"squad", "target", RangeCenter, 10, 0, 1, 1, 1, 11},
		// Bases of radius 0.5 whose centres are 1 apart touch: 0.
		{"a", "touch", RangeEdge, 0, 0, 3.5, 4, 3.5, 4},
		// 2 apart: 2 - 0.5 - 0.5 = 1.
		{"a", "gap", RangeEdge, 1, 0, 3.5, 4, 4.5, 4},
		// Hull 2 long facing +x at (40,10): front at x = 41; base rim at 43.5: 2.5.
		{"tank", "front", RangeEdge, 2.5, 0.5, 41, 10, 43.5, 10},
		// Aircraft 6 above (8,6): horizontal 10, vertical 6, 3D sqrt(136).
		{"origin", "air", RangeCenter, 10, 6, 0, 0, 8, 6},
		// Ground mode: the table point under it, vertical 0.
		{"origin", "air", RangeGround, 10, 0, 0, 0, 8, 6},
		// Stands at (10,0) and (14,0): nearest is 10.
		{"origin", "stands", RangeStand, 10, 0, 0, 0, 10, 0},
		// Base centre (25,18), rim (25,18.5) to the wall's south face y = 20: 1.5.
		{"nearwall", "wall", RangeEdge, 1.5, 0, 25, 18.5, 25, 20},
	}
	for _, tc := range tests {
		r, err := Range(bf, tc.from, tc.to, tc.mode)
		if err != nil {
			t.Fatalf("Range(%s, %s, %s) error %v", tc.from, tc.to, tc.mode, err)
		}
		if !msNear(r.Distance, tc.dist) || !msNear(r.Vertical, tc.vert) ||
			!msNear(r.FromPoint.X, tc.fromX) || !msNear(r.FromPoint.Y, tc.fromY) ||
			!msNear(r.ToPoint.X, tc.toX) || !msNear(r.ToPoint.Y, tc.toY) {
			t.Errorf("Range(%s, %s, %s) = %+v, want distance %v vertical %v from (%v,%v) to (%v,%v)",
				tc.from, tc.to, tc.mode, r, tc.dist, tc.vert, tc.fromX, tc.fromY, tc.toX, tc.toY)
		}
		if !msNear(r.Distance3D, math.Hypot(tc.dist, tc.vert)) {
			t.Errorf("Range(%s, %s, %s).Distance3D = %v, want %v", tc.from, tc.to, tc.mode, r.Distance3D, math.Hypot(tc.dist, tc.vert))
		}
	}
	// Overlapping bases are 0 apart too.
	if r, _ := Range(bf, "a", "overlap", RangeEdge); r.Distance != 0 {
		t.Errorf("overlapping edge range = %v, want 0", r.Distance)
	}
}

func TestRangeErrorsAndExplain(t *testing.T) {
	bf := msBF(t, nil, []terrain.Model{msInf("a", geom.Pt(3, 4), 1), msInf("b", geom.Pt(15.4, 4), 1)})
	_, err := Range(bf, "a", "ghost", RangeCenter)
	if !errors.Is(err, terrain.ErrUnknownID) || !strings.Contains(err.Error(), `"ghost"`) {
		t.Errorf("Range to ghost error = %v, want ErrUnknownID naming it", err)
	}
	if _, err := Range(bf, "a", "b", "diagonal"); !errors.Is(err, terrain.ErrInvalidValue) {
		t.Errorf("Range mode diagonal error = %v, want ErrInvalidValue", err)
	}
	if _, err := RangeBetweenPoints(geom.V3(math.NaN(), 0, 0), geom.V3(0, 0, 0)); err == nil {
		t.Errorf("RangeBetweenPoints(NaN) error = nil")
	}
	r, _ := Range(bf, "a", "b", RangeCenter)
	want := "range a -> b: 12.40 in centre to centre, from (3.00, 4.00) to (15.40, 4.00)"
	if r.Explain() != want {
		t.Errorf("Explain() = %q, want %q", r.Explain(), want)
	}
	js, err := json.Marshal(r)
	if err != nil || !strings.Contains(string(js), `"fromPoint":[3,4,0]`) || !strings.Contains(string(js), `"distance":12.4`) {
		t.Errorf("json = %s, %v", js, err)
	}
	// Point variant: 3-4-5 triangle, 12 up.
	p, err := RangeBetweenPoints(geom.V3(0, 0, 0), geom.V3(3, 4, 12))
	if err != nil || p.Distance != 5 || p.Vertical != 12 || p.Distance3D != 13 {
		t.Errorf("RangeBetweenPoints = %+v, %v; want 5, 12, 13", p, err)
	}
	q, err := RangeFromPoint(bf, geom.V3(3, 0, 0), "a", RangeCenter)
	if err != nil || q.Distance != 4 {
		t.Errorf("RangeFromPoint = %+v, %v; want 4", q, err)
	}
}
