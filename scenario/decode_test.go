package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func TestDecodeInvalid(t *testing.T) {
	tests := []struct {
		file string
		kind error
		msg  string
	}{
		{"empty.json", ErrSyntax, "empty input"},
		{"syntax.json", ErrSyntax, "line 1, column 17: invalid character ',' looking for beginning of object key string"},
		{"trailing.json", ErrSyntax, "line 2, column 1: trailing data after the top-level value"},
		{"duplicate-key.json", ErrSyntax, `sightline: duplicate key "sightline"`},
		{"top-not-object.json", ErrType, "want an object, got array [1,2]"},
		{"unknown-top.json", ErrUnknownField, "unit: unknown field"},
		{"missing-version.json", ErrMissing, "sightline: missing required field"},
		{"bad-version.json", ErrValue, "sightline: unsupported format version 2, want 1"},
		{"bad-units.json", ErrValue, `units: want one of in, cm, mm, got "ft"`},
		{"bad-ruleset.json", ErrValue, `ruleset: want a ruleset name of lower-case letters, digits and hyphens, got "Code Red"`},
		{"missing-table.json", ErrMissing, "table: missing required field"},
		{"table-negative.json", ErrValue, "table.width: want a length > 0, got -3"},
		{"height-string.json", ErrType, `terrain[0].height: want a number, got string "3"`},
		{"height-huge.json", ErrValue, "terrain[0].height: want a finite number, got 1e400"},
		{"piece-unknown-field.json", ErrUnknownField, "terrain[0].hieght: unknown field"},
		{"piece-bad-sight.json", ErrValue, `terrain[0].sight: want one of clear, concealing, blocking, got "opaque"`},
		{"piece-missing-cover.json", ErrMissing, "terrain[0].cover: missing required field"},
		{"piece-both-shapes.json", ErrValue, "terrain[0].circle: give either footprint or circle, not both"},
		{"footprint-short.json", ErrValue, "terrain[0].footprint: want at least 3 entries, got 2"},
		{"footprint-point3.json", ErrType, "terrain[0].footprint[1]: want a point [x, y], got array [3,1,0]"},
		{"movement-bad-class.json", ErrUnknownField, `terrain[0].movement.tank: unknown field; want "default" or a model class (infantry, vehicle, walker, skimmer, aircraft, ship, figure)`},
		{"level-zero.json", ErrValue, "terrain[0].level: want an integer from 1 to 100, got 0"},
		{"floors-fraction.json", ErrValue, "terrain[0].building.floors: want an integer, got 1.5"},
		{"window-too-high.json", ErrValue, "terrain[0].building.walls[0].windows[0]: height 5 is not in [0, 2]"},
		{"wall-off-boundary.json", ErrValue, `terrain[0].building.walls[0].from: (2, 2) is not on the boundary of building "h"`},
		{"piece-off-table.json", ErrValue, `terrain[0]: piece "h" lies outside the 24 x 24 in table (ring 0 vertex 2 at (30, 3))`},
		{"duplicate-id.json", ErrValue, `models[0].id: duplicate id "h" (also terrain[0])`},
		{"model-bad-class.json", ErrValue, `models[0].class: want one of infantry, vehicle, walker, skimmer, aircraft, ship, figure, got "tank"`},
		{"model-circle-length.json", ErrUnknownField, "models[0].base.length: unknown field for a circle base"},
		{"model-garrison-unknown.json", ErrValue, `models[0].garrison.building: no piece "h2"`},
		{"model-position-null.json", ErrType, "models[0].position: want a point [x, y], got null"},
		{"query-unknown-field.json", ErrUnknownField, `queries[1].form: unknown field for kind "sight"`},
		{"query-missing-to.json", ErrMissing, "queries[0].to: missing required field"},
		{"query-bad-mode.json", ErrValue, `queries[0].mode: want one of center, edge, stand, ground, got "nearest"`},
		{"query-path-to-id.json", ErrType, `queries[0].to: want a point [x, y], got string "m"`},
		{"query-duplicate-id.json", ErrValue, `queries[1].id: duplicate query id "q" (also queries[0])`},
		{"query-move-short.json", ErrValue, "queries[0].path: want at least 2 entries, got 1"},
		{"model-buried.json", ErrValue, `models[0].elevation: model "m" at elevation 1 is inside solid piece "hill" (top 2): no surface at that height`},
		{"model-level-contradicts.json", ErrValue, `models[0].level: model "m" declares level 2 but stands on the table, level 1`},
		{"table-bad-straddle.json", ErrValue, `table.straddle: want one of center, highest, lowest, got "middle"`},
	}
	files, _ := filepath.Glob("testdata/invalid/*.json")
	if len(files) != len(tests) {
		t.Errorf("%d files in testdata/invalid, %d test cases", len(files), len(tests))
	}
	for _, tt := range tests {
		f, err := Load(filepath.Join("testdata", "invalid", tt.file))
		if err == nil {
			t.Errorf("Load(%s) = %v, want error %q", tt.file, f, tt.msg)
			continue
		}
		if err.Error() != tt.msg {
			t.Errorf("Load(%s) error = %q, want %q", tt.file, err, tt.msg)
		}
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("Load(%s) error %T is not a *scenario.Error", tt.file, err)
		}
		if !errors.Is(err, tt.kind) {
			t.Errorf("Load(%s) error %q does not wrap %v", tt.file, err, tt.kind)
		}
	}
}

func TestErrorValueAndTerrainSentinel(t *testing.T) {
	_, err := Load("testdata/invalid/height-string.json")
	var se *Error
	if !errors.As(err, &se) || se.Value != `"3"` || se.Path != "terrain[0].height" {
		t.Errorf("error = %#v, want path terrain[0].height value \"3\"", se)
	}
	_, err = Load("testdata/invalid/duplicate-id.json")
	if !errors.Is(err, terrain.ErrDuplicateID) || !errors.As(err, &se) || se.Value != `"h"` {
		t.Errorf("error = %v, want a terrain.ErrDuplicateID with value \"h\"", err)
	}
}

func TestDecodeTooLarge(t *testing.T) {
	big := strings.Repeat(" ", MaxFileSize+1)
	_, err := Decode(strings.NewReader(big))
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("Decode(%d spaces) error = %v, want ErrTooLarge", len(big), err)
	}
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	_, err = DecodeBytes([]byte(`{"sightline": 1, "options": {"x": ` + deep + `}}`))
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("DecodeBytes(deep) error = %v, want ErrTooLarge", err)
	}
}

func TestDecodeUnitsAndDefaults(t *testing.T) {
	cmPerIn := 2.54
	f, err := Load("testdata/valid-full-cm.json")
	if err != nil {
		t.Fatal(err)
	}
	// 121.92 cm / 2.54 = 48 in; 91.44 cm / 2.54 = 36 in.
	if f.Table.Width != 48 || f.Table.Depth != 36 {
		t.Errorf("table = %+v, want 48 x 36 in", f.Table)
	}
	if f.Units != "cm" || f.Ruleset != "dropzone-commander" {
		t.Errorf("units, ruleset = %q, %q", f.Units, f.Ruleset)
	}
	tower := f.Pieces[0]
	// height 12.7 cm = 5 in; window z 2.54 cm = 1 in; window x 38.1 cm = 15 in.
	if tower.Height != 5 || tower.Building.Walls[0].Windows[0] != geom.V3(38.1/cmPerIn, 25.4/cmPerIn, 1) || !tower.Building.Roof {
		t.Errorf("tower = %+v %+v", tower, tower.Building.Walls[0])
	}
	tank := f.Models[0]
	// hull 5.08 x 2.54 x 2.032 cm = 2 x 1 x 0.8 in; position (60.96, 5.08) cm = (24, 2) in.
	if tank.Hull != (terrain.Hull{Length: 2, Width: 1, Height: 0.8}) || tank.Position != geom.Pt(24, 2) {
		t.Errorf("tank hull, position = %+v, %v", tank.Hull, tank.Position)
	}
	if tank.Facing != geom.Degrees(90) || tank.Level != 1 {
		t.Errorf("tank facing, level = %v, %d", tank.Facing, tank.Level)
	}
	ruin := f.Pieces[1]
	if ruin.Movement.Default != terrain.Difficult || ruin.Movement.For(terrain.Walker) != terrain.Open || ruin.Level != 2 || len(ruin.Footprint.Holes) != 1 {
		t.Errorf("ruin = %+v", ruin)
	}
	if f.Pieces[2].Circle == nil || len(f.Pieces[2].Footprint.Outer) < 8 {
		t.Errorf("crater-1 circle not kept with its polygon: %+v", f.Pieces[2])
	}
	// 5.08 cm radius = 2 in.
	if f.Pieces[2].Circle.Radius != 2 {
		t.Errorf("crater radius = %v, want 2", f.Pieces[2].Circle.Radius)
	}
	q := f.Queries[len(f.Queries)-1]
	// point (95, 65) cm; to (1, 2) cm.
	if q.Kind != "landing" || q.Point == nil || *q.Point != geom.Pt(95/cmPerIn, 65/cmPerIn) || q.ToPoint == nil || q.From != "ship-1" ||
		string(q.Extra["template"]) != `"M"` || q.JSONPath != "queries[11]" {
		t.Errorf("extension query = %+v", q)
	}
	if p := f.Queries[8]; p.ToPoint == nil || p.To != "" {
		t.Errorf("path query = %+v, want ToPoint set", p)
	}
	if string(f.Options["templates"]) != `{"M":5}` {
		t.Errorf("options = %s", f.Options["templates"])
	}
	if f.Queries[1].Mode != "" {
		t.Errorf("range without mode has Mode %q, want empty (ruleset default)", f.Queries[1].Mode)
	}
	m, err := Load("testdata/valid-minimal.json")
	if err != nil {
		t.Fatal(err)
	}
	if m.Units != "in" || m.Ruleset != "generic" || m.Battlefield() == nil {
		t.Errorf("minimal defaults = %q, %q, %v", m.Units, m.Ruleset, m.Battlefield())
	}
	mm, err := Load("testdata/valid-mm.json")
	if err != nil {
		t.Fatal(err)
	}
	// 1200 mm / 25.4 = 47.244... in; altitude 76.2 mm = 3 in (76.2/25.4 in float64).
	mmPerIn, alt := 25.4, 76.2 // variables: float64 division, as the decoder does
	if mm.Table.Width != 1200/mmPerIn || mm.Models[0].Altitude != alt/mmPerIn {
		t.Errorf("mm: table %v, altitude %v", mm.Table.Width, mm.Models[0].Altitude)
	}
}

func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	files = append(files, "default.json")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkRoundTrip(t, name, b)
	}
}

// checkRoundTrip decodes b, encodes it, decodes again and compares.
func checkRoundTrip(t *testing.T, name string, b []byte) {
	t.Helper()
	f1, err := DecodeBytes(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out, err := f1.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: MarshalJSON: %v", name, err)
	}
	f2, err := DecodeBytes(out)
	if err != nil {
		t.Fatalf("%s: re-decoding the encoded file: %v\n%s", name, err, out)
	}
	if !sameFile(f1, f2) {
		diffFiles(t, f1, f2)
		t.Errorf("%s: Decode(Encode(Decode(x))) differs from Decode(x)", name)
	}
	out2, _ := f2.MarshalJSON()
	if string(out) != string(out2) {
		t.Errorf("%s: Encode is not stable", name)
	}
}

// sameFile compares the decoded content (units excepted: Encode writes in;
// and the queries' Raw, the text as written, which Encode does not keep).
func sameFile(a, b *File) bool {
	x, y := *a, *b
	x.field, y.field = nil, nil
	x.Units, y.Units = "", ""
	x.Queries, y.Queries = withoutRaw(x.Queries), withoutRaw(y.Queries)
	return reflect.DeepEqual(x, y)
}

// withoutRaw returns a copy of qs with every Raw cleared.
func withoutRaw(qs []Query) []Query {
	if qs == nil {
		return nil
	}
	out := append([]Query(nil), qs...)
	for i := range out {
		out[i].Raw = nil
	}
	return out
}

func TestRoundTripGenerated(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		table, pieces, models := terrain.Generate(seed, terrain.DefaultGenerate())
		f := &File{Version: 1, Table: table, Pieces: pieces, Models: models}
		b, err := f.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		checkRoundTrip(t, "generated", b)
	}
}

func TestFacingDegrees(t *testing.T) {
	for _, d := range []float64{0, 15, 33.3, 90, 165, -90, 359.999, 1e5 + 0.1, 1e-9} {
		a := geom.Degrees(d)
		if got := geom.Degrees(facingDegrees(a)); got != a {
			t.Errorf("geom.Degrees(facingDegrees(%v)) = %v, want %v", a, got, a)
		}
	}
}

func diffFiles(t *testing.T, a, b *File) {
	t.Helper()
	for i := range a.Pieces {
		if i < len(b.Pieces) && !reflect.DeepEqual(a.Pieces[i], b.Pieces[i]) {
			t.Logf("piece %d: %#v\n vs %#v", i, a.Pieces[i], b.Pieces[i])
		}
	}
	for i := range a.Models {
		if i < len(b.Models) && !reflect.DeepEqual(a.Models[i], b.Models[i]) {
			t.Logf("model %d: %#v\n vs %#v", i, a.Models[i], b.Models[i])
		}
	}
	for i := range a.Queries {
		if i < len(b.Queries) && !reflect.DeepEqual(a.Queries[i], b.Queries[i]) {
			t.Logf("query %d: %#v\n vs %#v", i, a.Queries[i], b.Queries[i])
		}
	}
}

// TestEncodeErrorPath checks that an error in a query's raw JSON names
// its absolute path once.
func TestEncodeErrorPath(t *testing.T) {
	f := &File{Version: 1, Table: terrain.Table{Width: 24, Depth: 24},
		Queries: []Query{{ID: "a", Kind: "x"}, {ID: "b", Kind: "move", Turns: []byte(`[1,`)}}}
	_, err := f.MarshalJSON()
	want := "queries[1].turns: line 1, column 4: unexpected end of input"
	if err == nil || err.Error() != want || !errors.Is(err, ErrSyntax) {
		t.Errorf("MarshalJSON error = %v, want %q", err, want)
	}
}

// TestRulesetNames checks that scenario accepts any well-formed ruleset
// name (the ruleset registry decides which exist) and refuses malformed
// ones.
func TestRulesetNames(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"generic", true},
		{"chess", true},
		{"dropzone-commander", true},
		{"40k-2e", true},
		{"", false},
		{"-x", false},
		{"Code-Red", false},
		{"code red", false},
		{"code_red", false},
		{"é", false},
	}
	for _, tt := range tests {
		if got := ValidRulesetName(tt.name); got != tt.ok {
			t.Errorf("ValidRulesetName(%q) = %v, want %v", tt.name, got, tt.ok)
		}
		f, err := DecodeBytes([]byte(`{"sightline": 1, "ruleset": "` + tt.name + `", "table": {"width": 24, "depth": 24}}`))
		if tt.ok && (err != nil || f.Ruleset != tt.name) {
			t.Errorf("DecodeBytes(ruleset %q) = %v, want the ruleset kept", tt.name, err)
		}
		if !tt.ok && !errors.Is(err, ErrValue) {
			t.Errorf("DecodeBytes(ruleset %q) error = %v, want ErrValue", tt.name, err)
		}
	}
}

func TestListsAreCopies(t *testing.T) {
	for _, list := range []func() []string{Units, CoreKinds, RangeModes} {
		a := list()
		want := a[0]
		a[0] = "changed"
		if got := list()[0]; got != want {
			t.Errorf("after changing a returned slice, the list starts with %q, want %q", got, want)
		}
	}
	if !IsCore("sight") || IsCore("shot2") {
		t.Error("IsCore(sight), IsCore(shot2) = wrong")
	}
}

// TestDecodeGround reads the new fields (table.straddle, elevation,
// garrison floor, floorHeights, all in cm) and writes them back.
func TestDecodeGround(t *testing.T) {
	f, err := Load("testdata/valid-ground.json")
	if err != nil {
		t.Fatal(err)
	}
	bf := f.Battlefield()
	if bf.Table().Straddle != terrain.StraddleHighest {
		t.Errorf("straddle = %q, want highest", bf.Table().Straddle)
	}
	tower, _ := bf.Piece("tower")
	if fh := tower.Building.FloorHeights; len(fh) != 3 || fh[1] != 2 || fh[2] != 4 {
		t.Errorf("floorHeights = %v, want [0 2 4] in", fh)
	}
	for _, tc := range []struct {
		id     string
		ground float64
		kind   terrain.SurfaceKind
		level  int
	}{
		{"spotter", 2, terrain.SurfaceTop, 2},
		{"lookout", 6, terrain.SurfaceRoof, 4},
		{"g3", 4, terrain.SurfaceFloor, 3},
		{"crate", 1, terrain.SurfaceGiven, 1},
		{"tank", 0, terrain.SurfaceTable, 1},
	} {
		m, _ := bf.Model(tc.id)
		if m.Ground() != tc.ground || m.Stand().Kind != tc.kind || m.Level != tc.level {
			t.Errorf("%s: ground %v on %v level %d, want %v on %s level %d", tc.id, m.Ground(), m.Stand(), m.Level, tc.ground, tc.kind, tc.level)
		}
	}
	out, err := f.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"straddle": "highest"`, `"floorHeights": [0, 2, 4]`, `"elevation": 1`, `"floor": 3`} {
		if !strings.Contains(string(out), s) {
			t.Errorf("encoded file lacks %s:\n%s", s, out)
		}
	}
	// Derived levels are not written: the lookout's level stays the
	// default it was given.
	if strings.Count(string(out), `"level": 4`) != 0 {
		t.Errorf("encoded file writes a derived level:\n%s", out)
	}
	f2, err := DecodeBytes(out)
	if err != nil {
		t.Fatal(err)
	}
	if !sameFile(f, f2) {
		t.Errorf("round trip changed the file:\n%s", out)
	}
}

// TestQueryUnknownModel: a query naming a model that does not exist leaves
// the file valid; the query carries the error, naming its path once.
func TestQueryUnknownModel(t *testing.T) {
	f, err := Load("testdata/query-unknown-model.json")
	if err != nil {
		t.Fatalf("Load = %v, want a file whose query carries the error", err)
	}
	err = f.Queries[0].Err
	if err == nil || err.Error() != `queries[0].to: unknown model "zz"` || !errors.Is(err, ErrValue) {
		t.Errorf("Queries[0].Err = %v, want queries[0].to: unknown model \"zz\"", err)
	}
}
