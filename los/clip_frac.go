package los

import (
	"math"

	"github.com/sightline/sightline/geom"
)

// clipConvexBoxed is geom.ClipConvex (the same polygon, to the bit) that
// first tests the bounding box of what is left of the subject against
// each clip line: when the box lies strictly inside the line's half-plane
// (decided by ClipConvex's own float filter on the box's corner nearest
// the line, so certain in exact arithmetic), ClipConvex would keep every
// vertex and add none, and the line is skipped; when it lies strictly
// outside, nothing would remain. A part of an occluder usually meets a few
// of the silhouette's edges, which makes most lines one test.
// The spare buffers bufA and bufB are working space kept by the caller.
func clipConvexBoxed(dst, subject, clip []geom.Point, bufA, bufB *[]geom.Point) []geom.Point {
	if len(subject) < 3 || len(clip) < 3 {
		return dst
	}
	in := append((*bufA)[:0], subject...)
	out := (*bufB)[:0]
	defer func() { *bufA, *bufB = in, out }()
	x0, y0, x1, y1 := boxOf(in)
	for i := range clip {
		c0 := clip[i]
		c1 := clip[(i+1)%len(clip)]
		if c0 == c1 {
			continue
		}
		e := c1.Sub(c0)
		// The box's corners farthest out and farthest in, seen from the
		// line's inner side (the left of c0→c1).
		worst, best := geom.Pt(x1, y0), geom.Pt(x0, y1)
		if e.X < 0 {
			worst.Y, best.Y = y1, y0
		}
		if e.Y < 0 {
			worst.X, best.X = x0, x1
		}
		if sideClear(c0, e, worst) > 0 {
			continue // every vertex strictly inside: kept, none added
		}
		if sideClear(c0, e, best) < 0 {
			return dst // every vertex strictly outside: nothing left
		}
		out = out[:0]
		prev := in[len(in)-1]
		fp, po := clipSide(c0, c1, e, prev)
		for _, cur := range in {
			fc, co := clipSide(c0, c1, e, cur)
			if (po >= 0) != (co >= 0) {
				// The edge prev→cur crosses the clip line strictly.
				t := fp / (fp - fc)
				if math.IsNaN(t) {
					t = 0.5
				}
				t = max(0, min(1, t))
				out = appendDistinct(out, prev.Add(cur.Sub(prev).Mul(t)))
			}
			if co >= 0 {
				out = appendDistinct(out, cur)
			}
			prev, po, fp = cur, co, fc
		}
		if len(out) > 1 && out[0] == out[len(out)-1] {
			out = out[:len(out)-1]
		}
		if len(out) < 3 {
			return dst
		}
		in, out = out, in
		x0, y0, x1, y1 = boxOf(in)
	}
	return append(dst, in...)
}

// boxOf returns the bounds x0, y0, x1, y1 of pts, all NaN when a
// coordinate is not a number or infinite (so that no box test decides).
func boxOf(pts []geom.Point) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	sum := 0.0
	for _, p := range pts {
		if p.X < x0 {
			x0 = p.X
		} else if p.X > x1 {
			x1 = p.X
		}
		if p.Y < y0 {
			y0 = p.Y
		} else if p.Y > y1 {
			y1 = p.Y
		}
		sum += p.X + p.Y
	}
	if sum-sum != 0 {
		n := math.NaN()
		return n, n, n, n
	}
	return x0, y0, x1, y1
}

// sideClear returns the sign of (c1−c0)×(q−c0), e = c1−c0 as computed in
// floating point, when clipSide's float filter decides it, else 0.
func sideClear(c0, e, q geom.Point) int {
	l, r := e.X*(q.Y-c0.Y), e.Y*(q.X-c0.X)
	f := l - r
	bound := 8*0x1p-53*(math.Abs(l)+math.Abs(r)) + 0x1p-960
	switch {
	case f > bound:
		return 1
	case f < -bound:
		return -1
	}
	return 0
}

// clipSide is geom.ClipConvex's side test: the floating-point value f of
// e×(q−c0), e = c1−c0 as computed in floating point, and the exact sign
// of (c1−c0)×(q−c0) (geom.Orient when the float filter cannot tell).
func clipSide(c0, c1, e, q geom.Point) (float64, int) {
	l, r := e.X*(q.Y-c0.Y), e.Y*(q.X-c0.X)
	f := l - r
	bound := 8*0x1p-53*(math.Abs(l)+math.Abs(r)) + 0x1p-960
	switch {
	case f > bound:
		return f, 1
	case f < -bound:
		return f, -1
	}
	return f, geom.Orient(c0, c1, q)
}

// appendDistinct appends p unless it equals the last point.
func appendDistinct(pts []geom.Point, p geom.Point) []geom.Point {
	if len(pts) > 0 && pts[len(pts)-1] == p {
		return pts
	}
	return append(pts, p)
}
