package movement

import "errors"

var (
	// ErrInvalid means an argument is NaN, infinite, out of range or
	// otherwise unusable; the message names the field and value.
	ErrInvalid = errors.New("invalid argument")
	// ErrUnknownModel means a model id is not on the battlefield.
	ErrUnknownModel = errors.New("unknown model")
	// ErrUnknownSquad means a squad has no models on the battlefield.
	ErrUnknownSquad = errors.New("unknown squad")
	// ErrNoPath means no legal route exists.
	ErrNoPath = errors.New("no path")
	// ErrLimit means the query stopped at a work limit (its Budget or
	// DefaultRouteWork) before it could settle the answer: it does not
	// mean that no route exists. The error also wraps budget.ErrExceeded.
	ErrLimit = errors.New("work limit reached before the answer was settled")
)
