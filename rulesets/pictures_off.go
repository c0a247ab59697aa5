//go:build sightline_nopictures

package rulesets

// Pictures is false in a build with the tag sightline_nopictures: answers
// carry no pictures (see pictures.go).
const Pictures = false
