package geom

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	big := make(Ring, MaxVertices+1)
	for i := range big {
		a := 2 * math.Pi * float64(i) / float64(len(big))
		big[i] = Pt(math.Cos(a), math.Sin(a))
	}
	tests := []struct {
		name string
		p    Polygon
		err  error
		msg  string
	}{
		{"square", square4, nil, ""},
		{"holed", holed, nil, ""},
		{"clockwise", Polygon{Outer: lShape.Outer.Reversed()}, nil, ""},
		{"nan", PolygonFromPoints(Pt(0, 0), Pt(1, 0), Pt(1, 1), Pt(math.NaN(), 1)), ErrNonFinite, "ring 0 vertex 3: coordinate is NaN"},
		{"inf hole", Polygon{Outer: holed.Outer, Holes: []Ring{{Pt(4, 4), Pt(math.Inf(1), 6), Pt(6, 6)}}}, ErrNonFinite, "ring 1 vertex 1: coordinate is +Inf"},
		{"two", PolygonFromPoints(Pt(0, 0), Pt(1, 0)), ErrTooFewVertices, "ring 0: 2 vertices"},
		{"empty", Polygon{}, ErrTooFewVertices, "ring 0: 0 vertices"},
		{"repeat", PolygonFromPoints(Pt(0, 0), Pt(1, 0), Pt(1, 0), Pt(1, 1)), ErrRepeatedVertex, "ring 0 vertex 2"},
		{"closed", PolygonFromPoints(Pt(0, 0), Pt(1, 0), Pt(1, 1), Pt(0, 0)), ErrRepeatedVertex, "ring 0 vertex 0"},
		{"collinear", PolygonFromPoints(Pt(0, 0), Pt(1, 1), Pt(3, 3)), ErrZeroArea, "ring 0: zero area"},
		// Bow tie: edge 0 (0,0)-(2,2) and edge 2 (2,0)-(0,2) cross at (1,1).
		{"bowtie", PolygonFromPoints(Pt(0, 0), Pt(2, 2), Pt(2, 0), Pt(0, 2)), ErrSelfIntersection, "ring 0: edges 0 and 2 cross at (1, 1)"},
		// Vertex 4 (2,0) touches edge 0 from a non-adjacent edge.
		{"touch", PolygonFromPoints(Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(3, 4), Pt(2, 0), Pt(0, 4)), ErrSelfIntersection, "ring 0: edges 0 and 3 touch at (2, 0)"},
		// Spike back along edge 0: edges 0 and 1 overlap.
		{"spike", PolygonFromPoints(Pt(0, 0), Pt(4, 0), Pt(2, 0), Pt(2, 3)), ErrSelfIntersection, "overlap"},
		{"hole outside", Polygon{Outer: square4.Outer, Holes: []Ring{{Pt(5, 5), Pt(6, 5), Pt(6, 6)}}}, ErrHoleOutside, "ring 1 vertex 0 at (5, 5)"},
		// Hole edge 0 (1,0)-(2,1) touches outer edge 0 at (1,0).
		{"hole touches", Polygon{Outer: square4.Outer, Holes: []Ring{{Pt(1, 0), Pt(2, 1), Pt(1, 1)}}}, ErrRingsIntersect, "rings 0 and 1: edge 0 of ring 0 and edge 0 of ring 1 touch at (1, 0)"},
		{"holes cross", Polygon{Outer: holed.Outer, Holes: []Ring{{Pt(1, 1), Pt(3, 1), Pt(3, 3), Pt(1, 3)}, {Pt(2, 2), Pt(4, 2), Pt(4, 4), Pt(2, 4)}}}, ErrRingsIntersect, "rings 1 and 2"},
		{"nested holes", Polygon{Outer: holed.Outer, Holes: []Ring{{Pt(1, 1), Pt(5, 1), Pt(5, 5), Pt(1, 5)}, {Pt(2, 2), Pt(3, 2), Pt(3, 3)}}}, ErrRingsIntersect, "ring 2 lies inside hole ring 1"},
		{"too many", Polygon{Outer: big}, ErrTooManyVertices, "4097 vertices"},
	}
	for _, tt := range tests {
		err := tt.p.Validate()
		if tt.err == nil {
			if err != nil {
				t.Errorf("%s: Validate() = %v, want nil", tt.name, err)
			}
			continue
		}
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: Validate() = %v, want %v", tt.name, err, tt.err)
			continue
		}
		if !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Validate() = %q, want it to contain %q", tt.name, err, tt.msg)
		}
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s: not a *ValidationError", tt.name)
		}
	}
	if err := Ring(big[:MaxVertices]).Validate(); err != nil {
		t.Errorf("Validate at MaxVertices: %v", err)
	}
	if err := (Ring{Pt(0, 0), Pt(2, 2), Pt(2, 0), Pt(0, 2)}).Validate(); !errors.Is(err, ErrSelfIntersection) {
		t.Errorf("Ring.Validate(bowtie) = %v", err)
	}
}
