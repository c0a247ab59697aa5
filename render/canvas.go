package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// canvas is one picture being drawn: the gg context over an RGBA image, the
// layout mapping table inches to pixels, the faces and the label placer.
type canvas struct {
	img *image.RGBA
	dc  *gg.Context
	l   Layout
	f   *faces
	bf  *terrain.Battlefield
	opt Options
	lab labeler
	// legend records which overlay kinds were drawn, for the legend panel.
	legend legendSet
	mask   *image.Alpha // the table, for clipping overlays (built on first use)
}

func newCanvas(bf *terrain.Battlefield, l Layout, opt Options) (*canvas, error) {
	f, err := newFaces()
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, l.Size.X, l.Size.Y))
	dc := gg.NewContextForRGBA(img)
	c := &canvas{img: img, dc: dc, l: l, f: f, bf: bf, opt: opt}
	c.lab.bounds = fbox{0, 0, float64(l.Size.X), float64(l.Size.Y)}
	if !l.Legend.Empty() {
		c.lab.bounds.x1 = float64(l.Legend.Min.X - 4)
	}
	return c, nil
}

func (c *canvas) px(p geom.Point) (float64, float64) { return c.l.ToPixel(p) }

// inches returns a length in inches as pixels.
func (c *canvas) inches(v float64) float64 { return v * c.l.PxPerInch }

func (c *canvas) setColor(col color.NRGBA) { c.dc.SetColor(col) }

// ringPath adds a closed ring as a sub-path.
func (c *canvas) ringPath(r []geom.Point) {
	if len(r) == 0 {
		return
	}
	c.dc.NewSubPath()
	for i, p := range r {
		x, y := c.px(p)
		if i == 0 {
			c.dc.MoveTo(x, y)
		} else {
			c.dc.LineTo(x, y)
		}
	}
	c.dc.ClosePath()
}

// polyPath adds a polygon with its holes (filled even-odd).
func (c *canvas) polyPath(p geom.Polygon) {
	c.dc.SetFillRule(gg.FillRuleEvenOdd)
	c.ringPath(p.Outer)
	for _, h := range p.Holes {
		c.ringPath(h)
	}
}

// shapeRing returns a convex shape's outline as a ring fine enough for the
// current resolution (chord error a quarter pixel).
func (c *canvas) shapeRing(s geom.Convex) []geom.Point {
	tol := math.Max(0.25/c.l.PxPerInch, 1e-3)
	return shapeRing(s, tol)
}

func shapeRing(s geom.Convex, tol float64) []geom.Point {
	switch v := s.(type) {
	case geom.Circle:
		if v.Radius <= 0 {
			return nil
		}
		return v.Polygon(tol)
	case geom.Ellipse:
		if v.A <= 0 || v.B <= 0 {
			return nil
		}
		return v.Polygon(tol)
	case geom.OrientedRect:
		r := v.Corners()
		return r[:]
	case geom.ConvexPolygon:
		return []geom.Point(v)
	}
	return nil
}

// shapePath adds a convex shape's outline; it reports false for a shape
// with no area (a point), which the caller draws as a dot.
func (c *canvas) shapePath(s geom.Convex) bool {
	r := c.shapeRing(s)
	if len(r) < 3 {
		return false
	}
	c.ringPath(r)
	return true
}

// overlayLine is line for an overlay: labels keep off it where they can.
func (c *canvas) overlayLine(a, b geom.Point, col color.NRGBA, w float64, dash ...float64) {
	c.line(a, b, col, w, dash...)
	x0, y0 := c.px(a)
	x1, y1 := c.px(b)
	c.lab.avoidLine(x0, y0, x1, y1)
}

func (c *canvas) line(a, b geom.Point, col color.NRGBA, w float64, dash ...float64) {
	x0, y0 := c.px(a)
	x1, y1 := c.px(b)
	c.dc.SetDash(dash...)
	c.dc.SetLineWidth(w)
	c.setColor(col)
	c.dc.DrawLine(x0, y0, x1, y1)
	c.dc.Stroke()
	c.dc.SetDash()
}

// arrowHead draws a filled arrowhead at pixel (x1, y1) pointing away from
// (x0, y0).
func (c *canvas) arrowHead(x0, y0, x1, y1, size float64, col color.NRGBA) {
	dx, dy := x1-x0, y1-y0
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	dx, dy = dx/n, dy/n
	bx, by := x1-dx*size, y1-dy*size
	c.setColor(col)
	c.dc.NewSubPath()
	c.dc.MoveTo(x1, y1)
	c.dc.LineTo(bx-dy*size*0.5, by+dx*size*0.5)
	c.dc.LineTo(bx+dy*size*0.5, by-dx*size*0.5)
	c.dc.ClosePath()
	c.dc.Fill()
}

// cross draws an X of half-size s at pixel (x, y) with a white halo.
func (c *canvas) cross(x, y, s float64, col color.NRGBA) {
	for pass := 0; pass < 2; pass++ {
		if pass == 0 {
			c.dc.SetRGBA255(255, 255, 255, 230)
			c.dc.SetLineWidth(6)
		} else {
			c.setColor(col)
			c.dc.SetLineWidth(2.5)
		}
		c.dc.DrawLine(x-s, y-s, x+s, y+s)
		c.dc.DrawLine(x-s, y+s, x+s, y-s)
		c.dc.Stroke()
	}
}

// text draws s with its top-left corner at pixel (x, y).
func (c *canvas) text(s string, face font.Face, x, y float64, col color.NRGBA) {
	c.dc.SetFontFace(face)
	c.setColor(col)
	c.dc.DrawStringAnchored(s, x, y, 0, 0.8)
}

func (c *canvas) measure(s string, face font.Face) (w, h float64) {
	c.dc.SetFontFace(face)
	w, _ = c.dc.MeasureString(s)
	return w, float64(face.Metrics().Height.Round())
}

// outlineID strokes the footprint of the piece or model named id, reporting
// whether it exists.
func (c *canvas) outlineID(id string, col color.NRGBA, w float64) bool {
	if id == "" {
		return false
	}
	if p, ok := c.bf.Piece(id); ok {
		c.dc.ClearPath()
		c.polyPath(p.Footprint)
		c.setColor(col)
		c.dc.SetLineWidth(w)
		c.dc.Stroke()
		return true
	}
	if m, ok := c.bf.Model(id); ok {
		c.dc.ClearPath()
		if !c.shapePath(m.Footprint()) {
			x, y := c.px(m.Position)
			c.dc.DrawCircle(x, y, 5)
		}
		c.setColor(col)
		c.dc.SetLineWidth(w)
		c.dc.Stroke()
		return true
	}
	return false
}

// anchorOf returns the pixel centre and pixel radius of an id's footprint,
// for labels.
func (c *canvas) anchorOf(id string) (x, y, r float64, ok bool) {
	if m, found := c.bf.Model(id); found {
		x, y = c.px(m.Position)
		return x, y, c.radiusOf(m.Footprint().Bound()), true
	}
	if p, found := c.bf.Piece(id); found {
		x, y = c.px(p.Footprint.Centroid())
		return x, y, c.radiusOf(p.Footprint.Bound()), true
	}
	return 0, 0, 0, false
}

func (c *canvas) radiusOf(r geom.Rect) float64 {
	return math.Max(c.inches(math.Max(r.X.Length(), r.Y.Length())/2), 3)
}

// num formats a measurement with at most two decimals.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// num1 formats a coordinate with at most one decimal, for titles.
func num1(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// ofLayer returns the overlays of one layer in the order they were added.
func ofLayer(ovs []Overlay, layer int) []Overlay {
	var out []Overlay
	for _, o := range ovs {
		if o.layer() == layer {
			out = append(out, o)
		}
	}
	return out
}
