package terminator

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/sightline/sightline/terrain"
)

// sightField returns the battlefield sight is traced on: bf itself, or,
// when options.sizeHeights gives a height for the Größe of some model
// (TS-15), a copy with those models' heights replaced, and one note per
// replaced height saying which value was used.
func sightField(bf *terrain.Battlefield, o *Options) (*terrain.Battlefield, []string, error) {
	if len(o.SizeHeights) == 0 {
		return bf, nil, nil
	}
	var models []terrain.Model
	var notes []string
	for i := range bf.Models() {
		m := &bf.Models()[i]
		p := o.profile(m.ID)
		if p.Size == 0 {
			continue
		}
		h, ok := o.SizeHeights[strconv.Itoa(p.Size)]
		if !ok {
			notes = append(notes, fmt.Sprintf("%s is Größe %d; options.sizeHeights gives no height for it, so its scenario height %g in is used", m.ID, p.Size, m.Hull.Height))
			continue
		}
		if models == nil {
			models = slices.Clone(bf.Models())
		}
		models[i].Hull.Height = float64(h)
		notes = append(notes, fmt.Sprintf("%s is Größe %d: sight uses its height %g in from options.sizeHeights.%d", m.ID, p.Size, float64(h), p.Size))
	}
	if models == nil {
		return bf, notes, nil
	}
	nbf, err := terrain.New(bf.Table(), slices.Clone(bf.Pieces()), models)
	if err != nil {
		return nil, nil, fmt.Errorf("options.sizeHeights: %w", err)
	}
	return nbf, notes, nil
}
