package jsapi

// The games of the example scenarios; package jsapi itself links only the
// generic rules, and the WebAssembly command picks the others.
import (
	_ "github.com/sightline/sightline/rulesets/codered"
	_ "github.com/sightline/sightline/rulesets/dropzone"
	_ "github.com/sightline/sightline/rulesets/firestorm"
	_ "github.com/sightline/sightline/rulesets/grimdark"
	_ "github.com/sightline/sightline/rulesets/terminator"
)
