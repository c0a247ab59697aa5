package terrain

import (
	"math"

	"github.com/sightline/sightline/geom"
)

// ItemKind says which list of a Battlefield an Item indexes.
type ItemKind uint8

// Item kinds.
const (
	ItemPiece ItemKind = iota // Index is into Pieces()
	ItemModel                 // Index is into Models()
)

// String returns "piece" or "model".
func (k ItemKind) String() string {
	switch k {
	case ItemPiece:
		return "piece"
	case ItemModel:
		return "model"
	}
	return "ItemKind(?)"
}

// Item names one terrain piece or one model of a Battlefield by its index
// in Pieces() or Models().
type Item struct {
	Kind  ItemKind `json:"kind"`
	Index int      `json:"index"`
}

// MarshalText encodes the kind as "piece" or "model".
func (k ItemKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// segmentTolerance is the slack, as a fraction of the segment's parameter
// range [0, 1], allowed when a segment grazes a box: a segment that touches
// a box exactly is never missed through rounding, at the price of
// occasionally reporting a box that lies within about 1e-12 times the
// segment's length of it. Callers refine with exact geometry anyway.
const segmentTolerance = 1e-12

// leafSize is the number of items per leaf and children per inner node.
const leafSize = 8

// maxStack bounds the traversal stack: a tree of fan-out leafSize and depth
// d needs at most d*(leafSize-1)+1 entries, and depth 20 already covers more
// items than fit in memory.
const maxStack = 20*(leafSize-1) + 1

// stackItems is the number of items up to which an index build keeps its
// scratch on the stack (a live battlefield's edit then allocates only
// what it keeps).
const stackItems = 256

// stackLeaves bounds the number of leaves of stackItems items.
const stackLeaves = stackItems/leafSize + 1

// box3 is a closed axis-aligned box; lo <= hi on every axis (hi may be +Inf).
type box3 struct {
	lo, hi [3]float64
}

func emptyBox() box3 {
	inf := math.Inf(1)
	return box3{lo: [3]float64{inf, inf, inf}, hi: [3]float64{-inf, -inf, -inf}}
}

func (b *box3) add(o *box3) {
	// Plain comparisons: boxes hold no NaN, and a -0 kept for a +0 bound
	// compares the same.
	for k := range 3 {
		if o.lo[k] < b.lo[k] {
			b.lo[k] = o.lo[k]
		}
		if o.hi[k] > b.hi[k] {
			b.hi[k] = o.hi[k]
		}
	}
}

// overlapsRect reports whether the box's plan (x, y) overlaps the closed
// rectangle r.
func (b *box3) overlapsRect(r geom.Rect) bool {
	return b.lo[0] <= r.X.Hi && b.hi[0] >= r.X.Lo && b.lo[1] <= r.Y.Hi && b.hi[1] >= r.Y.Lo
}

// containsPoint reports whether the box's plan contains p (closed).
func (b *box3) containsPoint(p geom.Point) bool {
	return b.lo[0] <= p.X && p.X <= b.hi[0] && b.lo[1] <= p.Y && p.Y <= b.hi[1]
}

// hitsSegment reports whether the segment from a to b (dims axes: 2 for the
// plan, 3 for space) touches the closed box, by the slab method with
// segmentTolerance of slack. Non-finite segments touch nothing.
func (b *box3) hitsSegment(a, d [3]float64, dims int) bool {
	t0, t1 := 0.0, 1.0
	for k := 0; k < dims; k++ {
		if d[k] == 0 {
			if a[k] < b.lo[k] || a[k] > b.hi[k] {
				return false
			}
			continue
		}
		ta := (b.lo[k] - a[k]) / d[k]
		tb := (b.hi[k] - a[k]) / d[k]
		if ta > tb {
			ta, tb = tb, ta
		}
		if ta > t0 {
			t0 = ta
		}
		if tb < t1 {
			t1 = tb
		}
		if !(t0 <= t1+segmentTolerance) { // also false on NaN
			return false
		}
	}
	return true
}

// node is a node of the bounding-volume tree: an inner node's children are
// nodes[first:first+count], a leaf's items are items[first:first+count].
type node struct {
	box          box3
	first, count int32
	leaf         bool
}

// index is a static bounding-volume tree bulk-loaded with the
// sort-tile-recursive method. It is never changed after construction.
type index struct {
	nodes []node // root last
	items []Item // in leaf order
	boxes []box3 // boxes[i] bounds items[i]
	// xorder is the items' numbers (see buildIndex) sorted by the x
	// centres of their boxes, ties by number: the first pass of the
	// tiling, kept so that a rebuild can start from it.
	xorder []int32
	pieces int32 // the number of pieces among the items
}

// numbered gives the boxes of the pieces and models of an index by item
// number: the pieces first, then the models.
type numbered struct{ pieces, models []box3 }

func (nb numbered) box(i int32) *box3 {
	if int(i) < len(nb.pieces) {
		return &nb.pieces[i]
	}
	return &nb.models[int(i)-len(nb.pieces)]
}

func (nb numbered) item(i int32) Item {
	if int(i) < len(nb.pieces) {
		return Item{Kind: ItemPiece, Index: int(i)}
	}
	return Item{Kind: ItemModel, Index: int(i) - len(nb.pieces)}
}

// buildIndex builds the tree over the boxes of pieces and models:
// pieces[i] bounds Item{ItemPiece, i}, models[k] Item{ItemModel, k}; the
// items are numbered pieces first (model k is number len(pieces)+k).
//
// old, when it is the index of as many pieces and models whose boxes have
// since changed (some of them), is where the sorts start: the tree is
// the one built without it, item for item and node for node (each sort is
// by a total order, which has one result whatever the start), but with
// only the changed items out of place the sorts take time linear in their
// length, so that a rebuild after one model moved costs O(n), not
// O(n log n) with a larger constant. A nil old builds from scratch.
func buildIndex(old *index, pieces, models []box3) index {
	nb := numbered{pieces, models}
	n := len(pieces) + len(models)
	ix := index{items: make([]Item, n), boxes: make([]box3, n), xorder: make([]int32, n), pieces: int32(len(pieces))}
	if n == 0 {
		return ix
	}
	// scratch: the x and y centres, each item's rank in xorder and the leaf
	// order. Tiling uses x and y only, so infinite tops (smoke) do not
	// matter; the centres are finite (New validates every plan coordinate).
	var keyBuf [2 * stackItems]float64
	var intBuf [2 * stackItems]int32
	keys, ints := keyBuf[:], intBuf[:]
	if n > stackItems {
		keys, ints = make([]float64, 2*n), make([]int32, 2*n)
	}
	kx, ky := keys[:n], keys[n:2*n]
	rank, order := ints[:n], ints[n:2*n]
	for i := range int32(n) {
		b := nb.box(i)
		kx[i], ky[i] = 0.5*(b.lo[0]+b.hi[0]), 0.5*(b.lo[1]+b.hi[1])
	}
	per := strSlice(n)
	if old != nil && len(old.xorder) == n && old.pieces == ix.pieces {
		copy(ix.xorder, old.xorder)
		insertionSort(ix.xorder, kx, nil)
		for r, i := range ix.xorder {
			rank[i] = int32(r)
		}
		// Deal old's leaf order into the slices of the new x order: each
		// slice receives its items in y order but for those that changed
		// and the one or two that crossed from a neighbouring slice.
		var nextBuf [stackLeaves]int // slices <= leaves
		next := nextBuf[:]
		if n > stackItems {
			next = make([]int, (n+per-1)/per)
		}
		next = next[:(n+per-1)/per]
		for s := range next {
			next[s] = s * per
		}
		for _, it := range old.items {
			i := int32(it.Index)
			if it.Kind == ItemModel {
				i += ix.pieces
			}
			s := int(rank[i]) / per
			order[next[s]] = i
			next[s]++
		}
		for start := 0; start < n; start += per {
			insertionSort(order[start:min(start+per, n)], ky, rank)
		}
	} else {
		for i := range ix.xorder {
			ix.xorder[i] = int32(i)
		}
		sortByKey(ix.xorder, kx, nil)
		for r, i := range ix.xorder {
			rank[i] = int32(r)
		}
		copy(order, ix.xorder)
		for start := 0; start < n; start += per {
			sortByKey(order[start:min(start+per, n)], ky, rank)
		}
	}
	for j, i := range order {
		ix.items[j] = nb.item(i)
		ix.boxes[j] = *nb.box(i)
	}
	ix.buildNodes()
	return ix
}

// buildNodes builds the tree's nodes over ix.items and ix.boxes, in that
// (leaf) order: the leaves over consecutive runs of leafSize items, then
// level by level each level tiled (strTile) and its parents over
// consecutive runs of leafSize nodes, up to the root. ix.nodes holds the
// levels bottom-up, each in its tiled order, the root last.
func (ix *index) buildNodes() {
	n := len(ix.items)
	leaves := (n + leafSize - 1) / leafSize
	total := leaves
	for l := leaves; l > 1; {
		l = (l + leafSize - 1) / leafSize
		total += l
	}
	ix.nodes = make([]node, total)
	// level holds one level in build order, then its parents over it.
	var levelBuf [stackLeaves]node
	var ordBuf [stackLeaves]int32
	level, ord := levelBuf[:0], ordBuf[:]
	if leaves > len(levelBuf) {
		level, ord = make([]node, 0, leaves), make([]int32, leaves)
	}
	for start := 0; start < n; start += leafSize {
		end := min(start+leafSize, n)
		b := emptyBox()
		for j := start; j < end; j++ {
			b.add(&ix.boxes[j])
		}
		level = append(level, node{box: b, first: int32(start), count: int32(end - start), leaf: true})
	}
	off := 0 // where the level goes in ix.nodes
	for len(level) > 1 {
		dst := ix.nodes[off : off+len(level)]
		for j, i := range strTile(level, ord[:len(level)]) {
			dst[j] = level[i]
		}
		up := level[:0] // level is copied out: its room takes the parents
		for start := 0; start < len(dst); start += leafSize {
			end := min(start+leafSize, len(dst))
			b := emptyBox()
			for j := start; j < end; j++ {
				b.add(&dst[j].box)
			}
			up = append(up, node{box: b, first: int32(off + start), count: int32(end - start)})
		}
		off += len(dst)
		level = up
	}
	ix.nodes[off] = level[0]
}

// strSlice returns the number of items per vertical slice of the
// sort-tile-recursive tiling of n items: as many slices as leaves in one
// slice, about the square root of the number of leaves.
func strSlice(n int) int {
	leaves := (n + leafSize - 1) / leafSize
	return int(math.Ceil(math.Sqrt(float64(leaves)))) * leafSize
}

// strTile returns the order of the sort-tile-recursive tiling of nodes by
// the centres of their boxes: sorted by x centre into vertical slices of
// strSlice nodes, each slice sorted by y centre; ties keep the order of
// nodes (the order stable sorts give). The order is written to ord, of
// len(nodes).
func strTile(nodes []node, ord []int32) []int32 {
	n := len(nodes)
	var keyBuf [2 * stackLeaves]float64
	var rankBuf [stackLeaves]int32
	keys, rank := keyBuf[:], rankBuf[:]
	if n > stackLeaves {
		keys, rank = make([]float64, 2*n), make([]int32, n)
	}
	kx, ky := keys[:n], keys[n:2*n]
	for i := range nodes {
		b := &nodes[i].box
		kx[i], ky[i] = 0.5*(b.lo[0]+b.hi[0]), 0.5*(b.lo[1]+b.hi[1])
		ord[i] = int32(i)
	}
	sortByKey(ord, kx, nil)
	for r, i := range ord {
		rank[i] = int32(r)
	}
	per := strSlice(n)
	for start := 0; start < n; start += per {
		sortByKey(ord[start:min(start+per, n)], ky, rank)
	}
	return ord
}

// sortByKey sorts idx by keyLess: by insertion when it is short, else by
// heapsort. keyLess is a total order, so any algorithm gives the same
// result; heapsort here rather than slices.SortFunc, which would
// instantiate a pattern-defeating quicksort for []int32 in the
// WebAssembly module (about 19 KB of code) for this one call.
func sortByKey(idx []int32, key []float64, tie []int32) {
	if len(idx) <= 32 {
		insertionSort(idx, key, tie)
		return
	}
	n := len(idx)
	for i := n/2 - 1; i >= 0; i-- {
		siftByKey(idx, i, n, key, tie)
	}
	for end := n - 1; end > 0; end-- {
		idx[0], idx[end] = idx[end], idx[0]
		siftByKey(idx, 0, end, key, tie)
	}
}

// siftByKey moves idx[root] down the heap idx[:n], largest by keyLess on
// top.
func siftByKey(idx []int32, root, n int, key []float64, tie []int32) {
	for {
		c := 2*root + 1
		if c >= n {
			return
		}
		if c+1 < n && keyLess(key, tie, idx[c], idx[c+1]) {
			c++
		}
		if !keyLess(key, tie, idx[root], idx[c]) {
			return
		}
		idx[root], idx[c] = idx[c], idx[root]
		root = c
	}
}

// keyLess reports whether item a comes before item b ordered by key, ties
// broken by tie (by the numbers themselves when tie is nil): a total
// order on distinct numbers, the order a stable sort by key gives items
// listed in tie order.
func keyLess(key []float64, tie []int32, a, b int32) bool {
	if key[a] != key[b] {
		return key[a] < key[b]
	}
	if tie != nil {
		return tie[a] < tie[b]
	}
	return a < b
}

// insertionSort sorts idx by keyLess: in time linear in len(idx) plus the
// distance each item lies from its place.
func insertionSort(idx []int32, key []float64, tie []int32) {
	for j := 1; j < len(idx); j++ {
		v := idx[j]
		k := j
		for k > 0 && keyLess(key, tie, v, idx[k-1]) {
			idx[k] = idx[k-1]
			k--
		}
		idx[k] = v
	}
}

// visit walks the tree, calling fn for every item whose box satisfies hit,
// in leaf order, until fn returns false. It uses a fixed stack array and
// touches no shared mutable state.
func (ix *index) visit(hit func(*box3) bool, fn func(Item) bool) {
	if len(ix.nodes) == 0 {
		return
	}
	var stack [maxStack]int32
	sp := 0
	stack[sp] = int32(len(ix.nodes) - 1)
	sp++
	for sp > 0 {
		sp--
		nd := &ix.nodes[stack[sp]]
		if !hit(&nd.box) {
			continue
		}
		if nd.leaf {
			for j := nd.first; j < nd.first+nd.count; j++ {
				if hit(&ix.boxes[j]) && !fn(ix.items[j]) {
					return
				}
			}
			continue
		}
		// Push in reverse so children are visited in order.
		for c := nd.first + nd.count - 1; c >= nd.first; c-- {
			stack[sp] = c
			sp++
		}
	}
}

// VisitSegment calls fn for every piece and model whose index box (see
// ItemBox) the closed 3D segment s touches, until fn returns false. A
// segment grazing a box is reported (the test has a parametric slack of
// 1e-12 of the segment, so it may also report a box that far away); a
// segment with a NaN or infinite coordinate touches nothing. It does not
// allocate and is safe for concurrent use.
func (bf *Battlefield) VisitSegment(s geom.Segment3, fn func(Item) bool) {
	a := [3]float64{s.A.X, s.A.Y, s.A.Z}
	d := [3]float64{s.B.X - s.A.X, s.B.Y - s.A.Y, s.B.Z - s.A.Z}
	if !finite3(a) || !finite3(d) {
		return
	}
	bf.index.visit(func(b *box3) bool { return b.hitsSegment(a, d, 3) }, fn)
}

// VisitFlatSegment is VisitSegment on the table plane: it calls fn for
// every item whose box's plan the closed 2D segment s touches, whatever the
// heights. Use it for area rules that ignore height (for example concealing
// area terrain of height 0). It does not allocate and is safe for
// concurrent use.
func (bf *Battlefield) VisitFlatSegment(s geom.Segment, fn func(Item) bool) {
	a := [3]float64{s.A.X, s.A.Y, 0}
	d := [3]float64{s.B.X - s.A.X, s.B.Y - s.A.Y, 0}
	if !finite3(a) || !finite3(d) {
		return
	}
	bf.index.visit(func(b *box3) bool { return b.hitsSegment(a, d, 2) }, fn)
}

// VisitRect calls fn for every item whose box's plan overlaps the closed
// rectangle r (touching counts), until fn returns false. An empty r visits
// nothing. It does not allocate and is safe for concurrent use.
func (bf *Battlefield) VisitRect(r geom.Rect, fn func(Item) bool) {
	if r.IsEmpty() {
		return
	}
	bf.index.visit(func(b *box3) bool { return b.overlapsRect(r) }, fn)
}

// VisitPoint calls fn for every item whose box's plan contains the table
// point p (boundary included), until fn returns false. It does not allocate
// and is safe for concurrent use.
func (bf *Battlefield) VisitPoint(p geom.Point, fn func(Item) bool) {
	bf.index.visit(func(b *box3) bool { return b.containsPoint(p) }, fn)
}

// ItemBox returns the closed box the index keeps for an item: for a piece,
// its footprint's bounding rectangle from z = 0 to its Height (smoke to
// +Inf, since smoke blocks at every height; a circular piece's box covers
// both the circle and its polygon); for a model, the bounding rectangle of
// its Footprint and all its FigureShapes from z = 0 to its Height, or for an airborne
// model to Altitude + Height/2 (the stand and a hull centred on the
// altitude point). ok is false for an unknown item.
func (bf *Battlefield) ItemBox(it Item) (lo, hi geom.Vec3, ok bool) {
	var b box3
	switch {
	case it.Kind == ItemPiece && it.Index >= 0 && it.Index < len(bf.pieces):
		b = bf.pieceBoxes[it.Index]
	case it.Kind == ItemModel && it.Index >= 0 && it.Index < len(bf.models):
		b = bf.modelBoxes[it.Index]
	default:
		return lo, hi, false
	}
	return geom.V3(b.lo[0], b.lo[1], b.lo[2]), geom.V3(b.hi[0], b.hi[1], b.hi[2]), true
}

func finite3(v [3]float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

func rectBox(r geom.Rect, zlo, zhi float64) box3 {
	return box3{lo: [3]float64{r.X.Lo, r.Y.Lo, zlo}, hi: [3]float64{r.X.Hi, r.Y.Hi, zhi}}
}
