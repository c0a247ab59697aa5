package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/sightline/sightline/terrain"
)

// Overlay kinds listed in the legend, in this order.
const (
	lgClear = iota
	lgBlocked
	lgVisible
	lgHidden
	lgPath
	lgViolation
	lgLinkOK
	lgLinkBroken
	lgLinkArc
	lgLinkSeen
	lgArc
	lgRing
	lgTemplate
	lgCount
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

// drawLegend fills the legend panel top to bottom, stopping with "…" when
// the panel is full, and returns the height used. With dry set it draws
// nothing and never stops: it only measures.
func (c *canvas) drawLegend(dry bool) float64 {
	var x, y, bottom float64
	if !dry {
		r := c.l.Legend
		x, y, bottom = float64(r.Min.X), float64(r.Min.Y), float64(r.Max.Y)
	}
	y0 := y
	const step = 16.0
	full := false
	room := func(h float64) bool {
		if dry {
			y += h
			return false
		}
		if full {
			return false
		}
		if y+h > bottom {
			c.text("…", c.f.label, x, y-step+2, ColorInk)
			full = true
			return false
		}
		return true
	}
	heading := func(s string) {
		if !room(2 * step) {
			if dry {
				y += 4 - 2*step + step
			}
			return
		}
		y += 4
		c.text(s, c.f.bold, x, y, ColorInk)
		y += step
	}
	swatch := func(fill, edge color.NRGBA, label string) {
		if !room(step) {
			return
		}
		c.dc.DrawRectangle(x+0.5, y+2.5, 18, 10)
		c.setColor(fill)
		c.dc.FillPreserve()
		c.setColor(edge)
		c.dc.SetLineWidth(1)
		c.dc.Stroke()
		c.text(label, c.f.small, x+26, y+1, ColorInk)
		y += step
	}
	lineEntry := func(col color.NRGBA, dashed bool, label string) {
		if !room(step) {
			return
		}
		if dashed {
			c.dc.SetDash(4, 3)
		}
		c.dc.SetLineWidth(2.5)
		c.setColor(col)
		c.dc.DrawLine(x, y+7.5, x+18, y+7.5)
		c.dc.Stroke()
		c.dc.SetDash()
		c.text(label, c.f.small, x+26, y+1, ColorInk)
		y += step
	}
	markEntry := func(draw func(cx, cy float64), label string) {
		if !room(step) {
			return
		}
		draw(x+9, y+7.5)
		c.text(label, c.f.small, x+26, y+1, ColorInk)
		y += step
	}

	heading("Terrain")
	for i, k := range kindOrder {
		if c.legend.kinds&(1<<i) == 0 {
			continue
		}
		st := kindStyles[k]
		swatch(shade(st.c, st.alpha, 0), darker(st.c, 0.4), st.name)
	}
	if c.legend.kinds != 0 {
		if room(step) {
			c.text("shade by height (in):", c.f.small, x, y+1, ColorInk)
			y += step
		}
		if room(step) {
			b := kindStyles[terrain.Building]
			for i := 0; i < 5; i++ {
				sx := x + float64(i)*38
				c.dc.DrawRectangle(sx, y+2, 14, 10)
				c.setColor(shade(b.c, 0xFF, float64(2*i)))
				c.dc.Fill()
				lbl := fmt.Sprint(2 * i)
				if i == 4 {
					lbl += "+"
				}
				c.text(lbl, c.f.small, sx+17, y+1, ColorInk)
			}
			y += step
		}
	}
	if c.legend.building {
		lineEntry(ColorWall, false, "building wall")
		markEntry(func(cx, cy float64) {
			c.dc.DrawRectangle(cx-3, cy-3, 6, 6)
			c.setColor(ColorWindow)
			c.dc.FillPreserve()
			c.setColor(ColorWall)
			c.dc.SetLineWidth(1)
			c.dc.Stroke()
		}, "window")
		markEntry(func(cx, cy float64) {
			c.dc.SetLineWidth(1.5)
			c.setColor(ColorInk)
			c.dc.DrawLine(cx-8, cy, cx+4, cy)
			c.dc.Stroke()
			c.arrowHead(cx-8, cy, cx+6, cy, 6, ColorInk)
		}, "entrance (gap, arrow in)")
	}

	if sq := c.bf.Squads(); len(sq) > 0 {
		heading("Squads")
		for _, s := range sq {
			col := SquadColor(c.bf, s)
			swatch(col, darker(col, 0.5), s)
		}
	}

	if c.legend.overlays != 0 {
		heading("Overlays")
	}
	has := func(b int) bool { return c.legend.overlays&(1<<b) != 0 }
	if has(lgClear) {
		lineEntry(ColorClear, false, "sightline clear")
	}
	if has(lgBlocked) {
		lineEntry(ColorBlocked, false, "sightline blocked")
		markEntry(func(cx, cy float64) { c.cross(cx, cy, 4, ColorBlockMark) }, "blocking point")
		lineEntry(ColorBlocker, false, "blocker outline")
	}
	if has(lgVisible) {
		swatch(withAlpha(ColorVisible, 0x73), ColorVisible, "visible part of target")
	}
	if has(lgHidden) {
		lineEntry(ColorBlocker, false, "hides part of the target (share)")
	}
	if has(lgPath) {
		lineEntry(ColorPath, false, "move path (dashed: illegal)")
	}
	if has(lgViolation) {
		markEntry(func(cx, cy float64) { c.cross(cx, cy, 4, ColorBlocked) }, "rule violation")
	}
	if has(lgLinkOK) {
		lineEntry(ColorClear, false, "coherency kept")
	}
	if has(lgLinkBroken) {
		lineEntry(ColorBlocked, true, "coherency broken")
	}
	if has(lgLinkArc) {
		lineEntry(ColorArc, false, "direction the arc is judged in")
	}
	if has(lgLinkSeen) {
		lineEntry(ColorClear, true, "where the mover is first seen")
	}
	if has(lgArc) {
		swatch(withAlpha(ColorArc, 0x40), ColorArc, "fire arc")
	}
	if has(lgRing) {
		lineEntry(ColorRing, true, "range ring")
	}
	if has(lgTemplate) {
		swatch(withAlpha(ColorTemplate, 0x4D), ColorTemplate, "template, scatter")
	}
	return y - y0
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
