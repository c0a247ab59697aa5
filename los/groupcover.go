package los

import (
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// GroupCoverRule says when a member of a group of models counts as covered
// against a group of observers: inside covering area pieces, or hidden
// behind what blocks sight. The zero value counts nothing.
type GroupCoverRule struct {
	// Area reports whether piece p covers a member standing inside it
	// (nil: no member is covered by standing inside a piece).
	Area func(p *terrain.Piece) bool
	// AreaShare is the share of the member's footprint area that must lie
	// inside the union of the covering pieces: 1 means fully inside
	// (decided to 1e-6 of the area), 0.5 half. Reached counts.
	AreaShare float64
	// AreaStrict makes AreaShare a strict bound (more than, not at
	// least); it has no effect when AreaShare is 1.
	AreaStrict bool
	// HiddenShare is the share of the member's silhouette that must be
	// hidden from every observer for it to count as behind blockers:
	// 1 means no observer sees any part of it (decided by Sight), a
	// smaller share is measured with VisibleFraction (hidden = 1 -
	// visible). 0 turns the test off.
	HiddenShare float64
	// HiddenStrict makes HiddenShare a strict bound (more than).
	HiddenStrict bool
	// Sight is the sight policy of the hidden test.
	Sight Options
	// Seen, when not nil, names for some members an observer already known
	// to see part of them (sightlines the caller traced before): with a
	// HiddenShare of 1 such a member is not hidden and no sightline is
	// traced for it again.
	Seen map[string]string
}

// MemberCover is how one member stands.
type MemberCover struct {
	ID string `json:"id"`
	// Areas lists the covering pieces its footprint overlaps; AreaShare is
	// the share of its footprint inside their union.
	Areas     []string `json:"areas"`
	AreaShare float64  `json:"areaShare"`
	InArea    bool     `json:"inArea"`
	// Hidden is the smallest share of its silhouette hidden from any one
	// observer (1: no observer sees any part of it); SeenBy is an
	// observer seeing it ("" when none), WorstFrom the observer that sees
	// most of it. Both are empty when the hidden test was off.
	Hidden    float64 `json:"hidden"`
	SeenBy    string  `json:"seenBy,omitempty"`
	WorstFrom string  `json:"worstFrom,omitempty"`
	Behind    bool    `json:"behind"`
}

// Covered reports whether the member counts as covered either way.
func (m MemberCover) Covered() bool { return m.InArea || m.Behind }

// GroupCoverResult is GroupCover's answer: every member, and the counts.
type GroupCoverResult struct {
	Members []MemberCover `json:"members"`
	// InArea, Behind and Covered count the members inside covering
	// pieces, hidden behind blockers, and either; Total is the group size.
	InArea  int `json:"inArea"`
	Behind  int `json:"behind"`
	Covered int `json:"covered"`
	Total   int `json:"total"`
}

// Explain returns one sentence with the numbers.
func (r GroupCoverResult) Explain() string {
	return fmt.Sprintf("%d of %d members covered (%d inside covering terrain, %d hidden behind blockers).", r.Covered, r.Total, r.InArea, r.Behind)
}

// Most reports whether k of n is "most of them": more than half, or
// exactly half when tieCounts. Zero of zero is not most.
func Most(k, n int, tieCounts bool) bool {
	if n <= 0 {
		return false
	}
	if 2*k == n {
		return tieCounts
	}
	return 2*k > n
}

// GroupCover decides, for each model of members, whether it stands inside
// covering terrain (rule.Area, rule.AreaShare) and whether it is hidden
// from the observers (rule.HiddenShare), and counts them. Unknown ids are
// an error wrapping terrain.ErrUnknownID; no observers with the hidden
// test on is an error wrapping terrain.ErrInvalidValue.
func GroupCover(bf *terrain.Battlefield, observers, members []string, rule GroupCoverRule) (GroupCoverResult, error) {
	if bf == nil {
		return GroupCoverResult{}, fmt.Errorf("los: nil battlefield: %w", terrain.ErrInvalidValue)
	}
	if math.IsNaN(rule.AreaShare) || rule.AreaShare < 0 || rule.AreaShare > 1 || math.IsNaN(rule.HiddenShare) || rule.HiddenShare < 0 || rule.HiddenShare > 1 {
		return GroupCoverResult{}, fmt.Errorf("los: cover shares %v and %v, want [0, 1]: %w", rule.AreaShare, rule.HiddenShare, terrain.ErrInvalidValue)
	}
	if rule.HiddenShare > 0 && len(observers) == 0 {
		return GroupCoverResult{}, fmt.Errorf("los: hidden test without observers: %w", terrain.ErrInvalidValue)
	}
	for _, id := range observers {
		if _, ok := bf.Model(id); !ok {
			return GroupCoverResult{}, errUnknown(bf, "observer", id)
		}
	}
	res := GroupCoverResult{Members: make([]MemberCover, 0, len(members)), Total: len(members)}
	// Observers are tried last-successful first: neighbouring members are
	// mostly seen by the same observers, so the hidden test rarely traces
	// more than one sightline for a member that is seen.
	observers = slices.Clone(observers)
	for _, id := range members {
		m, ok := bf.Model(id)
		if !ok {
			return GroupCoverResult{}, errUnknown(bf, "member", id)
		}
		mc := MemberCover{ID: id, Areas: []string{}}
		if rule.Area != nil {
			mc.Areas, mc.AreaShare = areaShare(bf, m, rule.Area)
			mc.InArea = shareReached(mc.AreaShare, rule.AreaShare, rule.AreaStrict)
		}
		if rule.HiddenShare > 0 && !mc.InArea {
			if err := hiddenFrom(bf, observers, id, rule, &mc); err != nil {
				return GroupCoverResult{}, err
			}
		}
		res.Members = append(res.Members, mc)
		if mc.InArea {
			res.InArea++
		}
		if mc.Behind {
			res.Behind++
		}
		if mc.Covered() {
			res.Covered++
		}
	}
	return res, nil
}

// shareReached compares a measured share with the rule's bound; a bound
// of 1 is met to 1e-6.
func shareReached(got, want float64, strict bool) bool {
	if want <= 0 {
		return false
	}
	if want >= 1 {
		return got >= 1-1e-6
	}
	if strict {
		return got > want+1e-12
	}
	return got >= want-1e-12
}

// hiddenFrom fills mc's hidden test: with a share of 1 it only asks
// whether any observer sees any part (Sight, stopping at the first); else
// it measures the visible fraction from each observer and keeps the
// largest.
func hiddenFrom(bf *terrain.Battlefield, observers []string, id string, rule GroupCoverRule, mc *MemberCover) error {
	mc.Hidden = 1
	if rule.HiddenShare >= 1 {
		if o, ok := rule.Seen[id]; ok {
			mc.Hidden, mc.SeenBy, mc.WorstFrom = 0, o, o
			return nil
		}
		for k, o := range observers {
			s, err := Sight(bf, o, id, rule.Sight)
			if err != nil {
				return err
			}
			if s.Visible {
				mc.Hidden, mc.SeenBy, mc.WorstFrom = 0, o, o
				copy(observers[1:k+1], observers[:k])
				observers[0] = o
				break
			}
		}
		mc.Behind = mc.SeenBy == ""
		return nil
	}
	for _, o := range observers {
		f, err := VisibleFraction(bf, o, id, rule.Sight)
		if err != nil {
			return err
		}
		if f.Fraction > 0 && mc.SeenBy == "" {
			mc.SeenBy = o
		}
		if h := 1 - f.Fraction; h < mc.Hidden || mc.WorstFrom == "" {
			mc.Hidden, mc.WorstFrom = h, o
		}
	}
	mc.Behind = shareReached(mc.Hidden, rule.HiddenShare, rule.HiddenStrict)
	return nil
}

// areaShare returns the covering pieces m's footprint overlaps and the
// share of its footprint area inside their union.
func areaShare(bf *terrain.Battlefield, m *terrain.Model, covers func(*terrain.Piece) bool) ([]string, float64) {
	ring := FootprintRing(m.Footprint())
	total := geom.ConvexArea(ring)
	ids := []string{}
	if !(total > 0) {
		return ids, 0
	}
	b := m.Footprint().Bound()
	var clipped [][]geom.Point
	for i := range bf.Pieces() {
		p := &bf.Pieces()[i]
		if !covers(p) || !p.Footprint.Bound().Intersects(b) {
			continue
		}
		hit := false
		for _, part := range p.ConvexParts() {
			if c := geom.ClipConvex(nil, ring, part); len(c) >= 3 && geom.ConvexArea(c) > 0 {
				clipped = append(clipped, c)
				hit = true
			}
		}
		if hit {
			ids = append(ids, p.ID)
		}
	}
	if len(clipped) == 0 {
		return ids, 0
	}
	// A disc wholly inside one piece is decided exactly: its centre inside
	// and its radius within the distance to the boundary (the polygon
	// standing for it pokes out by up to its chord error).
	if c, ok := m.Footprint().(geom.Circle); ok {
		for _, id := range ids {
			p, _ := bf.Piece(id)
			if !p.Footprint.Contains(c.Center) {
				continue
			}
			d, _ := geom.DistPointRing(c.Center, p.Footprint.Outer)
			for _, h := range p.Footprint.Holes {
				dh, _ := geom.DistPointRing(c.Center, h)
				d = math.Min(d, dh)
			}
			if d >= c.Radius-1e-9 {
				return ids, 1
			}
		}
	}
	return ids, math.Min(1, geom.ConvexUnionArea(clipped)/total)
}

// FootprintRing returns a counter-clockwise convex ring standing for a
// footprint: a circle or ellipse as its circumscribed polygon (chord error
// 0.002 in, at most a few dozen vertices for table-top bases), a
// rectangle or convex polygon as its corners.
func FootprintRing(s geom.Convex) []geom.Point {
	switch v := s.(type) {
	case geom.Circle:
		return v.Polygon(0.002)
	case geom.Ellipse:
		return v.Polygon(0.002)
	case geom.OrientedRect:
		u := geom.Heading(v.Angle.Degrees())
		w := geom.Point{X: -u.Y, Y: u.X}
		a, b := u.Mul(v.Length/2), w.Mul(v.Width/2)
		return []geom.Point{v.Center.Sub(a).Sub(b), v.Center.Add(a).Sub(b), v.Center.Add(a).Add(b), v.Center.Sub(a).Add(b)}
	case geom.ConvexPolygon:
		return geom.ConvexHull(nil, v)
	}
	// any other convex shape: sample its support function
	out := make([]geom.Point, 0, 32)
	for k := range 32 {
		out = append(out, s.Support(geom.Heading(float64(k)*360/32)))
	}
	return geom.ConvexHull(nil, out)
}
