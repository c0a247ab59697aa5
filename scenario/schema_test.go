package scenario

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schema compiles docs/scenario.schema.json with a real JSON Schema
// (draft 2020-12) validator.
func schema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	doc, err := readJSON("../docs/scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("scenario.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readJSON(name string) (any, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(b))
}

// validFiles are every scenario file the CLI accepts that the repository
// holds: test data, examples and the embedded default.
func validFiles(t *testing.T) []string {
	var out []string
	for _, g := range []string{"testdata/*.json", "testdata/warn/*.json", "../examples/*/*.json", "../rulesets/*/testdata/*.json",
		"../rulesets/testdata/*.json", "../answer/testdata/*.json", "../cmd/sightline/testdata/*.json", "*.json"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

// TestSchemaAcceptsWhatTheCLIAccepts validates every file the decoder
// accepts against the schema, and checks that the schema rejects the files
// of testdata/schema-invalid, each of which the decoder rejects too.
func TestSchemaAcceptsWhatTheCLIAccepts(t *testing.T) {
	s := schema(t)
	n := 0
	for _, name := range validFiles(t) {
		if _, err := Load(name); err != nil {
			continue // not a scenario the CLI accepts (an answer file, say)
		}
		n++
		doc, err := readJSON(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(doc); err != nil {
			t.Errorf("%s: the CLI accepts it, the schema does not: %v", name, err)
		}
	}
	if n < 15 {
		t.Errorf("only %d valid files found", n)
	}
	var def any
	if err := json.Unmarshal(DefaultJSON(), &def); err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(def); err != nil {
		t.Errorf("default scenario: %v", err)
	}
	bad, _ := filepath.Glob("testdata/schema-invalid/*.json")
	if len(bad) == 0 {
		t.Fatal("no testdata/schema-invalid files")
	}
	for _, name := range bad {
		if _, err := Load(name); err == nil {
			t.Errorf("%s: the CLI accepts it; it belongs in testdata/", name)
		}
		doc, err := readJSON(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(doc); err == nil {
			t.Errorf("%s: the CLI rejects it, the schema accepts it", name)
		} else if testing.Verbose() {
			t.Logf("%s: %s", name, strings.SplitN(err.Error(), "\n", 2)[0])
		}
	}
}
