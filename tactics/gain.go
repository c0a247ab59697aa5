package tactics

import (
	"fmt"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// GainRequest asks for the shortest move after which Model sees Target.
type GainRequest struct {
	Move
	// Target is the target model's id.
	Target string
	// Fraction is the visible fraction of the target's silhouette the
	// model must see (0: any part).
	Fraction float64
	// Shot, when set, must also allow the model to shoot the target from
	// its end pose (the ruleset's verdict); the model must see some part
	// of the target unless Indirect.
	Shot     ShotFunc
	Indirect bool
}

// GainSight returns the shortest legal move of req.Model within its
// allowance that ends where it sees req.Target (any part, at least
// Fraction of the silhouette, or a legal shot). rt is the battlefield's
// Router (its graphs are kept for later questions).
func GainSight(rt *movement.Router, req GainRequest) (Answer, error) {
	bf := rt.Battlefield()
	m, err := req.check(bf)
	if err != nil {
		return Answer{}, err
	}
	t, ok := bf.Model(req.Target)
	if !ok {
		return Answer{}, fmt.Errorf("tactics: target %q: no such model: %w", req.Target, terrain.ErrUnknownID)
	}
	if t.ID == m.ID {
		return Answer{}, fmt.Errorf("tactics: target %q is the moving model: %w", req.Target, ErrInvalid)
	}
	if err := checkFraction(req.Fraction); err != nil {
		return Answer{}, err
	}
	facing := func(p geom.Point) s1.Angle { return endFacing(req.Facing, m, []geom.Point{p}, t.Position, false) }
	quick := quickSight(bf, m, req.Sight)
	// When every characteristic point is hidden, the quick test decides
	// sight by the visible region, whose fraction is the one the exact test
	// needs (same eye, same occluders unless the squad is excluded): it is
	// kept for the exact test of the same point, which usually follows.
	var known knownFraction
	frac, err := los.NewFractionCheck(bf, t.ID, withExclude(req.Sight, m.ID), req.Fraction)
	if err != nil {
		return Answer{}, err
	}
	reuse := req.Sight.ThroughOwnSquad == 0 || m.Squad == ""
	cond := condition{
		quick: func(p geom.Point) (bool, error) {
			if req.Indirect && req.Shot != nil {
				return true, nil
			}
			r, err := los.SightFrom(bf, eyeAt(bf, m, p), t.ID, quick)
			known = knownFraction{p: p, ok: reuse && r.Fraction != nil}
			if known.ok {
				known.fraction = *r.Fraction
			}
			return err == nil && r.Visible, err
		},
		exact: func(p geom.Point) (bool, error) {
			if !known.ok || known.p != p {
				known = knownFraction{}
			}
			return seesAt(bf, m, p, facing(p), &req, known, frac)
		},
	}
	a, err := search(rt, req.Move, m, cond)
	if err != nil || !a.Found {
		return a, err
	}
	a.FacingDeg = endFacing(req.Facing, m, pathOf(a.Route), t.Position, false).Degrees()
	mb, err := Moved(bf, m.ID, a.At, s1.Angle(a.FacingDeg*s1.Degree.Radians()))
	if err != nil {
		return a, err
	}
	sr, err := los.Sight(mb, m.ID, t.ID, req.Sight)
	if err != nil {
		return a, err
	}
	l := lineOf(m.ID, sr)
	if req.Fraction > 0 {
		fr, err := los.VisibleFraction(mb, m.ID, t.ID, req.Sight)
		if err != nil {
			return a, err
		}
		f := fr.Fraction
		l.Fraction = &f
	}
	a.Proof = []Line{l}
	if req.Shot != nil {
		if _, a.Verdict, err = req.Shot(mb, m.ID, t.ID); err != nil {
			return a, err
		}
	}
	return a, nil
}

// seesAt reports whether req's model, at p facing f, sees req's target
// as req asks, under the sight policy req.Sight exactly as a sight (or
// visible-fraction, or shot) query between the two models on the
// battlefield with the model moved: los.Sight (own-squad see-through
// included), then the fraction, then the shot.
//
// The moved battlefield is built only when it can change the answer.
// From an eye strictly above the model's ground (a hull taller than 0)
// the only difference between los.Sight on it and los.SightFrom from the
// eye with the model excluded is the shooter's squad, which matters only
// under ThroughOwnSquad: without it the quick test has decided sight
// already; a fraction counts own-squad models as blockers either way.
//
// known, when ok, is the visible fraction from the eye at p with the model
// excluded, already computed; frac answers whether that fraction reaches
// req.Fraction (VisibleFractionFrom's answer) otherwise.
func seesAt(bf *terrain.Battlefield, m *terrain.Model, p geom.Point, f s1.Angle, req *GainRequest, known knownFraction, frac *los.FractionCheck) (bool, error) {
	var mb *terrain.Battlefield
	moved := func() (*terrain.Battlefield, error) {
		var err error
		if mb == nil {
			mb, err = Moved(bf, m.ID, p, f)
		}
		return mb, err
	}
	flat := !(m.Hull.Height > 0)
	if (!req.Indirect || req.Shot == nil) && req.Fraction == 0 && (flat || req.Sight.ThroughOwnSquad > 0) {
		mb, err := moved()
		if err != nil {
			return false, err
		}
		if r, err := los.Sight(mb, m.ID, req.Target, req.Sight); err != nil || !r.Visible {
			return false, err
		}
	}
	if req.Fraction > 0 {
		// a fraction above 0 is sight; own-squad models block it
		var r los.FractionResult
		var err error
		switch {
		case known.ok && !flat:
			r.Fraction = known.fraction
		case flat:
			if mb, err = moved(); err == nil {
				r, err = los.VisibleFraction(mb, m.ID, req.Target, req.Sight)
			}
		default:
			// only whether the fraction reaches req.Fraction matters
			var ok bool
			if ok, err = frac.AtLeast(eyeAt(bf, m, p)); ok {
				r.Fraction = req.Fraction
			}
		}
		if err != nil || r.Fraction < req.Fraction {
			return false, err
		}
	}
	if req.Shot == nil {
		return true, nil
	}
	mb, err := moved()
	if err != nil {
		return false, err
	}
	legal, _, err := req.Shot(mb, m.ID, req.Target)
	return legal, err
}

// knownFraction is a visible fraction from the eye at p, when ok.
type knownFraction struct {
	p        geom.Point
	fraction float64
	ok       bool
}

// quickSight returns the policy of gain-sight's quick test from the
// model's eye at a candidate point (los.SightFrom, where no model is the
// shooter): opt with the moving model excluded and, when opt lets a
// sightline pass models of the shooter's own squad, the whole squad
// excluded. Whatever the model sees under opt it sees under this policy,
// so the test is a necessary condition; the exact test (seesAt) applies
// opt itself.
func quickSight(bf *terrain.Battlefield, m *terrain.Model, opt los.Options) los.Options {
	ids := []string{m.ID}
	if opt.ThroughOwnSquad > 0 && m.Squad != "" {
		for _, i := range bf.Squad(m.Squad) {
			ids = append(ids, bf.Models()[i].ID)
		}
	}
	return withExclude(opt, ids...)
}

// search runs the searcher for cond over the model's cost field and
// fills the answer's route, end point and bookkeeping.
func search(rt *movement.Router, mv Move, m *terrain.Model, cond condition) (Answer, error) {
	a := Answer{Model: m.ID, Tolerance: Tolerance, Cell: CoarseCell, Proof: []Line{}}
	w := newMeter(mv)
	f, exhausted, err := w.field(rt, m.ID, mv)
	if err != nil || f == nil || exhausted {
		a.Exhausted, a.Work = exhausted, w.charged
		return a, err
	}
	s := newSearcher(f, cond, w)
	s.run()
	a.Tests, a.Work, a.Searched = s.tests, s.tests+f.Work(), s.coarse
	w.count(a.Work) // the last tests are charged too
	if s.err != nil {
		return a, s.err
	}
	a.Exhausted = s.stopped
	if !s.found {
		return a, nil
	}
	a.Found, a.At, a.Already = true, s.bestP, s.best == 0 && s.bestP == f.Start()
	a.Route = f.Route(s.bestP, s.last, s.best)
	a.Route.Model = m.ID
	if a.Already {
		a.Route.ErrorBound = 0 // no move, nothing to bound
	}
	a.FacingDeg = m.Facing.Degrees()
	return a, nil
}

// pathOf returns a route's waypoints as points.
func pathOf(r movement.Route) []geom.Point {
	out := make([]geom.Point, len(r.Path))
	for i, p := range r.Path {
		out[i] = geom.Pt(p[0], p[1])
	}
	return out
}

// lineOf turns a sight result into a proof line.
func lineOf(observer string, r los.SightResult) Line {
	l := Line{Observer: observer, Clear: r.Visible, Segment: r.Centre, Result: &r}
	if r.Witness != nil {
		l.Segment = *r.Witness
	}
	if r.BlockedBy != nil && !r.Visible {
		l.Blocker = r.BlockedBy.ID
		p := r.BlockedBy.At
		l.At = &p
	}
	return l
}
