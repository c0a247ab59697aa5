package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/sightline/sightline/terrain"
)

// legendSet records what a picture contains, so the legend lists only that.
type legendSet struct {
	kinds    uint32 // bit kindBit(k) per terrain kind drawn
	building bool   // windows or entrances drawn
	overlays uint32 // bit lg* per overlay kind drawn
}

func (s *legendSet) mark(bit int) { s.overlays |= 1 << bit }

func kindBit(k terrain.Kind) int {
	for i, o := range kindOrder {
		if o == k {
			return i
		}
	}
	return 1 // unknown kinds are drawn as solid
}

// legendHeight returns the pixel height the legend needs for the given
// content.
func legendHeight(bf *terrain.Battlefield, set legendSet) int {
	c := &canvas{bf: bf, legend: set}
	return int(math.Ceil(c.drawLegend(true)))
}

// legendPen writes legend entries top to bottom into the panel starting
// at (x, y): it stops with "…" when the next entry would pass bottom, and
// with dry set it draws nothing and only measures.
type legendPen struct {
	c         *canvas
	x, y      float64
	bottom    float64
	dry, full bool
}

// legendStep is the height of one legend line, in pixels.
const legendStep = 16.0

// room reports whether an entry h pixels high fits (when measuring it
// only counts h).
func (p *legendPen) room(h float64) bool {
	if p.dry {
		p.y += h
		return false
	}
	if p.full {
		return false
	}
	if p.y+h > p.bottom {
		p.c.text("…", p.c.f.label, p.x, p.y-legendStep+2, ColorInk)
		p.full = true
		return false
	}
	return true
}

// heading writes a section title.
func (p *legendPen) heading(s string) {
	if !p.room(2 * legendStep) {
		if p.dry {
			p.y += 4 - legendStep
		}
		return
	}
	p.y += 4
	p.c.text(s, p.c.f.bold, p.x, p.y, ColorInk)
	p.y += legendStep
}

// swatch writes a filled box and its label.
func (p *legendPen) swatch(fill, edge color.NRGBA, label string) {
	if !p.room(legendStep) {
		return
	}
	c := p.c
	c.dc.DrawRectangle(p.x+0.5, p.y+2.5, 18, 10)
	c.setColor(fill)
	c.dc.FillPreserve()
	c.setColor(edge)
	c.dc.SetLineWidth(1)
	c.dc.Stroke()
	c.text(label, c.f.small, p.x+26, p.y+1, ColorInk)
	p.y += legendStep
}

// line writes a line sample (dashed or solid) and its label.
func (p *legendPen) line(col color.NRGBA, dashed bool, label string) {
	if !p.room(legendStep) {
		return
	}
	c := p.c
	if dashed {
		c.dc.SetDash(4, 3)
	}
	c.dc.SetLineWidth(2.5)
	c.setColor(col)
	c.dc.DrawLine(p.x, p.y+7.5, p.x+18, p.y+7.5)
	c.dc.Stroke()
	c.dc.SetDash()
	c.text(label, c.f.small, p.x+26, p.y+1, ColorInk)
	p.y += legendStep
}

// mark writes a symbol drawn by draw around (cx, cy) and its label.
func (p *legendPen) mark(draw func(cx, cy float64), label string) {
	if !p.room(legendStep) {
		return
	}
	draw(p.x+9, p.y+7.5)
	p.c.text(label, p.c.f.small, p.x+26, p.y+1, ColorInk)
	p.y += legendStep
}

// drawLegend fills the legend panel top to bottom, stopping with "…" when
// the panel is full, and returns the height used. With dry set it draws
// nothing and never stops: it only measures.
func (c *canvas) drawLegend(dry bool) float64 {
	p := &legendPen{c: c, dry: dry}
	if !dry {
		r := c.l.Legend
		p.x, p.y, p.bottom = float64(r.Min.X), float64(r.Min.Y), float64(r.Max.Y)
	}
	y0 := p.y
	c.terrainLegend(p)
	if sq := c.bf.Squads(); len(sq) > 0 {
		p.heading("Squads")
		for _, s := range sq {
			col := SquadColor(c.bf, s)
			p.swatch(col, darker(col, 0.5), s)
		}
	}
	c.overlayLegend(p)
	return p.y - y0
}

// terrainLegend writes the terrain kinds drawn, the height shades and the
// building symbols.
func (c *canvas) terrainLegend(p *legendPen) {
	p.heading("Terrain")
	for i, k := range kindOrder {
		if c.legend.kinds&(1<<i) == 0 {
			continue
		}
		st := kindStyles[k]
		p.swatch(shade(st.c, st.alpha, 0), darker(st.c, 0.4), st.name)
	}
	if c.legend.kinds != 0 {
		if p.room(legendStep) {
			c.text("shade by height (in):", c.f.small, p.x, p.y+1, ColorInk)
			p.y += legendStep
		}
		if p.room(legendStep) {
			b := kindStyles[terrain.Building]
			for i := 0; i < 5; i++ {
				sx := p.x + float64(i)*38
				c.dc.DrawRectangle(sx, p.y+2, 14, 10)
				c.setColor(shade(b.c, 0xFF, float64(2*i)))
				c.dc.Fill()
				lbl := fmt.Sprint(2 * i)
				if i == 4 {
					lbl += "+"
				}
				c.text(lbl, c.f.small, sx+17, p.y+1, ColorInk)
			}
			p.y += legendStep
		}
	}
	if !c.legend.building {
		return
	}
	p.line(ColorWall, false, "building wall")
	p.mark(func(cx, cy float64) {
		c.dc.DrawRectangle(cx-3, cy-3, 6, 6)
		c.setColor(ColorWindow)
		c.dc.FillPreserve()
		c.setColor(ColorWall)
		c.dc.SetLineWidth(1)
		c.dc.Stroke()
	}, "window")
	p.mark(func(cx, cy float64) {
		c.dc.SetLineWidth(1.5)
		c.setColor(ColorInk)
		c.dc.DrawLine(cx-8, cy, cx+4, cy)
		c.dc.Stroke()
		c.arrowHead(cx-8, cy, cx+6, cy, 6, ColorInk)
	}, "entrance (gap, arrow in)")
}

// overlayLegend writes one entry for each kind of overlay drawn, named for
// what it shows.
func (c *canvas) overlayLegend(p *legendPen) {
	if c.legend.overlays == 0 {
		return
	}
	p.heading("Overlays")
	has := func(b int) bool { return c.legend.overlays&(1<<b) != 0 }
	lines := []struct {
		bit    int
		col    color.NRGBA
		dashed bool
		label  string
	}{
		{lgClear, ColorClear, false, "sightline clear"},
		{lgBlocked, ColorBlocked, false, "sightline blocked"},
	}
	for _, l := range lines {
		if has(l.bit) {
			p.line(l.col, l.dashed, l.label)
		}
	}
	if has(lgBlocked) {
		p.mark(func(cx, cy float64) { c.cross(cx, cy, 4, ColorBlockMark) }, "blocking point")
		p.line(ColorBlocker, false, "blocker outline")
	}
	if has(lgVisible) {
		p.swatch(withAlpha(ColorVisible, 0x73), ColorVisible, "visible part of target")
	}
	if has(lgHidden) {
		p.line(ColorBlocker, false, "hides part of the target (share)")
	}
	if has(lgPath) {
		p.line(ColorPath, false, "move path (dashed: illegal)")
	}
	if has(lgViolation) {
		p.mark(func(cx, cy float64) { c.cross(cx, cy, 4, ColorBlocked) }, "rule violation")
	}
	for _, l := range []struct {
		bit    int
		col    color.NRGBA
		dashed bool
		label  string
	}{
		{lgLinkOK, ColorClear, false, "coherency kept"},
		{lgLinkBroken, ColorBlocked, true, "coherency broken"},
		{lgLinkArc, ColorArc, false, "direction the arc is judged in"},
		{lgLinkSeen, ColorClear, true, "where the mover is first seen"},
		{lgLinkMeasure, ColorRing, false, "distance measured"},
	} {
		if has(l.bit) {
			p.line(l.col, l.dashed, l.label)
		}
	}
	if has(lgArc) {
		p.swatch(withAlpha(ColorArc, 0x40), ColorArc, "fire arc")
	}
	if has(lgRing) {
		p.line(ColorRing, true, "range ring")
	}
	if has(lgTemplate) {
		p.swatch(withAlpha(ColorTemplate, 0x4D), ColorTemplate, "template, scatter")
	}
}

// contentLegend returns what the legend of a picture of bf with the given
// overlays lists.
func contentLegend(bf *terrain.Battlefield, ovs []Overlay) legendSet {
	var set legendSet
	ps := bf.Pieces()
	for i := range ps {
		set.kinds |= 1 << kindBit(styleKey(&ps[i]))
		if b := ps[i].Building; b != nil {
			for _, w := range b.Walls {
				if len(w.Windows)+len(w.Entrances) > 0 {
					set.building = true
				}
			}
		}
	}
	for _, o := range ovs {
		o.marks(&set)
	}
	return set
}
