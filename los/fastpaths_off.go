//go:build sightline_nofast

package los

// fastPaths is false in a build with the tag sightline_nofast: see
// fastpaths.go.
const fastPaths = false
