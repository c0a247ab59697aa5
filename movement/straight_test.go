package movement

import (
	"reflect"
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestDropStraight: waypoints on the segment between their neighbours
// (within straightTol) go, bends and turn-backs stay; hand-made cases.
func TestDropStraight(t *testing.T) {
	p := geom.Pt
	for _, c := range []struct {
		name     string
		in, want []geom.Point
	}{
		{"two points", []geom.Point{p(0, 0), p(1, 1)}, []geom.Point{p(0, 0), p(1, 1)}},
		{"one straight point", []geom.Point{p(0, 0), p(1, 0), p(3, 0)}, []geom.Point{p(0, 0), p(3, 0)}},
		{"a run of straight points", []geom.Point{p(0, 0), p(1, 1), p(2, 2), p(2.5, 2.5), p(4, 4)}, []geom.Point{p(0, 0), p(4, 4)}},
		{"a bend stays", []geom.Point{p(0, 0), p(2, 1), p(4, 0)}, []geom.Point{p(0, 0), p(2, 1), p(4, 0)}},
		{"straight points around a bend", []geom.Point{p(0, 0), p(1, 0), p(2, 0), p(2, 1), p(2, 3)}, []geom.Point{p(0, 0), p(2, 0), p(2, 3)}},
		{"a turn-back stays", []geom.Point{p(0, 0), p(3, 0), p(1, 0)}, []geom.Point{p(0, 0), p(3, 0), p(1, 0)}},
		{"a point before the start stays", []geom.Point{p(1, 0), p(0, 0), p(3, 0)}, []geom.Point{p(1, 0), p(0, 0), p(3, 0)}},
		{"a repeated point goes", []geom.Point{p(0, 0), p(0, 0), p(1, 2)}, []geom.Point{p(0, 0), p(1, 2)}},
		{"1e-13 off the line goes", []geom.Point{p(0, 0), p(5, 1e-13), p(10, 0)}, []geom.Point{p(0, 0), p(10, 0)}},
		{"1e-10 off the line stays", []geom.Point{p(0, 0), p(5, 1e-10), p(10, 0)}, []geom.Point{p(0, 0), p(5, 1e-10), p(10, 0)}},
	} {
		in := append([]geom.Point(nil), c.in...)
		if got := dropStraight(in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: dropStraight(%v) = %v, want %v", c.name, c.in, got, c.want)
		}
	}
}
