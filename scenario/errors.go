package scenario

import (
	"errors"
	"fmt"

	"github.com/sightline/sightline/terrain"
)

// Sentinel errors wrapped by every *Error; test with errors.Is.
var (
	ErrSyntax       = errors.New("syntax error")           // malformed JSON, trailing data, empty input, duplicate key
	ErrUnknownField = errors.New("unknown field")          // a field the format does not define at that place
	ErrType         = errors.New("wrong type")             // a value of the wrong JSON type
	ErrValue        = errors.New("invalid value")          // right type, value out of range or not allowed
	ErrMissing      = errors.New("missing required field") // a required field is absent
	ErrTooLarge     = errors.New("too large")              // input or a list exceeds a documented limit
)

// Error is a decoding or validation error at one place in a scenario (or
// GeoJSON) file: the library's one path-error type, terrain.FieldError.
// Path is a JSON-like path from the document root ("terrain[3].footprint[0]",
// "queries[2].to"; "" for the whole document); Value is the offending JSON
// value in compact form ("" when absent). Err wraps one of the sentinel
// errors.
type Error = terrain.FieldError

// kindError is a message that unwraps to a sentinel without repeating the
// sentinel's text.
type kindError struct {
	kind error
	msg  string
}

// Error returns the message.
func (k *kindError) Error() string { return k.msg }

// Unwrap returns the wrapped errors, for errors.Is and errors.As.
func (k *kindError) Unwrap() error { return k.kind }

// newError returns a *Error at path with a message formatted from format
// and args, wrapping kind.
func newError(kind error, path, value, format string, args ...any) *Error {
	return &Error{Path: path, Value: value, Err: &kindError{kind: kind, msg: fmt.Sprintf(format, args...)}}
}
