package render

import (
	"image"
	"slices"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// hillBattlefield: a hill 2 in high (x 0..10) with a figure 1 in tall on
// its top at (5, 5) and another on the table at (15, 5).
func hillBattlefield(t testing.TB) *terrain.Battlefield {
	t.Helper()
	hill := terrain.Piece{ID: "hill", Kind: terrain.Solid, Footprint: geom.PolygonFromPoints(geom.Pt(0, 0), geom.Pt(10, 0), geom.Pt(10, 10), geom.Pt(0, 10)),
		Height: 2, Sight: terrain.SightBlocking, Cover: terrain.CoverNone, Level: 1}
	fig := func(id string, x float64) terrain.Model {
		return terrain.Model{ID: id, Side: "a", Squad: "s", Class: terrain.Infantry, Position: geom.Pt(x, 5),
			Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}, Level: 1}
	}
	bf, err := terrain.New(terrain.Table{Width: 24, Depth: 12}, []terrain.Piece{hill}, []terrain.Model{fig("up", 5), fig("down", 15)})
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

// The top-down picture labels a model standing above the table with its
// ground's height; one on the table keeps its bare id.
func TestTopDownElevatedLabel(t *testing.T) {
	bf := hillBattlefield(t)
	l, _ := TopDownLayout(bf.Table(), Options{})
	c, err := newCanvas(bf, l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.models()
	var texts []string
	for _, r := range c.lab.reqs {
		texts = append(texts, r.text)
	}
	if !slices.Contains(texts, "up +2in") || !slices.Contains(texts, "down") {
		t.Errorf("labels %q, want \"up +2in\" and \"down\"", texts)
	}
}

// The profile draws the model on the hill's top: its colour from 2 to 3 in
// above its position, the hill's below.
func TestProfileModelOnGround(t *testing.T) {
	bf := hillBattlefield(t)
	from, to := geom.V3(1, 5, 2.5), geom.V3(20, 5, 0.5)
	img, err := Profile(bf, from, to, Options{NoLabels: true})
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := encodeDecode(t, img)
	l, _ := ProfileLayoutOf(bf, from, to, Options{})
	hill, _ := bf.Piece("hill")
	// The figure "up" is crossed from d 3.5 to 4.5; sample off the ray.
	x, y := l.ToPixel(4.2, 2.9)
	if got, ok := near(dec, image.Pt(int(x), int(y)), withAlpha(SquadColor(bf, "s"), 0xCC), 60); !ok {
		t.Errorf("profile at the figure on the hill (%v, %v) = %v, want its squad colour", x, y, got)
	}
	x, y = l.ToPixel(4.2, 1)
	if got, ok := near(dec, image.Pt(int(x), int(y)), TerrainColor(hill), 0); !ok {
		t.Errorf("profile under the figure (%v, %v) = %v, want the hill's colour", x, y, got)
	}
}
