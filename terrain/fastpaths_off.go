//go:build sightline_nofast

package terrain

// fastPaths is false in a build with the tag sightline_nofast: see
// fastpaths.go.
const fastPaths = false
