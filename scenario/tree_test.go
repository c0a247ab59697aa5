package scenario

import (
	"errors"
	"strings"
	"testing"
)

func TestParseTreeErrors(t *testing.T) {
	tests := []struct {
		in   string
		kind error
		msg  string
	}{
		{``, ErrSyntax, "r: empty input"},
		{" \n\t", ErrSyntax, "r: empty input"},
		{`{"a": 1,, }`, ErrSyntax, "r: line 1, column 9: invalid character ',' looking for beginning of object key string"},
		{`{"a" 1}`, ErrSyntax, "r: line 1, column 6: invalid character '1' after object key"},
		{`[1,2,]`, ErrSyntax, "r: line 1, column 6: invalid character ']' looking for beginning of value"},
		{"[\n 1,\n é]", ErrSyntax, "r: line 3, column 2: invalid character 'é' looking for beginning of value"},
		{`["é", 'x']`, ErrSyntax, `r: line 1, column 7: invalid character '\'' looking for beginning of value`},
		{`[1.e5]`, ErrSyntax, "r: line 1, column 4: invalid character 'e' after decimal point in numeric literal"},
		{`{"a":"\x"}`, ErrSyntax, "r: line 1, column 8: invalid character 'x' in string escape code"},
		{"\"a\nb\"", ErrSyntax, `r: line 1, column 3: invalid character '\n' in string literal`},
		{`[tx]`, ErrSyntax, "r: line 1, column 3: invalid character 'x' in literal true (expecting 'r')"},
		{`{"a":1`, ErrSyntax, "r: line 1, column 7: unexpected end of input"},
		{`-0.`, ErrSyntax, "r: line 1, column 4: unexpected end of input"},
		{`"\u00`, ErrSyntax, "r: line 1, column 6: unexpected end of input"},
		{`01`, ErrSyntax, "r: line 1, column 2: trailing data after the top-level value"},
		{"{}\n\n x", ErrSyntax, "r: line 3, column 2: trailing data after the top-level value"},
		{"[\"ok\", \"\xff\"]", ErrSyntax, "r: line 1, column 9: invalid UTF-8"},
		{`{"a": {"b": [1, {"c": 1, "c": 2}]}}`, ErrSyntax, `r.a.b[1].c: duplicate key "c"`},
		{`{"odd key": {"x": 1, "x": 2}}`, ErrSyntax, `r["odd key"].x: duplicate key "x"`},
		{`[` + strings.Repeat(`{"k":`, MaxDepth) + `1` + strings.Repeat("}", MaxDepth) + `]`, ErrTooLarge, "r[0]" + strings.Repeat(".k", MaxDepth-1) + ": nesting deeper than 64 levels"},
	}
	for _, tt := range tests {
		_, err := parseTree([]byte(tt.in), "r")
		if err == nil || err.Error() != tt.msg || !errors.Is(err, tt.kind) {
			t.Errorf("parseTree(%q) error = %v, want %q (%v)", tt.in, err, tt.msg, tt.kind)
		}
	}
}

func TestParseTreeKeepsLiterals(t *testing.T) {
	in := `{"b": [1.50, -0e+3, 1E400, true, null, "\u00e9\ud800"], "a": {}}`
	n, err := parseTree([]byte(in), "")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"b":[1.50,-0e+3,1E400,true,null,"é` + "\uFFFD" + `"],"a":{}}`
	if got := string(n.raw()); got != want {
		t.Errorf("parseTree(%s).raw() = %s, want %s", in, got, want)
	}
}
