// Package scenario reads and writes Sightline scenario files (format v1):
// one table state with its terrain and models, plus the questions asked
// about it.
//
// Decoding is strict: every error is a *Error naming the JSON path of the
// offending value (for example "terrain[3].footprint[2]") and the value
// itself, and wraps one of the sentinel errors (ErrSyntax, ErrUnknownField,
// ErrType, ErrValue, ErrMissing, ErrTooLarge) for errors.Is. All lengths in
// memory are inches, converted on load from the file's units; Encode always
// writes inches. A decoded File is treated as immutable.
//
// The full format is documented in docs/scenario-format.md and
// docs/scenario.schema.json.
package scenario
