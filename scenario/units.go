package scenario

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/sightline/sightline/terrain"
)

// Every length in memory is in inches; a file in cm or mm reads its
// answers in its own units. Rather than teach every explanation and error
// message of every game about units, the text is rewritten once, here:
// a number written as a length ("5.00 in", `8.00"`) becomes the file's
// length with the inches beside it ("12.7 cm (5 in)"), and a point written
// as a tuple ("(1.00, 1.00)", "(10, 8, 0.5)") is given in the file's units,
// like the file's own coordinates. Numbers without a length unit (bearings,
// percentages, dice, clause numbers such as "(5.3)") are left alone.

// UnitText rewrites lengths in a text.
type UnitText struct {
	Name     string  // "cm" or "mm"; "" or "in" leaves texts alone
	PerInch  float64 // file units per inch (2.54, 25.4)
	Decimals int     // decimals kept in the file's units
}

// UnitTextOf returns the UnitText of a file's "units" value ("in" or "" rewrite
// nothing).
func UnitTextOf(name string) UnitText {
	switch name {
	case "cm":
		return UnitText{Name: "cm", PerInch: 2.54, Decimals: 2}
	case "mm":
		return UnitText{Name: "mm", PerInch: 25.4, Decimals: 1}
	}
	return UnitText{}
}

// Active reports whether u rewrites anything.
func (u UnitText) Active() bool { return u.Name != "" && u.Name != "in" && u.PerInch > 0 }

// Localize returns text with its lengths in u's units and the inches
// beside them, and its points in u's units.
func (u UnitText) Localize(text string) string {
	if !u.Active() {
		return text
	}
	text = replaceLengths(text, func(l lengthMatch) string {
		if l.single == "" {
			w, err1 := strconv.ParseFloat(l.width, 64)
			d, err2 := strconv.ParseFloat(l.depth, 64)
			if err1 != nil || err2 != nil {
				return l.text
			}
			return l.before + u.snap(w, decimalsOf(l.width)) + " x " + u.snap(d, decimalsOf(l.depth)) + " " + u.Name +
				" (" + trim(w, 2) + " x " + trim(d, 2) + " in)"
		}
		v, err := strconv.ParseFloat(l.single, 64)
		if err != nil || math.IsInf(v, 0) {
			return l.text
		}
		return l.before + u.snap(v, decimalsOf(l.single)) + " " + u.Name + " (" + trim(v, 2) + " in)"
	})
	return replaceTuples(text, func(m string) string {
		parts := strings.Split(strings.Trim(m, "()"), ",")
		out := make([]string, len(parts))
		for i, p := range parts {
			p = strings.TrimSpace(p)
			v, err := strconv.ParseFloat(p, 64)
			if err != nil {
				return m
			}
			out[i] = u.snap(v, decimalsOf(p))
		}
		return "(" + strings.Join(out, ", ") + ")"
	})
}

// snap writes inches, printed with d decimals, in u's units: the
// shortest number (at most u.Decimals decimals) that the printed inches
// may stand for, so a 20 cm position printed as "7.87" in reads "20", not
// "19.99".
func (u UnitText) snap(inches float64, d int) string {
	v := inches * u.PerInch
	tol := 0.5 * math.Pow(10, -float64(d)) * u.PerInch
	for k := 0; k < u.Decimals; k++ {
		p := math.Pow(10, float64(k))
		if r := math.Round(v*p) / p; math.Abs(r-v) <= tol {
			return trim(r, k)
		}
	}
	return trim(v, u.Decimals)
}

// decimalsOf returns how many decimals the number s is written with, 9
// for numbers printed exactly.
func decimalsOf(s string) int {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		return 9 // exponent form: treat as exact
	}
	if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 >= 2 {
		return len(s) - i - 1 // "%.2f" and finer: rounded
	}
	return 9 // an integer or "0.5" is a rule's constant or a %g: exact
}

// Value converts a length in inches to u's units, rounded to u.Decimals.
func (u UnitText) Value(inches float64) float64 {
	p := math.Pow(10, float64(u.Decimals))
	return math.Round(inches*u.PerInch*p) / p
}

// Format writes a value in u's units with at most u.Decimals decimals and
// no trailing zeros.
func (u UnitText) Format(v float64) string { return trim(v, u.Decimals) }

// trim formats v with at most d decimals and no trailing zeros.
func trim(v float64, d int) string {
	s := strconv.FormatFloat(v, 'f', d, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// Points converts a point's coordinates from inches to u's units.
func (u UnitText) Points(p []float64) []float64 {
	out := make([]float64, len(p))
	for i, v := range p {
		out[i] = u.Value(v)
	}
	return out
}

// localizedError is an error whose message gives lengths in the file's
// units; it unwraps to the original (its JSON path and kind).
type localizedError struct {
	msg string
	err error
}

// Error returns the message in the file's units.
func (e *localizedError) Error() string { return e.msg }

// Unwrap returns the error it rewrites.
func (e *localizedError) Unwrap() error { return e.err }

// LocalizeErr returns err with its message's lengths in u's units (err
// itself when nothing changes); errors.Is and errors.As see the original.
func (u UnitText) LocalizeErr(err error) error {
	if !u.Active() || err == nil {
		return err
	}
	msg := u.Localize(err.Error())
	if msg == err.Error() {
		return err
	}
	return &localizedError{msg: msg, err: err}
}

// localizeField rewrites the lengths of a path error's message (not its
// path) in u's units, keeping its type: terrain.New speaks inches.
func (u UnitText) localizeField(err error) error {
	var fe *terrain.FieldError
	if !u.Active() || !errors.As(err, &fe) {
		return err
	}
	msg := fe.Err.Error()
	if l := u.Localize(msg); l != msg {
		fe.Err = &localizedError{msg: l, err: fe.Err}
	}
	return err
}
