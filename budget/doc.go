// Package budget bounds the work of one query: a count of operations and,
// optionally, a context whose cancellation or deadline stops the work. The
// hot loops of the geometry packages charge their work to a *Budget a few
// thousand operations at a time, so a query on a hostile input stops with a
// clear error instead of running on, and a service's timed-out request
// stops computing instead of being discarded after the fact.
//
// An operation is one unit of a loop's inner work (a heap pop, a candidate
// edge examined, a sample placed); the packages document what they count.
// Counting operations rather than time makes the bound deterministic: the
// same query on the same input stops at the same point on every machine,
// and tests assert on it without timing anything.
package budget
