package docs

import (
	"encoding/json"
	"os"
	"testing"
)

func TestScenarioSchema(t *testing.T) {
	b := ScenarioSchema()
	if !json.Valid(b) {
		t.Fatal("the embedded schema is not JSON")
	}
	file, err := os.ReadFile("scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(file) {
		t.Error("ScenarioSchema() differs from docs/scenario.schema.json")
	}
	b[0] = 'x'
	if ScenarioSchema()[0] == 'x' {
		t.Error("ScenarioSchema returns the embedded bytes themselves, not a copy")
	}
}
