package jsapi

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/scenario"
)

// TestResultsAreTheCLIs checks the runner against package answer, which
// "sightline check --json" prints: the same answers, byte for byte once
// both are compacted, for the default scenario and every example.
func TestResultsAreTheCLIs(t *testing.T) {
	docs := map[string][]byte{"default": scenario.DefaultJSON()}
	files, _ := filepath.Glob("../examples/*/scenario.json")
	files = append(files, "../answer/testdata/generic.json", "../cmd/sightline/testdata/range-cm.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[f] = b
	}
	for name, doc := range docs {
		f, err := scenario.DecodeBytes(doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		answers, errs := answer.Run(f)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		// as the CLI writes it (no HTML escaping), compact
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		warns := f.Warnings()
		if warns == nil {
			warns = []scenario.Warning{}
		}
		if err := enc.Encode(struct {
			Results  []*answer.Answer   `json:"results"`
			Warnings []scenario.Warning `json:"warnings"`
		}{answers, warns}); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		tb, err := Open(doc)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tb.Results()
		if err != nil {
			t.Fatalf("%s: Results: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: Results differ from package answer's:\n%s\nwant\n%s", name, got, want)
		}
	}
}
