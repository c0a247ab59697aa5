package fuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// addScenarioSeeds adds the default scenario and every scenario test file
// of the repository as seeds.
func addScenarioSeeds(f *testing.F) {
	f.Add(scenario.DefaultJSON())
	files, _ := filepath.Glob("../scenario/testdata/*.json")
	more, _ := filepath.Glob("../scenario/testdata/*/*.json")
	for _, name := range append(files, more...) {
		b, err := os.ReadFile(name)
		if err == nil {
			f.Add(b)
		}
	}
}

// FuzzScenario decodes arbitrary bytes and, when they form a valid
// scenario, answers every query. Properties: no panic; a decode error is a
// *scenario.Error (or names a path); each query yields an answer or a
// path error naming the query (or one error naming the ruleset or options,
// which no query can be answered without); answers encode as JSON.
func FuzzScenario(f *testing.F) {
	addScenarioSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := scenario.DecodeBytes(data)
		if err != nil {
			var se *scenario.Error
			if !errors.As(err, &se) {
				t.Fatalf("decode error %v (%T) is not a *scenario.Error", err, err)
			}
			return
		}
		if file.Battlefield() == nil {
			t.Fatal("valid file without a battlefield")
		}
		answers, errs := answer.Run(file)
		for _, e := range errs {
			var fe *terrain.FieldError
			if !errors.As(e, &fe) || fe.Path == "" {
				t.Fatalf("query error %v (%T) does not name a path", e, e)
			}
		}
		var fe *terrain.FieldError
		wholeFile := len(errs) == 1 && len(answers) == 0 && errors.As(errs[0], &fe) &&
			(fe.Path == "ruleset" || strings.HasPrefix(fe.Path, "options"))
		if !wholeFile && len(answers) != len(file.Queries) {
			t.Fatalf("%d answers for %d queries: every query gets an answer or an error", len(answers), len(file.Queries))
		}
		failed := 0
		for i, a := range answers {
			if a.ID != file.Queries[i].ID {
				t.Fatalf("answer %d is %s, want %s: answers keep the file's order", i, a.ID, file.Queries[i].ID)
			}
			if a.Err != nil {
				failed++
			}
		}
		if !wholeFile && failed != len(errs) {
			t.Fatalf("%d answers carry errors, %d errors reported", failed, len(errs))
		}
		for _, a := range answers {
			var buf bytes.Buffer
			if err := json.NewEncoder(&buf).Encode(a); err != nil {
				t.Fatalf("answer %s does not encode: %v", a.ID, err)
			}
			if !json.Valid(buf.Bytes()) {
				t.Fatalf("answer %s encodes to invalid JSON", a.ID)
			}
		}
	})
}
