package los

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Path sampling limits.
const (
	// DefaultPathStep is the default sampling step along a path, inches.
	DefaultPathStep = 0.05
	// PathTolerance is how closely a sight transition is located along the
	// path, inches (bisection).
	PathTolerance = 1e-6
	// MaxPathSamples bounds the number of samples of one path; a finer step
	// is widened to keep within it.
	MaxPathSamples = 100000
	// MaxPathPoints bounds the number of path vertices.
	MaxPathPoints = 10000
)

// PathOptions are the caller's choices for FirstSightAlongPath.
type PathOptions struct {
	// Sight selects the occluders (the observer and the moving model never
	// block).
	Sight Options
	// Step is the sampling step in inches (0 means DefaultPathStep).
	Step float64
	// Volume tests the corners of the moving model's volume (hull box, or
	// its base's extreme points along and across its facing, at the table
	// and at its height) as well as its eye point; by default only the eye
	// point is tested (sight as a line between two single points).
	Volume bool
}

// PathTransition is a point where sight of the moving model changes.
type PathTransition struct {
	At       geom.Point // position of the moving model
	Distance float64    // arc length along the path, inches
	Segment  int        // path segment index (from path[i] to path[i+1])
	Visible  bool       // sight after the transition
}

// MarshalJSON encodes the transition with camelCase keys.
func (p PathTransition) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		At       [2]float64 `json:"at"`
		Distance float64    `json:"distance"`
		Segment  int        `json:"segment"`
		Visible  bool       `json:"visible"`
	}{measXY(p.At), p.Distance, p.Segment, p.Visible})
}

// PathSightResult answers FirstSightAlongPath.
type PathSightResult struct {
	Observer, Moving string
	Length           float64 // path length, inches
	VisibleAtStart   bool
	VisibleAtEnd     bool // whether sight holds at the path's end
	// FirstVisibleAt is the first path point where the observer sees the
	// moving model (the start when VisibleAtStart), nil if never;
	// FirstDistance its arc length along the path (-1 if never).
	FirstVisibleAt *geom.Point
	FirstDistance  float64
	// LostAt is the first point after FirstVisibleAt where sight is lost
	// again, nil if never; LostDistance its arc length (-1 if never).
	LostAt       *geom.Point
	LostDistance float64
	// Transitions lists every change found, in path order.
	Transitions []PathTransition
	Step        float64 // the sampling step used
}

// MarshalJSON encodes the result with camelCase keys; points are [x, y] or
// null.
func (r PathSightResult) MarshalJSON() ([]byte, error) {
	opt := func(p *geom.Point) *[2]float64 {
		if p == nil {
			return nil
		}
		v := measXY(*p)
		return &v
	}
	ts := r.Transitions
	if ts == nil {
		ts = []PathTransition{}
	}
	return json.Marshal(struct {
		Observer       string           `json:"from"`
		Moving         string           `json:"model"`
		Length         float64          `json:"length"`
		VisibleAtStart bool             `json:"visibleAtStart"`
		VisibleAtEnd   bool             `json:"visibleAtEnd"`
		FirstVisibleAt *[2]float64      `json:"firstVisibleAt"`
		FirstDistance  float64          `json:"firstDistance"`
		LostAt         *[2]float64      `json:"lostAt"`
		LostDistance   float64          `json:"lostDistance"`
		Transitions    []PathTransition `json:"transitions"`
		Step           float64          `json:"step"`
		Explanation    string           `json:"explanation"`
	}{r.Observer, r.Moving, r.Length, r.VisibleAtStart, r.VisibleAtEnd, opt(r.FirstVisibleAt), r.FirstDistance,
		opt(r.LostAt), r.LostDistance, ts, r.Step, r.Explain()})
}

// Explain returns the result as one plain sentence.
func (r PathSightResult) Explain() string {
	end := "lost at the end"
	if r.VisibleAtEnd {
		end = "held at the end"
	}
	if r.FirstVisibleAt == nil {
		return fmt.Sprintf("sight along path %s -> %s: never visible along the %.2f in path", r.Observer, r.Moving, r.Length)
	}
	s := fmt.Sprintf("sight along path %s -> %s: first visible at (%.2f, %.2f), %.2f in along the %.2f in path",
		r.Observer, r.Moving, r.FirstVisibleAt.X, r.FirstVisibleAt.Y, r.FirstDistance, r.Length)
	if r.LostAt != nil {
		s += fmt.Sprintf(", lost again at (%.2f, %.2f) after %.2f in", r.LostAt.X, r.LostAt.Y, r.LostDistance)
	}
	return s + "; sight " + end
}

// FirstSightAlongPath moves the model movingID along the polyline path
// (its eye height above the ground under it, facing and volume carried
// along, standing on the surface under each position by the table's
// Straddle rule, terrain.Battlefield.GroundUnder; an airborne model keeps
// its altitude) and reports where the observer's eye point first
// sees it, where it loses sight again, and whether sight holds at the end
// (reactions to a move, fire along a flight path). Each position is tested with SightSegment from the
// observer's eye to the moving model's eye point (and, with
// PathOptions.Volume, to its volume's corners), the observer and the
// moving model ignored.
//
// Method: the path is sampled every Step inches (and at every vertex);
// each change between neighbouring samples is bisected to PathTolerance,
// and the reported point is the first one on the new side. A visible or
// hidden stretch shorter than Step that starts and ends between two
// samples can be missed; there is no exact method here.
func FirstSightAlongPath(bf *terrain.Battlefield, observerID, movingID string, path []geom.Point, opt PathOptions) (PathSightResult, error) {
	obs, mv, step, err := pathCheck(bf, observerID, movingID, path, opt)
	if err != nil {
		return PathSightResult{}, err
	}
	cum, ss, step := pathSamples(path, step)
	total := cum[len(cum)-1]
	eye := obs.EyePoint()
	offsets := pathOffsets(mv, opt.Volume)
	visibleAt := func(q geom.Point) bool {
		// The moving model stands on the ground under each position (an
		// airborne one keeps its altitude above the table).
		z0 := 0.0
		if !mv.Airborne() {
			z0 = bf.GroundUnder(mv, q).Height
		}
		for _, o := range offsets {
			t := geom.V3(q.X+o.X, q.Y+o.Y, z0+o.Z)
			if SightSegment(bf, eye, t, opt.Sight, observerID, movingID).Clear {
				return true
			}
		}
		return false
	}
	// pointAt returns the position and segment at arc length s.
	pointAt := func(s float64) (geom.Point, int) {
		for i := 1; i < len(path); i++ {
			if s <= cum[i] || i == len(path)-1 {
				l := cum[i] - cum[i-1]
				if l == 0 {
					return path[i], i - 1
				}
				t := math.Max(0, math.Min(1, (s-cum[i-1])/l))
				return geom.Seg(path[i-1], path[i]).At(t), i - 1
			}
		}
		return path[0], 0
	}
	res := PathSightResult{Observer: observerID, Moving: movingID, Length: total, Step: step,
		FirstDistance: -1, LostDistance: -1}
	prevS := ss[0]
	prev := visibleAt(path[0])
	res.VisibleAtStart = prev
	if prev {
		p := path[0]
		res.FirstVisibleAt, res.FirstDistance = &p, 0
	}
	for _, s := range ss[1:] {
		q, _ := pointAt(s)
		cur := visibleAt(q)
		if cur != prev {
			lo, hi := prevS, s
			for k := 0; k < 200 && hi-lo > PathTolerance; k++ {
				mid := (lo + hi) / 2
				mq, _ := pointAt(mid)
				if visibleAt(mq) == prev {
					lo = mid
				} else {
					hi = mid
				}
			}
			at, seg := pointAt(hi)
			res.Transitions = append(res.Transitions, PathTransition{At: at, Distance: hi, Segment: seg, Visible: cur})
			if cur && res.FirstVisibleAt == nil {
				p := at
				res.FirstVisibleAt, res.FirstDistance = &p, hi
			} else if !cur && res.FirstVisibleAt != nil && res.LostAt == nil {
				p := at
				res.LostAt, res.LostDistance = &p, hi
			}
		}
		prev, prevS = cur, s
	}
	res.VisibleAtEnd = prev
	return res, nil
}

// pathSamples returns the cumulative arc length at each vertex of path and
// the arc lengths sampled (every step, widened to keep at most
// MaxPathSamples, plus every vertex), with the step used.
func pathSamples(path []geom.Point, step float64) (cum, ss []float64, used float64) {
	// Cumulative arc length at each vertex.
	cum = make([]float64, len(path))
	for i := 1; i < len(path); i++ {
		cum[i] = cum[i-1] + path[i].Sub(path[i-1]).Norm()
	}
	total := cum[len(cum)-1]
	if total/step > MaxPathSamples {
		step = total / MaxPathSamples
	}
	// Sample positions: every step plus every vertex.
	for i := 0; i < len(path); i++ {
		if i > 0 {
			for s := cum[i-1] + step; s < cum[i]; s += step {
				ss = append(ss, s)
			}
		}
		ss = append(ss, cum[i])
	}
	return cum, ss, step
}

// pathCheck resolves and validates the arguments of FirstSightAlongPath
// and returns the observer, the moving model and the sampling step.
func pathCheck(bf *terrain.Battlefield, observerID, movingID string, path []geom.Point, opt PathOptions) (obs, mv *terrain.Model, step float64, err error) {
	if bf == nil {
		return nil, nil, 0, fmt.Errorf("los: sight along path: nil battlefield: %w", terrain.ErrInvalidValue)
	}
	var ok bool
	obs, ok = bf.Model(observerID)
	if !ok {
		return nil, nil, 0, fmt.Errorf("los: sight along path: unknown observer %q: %w", observerID, terrain.ErrUnknownID)
	}
	mv, ok = bf.Model(movingID)
	if !ok {
		return nil, nil, 0, fmt.Errorf("los: sight along path: unknown model %q: %w", movingID, terrain.ErrUnknownID)
	}
	if len(path) == 0 || len(path) > MaxPathPoints {
		return nil, nil, 0, fmt.Errorf("los: sight along path: %d path points, want 1 to %d: %w", len(path), MaxPathPoints, terrain.ErrInvalidValue)
	}
	for i, p := range path {
		if err := measFinite2(fmt.Sprintf("path[%d]", i), p); err != nil {
			return nil, nil, 0, err
		}
	}
	step = opt.Step
	if step == 0 {
		step = DefaultPathStep
	}
	if !(step > 0) || math.IsInf(step, 0) {
		return nil, nil, 0, fmt.Errorf("los: sight along path: step %v: want a positive number: %w", opt.Step, terrain.ErrInvalidValue)
	}
	return obs, mv, step, nil
}

// pathOffsets returns the points tested on the moving model relative to
// its position (x, y offsets; z above the ground it stands on, or for an
// airborne model above the table): its eye point, and with volume the
// corners of its volume.
func pathOffsets(m *terrain.Model, volume bool) []geom.Vec3 {
	e := m.EyePoint()
	out := []geom.Vec3{geom.V3(0, 0, e.Z-m.Ground())}
	if m.Airborne() {
		out[0].Z = e.Z
	}
	if !volume || m.Airborne() {
		return out
	}
	f := geom.Heading(m.Facing.Degrees())
	l := geom.Pt(-f.Y, f.X)
	length, width := arcHullDims(m)
	h := m.Height()
	var pts []geom.Point
	if _, ok := m.HullRect(); ok {
		for _, sx := range []float64{-0.5, 0.5} {
			for _, sy := range []float64{-0.5, 0.5} {
				pts = append(pts, f.Mul(sx*length).Add(l.Mul(sy*width)))
			}
		}
	} else {
		pts = []geom.Point{f.Mul(length / 2), f.Mul(-length / 2), l.Mul(width / 2), l.Mul(-width / 2)}
	}
	for _, o := range pts {
		out = append(out, geom.V3(o.X, o.Y, 0), geom.V3(o.X, o.Y, h))
	}
	return out
}
