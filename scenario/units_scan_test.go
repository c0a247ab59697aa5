package scenario

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// numPattern is a number as the scanners of units_scan.go read it.
const numPattern = `-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`

// The scanners of units_scan.go against the patterns they stand for, on
// chosen texts and on random ones built of the pieces that matter: the
// same matches, groups and replacements.
func TestUnitScannersAreThePatterns(t *testing.T) {
	lengthRE := regexp.MustCompile(`(^|[^\w.\-])(?:(` + numPattern + `) x (` + numPattern + `)|(` + numPattern + `))(?: ?(?:in|inches|inch)\b|"|″)`)
	tupleRE := regexp.MustCompile(`\((` + numPattern + `)((?:, ?` + numPattern + `){1,2})\)`)
	inputs := []string{
		"", "5 in", "5in", "5.00 in.", `8.00"`, "8″", "6 x 4 in", "6 x 4", "6 x 4 inches", "-3.5e-2 inch", "x5 in", "a.5 in",
		"(5 in)", "5 inchesx", "5 in5", "(1.00, 1.00)", "(10, 8, 0.5)", "(1, 2, 3, 4)", "(1,2)", "(1)", "(1, )", "((1, 2))",
		"é5 in", "\xff5 in", "5 x 4 x 3 in", "5 x in", "1e5 in", "1e in", "1. in", "-5 in", "--5 in", "5  in",
	}
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"5", "12", ".", "-", "e", "E", "+", "3", " ", "x", " x ", "in", "inches", "inch", "ch", "es", `"`, "″",
		"(", ")", ",", ", ", "a", "_", "é", "\xff", "\n"}
	for range 60000 {
		var sb strings.Builder
		for range r.IntN(12) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		inputs = append(inputs, sb.String())
	}
	show := func(m lengthMatch) string {
		return "<" + m.before + "|" + m.width + "|" + m.depth + "|" + m.single + ">"
	}
	for _, s := range inputs {
		got := replaceLengths(s, show)
		want := lengthRE.ReplaceAllStringFunc(s, func(m string) string {
			g := lengthRE.FindStringSubmatch(m)
			return show(lengthMatch{before: g[1], width: g[2], depth: g[3], single: g[4]})
		})
		if got != want {
			t.Errorf("replaceLengths(%q) = %q, want %q", s, got, want)
		}
		mark := func(m string) string { return "<" + m + ">" }
		if got, want := replaceTuples(s, mark), tupleRE.ReplaceAllStringFunc(s, mark); got != want {
			t.Errorf("replaceTuples(%q) = %q, want %q", s, got, want)
		}
	}
}
