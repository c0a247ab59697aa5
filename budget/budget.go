package budget

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
)

// ErrExceeded is wrapped by every error a Budget returns: the operation
// limit was reached or the context ended.
var ErrExceeded = errors.New("work budget exceeded")

// Budget is the work allowance of one query (or of one request's queries,
// which then share it). The nil *Budget is unlimited and never stops. A
// Budget is safe for concurrent use.
type Budget struct {
	// ctxErr is the context's Err method, nil for a context that is never
	// done. A method value rather than the context.Context itself: a field
	// of interface type context.Context would make every method of
	// time.Time reachable through reflection (Deadline returns one), which
	// links time's formatting and parsing, about 25 KB of gzip, into the
	// WebAssembly module.
	ctxErr func() error
	limit  int64
	used   atomic.Int64
	parent *Budget // also charged; its limit and context also stop this one
}

// New returns a Budget of limit operations (0: no operation limit) that
// also stops when ctx is done.
func New(ctx context.Context, limit int64) *Budget {
	if limit < 0 {
		limit = 0
	}
	if ctx == context.Background() || ctx == context.TODO() {
		ctx = nil // never done: skip the look
	}
	b := &Budget{limit: limit}
	if ctx != nil {
		b.ctxErr = ctx.Err
	}
	return b
}

// Ops returns a Budget of limit operations with no context. It builds the
// Budget itself rather than through New with context.Background, so that a
// program using only Ops links no context value (see Budget.ctxErr).
func Ops(limit int64) *Budget {
	return &Budget{limit: max(limit, 0)}
}

// Within returns a Budget of limit operations (0: none of its own) whose
// work is also charged to parent, and which stops when parent does (its
// limit, its context): a part of a query with a cap of its own (a search's
// default allowance) that still counts against the whole query's budget.
// Within(nil, limit) is Ops(limit).
func Within(parent *Budget, limit int64) *Budget {
	b := Ops(limit)
	b.parent = parent
	return b
}

// ctxEvery is how many operations pass between two looks at the context:
// ctx.Err takes a lock, so it is consulted about once per millisecond of
// work rather than per operation.
const ctxEvery = 1 << 14

// Spend charges n operations and returns an error wrapping ErrExceeded
// (and the context's error, when that is why) once the limit is passed or
// the context is done. After the first error every later call fails too.
func (b *Budget) Spend(n int64) error {
	if b == nil {
		return nil
	}
	u := b.used.Add(n)
	if b.limit > 0 && u > b.limit {
		return &Error{Limit: b.limit, Used: u}
	}
	if b.ctxErr != nil && (n >= ctxEvery || u/ctxEvery != (u-n)/ctxEvery) {
		if err := b.ctxErr(); err != nil {
			return &Error{Limit: b.limit, Used: u, Cause: err}
		}
	}
	return b.parent.Spend(n)
}

// Err reports, without charging anything, whether the budget is spent or
// its context done.
func (b *Budget) Err() error {
	if b == nil {
		return nil
	}
	u := b.used.Load()
	if b.limit > 0 && u > b.limit {
		return &Error{Limit: b.limit, Used: u}
	}
	if b.ctxErr != nil {
		if err := b.ctxErr(); err != nil {
			return &Error{Limit: b.limit, Used: u, Cause: err}
		}
	}
	return b.parent.Err()
}

// Used returns the operations charged so far.
func (b *Budget) Used() int64 {
	if b == nil {
		return 0
	}
	return b.used.Load()
}

// Limit returns the operation limit (0: none).
func (b *Budget) Limit() int64 {
	if b == nil {
		return 0
	}
	return b.limit
}

// Error is a spent budget: the limit, the operations charged when it was
// noticed and, when the context ended first, the context's error.
type Error struct {
	Limit, Used int64
	Cause       error // context.Canceled or context.DeadlineExceeded, or nil
}

// Error says which bound stopped the work and what to do about it.
func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("stopped after %d operations: %v (allow more time, e.g. a longer --timeout): %v", e.Used, e.Cause, ErrExceeded)
	}
	return fmt.Sprintf("stopped after %d operations, the limit is %d (simplify the table or raise the limit): %v", e.Used, e.Limit, ErrExceeded)
}

// Unwrap returns ErrExceeded and the context's error, if any, so that
// errors.Is finds both.
func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{ErrExceeded, e.Cause}
	}
	return []error{ErrExceeded}
}

// Counter batches a loop's charges: Add is a local increment, and the
// Budget is charged (and consulted) only every Every operations, keeping
// the atomic off the hot path. Limit, when positive, is the counter's own
// bound, a default that applies whether or not a Budget is set; the zero
// Counter never stops.
type Counter struct {
	B       *Budget
	Limit   int64
	total   int64
	pending int64
}

// Every is how many operations a Counter batches before charging them.
const Every = 4096

// Add counts n operations and charges the batch when it is full.
func (c *Counter) Add(n int) error {
	c.pending += int64(n)
	if c.pending < Every {
		return nil
	}
	return c.Flush()
}

// Flush charges the pending operations now.
func (c *Counter) Flush() error {
	p := c.pending
	c.pending = 0
	c.total += p
	if c.Limit > 0 && c.total > c.Limit {
		return &Error{Limit: c.Limit, Used: c.total}
	}
	return c.B.Spend(p)
}

// Used returns the operations counted so far, pending ones included.
func (c *Counter) Used() int64 { return c.total + c.pending }
