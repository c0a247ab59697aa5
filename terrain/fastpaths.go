//go:build !sightline_nofast

package terrain

// fastPaths is true except in a build with the tag sightline_nofast (the
// WebAssembly module, js/build.sh: there size counts more than speed).
// Where it is false, the grid's listings carry no marks (gridMarks: every
// CellEntry.Mark is 0), and a walk visits every listed occluder as
// before: the same answers, more slowly.
const fastPaths = true
