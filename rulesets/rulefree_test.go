package rulesets_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The geometry packages know no game: they take parameters, and every
// rule-derived number lives in rulesets/<game> beside its clause.
var (
	clauseID = regexp.MustCompile(`\b(DZC|CR|FT|GF|TS)-[0-9]+`)
	gameWord = regexp.MustCompile(`(?i)\b(dropzone|dzc|code ?red|firestorm|grimdark|terminator)`)
)

// TestGeometryIsRuleFree fails when a rulebook clause id or a game's name
// appears in geom, terrain, los, movement, threat or tactics, tests and fuzz seeds included.
func TestGeometryIsRuleFree(t *testing.T) {
	for _, dir := range []string{"../geom", "../terrain", "../los", "../movement", "../threat", "../tactics"} {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if m := clauseID.FindString(line); m != "" {
					t.Errorf("%s:%d cites rule clause %s: move the rule to rulesets/<game>", path, i+1, m)
				}
				if m := gameWord.FindString(line); m != "" {
					t.Errorf("%s:%d names the game %q: the geometry takes parameters", path, i+1, m)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
