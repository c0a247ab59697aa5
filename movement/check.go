package movement

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// FacingMode says how a model's facing behaves along a path.
type FacingMode string

// Facing modes.
const (
	// KeepFacing translates the footprint without turning.
	KeepFacing FacingMode = "keep"
	// FaceLeg turns the model on the spot at the start of every leg to face
	// along it; the turn itself is checked for collisions.
	FaceLeg FacingMode = "face-leg"
)

// ModelCheck says where other models' footprints are obstacles.
type ModelCheck string

// Model collision policies.
const (
	// ModelsAtEnd checks other models only at the final position.
	ModelsAtEnd ModelCheck = "end"
	// ModelsAlongPath checks other models along the whole path.
	ModelsAlongPath ModelCheck = "path"
	// ModelsIgnored never checks other models.
	ModelsIgnored ModelCheck = "ignore"
)

// PathOptions are the knobs of CheckPath. The zero value checks terrain
// and table edge along the path, other models at the end only, keeps the
// facing, uses the model class's default profile and no budget.
type PathOptions struct {
	// Profile overrides the movement class (nil: ProfileFor(model.Class)).
	Profile *ClassProfile `json:"profile,omitempty"`
	// Facing is KeepFacing (default) or FaceLeg.
	Facing FacingMode `json:"facing,omitempty"`
	// Models is ModelsAtEnd (default), ModelsAlongPath or ModelsIgnored.
	Models ModelCheck `json:"models,omitempty"`
	// Ignore lists model ids that are never obstacles (passengers, the
	// charge target).
	Ignore []string `json:"ignore,omitempty"`
	// Budget is the move allowance in inches; 0 means no budget check.
	Budget float64 `json:"budget,omitempty"`
	// Jump limits the path to open ground but for its two ends: it may run
	// at most JumpDepth inches inside non-open terrain from its start
	// (leaving a piece) and into its end (entering one), and never cross a
	// piece mid-path.
	Jump bool `json:"jump,omitempty"`
	// JumpDepth is the jump allowance in inches (0: none at all).
	JumpDepth float64 `json:"jumpDepth,omitempty"`
	// CenterOnTable lets the footprint overhang the table edge as long as
	// the reference point stays on it (a model on a stand); by default
	// the whole footprint must stay on the table.
	CenterOnTable bool `json:"centerOnTable,omitempty"`
}

// Violation is one reason a path is illegal.
type Violation struct {
	// Kind is "terrain", "model", "table", "turn-terrain", "turn-model",
	// "budget", "jump" or "start".
	Kind string `json:"kind"`
	// Object is the id of what was hit ("" for the table and budgets).
	Object string `json:"object,omitempty"`
	// At is the model's reference point at first contact.
	At xy `json:"at"`
	// Leg is the index of the leg (0 = path[0]→path[1]).
	Leg int `json:"leg"`
	// Along is the distance from the start along the path, inches.
	Along float64 `json:"along"`
	// Detail is a short plain-text description with the numbers.
	Detail string `json:"detail"`
}

// PathResult is CheckPath's answer.
type PathResult struct {
	Model string `json:"model"`
	Class string `json:"class"`
	Legal bool   `json:"legal"`
	// Length is the path length at the reference point, inches.
	Length float64 `json:"length"`
	// Cost is Length plus the extra for difficult terrain and airborne
	// penalties, inches.
	Cost float64 `json:"cost"`
	// DifficultLength is the length run inside difficult terrain.
	DifficultLength float64 `json:"difficultLength"`
	// Penalty is the airborne tall-terrain penalty (see TallPenalty),
	// inches.
	Penalty float64 `json:"penalty"`
	// Climb is the height, in inches, the reference point climbs from
	// surface to higher surface along the path (onto hill tiers, roofs);
	// ClimbCost is what it adds to Cost (Climb × ClimbFactor).
	Climb     float64 `json:"climb"`
	ClimbCost float64 `json:"climbCost"`
	// Budget is the allowance asked for (0: none) and EffectiveBudget the
	// allowance after the profile's difficult-terrain cap and scaling.
	Budget          float64 `json:"budget"`
	EffectiveBudget float64 `json:"effectiveBudget"`
	// Difficult and Dangerous list the pieces the reference point enters.
	Difficult []string `json:"difficult"`
	Dangerous []string `json:"dangerous"`
	// Violations lists the first collision (if any) and every budget or
	// jump problem, ordered along the path.
	Violations []Violation `json:"violations"`
}

// Explain returns one sentence with the numbers.
func (r PathResult) Explain() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s moves %.3f in (cost %.3f in", r.Model, r.Length, r.Cost)
	if r.DifficultLength > 0 {
		fmt.Fprintf(&b, ", %.3f in in difficult terrain", r.DifficultLength)
	}
	if r.Penalty > 0 {
		fmt.Fprintf(&b, ", %.3f in tall-terrain penalty", r.Penalty)
	}
	if r.Climb > 0 {
		fmt.Fprintf(&b, ", climbs %.3f in costing %.3f in", r.Climb, r.ClimbCost)
	}
	if r.Budget > 0 {
		fmt.Fprintf(&b, ", allowance %.3f in", r.EffectiveBudget)
	}
	b.WriteString(")")
	if r.Legal {
		b.WriteString(": legal.")
		return b.String()
	}
	v := r.Violations[0]
	fmt.Fprintf(&b, ": illegal, %s at (%.3f, %.3f), %.3f in along the path.", v.Detail, v.At[0], v.At[1], v.Along)
	return b.String()
}

// obstacle is one piece or model in the way.
type obstacle struct {
	id    string
	model bool
	core  core
	shape geom.Shape // for polygon movers
}

// setup gathers the model, its profile and validated inputs.
func setup(bf *terrain.Battlefield, modelID string, prof *ClassProfile) (*terrain.Model, ClassProfile, float64, error) {
	if bf == nil {
		return nil, ClassProfile{}, 0, fmt.Errorf("movement: nil battlefield: %w", ErrInvalid)
	}
	m, ok := bf.Model(modelID)
	if !ok {
		return nil, ClassProfile{}, 0, fmt.Errorf("movement: model %q: %w", modelID, ErrUnknownModel)
	}
	p := ProfileFor(m.Class)
	if prof != nil {
		p = *prof
	}
	if err := p.Validate(); err != nil {
		return nil, p, 0, err
	}
	alt := 0.0
	if p.Airborne {
		alt = m.Altitude
		if !m.Airborne() {
			// a landed aircraft moves as a ground model of its class
			p.Airborne = false
		}
	}
	return m, p, alt, nil
}

// CheckPath checks model modelID following path (reference-point
// waypoints; path[0] is normally the model's position) with its real
// footprint, and measures the move's cost.
//
// Collisions are decided exactly for circular footprints (distance from
// each leg to each obstacle compared with the clearance) and for
// polygonal ones while translating (the swept convex hull of the
// footprint at both ends of a leg); ovals use their circumscribed polygon
// and turns on the spot are checked at poses at most 5° apart. Only the
// first collision along the path is reported; contact is legal.
//
// Cost follows the reference point: difficult terrain counts
// DifficultFactor times while the point is inside, airborne penalties are
// added once per piece crossed.
func CheckPath(bf *terrain.Battlefield, modelID string, path []geom.Point, opt PathOptions) (PathResult, error) {
	m, prof, alt, err := setup(bf, modelID, opt.Profile)
	if err != nil {
		return PathResult{}, err
	}
	if len(path) < 1 || len(path) > 10000 {
		return PathResult{}, fmt.Errorf("movement: path has %d points, want 1..10000: %w", len(path), ErrInvalid)
	}
	for i, p := range path {
		if err := finitePoint(fmt.Sprintf("path[%d]", i), p); err != nil {
			return PathResult{}, err
		}
	}
	if err := finiteNonNeg("budget", opt.Budget, 1e6); err != nil {
		return PathResult{}, err
	}
	if err := finiteNonNeg("jumpDepth", opt.JumpDepth, 1e6); err != nil {
		return PathResult{}, err
	}
	switch opt.Facing {
	case "", KeepFacing, FaceLeg:
	default:
		return PathResult{}, fmt.Errorf("movement: facing = %q, want keep or face-leg: %w", opt.Facing, ErrInvalid)
	}
	switch opt.Models {
	case "", ModelsAtEnd, ModelsAlongPath, ModelsIgnored:
	default:
		return PathResult{}, fmt.Errorf("movement: models = %q, want end, path or ignore: %w", opt.Models, ErrInvalid)
	}
	res := PathResult{Model: m.ID, Class: prof.Name, Budget: opt.Budget, Difficult: []string{}, Dangerous: []string{}, Violations: []Violation{}}
	mv := moverOf(m)
	c := checker{bf: bf, m: m, prof: prof, alt: alt, mv: mv, opt: opt}
	if v, ok := c.collisions(path); ok {
		res.Violations = append(res.Violations, v)
	}
	c.cost(path, &res)
	res.Legal = len(res.Violations) == 0
	return res, nil
}

type checker struct {
	bf   *terrain.Battlefield
	m    *terrain.Model
	prof ClassProfile
	alt  float64
	mv   mover
	opt  PathOptions
}

// obstaclesNear returns the obstacles whose boxes meet r.
func (c *checker) obstaclesNear(r geom.Rect, models bool) []obstacle {
	var out []obstacle
	pieces := c.bf.Pieces()
	all := c.bf.Models()
	on := c.m.Stand()
	c.bf.VisitRect(r, func(it terrain.Item) bool {
		switch it.Kind {
		case terrain.ItemPiece:
			pc := &pieces[it.Index]
			if it.Index == on.Piece && on.Kind != terrain.SurfaceFloor {
				// The piece the model stands on (a hill's top, a roof)
				// is ground, not an obstacle, to a model already on it.
				return true
			}
			if c.prof.pieceEffect(pc, c.alt).move == terrain.Impassable {
				if pc.Circle != nil {
					out = append(out, obstacle{id: pc.ID, core: coreFromConvex(*pc.Circle), shape: *pc.Circle})
				} else {
					out = append(out, obstacle{id: pc.ID, core: coreFromPolygon(pc.Footprint), shape: pc.Footprint})
				}
			}
		case terrain.ItemModel:
			o := &all[it.Index]
			if !models || !blocksModels(c.m, o, c.prof, c.opt.Ignore) {
				return true
			}
			fp := obstacleFootprint(o)
			out = append(out, obstacle{id: o.ID, model: true, core: coreFromConvex(fp), shape: fp})
		}
		return true
	})
	return out
}

// blocksModels reports whether model o is an obstacle to mover m.
func blocksModels(m, o *terrain.Model, prof ClassProfile, ignore []string) bool {
	if o.ID == m.ID || o.Garrison != nil || slices.Contains(ignore, o.ID) {
		return false
	}
	if prof.Airborne && m.Airborne() {
		return false // a flying mover passes over models
	}
	if o.Airborne() && o.Base.Shape == "" {
		return false
	}
	return true
}

// obstacleFootprint is a model's plan as an obstacle: the flight-stand
// base for airborne models, else its footprint.
func obstacleFootprint(o *terrain.Model) geom.Convex {
	if o.Airborne() {
		return o.BaseShape()
	}
	return o.Footprint()
}

// legFacing returns the facing used on leg a→b given the previous one.
func (c *checker) legFacing(prev s1.Angle, a, b geom.Point) s1.Angle {
	if c.opt.Facing != FaceLeg || a == b {
		return prev
	}
	d := b.Sub(a)
	return s1.Angle(math.Atan2(d.Y, d.X))
}

// collisions returns the first collision along the path.
func (c *checker) collisions(path []geom.Point) (Violation, bool) {
	along := 0.0
	facing := c.mv.facing
	modelsOnPath := c.opt.Models == ModelsAlongPath
	last := len(path) - 1
	// start pose and table
	if v, ok := c.poseHit(path[0], facing, 0, 0, "start", modelsOnPath); ok {
		return v, true
	}
	for i := 0; i < last; i++ {
		a, b := path[i], path[i+1]
		nf := c.legFacing(facing, a, b)
		if nf != facing {
			if v, ok := c.turnHit(a, facing, nf, i, along, modelsOnPath); ok {
				return v, true
			}
			facing = nf
		}
		if v, ok := c.legHit(a, b, facing, i, along, modelsOnPath); ok {
			return v, true
		}
		along += b.Sub(a).Norm()
	}
	if !modelsOnPath && c.opt.Models != ModelsIgnored {
		if v, ok := c.poseModels(path[last], facing, max(last-1, 0), along); ok {
			return v, true
		}
	}
	return Violation{}, false
}

// tableRect returns the region the reference point must stay in at a
// facing, and whether it is non-empty.
func (c *checker) tableRect(facing s1.Angle) geom.Rect {
	t := c.bf.Table()
	if c.opt.CenterOnTable {
		return t.Bound()
	}
	xl, xh, yl, yh := c.mv.extents(facing)
	tol := ContactTolerance
	return geom.Rect{X: r1.Interval{Lo: xl - tol, Hi: t.Width - xh + tol}, Y: r1.Interval{Lo: yl - tol, Hi: t.Depth - yh + tol}}
}

func (c *checker) poseHit(p geom.Point, facing s1.Angle, leg int, along float64, kind string, models bool) (Violation, bool) {
	if r := c.tableRect(facing); !r.ContainsPoint(p) {
		return Violation{Kind: "table", At: toXY(p), Leg: leg, Along: along, Detail: "the footprint is off the table"}, true
	}
	return c.poseObstacles(p, facing, leg, along, models, kind)
}

func (c *checker) poseModels(p geom.Point, facing s1.Angle, leg int, along float64) (Violation, bool) {
	return c.poseObstacles(p, facing, leg, along, true, "end")
}

// poseObstacles checks one pose against terrain (unless kind is "end")
// and models (when models is set).
func (c *checker) poseObstacles(p geom.Point, facing s1.Angle, leg int, along float64, models bool, kind string) (Violation, bool) {
	r := geom.RectFromPoints(p).ExpandedByMargin(c.mv.r + 1e-6)
	for _, o := range c.obstaclesNear(r, models) {
		if kind == "end" && !o.model {
			continue
		}
		if c.poseOverlaps(p, facing, &o) {
			k := "terrain"
			if o.model {
				k = "model"
			}
			if kind == "turn" {
				k = "turn-" + k
			}
			return Violation{Kind: k, Object: o.id, At: toXY(p), Leg: leg, Along: along, Detail: fmt.Sprintf("the footprint overlaps %s", o.id)}, true
		}
	}
	return Violation{}, false
}

// poseOverlaps reports whether the footprint at p overlaps o by more than
// ContactTolerance.
func (c *checker) poseOverlaps(p geom.Point, facing s1.Angle, o *obstacle) bool {
	if c.mv.disc {
		_, hit := o.core.firstContact(geom.Segment{A: p, B: p}, c.mv.r)
		return hit
	}
	var buf [64]geom.Point
	hull := geom.ConvexPolygon(c.mv.at(buf[:0], p, facing))
	d, _, _ := geom.DistShapes(hull, o.shape)
	return d <= 0
}

// turnHit checks a turn on the spot from f0 to f1 at p, in steps of at
// most 5°.
func (c *checker) turnHit(p geom.Point, f0, f1 s1.Angle, leg int, along float64, models bool) (Violation, bool) {
	if c.mv.disc {
		return Violation{}, false
	}
	delta := geom.NormalizeAngle(f1 - f0)
	n := int(math.Ceil(math.Abs(delta.Degrees())/5)) + 1
	for k := 1; k <= n; k++ {
		f := f0 + delta*s1.Angle(float64(k)/float64(n))
		if v, ok := c.poseHit(p, f, leg, along, "turn", models); ok {
			if v.Kind == "table" {
				v.Detail = fmt.Sprintf("turning to %.1f° puts the footprint off the table", deg(f))
			} else {
				v.Detail = fmt.Sprintf("turning to %.1f° overlaps %s", deg(f), v.Object)
			}
			return v, true
		}
	}
	return Violation{}, false
}

// legHit returns the first collision while translating from a to b.
func (c *checker) legHit(a, b geom.Point, facing s1.Angle, leg int, along float64, models bool) (Violation, bool) {
	if a == b {
		return Violation{}, false
	}
	seg := geom.Segment{A: a, B: b}
	best, found := math.Inf(1), Violation{}
	// table edge: the reference point must stay in the inset rectangle
	tr := c.tableRect(facing)
	lo, hi := 0.0, 1.0
	d := b.Sub(a)
	if slab(a.X, d.X, tr.X.Lo, tr.X.Hi, &lo, &hi) && slab(a.Y, d.Y, tr.Y.Lo, tr.Y.Hi, &lo, &hi) && lo <= 0 && hi >= 1 {
		// stays on the table
	} else {
		t := hi
		if lo > 0 || hi < lo {
			t = 0
		}
		best = t
		found = Violation{Kind: "table", Detail: "the footprint leaves the table"}
	}
	box := seg.Bound().ExpandedByMargin(c.mv.r + 1e-6)
	for _, o := range c.obstaclesNear(box, models) {
		t, hit := c.legContact(seg, facing, &o)
		if hit && t < best {
			best = t
			k := "terrain"
			if o.model {
				k = "model"
			}
			found = Violation{Kind: k, Object: o.id, Detail: fmt.Sprintf("the footprint hits %s", o.id)}
		}
	}
	if math.IsInf(best, 1) {
		return Violation{}, false
	}
	p := seg.At(best)
	found.At, found.Leg, found.Along = toXY(p), leg, round9(along+best*seg.Length())
	return found, true
}

// legContact returns the first parameter on seg at which the footprint
// overlaps o.
func (c *checker) legContact(seg geom.Segment, facing s1.Angle, o *obstacle) (float64, bool) {
	if c.mv.disc {
		return o.core.firstContact(seg, c.mv.r)
	}
	var buf, hb [128]geom.Point
	swept := func(t float64) bool {
		pts := c.mv.at(buf[:0], seg.A, facing)
		pts = c.mv.at(pts, seg.At(t), facing)
		hull := geom.ConvexHull(hb[:0], pts)
		d, _, _ := geom.DistShapes(geom.ConvexPolygon(hull), o.shape)
		return d <= 0
	}
	if !swept(1) {
		return 0, false
	}
	if swept(0) {
		return 0, true
	}
	lo, hi := 0.0, 1.0
	for range 60 {
		mid := (lo + hi) / 2
		if swept(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi, true
}
