//go:build !(js && wasm)

package scenario

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzImportGeoJSON checks that ImportGeoJSON never panics, that its
// errors are *Error, and that pieces it accepts (in inches) come back
// unchanged through ExportGeoJSON and ImportGeoJSON.
func FuzzImportGeoJSON(f *testing.F) {
	var buf bytes.Buffer
	if err := ExportGeoJSON(&buf, Default().Pieces[:4]); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte(`{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "area", "sight": "clear", "cover": "none", "movement": "open"},
	  "geometry": {"type": "MultiPolygon", "coordinates": [[[[0,0],[1,0],[1,1],[0,0]]], [[[2,0],[3,0],[3,1,5],[2,0]]]]}}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ps, err := ImportGeoJSON(bytes.NewReader(b), ImportOptions{Kind: "area", Sight: "clear", Cover: "none", Movement: "open"})
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T %v is not a *Error", err, err)
			}
			return
		}
		var out bytes.Buffer
		if err := ExportGeoJSON(&out, ps); err != nil {
			t.Fatalf("ExportGeoJSON: %v", err)
		}
		ps2, err := ImportGeoJSON(&out, ImportOptions{})
		if err != nil {
			t.Fatalf("re-importing: %v\n%s", err, out.Bytes())
		}
		if !reflect.DeepEqual(ps, ps2) {
			t.Fatalf("GeoJSON round trip changed the pieces:\n%+v\n%+v", ps, ps2)
		}
	})
}
