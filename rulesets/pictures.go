//go:build !sightline_nopictures

package rulesets

// Pictures reports whether answers carry their pictures (Result.Picture).
// It is true except in a build with the tag sightline_nopictures, which the
// WebAssembly module uses: the module answers in JSON and never draws, so
// there Result.Draw keeps nothing and every Draw call sits under
// `if Pictures` (Dropzone's part builders, which feed its drawn helper,
// return nothing), so the compiler leaves the picture-building code and
// the parts' captions out (about 42 KB of gzip of the module with every
// game).
const Pictures = true
