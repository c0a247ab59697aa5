//go:build !sightline_nofast

package movement

// fastPaths is true except in a build with the tag sightline_nofast (the
// WebAssembly module, js/build.sh: there size counts more than speed).
// Where it is false, the float-first fast paths that hand every doubtful
// case to an exact path (the call-free ring scans scanRingBuf and
// scanChain before scanRingFrom; geom.OffsetConvex, trusting a convex
// piece the battlefield validated, before geom.Offset) are not called and
// not linked: the exact paths give the same answers, more slowly.
const fastPaths = true
