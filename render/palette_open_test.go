package render

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestOpenAreaColour: a road (area, clear sight, open movement) is drawn in
// the open-area colour, a wood in the area colour.
func TestOpenAreaColour(t *testing.T) {
	sq := geom.PolygonFromPoints(geom.Pt(0, 0), geom.Pt(1, 0), geom.Pt(1, 1), geom.Pt(0, 1))
	road := &terrain.Piece{Kind: terrain.Area, Footprint: sq, Sight: terrain.SightClear, Movement: terrain.MovementRule{Default: terrain.Open}}
	wood := &terrain.Piece{Kind: terrain.Area, Footprint: sq, Sight: terrain.SightConcealing, Movement: terrain.MovementRule{Default: terrain.Difficult}}
	mud := &terrain.Piece{Kind: terrain.Area, Footprint: sq, Sight: terrain.SightClear, Movement: terrain.MovementRule{Default: terrain.Difficult}}
	if got, want := TerrainColor(road), kindStyles[openArea].c; got.R != want.R || got.G != want.G || got.B != want.B {
		t.Errorf("road colour = %v, want %v", got, want)
	}
	for _, p := range []*terrain.Piece{wood, mud} {
		if got, want := TerrainColor(p), kindStyles[terrain.Area].c; got.R != want.R || got.G != want.G || got.B != want.B {
			t.Errorf("%v colour = %v, want the area colour %v", p.Sight, got, want)
		}
	}
}
