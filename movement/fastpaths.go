//go:build !sightline_nofast

package movement

// fastPaths is true except in a build with the tag sightline_nofast (the
// WebAssembly module, js/build.sh: there size counts more than speed).
// Where it is false, the float-first fast paths that hand every doubtful
// case to an exact path (the call-free ring scans scanRingBuf and
// scanChain before scanRingFrom; geom.OffsetConvex, trusting a convex
// piece the battlefield validated, before geom.Offset) are not called and
// not linked: the exact paths give the same answers, more slowly. So are
// the written-out forms of the weighted search's per-edge work that
// compute the same values (regionsExtra for difficultExtra, edgesWithin
// for the contact test, the packed local scene and
// nearInside for the region mask and addInside).
const fastPaths = true
