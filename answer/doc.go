// Package answer runs a scenario's queries against its battlefield and
// shapes the answers the CLI prints: the spec's answer fields (in inches,
// and also in the file's units where they differ), the full structured
// result from the package that computed it, and one plain sentence.
//
// It is the top of the library's dependency graph: geom <- terrain <-
// scenario, los, movement <- rulesets <- answer <- cmd/sightline.
package answer
