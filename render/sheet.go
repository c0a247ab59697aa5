package render

import (
	"fmt"
	"image"
	"image/draw"
	"strings"

	"github.com/fogleman/gg"

	"github.com/sightline/sightline/terrain"
)

// sheetGap is the vertical gap between the panels of a sheet, in pixels.
const sheetGap = 12

// Sheet draws a verdict sheet in one image: the top-down view with every
// overlay among parts, below it one profile (ProfileOf) per Sightline part,
// and below those the Verdict parts as wrapped paragraphs. Panels are
// left-aligned; the sheet is as wide as the widest panel (profiles wider
// than the plan keep their width). Options apply to every panel; the
// title goes on the plan.
func Sheet(bf *terrain.Battlefield, opt Options, parts ...Part) (image.Image, error) {
	panels, verdicts, err := sheetPanels(bf, opt, parts)
	if err != nil {
		return nil, err
	}
	w, h := 0, 0
	for _, p := range panels {
		w = max(w, p.Bounds().Dx())
		h += p.Bounds().Dy() + sheetGap
	}
	f, err := newFaces()
	if err != nil {
		return nil, err
	}
	paras, textH := wrapVerdicts(f, verdicts, float64(w-2*MarginLeft))
	if textH > 0 {
		h += textH + sheetGap
	}
	if float64(w)*float64(h) > MaxPixels {
		return nil, fmt.Errorf("%w: the sheet would be %dx%d, more than %d pixels", ErrOptions, w, h, MaxPixels)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	fillRect(out, out.Bounds(), ColorBackground)
	y := 0
	for _, p := range panels {
		r := p.Bounds()
		draw.Draw(out, image.Rect(0, y, r.Dx(), y+r.Dy()), p, r.Min, draw.Src)
		y += r.Dy() + sheetGap
	}
	if textH > 0 {
		drawParagraphs(out, f, paras, y, w)
	}
	return out, nil
}

// sheetPanels checks parts and draws the sheet's panels: the plan with
// every overlay, then one profile per Sightline part; it returns them with
// the Verdict parts.
func sheetPanels(bf *terrain.Battlefield, opt Options, parts []Part) ([]image.Image, []Verdict, error) {
	sc, err := NewScene(bf, opt)
	if err != nil {
		return nil, nil, err
	}
	var verdicts []Verdict
	for i, p := range parts {
		switch v := p.(type) {
		case nil:
			return nil, nil, fmt.Errorf("%w: part %d is nil", ErrInput, i)
		case Verdict:
			if len(v.Title)+len(v.Text) > 100000 {
				return nil, nil, fmt.Errorf("%w: part %d: verdict text of %d bytes, want at most 100000", ErrInput, i, len(v.Title)+len(v.Text))
			}
			verdicts = append(verdicts, v)
		case Overlay:
			if err := sc.Add(v); err != nil {
				return nil, nil, fmt.Errorf("part %d: %w", i, err)
			}
		default:
			return nil, nil, fmt.Errorf("%w: part %d has unknown type %T", ErrInput, i, p)
		}
	}
	top, err := sc.Render()
	if err != nil {
		return nil, nil, err
	}
	panels := []image.Image{top}
	popt := opt
	popt.Title = ""
	for _, p := range parts {
		s, ok := p.(Sightline)
		if !ok || (s.From.X == s.To.X && s.From.Y == s.To.Y) {
			continue
		}
		img, err := ProfileOf(bf, s, popt)
		if err != nil {
			return nil, nil, err
		}
		panels = append(panels, img)
	}
	return panels, verdicts, nil
}

// para is one wrapped paragraph of a sheet's text.
type para struct {
	lines []string
	bold  bool
}

// sheetLineH is the height of one line of a sheet's text, in pixels.
const sheetLineH = 16.0

// wrapVerdicts wraps the verdicts' titles (bold) and texts to width and
// returns the paragraphs with the height they need.
func wrapVerdicts(f *faces, verdicts []Verdict, width float64) ([]para, int) {
	measure := gg.NewContext(1, 1)
	var paras []para
	for _, v := range verdicts {
		if v.Title != "" {
			measure.SetFontFace(f.title)
			paras = append(paras, para{lines: measure.WordWrap(v.Title, width), bold: true})
		}
		measure.SetFontFace(f.label)
		for _, t := range strings.Split(v.Text, "\n") {
			paras = append(paras, para{lines: measure.WordWrap(t, width)})
		}
	}
	h := 0
	for _, p := range paras {
		h += int(sheetLineH)*len(p.lines) + 4
	}
	return paras, h
}

// drawParagraphs draws a rule and the paragraphs below it from y.
func drawParagraphs(out *image.RGBA, f *faces, paras []para, y, w int) {
	dc := gg.NewContextForRGBA(out)
	dc.SetColor(ColorGridMajor)
	dc.SetLineWidth(1)
	dc.DrawLine(MarginLeft, float64(y)-sheetGap/2, float64(w-MarginLeft), float64(y)-sheetGap/2)
	dc.Stroke()
	dc.SetColor(ColorInk)
	fy := float64(y)
	for _, p := range paras {
		face := f.label
		if p.bold {
			face = f.title
		}
		dc.SetFontFace(face)
		for _, ln := range p.lines {
			dc.DrawStringAnchored(ln, MarginLeft, fy, 0, 0.8)
			fy += sheetLineH
		}
		fy += 4
	}
}
