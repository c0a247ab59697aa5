package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/sightline/sightline/geom"
)

// Length is a length in inches. In a scenario file it is written in the
// file's units ("in", "cm" or "mm"); DecodeValue, File.DecodeQuery and
// File.DecodeOptions convert it to inches, and reject a magnitude above
// MaxCoordinate inches.
type Length float64

// Unmarshaler is implemented by a type that decodes itself from a
// scenario file, such as a value that may be a number or a word ("24" or
// "unlimited"). raw is the value as written, in compact JSON; inches is the
// length of one file unit in inches (1, 1/2.54 or 1/25.4), so lengths in it
// can be converted. An error it returns is reported at the value's path,
// wrapping ErrValue unless it wraps one of the sentinel errors itself.
type Unmarshaler interface {
	UnmarshalScenario(raw json.RawMessage, inches float64) error
}

var unmarshalerType = reflect.TypeFor[Unmarshaler]()

// The types DecodeValue treats specially: lengths and points are converted
// from the file's units, raw JSON is copied.
var (
	lengthType = reflect.TypeFor[Length]()
	pointType  = reflect.TypeFor[geom.Point]()
	vec3Type   = reflect.TypeFor[geom.Vec3]()
	rawType    = reflect.TypeFor[json.RawMessage]()
)

// DecodeValue decodes raw, JSON as written in a scenario file whose units
// are units ("in", "cm" or "mm"; "" means "in"), into dst, a non-nil
// pointer, strictly. path is where raw sits in the file ("queries[2]",
// "options"); every error about the data is a *Error whose Path is
// absolute (path + ".weapon.range", path + "[3]") and whose Value is the
// offending JSON value, wrapping one of the sentinel errors.
//
// The targets it fills:
//   - structs: the key of a field is its `json:"name"` tag (its Go name
//     when untagged); `json:"-"` fields are skipped; embedded structs
//     without a tag name are flattened as by encoding/json; the tag
//     `scenario:"required"` (`json:"range" scenario:"required"`) makes an
//     absent key ErrMissing; an unknown key is ErrUnknownField listing the valid names. Fields
//     the JSON leaves out keep their value, so dst may hold defaults.
//   - pointers (allocated when nil; JSON null sets them to nil), slices,
//     fixed-size arrays (the length must match), map[string]T.
//   - strings, booleans, integers (no fractional part, no overflow) and
//     floats (finite), including named types of those kinds.
//   - Length (converted to inches), geom.Point as [x, y] and geom.Vec3 as
//     [x, y, z] (converted), json.RawMessage (compact, not converted).
//
// Any other type in dst (interfaces, channels, functions, maps with
// non-string keys) is a programmer error, reported as a plain error
// before anything is decoded.
func DecodeValue(raw json.RawMessage, path, units string, dst any) error {
	return decodeValue(raw, path, units, dst)
}

// decodeValue is DecodeValue that ignores the top-level object keys skip.
func decodeValue(raw json.RawMessage, path, units string, dst any, skip ...string) error {
	d, v, err := newValueDecoder(units, dst)
	if err != nil {
		return err
	}
	if len(raw) > MaxFileSize {
		return newError(ErrTooLarge, path, "", "input larger than %d bytes", MaxFileSize)
	}
	n, err := parseTree(raw, path)
	if err != nil {
		return err
	}
	return d.value(n, path, v, skip...)
}

// newValueDecoder checks dst and returns a decoder for units and the value
// dst points to.
func newValueDecoder(units string, dst any) (*dec, reflect.Value, error) {
	if units == "" {
		units = "in"
	}
	if !contains(unitNames, units) {
		return nil, reflect.Value{}, fmt.Errorf("scenario: unknown units %q (want in, cm or mm)", units)
	}
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil, reflect.Value{}, fmt.Errorf("scenario: decoding needs a non-nil pointer, got %T", dst)
	}
	d := &dec{div: unitsPerInch(units), fields: map[reflect.Type][]structField{}}
	if err := d.checkType(v.Type().Elem(), map[reflect.Type]bool{}); err != nil {
		return nil, reflect.Value{}, fmt.Errorf("scenario: cannot decode into %T: %w", dst, err)
	}
	return d, v.Elem(), nil
}

// DecodeQuery decodes the whole object of query q, as written in f (in f's
// units), into dst with DecodeValue, ignoring the keys "id" and "kind".
// Error paths start at q.JSONPath. q must come from a File made by Decode
// (its Raw is set).
func (f *File) DecodeQuery(q *Query, dst any) error {
	if q.Raw == nil {
		return fmt.Errorf("scenario: query %q has no raw JSON (it was not decoded from a file)", q.ID)
	}
	return decodeValue(q.Raw, q.JSONPath, f.Units, dst, "id", "kind")
}

// DecodeOptions decodes f's options object (path "options", f's units)
// into dst with DecodeValue. When f has no options, dst keeps its value
// (its defaults).
func (f *File) DecodeOptions(dst any) error {
	d, v, err := newValueDecoder(f.Units, dst)
	if err != nil || f.Options == nil {
		return err
	}
	keys := make([]string, 0, len(f.Options))
	for k := range f.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	root := &node{kind: nObject, keys: keys, elems: make([]*node, len(keys))}
	for i, k := range keys {
		if root.elems[i], err = parseTree(f.Options[k], joinKey("options", k)); err != nil {
			return err
		}
	}
	return d.value(root, "options", v)
}

// structField is one JSON key of a struct type.
type structField struct {
	name     string
	index    []int // as for reflect.Value.FieldByIndex, through embedded structs
	required bool
}

// checkType reports whether DecodeValue can fill values of type t; seen
// holds the struct types already checked (types may be recursive).
func (d *dec) checkType(t reflect.Type, seen map[reflect.Type]bool) error {
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	switch t {
	case lengthType, pointType, vec3Type, rawType:
		return nil
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return nil
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return d.checkType(t.Elem(), seen)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return fmt.Errorf("map key type %s is not a string type", t.Key())
		}
		return d.checkType(t.Elem(), seen)
	case reflect.Struct:
		if seen[t] {
			return nil
		}
		seen[t] = true
		fields, err := d.structFields(t)
		if err != nil {
			return err
		}
		for _, f := range fields {
			if err := d.checkType(t.FieldByIndex(f.index).Type, seen); err != nil {
				return fmt.Errorf("field %s of %s: %w", f.name, t, err)
			}
		}
		return nil
	}
	return fmt.Errorf("unsupported type %s", t)
}

// structFields returns the JSON keys of struct type t in declaration
// order, embedded structs flattened: a shallower field hides a deeper one
// of the same name; two of the same name at the same depth are an error.
func (d *dec) structFields(t reflect.Type) ([]structField, error) {
	if fs, ok := d.fields[t]; ok {
		return fs, nil
	}
	type found struct {
		structField
		depth int
	}
	var all []found
	var walk func(t reflect.Type, index []int, visiting map[reflect.Type]bool)
	walk = func(t reflect.Type, index []int, visiting map[reflect.Type]bool) {
		visiting[t] = true
		defer delete(visiting, t)
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			ft := sf.Type
			if sf.Anonymous && ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			idx := append(append([]int(nil), index...), i)
			if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
				if !visiting[ft] && (sf.IsExported() || sf.Type.Kind() == reflect.Struct) {
					walk(ft, idx, visiting)
				}
				continue
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			required := sf.Tag.Get("scenario") == "required"
			all = append(all, found{structField{name, idx, required}, len(index)})
		}
	}
	walk(t, nil, map[reflect.Type]bool{})
	var out []structField
	for i, f := range all {
		hidden := false
		for j, g := range all {
			if i != j && g.name == f.name {
				if g.depth == f.depth {
					return nil, fmt.Errorf("%s has two fields named %q at the same depth", t, f.name)
				}
				hidden = hidden || g.depth < f.depth
			}
		}
		if !hidden {
			out = append(out, f.structField)
		}
	}
	d.fields[t] = out
	return out, nil
}

// value decodes n (at path) into v, whose type checkType accepted. skip
// lists object keys to ignore when v is a struct.
func (d *dec) value(n *node, path string, v reflect.Value, skip ...string) error {
	if v.CanAddr() && v.Addr().Type().Implements(unmarshalerType) {
		return d.unmarshaler(n, path, v.Addr().Interface().(Unmarshaler))
	}
	switch v.Type() {
	case lengthType:
		x, err := d.length(n, path)
		v.SetFloat(x)
		return err
	case pointType:
		p, err := d.point(n, path)
		v.Set(reflect.ValueOf(p))
		return err
	case vec3Type:
		p, err := d.vec3(n, path)
		v.Set(reflect.ValueOf(p))
		return err
	case rawType:
		v.SetBytes(n.raw())
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		if n.kind == nNull {
			v.SetZero()
			return nil
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return d.value(n, path, v.Elem(), skip...)
	case reflect.Struct:
		return d.structValue(n, path, v, skip)
	case reflect.Slice:
		return d.sliceValue(n, path, v)
	case reflect.Array:
		if n.kind != nArray {
			return typeErr(n, path, "an array")
		}
		if len(n.elems) != v.Len() {
			return newError(ErrValue, path, n.short(), "want exactly %d entries, got %d", v.Len(), len(n.elems))
		}
		for i, e := range n.elems {
			if err := d.value(e, index(path, i), v.Index(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		return d.mapValue(n, path, v)
	case reflect.String:
		s, err := d.str(n, path)
		v.SetString(s)
		return err
	case reflect.Bool:
		if n.kind != nBool {
			return typeErr(n, path, "a boolean")
		}
		v.SetBool(n.b)
		return nil
	case reflect.Float32, reflect.Float64:
		x, err := d.num(n, path)
		if err == nil && v.Kind() == reflect.Float32 && math.Abs(x) > math.MaxFloat32 {
			err = newError(ErrValue, path, n.text, "want a number of magnitude at most %g, got %s", math.MaxFloat32, n.text)
		}
		v.SetFloat(x)
		return err
	}
	return d.intValue(n, path, v)
}

// structValue decodes object n into struct v: unknown keys first, then
// missing required ones, then the values in file order.
func (d *dec) structValue(n *node, path string, v reflect.Value, skip []string) error {
	if n.kind != nObject {
		return typeErr(n, path, "an object")
	}
	fields, err := d.structFields(v.Type())
	if err != nil {
		return err
	}
	which := make([]int, len(n.keys))
	present := make([]bool, len(fields))
	for i, k := range n.keys {
		which[i] = -1
		if contains(skip, k) {
			continue
		}
		for j := range fields {
			if fields[j].name == k {
				which[i], present[j] = j, true
			}
		}
		if which[i] < 0 {
			return unknownField(n.elems[i], joinKey(path, k), fields)
		}
	}
	for j, f := range fields {
		if f.required && !present[j] {
			return missing(joinKey(path, f.name))
		}
	}
	for i, k := range n.keys {
		if which[i] < 0 {
			continue
		}
		if err := d.value(n.elems[i], joinKey(path, k), fieldAlloc(v, fields[which[i]].index)); err != nil {
			return err
		}
	}
	return nil
}

// unknownField returns the error for the value n of an unknown key at
// path, listing the valid keys.
func unknownField(n *node, path string, fields []structField) error {
	if len(fields) == 0 {
		return newError(ErrUnknownField, path, n.short(), "unknown field; this object has no fields")
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return newError(ErrUnknownField, path, n.short(), "unknown field; want one of %s", strings.Join(names, ", "))
}

// fieldAlloc returns the field of struct v at index, allocating the
// embedded struct pointers on the way.
func fieldAlloc(v reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// sliceValue decodes array n into a new slice stored in v.
func (d *dec) sliceValue(n *node, path string, v reflect.Value) error {
	if err := d.array(n, path, 0); err != nil {
		return err
	}
	s := reflect.MakeSlice(v.Type(), len(n.elems), len(n.elems))
	for i, e := range n.elems {
		if err := d.value(e, index(path, i), s.Index(i)); err != nil {
			return err
		}
	}
	v.Set(s)
	return nil
}

// mapValue decodes object n into map v (made when nil), one entry per key.
func (d *dec) mapValue(n *node, path string, v reflect.Value) error {
	if n.kind != nObject {
		return typeErr(n, path, "an object")
	}
	if len(n.keys) > MaxItems {
		return newError(ErrTooLarge, path, "", "more than %d entries", MaxItems)
	}
	if v.IsNil() {
		v.Set(reflect.MakeMapWithSize(v.Type(), len(n.keys)))
	}
	for i, k := range n.keys {
		e := reflect.New(v.Type().Elem()).Elem()
		if err := d.value(n.elems[i], joinKey(path, k), e); err != nil {
			return err
		}
		v.SetMapIndex(reflect.ValueOf(k).Convert(v.Type().Key()), e)
	}
	return nil
}

// intValue decodes an integer into v, a signed or unsigned integer kind:
// the literal must have no fractional part (read exactly, not through a
// float) and fit v's range.
func (d *dec) intValue(n *node, path string, v reflect.Value) error {
	if n.kind != nNumber {
		return typeErr(n, path, "an integer")
	}
	s, ok := exactInteger(n.text)
	if !ok {
		return newError(ErrValue, path, n.text, "want an integer, got %s", n.text)
	}
	bits := v.Type().Bits()
	if v.CanInt() {
		i, err := strconv.ParseInt(s, 10, bits)
		if err != nil {
			lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
			return newError(ErrValue, path, n.text, "want an integer from %d to %d, got %s", lo, hi, n.text)
		}
		v.SetInt(i)
		return nil
	}
	u, err := strconv.ParseUint(s, 10, bits)
	if err != nil {
		return newError(ErrValue, path, n.text, "want an integer from 0 to %d, got %s", ^uint64(0)>>(64-bits), n.text)
	}
	v.SetUint(u)
	return nil
}

// exactInteger returns the value of the JSON number literal lit as a plain
// decimal integer ("-1200" for "-1.2e3"), and false when lit has a
// fractional part. A value of more than 40 digits comes back as 41
// nines: out of every integer range, and cheap to build.
func exactInteger(lit string) (string, bool) {
	neg := strings.HasPrefix(lit, "-")
	if neg {
		lit = lit[1:]
	}
	mant, exp := lit, 0
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant = lit[:i]
		e, err := strconv.Atoi(lit[i+1:])
		if err != nil { // an exponent beyond int: only its sign matters
			e = math.MaxInt32
			if lit[i+1] == '-' {
				e = math.MinInt32
			}
		}
		exp = e
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	all := intPart + frac
	digits := strings.TrimLeft(all, "0")
	// The decimal point sits after point digits of digits.
	point := len(intPart) - (len(all) - len(digits)) + exp
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		return "0", true
	}
	if point < len(digits) {
		return "", false
	}
	if point > 40 {
		digits, point = strings.Repeat("9", 41), 41
	}
	s := digits + strings.Repeat("0", point-len(digits))
	if neg {
		s = "-" + s
	}
	return s, true
}

// unmarshaler lets u decode n itself, reporting its error at path.
func (d *dec) unmarshaler(n *node, path string, u Unmarshaler) error {
	err := u.UnmarshalScenario(n.raw(), 1/d.div)
	if err == nil {
		return nil
	}
	for _, sentinel := range []error{ErrSyntax, ErrUnknownField, ErrType, ErrValue, ErrMissing, ErrTooLarge} {
		if errors.Is(err, sentinel) {
			return &Error{Path: path, Value: n.short(), Err: err}
		}
	}
	return &Error{Path: path, Value: n.short(), Err: &kindError{kind: ErrValue, msg: err.Error()}}
}
