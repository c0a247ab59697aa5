package scenario

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// parseTree parses exactly one JSON value (RFC 8259) from b into a tree
// that keeps object key order and number literals as written.
//
// It accepts exactly what encoding/json.Valid accepts, except that it also
// rejects invalid UTF-8 inside strings (encoding/json replaces it with
// U+FFFD), duplicate object keys (ErrSyntax, at the key's path) and nesting
// deeper than MaxDepth (ErrTooLarge). Strings are unescaped as
// encoding/json does, including lone surrogates, which become U+FFFD.
// Syntax errors name the line and column (1-based; the column counts
// characters) of the offending character.
//
// root is the JSON path of b inside its document ("" for a whole
// document): error paths start with it.
//
// The strings of the tree share the memory of one copy of b: code that
// keeps a string beyond decoding clones it (see dec.str).
func parseTree(b []byte, root string) (*node, error) {
	s := &scanner{src: b, text: string(b), root: root}
	s.skipSpace()
	if s.i == len(b) {
		return nil, newError(ErrSyntax, root, "", "empty input")
	}
	n, err := s.value(0)
	if err != nil {
		return nil, err
	}
	s.skipSpace()
	if s.i < len(b) {
		return nil, newError(ErrSyntax, root, "", "%s: trailing data after the top-level value", s.pos(s.i))
	}
	return n, nil
}

// scanner is the state of one parseTree call.
type scanner struct {
	src  []byte
	text string // src as a string; unescaped strings and numbers are substrings of it
	i    int    // offset of the next byte to read
	root string // the JSON path of src in its document

	path []step // the keys and indexes leading to the value being parsed, for error paths

	// Slabs the tree is carved from, and scratch stacks for the children
	// of the containers being parsed.
	nodes []node
	ptrs  []*node
	strs  []string
	elems []*node
	keys  []string
	buf   []byte
}

// step is one element of an error path: an object key or an array index.
type step struct {
	key   string
	index int // -1 for a key
}

// slabSize is the number of nodes, pointers or keys allocated at once.
const slabSize = 512

func (s *scanner) newNode(kind nodeKind) *node {
	if len(s.nodes) == cap(s.nodes) {
		s.nodes = make([]node, 0, slabSize)
	}
	s.nodes = s.nodes[:len(s.nodes)+1]
	n := &s.nodes[len(s.nodes)-1]
	n.kind = kind
	return n
}

// takeElems moves the children from elems[from:] (and keys[kfrom:] for an
// object) into exactly sized slices carved from the slabs.
func (s *scanner) takeElems(n *node, from, kfrom int) {
	k := len(s.elems) - from
	if k == 0 {
		return
	}
	if cap(s.ptrs)-len(s.ptrs) < k {
		s.ptrs = make([]*node, 0, max(k, slabSize))
	}
	l := len(s.ptrs)
	s.ptrs = s.ptrs[:l+k]
	n.elems = s.ptrs[l : l+k : l+k]
	copy(n.elems, s.elems[from:])
	clear(s.elems[from:])
	s.elems = s.elems[:from]
	if n.kind != nObject {
		return
	}
	if cap(s.strs)-len(s.strs) < k {
		s.strs = make([]string, 0, max(k, slabSize))
	}
	l = len(s.strs)
	s.strs = s.strs[:l+k]
	n.keys = s.strs[l : l+k : l+k]
	copy(n.keys, s.keys[kfrom:])
	s.keys = s.keys[:kfrom]
}

// currentPath returns the JSON path of the value being parsed.
func (s *scanner) currentPath() string {
	p := s.root
	for _, st := range s.path {
		if st.index < 0 {
			p = joinKey(p, st.key)
		} else {
			p = index(p, st.index)
		}
	}
	return p
}

func (s *scanner) skipSpace() {
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// pos returns "line L, column C" for byte offset off; the column counts
// characters (bytes that do not continue a UTF-8 sequence).
func (s *scanner) pos(off int) string {
	off = min(off, len(s.src))
	line, col := 1, 1
	for _, c := range s.src[:off] {
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

// syntaxErr returns the error for the byte at s.i (or the end of input),
// found while looking for context ("looking for beginning of value",
// "in string literal", ...).
func (s *scanner) syntaxErr(context string) error {
	if s.i >= len(s.src) {
		return newError(ErrSyntax, s.root, "", "%s: unexpected end of input", s.pos(s.i))
	}
	return newError(ErrSyntax, s.root, "", "%s: invalid character %s %s", s.pos(s.i), s.quoteChar(), context)
}

// quoteChar returns the character at s.i in single quotes for a message,
// escaped as by strconv.Quote (a single quote is backslashed), or as \xNN
// for a byte that does not start valid UTF-8.
func (s *scanner) quoteChar() string {
	r, size := utf8.DecodeRune(s.src[s.i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return `'\x` + strconv.FormatUint(uint64(s.src[s.i]), 16) + `'`
	case r == '\'':
		return `'\''`
	case r == '"':
		return `'"'`
	}
	q := strconv.Quote(string(r))
	return "'" + q[1:len(q)-1] + "'"
}

// value parses the value starting at s.i (after white space); depth is the
// number of containers around it.
func (s *scanner) value(depth int) (*node, error) {
	if s.i >= len(s.src) {
		return nil, s.syntaxErr("looking for beginning of value")
	}
	switch c := s.src[s.i]; c {
	case '{', '[':
		if depth >= MaxDepth {
			return nil, newError(ErrTooLarge, s.currentPath(), "", "nesting deeper than %d levels", MaxDepth)
		}
		if c == '{' {
			return s.object(depth + 1)
		}
		return s.array(depth + 1)
	case '"':
		text, err := s.str()
		if err != nil {
			return nil, err
		}
		n := s.newNode(nString)
		n.text = text
		return n, nil
	case 't':
		return s.literal("true", nBool, true)
	case 'f':
		return s.literal("false", nBool, false)
	case 'n':
		return s.literal("null", nNull, false)
	default:
		if c == '-' || c >= '0' && c <= '9' {
			text, err := s.number()
			if err != nil {
				return nil, err
			}
			n := s.newNode(nNumber)
			n.text = text
			return n, nil
		}
		return nil, s.syntaxErr("looking for beginning of value")
	}
}

func (s *scanner) literal(word string, kind nodeKind, b bool) (*node, error) {
	for j := 1; j < len(word); j++ {
		s.i++
		if s.i >= len(s.src) || s.src[s.i] != word[j] {
			return nil, s.syntaxErr("in literal " + word + " (expecting '" + word[j:j+1] + "')")
		}
	}
	s.i++
	n := s.newNode(kind)
	n.b = b
	return n, nil
}

// number scans -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? and returns
// its text.
func (s *scanner) number() (string, error) {
	start := s.i
	if s.src[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.src) && s.src[s.i] == '0' {
		s.i++
	} else if !s.digits() {
		return "", s.syntaxErr("in numeric literal")
	}
	if s.i < len(s.src) && s.src[s.i] == '.' {
		s.i++
		if !s.digits() {
			return "", s.syntaxErr("after decimal point in numeric literal")
		}
	}
	if s.i < len(s.src) && (s.src[s.i] == 'e' || s.src[s.i] == 'E') {
		s.i++
		if s.i < len(s.src) && (s.src[s.i] == '+' || s.src[s.i] == '-') {
			s.i++
		}
		if !s.digits() {
			return "", s.syntaxErr("in exponent of numeric literal")
		}
	}
	return s.text[start:s.i], nil
}

// digits consumes [0-9]* and reports whether there was at least one.
func (s *scanner) digits() bool {
	start := s.i
	for s.i < len(s.src) && s.src[s.i] >= '0' && s.src[s.i] <= '9' {
		s.i++
	}
	return s.i > start
}

// str scans the string starting at the quote at s.i and returns its value.
func (s *scanner) str() (string, error) {
	s.i++
	start := s.i
	// Fast path: plain ASCII without escapes is a substring of the input.
	for s.i < len(s.src) {
		c := s.src[s.i]
		if c == '"' {
			s.i++
			return s.text[start : s.i-1], nil
		}
		if c < 0x20 || c == '\\' || c >= utf8.RuneSelf {
			break
		}
		s.i++
	}
	buf := append(s.buf[:0], s.src[start:s.i]...)
	for {
		if s.i >= len(s.src) {
			return "", s.syntaxErr("in string literal")
		}
		c := s.src[s.i]
		switch {
		case c == '"':
			s.i++
			s.buf = buf
			if len(buf) == s.i-1-start {
				return s.text[start : s.i-1], nil // no escapes: every escape is longer than what it stands for
			}
			return string(buf), nil
		case c < 0x20:
			return "", s.syntaxErr("in string literal")
		case c == '\\':
			var err error
			if buf, err = s.escape(buf); err != nil {
				return "", err
			}
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			s.i++
		default:
			r, size := utf8.DecodeRune(s.src[s.i:])
			if r == utf8.RuneError && size == 1 {
				return "", newError(ErrSyntax, s.root, "", "%s: invalid UTF-8 in string", s.pos(s.i))
			}
			buf = append(buf, s.src[s.i:s.i+size]...)
			s.i += size
		}
	}
}

// escape decodes the escape sequence at s.i (a backslash) onto buf.
func (s *scanner) escape(buf []byte) ([]byte, error) {
	s.i++
	if s.i >= len(s.src) {
		return nil, s.syntaxErr("in string escape code")
	}
	c := s.src[s.i]
	switch c {
	case '"', '\\', '/':
		s.i++
		return append(buf, c), nil
	case 'b':
		s.i++
		return append(buf, '\b'), nil
	case 'f':
		s.i++
		return append(buf, '\f'), nil
	case 'n':
		s.i++
		return append(buf, '\n'), nil
	case 'r':
		s.i++
		return append(buf, '\r'), nil
	case 't':
		s.i++
		return append(buf, '\t'), nil
	case 'u':
		s.i++
		r, err := s.hex4()
		if err != nil {
			return nil, err
		}
		if utf16.IsSurrogate(r) {
			// A high surrogate followed by an escaped low surrogate makes
			// one character; anything else leaves U+FFFD, as in
			// encoding/json.
			if s.i+1 < len(s.src) && s.src[s.i] == '\\' && s.src[s.i+1] == 'u' {
				save := s.i
				s.i += 2
				r2, err := s.hex4()
				if err != nil {
					return nil, err
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					return utf8.AppendRune(buf, dec), nil
				}
				s.i = save
			}
			r = utf8.RuneError
		}
		return utf8.AppendRune(buf, r), nil
	}
	return nil, s.syntaxErr("in string escape code")
}

// hex4 decodes the four hexadecimal digits at s.i.
func (s *scanner) hex4() (rune, error) {
	var r rune
	for j := 0; j < 4; j++ {
		if s.i >= len(s.src) {
			return 0, s.syntaxErr(`in \u hexadecimal character escape`)
		}
		c := s.src[s.i]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, s.syntaxErr(`in \u hexadecimal character escape`)
		}
		r = r<<4 | rune(c)
		s.i++
	}
	return r, nil
}

// dupScanLimit is the number of keys up to which duplicates are found by
// comparing with every earlier key; larger objects use a map.
const dupScanLimit = 16

// object parses the object starting at the brace at s.i.
func (s *scanner) object(depth int) (*node, error) {
	s.i++
	n := s.newNode(nObject)
	from, kfrom := len(s.elems), len(s.keys)
	var seen map[string]bool
	s.path = append(s.path, step{index: -1})
	s.skipSpace()
	if s.i < len(s.src) && s.src[s.i] == '}' {
		s.i++
		s.path = s.path[:len(s.path)-1]
		return n, nil
	}
	for {
		if s.i >= len(s.src) || s.src[s.i] != '"' {
			return nil, s.syntaxErr("looking for beginning of object key string")
		}
		key, err := s.str()
		if err != nil {
			return nil, err
		}
		s.path[len(s.path)-1].key = key
		keys := s.keys[kfrom:]
		dup := false
		if seen != nil {
			dup = seen[key]
			seen[key] = true
		} else {
			for _, k := range keys {
				if k == key {
					dup = true
					break
				}
			}
			if len(keys) == dupScanLimit {
				seen = make(map[string]bool, 2*dupScanLimit)
				for _, k := range keys {
					seen[k] = true
				}
				seen[key] = true
			}
		}
		if dup {
			return nil, newError(ErrSyntax, s.currentPath(), "", "duplicate key %q", key)
		}
		s.skipSpace()
		if s.i >= len(s.src) || s.src[s.i] != ':' {
			return nil, s.syntaxErr("after object key")
		}
		s.i++
		s.skipSpace()
		v, err := s.value(depth)
		if err != nil {
			return nil, err
		}
		s.keys = append(s.keys, key)
		s.elems = append(s.elems, v)
		s.skipSpace()
		if s.i < len(s.src) && s.src[s.i] == ',' {
			s.i++
			s.skipSpace()
			continue
		}
		if s.i < len(s.src) && s.src[s.i] == '}' {
			s.i++
			s.takeElems(n, from, kfrom)
			s.path = s.path[:len(s.path)-1]
			return n, nil
		}
		return nil, s.syntaxErr("after object key:value pair")
	}
}

// array parses the array starting at the bracket at s.i.
func (s *scanner) array(depth int) (*node, error) {
	s.i++
	n := s.newNode(nArray)
	from := len(s.elems)
	s.path = append(s.path, step{})
	s.skipSpace()
	if s.i < len(s.src) && s.src[s.i] == ']' {
		s.i++
		s.path = s.path[:len(s.path)-1]
		return n, nil
	}
	for k := 0; ; k++ {
		s.path[len(s.path)-1].index = k
		v, err := s.value(depth)
		if err != nil {
			return nil, err
		}
		s.elems = append(s.elems, v)
		s.skipSpace()
		if s.i < len(s.src) && s.src[s.i] == ',' {
			s.i++
			s.skipSpace()
			continue
		}
		if s.i < len(s.src) && s.src[s.i] == ']' {
			s.i++
			s.takeElems(n, from, 0)
			s.path = s.path[:len(s.path)-1]
			return n, nil
		}
		return nil, s.syntaxErr("after array element")
	}
}
