package tactics

import (
	"fmt"
	"math"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/terrain"
)

// BreakRequest asks for the shortest move after which none of Observers
// sees Model.
type BreakRequest struct {
	Move
	// Observers are the models whose sight must be broken.
	Observers []string
	// Fraction, when above 0, is enough: each observer may see less than
	// this fraction of the model's silhouette.
	Fraction float64
	// Shot, when set, replaces sight: no observer may legally shoot the
	// model (the ruleset's verdict).
	Shot ShotFunc
}

// hidden is BreakSight's condition for the models of a request.
type hidden struct {
	bf     *terrain.Battlefield
	m      *terrain.Model
	obs    []*terrain.Model
	req    *BreakRequest
	opt    los.Options
	facing func(p geom.Point) s1.Angle
	// lastSeen is the observer × point pair (observer index times the
	// number of points plus the point's) of seenQuick's last clear line,
	// -1 before one.
	lastSeen int
}

// observers validates the request's observers and returns them.
func (req *BreakRequest) observers(bf *terrain.Battlefield, m *terrain.Model) ([]*terrain.Model, error) {
	if len(req.Observers) == 0 {
		return nil, fmt.Errorf("tactics: observers: want at least one model id: %w", ErrInvalid)
	}
	var out []*terrain.Model
	for i, id := range req.Observers {
		o, ok := bf.Model(id)
		if !ok {
			return nil, fmt.Errorf("tactics: observers[%d] %q: no such model: %w", i, id, terrain.ErrUnknownID)
		}
		if o.ID == m.ID {
			return nil, fmt.Errorf("tactics: observers[%d] %q is the moving model: %w", i, id, ErrInvalid)
		}
		out = append(out, o)
	}
	return out, checkFraction(req.Fraction)
}

// BreakSight returns the shortest legal move of req.Model within its
// allowance that ends where no observer sees it (or each sees less than
// Fraction of it, or none may legally shoot it).
func BreakSight(rt *movement.Router, req BreakRequest) (Answer, error) {
	bf := rt.Battlefield()
	m, err := req.check(bf)
	if err != nil {
		return Answer{}, err
	}
	obs, err := req.observers(bf, m)
	if err != nil {
		return Answer{}, err
	}
	hd := newHidden(bf, m, obs, &req)
	cond := condition{quick: hd.holds}
	if req.Fraction == 0 && req.Shot == nil {
		// not seen at any characteristic point, then not seen at all
		cond = condition{quick: func(p geom.Point) (bool, error) { return !hd.seenQuick(p, hd.facing(p)), nil }, exact: hd.holds}
	}
	a, err := search(rt, req.Move, m, cond)
	if err != nil || !a.Found {
		return a, err
	}
	f := hd.facing(a.At)
	a.FacingDeg = f.Degrees()
	a.Proof, a.Verdict, err = hd.proof(a.At, f)
	return a, err
}

// newHidden prepares the condition of req.
func newHidden(bf *terrain.Battlefield, m *terrain.Model, obs []*terrain.Model, req *BreakRequest) *hidden {
	hd := &hidden{bf: bf, m: m, obs: obs, req: req, opt: req.Sight, lastSeen: -1}
	hd.facing = func(p geom.Point) s1.Angle {
		near, d := m.Position, math.Inf(1)
		for _, o := range obs {
			if e := o.Position.Sub(p).Norm(); e < d {
				near, d = o.Position, e
			}
		}
		return endFacing(req.Facing, m, []geom.Point{p}, near, true)
	}
	return hd
}

// holds reports whether the model at p is hidden as the request asks.
func (hd *hidden) holds(p geom.Point) (bool, error) {
	f := hd.facing(p)
	mb, err := Moved(hd.bf, hd.m.ID, p, f)
	if err != nil {
		return false, err
	}
	for _, o := range hd.obs {
		switch {
		case hd.req.Shot != nil:
			legal, _, err := hd.req.Shot(mb, o.ID, hd.m.ID)
			if err != nil || legal {
				return false, err
			}
		case hd.req.Fraction > 0:
			r, err := los.VisibleFraction(mb, o.ID, hd.m.ID, hd.opt)
			if err != nil || r.Fraction >= hd.req.Fraction {
				return false, err
			}
		default:
			r, err := los.Sight(mb, o.ID, hd.m.ID, hd.opt)
			if err != nil || r.Visible {
				return false, err
			}
		}
	}
	return true, nil
}

// seenQuick reports whether some observer has a clear sightline to a
// characteristic point of the model at p (its centre, top centre and plan
// corners at its foot and top): then it is seen, without rebuilding the
// battlefield. Both models are ignored as occluders, as Sight ignores them.
func (hd *hidden) seenQuick(p geom.Point, f s1.Angle) bool {
	m := *hd.m
	m.Position, m.Facing = p, f
	g := 0.0
	if !m.Airborne() {
		g = hd.bf.GroundUnder(hd.m, p).Height
	}
	h := m.Hull.Height
	var buf [2*terrain.MaxPlanRing + 2]geom.Vec3
	pts := append(buf[:0], geom.Lift(p, g+h/2), geom.Lift(p, g+h))
	if m.Airborne() {
		pts = append(buf[:0], geom.Lift(p, m.Altitude))
	} else {
		ring := m.PlanRing(nil)
		for _, q := range ring {
			pts = append(pts, geom.Lift(q, g+h), geom.Lift(q, g))
		}
	}
	// the pair that saw the model last is tried first: neighbouring
	// points are mostly seen along the same line
	if k := hd.lastSeen; k >= 0 && k/len(pts) < len(hd.obs) {
		if o := hd.obs[k/len(pts)]; los.SightSegment(hd.bf, o.EyePoint(), pts[k%len(pts)], hd.opt, o.ID, hd.m.ID).Clear {
			return true
		}
	}
	for i, o := range hd.obs {
		eye := o.EyePoint()
		for j, t := range pts {
			if k := i*len(pts) + j; k != hd.lastSeen && los.SightSegment(hd.bf, eye, t, hd.opt, o.ID, hd.m.ID).Clear {
				hd.lastSeen = k
				return true
			}
		}
	}
	return false
}

// proof returns, per observer, the sightline to the model's centre at its
// end pose (blocked), and the rulesets' verdicts joined.
func (hd *hidden) proof(p geom.Point, f s1.Angle) ([]Line, string, error) {
	mb, err := Moved(hd.bf, hd.m.ID, p, f)
	if err != nil {
		return nil, "", err
	}
	var lines []Line
	verdict := ""
	for _, o := range hd.obs {
		r, err := los.Sight(mb, o.ID, hd.m.ID, hd.opt)
		if err != nil {
			return nil, "", err
		}
		l := lineOf(o.ID, r)
		if !r.Visible {
			l.Segment = r.Centre
		}
		if hd.req.Fraction > 0 {
			fr, err := los.VisibleFraction(mb, o.ID, hd.m.ID, hd.opt)
			if err != nil {
				return nil, "", err
			}
			v := fr.Fraction
			l.Fraction = &v
		}
		if hd.req.Shot != nil {
			_, text, err := hd.req.Shot(mb, o.ID, hd.m.ID)
			if err != nil {
				return nil, "", err
			}
			if verdict != "" {
				verdict += " "
			}
			verdict += o.ID + ": " + text
		}
		lines = append(lines, l)
	}
	return lines, verdict, nil
}
