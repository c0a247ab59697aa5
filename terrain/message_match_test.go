package terrain

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The hand rewrites of message.go against the patterns they stand for, on
// chosen messages and on random ones built of the pieces that matter.
func TestMessageRewritesAreThePatterns(t *testing.T) {
	goDecode := regexp.MustCompile(`json: cannot unmarshal (\w+) into Go (?:struct field \S+|value) of type (\S+)`)
	geomPrefix := regexp.MustCompile(`\b(?:geom|los|movement|render|terrain): (?:[A-Z]\w*: )?`)
	wantDecode := func(msg string) string {
		return goDecode.ReplaceAllStringFunc(msg, func(m string) string {
			g := goDecode.FindStringSubmatch(m)
			return "want " + jsonKind(g[2]) + ", got " + g[1]
		})
	}
	inputs := []string{
		"",
		"json: cannot unmarshal string into Go struct field W.range of type float64",
		"a: json: cannot unmarshal number into Go value of type []string; b",
		"json: cannot unmarshal  into Go value of type int",
		"json: cannot unmarshal x into Go value of type ",
		"json: cannot unmarshal x into Go struct field  of type int",
		"geom: ConvexPieces: no ear", "los: blocked", "xgeom: a", "terrain: Bad:x", "movement: Path: movement: x",
		"render:x", "(geom: A_b1: c)", "geom: a: b",
	}
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"json: cannot unmarshal ", "json: cannot unmarshal json: cannot unmarshal ", "string", "x_1", " into Go ", "struct field ", "W.r", "value",
		" of type ", "float64", "[]int", " ", "\t", "é", "geom: ", "los: ", "terrain: ", "movement: ", "render: ", "Fn", "A", "b", ": ", ":", "_", "."}
	for range 30000 {
		var sb strings.Builder
		for range r.IntN(9) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		inputs = append(inputs, sb.String())
	}
	for _, s := range inputs {
		if got, want := rewriteDecodeErrors(s), wantDecode(s); got != want {
			t.Errorf("rewriteDecodeErrors(%q) = %q, want %q", s, got, want)
		}
		if got, want := dropPackagePrefixes(s), geomPrefix.ReplaceAllString(s, ""); got != want {
			t.Errorf("dropPackagePrefixes(%q) = %q, want %q", s, got, want)
		}
	}
}
