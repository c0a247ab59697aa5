package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Limits on the content of a scenario file, checked after unit conversion.
const (
	MaxCoordinate = 100000 // largest absolute value of any length, inches
	MaxFacing     = 1e6    // largest absolute facing, degrees
	MaxItems      = 10000  // most pieces, models, queries, ring vertices, path points or list entries in one list
)

// Decode reads one scenario file from r (at most MaxFileSize bytes),
// decodes it strictly, converts lengths to inches, fills defaults and
// validates the battlefield. Every error is a *Error.
func Decode(r io.Reader) (*File, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, &Error{Err: fmt.Errorf("reading scenario: %w", err)}
	}
	return DecodeBytes(b)
}

// Load reads and decodes the scenario file at path.
func Load(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Decode(fh)
}

// DecodeBytes decodes one scenario file held in b; see Decode.
func DecodeBytes(b []byte) (*File, error) {
	if len(b) > MaxFileSize {
		return nil, newError(ErrTooLarge, "", "", "input larger than %d bytes", MaxFileSize)
	}
	root, err := parseTree(b, "")
	if err != nil {
		return nil, err
	}
	f, err := decodeFile(root)
	if err != nil {
		return nil, err
	}
	bf, err := terrain.New(f.Table, f.Pieces, f.Models)
	if err != nil {
		return nil, UnitTextOf(f.Units).localizeField(fromTerrain(root, err))
	}
	f.field = bf
	// Keep the validated, normalised copies (circles with their polygon,
	// counter-clockwise outer rings) so File and Battlefield agree.
	f.Pieces, f.Models = bf.Pieces(), bf.Models()
	return f, nil
}

// fromTerrain turns an error of terrain.New into a *Error carrying the
// offending value looked up in the parsed file.
func fromTerrain(root *node, err error) error {
	var fe *terrain.FieldError
	if !errors.As(err, &fe) {
		return &Error{Err: fmt.Errorf("%w: %w", ErrValue, err)}
	}
	e := &Error{Path: fe.Path, Err: &wrapBoth{msg: fe.Err.Error(), a: ErrValue, b: fe.Err}}
	if n := lookup(root, fe.Path); n != nil {
		e.Value = n.short()
	}
	return e
}

// wrapBoth is a message that unwraps to two errors.
type wrapBoth struct {
	msg  string
	a, b error
}

// Error returns the message.
func (w *wrapBoth) Error() string { return w.msg }

// Unwrap returns the wrapped errors, for errors.Is and errors.As.
func (w *wrapBoth) Unwrap() []error { return []error{w.a, w.b} }

// lookup returns the node at a path as produced by joinKey and index, or
// nil when there is none.
func lookup(n *node, path string) *node {
	for path != "" && n != nil {
		switch {
		case path[0] == '.':
			path = path[1:]
		case strings.HasPrefix(path, "[\""):
			end := strings.Index(path, "\"]")
			if end < 0 {
				return nil
			}
			key, err := strconv.Unquote(path[1 : end+1])
			if err != nil || n.kind != nObject {
				return nil
			}
			n, path = n.get(key), path[end+2:]
		case path[0] == '[':
			end := strings.IndexByte(path, ']')
			i, err := strconv.Atoi(path[1:max(end, 1)])
			if end < 0 || err != nil || n.kind != nArray || i < 0 || i >= len(n.elems) {
				return nil
			}
			n, path = n.elems[i], path[end+1:]
		default:
			end := strings.IndexAny(path, ".[")
			if end < 0 {
				end = len(path)
			}
			if n.kind != nObject {
				return nil
			}
			n, path = n.get(path[:end]), path[end:]
		}
	}
	return n
}

// dec converts a parsed tree into File values, tracking units.
type dec struct {
	div     float64 // file units per inch: lengths are divided by it
	ruleset string  // the file's ruleset, once read

	fields map[reflect.Type][]structField // DecodeValue's struct layouts, by type
}

// object checks that n is an object whose keys are all in allowed.
func (d *dec) object(n *node, path string, allowed ...string) error {
	if n.kind != nObject {
		return typeErr(n, path, "an object")
	}
	for i, k := range n.keys {
		if !contains(allowed, k) {
			return newError(ErrUnknownField, joinKey(path, k), n.elems[i].short(), "unknown field")
		}
	}
	return nil
}

func typeErr(n *node, path, want string) *Error {
	return newError(ErrType, path, n.short(), "want %s, got %s", want, n.describe())
}

func missing(path string) *Error {
	return newError(ErrMissing, path, "", "missing required field")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func (d *dec) str(n *node, path string) (string, error) {
	if n.kind != nString {
		return "", typeErr(n, path, "a string")
	}
	return n.text, nil
}

// id decodes a non-empty identifier string.
func (d *dec) id(n *node, path string) (string, error) {
	s, err := d.str(n, path)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(s) == "" {
		return "", newError(ErrValue, path, n.short(), "want a non-empty id, got %s", n.describe())
	}
	return s, nil
}

// enum decodes a string that must be one of allowed, and returns the
// element of allowed.
func (d *dec) enum(n *node, path string, allowed []string) (string, error) {
	if n.kind != nString {
		return "", typeErr(n, path, "a string")
	}
	for _, a := range allowed {
		if a == n.text {
			return a, nil
		}
	}
	return "", newError(ErrValue, path, n.short(), "want one of %s, got %s", strings.Join(allowed, ", "), n.short())
}

// num decodes a finite number.
func (d *dec) num(n *node, path string) (float64, error) {
	if n.kind != nNumber {
		return 0, typeErr(n, path, "a number")
	}
	v, err := strconv.ParseFloat(n.text, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, newError(ErrValue, path, n.text, "want a finite number, got %s", n.text)
	}
	return v, nil
}

// length decodes a length in file units and returns it in inches, checked
// against MaxCoordinate.
func (d *dec) length(n *node, path string) (float64, error) {
	v, err := d.num(n, path)
	if err != nil {
		return 0, err
	}
	v /= d.div
	if math.Abs(v) > MaxCoordinate {
		return 0, newError(ErrValue, path, n.text, "want a length of at most %d in, got %s", MaxCoordinate, n.text)
	}
	return v, nil
}

// lengthMin decodes a length that must be > 0 (strict) or >= 0.
func (d *dec) lengthMin(n *node, path string, strict bool) (float64, error) {
	v, err := d.length(n, path)
	if err != nil {
		return 0, err
	}
	if strict && !(v > 0) {
		return 0, newError(ErrValue, path, n.text, "want a length > 0, got %s", n.text)
	}
	if !strict && v < 0 {
		return 0, newError(ErrValue, path, n.text, "want a length >= 0, got %s", n.text)
	}
	return v, nil
}

// integer decodes an integer in [lo, hi].
func (d *dec) integer(n *node, path string, lo, hi int) (int, error) {
	if n.kind != nNumber {
		return 0, typeErr(n, path, "an integer")
	}
	v, err := strconv.ParseFloat(n.text, 64)
	if err != nil || v != math.Trunc(v) || math.IsInf(v, 0) {
		return 0, newError(ErrValue, path, n.text, "want an integer, got %s", n.text)
	}
	if v < float64(lo) || v > float64(hi) {
		return 0, newError(ErrValue, path, n.text, "want an integer from %d to %d, got %s", lo, hi, n.text)
	}
	return int(v), nil
}

func (d *dec) array(n *node, path string, min int) error {
	if n.kind != nArray {
		return typeErr(n, path, "an array")
	}
	if len(n.elems) > MaxItems {
		return newError(ErrTooLarge, path, "", "more than %d entries", MaxItems)
	}
	if len(n.elems) < min {
		return newError(ErrValue, path, n.short(), "want at least %d entries, got %d", min, len(n.elems))
	}
	return nil
}

// point decodes [x, y] in file units.
func (d *dec) point(n *node, path string) (geom.Point, error) {
	if n.kind != nArray || len(n.elems) != 2 {
		return geom.Point{}, typeErr(n, path, "a point [x, y]")
	}
	x, err := d.length(n.elems[0], index(path, 0))
	if err != nil {
		return geom.Point{}, err
	}
	y, err := d.length(n.elems[1], index(path, 1))
	if err != nil {
		return geom.Point{}, err
	}
	return geom.Pt(x, y), nil
}

// vec3 decodes [x, y, z] in file units.
func (d *dec) vec3(n *node, path string) (geom.Vec3, error) {
	if n.kind != nArray || len(n.elems) != 3 {
		return geom.Vec3{}, typeErr(n, path, "a point [x, y, z]")
	}
	var c [3]float64
	for i, e := range n.elems {
		v, err := d.length(e, index(path, i))
		if err != nil {
			return geom.Vec3{}, err
		}
		c[i] = v
	}
	return geom.V3(c[0], c[1], c[2]), nil
}

func (d *dec) points(n *node, path string, min int) ([]geom.Point, error) {
	if err := d.array(n, path, min); err != nil {
		return nil, err
	}
	pts := make([]geom.Point, len(n.elems))
	for i, e := range n.elems {
		p, err := d.point(e, index(path, i))
		if err != nil {
			return nil, err
		}
		pts[i] = p
	}
	return pts, nil
}

// rawObject decodes a JSON object into compact raw values per key.
func (d *dec) rawObject(n *node, path string) (map[string]json.RawMessage, error) {
	if n.kind != nObject {
		return nil, typeErr(n, path, "an object")
	}
	m := make(map[string]json.RawMessage, len(n.keys))
	for i, k := range n.keys {
		m[k] = n.elems[i].raw()
	}
	return m, nil
}

var topFields = []string{"sightline", "name", "units", "ruleset", "options", "table", "terrain", "models", "queries"}

// decodeFile decodes the whole scenario tree. It stays one function past 80
// lines on purpose: it reads the top-level fields in the order the format
// doc lists them, and the order matters (units before any length, the
// ruleset before the queries, the battlefield built last), which one linear
// body shows better than helpers passing the half-built file around.
func decodeFile(root *node) (*File, error) {
	d := &dec{div: 1}
	if err := d.object(root, "", topFields...); err != nil {
		return nil, err
	}
	f := &File{Units: "in", Ruleset: "generic"}
	v := root.get("sightline")
	if v == nil {
		return nil, missing("sightline")
	}
	ver, err := d.integer(v, "sightline", math.MinInt32, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	if ver != Version {
		return nil, newError(ErrValue, "sightline", v.text, "unsupported format version %s, want 1", v.text)
	}
	f.Version = ver
	if v := root.get("name"); v != nil {
		if f.Name, err = d.str(v, "name"); err != nil {
			return nil, err
		}
	}
	if v := root.get("units"); v != nil {
		if f.Units, err = d.enum(v, "units", unitNames); err != nil {
			return nil, err
		}
	}
	d.div = unitsPerInch(f.Units)
	if v := root.get("ruleset"); v != nil {
		if f.Ruleset, err = d.str(v, "ruleset"); err != nil {
			return nil, err
		}
		if !ValidRulesetName(f.Ruleset) {
			return nil, newError(ErrValue, "ruleset", v.short(), "want a ruleset name of lower-case letters, digits and hyphens, got %s", v.short())
		}
	}
	d.ruleset = f.Ruleset
	if v := root.get("options"); v != nil {
		if f.Options, err = d.rawObject(v, "options"); err != nil {
			return nil, err
		}
	}
	v = root.get("table")
	if v == nil {
		return nil, missing("table")
	}
	if f.Table, err = d.table(v, "table"); err != nil {
		return nil, err
	}
	if v := root.get("terrain"); v != nil {
		if err := d.array(v, "terrain", 0); err != nil {
			return nil, err
		}
		f.Pieces = make([]terrain.Piece, len(v.elems))
		for i, e := range v.elems {
			if err := d.piece(e, index("terrain", i), &f.Pieces[i]); err != nil {
				return nil, err
			}
		}
	}
	if v := root.get("models"); v != nil {
		if err := d.array(v, "models", 0); err != nil {
			return nil, err
		}
		f.Models = make([]terrain.Model, len(v.elems))
		for i, e := range v.elems {
			if err := d.model(e, index("models", i), &f.Models[i]); err != nil {
				return nil, err
			}
		}
	}
	if v := root.get("queries"); v != nil {
		if err := d.array(v, "queries", 0); err != nil {
			return nil, err
		}
		f.Queries = make([]Query, len(v.elems))
		for i, e := range v.elems {
			if err := d.query(e, index("queries", i), &f.Queries[i]); err != nil {
				return nil, err
			}
		}
		if err := checkQueries(f, v); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// unitsPerInch returns how many of units make an inch (exactly 2.54 cm,
// 25.4 mm). Dividing by it gives the correctly rounded inch value.
func unitsPerInch(units string) float64 {
	switch units {
	case "cm":
		return 2.54
	case "mm":
		return 25.4
	}
	return 1
}

func (d *dec) table(n *node, path string) (terrain.Table, error) {
	if err := d.object(n, path, tableFields...); err != nil {
		return terrain.Table{}, err
	}
	var straddle terrain.Straddle
	if v := n.get("straddle"); v != nil {
		s, err := d.enum(v, joinKey(path, "straddle"), straddles)
		if err != nil {
			return terrain.Table{}, err
		}
		straddle = terrain.Straddle(s)
	}
	var side [2]float64
	for i, k := range []string{"width", "depth"} {
		p := joinKey(path, k)
		v := n.get(k)
		if v == nil {
			return terrain.Table{}, missing(p)
		}
		s, err := d.lengthMin(v, p, true)
		if err != nil {
			return terrain.Table{}, err
		}
		if s > terrain.MaxTableSize {
			return terrain.Table{}, newError(ErrValue, p, v.text, "want a table side of at most %g in, got %s", terrain.MaxTableSize, v.text)
		}
		side[i] = s
	}
	return terrain.Table{Width: side[0], Depth: side[1], Straddle: straddle}, nil
}

// acceptedFields returns every property name the decoder accepts, for the
// schema consistency test.
func acceptedFields() []string {
	all := [][]string{topFields, pieceFields, buildingFields, wallFields, modelFields, hullFields, garrisonFields,
		queryFields, tableFields, {"center", "radius", "shape", "diameter", "default"}, classes}
	var out []string
	for _, l := range all {
		out = append(out, l...)
	}
	sort.Strings(out)
	return out
}
