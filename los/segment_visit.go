package los

import (
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// How the segment walk decides one occluder (visitPiece, visitModel, from
// its terrain.OccluderRec) and keeps the nearest blocker.

// visitPiece decides piece i from its record r and reports whether to go
// on.
func (st *segState) visitPiece(i int, r *terrain.OccluderRec) bool {
	top, ok := st.f.pieceTopRec(r)
	if !ok || (min(st.a.Z, st.b.Z) > top) {
		return true
	}
	fp := geom.Polygon{Outer: r.Ring}
	if r.Flags&terrain.OccHoles != 0 {
		fp = st.bf.Pieces()[i].Footprint
	}
	h := st.prism(fp, top, r)
	if h.graze && !h.block && st.f.ownGround(i, h.t) {
		return true
	}
	st.record(terrain.Item{Kind: terrain.ItemPiece, Index: i}, h, top)
	return !(st.clearOnly && st.found)
}

// visitModel decides model i from its record r, once the filter has
// passed it (filter.modelBlocksRec), and reports whether to go on.
func (st *segState) visitModel(i int, r *terrain.OccluderRec) bool {
	top, bottom := r.Top, r.Bottom
	if min(st.a.Z, st.b.Z) > top || (bottom > 0 && max(st.a.Z, st.b.Z) <= bottom) {
		return true
	}
	if len(r.Ring) < 3 {
		return true
	}
	h, hit := st.modelPrism(r, bottom, top)
	if !hit {
		return true
	}
	it := terrain.Item{Kind: terrain.ItemModel, Index: i}
	if h.block && st.squad != nil && st.nsq < len(st.squad) && st.f.squad != "" && st.bf.Models()[i].Squad == st.f.squad {
		st.squad[st.nsq] = squadHit{it, h}
		st.nsq++
		return !(st.clearOnly && st.nsq > st.f.opt.ThroughOwnSquad)
	}
	st.record(it, h, top)
	return !(st.clearOnly && st.found)
}

// modelPrism decides how the segment meets a model's volume (record r)
// ring × [bottom, top]: for a model on the table (bottom 0, where the table below is
// opaque anyway) the prism test as for pieces; for a model standing higher
// the same test on the part of the segment at or above bottom (clipped in
// floating point: only where the segment crosses the bottom face is the
// decision rounded), its parameters mapped back to the whole segment. A
// segment that reaches no higher than bottom misses the model (a contact
// with its underside is not reported); hit is false then.
func (st *segState) modelPrism(r *terrain.OccluderRec, bottom, top float64) (segHit, bool) {
	if !(bottom > 0) || min(st.a.Z, st.b.Z) >= bottom {
		return st.prism(geom.Polygon{Outer: r.Ring}, top, r), true
	}
	if max(st.a.Z, st.b.Z) <= bottom {
		return segHit{}, false
	}
	a, b := st.a, st.b
	t := (bottom - a.Z) / (b.Z - a.Z)
	cut := segAt(a, b, t)
	cut.Z = bottom
	t0, t1 := 0.0, 1.0
	if a.Z < bottom {
		st.a, t0 = cut, t
	} else {
		st.b, t1 = cut, t
	}
	h := st.prism(geom.Polygon{Outer: r.Ring}, top, r)
	st.a, st.b = a, b
	h.t = t0 + (t1-t0)*h.t
	return h, true
}

// prism decides how the segment meets one prism, footprint fp of the
// occluder of record r (its Convex, the footprint's terrain.ConvexRing when
// it is strictly convex without holes, and its Disc). A footprint without
// holes that is not convex (an L-shaped building) takes prismConvex too:
// when its boundary crosses the line exactly twice (or never) with no
// vertex on it, the line meets it in one stretch, as a convex one's, and
// prismConvex answers; otherwise it declines and the general test
// decides.
func (st *segState) prism(fp geom.Polygon, top float64, r *terrain.OccluderRec) segHit {
	if (r.Convex != nil || len(fp.Holes) == 0) && !st.reference {
		// prismConvex, written out (one call less on the hot path).
		h, res := convexFast(fp.Outer, top, st.a, st.b, r.Convex, &r.Disc)
		if res == fastDecided {
			return h
		}
		if res == fastUnsure {
			if h, ok := prismConvexExact(fp, top, st.a, st.b, r.Convex, &r.Disc); ok {
				return h
			}
		}
	}
	var sw sweep
	if st.reference {
		return prismSegment(fp, top, st.a, st.b, &sw)
	}
	return prismSegmentFast(fp, top, st.a, st.b, &sw)
}

// record folds one occluder's hit into the state.
func (st *segState) record(it terrain.Item, h segHit, top float64) {
	switch {
	case h.block:
		st.consider(it, h, top)
	case h.graze && st.f.opt.GrazingBlocks:
		st.consider(it, h, top)
	case h.graze:
		g := grazeHit{it, h.t}
		switch {
		case st.gzov != nil:
			*st.gzov = append(*st.gzov, g)
		case st.ngz < len(st.gz):
			st.gz[st.ngz] = g
			st.ngz++
		default:
			ov := append(append(make([]grazeHit, 0, 4*len(st.gz)), st.gz[:]...), g)
			st.gzov = &ov
		}
	}
}

// consider keeps the blocking hit nearest to a. Ties go to a true block
// over a grazing one, then to pieces before models, then to the lower
// index, so that the answer does not depend on the visiting order.
func (st *segState) consider(it terrain.Item, h segHit, top float64) {
	better := !st.found || h.t < st.first.t
	if !better && h.t == st.first.t {
		switch {
		case h.block != st.first.block:
			better = h.block
		case it.Kind != st.fitem.Kind:
			better = it.Kind < st.fitem.Kind
		default:
			better = it.Index < st.fitem.Index
		}
	}
	if better {
		st.first, st.fitem, st.ftop, st.found = h, it, top, true
	}
}

// fillBlocker writes the reported Blocker to *bl (the zero value before).
func (st *segState) fillBlocker(bl *Blocker) {
	h := st.first
	bl.ID, bl.Item, bl.Kind = st.recID(st.fitem), st.fitem, st.fitem.Kind.String()
	bl.At, bl.T, bl.Grazing = segAt(st.a, st.b, h.t), h.t, !h.block
	if math.IsInf(st.ftop, 1) {
		bl.EveryHeight = true
	} else {
		bl.Top = st.ftop
		if h.block {
			bl.Below = h.below
		}
	}
}

// recID returns the id of an item from its terrain.OccluderRec (already
// read by the walk, where the Piece or Model may not be in the cache).
func (st *segState) recID(it terrain.Item) string {
	if it.Kind == terrain.ItemPiece {
		return st.occ.Pieces.Recs[it.Index].ID
	}
	return st.occ.Models.Recs[it.Index].ID
}
