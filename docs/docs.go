// Package docs holds the project's documentation; as Go code it only embeds
// the machine-readable documents that programs serve, so the served copy
// cannot drift from the documented one.
package docs

import _ "embed"

//go:embed scenario.schema.json
var schema []byte

// ScenarioSchema returns a copy of the JSON Schema of the scenario file
// format (docs/scenario.schema.json).
func ScenarioSchema() []byte { return append([]byte(nil), schema...) }
