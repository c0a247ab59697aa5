package scenario

import (
	_ "embed"
	"sync"
)

//go:embed default.json
var defaultJSON []byte

var (
	defaultOnce sync.Once
	defaultFile *File
)

// Default returns the built-in example scenario: a 48 x 48 in town and
// countryside table with buildings, woods, a two-level hill, a low wall, a
// road, smoke, a field, vehicles, infantry (one base garrisoned), a walker
// and an aircraft on a flight stand, and queries of every core kind. The
// File is decoded once and shared: treat it as read-only. Default panics
// only if the embedded file is broken, which the package tests rule out.
func Default() *File {
	defaultOnce.Do(func() {
		f, err := DecodeBytes(defaultJSON)
		if err != nil {
			panic("scenario: embedded default.json is invalid: " + err.Error())
		}
		defaultFile = f
	})
	return defaultFile
}

// DefaultJSON returns a copy of the text of the built-in scenario.
func DefaultJSON() []byte { return append([]byte(nil), defaultJSON...) }
