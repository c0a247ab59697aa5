//go:build !sightline_nofast

package los

// fastPaths is true except in a build with the tag sightline_nofast (the
// WebAssembly module, js/build.sh: there size counts more than speed).
// Where it is false, the float-first fast paths that hand every doubtful
// case to an exact path are neither called nor linked: convexFast before
// prismConvexExact, prismSegmentFast before prismSegment, the filter's
// initShot before initSegment. The exact paths give the same answers,
// more slowly.
const fastPaths = true
