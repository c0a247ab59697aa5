//go:build sightline_nopictures

package rulesets

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
)

// TestNoPictures checks that a build with the tag sightline_nopictures
// keeps no picture: Draw keeps nothing and the picture builders return
// nothing, while the answer's fields are untouched.
func TestNoPictures(t *testing.T) {
	r := Result{Fields: []Field{{Name: "legal", Value: true}}}
	r.Draw([]string{"a"}, render.Ring{Center: geom.Pt(1, 2), Radius: 3, Label: "x"})
	if len(r.Picture.Highlight) != 0 || len(r.Picture.Parts) != 0 {
		t.Errorf("Draw kept %v, %v; want nothing", r.Picture.Highlight, r.Picture.Parts)
	}
	if v, ok := r.Get("legal"); !ok || v != true {
		t.Errorf("field legal = %v, %v; want true", v, ok)
	}
	if m := PointMark(geom.Pt(1, 1), "impact"); m != (render.Ring{}) {
		t.Errorf("PointMark = %+v; want the zero Ring", m)
	}
	parts := LinkTree(3, func(i, j int) (geom.Point, geom.Point, float64, bool) {
		return geom.Pt(float64(i), 0), geom.Pt(float64(j), 0), float64(j - i), true
	})
	if parts != nil {
		t.Errorf("LinkTree = %v; want nil", parts)
	}
}
