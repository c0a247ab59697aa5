//go:build !sightline_nooverlay

package geom

// overlayBuilt reports whether this test build has the general polygon
// overlay (offset_union.go).
const overlayBuilt = true
