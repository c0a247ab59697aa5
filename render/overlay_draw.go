package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/sightline/sightline/geom"
)

func (s Sightline) draw(c *canvas) {
	a, b := geom.Flat(s.From), geom.Flat(s.To)
	xa, ya := c.px(a)
	xb, yb := c.px(b)
	dc := c.dc
	if s.Clear {
		c.overlayLine(a, b, ColorClear, 2.5)
		c.arrowHead(xa, ya, xb, yb, 9, ColorClear)
	} else {
		c.outlineID(s.BlockerID, ColorBlocker, 3.5)
		if s.BlockPoint != nil {
			bp := geom.Flat(*s.BlockPoint)
			c.overlayLine(a, bp, ColorBlocked, 2.5)
			c.overlayLine(bp, b, withAlpha(ColorBlocked, 0xB0), 1.5, 6, 4)
		} else {
			c.overlayLine(a, b, ColorBlocked, 2.5)
		}
	}
	col := ColorClear
	if !s.Clear {
		col = ColorBlocked
	}
	dc.DrawCircle(xa, ya, 3.5)
	c.setColor(col)
	dc.Fill()
	dc.DrawCircle(xb, yb, 4)
	dc.SetLineWidth(1.5)
	dc.Stroke()

	text := s.Label
	ax, ay := (xa+xb)/2, (ya+yb)/2
	if !s.Clear && s.BlockPoint != nil {
		bx, by := c.px(geom.Flat(*s.BlockPoint))
		c.cross(bx, by, 6, ColorBlockMark)
		ax, ay = bx, by
		what := "blocked"
		if s.BlockerID != "" {
			what += " by " + s.BlockerID
		}
		what += " at z=" + num(s.BlockPoint.Z)
		if text != "" {
			text += ": "
		}
		text += what
	} else if text != "" {
		if s.Clear {
			text += ": clear"
		} else {
			text += ": blocked"
		}
	}
	if text != "" && !c.opt.NoLabels {
		c.lab.add(labelReq{text: text, face: c.f.bold, col: darker(col, 0.25), ax: ax, ay: ay, r: 7,
			prio: prioOverlay, leader: true, owner: -1})
	}
}

func (t Target) draw(c *canvas) {
	dc := c.dc
	for _, p := range t.Visible {
		dc.ClearPath()
		c.polyPath(p)
		c.setColor(withAlpha(ColorVisible, 0x73))
		dc.Fill()
	}
	c.haloID(t.ID, ColorVisible, 2.5)
	for _, h := range t.HiddenBy {
		c.outlineID(h.ID, ColorBlocker, 3)
		if x, y, r, ok := c.anchorOf(h.ID); ok && !c.opt.NoLabels {
			c.lab.add(labelReq{text: fmt.Sprintf("%s hides %s%%", h.ID, num(h.Fraction*100)), face: c.f.small,
				col: darker(ColorBlocker, 0.4), ax: x, ay: y, r: r + 2, prio: prioOverlay, leader: true, owner: -1})
		}
	}
	if x, y, r, ok := c.anchorOf(t.ID); ok && !c.opt.NoLabels {
		c.lab.add(labelReq{text: fmt.Sprintf("%s %s%% visible", t.ID, num(t.Fraction*100)), face: c.f.bold,
			col: darker(ColorVisible, 0.45), ax: x, ay: y, r: r + 2, prio: prioOverlay, leader: true, owner: -1})
	}
}

// targetHaloPx is how far outside a target model's footprint its outline
// runs, in pixels: clear of the model's own edge and of the 3 px highlight
// outline drawn over the models, so the mark shows on a highlighted target.
const targetHaloPx = 3

// haloID strokes the footprint of model id offset outward by targetHaloPx
// (a model without a footprint, drawn as a 5 px circle, gets a circle of
// 5 + targetHaloPx); a piece (or a model whose outline cannot be offset)
// is outlined on its footprint.
func (c *canvas) haloID(id string, col color.NRGBA, w float64) {
	m, ok := c.bf.Model(id)
	if !ok {
		c.outlineID(id, col, w)
		return
	}
	ring := c.shapeRing(m.Footprint())
	if len(ring) < 3 {
		x, y := c.px(m.Position)
		c.dc.ClearPath()
		c.dc.DrawCircle(x, y, 5+targetHaloPx)
		c.setColor(col)
		c.dc.SetLineWidth(w)
		c.dc.Stroke()
		return
	}
	off, err := geom.Offset(geom.PolygonFromPoints(ring...), targetHaloPx/c.l.PxPerInch, math.Max(0.25/c.l.PxPerInch, 1e-3))
	if err != nil {
		c.outlineID(id, col, w)
		return
	}
	c.dc.ClearPath()
	c.polyPath(off)
	c.setColor(col)
	c.dc.SetLineWidth(w)
	c.dc.Stroke()
}

func (p PathOverlay) draw(c *canvas) {
	dc := c.dc
	if len(p.Points) == 0 {
		return
	}
	var dash []float64
	if !p.Legal {
		dash = []float64{7, 4}
	}
	dc.SetDash(dash...)
	dc.SetLineWidth(2.5)
	c.setColor(ColorPath)
	for i, q := range p.Points {
		x, y := c.px(q)
		if i == 0 {
			dc.MoveTo(x, y)
		} else {
			dc.LineTo(x, y)
			x0, y0 := c.px(p.Points[i-1])
			c.lab.avoidLine(x0, y0, x, y)
		}
	}
	dc.Stroke()
	dc.SetDash()
	for _, q := range p.Points {
		x, y := c.px(q)
		dc.DrawCircle(x, y, 3)
	}
	dc.Fill()
	n := len(p.Points)
	if n >= 2 {
		x0, y0 := c.px(p.Points[n-2])
		x1, y1 := c.px(p.Points[n-1])
		c.arrowHead(x0, y0, x1, y1, 10, ColorPath)
	}
	if c.opt.NoLabels {
		for _, v := range p.Violations {
			x, y := c.px(v.At)
			c.cross(x, y, 6, ColorBlocked)
		}
		return
	}
	for i, lc := range p.LegCosts {
		if i+1 >= n {
			break
		}
		x0, y0 := c.px(p.Points[i])
		x1, y1 := c.px(p.Points[i+1])
		c.lab.add(labelReq{text: num(lc), face: c.f.small, col: ColorPath, ax: (x0 + x1) / 2, ay: (y0 + y1) / 2,
			r: 3, prio: prioOverlay, owner: -1})
	}
	if p.HasCost {
		text := "cost " + num(p.Cost) + " in"
		if p.ModelID != "" {
			text = p.ModelID + " " + text
		}
		if !p.Legal {
			text += " (illegal)"
		}
		x, y := c.px(p.Points[n-1])
		c.lab.add(labelReq{text: text, face: c.f.bold, col: ColorPath, ax: x, ay: y, r: 8,
			prio: prioOverlay, leader: true, owner: -1})
	}
	for _, v := range p.Violations {
		x, y := c.px(v.At)
		c.cross(x, y, 6, ColorBlocked)
		if v.Text != "" {
			c.lab.add(labelReq{text: v.Text, face: c.f.bold, col: ColorBlocked, ax: x, ay: y, r: 8,
				prio: prioOverlay, leader: true, owner: -1})
		}
	}
}

func (l Link) draw(c *canvas) {
	col := ColorClear
	var dash []float64
	switch {
	case l.Kind == LinkArc:
		col = ColorArc
	case l.Kind == LinkSeen:
		dash = []float64{5, 3}
	case l.Kind == LinkMeasure:
		col = ColorRing
		if !l.OK {
			dash = []float64{5, 3}
		}
	case !l.OK:
		col, dash = ColorBlocked, []float64{5, 3}
	}
	c.overlayLine(l.A, l.B, col, 2, dash...)
	if l.Label != "" && !c.opt.NoLabels {
		x0, y0 := c.px(l.A)
		x1, y1 := c.px(l.B)
		c.lab.add(labelReq{text: l.Label, face: c.f.small, col: darker(col, 0.2), ax: (x0 + x1) / 2, ay: (y0 + y1) / 2,
			r: 3, prio: prioOverlay, leader: true, owner: -1})
	}
}

func (t Template) draw(c *canvas) {
	dc := c.dc
	dc.ClearPath()
	var centre geom.Point
	var rad float64
	if t.Circle != nil {
		x, y := c.px(t.Circle.Center)
		rad = c.inches(t.Circle.Radius)
		dc.DrawCircle(x, y, rad)
		centre = t.Circle.Center
	} else {
		c.polyPath(t.Shape)
		centre = t.Shape.Centroid()
		b := t.Shape.Bound()
		rad = c.inches(math.Max(b.X.Length(), b.Y.Length()) / 2)
	}
	c.setColor(withAlpha(ColorTemplate, 0x4D))
	dc.FillPreserve()
	c.setColor(ColorTemplate)
	dc.SetLineWidth(2)
	dc.Stroke()
	for _, id := range t.Hit {
		c.outlineID(id, ColorTemplate, 2.5)
	}
	if t.Label != "" && !c.opt.NoLabels {
		x, y := c.px(centre)
		c.lab.add(labelReq{text: t.Label, face: c.f.bold, col: darker(ColorTemplate, 0.3), ax: x, ay: y, r: rad,
			prio: prioOverlay, leader: true, owner: -1})
	}
}

func (s Scatter) draw(c *canvas) {
	c.overlayLine(s.From, s.To, ColorTemplate, 2.5, 6, 3)
	x0, y0 := c.px(s.From)
	x1, y1 := c.px(s.To)
	c.arrowHead(x0, y0, x1, y1, 10, ColorTemplate)
	if s.Label != "" && !c.opt.NoLabels {
		c.lab.add(labelReq{text: s.Label, face: c.f.small, col: darker(ColorTemplate, 0.3), ax: (x0 + x1) / 2,
			ay: (y0 + y1) / 2, r: 3, prio: prioOverlay, leader: true, owner: -1})
	}
}

func (r Ring) draw(c *canvas) {
	dc := c.dc
	dc.ClearPath()
	top := geom.Pt(r.Center.X, r.Center.Y+r.Radius)
	drawn := false
	if m, ok := c.bf.Model(r.ModelID); ok {
		base := c.shapeRing(m.BaseShape())
		if len(base) >= 3 {
			off, err := geom.Offset(geom.PolygonFromPoints(base...), r.Radius, math.Max(0.25/c.l.PxPerInch, 1e-3))
			if err == nil {
				c.polyPath(off)
				b := off.Bound()
				top = geom.Pt(m.Position.X, b.Y.Hi)
				drawn = true
			}
		}
		if !drawn {
			r.Center = m.Position
			top = geom.Pt(r.Center.X, r.Center.Y+r.Radius)
		}
	}
	if !drawn {
		x, y := c.px(r.Center)
		dc.DrawCircle(x, y, c.inches(r.Radius))
	}
	c.clipTable()
	dc.SetDash(8, 4)
	dc.SetLineWidth(2)
	c.setColor(ColorRing)
	dc.Stroke()
	dc.SetDash()
	dc.ResetClip()
	if r.Label != "" && !c.opt.NoLabels {
		x, y := c.px(top)
		c.lab.add(labelReq{text: r.Label, face: c.f.bold, col: ColorRing, ax: x, ay: y, r: 3,
			prio: prioOverlay, leader: true, owner: -1})
	}
}

// clipTable restricts drawing to the table until ResetClip. It keeps the
// current path (gg's Clip would consume it), by installing a mask.
func (c *canvas) clipTable() {
	if c.mask == nil {
		c.mask = image.NewAlpha(c.img.Bounds())
		tr := c.l.TableRect
		for y := tr.Min.Y; y < tr.Max.Y; y++ {
			row := c.mask.Pix[c.mask.PixOffset(tr.Min.X, y):c.mask.PixOffset(tr.Max.X, y)]
			for i := range row {
				row[i] = 0xFF
			}
		}
	}
	_ = c.dc.SetMask(c.mask)
}

func (a ArcOverlay) draw(c *canvas) {
	centre := a.Center
	if m, ok := c.bf.Model(a.ModelID); ok {
		centre = m.Position
	}
	rad := a.Radius
	if rad == 0 {
		t := c.l.Table
		for _, q := range []geom.Point{{}, {X: t.Width}, {Y: t.Depth}, {X: t.Width, Y: t.Depth}} {
			rad = math.Max(rad, math.Hypot(q.X-centre.X, q.Y-centre.Y))
		}
	}
	if a.Arc.IsEmpty() || rad == 0 {
		return
	}
	dc := c.dc
	dc.ClearPath()
	cx, cy := c.px(centre)
	pr := c.inches(rad)
	if a.Arc.IsFull() {
		dc.DrawCircle(cx, cy, pr)
	} else {
		from := float64(a.Arc.From())
		length := float64(a.Arc.Length())
		steps := int(math.Ceil(length/(math.Pi/90))) + 1
		dc.MoveTo(cx, cy)
		for i := 0; i <= steps; i++ {
			th := from + length*float64(i)/float64(steps)
			dc.LineTo(cx+pr*math.Cos(th), cy-pr*math.Sin(th))
		}
		dc.ClosePath()
	}
	c.clipTable()
	c.setColor(withAlpha(ColorArc, 0x33))
	dc.FillPreserve()
	c.setColor(ColorArc)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	dc.ResetClip()
	if a.Label != "" && !c.opt.NoLabels {
		th := float64(a.Arc.Center())
		d := math.Min(pr*0.5, c.inches(4))
		c.lab.add(labelReq{text: a.Label, face: c.f.bold, col: darker(ColorArc, 0.4), ax: cx + d*math.Cos(th),
			ay: cy - d*math.Sin(th), r: 2, prio: prioOverlay, centered: true, leader: true, owner: -1})
	}
}
