//go:build sightline_nopictures

package rulesets

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
)

// TestNoPictures checks that a build with the tag sightline_nopictures
// keeps no picture: Draw keeps nothing, while the answer's fields are
// untouched.
func TestNoPictures(t *testing.T) {
	r := Result{Fields: []Field{{Name: "legal", Value: true}}}
	r.Draw([]string{"a"}, render.Ring{Center: geom.Pt(1, 2), Radius: 3, Label: "x"})
	if len(r.Picture.Highlight) != 0 || len(r.Picture.Parts) != 0 {
		t.Errorf("Draw kept %v, %v; want nothing", r.Picture.Highlight, r.Picture.Parts)
	}
	if v, ok := r.Get("legal"); !ok || v != true {
		t.Errorf("field legal = %v, %v; want true", v, ok)
	}
}
