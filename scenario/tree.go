package scenario

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits on decoded input. A file that exceeds one is rejected with an
// error wrapping ErrTooLarge.
const (
	MaxFileSize = 16 << 20 // bytes in one scenario or GeoJSON file
	MaxDepth    = 64       // nesting depth of JSON objects and arrays
)

type nodeKind uint8

const (
	nNull nodeKind = iota
	nBool
	nNumber
	nString
	nObject
	nArray
)

// node is a parsed JSON value that keeps object key order and number
// literals exactly as written.
type node struct {
	kind  nodeKind
	text  string // string value, or the number literal
	b     bool
	keys  []string // object keys, in file order
	elems []*node  // object values (parallel to keys) or array elements
}

// get returns the value of key in object n, or nil.
func (n *node) get(key string) *node {
	for i, k := range n.keys {
		if k == key {
			return n.elems[i]
		}
	}
	return nil
}

// joinKey returns the path of key inside the object at path. Keys that are
// not plain identifiers are quoted: queries[0]["odd key"].
func joinKey(path, key string) string {
	plain := key != ""
	for _, r := range key {
		if !(r == '_' || r == '-' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if !plain {
		return path + "[" + strconv.Quote(key) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// index returns the path of element i of the array at path.
func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// compact writes n as compact JSON to sb.
func (n *node) compact(sb *strings.Builder) {
	switch n.kind {
	case nNull:
		sb.WriteString("null")
	case nBool:
		sb.WriteString(strconv.FormatBool(n.b))
	case nNumber:
		sb.WriteString(n.text)
	case nString:
		writeString(sb, n.text)
	case nObject:
		sb.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				sb.WriteByte(',')
			}
			writeString(sb, k)
			sb.WriteByte(':')
			n.elems[i].compact(sb)
		}
		sb.WriteByte('}')
	case nArray:
		sb.WriteByte('[')
		for i, e := range n.elems {
			if i > 0 {
				sb.WriteByte(',')
			}
			e.compact(sb)
		}
		sb.WriteByte(']')
	}
}

// raw returns n as compact JSON.
func (n *node) raw() json.RawMessage {
	var sb strings.Builder
	n.compact(&sb)
	return json.RawMessage(sb.String())
}

// describe returns the value for an error message: its JSON type and, for
// scalars and short composites, its compact text (at most 60 bytes).
func (n *node) describe() string {
	s := n.short()
	switch n.kind {
	case nNull:
		return "null"
	case nBool:
		return "boolean " + s
	case nNumber:
		return "number " + s
	case nString:
		return "string " + s
	case nObject:
		return "object " + s
	}
	return "array " + s
}

// short returns the compact text of n, cut to at most 60 bytes.
func (n *node) short() string {
	var sb strings.Builder
	n.compact(&sb)
	s := sb.String()
	if len(s) > 60 {
		cut := 57
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// writeString writes s (valid UTF-8) as a JSON string without HTML
// escaping.
func writeString(sb *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c == '\r':
			sb.WriteString(`\r`)
		case c < 0x20:
			sb.WriteString(`\u00`)
			sb.WriteByte(hex[c>>4])
			sb.WriteByte(hex[c&15])
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
}
