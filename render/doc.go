// Package render draws a Battlefield and the answers about it as pictures:
// a top-down plan with overlays (sightlines, arcs, ranges, paths, coherency
// links, templates), a vertical profile along a sightline, and verdict sheets
// combining both with the verdict text.
package render
