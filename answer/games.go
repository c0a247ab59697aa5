package answer

// The games a scenario's "ruleset" may name. Each package registers itself
// with package rulesets when imported; adding a game is one line here.
import (
	_ "github.com/sightline/sightline/rulesets/codered"
	_ "github.com/sightline/sightline/rulesets/dropzone"
	_ "github.com/sightline/sightline/rulesets/firestorm"
	_ "github.com/sightline/sightline/rulesets/generic"
	_ "github.com/sightline/sightline/rulesets/grimdark"
	_ "github.com/sightline/sightline/rulesets/terminator"
)
