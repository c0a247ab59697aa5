package scenario

import (
	"testing"
)

// FuzzDecode checks that Decode never panics, and that whatever it accepts
// has a battlefield and survives an Encode/Decode round trip unchanged.
func FuzzDecode(f *testing.F) {
	f.Add(defaultJSON)
	f.Add([]byte(`{"sightline": 1, "table": {"width": 24, "depth": 24}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		sf, err := DecodeBytes(b)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T %v is not a *Error", err, err)
			}
			return
		}
		if sf.Battlefield() == nil {
			t.Fatal("decoded file without a battlefield")
		}
		out, err := sf.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		sf2, err := DecodeBytes(out)
		if err != nil {
			t.Fatalf("re-decoding: %v\n%s", err, out)
		}
		if !sameFile(sf, sf2) {
			t.Fatalf("round trip changed the file:\n%s", out)
		}
	})
}
