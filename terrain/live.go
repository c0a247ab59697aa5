package terrain

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/golang/geo/s1"
	"github.com/sightline/sightline/geom"
)

// Editing a Battlefield: WithModel, WithoutModel, MoveModel and
// ReplaceModel return a new Battlefield and leave the receiver unchanged
// and valid (both stay safe for concurrent readers). The new one shares
// with the old everything the edit does not touch: the table, the pieces,
// their convex parts and boxes, the prepared plan data of the pieces
// (Occluders.Pieces) and of the unchanged models; only the models' list,
// the one model's ground and the small model-level structures are rebuilt:
// the index by sorts that start from the old index's orders (linear time
// after one move, see buildIndex) and the occluder grid, once built, by
// moving the one model's listing when the cells stay (movedGrid).
// Every answer of the result equals the answer of New given the same
// table, pieces and models (the models as Models returns them), which is
// what the edit functions check and build.

// deriveOccluders is the Occluders of models given the built Occluders of
// a battlefield with the same pieces: the pieces' set is shared, each
// model with from[i] >= 0 copies that model's entries of base, the others
// are prepared afresh (as modelSet does), and the grid is rebuilt.
func deriveOccluders(base *Occluders, from []int, models []Model) *Occluders {
	b := base.Models
	s := &OccluderSet{
		Rings: make([][]geom.Point, len(models)),
		Boxes: make([]PlanBox, len(models)),
		Recs:  make([]OccluderRec, len(models)),
	}
	for i := range models {
		if j := from[i]; j >= 0 {
			s.Rings[i], s.Boxes[i], s.Recs[i] = b.Rings[j], b.Boxes[j], b.Recs[j]
			continue
		}
		s.setModel(i, &models[i])
	}
	o := &Occluders{Pieces: base.Pieces, Models: s}
	boxes := make([]PlanBox, 0, len(base.Pieces.Boxes)+len(models))
	boxes = append(append(boxes, base.Pieces.Boxes...), s.Boxes...)
	marks := gridMarks(base.Pieces, s)
	if i, ok := oneChanged(from, len(b.Boxes)); ok {
		if g, ok := movedGrid(&base.Grid, boxes, marks, len(base.Pieces.Boxes)+i); ok {
			o.Grid = g
			return o
		}
	}
	o.Grid = buildGrid(boxes, marks)
	return o
}

// oneChanged returns the model i that from marks as changed (-1) and true
// when it is the only change of n models (from is the identity but for i).
func oneChanged(from []int, n int) (int, bool) {
	if len(from) != n {
		return -1, false
	}
	changed := -1
	for i, j := range from {
		if j != i {
			if j >= 0 || changed >= 0 {
				return -1, false
			}
			changed = i
		}
	}
	return changed, changed >= 0
}

// edit returns a shallow copy of bf sharing the table, the pieces and
// their index data, with the given models (owned by the copy) and fresh
// prepared occluders derived from bf's when those are built; from maps
// each new model index to its old one (-1 for a new or changed model).
func (bf *Battlefield) edit(models []Model, from []int) *Battlefield {
	nb := &Battlefield{
		table:      bf.table,
		pieces:     bf.pieces,
		models:     models,
		pieceIdx:   bf.pieceIdx,
		modelIdx:   bf.modelIdx,
		squads:     bf.squads,
		squadNames: bf.squadNames,
		pieceBoxes: bf.pieceBoxes,
		pieceIndex: bf.pieceIndex,
		occluders:  new(occluderState),
	}
	if base := bf.occluders.done.Load(); base != nil {
		nb.occluders.base, nb.occluders.from = base, from
	}
	nb.modelBoxes = make([]box3, len(models))
	for i, j := range from {
		if j >= 0 {
			nb.modelBoxes[i] = bf.modelBoxes[j]
		} else {
			nb.modelBoxes[i] = models[i].indexBox()
		}
	}
	if len(models) == len(bf.models) {
		nb.rebuildIndex(&bf.index) // the same numbers
	} else {
		old := bf.index.renumbered(len(bf.pieces), len(bf.models), from)
		nb.rebuildIndex(&old)
	}
	return nb
}

// renumbered returns the orders of ix, an index of np pieces and nm models,
// for the models of an edit that added or removed some (from maps each new
// model to its old index, -1 for a new one): the removed models left out,
// the others renumbered, the new ones appended, so that buildIndex can
// start from them (it needs only the orders, not the nodes).
func (ix *index) renumbered(np, nm int, from []int) index {
	inv := make([]int32, nm) // old model -> new number, -1 removed
	for j := range inv {
		inv[j] = -1
	}
	for i, j := range from {
		if j >= 0 {
			inv[j] = int32(np + i)
		}
	}
	num := func(x int32) int32 {
		if int(x) < np {
			return x
		}
		return inv[int(x)-np]
	}
	r := index{xorder: make([]int32, 0, len(from)+np), items: make([]Item, 0, len(from)+np), pieces: int32(np)}
	for _, x := range ix.xorder {
		if y := num(x); y >= 0 {
			r.xorder = append(r.xorder, y)
		}
	}
	for _, it := range ix.items {
		if it.Kind == ItemPiece {
			r.items = append(r.items, it)
		} else if y := inv[it.Index]; y >= 0 {
			r.items = append(r.items, Item{Kind: ItemModel, Index: int(y) - np})
		}
	}
	for i, j := range from {
		if j < 0 {
			r.xorder = append(r.xorder, int32(np+i))
			r.items = append(r.items, Item{Kind: ItemModel, Index: i})
		}
	}
	return r
}

// rebuildIndex builds the index from pieceBoxes and modelBoxes exactly as
// New's buildIndex does (the same tree), its sorts starting from old, the
// index of a battlefield with the same pieces (see buildIndex).
func (bf *Battlefield) rebuildIndex(old *index) {
	bf.index = buildIndex(old, bf.pieceBoxes, bf.modelBoxes)
}

// placeModel checks m as New checks the model at index i and resolves its
// ground on bf's pieces. The error's path is "models[i]…".
func (bf *Battlefield) placeModel(i int, m *Model) (Model, error) {
	path := "models[" + strconv.Itoa(i) + "]"
	c, err := checkModel(path, m, bf.table)
	if err != nil {
		return c, err
	}
	if err := bf.checkGarrison(path, &c); err != nil {
		return c, err
	}
	// New resolves the ground while its index holds the pieces alone; so
	// does this, through a view with that index, for the same visit order.
	pv := *bf
	pv.index = bf.pieceIndex
	if err := pv.resolveGround(path, &c); err != nil {
		return c, err
	}
	return c, nil
}

// identity returns from = [0, 1, …, n-1].
func identity(n int) []int {
	from := make([]int, n)
	for i := range from {
		from[i] = i
	}
	return from
}

// ReplaceModel returns a battlefield in which the model with m's id is
// replaced by m (position, facing, class, base, elevation: anything), at
// the same index of Models. The model is checked and its ground resolved
// as New does (Level and Elevation as m gives them: a model taken from
// Models keeps its declared level, as in New); an unknown id gives an error
// wrapping ErrUnknownID, an invalid m New's *FieldError. bf is unchanged.
func (bf *Battlefield) ReplaceModel(m Model) (*Battlefield, error) {
	i, ok := bf.modelIdx[m.ID]
	if !ok {
		return nil, fieldErr("models.id", ErrUnknownID, "no model %q", m.ID)
	}
	c, err := bf.placeModel(i, &m)
	if err != nil {
		return nil, err
	}
	models := slices.Clone(bf.models)
	models[i] = c
	from := identity(len(models))
	from[i] = -1
	if c.Squad != bf.models[i].Squad {
		return bf.rebuiltModels(models, from)
	}
	return bf.edit(models, from), nil
}

// MoveModel returns a battlefield in which the model id stands at pos
// with the given facing, its figures carried rigidly with it (turned by
// the change of facing about the model's position, then translated), its
// ground resolved afresh at the new place (see ReplaceModel); a garrison
// moved out of its building is no longer its garrison. bf is unchanged.
func (bf *Battlefield) MoveModel(id string, pos geom.Point, facing s1.Angle) (*Battlefield, error) {
	old, ok := bf.Model(id)
	if !ok {
		return nil, fieldErr("models.id", ErrUnknownID, "no model %q", id)
	}
	m := *old
	m.Position, m.Facing = pos, facing
	if g := m.Garrison; g != nil {
		// A garrison that walks out of its building no longer garrisons
		// it (a garrison stands in its building, see New).
		if p, ok := bf.Piece(g.Building); ok && p.Footprint.Locate(pos) == geom.Outside {
			m.Garrison = nil
		}
	}
	if len(old.Figures) > 0 {
		sin, cos := math.Sincos(float64(facing - old.Facing))
		m.Figures = make([]geom.Point, len(old.Figures))
		for k, f := range old.Figures {
			dx, dy := f.X-old.Position.X, f.Y-old.Position.Y
			m.Figures[k] = geom.Pt(pos.X+dx*cos-dy*sin, pos.Y+dx*sin+dy*cos)
		}
	}
	return bf.ReplaceModel(m)
}

// WithModel returns a battlefield with m added after the existing models,
// checked as New checks it (its id must be new among pieces and models).
// bf is unchanged.
func (bf *Battlefield) WithModel(m Model) (*Battlefield, error) {
	i := len(bf.models)
	path := fmt.Sprintf("models[%d]", i)
	if j, ok := bf.pieceIdx[m.ID]; ok {
		return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also terrain[%d])", m.ID, j)
	}
	if j, ok := bf.modelIdx[m.ID]; ok {
		return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also models[%d])", m.ID, j)
	}
	c, err := bf.placeModel(i, &m)
	if err != nil {
		return nil, err
	}
	models := append(slices.Clip(bf.models), c)
	from := identity(len(models))
	from[i] = -1
	return bf.rebuiltModels(models, from)
}

// WithoutModel returns a battlefield without the model id (the models
// after it move up one index). bf is unchanged.
func (bf *Battlefield) WithoutModel(id string) (*Battlefield, error) {
	i, ok := bf.modelIdx[id]
	if !ok {
		return nil, fieldErr("models.id", ErrUnknownID, "no model %q", id)
	}
	models := slices.Delete(slices.Clone(bf.models), i, i+1)
	from := identity(len(models))
	for k := i; k < len(from); k++ {
		from[k]++
	}
	return bf.rebuiltModels(models, from)
}

// rebuiltModels is edit for an edit that may change the ids or the
// squads: the model-level maps are rebuilt from models.
func (bf *Battlefield) rebuiltModels(models []Model, from []int) (*Battlefield, error) {
	nb := bf.edit(models, from)
	nb.modelIdx = make(map[string]int, len(models))
	nb.squads = make(map[string][]int)
	nb.squadNames = nil
	for i := range models {
		m := &models[i]
		nb.modelIdx[m.ID] = i
		if m.Squad != "" {
			if _, ok := nb.squads[m.Squad]; !ok {
				nb.squadNames = append(nb.squadNames, m.Squad)
			}
			nb.squads[m.Squad] = append(nb.squads[m.Squad], i)
		}
	}
	sort.Strings(nb.squadNames)
	return nb, nil
}
