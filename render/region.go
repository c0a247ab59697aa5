package render

import (
	"fmt"

	"github.com/sightline/sightline/geom"
)

// Region shades square cells of the table: the region a search tested
// (for example the end points a gain-sight search looked at). Cells are
// given by their centres; Size is their side in inches.
type Region struct {
	Cells []geom.Point
	Size  float64
	Label string
}

// Ghost is a model's footprint at a pose it does not hold on the table
// (where a move would end), drawn as a dashed outline with a facing tick.
type Ghost struct {
	Shape  geom.Convex
	Facing float64 // degrees counter-clockwise from +x
	Label  string
}

func (Region) sheetPart() {}
func (Ghost) sheetPart()  {}

func (Region) marks(*legendSet)  {}
func (Ghost) marks(l *legendSet) { l.mark(lgPath) }

func (Region) layer() int { return 0 }
func (Ghost) layer() int  { return 1 }

func (r Region) check() error {
	if len(r.Cells) > maxOverlayPoints {
		return fmt.Errorf("%w: region has %d cells, want at most %d", ErrInput, len(r.Cells), maxOverlayPoints)
	}
	if err := checkLen("Region.Size", r.Size); err != nil {
		return err
	}
	for i, p := range r.Cells {
		if err := checkPt(fmt.Sprintf("Region.Cells[%d]", i), p); err != nil {
			return err
		}
	}
	return nil
}

func (g Ghost) check() error {
	if g.Shape == nil {
		return fmt.Errorf("%w: ghost without a shape", ErrInput)
	}
	b := g.Shape.Bound()
	if err := checkPt("Ghost.Shape.Lo", geom.Pt(b.X.Lo, b.Y.Lo)); err != nil {
		return err
	}
	if err := checkPt("Ghost.Shape.Hi", geom.Pt(b.X.Hi, b.Y.Hi)); err != nil {
		return err
	}
	if !finite(g.Facing) {
		return fmt.Errorf("%w: Ghost.Facing = %v", ErrInput, g.Facing)
	}
	return nil
}

func (r Region) draw(c *canvas) {
	dc := c.dc
	h := r.Size / 2
	c.setColor(withAlpha(ColorPath, 0x26))
	for _, p := range r.Cells {
		x0, y0 := c.px(geom.Pt(p.X-h, p.Y+h))
		x1, y1 := c.px(geom.Pt(p.X+h, p.Y-h))
		dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	}
	c.clipTable()
	dc.Fill()
	dc.ResetClip()
	if r.Label != "" && len(r.Cells) > 0 && !c.opt.NoLabels {
		x, y := c.px(r.Cells[0])
		c.lab.add(labelReq{text: r.Label, face: c.f.small, col: ColorPath, ax: x, ay: y, r: 4, prio: prioOverlay, owner: -1})
	}
}

func (g Ghost) draw(c *canvas) {
	dc := c.dc
	dc.SetDash(5, 3)
	dc.SetLineWidth(2)
	c.setColor(ColorPath)
	dc.ClearPath()
	if c.shapePath(g.Shape) {
		dc.Stroke()
	}
	dc.SetDash()
	b := g.Shape.Bound()
	ctr := geom.Pt(b.X.Center(), b.Y.Center())
	tip := ctr.Add(geom.Heading(g.Facing).Mul(b.X.Length()/2 + b.Y.Length()/2 + 0.3))
	c.line(ctr, tip, ColorPath, 2)
	if g.Label != "" && !c.opt.NoLabels {
		x, y := c.px(ctr)
		c.lab.add(labelReq{text: g.Label, face: c.f.bold, col: ColorPath, ax: x, ay: y, r: 8, prio: prioOverlay, leader: true, owner: -1})
	}
}
