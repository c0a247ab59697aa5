package geom

import (
	"math"

	"github.com/golang/geo/r1"

	"github.com/golang/geo/s1"
)

// Degrees returns the angle of d degrees.
func Degrees(d float64) s1.Angle { return s1.Angle(d) * s1.Degree }

// NormalizeAngle returns a reduced into the half-open range (-pi, pi]: the
// same direction, so that -pi becomes pi. NaN and ±Inf give NaN.
func NormalizeAngle(a s1.Angle) s1.Angle {
	r := math.Remainder(float64(a), 2*math.Pi) // exact, in [-pi, pi]
	if r <= -math.Pi {
		r = math.Pi
	}
	return s1.Angle(r)
}

// r1Interval returns the closed interval [lo, hi].
func r1Interval(lo, hi float64) r1.Interval { return r1.Interval{Lo: lo, Hi: hi} }
