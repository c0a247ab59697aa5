package render

import (
	"fmt"
	"image"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Fixed margins of the top-down picture, in pixels. They do not scale with
// the resolution: they hold text of a fixed size.
const (
	MarginLeft   = 44  // y-axis labels
	MarginRight  = 16  // between the table and the legend
	MarginTop    = 34  // title
	MarginBottom = 64  // x-axis labels and the scale bar
	LegendWidth  = 210 // legend panel, when shown
)

// Layout places the table in a top-down picture. Pixel coordinates are
// continuous: pixel (i, j) of the image covers [i, i+1) x [j, j+1), with
// j growing downwards; table y grows upwards.
//
// The image size is
//
//	width  = MarginLeft + round(Table.Width*PxPerInch) + MarginRight (+ LegendWidth)
//	height = MarginTop + round(Table.Depth*PxPerInch) + MarginBottom
//
// A Scene raises the height when its legend needs more room (see
// Scene.Layout); TopDownLayout does not know the content and gives the
// formula's value.
type Layout struct {
	PxPerInch float64
	Table     terrain.Table
	// Size is the image size in pixels.
	Size image.Point
	// TableRect is the table's rectangle in pixels (half-open).
	TableRect image.Rectangle
	// ScaleBar is the scale bar's rectangle in pixels (half-open); its
	// width is ScaleInches*PxPerInch rounded.
	ScaleBar image.Rectangle
	// ScaleInches is the length the scale bar stands for.
	ScaleInches float64
	// Legend is the legend panel's rectangle (empty when not shown).
	Legend image.Rectangle
}

// TopDownLayout returns the layout of the top-down picture of a table of
// the given size, or an error naming the field when the size or the options
// are unusable (non-finite or non-positive size, more than MaxPixels).
func TopDownLayout(t terrain.Table, opt Options) (Layout, error) {
	if err := opt.validate(); err != nil {
		return Layout{}, err
	}
	if !finitePositive(t.Width) || t.Width > terrain.MaxTableSize {
		return Layout{}, fmt.Errorf("%w: table width = %v", ErrInput, t.Width)
	}
	if !finitePositive(t.Depth) || t.Depth > terrain.MaxTableSize {
		return Layout{}, fmt.Errorf("%w: table depth = %v", ErrInput, t.Depth)
	}
	ppi := opt.ppi()
	tw := int(math.Round(t.Width * ppi))
	th := int(math.Round(t.Depth * ppi))
	w := MarginLeft + tw + MarginRight
	h := MarginTop + th + MarginBottom
	var legend image.Rectangle
	if !opt.NoLegend {
		legend = image.Rect(w, MarginTop, w+LegendWidth-8, h-8)
		w += LegendWidth
	}
	if float64(w)*float64(h) > MaxPixels {
		return Layout{}, fmt.Errorf("%w: PxPerInch = %v gives a %dx%d image, more than %d pixels", ErrOptions, ppi, w, h, MaxPixels)
	}
	scale := 6.0
	if t.Width < 8 {
		scale = 1
	}
	sb := int(math.Round(scale * ppi))
	top := MarginTop + th + 34
	return Layout{
		PxPerInch:   ppi,
		Table:       t,
		Size:        image.Pt(w, h),
		TableRect:   image.Rect(MarginLeft, MarginTop, MarginLeft+tw, MarginTop+th),
		ScaleBar:    image.Rect(MarginLeft, top, MarginLeft+sb, top+6),
		ScaleInches: scale,
		Legend:      legend,
	}, nil
}

// ToPixel returns the continuous pixel coordinates of the table point p.
func (l Layout) ToPixel(p geom.Point) (x, y float64) {
	return float64(l.TableRect.Min.X) + p.X*l.PxPerInch, float64(l.TableRect.Min.Y) + (l.Table.Depth-p.Y)*l.PxPerInch
}

// PixelAt returns the pixel holding the table point p.
func (l Layout) PixelAt(p geom.Point) image.Point {
	x, y := l.ToPixel(p)
	return image.Pt(int(math.Floor(x)), int(math.Floor(y)))
}

func finitePositive(v float64) bool { return v > 0 && !math.IsInf(v, 1) }

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func finitePt(p geom.Point) bool { return finite(p.X) && finite(p.Y) }

func finite3(v geom.Vec3) bool { return finite(v.X) && finite(v.Y) && finite(v.Z) }
