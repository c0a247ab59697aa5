package scenario

import (
	"encoding/json"
	"os"
	"testing"
)

// TestSchemaNamesEveryField checks that every property name the decoder
// accepts appears in docs/scenario.schema.json, so the two cannot drift.
func TestSchemaNamesEveryField(t *testing.T) {
	b, err := os.ReadFile("../docs/scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema any
	if err := json.Unmarshal(b, &schema); err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	names := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if props, ok := v["properties"].(map[string]any); ok {
				for k := range props {
					names[k] = true
				}
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(schema)
	for _, f := range acceptedFields() {
		if !names[f] {
			t.Errorf("field %q accepted by the decoder is missing from the schema", f)
		}
	}
	if len(names) < len(acceptedFields())/2 {
		t.Errorf("schema names only %d properties", len(names))
	}
}
