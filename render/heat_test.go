package render

import (
	"errors"
	"image/color"
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
)

func TestHeatMap(t *testing.T) {
	bf := smallBattlefield(t)
	tb := bf.Table()
	nx, ny := int(math.Ceil(tb.Width)), int(math.Ceil(tb.Depth))
	h := Heat{Res: 1, NX: nx, NY: ny, Values: make([]float64, nx*ny), Max: 2, Title: "test"}
	h.Values[0] = math.NaN()
	h.Values[nx*ny-1] = 2
	img, err := HeatMap(bf, h, Options{})
	if err != nil {
		t.Fatal(err)
	}
	base, err := TopDown(bf, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := img.Bounds().Dy(), base.Bounds().Dy()+heatLegend; got != want {
		t.Errorf("height %d, want the top-down picture's %d plus the legend", got, want)
	}
	l, _ := NewScene(bf, Options{})
	// The last cell (value Max) is reddened.
	p := l.Layout().PixelAt(geom.Pt(float64(nx)-0.5, float64(ny)-0.5))
	c := color.NRGBAModel.Convert(img.At(p.X, p.Y)).(color.NRGBA)
	if !(c.R > c.G && c.R > c.B) {
		t.Errorf("the hottest cell at %v is %v, want red", p, c)
	}
	h.Values = h.Values[:1]
	if _, err := HeatMap(bf, h, Options{}); !errors.Is(err, ErrInput) {
		t.Errorf("too few values: %v, want ErrInput", err)
	}
}
