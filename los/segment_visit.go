package los

import (
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// How the segment walk decides one occluder (visitPiece, visitModel, from
// its terrain.OccluderRec) and keeps the nearest blocker.

// visitID handles one prepared occluder (pieces first, then models) from
// its terrain.OccluderRec and reports whether to go on. The reference walk
// takes no disc test (and the general prism test alone, see prism);
// TestOccluderRecs and TestFilterRecords check the records against the
// Pieces and Models, and the filter's record tests against pieceTop and
// modelBlocks. One function for both kinds (it was three): each call
// level costs its prologue and the spills around it, per visit.
func (st *segState) visitID(id int) bool {
	piece := id < st.np
	var r *terrain.OccluderRec
	var top, bottom float64
	// byID: whether the occluder's id is still to be tested against the
	// ignored and excluded ids (see below).
	byID := false
	if piece {
		r = &st.occ.Pieces.Recs[id]
		if r.Flags&(terrain.OccSmoke|terrain.OccBlocking) == terrain.OccBlocking && r.Top > 0 {
			// pieceTopRec's common case written out (a call fewer per
			// piece): a blocking piece with a height, its id tested
			// below (byID).
			top, byID = r.Top, true
		} else {
			var ok bool
			if top, ok = st.f.pieceTopRec(r); !ok {
				return true
			}
		}
		if st.zlo > top {
			return true
		}
	} else {
		r = &st.occ.Models.Recs[id-st.np]
		// modelBlocksRec's common case written out (a call fewer per
		// model visited): a standing model of a known class.
		if f, i := st.f, id-st.np; r.ClassBit != 0 && r.Flags&terrain.OccStanding != 0 && !f.opt.IgnoreModels && i != f.shooter && i != f.target {
			if r.ClassBit&f.classes == 0 {
				return true
			}
			byID = true
		} else if !f.modelBlocksRec(r, i) {
			return true
		}
		top, bottom = r.Top, r.Bottom
		if st.zlo > top || (bottom > 0 && st.a.Z <= bottom && st.b.Z <= bottom) || len(r.Ring) < 3 {
			return true
		}
	}
	if st.lenD > 0 && !st.reference {
		// The segment's plan misses the occluder's disc clearly (by more
		// than rounding, see terrain.PlanDisc): no contact at all.
		cx, cy := r.Disc.CX-st.a.X, r.Disc.CY-st.a.Y
		rr := r.Disc.R + st.rslack
		s := cx*st.ux + cy*st.uy
		if s < -rr || s > st.lenD+rr || abs(cx*st.uy-cy*st.ux) > rr {
			return true
		}
		// The segment passes clearly above the top wherever its plan may
		// be in the disc (parameters (s ± rr)/lenD, clamped to the
		// segment; z is linear, so its least value there is at an end of
		// that stretch): no contact either. A fifth of the sightlines
		// between models of the reference table pass over an occluder
		// that way, and the prism test cost several hundred
		// instructions to say so. The slack is far above the rounding
		// of z (a few ulps of |a.Z| + |b.Z|); the rounding of s is inside
		// rr, as for the disc test above.
		if fastPaths {
			// The lower end of that stretch, by the sign of dz (the same
			// for the whole sightline, so the branch is predicted): the
			// same float as the least of the two ends' heights, rounding
			// being monotonic.
			dz := st.b.Z - st.a.Z
			var t float64
			if dz >= 0 {
				t = max(0, (s-rr)*st.inv)
			} else {
				t = min(1, (s+rr)*st.inv)
			}
			if z := st.a.Z + dz*t; z > top+1e-9*(st.zabs+abs(top)) {
				return true
			}
		}
	}
	// The ids ignored or excluded, tested only now: most visits end in
	// the disc or height test above, and the two tests decide nothing
	// about the same occluder (both return, with no effect), so their
	// order changes no answer; an id of the same length as an ignored
	// one takes a call to the runtime's comparison. excluded written as
	// its two parts: each inlines, the whole does not (a call here cost
	// 4 ns per sightline).
	if f := st.f; byID && (f.ignored(r.ID) || f.listed(r.ID)) {
		return true
	}
	// The prism test: prism's convex path called from here (a call level
	// fewer per test), the rest through prismGeneral, and a model standing
	// above the segment's lower end through modelPrism. The footprint is
	// made a geom.Polygon only where a test needs one (the convex fast
	// path takes the ring).
	holes := piece && r.Flags&terrain.OccHoles != 0
	var h segHit
	decided := false
	if !piece && bottom > 0 && st.zlo < bottom {
		// (max(a.Z, b.Z) > bottom: a segment no higher than the model's
		// bottom returned above)
		h, decided = st.modelPrism(r, bottom, top), true
	} else if (r.Convex != nil || !holes) && !st.reference {
		// prismConvex written out (a call level fewer): convexFast, then
		// prismConvexExact only when a sign is in doubt there.
		res := fastUnsure
		if fastPaths {
			h, res = convexFastZ(r.Ring, top, st.a, st.b, st.zlo, st.zhi, r.Convex, &r.Disc)
		}
		decided = res == fastDecided
		if res == fastUnsure {
			h, decided = prismConvexExact(st.footprint(r, id, holes), top, st.a, st.b, r.Convex, &r.Disc)
		}
	}
	if !decided {
		h = st.prismGeneral(st.footprint(r, id, holes), top)
	}
	if piece {
		if h.graze && !h.block && st.f.ownGround(id, h.t) {
			return true
		}
		if h.block {
			st.consider(terrain.Item{Kind: terrain.ItemPiece, Index: id}, h, top)
		} else if h.graze {
			st.record(terrain.Item{Kind: terrain.ItemPiece, Index: id}, h, top)
		}
		return !(st.clearOnly && st.found)
	}
	i := id - st.np
	it := terrain.Item{Kind: terrain.ItemModel, Index: i}
	if h.block && st.squad != nil && st.nsq < len(st.squad) && st.f.squad != "" && st.bf.Models()[i].Squad == st.f.squad {
		st.squad[st.nsq] = squadHit{it, h}
		st.nsq++
		return !(st.clearOnly && st.nsq > st.f.opt.ThroughOwnSquad)
	}
	// record's cases, the block written out (most model visits end in
	// one: a call fewer).
	if h.block {
		st.consider(it, h, top)
	} else if h.graze {
		st.record(it, h, top)
	}
	return !(st.clearOnly && st.found)
}

// footprint returns the plan of occluder id of record r: its ring, or a
// piece's Footprint when it has holes.
func (st *segState) footprint(r *terrain.OccluderRec, id int, holes bool) geom.Polygon {
	if holes {
		return st.bf.Pieces()[id].Footprint
	}
	return geom.Polygon{Outer: r.Ring}
}

// modelPrism decides how the segment meets the volume ring × [bottom, top]
// of a model standing above the table (record r) when the segment crosses
// the height bottom (min(a.Z, b.Z) < bottom < max(a.Z, b.Z): visitID
// settles the other cases): the prism test on the part of the segment at
// or above bottom (clipped in floating point: only where the segment
// crosses the bottom face is the decision rounded), its parameters mapped
// back to the whole segment. A contact with the model's underside alone
// is not reported.
func (st *segState) modelPrism(r *terrain.OccluderRec, bottom, top float64) segHit {
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
	return h
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
		if h, ok := prismConvex(fp, top, st.a, st.b, r.Convex, &r.Disc); ok {
			return h
		}
	}
	return st.prismGeneral(fp, top)
}

// prismGeneral is prism's general test (prismSegmentFast, or prismSegment
// alone for the reference walk).
func (st *segState) prismGeneral(fp geom.Polygon, top float64) segHit {
	var sw sweep
	if st.reference || !fastPaths {
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
		g := grazeHit{t: h.t, index: int32(it.Index), kind: it.Kind}
		switch {
		case st.gzov != nil:
			*st.gzov = append(*st.gzov, g)
		case int(st.ngz) < len(st.gz):
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

// recID returns the id of an item from its terrain.OccluderRec (already
// read by the walk, where the Piece or Model may not be in the cache).
func (st *segState) recID(it terrain.Item) string {
	if it.Kind == terrain.ItemPiece {
		return st.occ.Pieces.Recs[it.Index].ID
	}
	return st.occ.Models.Recs[it.Index].ID
}
