package los_test

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeExampleInSync checks that README.md's usage example is the body
// of Example_readme, line for line (ignoring indentation).
func TestReadmeExampleInSync(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_readme_test.go")
	if err != nil {
		t.Fatal(err)
	}
	block := between(string(readme), "```go\n", "```")
	body := between(string(src), "func Example_readme() {\n", "\n}")
	if norm(block) != norm(body) {
		t.Errorf("README example and Example_readme differ:\nREADME:\n%s\nexample:\n%s", norm(block), norm(body))
	}
}

func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	s = s[i+len(from):]
	if j := strings.Index(s, to); j >= 0 {
		s = s[:j]
	}
	return s
}

func norm(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
