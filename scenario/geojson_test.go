//go:build !(js && wasm)

package scenario

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func TestGeoJSONRoundTrip(t *testing.T) {
	def := Default()
	var buf bytes.Buffer
	if err := ExportGeoJSON(&buf, def.Pieces); err != nil {
		t.Fatal(err)
	}
	got, err := ImportGeoJSON(&buf, ImportOptions{})
	if err != nil {
		t.Fatalf("ImportGeoJSON(ExportGeoJSON(default)): %v", err)
	}
	bf, err := terrain.New(def.Table, got, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(bf.Pieces(), def.Pieces) {
		t.Errorf("pieces differ after GeoJSON round trip")
	}
}

func TestImportGeoJSON(t *testing.T) {
	const in = `{"type": "FeatureCollection", "features": [
	 {"type": "Feature", "properties": {"kind": "area", "height": 25.4},
	  "geometry": {"type": "Polygon", "coordinates": [[[0,0],[254,0],[254,254],[0,254],[0,0]], [[25.4,25.4],[50.8,25.4],[50.8,50.8],[25.4,25.4]]]}},
	 {"type": "Feature", "properties": {"id": "rocks", "kind": "solid", "height": 50.8, "sight": "blocking", "cover": "hard"},
	  "geometry": {"type": "MultiPolygon", "coordinates": [[[[300,0],[400,0],[400,100],[300,0]]], [[[500,0],[600,0],[600,100],[500,0]]]]}}]}`
	ps, err := ImportGeoJSON(strings.NewReader(in), ImportOptions{Units: "mm", Sight: "concealing", Cover: "soft", Movement: "difficult"})
	if err != nil {
		t.Fatal(err)
	}
	// Feature 0: 254 mm = 10 in, hole kept, defaults applied; feature 1 split in two.
	if len(ps) != 3 || ps[0].ID != "feature-0" || ps[1].ID != "rocks-1" || ps[2].ID != "rocks-2" {
		t.Fatalf("ids = %v", ps)
	}
	if ps[0].Footprint.Outer[2] != geom.Pt(10, 10) || len(ps[0].Footprint.Outer) != 4 || len(ps[0].Footprint.Holes) != 1 || len(ps[0].Footprint.Holes[0]) != 3 {
		t.Errorf("feature-0 footprint = %v", ps[0].Footprint)
	}
	if ps[0].Sight != terrain.SightConcealing || ps[0].Height != 1 || ps[1].Sight != terrain.SightBlocking || ps[1].Height != 2 || ps[2].Movement.Default != terrain.Difficult {
		t.Errorf("properties = %+v / %+v", ps[0], ps[1])
	}

	bad := []struct{ in, msg string }{
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}`,
			`features[0].geometry.type: want "Polygon" or "MultiPolygon", got string "Point"`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}}]}`,
			`features[0].properties.sight: missing required field`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,"x"],[0,0]]]}}]}`,
			`features[0].geometry.coordinates[0][2][1]: want a number, got string "x"`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,1]]]}}]}`,
			`features[0].geometry.coordinates[0]: ring is not closed: the last position must repeat the first`},
		{`{"type": "Feature"}`, `type: want "FeatureCollection", got string "Feature"`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "MultiPolygon", "coordinates": [[[[0,0],[1,0],[1,1],[0,0]]], [[[0,0],[1,0],[1,1e400],[0,0]]]]}}]}`,
			`features[0].geometry.coordinates[1][0][2][1]: want a finite number, got 1e400`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open", "level": 0}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}}]}`,
			`features[0].properties.level: want an integer from 1 to 100, got 0`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1]]]}}]}`,
			`features[0].geometry.coordinates[0]: want at least 4 entries, got 3`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1],[0,0]]]}}]}`,
			`features[0].geometry.coordinates[0][2]: want a position [x, y], got array [1]`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "GeometryCollection", "geometries": []}}]}`,
			`features[0].geometry.geometries: unknown field`},
		{`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"}, "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}, "geometry": null}]}`,
			`features[0].geometry: duplicate key "geometry"`},
	}
	for _, tt := range bad {
		_, err := ImportGeoJSON(strings.NewReader(tt.in), ImportOptions{})
		var se *Error
		if err == nil || err.Error() != tt.msg || !errors.As(err, &se) {
			t.Errorf("ImportGeoJSON(%.60s...) error = %v, want %q", tt.in, err, tt.msg)
		}
	}
}

// TestImportGeoJSONThirdCoordinate checks that a third coordinate is
// ignored, whatever its value, and that orb's rings come back open and in
// inches: 50.8 mm = 2 in, 25.4 mm = 1 in.
func TestImportGeoJSONThirdCoordinate(t *testing.T) {
	const in = `{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "f",
	  "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"},
	  "geometry": {"type": "Polygon", "coordinates": [[[0,0,7],[50.8,0,"x"],[50.8,25.4,1e400],[0,0,null]]]}}]}`
	ps, err := ImportGeoJSON(strings.NewReader(in), ImportOptions{Units: "mm"})
	if err != nil {
		t.Fatal(err)
	}
	want := geom.Ring{geom.Pt(0, 0), geom.Pt(2, 0), geom.Pt(2, 1)}
	if len(ps) != 1 || ps[0].ID != "f" || !reflect.DeepEqual(ps[0].Footprint.Outer, want) {
		t.Errorf("ImportGeoJSON(3D ring) = %+v, want id f, outer %v", ps, want)
	}
}
