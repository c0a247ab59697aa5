package movement

import (
	"math"

	"github.com/sightline/sightline/geom"
)

// fieldGraph is the vertex set of a cost field before the search: the
// start, the usable graph nodes within the budget's disc and, when
// weighted, the difficult boundary samples within it.
type fieldGraph struct {
	pts      []geom.Point
	node     []int32 // per vertex: its index in set.nodes, -1 for the start and samples
	nodeVert []int32 // per set node: its vertex, -1 when not in the disc
}

// graph collects the field's vertices; false when the work limit stopped
// the boundary sampling.
func (f *CostField) graph(spacing float64) (fieldGraph, bool) {
	set := f.q.set
	lim := f.budget*(1+1e-12) + 1e-9
	g := fieldGraph{pts: []geom.Point{f.from}, node: []int32{-1}, nodeVert: make([]int32, len(set.nodes))}
	for k := range set.nodes {
		g.nodeVert[k] = -1
		n := &set.nodes[k]
		if dist(f.from, n.p) <= lim && f.q.usable(n) {
			g.nodeVert[k] = int32(len(g.pts))
			g.pts = append(g.pts, n.p)
			g.node = append(g.node, int32(k))
		}
	}
	if f.q.weighted && !math.IsInf(spacing, 1) {
		// the disc is the ellipse of ShortestPath with both foci at the start
		samples, err := f.q.samples(f.from, f.from, 2*f.budget, spacing)
		if err != nil {
			return g, false
		}
		for _, s := range samples {
			g.pts = append(g.pts, s.p)
			g.node = append(g.node, -1)
		}
	}
	return g, true
}

// dijkstra grows the shortest-path tree from the start over the field's
// vertices with lazy edges, as search does: an edge is queued with its
// length (a lower bound on its cost) and tested (exact cost, then
// clearance) only when it comes first. Vertices beyond the budget are
// dropped. It reports false when the work limit stopped it.
func (f *CostField) dijkstra(spacing float64) bool {
	gr, ok := f.graph(spacing)
	if !ok {
		f.work = max(f.work, f.maxWork) // the query's own limit: report it as the field's
		return false
	}
	n := len(gr.pts)
	g := make([]float64, n)
	parent := make([]int32, n)
	closed := make([]bool, n)
	for i := range g {
		g[i], parent[i] = math.Inf(1), -1
	}
	lim := f.budget*(1+1e-12) + 1e-9
	var h heapq
	push := func(w, u, e int32, gw float64, st stage) {
		if gw > lim || closed[w] {
			return
		}
		h.push(item{v: w, u: u, e: e, key: gw, g: gw, st: st})
	}
	push(0, -1, -1, 0, verified)
	ok = true
	for len(h) > 0 && ok {
		it := h.pop()
		v := it.v
		if closed[v] {
			continue
		}
		if it.st != verified {
			if ok = f.spend(1); !ok {
				break
			}
			pu, pv := gr.pts[it.u], gr.pts[v]
			if it.st == bound && f.q.weighted {
				if c := g[it.u] + f.q.cost(pu, pv); c > it.g {
					push(v, it.u, it.e, c, costed)
					continue
				}
			}
			if !f.edgeClear(gr, it.u, it.e, pu, pv) {
				continue
			}
		}
		closed[v], g[v], parent[v] = true, it.g, it.u
		f.relax(gr, v, g[v], closed, push)
	}
	f.keep(gr, g, parent, closed)
	return ok
}

// relax queues the candidate edges out of vertex v (cost gv): a node's
// cached tangent candidates and the samples, or from the start or a
// sample every tangent node and every sample.
func (f *CostField) relax(gr fieldGraph, v int32, gv float64, closed []bool, push func(w, u, e int32, gw float64, st stage)) {
	set := f.q.set
	pv := gr.pts[v]
	if k := gr.node[v]; k >= 0 {
		nb := set.nbrsOf(k)
		for e := range nb {
			w := gr.nodeVert[nb[e].to]
			if w >= 0 && !closed[w] {
				push(w, v, int32(e), gv+dist(pv, gr.pts[w]), bound)
			}
		}
		for w := int32(0); w < int32(len(gr.pts)); w++ {
			if gr.node[w] < 0 && w != 0 && !closed[w] && tangent(gr.pts[w], &set.nodes[k]) {
				push(w, v, -1, gv+dist(pv, gr.pts[w]), bound)
			}
		}
		return
	}
	for w := int32(1); w < int32(len(gr.pts)); w++ {
		if closed[w] || w == v {
			continue
		}
		if k := gr.node[w]; k >= 0 && !tangent(pv, &set.nodes[k]) {
			continue
		}
		push(w, v, -1, gv+dist(pv, gr.pts[w]), bound)
	}
}

// edgeClear reports whether the disc may translate from vertex u to v:
// through the set's blocker cache for a node's cached candidate e, else
// by an exact test.
func (f *CostField) edgeClear(gr fieldGraph, u, e int32, pu, pv geom.Point) bool {
	if e < 0 || gr.node[u] < 0 {
		return f.q.clear(pu, pv)
	}
	nb := f.q.set.nbrsOf(gr.node[u])
	cnt, bl := f.q.set.nbrBlockers(&nb[e], pu, pv, &f.q.words)
	if cnt < 0 {
		return false
	}
	for k := range cnt {
		if !f.q.excluded[bl[k]] {
			return false
		}
	}
	return true
}

// keep stores the reached vertices, renumbered, with their parents.
func (f *CostField) keep(gr fieldGraph, g []float64, parent []int32, closed []bool) {
	idx := make([]int32, len(gr.pts))
	for i := range gr.pts {
		idx[i] = -1
		if closed[i] {
			idx[i] = int32(len(f.verts))
			f.verts = append(f.verts, fieldVert{p: gr.pts[i], g: g[i], parent: parent[i]})
		}
	}
	for i := range f.verts {
		if p := f.verts[i].parent; p >= 0 {
			f.verts[i].parent = idx[p]
		}
	}
}
