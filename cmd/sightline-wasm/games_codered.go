//go:build js && wasm && (!sightline_games || sightline_codered)

package main

// The codered ruleset: linked unless the build picks its games with the tag
// sightline_games and leaves this one out (see js/build.sh).
import _ "github.com/sightline/sightline/rulesets/codered"
