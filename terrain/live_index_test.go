package terrain

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// refIndex is the reference build of the index: sort-tile-recursive with
// stable sorts of the items in number order by closures reading the box
// centres, each level gathered into fresh slices, as the index was first
// written. buildIndex must give the same tree, node for node.
func refIndex(pieces, models []box3) (nodes []node, items []Item, boxes []box3) {
	type entry struct {
		it Item
		b  box3
	}
	var all []entry
	for i, b := range pieces {
		all = append(all, entry{Item{ItemPiece, i}, b})
	}
	for i, b := range models {
		all = append(all, entry{Item{ItemModel, i}, b})
	}
	if len(all) == 0 {
		return nil, []Item{}, []box3{}
	}
	centre := func(b box3, k int) float64 { return 0.5 * (b.lo[k] + b.hi[k]) }
	tile := func(n int, box func(i int) box3) []int {
		ord := make([]int, n)
		for i := range ord {
			ord[i] = i
		}
		by := func(k int) func(a, b int) int {
			return func(a, b int) int {
				ka, kb := centre(box(a), k), centre(box(b), k)
				switch {
				case ka < kb:
					return -1
				case kb < ka:
					return 1
				}
				return 0
			}
		}
		slices.SortStableFunc(ord, by(0))
		leaves := (n + leafSize - 1) / leafSize
		per := int(math.Ceil(math.Sqrt(float64(leaves)))) * leafSize
		for s := 0; s < n; s += per {
			slices.SortStableFunc(ord[s:min(s+per, n)], by(1))
		}
		return ord
	}
	union := func(bs []box3) box3 {
		u := bs[0]
		for _, b := range bs[1:] {
			for k := range 3 {
				u.lo[k], u.hi[k] = math.Min(u.lo[k], b.lo[k]), math.Max(u.hi[k], b.hi[k])
			}
		}
		return u
	}
	for _, i := range tile(len(all), func(i int) box3 { return all[i].b }) {
		items = append(items, all[i].it)
		boxes = append(boxes, all[i].b)
	}
	var level []node
	for s := 0; s < len(items); s += leafSize {
		e := min(s+leafSize, len(items))
		level = append(level, node{box: union(boxes[s:e]), first: int32(s), count: int32(e - s), leaf: true})
	}
	for len(level) > 1 {
		lv := level
		var sorted []node
		for _, i := range tile(len(lv), func(i int) box3 { return lv[i].box }) {
			sorted = append(sorted, lv[i])
		}
		base := int32(len(nodes))
		nodes = append(nodes, sorted...)
		level = nil
		for s := 0; s < len(sorted); s += leafSize {
			e := min(s+leafSize, len(sorted))
			var bs []box3
			for _, c := range sorted[s:e] {
				bs = append(bs, c.box)
			}
			level = append(level, node{box: union(bs), first: base + int32(s), count: int32(e - s)})
		}
	}
	nodes = append(nodes, level...)
	return nodes, items, boxes
}

// randomBoxes returns n boxes whose corners lie on a coarse grid, so that
// many share a centre (ties the sorts must break by number).
func randomBoxes(rng *rand.Rand, n int) []box3 {
	bs := make([]box3, n)
	for i := range bs {
		bs[i] = randomBox(rng)
	}
	return bs
}

func randomBox(rng *rand.Rand) box3 {
	x, y := float64(rng.IntN(12)), float64(rng.IntN(12))
	w, d := float64(rng.IntN(3)), float64(rng.IntN(3))
	top := float64(rng.IntN(4))
	if rng.IntN(10) == 0 {
		top = math.Inf(1) // smoke
	}
	return box3{lo: [3]float64{x, y, 0}, hi: [3]float64{x + w, y + d, top}}
}

// TestIndexRebuild: buildIndex from scratch and from an old index after
// one, a few or all boxes changed gives the reference tree, for sizes from
// none to several levels and past the stack scratch (stackItems).
func TestIndexRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, size := range [][2]int{{0, 0}, {0, 1}, {3, 4}, {8, 0}, {5, 4}, {50, 60}, {0, 200}, {100, 300}, {40, 700}} {
		np, nm := size[0], size[1]
		pieces, models := randomBoxes(rng, np), randomBoxes(rng, nm)
		ix := buildIndex(nil, pieces, models)
		for step := range 30 {
			name := fmt.Sprintf("%d pieces %d models step %d", np, nm, step)
			wn, wi, wb := refIndex(pieces, models)
			if !reflect.DeepEqual(ix.nodes, wn) || !reflect.DeepEqual(ix.items, wi) || !reflect.DeepEqual(ix.boxes, wb) {
				t.Fatalf("%s: tree differs from the reference", name)
			}
			if fresh := buildIndex(nil, pieces, models); !reflect.DeepEqual(ix, fresh) {
				t.Fatalf("%s: rebuilt index differs from one built from scratch", name)
			}
			if nm == 0 {
				break
			}
			models = slices.Clone(models) // ix keeps its own copies
			switch k := step % 3; k {
			case 0: // one model moves
				models[rng.IntN(nm)] = randomBox(rng)
			case 1: // a few
				for range 1 + rng.IntN(4) {
					models[rng.IntN(nm)] = randomBox(rng)
				}
			default: // most
				for i := range models {
					if rng.IntN(4) != 0 {
						models[i] = randomBox(rng)
					}
				}
			}
			ix = buildIndex(&ix, pieces, models)
		}
	}
}
