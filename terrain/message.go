package terrain

import "strings"

// A user reads error messages with the file in front of them, not the
// source: the names of Go types and functions that produced an error are
// noise. UserMessage rewrites the few internal forms that can travel up
// from the standard library and package geom into plain words; every
// FieldError's message goes through it.

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
	return dropPackagePrefixes(rewriteDecodeErrors(msg))
}

// The two rewrites below are written by hand rather than with package
// regexp, which would add its tables to the WebAssembly module
// (cmd/sightline-wasm); a test compares them with the patterns they stand
// for (in their comments).

// decodePrefix starts encoding/json's type error.
const decodePrefix = "json: cannot unmarshal "

// rewriteDecodeErrors replaces each of encoding/json's type errors in msg,
//
//	json: cannot unmarshal (\w+) into Go (?:struct field \S+|value) of type (\S+)
//
// by "want <the JSON kind of group 2>, got <group 1>".
func rewriteDecodeErrors(msg string) string {
	var out strings.Builder
	done := 0 // msg[:done] is in out
	for from := 0; ; {
		i := strings.Index(msg[from:], decodePrefix)
		if i < 0 {
			break
		}
		start := from + i
		got, goType, end, ok := matchDecodeError(msg, start+len(decodePrefix))
		if !ok {
			from = start + 1
			continue
		}
		out.WriteString(msg[done:start])
		out.WriteString("want " + jsonKind(goType) + ", got " + got)
		done, from = end, end
	}
	if done == 0 {
		return msg
	}
	out.WriteString(msg[done:])
	return out.String()
}

// matchDecodeError matches the rest of a type error from msg[i] on (after
// its prefix): the JSON kind, the Go type and where the match ends.
func matchDecodeError(msg string, i int) (got, goType string, end int, ok bool) {
	j := i
	for j < len(msg) && isWordByte(msg[j]) {
		j++
	}
	if j == i {
		return "", "", 0, false
	}
	got = msg[i:j]
	rest, ok := strings.CutPrefix(msg[j:], " into Go ")
	if !ok {
		return "", "", 0, false
	}
	if r, ok := strings.CutPrefix(rest, "struct field "); ok {
		n := nonSpaceLen(r)
		if n == 0 || !strings.HasPrefix(r[n:], " of type ") {
			return "", "", 0, false
		}
		rest = r[n:]
	} else if r, ok := strings.CutPrefix(rest, "value"); ok {
		rest = r
	} else {
		return "", "", 0, false
	}
	rest, ok = strings.CutPrefix(rest, " of type ")
	if !ok {
		return "", "", 0, false
	}
	n := nonSpaceLen(rest)
	if n == 0 {
		return "", "", 0, false
	}
	end = len(msg) - len(rest) + n
	return got, rest[:n], end, true
}

// packagePrefixes are the package names dropPackagePrefixes removes.
var packagePrefixes = []string{"geom", "los", "movement", "render", "terrain"}

// dropPackagePrefixes removes from msg each package name or
// package-qualified function name,
//
//	\b(?:geom|los|movement|render|terrain): (?:[A-Z]\w*: )?
//
// ("geom: ConvexPieces: ", "los: ").
func dropPackagePrefixes(msg string) string {
	var out strings.Builder
	done := 0
	for i := 0; i < len(msg); {
		end := matchPackagePrefix(msg, i)
		if end < 0 {
			i++
			continue
		}
		out.WriteString(msg[done:i])
		done, i = end, end
	}
	if done == 0 {
		return msg
	}
	out.WriteString(msg[done:])
	return out.String()
}

// matchPackagePrefix returns where a package prefix starting at msg[i]
// ends, or -1.
func matchPackagePrefix(msg string, i int) int {
	if i > 0 && isWordByte(msg[i-1]) {
		return -1 // \b: the name must start a word
	}
	for _, p := range packagePrefixes {
		if !strings.HasPrefix(msg[i:], p+": ") {
			continue
		}
		end := i + len(p) + 2
		if end < len(msg) && 'A' <= msg[end] && msg[end] <= 'Z' {
			k := end + 1
			for k < len(msg) && isWordByte(msg[k]) {
				k++
			}
			if strings.HasPrefix(msg[k:], ": ") {
				return k + 2
			}
		}
		return end
	}
	return -1
}

// isWordByte reports whether b is an ASCII word character, [0-9A-Za-z_]
// (the patterns' \w).
func isWordByte(b byte) bool {
	return '0' <= b && b <= '9' || 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || b == '_'
}

// nonSpaceLen returns the length of the run of s before its first ASCII
// space, tab, newline, form feed or carriage return (the patterns' \S+).
func nonSpaceLen(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\f', '\r':
			return i
		}
	}
	return len(s)
}
