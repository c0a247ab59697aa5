package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecode checks that Decode never panics, and that whatever it accepts
// has a battlefield and survives an Encode/Decode round trip unchanged.
func FuzzDecode(f *testing.F) {
	f.Add(defaultJSON)
	f.Add([]byte(`{"sightline": 1, "table": {"width": 24, "depth": 24}}`))
	// Models on hills, roofs and floors, with the straddle rule.
	if b, err := os.ReadFile("testdata/valid-ground.json"); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sf, err := DecodeBytes(b)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T %v is not a *Error", err, err)
			}
			return
		}
		if sf.Battlefield() == nil {
			t.Fatal("decoded file without a battlefield")
		}
		out, err := sf.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		sf2, err := DecodeBytes(out)
		if err != nil {
			t.Fatalf("re-decoding: %v\n%s", err, out)
		}
		if !sameFile(sf, sf2) {
			t.Fatalf("round trip changed the file:\n%s", out)
		}
	})
}

// FuzzParseTree compares the strict tree parser with encoding/json's
// reference functions: it accepts b exactly when json.Valid does, except for its
// documented extra rejections (invalid UTF-8, a duplicate key,
// nesting deeper than MaxDepth), which an independent token walk confirms;
// and what it accepts re-encodes to JSON that json.Unmarshal reads as the
// same value as b, number literals included.
func FuzzParseTree(f *testing.F) {
	for _, s := range []string{`{"a": [1, -0.5e+3, true, null, "x\u00e9\ud83d\ude00"]}`, `"\ud800\u0041"`, `{"a":1,"a":2}`,
		`[1,2,]`, `{"k" 1}`, "\"\xff\"", `01`, `1.`, `-`, `1e`, `[] []`, ` `, `"\uD83D\uDE00\/\b\f\n\r\t"`, `tru`} {
		f.Add([]byte(s))
	}
	f.Add(defaultJSON)
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := parseTree(b, "")
		valid := json.Valid(b)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("parseTree(%q) error %v is not a syntax or size *Error", b, err)
			}
			if valid {
				depth, dup := refDepthAndDuplicate(t, b)
				if utf8.Valid(b) && !dup && depth <= MaxDepth {
					t.Fatalf("parseTree(%q) = %v, but json.Valid accepts it (depth %d, no duplicate key)", b, err, depth)
				}
			}
			return
		}
		if !valid {
			t.Fatalf("parseTree(%q) accepts what json.Valid rejects", b)
		}
		var sb strings.Builder
		n.compact(&sb)
		want, got := refUnmarshal(t, b), refUnmarshal(t, []byte(sb.String()))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("parseTree(%q) re-encodes as %s, which reads as %#v, want %#v", b, sb.String(), got, want)
		}
	})
}

// refUnmarshal reads b with encoding/json, numbers kept as literals.
func refUnmarshal(t *testing.T, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("json.Decode(%q): %v", b, err)
	}
	return v
}

// refDepthAndDuplicate walks valid JSON b with json.Decoder.Token and
// returns its nesting depth (containers) and whether some object repeats
// a key.
func refDepthAndDuplicate(t *testing.T, b []byte) (int, bool) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	type frame struct {
		object bool
		keys   map[string]bool
		atKey  bool
	}
	var stack []*frame
	maxDepth, dup := 0, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return maxDepth, dup
		}
		if err != nil {
			t.Fatalf("token walk of valid %q: %v", b, err)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if top != nil && top.object {
					top.atKey = true
				}
				stack = append(stack, &frame{object: d == '{', keys: map[string]bool{}, atKey: true})
				maxDepth = max(maxDepth, len(stack))
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		}
		if top != nil && top.object {
			if top.atKey {
				k := tok.(string)
				dup = dup || top.keys[k]
				top.keys[k] = true
			}
			top.atKey = !top.atKey
		}
	}
}
