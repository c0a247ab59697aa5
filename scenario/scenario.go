package scenario

import (
	"encoding/json"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Version is the scenario format version this package reads and writes.
const Version = 1

// unitNames, coreKinds and rangeModes back Units, CoreKinds and
// RangeModes; they are never changed.
var (
	unitNames  = []string{"in", "cm", "mm"}
	coreKinds  = []string{"range", "sight", "visible-fraction", "arc", "shot", "move", "path", "coherency", "sight-along-path"}
	rangeModes = []string{"center", "edge", "stand", "ground"}
)

// Units returns the accepted values of the "units" field, in a new slice.
func Units() []string { return slices.Clone(unitNames) }

// CoreKinds returns the query kinds of the core contract, in a new slice.
// Their fields are checked strictly; any other kind belongs to a ruleset
// or an extension and keeps its non-core fields in Query.Extra.
func CoreKinds() []string { return slices.Clone(coreKinds) }

// RangeModes returns the measuring modes of a "range" query, in a new
// slice.
func RangeModes() []string { return slices.Clone(rangeModes) }

// ValidRulesetName reports whether name has the form of a ruleset name:
// lower-case ASCII letters, digits and hyphens, not starting with a hyphen
// (^[a-z0-9][a-z0-9-]*$). Which names exist is the ruleset registry's
// business, not this package's.
func ValidRulesetName(name string) bool {
	for i, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' && i > 0) {
			return false
		}
	}
	return name != ""
}

// File is one decoded scenario. Every length is in inches whatever the
// file's units were. A File returned by Decode is shared and must be treated
// as read-only.
type File struct {
	Version int    // the "sightline" field; always 1
	Name    string // free text
	Units   string // the file's units as read ("in", "cm" or "mm"); lengths in memory are inches regardless
	Ruleset string // a ruleset name (see ValidRulesetName); "generic" when absent
	// Options holds the ruleset's options as raw compact JSON, as written
	// in the file, in the file's units. Games decode them with
	// DecodeOptions, which converts the fields typed as Length to inches.
	Options map[string]json.RawMessage
	Table   terrain.Table
	Pieces  []terrain.Piece // the "terrain" array, in file order
	Models  []terrain.Model // the "models" array, in file order
	Queries []Query         // the "queries" array, in file order

	field *terrain.Battlefield
}

// Battlefield returns the validated battlefield built from the file's
// table, pieces and models when it was decoded (nil for a File not made by
// Decode).
func (f *File) Battlefield() *terrain.Battlefield { return f.field }

// Query is one question about the table. Which fields are set depends on
// Kind; see docs/scenario-format.md. Lengths (Path, ToPoint, Point) are in
// inches.
type Query struct {
	ID   string
	Kind string

	From    string      // model id (range, sight, visible-fraction, arc, sight-along-path)
	To      string      // model id (range, sight, visible-fraction, arc)
	ToPoint *geom.Point // the "to" point of a "path" query (or any kind whose "to" is [x,y])
	Mode    string      // range mode: one of RangeModes(); "" means the ruleset's default
	Arc     string      // arc name (arc)
	Model   string      // model id (move, path, sight-along-path)
	Squad   string      // squad name (coherency)
	Shooter string      // model id (shot)
	Target  string      // model id (shot)

	Path  []geom.Point // move / sight-along-path route, at least 2 points
	Point *geom.Point  // a table point (extension kinds only)

	Turns  json.RawMessage // move: compact JSON, interpreted by the mover
	Weapon json.RawMessage // shot: the ruleset's weapon object, compact JSON, lengths in inches

	// Extra holds the fields of a non-core kind that are not core field
	// names, as compact JSON (not unit converted). For core kinds it is nil,
	// except for "shot" and "move" in a file whose ruleset is not
	// "generic": those may carry the ruleset's own fields, which the
	// ruleset checks strictly.
	Extra map[string]json.RawMessage

	// Raw is the query's whole object as compact JSON, as written in the
	// file (in the file's units; nil for a Query not made by Decode). Games
	// decode it with File.DecodeQuery. Encode ignores it.
	Raw json.RawMessage

	// JSONPath is where the query sits in the file ("queries[2]"), for
	// error messages of later layers: JSONPath + ".to".
	JSONPath string

	// Err says why the query cannot be answered, found while decoding (a
	// model or squad it names does not exist), or is nil. The file is
	// still decoded: the other queries can be answered.
	Err error
}

// IsCore reports whether kind is one of CoreKinds.
func IsCore(kind string) bool { return slices.Contains(coreKinds, kind) }
