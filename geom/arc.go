package geom

import (
	"math"
	"strconv"

	"github.com/golang/geo/s1"
)

// Arc is a closed arc of directions on the circle, running counter-clockwise
// from its start to its end and allowed to wrap through ±pi (a fire arc or an
// azimuth span). It is a thin wrapper over s1.Interval with s1.Angle
// endpoints.
//
// Boundary convention: arcs are closed, both end directions belong to the
// arc (Contains); InteriorContains excludes them. A zero-length arc holds a
// single direction. The zero value is the single direction 0. EmptyArc holds
// no direction and FullArc holds every direction. Arc values are immutable.
type Arc struct{ iv s1.Interval }

// EmptyArc returns the arc containing no direction.
func EmptyArc() Arc { return Arc{s1.EmptyInterval()} }

// FullArc returns the arc containing every direction.
func FullArc() Arc { return Arc{s1.FullInterval()} }

// ArcFromCenter returns the arc of total angular width width centred on the
// direction center (a 90° fire arc is ArcFromCenter(facing, Degrees(90))).
// A width of 2*pi or more gives FullArc, a width of 0 the single direction
// center, and a negative or NaN width (or NaN centre) the empty arc.
func ArcFromCenter(center, width s1.Angle) Arc {
	if math.IsNaN(float64(width)) || width < 0 || math.IsNaN(float64(center)) || math.IsInf(float64(center), 0) {
		return EmptyArc()
	}
	if width >= 2*math.Pi {
		return FullArc()
	}
	lo := NormalizeAngle(center - width/2)
	hi := NormalizeAngle(center + width/2)
	return Arc{s1.IntervalFromEndpoints(float64(lo), float64(hi))}
}

// ArcFromEndpoints returns the arc swept counter-clockwise from the direction
// from to the direction to. Equal directions give a single-direction arc (not
// the full circle); NaN or infinite endpoints give the empty arc.
func ArcFromEndpoints(from, to s1.Angle) Arc {
	f, t := float64(from), float64(to)
	if math.IsNaN(f) || math.IsNaN(t) || math.IsInf(f, 0) || math.IsInf(t, 0) {
		return EmptyArc()
	}
	return Arc{s1.IntervalFromEndpoints(float64(NormalizeAngle(from)), float64(NormalizeAngle(to)))}
}

// From returns the direction the arc starts at, in (-pi, pi]. It is
// meaningless for the empty and full arcs.
func (a Arc) From() s1.Angle { return NormalizeAngle(s1.Angle(a.iv.Lo)) }

// To returns the direction the arc ends at, in (-pi, pi]. It is meaningless
// for the empty and full arcs.
func (a Arc) To() s1.Angle { return NormalizeAngle(s1.Angle(a.iv.Hi)) }

// Center returns the direction halfway along the arc, in (-pi, pi].
func (a Arc) Center() s1.Angle { return NormalizeAngle(s1.Angle(a.iv.Center())) }

// IsEmpty reports whether the arc contains no direction.
func (a Arc) IsEmpty() bool { return a.iv.IsEmpty() }

// IsFull reports whether the arc contains every direction.
func (a Arc) IsFull() bool { return a.iv.IsFull() }

// Length returns the angular length of the arc: 0 for the empty arc and for
// a single direction, 2*pi for the full arc.
func (a Arc) Length() s1.Angle {
	if a.iv.IsEmpty() {
		return 0
	}
	return s1.Angle(a.iv.Length())
}

// Contains reports whether the direction d lies in the closed arc.
func (a Arc) Contains(d s1.Angle) bool {
	if math.IsNaN(float64(d)) || math.IsInf(float64(d), 0) {
		return false
	}
	return a.iv.Contains(float64(NormalizeAngle(d)))
}

// InteriorContains reports whether the direction d lies strictly inside the
// arc (its end directions excluded; every direction is interior to the full
// arc).
func (a Arc) InteriorContains(d s1.Angle) bool {
	if math.IsNaN(float64(d)) || math.IsInf(float64(d), 0) {
		return false
	}
	return a.iv.InteriorContains(float64(NormalizeAngle(d)))
}

// ContainsArc reports whether every direction of o lies in the closed arc a.
// Every arc contains the empty arc.
func (a Arc) ContainsArc(o Arc) bool { return a.iv.ContainsInterval(o.iv) }

// Intersects reports whether the closed arcs share at least one direction
// (arcs that only touch at an end direction intersect).
func (a Arc) Intersects(o Arc) bool { return a.iv.Intersects(o.iv) }

// Union returns the smallest arc containing both a and o. When the two are
// disjoint the gap that is filled is the shorter one, as in s1.Interval.
func (a Arc) Union(o Arc) Arc { return Arc{a.iv.Union(o.iv)} }

// Intersection returns the smallest arc containing the common directions of
// a and o. Two arcs can overlap in two separate pieces (for example two arcs
// of 300°); the result then covers both pieces, as in s1.Interval.
func (a Arc) Intersection(o Arc) Arc { return Arc{a.iv.Intersection(o.iv)} }

// Complement returns the closure of the directions not in a: the arc from
// a's end back to its start. The complement of a single direction is the
// full arc, of the full arc the empty arc and of the empty arc the full arc.
func (a Arc) Complement() Arc { return Arc{a.iv.Complement()} }

// String returns the arc as "[from°, to°]" counter-clockwise, or "empty" /
// "full".
func (a Arc) String() string {
	switch {
	case a.IsEmpty():
		return "empty"
	case a.IsFull():
		return "full"
	}
	return "[" + formatDeg(a.From()) + ", " + formatDeg(a.To()) + "]"
}

func formatDeg(a s1.Angle) string {
	return strconvFormat(a.Degrees()) + "°"
}

func strconvFormat(v float64) string { return strconv.FormatFloat(v, 'g', 10, 64) }
