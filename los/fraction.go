package los

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Hidden is the part of a target's silhouette one occluder hides.
type Hidden struct {
	// ID is the piece or model id.
	ID string `json:"id"`
	// Item locates it in the Battlefield.
	Item terrain.Item `json:"item"`
	// Fraction is the share of the silhouette it hides on its own, in
	// [0, 1]; shares of overlapping occluders add up to more than the
	// hidden total.
	Fraction float64 `json:"fraction"`
}

// Fraction cases: how a FractionResult was decided.
const (
	// CaseSilhouette is the general case: polygon clipping of the
	// projected silhouette.
	CaseSilhouette = "silhouette"
	// CasePoint: the target is a single point (airborne); the fraction is
	// 1 when the segment to it is clear, else 0.
	CasePoint = "point"
	// CaseEyeInside: the eye is inside or on the target's volume; the
	// fraction is 1 by definition.
	CaseEyeInside = "eye-inside"
	// CaseDegenerate: the silhouette has no area (a target of zero
	// height seen exactly edge-on, or a zero-size volume); the fraction is
	// that of the centre point, 1 or 0.
	CaseDegenerate = "degenerate"
	// CaseEyeBuried: the eye is strictly inside an occluding piece (below
	// a hill's top, inside a building's walls): every sightline from it
	// starts in the piece's interior, the fraction is 0.
	CaseEyeBuried = "eye-buried"
)

// FractionResult is the answer of VisibleFraction: which share of the
// target's silhouette the eye sees.
type FractionResult struct {
	// From is the shooter's id ("" for VisibleFractionFrom); To the
	// target's.
	From string `json:"from,omitempty"`
	To   string `json:"to"`
	// Eye is the eye point; Centre the target volume's centre (the
	// projection axis runs Eye→Centre).
	Eye    geom.Vec3 `json:"eye"`
	Centre geom.Vec3 `json:"center"`
	// Fraction is the visible share of the silhouette, in [0, 1].
	Fraction float64 `json:"fraction"`
	// Case says how the fraction was decided (CaseSilhouette, …).
	Case string `json:"case"`
	// Silhouette is the target's projected outline (counter-clockwise) in
	// the projection plane at unit distance from the eye, axes U
	// (horizontal, to the right seen from the eye) and V (up); areas below
	// are in those units.
	Silhouette []geom.Point `json:"silhouette,omitempty"`
	// SilhouetteArea and VisibleArea are in projection units.
	SilhouetteArea float64 `json:"silhouetteArea"`
	VisibleArea    float64 `json:"visibleArea"`
	// Hidden lists every occluder hiding a part, largest first; for a
	// target the cover proof shows wholly hidden by one occluder (Fraction
	// 0, see VisibleFraction), that occluder alone, with share 1.
	Hidden []Hidden `json:"hidden,omitempty"`
	// Witness is a point of the target's surface seen through the visible
	// region (nil when nothing is visible or none could be built).
	Witness *geom.Vec3 `json:"witness,omitempty"`
}

// VisibleFraction returns the fraction of the target model's silhouette
// seen from the shooter model's eye point (terrain.Model.EyePoint), computed
// exactly by polygon clipping (see docs/sight.md for the definition).
// A target that the occluder first met on the sightline to its centre
// provably hides as a whole (the cover proof Sight uses) is settled
// without the region: Fraction 0, that occluder alone in Hidden. Unknown
// ids give an error wrapping terrain.ErrUnknownID.
func VisibleFraction(bf *terrain.Battlefield, from, to string, opt Options) (FractionResult, error) {
	si, ok := bf.ModelIndex(from)
	if !ok {
		return FractionResult{}, errUnknown(bf, "shooter", from)
	}
	ti, ok := bf.ModelIndex(to)
	if !ok {
		return FractionResult{}, errUnknown(bf, "target", to)
	}
	f := newFilter(bf, &opt, si, ti, nil)
	sc := getScratch()
	defer putScratch(sc)
	r := visibleFraction(bf, bf.Models()[si].EyePoint(), ti, &f, sc, fracFull)
	r.From = from
	return r, nil
}

// VisibleFractionFrom is VisibleFraction from an arbitrary eye point; no
// model counts as the shooter.
func VisibleFractionFrom(bf *terrain.Battlefield, eye geom.Vec3, targetID string, opt Options) (FractionResult, error) {
	ti, ok := bf.ModelIndex(targetID)
	if !ok {
		return FractionResult{}, errUnknown(bf, "target", targetID)
	}
	if !finiteVec(eye) {
		return FractionResult{}, errNonFinite("eye", eye)
	}
	f := newFilter(bf, &opt, -1, ti, nil)
	sc := getScratch()
	defer putScratch(sc)
	return visibleFraction(bf, eye, ti, &f, sc, fracFull), nil
}

// FractionMatrix returns m[i][j], the visible fraction of model j seen
// from model i (indices of bf.Models()); the diagonal is 1.
func FractionMatrix(bf *terrain.Battlefield, opt Options) [][]float64 {
	return FractionMatrixParallel(bf, opt, 1)
}

// FractionMatrixParallel is FractionMatrix computed by the given number of
// goroutines (workers <= 0: runtime.GOMAXPROCS). Each worker owns its
// fracScratch space; the Battlefield is only read.
func FractionMatrixParallel(bf *terrain.Battlefield, opt Options, workers int) [][]float64 {
	n := len(bf.Models())
	out := make([][]float64, n)
	cells := make([]float64, n*n)
	for i := range out {
		out[i] = cells[i*n : (i+1)*n : (i+1)*n]
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, n))
	row := func(i int, sc *fracScratch) {
		eye := bf.Models()[i].EyePoint()
		for j := range n {
			if i == j {
				out[i][j] = 1
				continue
			}
			f := newFilter(bf, &opt, i, j, nil)
			if hiddenCertain(bf, eye, j, &f, &sc.proof) {
				out[i][j] = 0
				continue
			}
			out[i][j] = visibleFraction(bf, eye, j, &f, sc, fracValue).Fraction
		}
	}
	if workers == 1 {
		sc := getScratch()
		for i := range n {
			row(i, sc)
		}
		putScratch(sc)
		return out
	}
	// Rows are handed out by an atomic counter. The workers share nothing
	// they write except their own rows of out: the Battlefield and its
	// prepared data are read-only, each worker has its own scratch space,
	// and the hot path allocates (almost) nothing, so there is no pool,
	// lock or GC pressure to serialise on.
	var wg sync.WaitGroup
	var next atomic.Int64
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := new(fracScratch)
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				row(i, sc)
			}
		}()
	}
	wg.Wait()
	return out
}

// fracScratch is the reusable working space of one fraction computation.
type fracScratch struct {
	pts   []geom.Point   // projected points of one part
	hull  []geom.Point   // hull of one part
	ch    []geom.Point   // working space of pairHull
	buf   []geom.Point   // clipped parts, back to back
	spans [][2]int       // clipped part k is buf[spans[k][0]:spans[k][1]]
	items []terrain.Item // occluder of clipped part k
	parts [][]geom.Point
	sil   []geom.Point
	cands []terrain.Item
	arena []geom.Point // pieces of the visible region
	cur   [][2]int
	next  [][2]int
	// curBox and nextBox are the bounding boxes of the pieces of cur and
	// next; sides the side values of one split.
	curBox, nextBox []planeBox
	sides           []float64
	wedge           []geom.Point // plan hull of the eye and the target
	wtmp            []geom.Point
	// proof is the cover proof's working space; clipA and clipB the
	// clip's.
	proof        []proofEdge
	clipA, clipB []geom.Point
	// wedgeTol holds the tolerances of the wedge's edges (outsideWedge).
	wedgeTol []float64
	// seen[id] == gen marks the occluder ids gatherWedge met.
	seen []uint32
	gen  uint32
	ids  []int32 // the ids gatherWedge met
	// bboxGather gathers every item in the plan bounds of the eye and the
	// target instead (the former gather, for the tests that compare).
	bboxGather bool
	// noProof turns the cover proof of the full mode off (for the tests
	// that need every part).
	noProof bool
}

// scratchPool recycles fracScratch spaces between queries.
var scratchPool = sync.Pool{New: func() any { return new(fracScratch) }}

// getScratch takes a fracScratch from the pool.
func getScratch() *fracScratch { return scratchPool.Get().(*fracScratch) }

// putScratch returns s to the pool.
func putScratch(s *fracScratch) { scratchPool.Put(s) }

const (
	// fracValue: the fraction only. It stops as soon as one occluder part
	// is found to cover the whole silhouette (the fraction is then 0).
	fracValue fracMode = iota
	// fracSight: the fraction and the witness (for Sight), with the same
	// early stop.
	fracSight
	// fracFull: everything, including every occluder's share.
	fracFull
)

// fracMode selects what visibleFraction computes besides the fraction.
type fracMode uint8

// visibleFraction computes the fraction of model ti seen from eye, and
// what else mode asks for.
func visibleFraction(bf *terrain.Battlefield, eye geom.Vec3, ti int, f *filter, sc *fracScratch, mode fracMode) FractionResult {
	pr := bf.Occluders()
	m := &bf.Models()[ti]
	res := FractionResult{To: m.ID, Eye: eye, Case: CaseSilhouette}
	if m.Airborne() {
		p := m.EyePoint()
		res.Centre, res.Case = p, CasePoint
		if segment(bf, eye, p, f, segFull).Clear {
			res.Fraction, res.Witness = 1, &p
		}
		return res
	}
	ring, z0, z1 := pr.Models.Rings[ti], m.Ground(), m.Top()
	centre := geom.Lift(m.Position, z0+m.Hull.Height/2)
	res.Centre = centre
	if eye.Z >= z0 && eye.Z <= z1 && inRing(bf, ti, geom.Flat(eye)) || eye == centre {
		res.Case, res.Fraction = CaseEyeInside, 1
		return res
	}
	if it, ok := eyeBuried(bf, f, eye); ok {
		res.Case = CaseEyeBuried
		if mode == fracFull {
			res.Hidden = []Hidden{{ID: itemID(bf, it), Item: it, Fraction: 1}}
		}
		return res
	}
	v, sil, area := silhouetteView(sc, eye, centre, ring, z0, z1)
	if len(sil) < 3 || !(area > 0) {
		res.Case = CaseDegenerate
		if segment(bf, eye, centre, f, segFull).Clear {
			w := centre // allocated only here
			res.Fraction, res.Witness = 1, &w
		}
		return res
	}
	res.SilhouetteArea = area
	if mode == fracFull && !sc.noProof {
		if it, ok := coverProof(bf, eye, ti, f, &sc.proof); ok {
			// Wholly hidden: the region would give 0 (docs/sight.md,
			// "Cover proof"); the prover alone is reported.
			res.Silhouette = append([]geom.Point(nil), sil...)
			res.Hidden = []Hidden{{ID: itemID(bf, it), Item: it, Fraction: 1}}
			return res
		}
	}
	v.silBox = terrain.PlanBoxOf(sil)
	v.setTargetDepths()
	v.earlyStop = mode != fracFull
	v.zlo = math.Min(math.Min(eye.Z, z0), 0) - 1
	v.zhi = math.Max(eye.Z, z1) + 1
	zmin := math.Min(eye.Z, z0)
	v.collectParts(bf, f, sc, sil, zmin)
	v.settle(bf, sc, sil, mode, &res)
	return res
}

// eyeBuried reports whether the eye lies strictly inside a piece that
// occludes under f (below its top, inside its footprint), and which. The
// projection cannot represent an occluder around the eye; no sightline
// leaves it anyway.
func eyeBuried(bf *terrain.Battlefield, f *filter, eye geom.Vec3) (terrain.Item, bool) {
	if !mayBeInPiece(bf, geom.Flat(eye)) {
		return terrain.Item{}, false
	}
	return eyeBuriedVisit(bf, f, eye)
}

// eyeBuriedVisit is eyeBuried by a visit of the terrain index at the eye.
func eyeBuriedVisit(bf *terrain.Battlefield, f *filter, eye geom.Vec3) (terrain.Item, bool) {
	var found terrain.Item
	ok := false
	bf.VisitPoint(geom.Flat(eye), func(it terrain.Item) bool {
		if it.Kind != terrain.ItemPiece {
			return true
		}
		p := &bf.Pieces()[it.Index]
		top, occ := f.pieceTop(p)
		if occ && eye.Z < top && p.Footprint.Locate(geom.Flat(eye)) == geom.Inside {
			found, ok = it, true
			return false
		}
		return true
	})
	return found, ok
}

// inRing reports whether p lies in or on model ti's plan ring (of at
// least 3 vertices): geom.PointInConvex, after the ring's box.
func inRing(bf *terrain.Battlefield, ti int, p geom.Point) bool {
	occ := bf.Occluders()
	ring := occ.Models.Rings[ti]
	if b := occ.Models.Boxes[ti]; len(ring) < 3 || p.X < b.X0 || p.X > b.X1 || p.Y < b.Y0 || p.Y > b.Y1 {
		return false
	}
	return geom.PointInConvex(p, ring) != geom.Outside
}

// mayBeInPiece reports whether some piece's plan box may hold p: false
// when the occluder grid's cell of p lists no piece whose box holds it
// (every box holding p is listed there; a p outside the grid's extent is
// outside every box), which settles eyeBuried for most eyes without a
// visit of the terrain index. True without a grid.
func mayBeInPiece(bf *terrain.Battlefield, p geom.Point) bool {
	occ := bf.Occluders()
	g := &occ.Grid
	if g.NX == 0 || len(g.Entries) != len(g.IDs) {
		return true
	}
	np := int32(len(occ.Pieces.Boxes))
	k := g.Cell(g.Col(p.X), g.Row(p.Y))
	for _, e := range g.Entries[g.Start[k]:g.Start[k+1]] {
		// The entry's box is rounded outwards: it holds the piece's.
		b := &e.Box
		if e.ID() < np && p.X >= float64(b.X0) && p.X <= float64(b.X1) && p.Y >= float64(b.Y0) && p.Y <= float64(b.Y1) {
			return true
		}
	}
	return p.X != p.X || p.Y != p.Y // a NaN decides nothing
}

// silhouetteView returns the projective view from eye towards centre of
// the target prism (ring between z0 and z1), the target's silhouette (the
// convex hull of its projection, kept in sc.sil) and the silhouette's area.
func silhouetteView(sc *fracScratch, eye, centre geom.Vec3, ring []geom.Point, z0, z1 float64) (projView, []geom.Point, float64) {
	v := newProjView(eye, centre)
	v.targetRing, v.tz0, v.tz1 = ring, z0, z1
	var ok bool
	if sc.sil, _, ok = v.prismOutline(sc.sil[:0], ring, z0, z1); !ok {
		sc.sil, sc.pts, sc.ch = v.prismHull(sc.sil[:0], sc.pts, sc.ch, ring, z0, z1)
	}
	return v, sc.sil, geom.ConvexArea(sc.sil)
}

// collectParts projects every occluder part that may hide some of the
// silhouette sil (plan box meeting the eye's and the target's, selected by
// f, reaching above zmin) and keeps the clipped parts in front of the
// target in sc.parts, with their items in sc.items.
func (v *projView) collectParts(bf *terrain.Battlefield, f *filter, sc *fracScratch, sil []geom.Point, zmin float64) {
	v.setWedge(sc)
	v.collectUpTo(bf, f, sc, sil, zmin, math.Inf(1), v.earlyStop)
}

// setWedge sets the sight wedge: the plan hull of the eye and the target,
// which holds every sightline of the query.
func (v *projView) setWedge(sc *fracScratch) {
	eye := [1]geom.Point{geom.Flat(v.eye)}
	ok := false
	if s, t, front := facingRun(v.targetRing, eye[0]); front {
		sc.wedge, ok = wedgeOutline(sc.wedge[:0], v.targetRing, eye[0], s, t)
	}
	if !ok {
		sc.wedge, sc.ch, ok = pairHull(sc.wedge[:0], sc.ch, v.targetRing, eye[:])
	}
	if !ok {
		// geom.ConvexHullInto's, which pairHull gives when it can.
		sc.wtmp = append(append(sc.wtmp[:0], v.targetRing...), eye[0])
		sc.wedge = geom.ConvexHullInto(sc.wedge[:0], sc.wtmp)
	}
	v.wedge = sc.wedge
	v.wedgeFirst = 0
	for i, p := range v.wedge {
		if p == eye[0] {
			v.wedgeFirst = i + len(v.wedge) - 1 // the edge into the eye
		}
	}
	v.wedgeTol = sc.wedgeTol[:0]
	n := len(v.wedge)
	for i, a := range v.wedge {
		b := v.wedge[(i+1)%n]
		v.wedgeTol = append(v.wedgeTol, 1e-9*b.Sub(a).Norm()*(1+math.Abs(a.X)+math.Abs(a.Y)))
	}
	sc.wedgeTol = v.wedgeTol
}

// outsideWedge is geom.SeparatedByEdge(v.wedge, part), with the wedge's
// edge tolerances computed once per query (the same values) and the edges
// at the eye tried first: whether some
// edge of the sight wedge has every point of part clearly outside.
func (v *projView) outsideWedge(part []geom.Point) bool {
	w := v.wedge
	n := len(w)
	if n < 3 {
		return false
	}
	// The edges at the eye first: they separate most of what lies beside
	// the wedge (the answer does not depend on the order).
	for k := range n {
		i := (v.wedgeFirst + k) % n
		a, b := w[i], w[(i+1)%n]
		d := b.Sub(a)
		tol := v.wedgeTol[i]
		out := true
		for _, q := range part {
			if d.Cross(q.Sub(a)) > -tol {
				out = false
				break
			}
		}
		if out {
			return true
		}
	}
	return false
}

// collectUpTo gathers the candidates (the items listed in the grid cells
// the sight wedge may touch, or those in the plan bounding box when
// sc.bboxGather) and adds their parts in order, stopping once a part covers
// the whole silhouette when stopCovered. It stops early, returning the
// item and true, at the first part whose clipped area exceeds hide (never
// when hide is +Inf); otherwise it fills sc.parts and returns false.
func (v *projView) collectUpTo(bf *terrain.Battlefield, f *filter, sc *fracScratch, sil []geom.Point, zmin, hide float64, stopCovered bool) (terrain.Item, bool) {
	if sc.bboxGather {
		box := geom.RectFromPoints(geom.Flat(v.eye)).Union(geom.Polygon{Outer: v.targetRing}.Bound())
		sc.cands = sc.cands[:0]
		bf.VisitRect(box, func(it terrain.Item) bool {
			sc.cands = append(sc.cands, it)
			return true
		})
	} else {
		sc.gatherWedge(bf, sc.wedge)
	}
	sc.buf, sc.spans, sc.items = sc.buf[:0], sc.spans[:0], sc.items[:0]
	for _, it := range sc.cands {
		if v.covered && stopCovered {
			break
		}
		if v.addItemUpTo(bf, f, sc, it, sil, zmin, hide) {
			return it, true
		}
	}
	sc.parts = sc.parts[:0]
	for _, s := range sc.spans {
		sc.parts = append(sc.parts, sc.buf[s[0]:s[1]])
	}
	return terrain.Item{}, false
}

// addItemUpTo adds item it's parts (those of a piece selected by f and
// reaching above zmin, or a blocking model's ring) and reports whether one
// of them, clipped to the silhouette, exceeds hide in area.
func (v *projView) addItemUpTo(bf *terrain.Battlefield, f *filter, sc *fracScratch, it terrain.Item, sil []geom.Point, zmin, hide float64) bool {
	over := func(n int) bool {
		if math.IsInf(hide, 1) || len(sc.spans) == n {
			return false
		}
		s := sc.spans[len(sc.spans)-1]
		return geom.ConvexArea(sc.buf[s[0]:s[1]]) > hide
	}
	if it.Kind == terrain.ItemPiece {
		p := &bf.Pieces()[it.Index]
		top, ok := f.pieceTop(p)
		if !ok || top < zmin {
			return false
		}
		hi := math.Min(top, v.zhi)
		for _, part := range p.ConvexParts() {
			n := len(sc.spans)
			v.addPart(sc, it, part, v.zlo, hi, sil)
			if over(n) {
				return true
			}
		}
		return false
	}
	om := &bf.Models()[it.Index]
	ok, _ := f.modelBlocks(om, it.Index)
	// Own-squad models are treated as blocking here: ThroughOwnSquad
	// counts models along one line and has no silhouette meaning.
	if !ok || om.Top() < zmin {
		return false
	}
	oring := bf.Occluders().Models.Rings[it.Index]
	if len(oring) < 3 {
		return false
	}
	// A model on the table stands on opaque ground: its volume may reach
	// down to zlo; one standing higher has a bottom face.
	lo := v.zlo
	if g := om.Ground(); g > 0 {
		lo = max(lo, g)
	}
	n := len(sc.spans)
	v.addPart(sc, it, oring, lo, math.Min(om.Top(), v.zhi), sil)
	return over(n)
}

// settle fills r (whose SilhouetteArea is set) from the collected parts:
// the visible area and fraction, then what mode asks for (the witness, the
// silhouette and every occluder's share).
func (v *projView) settle(bf *terrain.Battlefield, sc *fracScratch, sil []geom.Point, mode fracMode, r *FractionResult) {
	area := r.SilhouetteArea
	if v.covered {
		// One part in front covers the whole silhouette: nothing is
		// visible, no witness; only the shares remain to compute.
		r.VisibleArea, r.Fraction = 0, 0
		if mode != fracFull {
			return
		}
		r.Silhouette = append([]geom.Point(nil), sil...)
		r.Hidden = hiddenShares(bf, sc, sil, area)
		return
	}
	// Always subtract (with no parts it copies sil): it leaves the
	// visible pieces in sc.cur for the witness.
	hidden := area - sc.subtract(sil, sc.parts, area)
	vis := math.Max(0, area-hidden)
	if vis <= areaRounding*area {
		// The clipping carries rounding of order ulp × perimeter (slivers
		// along shared edges): a visible remainder this small is that
		// rounding, not a region.
		vis = 0
	}
	r.VisibleArea = vis
	r.Fraction = math.Min(1, vis/area)
	if mode == fracValue {
		return
	}
	if vis > 0 {
		if p, ok := v.witness(sc); ok {
			r.Witness = &p
		}
	}
	if mode == fracSight {
		return
	}
	r.Silhouette = append([]geom.Point(nil), sil...)
	r.Hidden = hiddenShares(bf, sc, sil, area)
}

// areaRounding is the relative visible area below which the remainder of
// the silhouette is taken as rounding error (and reported as 0).
const areaRounding = 1e-9
