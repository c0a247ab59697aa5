package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Scene is a top-down picture being composed: a battlefield, the options
// and the overlays added so far. Add is not safe for concurrent use; Render
// only reads the scene, which it never changes.
type Scene struct {
	bf       *terrain.Battlefield
	opt      Options
	layout   Layout
	overlays []Overlay
}

// NewScene returns an empty scene of bf, or an error when bf is nil or the
// options are unusable for its table.
func NewScene(bf *terrain.Battlefield, opt Options) (*Scene, error) {
	if bf == nil {
		return nil, fmt.Errorf("%w: nil battlefield", ErrInput)
	}
	l, err := TopDownLayout(bf.Table(), opt)
	if err != nil {
		return nil, err
	}
	return &Scene{bf: bf, opt: opt, layout: l}, nil
}

// Add appends overlays, drawn in the order added within their layer (areas
// such as arcs, rings, templates and visible parts under the models; lines
// and marks over them). An overlay with a non-finite or absurd value is
// rejected with an error naming its field, and none of o is added.
func (s *Scene) Add(o ...Overlay) error {
	for i, ov := range o {
		if ov == nil {
			return fmt.Errorf("%w: overlay %d is nil", ErrInput, i)
		}
		if err := ov.check(); err != nil {
			return err
		}
	}
	s.overlays = append(s.overlays, o...)
	return nil
}

// Layout returns where the scene puts the table in its image: the
// TopDownLayout of its table, made taller when the legend (terrain kinds
// present, squads, overlay kinds added) needs more room than the table.
func (s *Scene) Layout() Layout {
	l := s.layout
	if l.Legend.Empty() {
		return l
	}
	need := MarginTop + legendHeight(s.bf, contentLegend(s.bf, s.overlays)) + 8
	if need > l.Size.Y {
		l.Size.Y = need
		l.Legend.Max.Y = need - 8
	}
	return l
}

// Render draws the scene. The same scene always gives the same pixels.
func (s *Scene) Render() (image.Image, error) {
	l := s.Layout()
	if float64(l.Size.X)*float64(l.Size.Y) > MaxPixels {
		return nil, fmt.Errorf("%w: the picture would be %dx%d, more than %d pixels", ErrOptions, l.Size.X, l.Size.Y, MaxPixels)
	}
	c, err := newCanvas(s.bf, l, s.opt)
	if err != nil {
		return nil, err
	}
	c.legend = contentLegend(s.bf, s.overlays)
	c.drawTopDown(s.overlays)
	return c.img, nil
}

// TopDown draws the plan of bf with no overlays: table, grid, scale bar,
// terrain, buildings, models and their labels, and the legend.
func TopDown(bf *terrain.Battlefield, opt Options) (image.Image, error) {
	s, err := NewScene(bf, opt)
	if err != nil {
		return nil, err
	}
	return s.Render()
}

func (c *canvas) drawTopDown(ovs []Overlay) {
	dc := c.dc
	dc.SetColor(ColorBackground)
	dc.Clear()
	tr := c.l.TableRect
	fillRect(c.img, tr, ColorTable)
	if !c.opt.NoGrid {
		c.grid()
	}
	c.terrain()
	for _, o := range ofLayer(ovs, 0) {
		o.draw(c)
	}
	c.models()
	for _, o := range ofLayer(ovs, 1) {
		o.draw(c)
	}
	// Table border.
	dc.SetLineWidth(1)
	c.setColor(ColorInk)
	dc.DrawRectangle(float64(tr.Min.X)-0.5, float64(tr.Min.Y)-0.5, float64(tr.Dx())+1, float64(tr.Dy())+1)
	dc.Stroke()
	if !c.opt.NoLabels {
		c.lab.place(c)
	}
	c.scaleBar()
	if c.opt.Title != "" {
		c.text(c.opt.Title, c.f.title, MarginLeft, 8, ColorInk)
	}
	if !c.l.Legend.Empty() {
		c.drawLegend(false)
	}
}

// fillRect paints r with an opaque colour, directly (crisp edges).
func fillRect(img *image.RGBA, r image.Rectangle, col color.NRGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = col.R, col.G, col.B, 0xFF
		}
	}
}

// grid draws 1 in lines (when at least 4 px apart) and labelled 6 in lines,
// one pixel wide, straight into the image.
func (c *canvas) grid() {
	tr := c.l.TableRect
	ppi := c.l.PxPerInch
	t := c.l.Table
	for pass := 0; pass < 2; pass++ {
		for i := 0; float64(i) <= t.Width; i++ {
			major := i%6 == 0
			if (pass == 0) == major || (!major && ppi < 4) {
				continue
			}
			x := min(tr.Min.X+int(math.Round(float64(i)*ppi)), tr.Max.X-1)
			col := ColorGridMinor
			if major {
				col = ColorGridMajor
			}
			fillRect(c.img, image.Rect(x, tr.Min.Y, x+1, tr.Max.Y), col)
			if major {
				s := fmt.Sprint(i)
				w, _ := c.measure(s, c.f.small)
				c.text(s, c.f.small, float64(x)-w/2, float64(tr.Max.Y)+3, ColorInk)
			}
		}
		for j := 0; float64(j) <= t.Depth; j++ {
			major := j%6 == 0
			if (pass == 0) == major || (!major && ppi < 4) {
				continue
			}
			y := min(tr.Min.Y+int(math.Round((t.Depth-float64(j))*ppi)), tr.Max.Y-1)
			col := ColorGridMinor
			if major {
				col = ColorGridMajor
			}
			fillRect(c.img, image.Rect(tr.Min.X, y, tr.Max.X, y+1), col)
			if major {
				s := fmt.Sprint(j)
				w, h := c.measure(s, c.f.small)
				c.text(s, c.f.small, float64(tr.Min.X)-w-4, float64(y)-h/2, ColorInk)
			}
		}
	}
}

func (c *canvas) scaleBar() {
	sb := c.l.ScaleBar
	fillRect(c.img, sb, ColorInk)
	// White inner ticks every inch, leaving the outline whole.
	for i := 1; float64(i) < c.l.ScaleInches; i += 2 {
		x0 := sb.Min.X + int(math.Round(float64(i)*c.l.PxPerInch))
		x1 := sb.Min.X + int(math.Round(float64(i+1)*c.l.PxPerInch))
		fillRect(c.img, image.Rect(x0, sb.Min.Y+2, x1, sb.Max.Y-2), ColorBackground)
	}
	s := num(c.l.ScaleInches) + " in"
	_, h := c.measure(s, c.f.label)
	c.text(s, c.f.label, float64(sb.Max.X)+6, float64(sb.Min.Y)+3-h/2, ColorInk)
	note := "grid: 1 in, labelled every 6 in"
	if c.opt.NoGrid {
		note = ""
	}
	w, _ := c.measure(s, c.f.label)
	c.text(note, c.f.small, float64(sb.Max.X)+16+w, float64(sb.Min.Y)+3-h/2, ColorInk)
}

// pieceOrder returns piece indices in drawing order: flat zones first,
// then solid terrain and buildings by increasing height, then smoke and gas
// on top; ties keep input order.
func pieceOrder(ps []terrain.Piece) []int {
	rank := func(p *terrain.Piece) int {
		switch p.Kind {
		case terrain.Smoke, terrain.Gas:
			return 2
		case terrain.Solid, terrain.Building, terrain.Occupied:
			return 1
		}
		return 0
	}
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		pa, pb := &ps[idx[a]], &ps[idx[b]]
		if ra, rb := rank(pa), rank(pb); ra != rb {
			return ra < rb
		}
		return pa.Height < pb.Height
	})
	return idx
}

func (c *canvas) terrain() {
	ps := c.bf.Pieces()
	for _, i := range pieceOrder(ps) {
		p := &ps[i]
		st := styleOf(p)
		dc := c.dc
		dc.ClearPath()
		c.polyPath(p.Footprint)
		c.setColor(TerrainColor(p))
		dc.FillPreserve()
		edge := darker(st.c, 0.4)
		w := 1.0
		if p.Kind == terrain.Building {
			edge, w = ColorWall, math.Max(1.5, c.inches(0.08))
		}
		if c.opt.highlighted(p.ID) {
			edge, w = ColorHighlight, 3
		}
		if st.dashed {
			dc.SetDash(5, 3)
		}
		c.setColor(edge)
		dc.SetLineWidth(w)
		dc.Stroke()
		dc.SetDash()
		if p.Building != nil {
			c.building(p)
		}
		if !c.opt.NoPieceLabels {
			text := p.ID
			if p.Height > 0 && !math.IsInf(p.Height, 0) {
				text += " " + num(p.Height) + "in"
			}
			x, y := c.px(p.Footprint.Centroid())
			c.lab.add(labelReq{text: text, face: c.f.small, col: darker(st.c, 0.65), ax: x, ay: y,
				r: 2, prio: prioPiece, centered: true, owner: -1})
		}
	}
}

// building draws named walls, windows (small squares) and entrances (a
// gap in the wall and an arrow pointing in).
func (c *canvas) building(p *terrain.Piece) {
	dc := c.dc
	ww := math.Max(3, c.inches(0.15))
	for wi := range p.Building.Walls {
		w := &p.Building.Walls[wi]
		c.line(w.From, w.To, ColorWall, ww)
		seg := w.Segment()
		l := seg.Length()
		if l == 0 {
			continue
		}
		dir := geom.Pt((seg.B.X-seg.A.X)/l, (seg.B.Y-seg.A.Y)/l)
		// Inward normal: the side of the wall the footprint is on.
		n := geom.Pt(-dir.Y, dir.X)
		mid := seg.At(0.5)
		if !p.Footprint.Contains(geom.Pt(mid.X+n.X*0.05, mid.Y+n.Y*0.05)) {
			n = geom.Pt(-n.X, -n.Y)
		}
		for _, e := range w.Entrances {
			half := math.Min(0.4, l/2)
			a := geom.Pt(e.X-dir.X*half, e.Y-dir.Y*half)
			b := geom.Pt(e.X+dir.X*half, e.Y+dir.Y*half)
			c.line(a, b, ColorTable, ww+2)
			out := geom.Pt(e.X-n.X*0.7, e.Y-n.Y*0.7)
			in := geom.Pt(e.X+n.X*0.35, e.Y+n.Y*0.35)
			c.line(out, in, ColorInk, 1.5)
			x0, y0 := c.px(out)
			x1, y1 := c.px(in)
			c.arrowHead(x0, y0, x1, y1, math.Max(6, c.inches(0.3)), ColorInk)
		}
		for _, win := range w.Windows {
			x, y := c.px(geom.Flat(win))
			s := math.Max(5, c.inches(0.3))
			dc.DrawRectangle(x-s/2, y-s/2, s, s)
			c.setColor(ColorWindow)
			dc.FillPreserve()
			c.setColor(ColorWall)
			dc.SetLineWidth(1)
			dc.Stroke()
		}
	}
}

// models draws every model: figures' bases, hull rectangle, facing arrow,
// in its squad's colour; airborne models last with a dashed stand.
func (c *canvas) models() {
	ms := c.bf.Models()
	c.lab.obstacles = make([]fbox, len(ms))
	for i := range ms {
		m := &ms[i]
		r := m.Footprint().Bound()
		for _, f := range m.FigureShapes() {
			r = r.Union(f.Bound())
		}
		x0, y0 := c.px(geom.Pt(r.X.Lo, r.Y.Hi))
		x1, y1 := c.px(geom.Pt(r.X.Hi, r.Y.Lo))
		c.lab.obstacles[i] = fbox{x0 - 1, y0 - 1, x1 + 1, y1 + 1}
	}
	for pass := 0; pass < 2; pass++ {
		for i := range ms {
			m := &ms[i]
			if m.Airborne() != (pass == 1) {
				continue
			}
			c.model(i, m)
		}
	}
}

func (c *canvas) model(i int, m *terrain.Model) {
	dc := c.dc
	col := SquadColor(c.bf, m.Squad)
	edge := darker(col, 0.5)
	air := m.Airborne()
	fillA := uint8(0xE6)
	if air {
		fillA = 0x80
	}
	for _, f := range m.FigureShapes() {
		dc.ClearPath()
		if c.shapePath(f) {
			c.setColor(withAlpha(col, fillA))
			dc.FillPreserve()
			if air {
				dc.SetDash(4, 3)
			}
			c.setColor(edge)
			dc.SetLineWidth(1.2)
			dc.Stroke()
			dc.SetDash()
		} else {
			x, y := c.px(geom.Point{X: f.Bound().X.Center(), Y: f.Bound().Y.Center()})
			dc.DrawCircle(x, y, 3)
			c.setColor(col)
			dc.FillPreserve()
			c.setColor(edge)
			dc.SetLineWidth(1)
			dc.Stroke()
		}
	}
	if hr, ok := m.HullRect(); ok {
		dc.ClearPath()
		c.ringPath(c.shapeRing(hr))
		c.setColor(withAlpha(darker(col, 0.15), fillA))
		dc.FillPreserve()
		c.setColor(edge)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	}
	if c.opt.highlighted(m.ID) {
		c.outlineID(m.ID, ColorHighlight, 3)
	}
	// Facing arrow from the centre to just beyond the footprint's front.
	fr := m.Footprint().Support(m.Pose().Forward())
	reach := math.Hypot(fr.X-m.Position.X, fr.Y-m.Position.Y)
	fw := m.Pose().Forward()
	tip := geom.Pt(m.Position.X+fw.X*(reach+0.35), m.Position.Y+fw.Y*(reach+0.35))
	x0, y0 := c.px(m.Position)
	x1, y1 := c.px(tip)
	if math.Hypot(x1-x0, y1-y0) < 9 {
		x1, y1 = x0+fw.X*9, y0-fw.Y*9
	}
	dc.SetLineWidth(1.8)
	c.setColor(darker(col, 0.65))
	dc.DrawLine(x0, y0, x1, y1)
	dc.Stroke()
	c.arrowHead(x0, y0, x1, y1, 6, darker(col, 0.65))
	if !c.opt.NoLabels {
		text := m.ID
		if air {
			text += " alt " + num(m.Altitude)
		} else if g := m.Ground(); g > 0 {
			// Elevated: on a hill's top, a roof or an upper floor.
			text += " +" + num(g) + "in"
		}
		ob := c.lab.obstacles[i]
		r := math.Max(ob.x1-ob.x0, ob.y1-ob.y0) / 2
		c.lab.add(labelReq{text: text, face: c.f.label, col: ColorInk, ax: (ob.x0 + ob.x1) / 2, ay: (ob.y0 + ob.y1) / 2,
			r: r, prio: prioModel, leader: true, owner: i})
	}
}
