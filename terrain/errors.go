package terrain

import (
	"errors"
	"fmt"
)

// Sentinel errors wrapped by the errors New returns; test for them with
// errors.Is.
var (
	// ErrInvalidValue: a number that is NaN, infinite, out of range, or an
	// unknown or missing enumeration value.
	ErrInvalidValue = errors.New("invalid value")
	// ErrInvalidGeometry: a footprint that is not a valid simple polygon,
	// or a wall that is not on its building's boundary.
	ErrInvalidGeometry = errors.New("invalid geometry")
	// ErrDuplicateID: two pieces or models with the same id (pieces and
	// models share one namespace), or two walls of a building.
	ErrDuplicateID = errors.New("duplicate id")
	// ErrUnknownID: a reference to a piece or wall that does not exist.
	ErrUnknownID = errors.New("unknown id")
	// ErrOffTable: a piece or model not on the table.
	ErrOffTable = errors.New("off the table")
	// ErrNotAllowed: a combination the model forbids (for example a vehicle
	// in a garrison).
	ErrNotAllowed = errors.New("not allowed")
	// ErrBuried: a model placed inside a solid piece, or between the
	// floors of a building, where no surface is at its height.
	ErrBuried = errors.New("buried in terrain")
)

// FieldError is an error about one place in the input: the path error of
// the whole library (scenario.Error is the same type). Path is absolute, a
// JSON-like path from the document root in the layout of the scenario
// file ("terrain[3].footprint[0]", "queries[2].weapon.range"; "" for the
// whole document); Value is the offending JSON value in compact form (""
// when absent); Err is the cause, which wraps a sentinel error.
type FieldError struct {
	Path  string
	Value string
	Err   error
}

// Error returns "path: err", or err alone when the path is empty.
func (e *FieldError) Error() string {
	if e.Path == "" {
		return UserMessage(e.Err.Error())
	}
	return e.Path + ": " + UserMessage(e.Err.Error())
}

// Unwrap returns the underlying error.
func (e *FieldError) Unwrap() error { return e.Err }

// AtPath returns err as an error at path: err itself when it already
// holds a *FieldError (whose path is absolute already), otherwise
// &FieldError{Path: path, Err: err}. A path is thus prefixed exactly once,
// by the innermost layer that knows it.
func AtPath(path string, err error) error {
	var fe *FieldError
	if err == nil || errors.As(err, &fe) {
		return err
	}
	return &FieldError{Path: path, Err: err}
}

// detailError is a message that wraps a sentinel (and optionally a cause)
// without repeating the sentinel's text.
type detailError struct {
	msg   string
	kind  error
	cause error
}

// Error returns the message.
func (e *detailError) Error() string { return e.msg }

// Unwrap returns the wrapped errors, for errors.Is and errors.As.
func (e *detailError) Unwrap() []error {
	if e.cause != nil {
		return []error{e.kind, e.cause}
	}
	return []error{e.kind}
}

// fieldErr returns a *FieldError at path whose message is the formatted
// text and which wraps kind.
func fieldErr(path string, kind error, format string, args ...any) error {
	return &FieldError{Path: path, Err: &detailError{msg: fmt.Sprintf(format, args...), kind: kind}}
}

// fieldCause is fieldErr with the message and chain of cause.
func fieldCause(path string, kind, cause error) error {
	return &FieldError{Path: path, Err: &detailError{msg: cause.Error(), kind: kind, cause: cause}}
}
