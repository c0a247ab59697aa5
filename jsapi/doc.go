// Package jsapi is the engine behind the WebAssembly build
// (cmd/sightline-wasm) and its JavaScript package (js/): a Table that a
// game client opens from a scenario document, edits between frames (models
// moved, turned, added, removed) and asks questions of. Arguments and
// answers are JSON text, shaped exactly as in scenario files and as
// "sightline check --json" prints them, so the same calls run under test
// on the host and behind syscall/js in the browser. Every error names the
// JSON path of the offending value, as the CLI's do.
package jsapi
