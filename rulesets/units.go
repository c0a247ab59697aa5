package rulesets

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Every length in memory is in inches; a file in cm or mm reads its
// answers in its own units. Rather than teach every explanation and error
// message of every game about units, the text is rewritten once, here:
// a number written as a length ("5.00 in", `8.00"`) becomes the file's
// length with the inches beside it ("12.7 cm (5 in)"), and a point written
// as a tuple ("(1.00, 1.00)", "(10, 8, 0.5)") is given in the file's units,
// like the file's own coordinates. Numbers without a length unit (bearings,
// percentages, dice, clause numbers such as "(5.3)") are left alone.

// num is a decimal number as the answers print them.
const num = `-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`

var (
	// lengthRE matches a number followed by an inch unit; the first group
	// is what precedes it (not part of a word or number).
	lengthRE = regexp.MustCompile(`(^|[^\w.\-])(` + num + `)(?: ?(?:in|inches|inch)\b|"|″)`)
	// tupleRE matches a point (x, y) or (x, y, z).
	tupleRE = regexp.MustCompile(`\((` + num + `)((?:, ?` + num + `){1,2})\)`)
)

// Units rewrites lengths in a text.
type Units struct {
	Name     string  // "cm" or "mm"; "" or "in" leaves texts alone
	PerInch  float64 // file units per inch (2.54, 25.4)
	Decimals int     // decimals kept in the file's units
}

// UnitsOf returns the Units of a file's "units" value ("in" or "" rewrite
// nothing).
func UnitsOf(name string) Units {
	switch name {
	case "cm":
		return Units{Name: "cm", PerInch: 2.54, Decimals: 2}
	case "mm":
		return Units{Name: "mm", PerInch: 25.4, Decimals: 1}
	}
	return Units{}
}

// Active reports whether u rewrites anything.
func (u Units) Active() bool { return u.Name != "" && u.Name != "in" && u.PerInch > 0 }

// Localize returns text with its lengths in u's units and the inches
// beside them, and its points in u's units.
func (u Units) Localize(text string) string {
	if !u.Active() {
		return text
	}
	text = lengthRE.ReplaceAllStringFunc(text, func(m string) string {
		g := lengthRE.FindStringSubmatch(m)
		v, err := strconv.ParseFloat(g[2], 64)
		if err != nil || math.IsInf(v, 0) {
			return m
		}
		return g[1] + u.snap(v, decimalsOf(g[2])) + " " + u.Name + " (" + trim(v, 2) + " in)"
	})
	return tupleRE.ReplaceAllStringFunc(text, func(m string) string {
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
func (u Units) snap(inches float64, d int) string {
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
func (u Units) Value(inches float64) float64 {
	p := math.Pow(10, float64(u.Decimals))
	return math.Round(inches*u.PerInch*p) / p
}

// Format writes a value in u's units with at most u.Decimals decimals and
// no trailing zeros.
func (u Units) Format(v float64) string { return trim(v, u.Decimals) }

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
func (u Units) Points(p []float64) []float64 {
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

func (e *localizedError) Error() string { return e.msg }
func (e *localizedError) Unwrap() error { return e.err }

// LocalizeErr returns err with its message's lengths in u's units (err
// itself when nothing changes); errors.Is and errors.As see the original.
func (u Units) LocalizeErr(err error) error {
	if !u.Active() || err == nil {
		return err
	}
	msg := u.Localize(err.Error())
	if msg == err.Error() {
		return err
	}
	return &localizedError{msg: msg, err: err}
}
