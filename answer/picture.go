package answer

import (
	"fmt"
	"image"

	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/scenario"
)

// Picture draws one answer as a verdict sheet: the table from above with
// the answer's overlays (sightlines, blockers, paths, links, arcs), one
// profile per sightline, and the answer's explanation.
func Picture(f *scenario.File, a *Answer, opt render.Options) (image.Image, error) {
	opt.Title = fmt.Sprintf("%s (%s)", a.ID, a.Kind)
	opt.Highlight = append(append([]string(nil), opt.Highlight...), a.highlight...)
	parts := append(append([]render.Part(nil), a.overlays...), render.Verdict{Title: a.Headline(), Text: a.Explanation})
	return render.Sheet(f.Battlefield(), opt, parts...)
}

// TablePicture draws the whole table from above with the overlays of every
// answer (no profiles, no text).
func TablePicture(f *scenario.File, answers []*Answer, opt render.Options) (image.Image, error) {
	if opt.Title == "" {
		opt.Title = f.Name
	}
	s, err := render.NewScene(f.Battlefield(), opt)
	if err != nil {
		return nil, err
	}
	for _, a := range answers {
		if a.Err != nil {
			continue
		}
		for _, p := range a.overlays {
			if o, ok := p.(render.Overlay); ok {
				if err := s.Add(o); err != nil {
					return nil, fmt.Errorf("answer %s: %w", a.ID, err)
				}
			}
		}
	}
	return s.Render()
}

// Headline is the answer's main fields in one line, e.g.
// "range-1 (range): distance=12.400".
func (a *Answer) Headline() string {
	t := a.Text()
	for i := 0; i < len(t); i++ {
		if t[i] == '\n' {
			return t[:i]
		}
	}
	return t
}
