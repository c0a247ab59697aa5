package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Heat is a field of values over the table drawn by HeatMap: NX × NY
// cells of side Res from (X0, Y0), Values[j*NX+i] the value of cell (i,
// j); a NaN value (a cell without one, such as where a model cannot stand)
// is drawn grey. Values run from 0 (drawn clear) to Max (deepest red).
type Heat struct {
	X0, Y0, Res float64
	NX, NY      int
	Values      []float64
	Max         float64
	// Title names the measure in the legend ("observers seeing the model").
	Title string
	// Marks are the ids of the models ringed (the observers).
	Marks []string
}

// heatLegend is the height in pixels of the legend strip under the table.
const heatLegend = 56

// HeatMap draws the top-down picture of bf (see TopDown) with h laid over
// the table half-transparently, the marked models ringed, and a legend
// strip under it: the colour scale from 0 to Max with the title.
func HeatMap(bf *terrain.Battlefield, h Heat, opt Options) (image.Image, error) {
	if h.NX < 0 || h.NY < 0 || len(h.Values) != h.NX*h.NY || !(h.Res > 0) || !finite(h.X0) || !finite(h.Y0) {
		return nil, fmt.Errorf("%w: heat of %d x %d cells of %g in with %d values", ErrInput, h.NX, h.NY, h.Res, len(h.Values))
	}
	s, err := NewScene(bf, opt)
	if err != nil {
		return nil, err
	}
	base, err := s.Render()
	if err != nil {
		return nil, err
	}
	l := s.Layout()
	b := base.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()+heatLegend))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(img, b, base, b.Min, draw.Src)
	for j := range h.NY {
		for i := range h.NX {
			x0, y0 := h.X0+float64(i)*h.Res, h.Y0+float64(j)*h.Res
			p0 := l.PixelAt(geom.Pt(x0, y0+h.Res))
			p1 := l.PixelAt(geom.Pt(x0+h.Res, y0))
			r := image.Rect(p0.X, p0.Y, p1.X, p1.Y).Intersect(l.TableRect)
			blend(img, r, heatColour(h.Values[j*h.NX+i], h.Max))
		}
	}
	dc := gg.NewContextForRGBA(img)
	for _, id := range h.Marks {
		m, ok := bf.Model(id)
		if !ok {
			continue
		}
		x, y := l.ToPixel(m.Position)
		dc.SetColor(color.NRGBA{0, 90, 220, 255})
		dc.SetLineWidth(2.5)
		dc.DrawCircle(x, y, max(6, 0.6*l.PxPerInch))
		dc.Stroke()
	}
	return img, heatLegendStrip(dc, h, b.Dy())
}

// heatLegendStrip draws the colour scale and the title below y.
func heatLegendStrip(dc *gg.Context, h Heat, y int) error {
	f, err := newFaces()
	if err != nil {
		return err
	}
	dc.SetFontFace(f.label)
	x0, w, top := 16.0, 240.0, float64(y)+10
	for k := 0; k < int(w); k++ {
		dc.SetColor(heatColour(float64(k)/w*h.Max, h.Max))
		dc.DrawRectangle(x0+float64(k), top, 1, 14)
		dc.Fill()
	}
	dc.SetColor(heatColour(math.NaN(), h.Max))
	dc.DrawRectangle(x0+w+20, top, 14, 14)
	dc.Fill()
	dc.SetColor(color.Black)
	dc.DrawString("0", x0, top+28)
	dc.DrawStringAnchored(num(h.Max), x0+w, top+28, 1, 0)
	dc.DrawString("cannot stand", x0+w+40, top+12)
	dc.DrawString(h.Title+"  (blue rings: observers)", x0, top+44)
	return nil
}

// heatColour is the colour of value v on the scale [0, hi]: clear at 0,
// yellow to red above; grey for NaN.
func heatColour(v, hi float64) color.NRGBA {
	if math.IsNaN(v) {
		return color.NRGBA{90, 90, 90, 150}
	}
	t := 0.0
	if hi > 0 {
		t = min(max(v/hi, 0), 1)
	}
	if t == 0 {
		return color.NRGBA{40, 170, 80, 70}
	}
	return color.NRGBA{255, uint8(220 * (1 - t)), 0, uint8(90 + 80*t)}
}

// blend lays col over img inside r (source-over).
func blend(img *image.RGBA, r image.Rectangle, col color.NRGBA) {
	a := uint32(col.A)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			k := img.PixOffset(x, y)
			p := img.Pix[k : k+3 : k+3]
			p[0] = uint8((uint32(p[0])*(255-a) + uint32(col.R)*a) / 255)
			p[1] = uint8((uint32(p[1])*(255-a) + uint32(col.G)*a) / 255)
			p[2] = uint8((uint32(p[2])*(255-a) + uint32(col.B)*a) / 255)
		}
	}
}
