package render

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// Adapters from the answers of packages los and movement to overlays. They
// copy exported result fields only; label is an optional caption (a query
// id).

// SightlineFromSegment returns the overlay of a los.SightSegment answer:
// clear, or blocked at Blocker.At by Blocker.ID.
func SightlineFromSegment(r los.SegmentResult, label string) Sightline {
	s := Sightline{From: r.From, To: r.To, Clear: r.Clear, Label: label}
	if !r.Clear && r.Blocker.ID != "" {
		at := r.Blocker.At
		s.BlockPoint, s.BlockerID = &at, r.Blocker.ID
	}
	return s
}

// SightlineFromSight returns the overlay of a los.Sight answer: the clear
// witness sightline when the target is visible, else the centre sightline
// with its first blocker.
func SightlineFromSight(r los.SightResult, label string) Sightline {
	if r.Visible && r.Witness != nil {
		return Sightline{From: r.Witness.A, To: r.Witness.B, Clear: true, Label: label}
	}
	s := Sightline{From: r.Centre.A, To: r.Centre.B, Clear: r.Visible, Label: label}
	if !r.Visible && r.BlockedBy != nil {
		at := r.BlockedBy.At
		s.BlockPoint, s.BlockerID = &at, r.BlockedBy.ID
	}
	return s
}

// TargetFromFraction returns the overlay of a los.VisibleFraction answer:
// the target outlined with its visible fraction written beside it, and
// what hides the rest outlined with its share.
func TargetFromFraction(r los.FractionResult) Target {
	f := r.Fraction
	if !(f >= 0) {
		f = 0
	}
	t := Target{ID: r.To, Fraction: math.Min(f, 1)}
	for _, h := range r.Hidden {
		t.HiddenBy = append(t.HiddenBy, Hider{ID: h.ID, Fraction: h.Fraction})
	}
	return t
}

// PathFromCheck returns the overlay of a movement.CheckPath answer for the
// path that was checked: its cost, legality and violations at their points
// (the text is the violation's Detail, or its kind and object).
func PathFromCheck(r movement.PathResult, path []geom.Point) PathOverlay {
	p := PathOverlay{ModelID: r.Model, Points: path, Cost: r.Cost, HasCost: true, Legal: r.Legal}
	for _, v := range r.Violations {
		text := v.Detail
		if text == "" {
			text = v.Kind
			if v.Object != "" {
				text += " " + v.Object
			}
		}
		p.Violations = append(p.Violations, Violation{At: geom.Pt(v.At[0], v.At[1]), Text: text})
	}
	return p
}

// PathFromRoute returns the overlay of a movement.ShortestPath answer.
func PathFromRoute(r movement.Route) PathOverlay {
	p := PathOverlay{ModelID: r.Model, Cost: r.Cost, HasCost: true, Legal: true}
	for _, q := range r.Path {
		p.Points = append(p.Points, geom.Pt(q[0], q[1]))
	}
	return p
}

// LinksFromCoherency returns the links of a movement.Coherency answer:
// within each connected group the shortest links joining it (a minimum
// spanning tree over model positions, green), and the broken and too-far
// links the answer lists (red, labelled "distance > limit"). Unknown ids
// are skipped.
func LinksFromCoherency(bf *terrain.Battlefield, r movement.CoherencyResult) []Link {
	var out []Link
	pos := func(id string) (geom.Point, bool) {
		m, ok := bf.Model(id)
		if !ok {
			return geom.Point{}, false
		}
		return m.Position, true
	}
	for _, g := range r.Groups {
		var pts []geom.Point
		for _, id := range g {
			if p, ok := pos(id); ok {
				pts = append(pts, p)
			}
		}
		for _, e := range spanningTree(pts) {
			out = append(out, Link{A: pts[e[0]], B: pts[e[1]], OK: true})
		}
	}
	bad := append(append([]movement.Link(nil), r.BrokenLinks...), r.TooFar...)
	for _, l := range bad {
		a, ok1 := pos(l.From)
		b, ok2 := pos(l.To)
		if ok1 && ok2 {
			out = append(out, Link{A: a, B: b, Label: num(l.Distance) + " in > " + num(l.Limit)})
		}
	}
	return out
}

// spanningTree returns the edges of a minimum spanning tree of pts by
// Euclidean distance (Prim, O(n²)); ties go to the lower index.
func spanningTree(pts []geom.Point) [][2]int {
	n := len(pts)
	if n < 2 {
		return nil
	}
	in := make([]bool, n)
	best := make([]float64, n)
	from := make([]int, n)
	for i := range best {
		best[i] = math.Inf(1)
	}
	in[0] = true
	for i := 1; i < n; i++ {
		best[i] = pts[0].Sub(pts[i]).Norm()
	}
	var out [][2]int
	for k := 1; k < n; k++ {
		j := -1
		for i := 0; i < n; i++ {
			if !in[i] && (j < 0 || best[i] < best[j]) {
				j = i
			}
		}
		in[j] = true
		out = append(out, [2]int{from[j], j})
		for i := 0; i < n; i++ {
			if d := pts[j].Sub(pts[i]).Norm(); !in[i] && d < best[i] {
				best[i], from[i] = d, j
			}
		}
	}
	return out
}
