package terrain

import (
	"regexp"
	"strings"
)

// A user reads error messages with the file in front of them, not the
// source: the names of Go types and functions that produced an error are
// noise. UserMessage rewrites the few internal forms that can travel up
// from the standard library and package geom into plain words; every
// FieldError's message goes through it.

var (
	// goDecode is encoding/json's type error.
	goDecode = regexp.MustCompile(`json: cannot unmarshal (\w+) into Go (?:struct field \S+|value) of type (\S+)`)
	// geomPrefix is a package name or package-qualified function name,
	// "geom: ConvexPieces: ", "los: ".
	geomPrefix = regexp.MustCompile(`\b(?:geom|los|movement|render|terrain): (?:[A-Z]\w*: )?`)
)

// jsonKind names a Go type as the JSON value it decodes from.
func jsonKind(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case strings.HasPrefix(goType, "map["), strings.Contains(goType, "."):
		return "an object"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case goType == "bool":
		return "true or false"
	case goType == "string":
		return "a string"
	}
	return "another type"
}

// UserMessage returns msg without Go type and function names: encoding/json's
// "cannot unmarshal string into Go struct field W.range of type float64"
// becomes "want a number, got string", "json: unknown field" "unknown
// field", and "geom: ConvexPieces: " prefixes go. Other messages are
// returned unchanged.
func UserMessage(msg string) string {
	msg = strings.ReplaceAll(msg, "json: unknown field", "unknown field")
	msg = goDecode.ReplaceAllStringFunc(msg, func(m string) string {
		g := goDecode.FindStringSubmatch(m)
		return "want " + jsonKind(g[2]) + ", got " + g[1]
	})
	return geomPrefix.ReplaceAllString(msg, "")
}
