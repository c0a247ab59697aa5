package render

import "github.com/sightline/sightline/geom"

func (Region) marks(*legendSet)  {}
func (Ghost) marks(l *legendSet) { l.mark(lgPath) }

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
