package los

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// WindowCandidate is one window considered by BestWindow.
type WindowCandidate struct {
	Wall      string
	Index     int       // index of the window in the wall's Windows
	Point     geom.Vec3 // the window, used as eye point and range origin
	Visible   bool      // whether the target is seen from it (SightFrom)
	BlockedBy string    // first blocker on the centre sightline when not visible
	Range     float64   // horizontal distance to the target's reference point, inches
}

// MarshalJSON encodes the candidate with camelCase keys and the point as
// [x, y, z].
func (w WindowCandidate) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Wall      string     `json:"wall"`
		Index     int        `json:"index"`
		Point     [3]float64 `json:"point"`
		Visible   bool       `json:"visible"`
		BlockedBy string     `json:"blockedBy"`
		Range     float64    `json:"range"`
	}{w.Wall, w.Index, measXYZ(w.Point), w.Visible, w.BlockedBy, w.Range})
}

// WindowResult is the best window of a garrison for a shot (BestWindow).
type WindowResult struct {
	Garrison, Target string
	Building         string
	// Found reports whether some window sees the target; Best is then the
	// visible window with the shortest range (the first in wall and window
	// order on ties).
	Found      bool
	Best       WindowCandidate
	Candidates []WindowCandidate
}

// MarshalJSON encodes the result with camelCase keys.
func (r WindowResult) MarshalJSON() ([]byte, error) {
	var best *WindowCandidate
	if r.Found {
		best = &r.Best
	}
	cs := r.Candidates
	if cs == nil {
		cs = []WindowCandidate{}
	}
	return json.Marshal(struct {
		Garrison    string            `json:"garrison"`
		Target      string            `json:"target"`
		Building    string            `json:"building"`
		Found       bool              `json:"found"`
		Best        *WindowCandidate  `json:"best"`
		Candidates  []WindowCandidate `json:"candidates"`
		Explanation string            `json:"explanation"`
	}{r.Garrison, r.Target, r.Building, r.Found, best, cs, r.Explain()})
}

// Explain returns the result as one plain sentence.
func (r WindowResult) Explain() string {
	if !r.Found {
		return fmt.Sprintf("best window %s -> %s: no window of %s sees the target (%d checked)",
			r.Garrison, r.Target, r.Building, len(r.Candidates))
	}
	return fmt.Sprintf("best window %s -> %s: wall %s window %d at (%.2f, %.2f, %.2f) sees it at %.2f in, the shortest range of %d window(s) checked",
		r.Garrison, r.Target, r.Best.Wall, r.Best.Index, r.Best.Point.X, r.Best.Point.Y, r.Best.Point.Z, r.Best.Range, len(r.Candidates))
}

// BestWindow chooses the window a garrisoned model fires from at a target
// model: any window of the assigned wall may be the origin, chosen per
// shot, and is used for sight and range. It checks every window of
// the model's assigned wall (every wall when none is assigned) with
// SightFrom, the window as eye point, the building and the garrison
// itself excluded from blocking; range is the horizontal distance from
// the window to the target's reference point (ReferencePoint). The visible
// window with the shortest range wins. A garrison placed on a floor
// (terrain.GarrisonRef.Floor, or an elevation) uses only the windows at
// heights within that floor (from its surface to the next floor's).
func BestWindow(bf *terrain.Battlefield, garrisonModelID, targetID string, opt Options) (WindowResult, error) {
	m, bld, err := garrisonLookup(bf, garrisonModelID)
	if err != nil {
		return WindowResult{}, err
	}
	tm, ok := bf.Model(targetID)
	if !ok {
		return WindowResult{}, fmt.Errorf("los: best window: unknown target %q: %w", targetID, terrain.ErrUnknownID)
	}
	tc := measCenter(tm)
	o := opt
	o.Exclude = append(append([]string(nil), opt.Exclude...), bld.ID, m.ID)
	res := WindowResult{Garrison: m.ID, Target: targetID, Building: bld.ID}
	// A garrison placed on a floor (GarrisonRef.Floor or an elevation)
	// fires from that floor's windows; one placed without says nothing of
	// its floor and may use any.
	onFloor := m.Garrison.Floor > 0 || m.Elevation != nil
	lo, hi := floorSpan(bld, m)
	for _, w := range bld.Building.Walls {
		if m.Garrison.Wall != "" && w.ID != m.Garrison.Wall {
			continue
		}
		for i, win := range w.Windows {
			if onFloor && (win.Z < lo || win.Z > hi) {
				continue
			}
			s, err := SightFrom(bf, win, targetID, o)
			if err != nil {
				return WindowResult{}, fmt.Errorf("los: best window %s/%d: %w", w.ID, i, err)
			}
			c := WindowCandidate{Wall: w.ID, Index: i, Point: win, Visible: s.Visible,
				Range: geom.Flat(win).Sub(tc).Norm()}
			if !s.Visible && s.BlockedBy != nil {
				c.BlockedBy = s.BlockedBy.ID
			}
			res.Candidates = append(res.Candidates, c)
			if c.Visible && (!res.Found || c.Range < res.Best.Range) {
				res.Found, res.Best = true, c
			}
		}
	}
	return res, nil
}

// garrisonLookup returns a garrisoned model and its building.
func garrisonLookup(bf *terrain.Battlefield, id string) (*terrain.Model, *terrain.Piece, error) {
	if bf == nil {
		return nil, nil, fmt.Errorf("los: garrison: nil battlefield: %w", terrain.ErrInvalidValue)
	}
	m, ok := bf.Model(id)
	if !ok {
		return nil, nil, fmt.Errorf("los: garrison: unknown model %q: %w", id, terrain.ErrUnknownID)
	}
	if m.Garrison == nil {
		return nil, nil, fmt.Errorf("los: garrison: model %q is not in a building: %w", id, terrain.ErrInvalidValue)
	}
	bld, ok := bf.Piece(m.Garrison.Building)
	if !ok || bld.Building == nil {
		return nil, nil, fmt.Errorf("los: garrison: model %q: unknown building %q: %w", id, m.Garrison.Building, terrain.ErrUnknownID)
	}
	return m, bld, nil
}

// GarrisonPointResult is the point a shot at a garrison is traced to.
type GarrisonPointResult struct {
	Shooter, Garrison string
	Wall              string
	// Found reports whether some point of the wall is visible; Point is
	// then the visible wall point nearest the shooter (on the plan), at
	// the wall's sight height, and Range its horizontal distance from the
	// shooter's reference point.
	Found bool
	Point geom.Vec3
	Range float64
}

// MarshalJSON encodes the result with camelCase keys.
func (r GarrisonPointResult) MarshalJSON() ([]byte, error) {
	var p *[3]float64
	if r.Found {
		v := measXYZ(r.Point)
		p = &v
	}
	return json.Marshal(struct {
		Shooter     string      `json:"shooter"`
		Garrison    string      `json:"garrison"`
		Wall        string      `json:"wall"`
		Found       bool        `json:"found"`
		Point       *[3]float64 `json:"point"`
		Range       float64     `json:"range"`
		Explanation string      `json:"explanation"`
	}{r.Shooter, r.Garrison, r.Wall, r.Found, p, r.Range, r.Explain()})
}

// Explain returns the result as one plain sentence.
func (r GarrisonPointResult) Explain() string {
	if !r.Found {
		return fmt.Sprintf("garrison target %s -> %s: no point of wall %s is visible", r.Shooter, r.Garrison, r.Wall)
	}
	return fmt.Sprintf("garrison target %s -> %s: nearest visible point of wall %s is (%.2f, %.2f, %.2f), %.2f in away",
		r.Shooter, r.Garrison, r.Wall, r.Point.X, r.Point.Y, r.Point.Z, r.Range)
}

// garrisonSamples is how many equal steps GarrisonTargetPoint samples a
// wall in before refining.
const garrisonSamples = 256

// garrisonLevels is how many heights of the garrison's floor
// GarrisonTargetPoint tries at a wall point besides the sight height.
const garrisonLevels = 8

// GarrisonTargetPoint returns the nearest visible point of the wall a
// garrisoned model is assigned to, as seen from the shooter's eye point
// (the point sight and range go to when a garrison is fired at).
//
// The wall's face is the garrison's floor of it: from the floor's height
// to the next floor's (the building's top for the top floor). Its sight
// height is its windows' mean height, or the middle of the floor when
// the wall has none, kept within the face. A point of the face is visible
// when SightSegment from the eye to it is clear with the shooter and the
// garrison ignored (the building itself still blocks, so a wall is not
// seen through its own building). A wall point on the plan counts as
// visible when its face is seen at the sight height or at one of
// garrisonLevels heights spread over the face: a low wall in front that
// hides the lower part of the face leaves the part above it a target.
// The point returned is the visible one nearest the shooter on the plan,
// at the sight height when seen there, else at the visible height
// nearest it (bisected to 1e-9 in). The wall is sampled at 257 points;
// the perpendicular foot and each visible/blocked transition (bisected to
// 1e-9 in) are added as candidates, so a visible stretch shorter than
// 1/256 of the wall between two blocked samples may be missed.
func GarrisonTargetPoint(bf *terrain.Battlefield, shooterID, garrisonModelID string, opt Options) (GarrisonPointResult, error) {
	m, bld, err := garrisonLookup(bf, garrisonModelID)
	if err != nil {
		return GarrisonPointResult{}, err
	}
	sh, ok := bf.Model(shooterID)
	if !ok {
		return GarrisonPointResult{}, fmt.Errorf("los: garrison target: unknown shooter %q: %w", shooterID, terrain.ErrUnknownID)
	}
	wall := assignedWall(bld, m)
	if wall == nil {
		return GarrisonPointResult{}, fmt.Errorf("los: garrison target: model %q has no assigned wall: %w", garrisonModelID, terrain.ErrInvalidValue)
	}
	face := newWallFace(bf, sh.EyePoint(), wall, bld, m, opt, shooterID, garrisonModelID)
	from := measCenter(sh)
	seg := wall.Segment()
	res := GarrisonPointResult{Shooter: shooterID, Garrison: garrisonModelID, Wall: wall.ID, Range: math.Inf(1)}
	consider := func(t float64) {
		p := seg.At(t)
		if d := p.Sub(from).Norm(); d < res.Range {
			if z, ok := face.nearestVisible(t); ok {
				res.Found, res.Point, res.Range = true, geom.Lift(p, z), d
			}
		}
	}
	// Perpendicular foot of the shooter on the wall.
	if l2 := seg.B.Sub(seg.A).Dot(seg.B.Sub(seg.A)); l2 > 0 {
		consider(math.Max(0, math.Min(1, from.Sub(seg.A).Dot(seg.B.Sub(seg.A))/l2)))
	}
	prev := face.seen(0)
	if prev {
		consider(0)
	}
	for i := 1; i <= garrisonSamples; i++ {
		t := float64(i) / garrisonSamples
		cur := face.seen(t)
		if cur {
			consider(t)
		}
		if cur != prev {
			lo, hi := float64(i-1)/garrisonSamples, t
			for k := 0; k < 80 && (hi-lo)*seg.Length() > 1e-9; k++ {
				mid := (lo + hi) / 2
				if face.seen(mid) == prev {
					lo = mid
				} else {
					hi = mid
				}
			}
			if prev {
				consider(lo)
			} else {
				consider(hi)
			}
		}
		prev = cur
	}
	if !res.Found {
		res.Range = 0
	}
	return res, nil
}

// assignedWall returns the wall of bld the garrison m is assigned to (nil
// for none).
func assignedWall(bld *terrain.Piece, m *terrain.Model) *terrain.Wall {
	for i := range bld.Building.Walls {
		if bld.Building.Walls[i].ID == m.Garrison.Wall {
			return &bld.Building.Walls[i]
		}
	}
	return nil
}

// floorSpan returns the heights of the bottom and top of the floor the
// garrison m stands on in building bld.
func floorSpan(bld *terrain.Piece, m *terrain.Model) (lo, hi float64) {
	st := m.Stand()
	k := max(st.Floor, 1)
	lo, hi = bld.Building.FloorZ(k, bld.Height), bld.Height
	if k < bld.Building.Floors {
		hi = bld.Building.FloorZ(k+1, bld.Height)
	}
	return lo, hi
}

// wallFace is the garrison's floor of one wall seen from an eye.
type wallFace struct {
	bf     *terrain.Battlefield
	eye    geom.Vec3
	seg    geom.Segment
	opt    Options
	ignore [2]string
	ref    float64                 // sight height
	levels [garrisonLevels]float64 // other heights tried, nearest ref first
	lo, hi float64                 // the floor's bottom and top
}

// newWallFace prepares the face of wall for the garrison m of bld.
func newWallFace(bf *terrain.Battlefield, eye geom.Vec3, wall *terrain.Wall, bld *terrain.Piece, m *terrain.Model, opt Options, shooter, garrison string) *wallFace {
	lo, hi := floorSpan(bld, m)
	ref := lo + (hi-lo)/2
	if n := len(wall.Windows); n > 0 {
		ref = 0
		for _, w := range wall.Windows {
			ref += w.Z / float64(n)
		}
	}
	if hi > lo {
		ref = math.Max(lo, math.Min(hi, ref))
	}
	f := &wallFace{bf: bf, eye: eye, seg: wall.Segment(), opt: opt, ref: ref, lo: lo, hi: hi,
		ignore: [2]string{shooter, garrison}}
	for k := range f.levels {
		f.levels[k] = lo + (float64(k)+0.5)*(hi-lo)/garrisonLevels
	}
	// A stable insertion sort, not slices.SortStableFunc: the same order,
	// without a merge sort instantiated for this element type (code size of
	// the WebAssembly module) and without sort.SliceStable's allocations;
	// the lists are short.
	lv := f.levels[:]
	for i := 1; i < len(lv); i++ {
		for j := i; j > 0 && math.Abs(lv[j]-ref) < math.Abs(lv[j-1]-ref); j-- {
			lv[j], lv[j-1] = lv[j-1], lv[j]
		}
	}
	return f
}

// clear reports whether the face point at plan parameter t, height z, is
// seen.
func (f *wallFace) clear(t, z float64) bool {
	return SightSegment(f.bf, f.eye, geom.Lift(f.seg.At(t), z), f.opt, f.ignore[0], f.ignore[1]).Clear
}

// seen reports whether the face is seen at plan parameter t at the sight
// height or one of the levels.
func (f *wallFace) seen(t float64) bool {
	_, ok := f.firstLevel(t)
	return ok
}

// firstLevel returns the first height seen at t, the sight height first,
// then the levels nearest it.
func (f *wallFace) firstLevel(t float64) (float64, bool) {
	if f.clear(t, f.ref) {
		return f.ref, true
	}
	for _, z := range f.levels {
		if f.clear(t, z) {
			return z, true
		}
	}
	return 0, false
}

// nearestVisible returns the visible height at t nearest the sight
// height: the sight height itself, or the boundary of the visible part
// found by bisection between the sight height and the first level seen.
func (f *wallFace) nearestVisible(t float64) (float64, bool) {
	z, ok := f.firstLevel(t)
	if !ok || z == f.ref {
		return z, ok
	}
	blocked, vis := f.ref, z
	for k := 0; k < 80 && math.Abs(vis-blocked) > 1e-9; k++ {
		mid := (blocked + vis) / 2
		if f.clear(t, mid) {
			vis = mid
		} else {
			blocked = mid
		}
	}
	return vis, true
}

// ViewMode is how a building block's declared edges define its field of
// view.
type ViewMode string

// View modes.
const (
	// ViewHalfPlanes: a point is in view when it lies strictly beyond the
	// line of a declared edge (on the block's outer side), so a unit with
	// the south and west edges declared also sees north-west, beyond the
	// west edge's line. It is the default.
	ViewHalfPlanes ViewMode = "half-planes"
	// ViewExit: a point is in view when the straight line from the block's
	// centroid to it leaves the block through a declared edge (a corner
	// shared with a declared edge counts).
	ViewExit ViewMode = "exit"
)

// ViewResult answers InDeclaredView.
type ViewResult struct {
	InView bool
	Mode   ViewMode
	// Edge is the declared edge that gives the view (-1 when not in view);
	// Exit is where the centroid line leaves the block (ViewExit only).
	Edge int
	Exit geom.Point
}

// MarshalJSON encodes the result with camelCase keys.
func (v ViewResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		InView      bool       `json:"inView"`
		Mode        ViewMode   `json:"mode"`
		Edge        int        `json:"edge"`
		Exit        [2]float64 `json:"exit"`
		Explanation string     `json:"explanation"`
	}{v.InView, v.Mode, v.Edge, measXY(v.Exit), v.Explain()})
}

// Explain returns the result as one plain sentence.
func (v ViewResult) Explain() string {
	if !v.InView {
		return fmt.Sprintf("declared view (%s): not in view of any declared edge", v.Mode)
	}
	return fmt.Sprintf("declared view (%s): in view through edge %d", v.Mode, v.Edge)
}

// InDeclaredView reports whether the table point p lies in the field of
// view of a unit holding the building block that declared the given edges
// of the block's outer ring (edge i runs from vertex i to vertex i+1 of
// block.Outer as given). How many edges may be declared is the caller's
// rule; none means the unit sees nothing out of the block. A point inside or on the block
// is never "outside in view". Decisions are exact (geom.Orient).
func InDeclaredView(block geom.Polygon, edges []int, p geom.Point, mode ViewMode) (ViewResult, error) {
	if mode == "" {
		mode = ViewHalfPlanes
	}
	if mode != ViewHalfPlanes && mode != ViewExit {
		return ViewResult{}, fmt.Errorf("los: declared view mode %q: %w", mode, terrain.ErrInvalidValue)
	}
	if err := block.Validate(); err != nil {
		return ViewResult{}, fmt.Errorf("los: declared view block: %w", err)
	}
	if err := measFinite2("point", p); err != nil {
		return ViewResult{}, err
	}
	ring := block.Outer
	for _, e := range edges {
		if e < 0 || e >= ring.Len() {
			return ViewResult{}, fmt.Errorf("los: declared view: edge %d not in [0, %d): %w", e, ring.Len(), terrain.ErrInvalidValue)
		}
	}
	res := ViewResult{Mode: mode, Edge: -1}
	if block.Locate(p) != geom.Outside {
		return res, nil
	}
	// Outer side of an edge: right of it for a counter-clockwise ring.
	outer := -1
	if !ring.IsCCW() {
		outer = 1
	}
	if mode == ViewHalfPlanes {
		for _, e := range edges {
			s := ring.Edge(e)
			if geom.Orient(s.A, s.B, p) == outer {
				res.InView, res.Edge = true, e
				return res, nil
			}
		}
		return res, nil
	}
	c := block.Centroid()
	line := geom.Seg(c, p)
	// The exit is the last boundary crossing along c->p.
	ivs := block.SegmentInside(line, nil)
	if len(ivs) == 0 {
		return res, nil
	}
	res.Exit = line.At(ivs[len(ivs)-1].Hi)
	exitT := ivs[len(ivs)-1].Hi
	best := math.Inf(1)
	for _, e := range edges {
		s := ring.Edge(e)
		in := geom.IntersectSegments(s, line)
		if in.Kind == geom.Disjoint {
			continue
		}
		// The crossing nearest the exit parameter decides.
		q := in.P
		if in.Kind == geom.Overlapping {
			q = in.Q
		}
		t := q.Sub(c).Norm() / line.Length()
		if d := math.Abs(t - exitT); d < best && d < 1e-9 {
			best, res.InView, res.Edge = d, true, e
		}
	}
	return res, nil
}

// InDeclaredWallView is InDeclaredView for a building piece whose declared
// edges are named by wall id: each wall is matched to the footprint edge
// that contains it.
func InDeclaredWallView(bf *terrain.Battlefield, pieceID string, wallIDs []string, p geom.Point, mode ViewMode) (ViewResult, error) {
	if bf == nil {
		return ViewResult{}, fmt.Errorf("los: declared view: nil battlefield: %w", terrain.ErrInvalidValue)
	}
	pc, ok := bf.Piece(pieceID)
	if !ok || pc.Building == nil {
		return ViewResult{}, fmt.Errorf("los: declared view: unknown building %q: %w", pieceID, terrain.ErrUnknownID)
	}
	ring := pc.Footprint.Outer
	var edges []int
	for _, id := range wallIDs {
		found := -1
		for _, w := range pc.Building.Walls {
			if w.ID != id {
				continue
			}
			mid := w.Segment().At(0.5)
			for e := 0; e < ring.Len(); e++ {
				s := ring.Edge(e)
				if geom.Orient(s.A, s.B, w.From) == 0 && geom.Orient(s.A, s.B, w.To) == 0 {
					if d, _ := geom.DistPointSegment(mid, s); d == 0 {
						found = e
						break
					}
				}
			}
		}
		if found < 0 {
			return ViewResult{}, fmt.Errorf("los: declared view: wall %q of %q is not one footprint edge: %w", id, pieceID, terrain.ErrUnknownID)
		}
		edges = append(edges, found)
	}
	return InDeclaredView(pc.Footprint, edges, p, mode)
}
