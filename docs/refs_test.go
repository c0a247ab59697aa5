package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// outside matches a reference to a file outside the repository: the
// rulebook sources and digests the project was built from, an absolute
// machine path, or a relative path climbing out of the tree.
var outside = regexp.MustCompile("`shared/|\\(\\.\\./\\.\\./|/work/|\\.\\./shared")

// TestNoReferencesOutsideTheRepository: a reader has the repository only,
// so the docs cite rulebooks by title and edition.
func TestNoReferencesOutsideTheRepository(t *testing.T) {
	var files []string
	for _, g := range []string{"*.md", "rulesets/*.md", "../README.md"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d docs", len(files))
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if m := outside.Find(b); m != nil {
			t.Errorf("%s refers to %q, outside the repository", name, m)
		}
	}
}
