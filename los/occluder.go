package los

import (
	"math"
	"unsafe"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// What blocks sight (see docs/sight.md):
//
//   - a piece whose Sight is blocking (solid, building, occupied …) is the
//     prism footprint × (-∞, Height]: only its roof is a horizontal face, the
//     table below is opaque anyway;
//   - a blocking piece of Height 0 (a flat marker standing for an obstacle
//     of unbounded height) blocks at every height: footprint × (-∞, +∞);
//   - smoke blocks at every height unless Options.IgnoreSmoke;
//   - concealing terrain blocks only with Options.ConcealingBlocks, up to its
//     Height (at every height when that is 0, like a flat blocker);
//   - a model blocks when its class is selected (Options.ModelsBlock,
//     Options.IgnoreModels), it is not excluded, not the shooter or target,
//     not airborne and has a Height above 0; its volume is the hull box, or
//     its base extruded to the hull height. Round and oval bases are
//     replaced by circumscribed polygons with chord error
//     terrain.CircleChordError, like circular pieces (terrain.Model.PlanRing).

// filter decides which items occlude one query.
type filter struct {
	opt     Options // a copy: a pointer to the caller's would make it escape
	shooter int     // model index, -1 for none
	target  int     // model index, -1 for none
	// shooterOn and targetOn are the pieces the shooter and the target
	// stand on (terrain.Surface.Piece), -1 for none.
	shooterOn, targetOn int
	squad               string
	// The ignored ids are copied (the common one or two in place) so the
	// caller's variadic array does not escape: SightSegment with a shooter
	// and a target to ignore allocates nothing.
	ignoreN     int
	ignoreFixed [2]string
	ignoreMore  []string
	// lazy is the Battlefield whose model ignoreFixed[0] names the shooter,
	// not looked up yet (SightSegment): shooter and shooterOn are resolved
	// on first need (resolve), which is rare: a grazing contact at the
	// sightline's start; the own squad only counts under ThroughOwnSquad,
	// and is resolved at once then. Until then shooter is -1 and the
	// shooter model is excluded by its id.
	lazy *terrain.Battlefield
	// classes is the set of Options.ModelsBlock (or the default) as
	// terrain.Class.Bit masks, for the walk's records.
	classes uint16
}

// defaultClasses is defaultBlocking as a terrain.Class.Bit mask.
var defaultClasses = classMask(defaultBlocking[:])

// classMask returns the terrain.Class.Bit mask of cs (its unknown classes
// have no bit: modelBlocksRec compares those by name).
func classMask(cs []terrain.Class) uint16 {
	var m uint16
	for _, c := range cs {
		m |= c.Bit()
	}
	return m
}

// newFilter returns the filter of a query between the given models (-1 for
// none) with extra ignored ids.
func newFilter(bf *terrain.Battlefield, opt *Options, shooter, target int, ignore []string) filter {
	var f filter
	f.init(bf, opt, shooter, target, ignore)
	return f
}

// init sets the zero filter *f to newFilter's value, in place (the filter
// is a few hundred bytes: SightSegment builds it where it lives instead of
// copying it out of constructors).
func (f *filter) init(bf *terrain.Battlefield, opt *Options, shooter, target int, ignore []string) {
	f.opt, f.shooter, f.target, f.shooterOn, f.targetOn = *opt, shooter, target, -1, -1
	f.classes = defaultClasses
	if opt.ModelsBlock != nil {
		f.classes = classMask(opt.ModelsBlock)
	}
	if shooter >= 0 {
		f.shooterOn = bf.Models()[shooter].Stand().Piece
		f.squad = bf.Models()[shooter].Squad
	}
	if target >= 0 {
		f.targetOn = bf.Models()[target].Stand().Piece
	}
	// Assigned, not copy(): copying strings into the array would go
	// through the runtime's typed copy.
	switch len(ignore) {
	case 0:
	case 1:
		f.ignoreFixed[0], f.ignoreN = ignore[0], 1
	default:
		f.ignoreFixed[0], f.ignoreFixed[1], f.ignoreN = ignore[0], ignore[1], 2
		if len(ignore) > 2 {
			f.ignoreMore = append([]string(nil), ignore[2:]...)
		}
	}
}

// initSegment is init for SightSegment: the shooter is the model ignore[0]
// names, if any, looked up only when needed (see filter.lazy; a map lookup
// per sightline was a tenth of its cost).
func (f *filter) initSegment(bf *terrain.Battlefield, opt *Options, ignore []string) {
	if len(ignore) == 0 || opt.ThroughOwnSquad > 0 {
		shooter := -1
		if len(ignore) > 0 {
			if i, ok := bf.ModelIndex(ignore[0]); ok {
				shooter = i
			}
		}
		f.init(bf, opt, shooter, -1, ignore)
		return
	}
	f.init(bf, opt, -1, -1, ignore)
	f.lazy = bf
}

// initShot is initSegment for its common call, a shot's sightline (one or
// two ids to ignore, the default classes, no ThroughOwnSquad), and
// reports whether it was one; it inlines in SightSegment (a call fewer).
func (f *filter) initShot(bf *terrain.Battlefield, opt *Options, ignore []string) bool {
	n := len(ignore)
	if n == 0 || n > 2 || opt.ThroughOwnSquad != 0 || opt.ModelsBlock != nil {
		return false
	}
	f.opt, f.shooter, f.target, f.shooterOn, f.targetOn = *opt, -1, -1, -1, -1
	f.classes, f.lazy = defaultClasses, bf
	f.ignoreFixed[0], f.ignoreN = ignore[0], n
	if n == 2 {
		f.ignoreFixed[1] = ignore[1]
	}
	return true
}

// resolve looks up the shooter a lazy filter names (see filter.lazy).
func (f *filter) resolve() {
	bf := f.lazy
	f.lazy = nil
	if i, ok := bf.ModelIndex(f.ignoreFixed[0]); ok {
		f.shooter = i
		f.shooterOn = bf.Models()[i].Stand().Piece
	}
}

// ignored reports whether id is one of the first two ids of the ignore
// list (inlined in the walk: every sightline between models meets the
// shooter, ignored by its id).
func (f *filter) ignored(id string) bool {
	return f.ignoreN > 0 && (sameString(f.ignoreFixed[0], id) || (f.ignoreN > 1 && sameString(f.ignoreFixed[1], id)))
}

// excluded reports whether id is listed in Options.Exclude or the ignore list.
func (f *filter) excluded(id string) bool {
	return f.ignored(id) || f.listed(id)
}

// listed reports whether id is listed in Options.Exclude or past the
// first two ids of the ignore list (excluded without ignored; the two
// inline where excluded does not).
func (f *filter) listed(id string) bool {
	if len(f.opt.Exclude) == 0 && len(f.ignoreMore) == 0 {
		return false // the common case, first: no loop set up
	}
	for _, e := range f.opt.Exclude {
		if e == id {
			return true
		}
	}
	for _, e := range f.ignoreMore {
		if e == id {
			return true
		}
	}
	return false
}

// pieceTop reports whether the piece occludes under the filter and, if so,
// its top: +Inf for pieces blocking at every height.
func (f *filter) pieceTop(p *terrain.Piece) (top float64, ok bool) {
	switch {
	case p.Kind == terrain.Smoke:
		if f.opt.IgnoreSmoke {
			return 0, false
		}
		top = math.Inf(1)
	case p.Sight == terrain.SightBlocking:
		top = p.Height
	case p.Sight == terrain.SightConcealing && f.opt.ConcealingBlocks:
		top = p.Height
	default:
		return 0, false
	}
	if f.excluded(p.ID) {
		return 0, false
	}
	if top == 0 {
		top = math.Inf(1)
	}
	return top, true
}

// pieceTopRec is pieceTop for the piece of record r.
func (f *filter) pieceTopRec(r *terrain.OccluderRec) (top float64, ok bool) {
	switch {
	case r.Flags&terrain.OccSmoke != 0:
		if f.opt.IgnoreSmoke {
			return 0, false
		}
		top = math.Inf(1)
	case r.Flags&terrain.OccBlocking != 0:
		top = r.Top
	case r.Flags&terrain.OccConcealing != 0 && f.opt.ConcealingBlocks:
		top = r.Top
	default:
		return 0, false
	}
	if f.excluded(r.ID) {
		return 0, false
	}
	if top == 0 {
		top = math.Inf(1)
	}
	return top, true
}

// modelBlocksRec is modelBlocks' first answer for model i of record r
// (whether it occludes under the filter).
func (f *filter) modelBlocksRec(r *terrain.OccluderRec, i int) bool {
	if f.opt.IgnoreModels || i == f.shooter || i == f.target || r.Flags&terrain.OccStanding == 0 {
		return false
	}
	if r.ClassBit != 0 {
		return r.ClassBit&f.classes != 0 && !f.excluded(r.ID)
	}
	classes := f.opt.ModelsBlock
	if classes == nil {
		classes = defaultBlocking[:]
	}
	for _, c := range classes {
		if c == r.Class {
			return !f.excluded(r.ID)
		}
	}
	return false
}

// ownGround reports whether a grazing contact at parameter t with piece i
// is the sightline leaving the surface the shooter stands on (t = 0) or
// arriving on the one the target stands on (t = 1): a model's own ground
// never blocks its sight by touching; a sightline that passes back
// through the piece is a block, not a contact, and still counts.
func (f *filter) ownGround(i int, t float64) bool {
	if t == 0 && f.lazy != nil {
		f.resolve()
	}
	return (i == f.shooterOn && t == 0) || (i == f.targetOn && t == 1)
}

// modelBlocks reports whether model i occludes under the filter and whether
// it belongs to the shooter's squad (for Options.ThroughOwnSquad).
func (f *filter) modelBlocks(m *terrain.Model, i int) (ok, own bool) {
	if f.opt.IgnoreModels || i == f.shooter || i == f.target || m.Airborne() || !(m.Hull.Height > 0) {
		return false, false
	}
	classes := f.opt.ModelsBlock
	if classes == nil {
		classes = defaultBlocking[:]
	}
	found := false
	for _, c := range classes {
		if c == m.Class {
			found = true
			break
		}
	}
	if !found || f.excluded(m.ID) {
		return false, false
	}
	return true, f.squad != "" && m.Squad == f.squad
}

// boxSlack is the parametric slack of boxEntry: a segment that touches a
// box (exactly or within rounding) is never rejected; one passing within
// about 1e-9 of its length may be accepted and is then decided exactly.
const boxSlack = 1e-9

// boxEntry reports whether the segment a + t·d, t in [0, 1], may touch the
// closed box (a conservative float filter, see boxSlack), and the
// parameter where it enters the box (0 when a is inside; within rounding).
// rx = 1/dx and ry = 1/dy are precomputed (multiplying instead of
// dividing; the extra rounding, one ulp of t, is far below boxSlack and
// entrySlack). A zero rx or ry means "divide": the caller passes 0 when
// the reciprocal is not finite, where the product could give NaN (0·Inf)
// instead of the quotient.
func boxEntry(b *terrain.PlanBox, ax, ay, dx, dy, rx, ry float64) (float64, bool) {
	t0, t1 := 0.0, 1.0
	if dx == 0 {
		if ax < b.X0 || ax > b.X1 {
			return 0, false
		}
	} else {
		var ta, tb float64
		if rx != 0 {
			ta, tb = (b.X0-ax)*rx, (b.X1-ax)*rx
		} else {
			ta, tb = (b.X0-ax)/dx, (b.X1-ax)/dx
		}
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = max(t0, ta), min(t1, tb)
	}
	if dy == 0 {
		if ay < b.Y0 || ay > b.Y1 {
			return 0, false
		}
	} else {
		var ta, tb float64
		if ry != 0 {
			ta, tb = (b.Y0-ay)*ry, (b.Y1-ay)*ry
		} else {
			ta, tb = (b.Y0-ay)/dy, (b.Y1-ay)/dy
		}
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = max(t0, ta), min(t1, tb)
	}
	return t0, t0 <= t1+boxSlack // false on NaN
}

// recip returns 1/x, or 0 when that is not finite (see boxEntry).
func recip(x float64) float64 {
	r := 1 / x
	if r-r != 0 { // an infinity or NaN (see finiteVec)
		return 0
	}
	return r
}

// unitOctagon is the counter-clockwise regular octagon circumscribed about
// the unit circle, first vertex on the +x axis (an immutable table).
var unitOctagon = func() (o [8]geom.Point) {
	r := 1 / math.Cos(math.Pi/8)
	for k := range o {
		s, c := math.Sincos(2 * math.Pi * float64(k) / 8)
		o[k] = geom.Pt(r*c, r*s)
	}
	return o
}()

// sameString is x == y, answered without comparing bytes when the two
// share them: an id passed to SightSegment is most often the Model's own
// ID, whose bytes its record shares, and the walk compares it with the
// records of the models at the sightline's ends. x == y alone is a call to
// the runtime's memequal, before which the walk saves every value it
// holds in a register and after which it reloads them (Go keeps none
// across a call). Only the pointers are compared (unsafe.StringData):
// nothing is read through them.
func sameString(x, y string) bool {
	return len(x) == len(y) && (unsafe.StringData(x) == unsafe.StringData(y) || x == y)
}
