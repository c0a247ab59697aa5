package terrain

import (
	"math"
	"slices"
)

// Roaming prepares a Battlefield for placing one of its models at many
// places, each answered as fast as a query allows (a threat map places a
// model at every cell of a grid). It is immutable and safe for concurrent
// use; Place may be called from several goroutines.
//
// The battlefields Place returns share one index and one occluder grid in
// which the roaming model is listed with a loose box: the table grown by
// the model's reach, from height 0 up without bound. Both structures are
// conservative filters (every query refines with the exact geometry, which
// Place updates: the model, its plan ring, box, disc and heights), so
// every answer equals that of ReplaceModel or of New with the same values;
// only ItemBox and the Visit functions report the loose box for the
// roaming model.
type Roaming struct {
	base  *Battlefield // the index and grid listing the model loosely
	i     int          // the model's index
	loose box3
	occ   *Occluders // base's occluders (grid with the loose box)
}

// Roam returns the Roaming of the model id, whose shape stays what Place
// is given; its reach is measured from its present plan and figures.
func (bf *Battlefield) Roam(id string) (*Roaming, error) {
	i, ok := bf.modelIdx[id]
	if !ok {
		return nil, fieldErr("models.id", ErrUnknownID, "no model %q", id)
	}
	m := &bf.models[i]
	b := bf.modelBoxes[i]
	p := [2]float64{m.Position.X, m.Position.Y}
	reach := 0.0
	for k := range 2 {
		reach = max(reach, math.Abs(b.lo[k]-p[k]), math.Abs(b.hi[k]-p[k]))
	}
	reach = 2*reach + 1
	t := bf.table
	loose := box3{lo: [3]float64{-reach, -reach, 0}, hi: [3]float64{t.Width + reach, t.Depth + reach, math.Inf(1)}}
	nb := bf.edit(bf.models, identity(len(bf.models)))
	nb.modelBoxes[i] = loose
	nb.rebuildIndex(&bf.index)
	o := buildOccluders(nb.pieces, nb.models)
	boxes := make([]PlanBox, 0, len(o.Pieces.Boxes)+len(o.Models.Boxes))
	boxes = append(append(boxes, o.Pieces.Boxes...), o.Models.Boxes...)
	boxes[len(o.Pieces.Boxes)+i] = PlanBox{loose.lo[0], loose.lo[1], loose.hi[0], loose.hi[1]}
	// The roaming model is not marked: Place swaps its record for the
	// placed model's, which may occlude where this one does not.
	marks := gridMarks(o.Pieces, o.Models)
	if marks != nil {
		marks[len(o.Pieces.Boxes)+i] = 0
	}
	o.Grid = buildGrid(boxes, marks)
	return &Roaming{base: nb, i: i, loose: loose, occ: o}, nil
}

// Place returns a battlefield in which the roaming model is replaced by m
// (same id), checked and grounded as ReplaceModel does, with the same
// errors. A model whose box leaves the loose box (a differently shaped m)
// gets ReplaceModel's full rebuild instead.
func (r *Roaming) Place(m Model) (*Battlefield, error) {
	return r.place(m, nil)
}

// Placer places a Roaming's model with one reused buffer: the battlefield
// its Place returns is valid only until the next call of Place on the
// same Placer (its models are the buffer). A Placer is for one goroutine;
// make one per worker.
type Placer struct {
	r   *Roaming
	buf []Model
}

// Placer returns a new Placer of r.
func (r *Roaming) Placer() *Placer { return &Placer{r: r} }

// Place is Roaming.Place, the result valid until the next call.
func (p *Placer) Place(m Model) (*Battlefield, error) {
	if p.buf == nil {
		p.buf = make([]Model, len(p.r.base.models))
	}
	return p.r.place(m, p.buf)
}

// place is Place writing the models into buf when it is not nil.
func (r *Roaming) place(m Model, buf []Model) (*Battlefield, error) {
	bf := r.base
	if m.ID != bf.models[r.i].ID {
		return nil, fieldErr("models.id", ErrInvalidValue, "%q is not the roaming model %q", m.ID, bf.models[r.i].ID)
	}
	c, err := bf.placeModel(r.i, &m)
	if err != nil {
		return nil, err
	}
	b := c.indexBox()
	if c.Squad != bf.models[r.i].Squad || !r.holds(b) {
		return bf.ReplaceModel(c)
	}
	models := buf
	if models == nil {
		models = make([]Model, len(bf.models))
	}
	copy(models, bf.models)
	models[r.i] = c
	nb := *bf
	nb.models = models
	nb.occluders = new(occluderState)
	o := *r.occ
	o.Models = r.occ.Models.with(r.i, &models[r.i])
	nb.occluders.once.Do(func() { nb.occluders.occ = &o; nb.occluders.done.Store(&o) })
	return &nb, nil
}

// holds reports whether the loose box holds b.
func (r *Roaming) holds(b box3) bool {
	for k := range 3 {
		if b.lo[k] < r.loose.lo[k] || b.hi[k] > r.loose.hi[k] {
			return false
		}
	}
	return true
}

// with returns a copy of the model set s with entry i prepared for m.
func (s *OccluderSet) with(i int, m *Model) *OccluderSet {
	c := &OccluderSet{Rings: slices.Clone(s.Rings), Boxes: slices.Clone(s.Boxes), Recs: slices.Clone(s.Recs)}
	c.setModel(i, m)
	return c
}

// Battlefield returns the battlefield Roam was called on, as Place edits
// it (its index lists the roaming model with the loose box).
func (r *Roaming) Battlefield() *Battlefield { return r.base }

// Battlefield returns the battlefield of the Placer's Roaming.
func (p *Placer) Battlefield() *Battlefield { return p.r.base }
