package scenario

import (
	"encoding/json"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Version is the scenario format version this package reads and writes.
const Version = 1

// Rulesets lists the accepted values of the "ruleset" field.
var Rulesets = []string{"generic", "dropzone-commander", "code-red", "firestorm-taskforce", "grimdark-future", "terminator-skirmish"}

// Units lists the accepted values of the "units" field.
var Units = []string{"in", "cm", "mm"}

// CoreKinds lists the query kinds of the core contract. Their fields are
// checked strictly; any other kind belongs to a ruleset or an extension and
// keeps its non-core fields in Query.Extra.
var CoreKinds = []string{"range", "sight", "visible-fraction", "arc", "shot", "move", "path", "coherency", "sight-along-path"}

// Range measuring modes of a "range" query.
var RangeModes = []string{"center", "edge", "stand", "ground"}

// File is one decoded scenario. Every length is in inches whatever the
// file's units were. A File returned by Decode is shared and must be treated
// as read-only.
type File struct {
	Version int    // the "sightline" field; always 1
	Name    string // free text
	Units   string // the file's units as read ("in", "cm" or "mm"); lengths in memory are inches regardless
	Ruleset string // one of Rulesets; "generic" when absent
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
	Mode    string      // range mode: one of RangeModes; "" means the ruleset's default
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
}

// IsCore reports whether kind is one of CoreKinds.
func IsCore(kind string) bool {
	for _, k := range CoreKinds {
		if k == kind {
			return true
		}
	}
	return false
}
