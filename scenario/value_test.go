package scenario

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
)

type testKind string

type testBase struct {
	Label string `json:"label"`
}

type testWeapon struct {
	Name  string  `json:"name" scenario:"required"`
	Range Length  `json:"range" scenario:"required"`
	Shots int     `json:"shots"`
	Arc   *string `json:"arc"`
}

type testOpts struct {
	testBase
	Weapon  testWeapon        `json:"weapon"`
	Zone    []geom.Point      `json:"zone"`
	Centre  geom.Point        `json:"centre"`
	Eye     geom.Vec3         `json:"eye"`
	Bands   map[string]Length `json:"bands"`
	Max     *Length           `json:"max"`
	Levels  [2]int8           `json:"levels"`
	Ratio   float64           `json:"ratio"`
	Count   uint8             `json:"count"`
	On      bool              `json:"on"`
	Kind    testKind          `json:"kind"`
	Extra   json.RawMessage   `json:"extra"`
	Weapons []testWeapon      `json:"weapons"`
	Skip    int               `json:"-"`
	hidden  int
}

func ptr[T any](v T) *T { return &v }

func TestDecodeValueUnits(t *testing.T) {
	const in = `{"label": "a", "weapon": {"name": "gun", "range": 76.2, "shots": 2.50e1, "arc": "F"},
		"zone": [[0, 0], [50.8, 0], [50.8, 30.48]], "centre": [5.08, 2.54], "eye": [2.54, 5.08, 25.4],
		"bands": {"short": 30.48, "long": 76.2}, "max": 50.8, "levels": [-128, 127], "ratio": 0.5,
		"count": 255, "on": true, "kind": "tank", "extra": {"range": 12, "x": [1, 2]},
		"weapons": [{"name": "a", "range": 2.54}, {"name": "b", "range": 5.08, "arc": null}]}`
	// Every length in cm divided by 2.54: 76.2 -> 30, 50.8 -> 20,
	// 30.48 -> 12, 5.08 -> 2, 2.54 -> 1, 25.4 -> 10. Plain numbers
	// (shots, ratio) and raw JSON are not converted; "-" and unexported
	// fields keep their values.
	want := testOpts{
		testBase: testBase{Label: "a"},
		Weapon:   testWeapon{Name: "gun", Range: 30, Shots: 25, Arc: ptr("F")},
		Zone:     []geom.Point{geom.Pt(0, 0), geom.Pt(20, 0), geom.Pt(20, 12)},
		Centre:   geom.Pt(2, 1),
		Eye:      geom.V3(1, 2, 10),
		Bands:    map[string]Length{"short": 12, "long": 30},
		Max:      ptr(Length(20)),
		Levels:   [2]int8{-128, 127},
		Ratio:    0.5,
		Count:    255,
		On:       true,
		Kind:     "tank",
		Extra:    json.RawMessage(`{"range":12,"x":[1,2]}`),
		Weapons:  []testWeapon{{Name: "a", Range: 1}, {Name: "b", Range: 2}},
		Skip:     7,
		hidden:   1,
	}
	got := testOpts{Skip: 7, hidden: 1}
	if err := DecodeValue(json.RawMessage(in), "options", "cm", &got); err != nil {
		t.Fatalf("DecodeValue(cm) error %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeValue(cm) =\n%+v, want\n%+v", got, want)
	}

	tests := []struct {
		in, units string
		want      Length
	}{
		{`76.2`, "cm", 30},
		{`254`, "mm", 10},
		{`12.7`, "mm", 0.5},
		{`127`, "mm", 5},
		{`-2.54`, "cm", -1},
		{`3.5`, "in", 3.5},
		{`3.5`, "", 3.5},
	}
	for _, tt := range tests {
		var l Length
		if err := DecodeValue(json.RawMessage(tt.in), "r", tt.units, &l); err != nil || l != tt.want {
			t.Errorf("DecodeValue(%s, %q) = %v, %v, want %v", tt.in, tt.units, l, err, tt.want)
		}
	}

	var pts []geom.Point
	if err := DecodeValue(json.RawMessage(`[[254, 127], [25.4, 0]]`), "p", "mm", &pts); err != nil ||
		!reflect.DeepEqual(pts, []geom.Point{geom.Pt(10, 5), geom.Pt(1, 0)}) {
		t.Errorf("DecodeValue(mm points) = %v, %v, want [(10, 5) (1, 0)]", pts, err)
	}
}

// TestDecodeValueKeepsDefaults checks that absent fields keep dst's values
// and null clears a pointer.
func TestDecodeValueKeepsDefaults(t *testing.T) {
	got := testOpts{Ratio: 0.25, Max: ptr(Length(3)), Bands: map[string]Length{"short": 6}}
	if err := DecodeValue(json.RawMessage(`{"max": null, "bands": {"long": 25.4}}`), "", "mm", &got); err != nil {
		t.Fatal(err)
	}
	want := testOpts{Ratio: 0.25, Bands: map[string]Length{"short": 6, "long": 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeValue = %+v, want %+v", got, want)
	}
}

func TestDecodeValueErrors(t *testing.T) {
	deep := strings.Repeat(`{"n": `, MaxDepth+1) + "null" + strings.Repeat("}", MaxDepth+1)
	type nest struct {
		N *nest `json:"n"`
	}
	tests := []struct {
		in   string
		dst  any
		kind error
		msg  string
	}{
		{`{"weapon": {"name": "g", "range": "30"}}`, &testOpts{}, ErrType, `queries[2].weapon.range: want a number, got string "30"`},
		{`{"weapon": {"name": "g"}}`, &testOpts{}, ErrMissing, `queries[2].weapon.range: missing required field`},
		{`{"weapons": [{"name": "g", "range": 1}, {"range": 1}]}`, &testOpts{}, ErrMissing, `queries[2].weapons[1].name: missing required field`},
		{`{"wepon": {}}`, &testOpts{}, ErrUnknownField, `queries[2].wepon: unknown field; want one of label, weapon, zone, centre, eye, bands, max, levels, ratio, count, on, kind, extra, weapons`},
		{`{"weapon": {"name": "g", "range": 1, "rng": 2}}`, &testOpts{}, ErrUnknownField, `queries[2].weapon.rng: unknown field; want one of name, range, shots, arc`},
		{`{"Skip": 1}`, &testOpts{}, ErrUnknownField, `queries[2].Skip: unknown field; want one of label, weapon, zone, centre, eye, bands, max, levels, ratio, count, on, kind, extra, weapons`},
		{`{"weapon": {"name": "g", "range": 1, "shots": 1.5}}`, &testOpts{}, ErrValue, `queries[2].weapon.shots: want an integer, got 1.5`},
		{`{"weapon": {"name": "g", "range": 1, "shots": 1.0000000000000000001}}`, &testOpts{}, ErrValue, `queries[2].weapon.shots: want an integer, got 1.0000000000000000001`},
		{`{"weapon": {"name": "g", "range": 1, "shots": 25e-1}}`, &testOpts{}, ErrValue, `queries[2].weapon.shots: want an integer, got 25e-1`},
		{`{"weapon": {"name": "g", "range": 1, "shots": 1e400}}`, &testOpts{}, ErrValue, `queries[2].weapon.shots: want an integer from -9223372036854775808 to 9223372036854775807, got 1e400`},
		{`{"weapon": {"name": "g", "range": 1, "shots": "2"}}`, &testOpts{}, ErrType, `queries[2].weapon.shots: want an integer, got string "2"`},
		{`{"count": 256}`, &testOpts{}, ErrValue, `queries[2].count: want an integer from 0 to 255, got 256`},
		{`{"count": -1}`, &testOpts{}, ErrValue, `queries[2].count: want an integer from 0 to 255, got -1`},
		{`{"levels": [1, -129]}`, &testOpts{}, ErrValue, `queries[2].levels[1]: want an integer from -128 to 127, got -129`},
		{`{"levels": [1]}`, &testOpts{}, ErrValue, `queries[2].levels: want exactly 2 entries, got 1`},
		{`{"levels": 1}`, &testOpts{}, ErrType, `queries[2].levels: want an array, got number 1`},
		{`{"centre": [1, 2, 3]}`, &testOpts{}, ErrType, `queries[2].centre: want a point [x, y], got array [1,2,3]`},
		{`{"zone": [[0, 0], [1]]}`, &testOpts{}, ErrType, `queries[2].zone[1]: want a point [x, y], got array [1]`},
		{`{"zone": [[0, "a"]]}`, &testOpts{}, ErrType, `queries[2].zone[0][1]: want a number, got string "a"`},
		{`{"eye": [1, 2]}`, &testOpts{}, ErrType, `queries[2].eye: want a point [x, y, z], got array [1,2]`},
		{`{"max": 1e9}`, &testOpts{}, ErrValue, `queries[2].max: want a length of at most 100000 in, got 1e9`},
		{`{"ratio": 1e400}`, &testOpts{}, ErrValue, `queries[2].ratio: want a finite number, got 1e400`},
		{`{"ratio": null}`, &testOpts{}, ErrType, `queries[2].ratio: want a number, got null`},
		{`{"on": 1}`, &testOpts{}, ErrType, `queries[2].on: want a boolean, got number 1`},
		{`{"kind": false}`, &testOpts{}, ErrType, `queries[2].kind: want a string, got boolean false`},
		{`{"bands": {"long": "x"}}`, &testOpts{}, ErrType, `queries[2].bands.long: want a number, got string "x"`},
		{`{"bands": {"odd key": true}}`, &testOpts{}, ErrType, `queries[2].bands["odd key"]: want a number, got boolean true`},
		{`{"bands": []}`, &testOpts{}, ErrType, `queries[2].bands: want an object, got array []`},
		{`[1]`, &testOpts{}, ErrType, `queries[2]: want an object, got array [1]`},
		{`{"on": true, "on": false}`, &testOpts{}, ErrSyntax, `queries[2].on: duplicate key "on"`},
		{`{"on": }`, &testOpts{}, ErrSyntax, `queries[2]: line 1, column 8: invalid character '}' looking for beginning of value`},
		{`{} {}`, &testOpts{}, ErrSyntax, `queries[2]: line 1, column 4: trailing data after the top-level value`},
		{``, &testOpts{}, ErrSyntax, `queries[2]: empty input`},
		{deep, &nest{}, ErrTooLarge, "queries[2]" + strings.Repeat(".n", MaxDepth) + ": nesting deeper than 64 levels"},
		{`{"a": 1}`, &struct{}{}, ErrUnknownField, `queries[2].a: unknown field; this object has no fields`},
	}
	for _, tt := range tests {
		err := DecodeValue(json.RawMessage(tt.in), "queries[2]", "cm", tt.dst)
		if err == nil {
			t.Errorf("DecodeValue(%s) = nil, want error %q", tt.in, tt.msg)
			continue
		}
		if err.Error() != tt.msg {
			t.Errorf("DecodeValue(%s) error = %q, want %q", tt.in, err, tt.msg)
		}
		var se *Error
		if !errors.As(err, &se) || !strings.HasPrefix(se.Path, "queries[2]") {
			t.Errorf("DecodeValue(%s) error %#v is not a *Error with an absolute path", tt.in, err)
		}
		if !errors.Is(err, tt.kind) {
			t.Errorf("DecodeValue(%s) error %q does not wrap %v", tt.in, err, tt.kind)
		}
	}
}

func TestDecodeValueErrorValue(t *testing.T) {
	err := DecodeValue(json.RawMessage(`{"weapon": {"name": "g", "range": "30"}}`), "queries[2]", "in", &testOpts{})
	var se *Error
	if !errors.As(err, &se) || se.Path != "queries[2].weapon.range" || se.Value != `"30"` {
		t.Errorf("DecodeValue error = %#v, want path queries[2].weapon.range, value \"30\"", se)
	}
}

// TestDecodeValueProgrammerErrors checks that bad targets are plain
// errors, found before any data is read.
func TestDecodeValueProgrammerErrors(t *testing.T) {
	type dupA struct {
		A int
	}
	type dupB struct {
		A string
	}
	type dup struct {
		dupA
		dupB
	}
	type withChan struct {
		C chan int `json:"c"`
	}
	var n int
	tests := []struct {
		name, units string
		dst         any
	}{
		{"not a pointer", "in", testOpts{}},
		{"nil pointer", "in", (*testOpts)(nil)},
		{"nil", "in", nil},
		{"channel field", "in", &withChan{}},
		{"interface", "in", new(any)},
		{"int map key", "in", new(map[int]Length)},
		{"func in slice", "in", new([]func())},
		{"duplicate names", "in", &dup{}},
		{"unknown units", "ft", &n},
	}
	for _, tt := range tests {
		err := DecodeValue(json.RawMessage(`{}`), "x", tt.units, tt.dst)
		var se *Error
		if err == nil || errors.As(err, &se) {
			t.Errorf("DecodeValue(%s) error = %#v, want a plain error", tt.name, err)
		}
	}
}

// TestDecodeValueEmbedded checks encoding/json's embedding rules: an
// embedded struct's fields are flattened, a shallower field hides a deeper
// one, and embedded pointers are allocated when one of their fields is set.
func TestDecodeValueEmbedded(t *testing.T) {
	type Inner struct {
		A Length `json:"a"`
		B int    `json:"b"`
	}
	type Outer struct {
		*Inner
		B string `json:"b"`
	}
	var got Outer
	if err := DecodeValue(json.RawMessage(`{"a": 5.08, "b": "x"}`), "", "cm", &got); err != nil {
		t.Fatal(err)
	}
	if got.Inner == nil || got.A != 2 || got.Inner.B != 0 || got.B != "x" {
		t.Errorf("DecodeValue = %+v (inner %+v), want a 2, b \"x\"", got, got.Inner)
	}
}

const queryFile = `{"sightline": 1, "units": "cm", "table": {"width": 121.92, "depth": 91.44},
	"options": {"range": 76.2, "zone": [[0, 0], [50.8, 50.8]]},
	"queries": [
		{"id": "q0", "kind": "zone-check", "zone": [[0, 0], [50.8, 0], [50.8, 30.48]], "weapon": {"name": "gun", "range": 76.2}},
		{"id": "q1", "kind": "zone-check", "weapon": {"name": "gun", "range": "far"}}
	]}`

type testQuery struct {
	Zone   []geom.Point `json:"zone" scenario:"required"`
	Weapon testWeapon   `json:"weapon"`
}

func TestDecodeQuery(t *testing.T) {
	f, err := DecodeBytes([]byte(queryFile))
	if err != nil {
		t.Fatal(err)
	}
	var q testQuery
	if err := f.DecodeQuery(&f.Queries[0], &q); err != nil {
		t.Fatalf("DecodeQuery(q0) error %v", err)
	}
	want := testQuery{Zone: []geom.Point{geom.Pt(0, 0), geom.Pt(20, 0), geom.Pt(20, 12)}, Weapon: testWeapon{Name: "gun", Range: 30}}
	if !reflect.DeepEqual(q, want) {
		t.Errorf("DecodeQuery(q0) = %+v, want %+v", q, want)
	}
	err = f.DecodeQuery(&f.Queries[1], &testQuery{})
	if err == nil || err.Error() != "queries[1].zone: missing required field" {
		t.Errorf("DecodeQuery(q1) error = %v, want queries[1].zone: missing required field", err)
	}
	var w struct {
		Weapon testWeapon `json:"weapon"`
	}
	err = f.DecodeQuery(&f.Queries[1], &w)
	if err == nil || err.Error() != `queries[1].weapon.range: want a number, got string "far"` {
		t.Errorf("DecodeQuery(q1) error = %v", err)
	}
	if err := f.DecodeQuery(&Query{ID: "x"}, &w); err == nil {
		t.Error("DecodeQuery(a query without Raw) = nil, want an error")
	}
}

func TestDecodeOptions(t *testing.T) {
	f, err := DecodeBytes([]byte(queryFile))
	if err != nil {
		t.Fatal(err)
	}
	type opts struct {
		Range Length       `json:"range"`
		Zone  []geom.Point `json:"zone"`
		Other int          `json:"other"`
	}
	got := opts{Other: 3}
	if err := f.DecodeOptions(&got); err != nil {
		t.Fatal(err)
	}
	want := opts{Range: 30, Zone: []geom.Point{geom.Pt(0, 0), geom.Pt(20, 20)}, Other: 3}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeOptions = %+v, want %+v", got, want)
	}
	var narrow struct {
		Range Length `json:"range"`
	}
	err = f.DecodeOptions(&narrow)
	if err == nil || err.Error() != "options.zone: unknown field; want one of range" || !errors.Is(err, ErrUnknownField) {
		t.Errorf("DecodeOptions(narrow) error = %v, want options.zone: unknown field", err)
	}
	none := &File{Units: "cm"}
	def := opts{Range: 6}
	if err := none.DecodeOptions(&def); err != nil || def.Range != 6 {
		t.Errorf("DecodeOptions(no options) = %+v, %v, want the defaults kept", def, err)
	}
	if err := none.DecodeOptions(def); err == nil {
		t.Error("DecodeOptions(non-pointer) = nil, want an error")
	}
}

func TestExactInteger(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"0", "0", true},
		{"-0", "0", true},
		{"-0.0e5", "0", true},
		{"12", "12", true},
		{"1.2e3", "1200", true},
		{"-1.2e3", "-1200", true},
		{"120e-1", "12", true},
		{"0.00120e4", "12", true},
		{"1.5", "", false},
		{"1e-400", "", false},
		{"1e99999999999999999999", strings.Repeat("9", 41), true},
		{"1e-99999999999999999999", "", false},
		{"123456789012345678901234567890123456789012345", strings.Repeat("9", 41), true},
	}
	for _, tt := range tests {
		got, ok := exactInteger(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("exactInteger(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzDecodeValue checks that DecodeValue never panics and that its errors
// are *Error with a path under the given root.
func FuzzDecodeValue(f *testing.F) {
	f.Add([]byte(`{"weapon": {"name": "g", "range": 76.2}, "zone": [[0, 0], [1, 2]], "bands": {"a": 1}}`), uint8(1))
	f.Add([]byte(`{"levels": [1, 2], "count": 2e2, "max": null, "extra": [1, {"a": "b"}]}`), uint8(2))
	f.Fuzz(func(t *testing.T, b []byte, u uint8) {
		units := []string{"in", "cm", "mm"}[u%3]
		var got testOpts
		err := DecodeValue(b, "root", units, &got)
		if err == nil {
			return
		}
		var se *Error
		if !errors.As(err, &se) || !strings.HasPrefix(se.Path, "root") {
			t.Fatalf("DecodeValue(%q) error %#v is not a *Error under root", b, err)
		}
	})
}
