package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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

// parseTree parses exactly one JSON value (RFC 8259) from b into a tree
// that keeps object key order and number literals exactly as written. It
// reads b with encoding/json's Decoder.Token, so it accepts what
// json.Valid accepts, except that it also rejects invalid UTF-8 (which
// encoding/json would replace with U+FFFD), duplicate object keys
// (ErrSyntax, at the key's path) and nesting deeper than MaxDepth
// (ErrTooLarge). Strings are unescaped by encoding/json, lone surrogates
// becoming U+FFFD. Syntax errors name the line and column (1-based; the
// column counts characters) of the offending character.
//
// root is the JSON path of b inside its document ("" for a whole
// document): error paths start with it.
func parseTree(b []byte, root string) (*node, error) {
	if !utf8.Valid(b) {
		off := 0
		for r, size := utf8.DecodeRune(b); r != utf8.RuneError || size > 1; r, size = utf8.DecodeRune(b[off:]) {
			off += size
		}
		return nil, newError(ErrSyntax, root, "", "%s: invalid UTF-8", position(b, off))
	}
	if skipSpace(b, 0) == len(b) {
		return nil, newError(ErrSyntax, root, "", "empty input")
	}
	p := &parser{src: b, dec: json.NewDecoder(bytes.NewReader(b)), root: root}
	p.dec.UseNumber()
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if off := skipSpace(b, int(p.dec.InputOffset())); off < len(b) {
		return nil, newError(ErrSyntax, root, "", "%s: trailing data after the top-level value", position(b, off))
	}
	return n, nil
}

// parser is the state of one parseTree call.
type parser struct {
	src  []byte
	dec  *json.Decoder
	root string // the JSON path of src in its document
	path []step // the keys and indexes leading to the value being parsed, for error paths

	// Slabs the tree is carved from, and scratch stacks for the children
	// of the containers being parsed.
	nodes []node
	ptrs  []*node
	strs  []string
	elems []*node
	keys  []string
}

// step is one element of an error path: an object key or an array index.
type step struct {
	key   string
	index int // -1 for a key
}

// slabSize is the number of nodes, pointers or keys allocated at once.
const slabSize = 512

// dupScanLimit is the number of keys up to which duplicates are found by
// comparing with every earlier key; larger objects use a map.
const dupScanLimit = 16

func (p *parser) newNode(kind nodeKind) *node {
	if len(p.nodes) == cap(p.nodes) {
		p.nodes = make([]node, 0, slabSize)
	}
	p.nodes = p.nodes[:len(p.nodes)+1]
	n := &p.nodes[len(p.nodes)-1]
	n.kind = kind
	return n
}

// takeElems moves the children from elems[from:] (and keys[kfrom:] for an
// object) into exactly sized slices carved from the slabs.
func (p *parser) takeElems(n *node, from, kfrom int) {
	k := len(p.elems) - from
	if k == 0 {
		return
	}
	if cap(p.ptrs)-len(p.ptrs) < k {
		p.ptrs = make([]*node, 0, max(k, slabSize))
	}
	l := len(p.ptrs)
	p.ptrs = p.ptrs[:l+k]
	n.elems = p.ptrs[l : l+k : l+k]
	copy(n.elems, p.elems[from:])
	clear(p.elems[from:])
	p.elems = p.elems[:from]
	if n.kind != nObject {
		return
	}
	if cap(p.strs)-len(p.strs) < k {
		p.strs = make([]string, 0, max(k, slabSize))
	}
	l = len(p.strs)
	p.strs = p.strs[:l+k]
	n.keys = p.strs[l : l+k : l+k]
	copy(n.keys, p.keys[kfrom:])
	p.keys = p.keys[:kfrom]
}

// currentPath returns the JSON path of the value being parsed.
func (p *parser) currentPath() string {
	s := p.root
	for _, st := range p.path {
		if st.index < 0 {
			s = joinKey(s, st.key)
		} else {
			s = index(s, st.index)
		}
	}
	return s
}

// token returns the next token, or the error for the first syntax error
// in the input.
func (p *parser) token() (json.Token, error) {
	t, err := p.dec.Token()
	if err != nil {
		return nil, p.syntaxErr(err)
	}
	return t, nil
}

// syntaxErr returns the error for a failed read: the first syntax error of
// the input, with its line and column, as json.Unmarshal's full check
// finds it (Decoder.Token's own offsets are not always the offending
// byte's, and a truncated input is io.EOF between tokens).
func (p *parser) syntaxErr(tokErr error) error {
	var raw json.RawMessage
	err := json.Unmarshal(p.src, &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		if tokErr == io.EOF {
			tokErr = io.ErrUnexpectedEOF
		}
		return newError(ErrSyntax, p.root, "", "%s", tokErr)
	}
	off := int(se.Offset) - 1 // the offset counts the offending byte
	msg := se.Error()
	// At the end of the input encoding/json feeds its scanner a space: a
	// complaint about a space that is not there is the end of the input.
	atEnd := off == len(p.src)-1 && p.src[off] != ' ' && strings.HasPrefix(msg, "invalid character ' '")
	if atEnd || off >= len(p.src) || msg == "unexpected end of JSON input" {
		return newError(ErrSyntax, p.root, "", "%s: unexpected end of input", position(p.src, len(p.src)))
	}
	// encoding/json quotes only the first byte of the character; name it
	// whole.
	if rest, ok := strings.CutPrefix(msg, "invalid character "+quoteByte(p.src[off])); ok {
		msg = "invalid character " + quoteChar(p.src[off:]) + rest
	}
	return newError(ErrSyntax, p.root, "", "%s: %s", position(p.src, off), msg)
}

// value parses the value that starts with the next token; depth is the
// number of containers around it.
func (p *parser) value(depth int) (*node, error) {
	t, err := p.token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim: // '{' or '[': Token returns the closing ones to object and array
		if depth >= MaxDepth {
			return nil, newError(ErrTooLarge, p.currentPath(), "", "nesting deeper than %d levels", MaxDepth)
		}
		if t == '{' {
			return p.object(depth + 1)
		}
		return p.array(depth + 1)
	case string:
		n := p.newNode(nString)
		n.text = t
		return n, nil
	case json.Number:
		n := p.newNode(nNumber)
		n.text = string(t)
		return n, nil
	case bool:
		n := p.newNode(nBool)
		n.b = t
		return n, nil
	}
	return p.newNode(nNull), nil
}

// more reports whether the container being parsed has another element,
// consuming its closing delimiter when not.
func (p *parser) more() (bool, error) {
	if p.dec.More() {
		return true, nil
	}
	_, err := p.token()
	return false, err
}

// object parses the members of an object whose brace was read.
func (p *parser) object(depth int) (*node, error) {
	n := p.newNode(nObject)
	from, kfrom := len(p.elems), len(p.keys)
	var seen map[string]bool
	p.path = append(p.path, step{index: -1})
	for {
		more, err := p.more()
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
		t, err := p.token()
		if err != nil {
			return nil, err
		}
		key := t.(string) // Token returns only strings where a key is due
		p.path[len(p.path)-1].key = key
		if p.duplicate(&seen, p.keys[kfrom:], key) {
			return nil, newError(ErrSyntax, p.currentPath(), "", "duplicate key %q", key)
		}
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		p.keys = append(p.keys, key)
		p.elems = append(p.elems, v)
	}
	p.takeElems(n, from, kfrom)
	p.path = p.path[:len(p.path)-1]
	return n, nil
}

// duplicate reports whether key is among the earlier keys of its object,
// keys; past dupScanLimit keys it keeps them in *seen.
func (p *parser) duplicate(seen *map[string]bool, keys []string, key string) bool {
	if *seen != nil {
		dup := (*seen)[key]
		(*seen)[key] = true
		return dup
	}
	for _, k := range keys {
		if k == key {
			return true
		}
	}
	if len(keys) == dupScanLimit {
		*seen = make(map[string]bool, 2*dupScanLimit)
		for _, k := range keys {
			(*seen)[k] = true
		}
		(*seen)[key] = true
	}
	return false
}

// array parses the elements of an array whose bracket was read.
func (p *parser) array(depth int) (*node, error) {
	n := p.newNode(nArray)
	from := len(p.elems)
	p.path = append(p.path, step{})
	for k := 0; ; k++ {
		more, err := p.more()
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
		p.path[len(p.path)-1].index = k
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		p.elems = append(p.elems, v)
	}
	p.takeElems(n, from, 0)
	p.path = p.path[:len(p.path)-1]
	return n, nil
}

// skipSpace returns the offset of the first byte of b at or after off that
// is not JSON white space.
func skipSpace(b []byte, off int) int {
	for off < len(b) && (b[off] == ' ' || b[off] == '\t' || b[off] == '\n' || b[off] == '\r') {
		off++
	}
	return off
}

// position returns "line L, column C" for byte offset off of b; the
// column counts characters (bytes that do not continue a UTF-8 sequence).
func position(b []byte, off int) string {
	off = min(off, len(b))
	line, col := 1, 1
	for _, c := range b[:off] {
		switch {
		case c == '\n':
			line++
			col = 1
		case c&0xC0 != 0x80:
			col++
		}
	}
	return "line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col)
}

// quoteByte quotes c as encoding/json's syntax errors do.
func quoteByte(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	q := strconv.Quote(string(rune(c)))
	return "'" + q[1:len(q)-1] + "'"
}

// quoteChar quotes the character at the start of b (valid UTF-8) in
// single quotes for a message, escaped as by strconv.Quote.
func quoteChar(b []byte) string {
	r, _ := utf8.DecodeRune(b)
	switch r {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	q := strconv.Quote(string(r))
	return "'" + q[1:len(q)-1] + "'"
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
