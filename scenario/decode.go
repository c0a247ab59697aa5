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

var (
	tableFields    = []string{"width", "depth", "straddle"}
	straddles      = []string{"center", "highest", "lowest"}
	pieceFields    = []string{"id", "name", "kind", "footprint", "holes", "circle", "height", "sight", "cover", "movement", "level", "building"}
	kinds          = []string{"solid", "building", "area", "smoke", "water", "debris", "gas", "minefield", "occupied"}
	sights         = []string{"clear", "concealing", "blocking"}
	covers         = []string{"none", "soft", "hard", "fortified", "bunker"}
	movements      = []string{"open", "difficult", "dangerous", "impassable"}
	classes        = []string{"infantry", "vehicle", "walker", "skimmer", "aircraft", "ship", "figure"}
	buildingFields = []string{"floors", "garrison", "roof", "floorHeights", "walls"}
	wallFields     = []string{"id", "from", "to", "windows", "entrances"}
)

// piece decodes one terrain piece.
func (d *dec) piece(n *node, path string, p *terrain.Piece) error {
	if err := d.object(n, path, pieceFields...); err != nil {
		return err
	}
	if err := d.pieceProps(n, path, p, false); err != nil {
		return err
	}
	fp, circ, holes := n.get("footprint"), n.get("circle"), n.get("holes")
	switch {
	case fp != nil && circ != nil:
		return newError(ErrValue, joinKey(path, "circle"), circ.short(), "give either footprint or circle, not both")
	case fp == nil && circ == nil:
		return missing(joinKey(path, "footprint"))
	case circ != nil:
		if holes != nil {
			return newError(ErrValue, joinKey(path, "holes"), holes.short(), "holes need a footprint, not a circle")
		}
		c, err := d.circle(circ, joinKey(path, "circle"))
		if err != nil {
			return err
		}
		p.Circle = &c
	default:
		ring, err := d.points(fp, joinKey(path, "footprint"), 3)
		if err != nil {
			return err
		}
		p.Footprint.Outer = geom.Ring(ring)
		if holes != nil {
			hp := joinKey(path, "holes")
			if err := d.array(holes, hp, 0); err != nil {
				return err
			}
			for i, h := range holes.elems {
				r, err := d.points(h, index(hp, i), 3)
				if err != nil {
					return err
				}
				p.Footprint.Holes = append(p.Footprint.Holes, geom.Ring(r))
			}
		}
	}
	return nil
}

// pieceProps decodes every piece field except the geometry. With
// idOptional the id may be absent (GeoJSON features).
func (d *dec) pieceProps(n *node, path string, p *terrain.Piece, idOptional bool) error {
	var err error
	if v := n.get("id"); v != nil {
		if p.ID, err = d.id(v, joinKey(path, "id")); err != nil {
			return err
		}
	} else if !idOptional {
		return missing(joinKey(path, "id"))
	}
	if v := n.get("name"); v != nil {
		if p.Name, err = d.str(v, joinKey(path, "name")); err != nil {
			return err
		}
	}
	v := n.get("kind")
	if v == nil {
		return missing(joinKey(path, "kind"))
	}
	k, err := d.enum(v, joinKey(path, "kind"), kinds)
	if err != nil {
		return err
	}
	p.Kind = terrain.Kind(k)
	if v := n.get("height"); v != nil {
		if p.Height, err = d.lengthMin(v, joinKey(path, "height"), false); err != nil {
			return err
		}
	} else if p.Kind == terrain.Solid || p.Kind == terrain.Building {
		return missing(joinKey(path, "height"))
	}
	v = n.get("sight")
	if v == nil {
		return missing(joinKey(path, "sight"))
	}
	s, err := d.enum(v, joinKey(path, "sight"), sights)
	if err != nil {
		return err
	}
	p.Sight = terrain.Sight(s)
	v = n.get("cover")
	if v == nil {
		return missing(joinKey(path, "cover"))
	}
	c, err := d.enum(v, joinKey(path, "cover"), covers)
	if err != nil {
		return err
	}
	p.Cover = terrain.Cover(c)
	v = n.get("movement")
	if v == nil {
		return missing(joinKey(path, "movement"))
	}
	if p.Movement, err = d.movement(v, joinKey(path, "movement")); err != nil {
		return err
	}
	p.Level = 1
	if v := n.get("level"); v != nil {
		if p.Level, err = d.integer(v, joinKey(path, "level"), 1, terrain.MaxLevel); err != nil {
			return err
		}
	}
	if v := n.get("building"); v != nil {
		bp := joinKey(path, "building")
		if p.Kind != terrain.Building {
			return newError(ErrValue, bp, v.short(), "only a piece of kind \"building\" may have building data, this one is %q", p.Kind)
		}
		b, err := d.building(v, bp)
		if err != nil {
			return err
		}
		p.Building = b
	}
	return nil
}

func (d *dec) circle(n *node, path string) (geom.Circle, error) {
	if err := d.object(n, path, "center", "radius"); err != nil {
		return geom.Circle{}, err
	}
	c, r := n.get("center"), n.get("radius")
	if c == nil {
		return geom.Circle{}, missing(joinKey(path, "center"))
	}
	if r == nil {
		return geom.Circle{}, missing(joinKey(path, "radius"))
	}
	center, err := d.point(c, joinKey(path, "center"))
	if err != nil {
		return geom.Circle{}, err
	}
	radius, err := d.lengthMin(r, joinKey(path, "radius"), true)
	if err != nil {
		return geom.Circle{}, err
	}
	return geom.Circle{Center: center, Radius: radius}, nil
}

// movement decodes "difficult" or {"infantry": "difficult", ...}; the
// object form may name a "default" for the classes it does not list.
// Default is always filled ("open" when not given).
func (d *dec) movement(n *node, path string) (terrain.MovementRule, error) {
	if n.kind == nString {
		m, err := d.enum(n, path, movements)
		return terrain.MovementRule{Default: terrain.Movement(m)}, err
	}
	if n.kind != nObject {
		return terrain.MovementRule{}, typeErr(n, path, "a movement string or an object by model class")
	}
	rule := terrain.MovementRule{Default: terrain.Open}
	for i, k := range n.keys {
		kp := joinKey(path, k)
		if k != "default" && !contains(classes, k) {
			return terrain.MovementRule{}, newError(ErrUnknownField, kp, n.elems[i].short(), "unknown field; want \"default\" or a model class (%s)", strings.Join(classes, ", "))
		}
		m, err := d.enum(n.elems[i], kp, movements)
		if err != nil {
			return terrain.MovementRule{}, err
		}
		if k == "default" {
			rule.Default = terrain.Movement(m)
			continue
		}
		if rule.ByClass == nil {
			rule.ByClass = map[terrain.Class]terrain.Movement{}
		}
		rule.ByClass[terrain.Class(k)] = terrain.Movement(m)
	}
	return rule, nil
}

func (d *dec) building(n *node, path string) (*terrain.BuildingInfo, error) {
	if err := d.object(n, path, buildingFields...); err != nil {
		return nil, err
	}
	b := &terrain.BuildingInfo{Floors: 1}
	var err error
	if v := n.get("floors"); v != nil {
		if b.Floors, err = d.integer(v, joinKey(path, "floors"), 1, terrain.MaxLevel); err != nil {
			return nil, err
		}
	}
	if v := n.get("garrison"); v != nil {
		if b.Garrison, err = d.integer(v, joinKey(path, "garrison"), 0, MaxItems); err != nil {
			return nil, err
		}
	}
	if v := n.get("roof"); v != nil {
		if v.kind != nBool {
			return nil, typeErr(v, joinKey(path, "roof"), "a boolean")
		}
		b.Roof = v.b
	}
	if v := n.get("floorHeights"); v != nil {
		fp := joinKey(path, "floorHeights")
		if err := d.array(v, fp, 1); err != nil {
			return nil, err
		}
		b.FloorHeights = make([]float64, len(v.elems))
		for i, e := range v.elems {
			if b.FloorHeights[i], err = d.lengthMin(e, index(fp, i), false); err != nil {
				return nil, err
			}
		}
	}
	if v := n.get("walls"); v != nil {
		wp := joinKey(path, "walls")
		if err := d.array(v, wp, 0); err != nil {
			return nil, err
		}
		b.Walls = make([]terrain.Wall, len(v.elems))
		for i, e := range v.elems {
			if err := d.wall(e, index(wp, i), &b.Walls[i]); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

func (d *dec) wall(n *node, path string, w *terrain.Wall) error {
	if err := d.object(n, path, wallFields...); err != nil {
		return err
	}
	var err error
	for _, k := range []string{"id", "from", "to"} {
		if n.get(k) == nil {
			return missing(joinKey(path, k))
		}
	}
	if w.ID, err = d.id(n.get("id"), joinKey(path, "id")); err != nil {
		return err
	}
	if w.From, err = d.point(n.get("from"), joinKey(path, "from")); err != nil {
		return err
	}
	if w.To, err = d.point(n.get("to"), joinKey(path, "to")); err != nil {
		return err
	}
	if v := n.get("windows"); v != nil {
		wp := joinKey(path, "windows")
		if err := d.array(v, wp, 0); err != nil {
			return err
		}
		w.Windows = make([]geom.Vec3, len(v.elems))
		for i, e := range v.elems {
			if w.Windows[i], err = d.vec3(e, index(wp, i)); err != nil {
				return err
			}
		}
	}
	if v := n.get("entrances"); v != nil {
		if w.Entrances, err = d.points(v, joinKey(path, "entrances"), 0); err != nil {
			return err
		}
	}
	return nil
}

var (
	modelFields    = []string{"id", "side", "squad", "class", "position", "facing", "base", "hull", "altitude", "elevation", "level", "garrison", "figures"}
	baseShapes     = []string{"circle", "oval", "rect"}
	hullFields     = []string{"length", "width", "height"}
	garrisonFields = []string{"building", "wall", "floor"}
)

// model decodes the model object n at path into m. It stays one function
// past 80 lines: it is the format's table of model fields, one case per
// field in the order docs/scenario-format.md lists them.
func (d *dec) model(n *node, path string, m *terrain.Model) error {
	if err := d.object(n, path, modelFields...); err != nil {
		return err
	}
	for _, k := range []string{"id", "class", "position"} {
		if n.get(k) == nil {
			return missing(joinKey(path, k))
		}
	}
	var err error
	if m.ID, err = d.id(n.get("id"), joinKey(path, "id")); err != nil {
		return err
	}
	if v := n.get("side"); v != nil {
		if m.Side, err = d.str(v, joinKey(path, "side")); err != nil {
			return err
		}
	}
	if v := n.get("squad"); v != nil {
		if m.Squad, err = d.str(v, joinKey(path, "squad")); err != nil {
			return err
		}
	}
	c, err := d.enum(n.get("class"), joinKey(path, "class"), classes)
	if err != nil {
		return err
	}
	m.Class = terrain.Class(c)
	if m.Position, err = d.point(n.get("position"), joinKey(path, "position")); err != nil {
		return err
	}
	if v := n.get("facing"); v != nil {
		fp := joinKey(path, "facing")
		deg, err := d.num(v, fp)
		if err != nil {
			return err
		}
		if math.Abs(deg) > MaxFacing {
			return newError(ErrValue, fp, v.text, "want a facing of at most %g degrees in magnitude, got %s", float64(MaxFacing), v.text)
		}
		m.Facing = geom.Degrees(deg)
	}
	if v := n.get("base"); v != nil {
		if m.Base, err = d.base(v, joinKey(path, "base")); err != nil {
			return err
		}
	}
	if v := n.get("hull"); v != nil {
		if m.Hull, err = d.hull(v, joinKey(path, "hull")); err != nil {
			return err
		}
	}
	if v := n.get("altitude"); v != nil {
		if m.Altitude, err = d.lengthMin(v, joinKey(path, "altitude"), false); err != nil {
			return err
		}
	}
	if v := n.get("elevation"); v != nil {
		e, err := d.lengthMin(v, joinKey(path, "elevation"), false)
		if err != nil {
			return err
		}
		m.Elevation = &e
	}
	m.Level = 1
	if v := n.get("level"); v != nil {
		if m.Level, err = d.integer(v, joinKey(path, "level"), 1, terrain.MaxLevel); err != nil {
			return err
		}
	}
	if v := n.get("garrison"); v != nil {
		gp := joinKey(path, "garrison")
		if err := d.object(v, gp, garrisonFields...); err != nil {
			return err
		}
		g := &terrain.GarrisonRef{}
		b := v.get("building")
		if b == nil {
			return missing(joinKey(gp, "building"))
		}
		if g.Building, err = d.id(b, joinKey(gp, "building")); err != nil {
			return err
		}
		if w := v.get("wall"); w != nil {
			if g.Wall, err = d.id(w, joinKey(gp, "wall")); err != nil {
				return err
			}
		}
		if fl := v.get("floor"); fl != nil {
			if g.Floor, err = d.integer(fl, joinKey(gp, "floor"), 1, terrain.MaxLevel); err != nil {
				return err
			}
		}
		m.Garrison = g
	}
	if v := n.get("figures"); v != nil {
		if m.Figures, err = d.points(v, joinKey(path, "figures"), 1); err != nil {
			return err
		}
	}
	return nil
}

func (d *dec) base(n *node, path string) (terrain.Base, error) {
	if err := d.object(n, path, "shape", "diameter", "length", "width"); err != nil {
		return terrain.Base{}, err
	}
	sv := n.get("shape")
	if sv == nil {
		return terrain.Base{}, missing(joinKey(path, "shape"))
	}
	s, err := d.enum(sv, joinKey(path, "shape"), baseShapes)
	if err != nil {
		return terrain.Base{}, err
	}
	b := terrain.Base{Shape: terrain.BaseShape(s)}
	want, forbid := []string{"length", "width"}, "diameter"
	if b.Shape == terrain.BaseCircle {
		want, forbid = []string{"diameter"}, "length"
		if v := n.get("width"); v != nil {
			return terrain.Base{}, newError(ErrUnknownField, joinKey(path, "width"), v.short(), "unknown field for a circle base (give diameter)")
		}
	}
	if v := n.get(forbid); v != nil {
		return terrain.Base{}, newError(ErrUnknownField, joinKey(path, forbid), v.short(), "unknown field for a %s base", s)
	}
	vals := make([]float64, len(want))
	for i, k := range want {
		v := n.get(k)
		if v == nil {
			return terrain.Base{}, missing(joinKey(path, k))
		}
		if vals[i], err = d.lengthMin(v, joinKey(path, k), true); err != nil {
			return terrain.Base{}, err
		}
	}
	if b.Shape == terrain.BaseCircle {
		b.Diameter = vals[0]
	} else {
		b.Length, b.Width = vals[0], vals[1]
	}
	return b, nil
}

func (d *dec) hull(n *node, path string) (terrain.Hull, error) {
	if err := d.object(n, path, hullFields...); err != nil {
		return terrain.Hull{}, err
	}
	var h terrain.Hull
	dst := []*float64{&h.Length, &h.Width, &h.Height}
	for i, k := range hullFields {
		v := n.get(k)
		if v == nil {
			continue
		}
		var err error
		if *dst[i], err = d.lengthMin(v, joinKey(path, k), false); err != nil {
			return terrain.Hull{}, err
		}
	}
	if (n.get("length") == nil) != (n.get("width") == nil) {
		k := "width"
		if n.get("length") == nil {
			k = "length"
		}
		return terrain.Hull{}, newError(ErrMissing, joinKey(path, k), "", "missing required field (a hull gives both length and width, or neither)")
	}
	return h, nil
}

// queryFields lists the core query fields; queryKinds gives, per core kind,
// the fields it accepts and which of them are required.
var (
	queryFields = []string{"id", "kind", "from", "to", "mode", "arc", "model", "squad", "shooter", "target", "path", "point", "turns", "weapon"}
	queryKinds  = map[string]struct{ allowed, required []string }{
		"range":            {[]string{"from", "to", "mode"}, []string{"from", "to"}},
		"sight":            {[]string{"from", "to"}, []string{"from", "to"}},
		"visible-fraction": {[]string{"from", "to"}, []string{"from", "to"}},
		"arc":              {[]string{"from", "to", "arc"}, []string{"from", "to"}},
		"shot":             {[]string{"shooter", "target", "weapon"}, []string{"shooter", "target"}},
		"move":             {[]string{"model", "path", "turns"}, []string{"model", "path"}},
		"path":             {[]string{"model", "to"}, []string{"model", "to"}},
		"coherency":        {[]string{"squad"}, []string{"squad"}},
		"sight-along-path": {[]string{"from", "model", "path"}, []string{"from", "model", "path"}},
	}
)

// query decodes the query object n at path into q. It stays one function
// past 80 lines: it is the format's table of query fields, one case per
// core field, in the order docs/scenario-format.md lists them.
func (d *dec) query(n *node, path string, q *Query) error {
	if n.kind != nObject {
		return typeErr(n, path, "an object")
	}
	q.JSONPath = path
	q.Raw = n.raw()
	var err error
	for _, k := range []string{"id", "kind"} {
		if n.get(k) == nil {
			return missing(joinKey(path, k))
		}
	}
	if q.ID, err = d.id(n.get("id"), joinKey(path, "id")); err != nil {
		return err
	}
	if q.Kind, err = d.id(n.get("kind"), joinKey(path, "kind")); err != nil {
		return err
	}
	spec, core := queryKinds[q.Kind]
	// A game's shot and move queries carry the game's own fields (how far
	// the shooter moved, which weapon mount, ...): they go to Extra and the
	// ruleset rejects those it does not know. Everywhere else core kinds are
	// strict here.
	rulesetFields := core && d.ruleset != "" && d.ruleset != "generic" && (q.Kind == "shot" || q.Kind == "move")
	if core {
		for i, k := range n.keys {
			if k != "id" && k != "kind" && !contains(spec.allowed, k) && !rulesetFields {
				return newError(ErrUnknownField, joinKey(path, k), n.elems[i].short(), "unknown field for kind %q", q.Kind)
			}
		}
		for _, k := range spec.required {
			if n.get(k) == nil {
				return missing(joinKey(path, k))
			}
		}
	}
	for i, k := range n.keys {
		v, kp := n.elems[i], joinKey(path, k)
		switch k {
		case "id", "kind":
		case "from":
			q.From, err = d.id(v, kp)
		case "to":
			if q.Kind == "path" || !core && v.kind == nArray {
				var p geom.Point
				p, err = d.point(v, kp)
				q.ToPoint = &p
			} else if core {
				q.To, err = d.id(v, kp)
			} else {
				q.To, err = d.str(v, kp)
			}
		case "mode":
			if core {
				q.Mode, err = d.enum(v, kp, rangeModes)
			} else {
				q.Mode, err = d.str(v, kp)
			}
		case "arc":
			q.Arc, err = d.id(v, kp)
		case "model":
			q.Model, err = d.id(v, kp)
		case "squad":
			q.Squad, err = d.id(v, kp)
		case "shooter":
			q.Shooter, err = d.id(v, kp)
		case "target":
			q.Target, err = d.id(v, kp)
		case "path":
			min := 0
			if core {
				min = 2
			}
			q.Path, err = d.points(v, kp, min)
		case "point":
			var p geom.Point
			p, err = d.point(v, kp)
			q.Point = &p
		case "turns":
			if v.kind != nArray {
				err = typeErr(v, kp, "an array")
			}
			q.Turns = v.raw()
		case "weapon":
			if v.kind != nObject && v.kind != nString {
				err = typeErr(v, kp, "a weapon object or name")
			}
			q.Weapon = v.raw()
		default:
			if q.Extra == nil {
				q.Extra = map[string]json.RawMessage{}
			}
			q.Extra[k] = v.raw()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkQueries checks query ids are unique, and records in Query.Err a
// core kind that refers to a model or squad that does not exist: that query
// cannot be answered, the others can.
func checkQueries(f *File, arr *node) error {
	models := make(map[string]bool, len(f.Models))
	squads := map[string]bool{}
	for i := range f.Models {
		models[f.Models[i].ID] = true
		if f.Models[i].Squad != "" {
			squads[f.Models[i].Squad] = true
		}
	}
	seen := make(map[string]int, len(f.Queries))
	for i := range f.Queries {
		q := &f.Queries[i]
		if j, dup := seen[q.ID]; dup {
			return newError(ErrValue, q.JSONPath+".id", strconv.Quote(q.ID), "duplicate query id %q (also queries[%d])", q.ID, j)
		}
		seen[q.ID] = i
		if !IsCore(q.Kind) {
			continue
		}
		refs := []struct{ key, val string }{{"from", q.From}, {"to", q.To}, {"model", q.Model}, {"shooter", q.Shooter}, {"target", q.Target}}
		for _, r := range refs {
			if r.val != "" && !models[r.val] && q.Err == nil {
				q.Err = newError(ErrValue, q.JSONPath+"."+r.key, strconv.Quote(r.val), "unknown model %q", r.val)
			}
		}
		if q.Squad != "" && !squads[q.Squad] && q.Err == nil {
			q.Err = newError(ErrValue, q.JSONPath+".squad", strconv.Quote(q.Squad), "unknown squad %q (no model has it)", q.Squad)
		}
	}
	return nil
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
