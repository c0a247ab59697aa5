package grimdark

import (
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// inf is a model on a 1 in round base, 1 in tall.
func inf(id, squad, side string, x, y float64) terrain.Model {
	return terrain.Model{ID: id, Squad: squad, Side: side, Class: terrain.Infantry, Level: 1, Position: geom.Pt(x, y),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}}
}

// tank is a 2 x 1 in hull, 1 in tall, facing +x.
func tank(id, squad, side string, x, y float64) terrain.Model {
	return terrain.Model{ID: id, Squad: squad, Side: side, Class: terrain.Vehicle, Level: 1, Position: geom.Pt(x, y),
		Hull: terrain.Hull{Length: 2, Width: 1, Height: 1}}
}

// rect is an axis-aligned piece.
func rect(id string, kind terrain.Kind, x0, y0, x1, y1, h float64, sight terrain.Sight, cover terrain.Cover, mv terrain.Movement) terrain.Piece {
	return terrain.Piece{ID: id, Kind: kind, Footprint: geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1)),
		Height: h, Sight: sight, Cover: cover, Movement: terrain.MovementRule{Default: mv}, Level: 1}
}

// wood is a concealing area giving cover, difficult to cross.
func wood(id string, x0, y0, x1, y1 float64) terrain.Piece {
	return rect(id, terrain.Area, x0, y0, x1, y1, 0, terrain.SightConcealing, terrain.CoverSoft, terrain.Difficult)
}

// wall is a 3 in tall sight blocker, impassable.
func wall(id string, x0, y0, x1, y1 float64) terrain.Piece {
	return rect(id, terrain.Solid, x0, y0, x1, y1, 3, terrain.SightBlocking, terrain.CoverHard, terrain.Impassable)
}

// field builds a 72 x 48 in table.
func field(t testing.TB, pieces []terrain.Piece, models ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	return fieldSized(t, 72, 48, pieces, models...)
}

func fieldSized(t testing.TB, w, d float64, pieces []terrain.Piece, models ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: w, Depth: d}, pieces, models)
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

// row returns n models of squad side by side along x from (x, y), step
// apart centre to centre.
func row(prefix, squad, side string, n int, x, y, step float64) []terrain.Model {
	out := make([]terrain.Model, n)
	for i := range out {
		out[i] = inf(prefix+string(rune('a'+i)), squad, side, x+float64(i)*step, y)
	}
	return out
}

// withUnits returns the defaults with unit profiles.
func withUnits(units map[string]Unit) Options {
	o := DefaultOptions()
	o.Units = units
	return o
}

// clauseFails reports whether the verdict fails the clause.
func clauseFails(v *rulesets.Verdict, clause string) bool {
	for _, r := range v.Reasons {
		if r.Clause == clause && !r.Pass {
			return true
		}
	}
	return false
}

// hasReason reports whether some reason of clause mentions text.
func hasReason(v *rulesets.Verdict, clause, text string) bool {
	for _, r := range v.Reasons {
		if r.Clause == clause && strings.Contains(r.Text, text) {
			return true
		}
	}
	return false
}

// modifier returns the modifier named name.
func modifier(v *rulesets.Verdict, name string) (rulesets.Modifier, bool) {
	for _, m := range v.Modifiers {
		if m.Name == name {
			return m, true
		}
	}
	return rulesets.Modifier{}, false
}

func pts(xy ...float64) []geom.Point {
	out := make([]geom.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, geom.Pt(xy[i], xy[i+1]))
	}
	return out
}

type geomPoint = geom.Point

func scenarioLen(x float64) scenario.Length { return scenario.Length(x) }
