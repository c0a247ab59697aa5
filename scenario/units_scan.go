package scenario

import (
	"strings"
	"unicode/utf8"
)

// The lengths and points Localize rewrites are found by the scanners
// below, written by hand rather than with package regexp, which would add
// its tables to the WebAssembly module (cmd/sightline-wasm). Each follows
// a pattern, given in its comment, match for match (leftmost first, not
// overlapping, as regexp's ReplaceAllStringFunc finds them); a test
// compares them with the patterns on many texts. A number is
//
//	-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?
//
// (a decimal number as the answers print them).

// lengthMatch is one length found in a text: the whole match, what
// precedes the number (a character that is not part of a word or number,
// or "" at the start of the text), and either a size "width x depth" or a
// single length.
type lengthMatch struct {
	text, before         string
	width, depth, single string
}

// replaceLengths replaces each number, or size "W x D", followed by an
// inch unit,
//
//	(^|[^\w.\-])(?:(NUM) x (NUM)|(NUM))(?: ?(?:in|inches|inch)\b|"|″)
//
// by what repl returns for it.
func replaceLengths(text string, repl func(lengthMatch) string) string {
	var out strings.Builder
	done := 0
	for i := 0; i < len(text); {
		m, end, ok := matchLength(text, i)
		if !ok {
			_, w := utf8.DecodeRuneInString(text[i:])
			i += w
			continue
		}
		out.WriteString(text[done:i])
		out.WriteString(repl(m))
		done, i = end, end
	}
	if done == 0 {
		return text
	}
	out.WriteString(text[done:])
	return out.String()
}

// matchLength matches a length starting at text[i], as the pattern of
// replaceLengths tries it there: the start of the text first, then one
// character that is not part of a word or number.
func matchLength(text string, i int) (lengthMatch, int, bool) {
	if i == 0 {
		if m, end, ok := matchLengthAt(text, 0, 0); ok {
			return m, end, true
		}
	}
	r, w := utf8.DecodeRuneInString(text[i:])
	if r < utf8.RuneSelf && (isWordByte(byte(r)) || r == '.' || r == '-') {
		return lengthMatch{}, 0, false
	}
	return matchLengthAt(text, i, i+w)
}

// matchLengthAt matches the number part and unit of a length whose
// preceding part is text[start:j].
func matchLengthAt(text string, start, j int) (lengthMatch, int, bool) {
	m := lengthMatch{before: text[start:j]}
	if n1 := numberLen(text[j:]); n1 > 0 {
		// a size first: NUM x NUM and a unit
		k := j + n1
		if strings.HasPrefix(text[k:], " x ") {
			if n2 := numberLen(text[k+3:]); n2 > 0 {
				if end := inchUnitEnd(text, k+3+n2); end >= 0 {
					m.text, m.width, m.depth = text[start:end], text[j:k], text[k+3:k+3+n2]
					return m, end, true
				}
			}
		}
		if end := inchUnitEnd(text, k); end >= 0 {
			m.text, m.single = text[start:end], text[j:k]
			return m, end, true
		}
	}
	return lengthMatch{}, 0, false
}

// inchUnitEnd returns where an inch unit starting at text[i] ends,
// (?: ?(?:in|inches|inch)\b|"|″), or -1.
func inchUnitEnd(text string, i int) int {
	for _, sp := range []int{1, 0} { // " ?" tries the space first
		k := i
		if sp == 1 {
			if !strings.HasPrefix(text[i:], " ") {
				continue
			}
			k++
		}
		e := k
		for e < len(text) && isWordByte(text[e]) {
			e++
		}
		// in, inches and inch each need \b after them: the word must be one of them
		switch text[k:e] {
		case "in", "inches", "inch":
			return e
		}
	}
	switch {
	case strings.HasPrefix(text[i:], `"`):
		return i + 1
	case strings.HasPrefix(text[i:], "″"):
		return i + len("″")
	}
	return -1
}

// replaceTuples replaces each point (x, y) or (x, y, z),
//
//	\((NUM)((?:, ?NUM){1,2})\)
//
// by what repl returns for the matched text.
func replaceTuples(text string, repl func(string) string) string {
	var out strings.Builder
	done := 0
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], '(')
		if k < 0 {
			break
		}
		start := i + k
		end := tupleEnd(text, start)
		if end < 0 {
			i = start + 1
			continue
		}
		out.WriteString(text[done:start])
		out.WriteString(repl(text[start:end]))
		done, i = end, end
	}
	if done == 0 {
		return text
	}
	out.WriteString(text[done:])
	return out.String()
}

// tupleEnd returns where a point starting with the "(" at text[i] ends,
// or -1.
func tupleEnd(text string, i int) int {
	k := i + 1
	n := numberLen(text[k:])
	if n == 0 {
		return -1
	}
	k += n
	reps := 0
	for reps < 2 && strings.HasPrefix(text[k:], ",") {
		e := k + 1
		if strings.HasPrefix(text[e:], " ") && numberLen(text[e+1:]) > 0 {
			e++
		}
		n := numberLen(text[e:])
		if n == 0 {
			break
		}
		k = e + n
		reps++
	}
	if reps == 0 || !strings.HasPrefix(text[k:], ")") {
		return -1
	}
	return k + 1
}

// numberLen returns the length of the number at the start of s, the
// longest prefix of the form -?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?, or 0.
func numberLen(s string) int {
	k := 0
	if k < len(s) && s[k] == '-' {
		k++
	}
	d := digitRun(s[k:])
	if d == 0 {
		return 0
	}
	k += d
	if k < len(s) && s[k] == '.' {
		if d := digitRun(s[k+1:]); d > 0 {
			k += 1 + d
		}
	}
	if k < len(s) && (s[k] == 'e' || s[k] == 'E') {
		e := k + 1
		if e < len(s) && (s[e] == '-' || s[e] == '+') {
			e++
		}
		if d := digitRun(s[e:]); d > 0 {
			k = e + d
		}
	}
	return k
}

// digitRun returns how many ASCII digits s starts with.
func digitRun(s string) int {
	k := 0
	for k < len(s) && '0' <= s[k] && s[k] <= '9' {
		k++
	}
	return k
}

// isWordByte reports whether b is an ASCII word character, [0-9A-Za-z_]
// (the patterns' \w).
func isWordByte(b byte) bool {
	return '0' <= b && b <= '9' || 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || b == '_'
}
