package terminator

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Fixture lengths, labelled as in the digest's test ideas; they are test
// values, not rule numbers (the sheet gives none).
const (
	lMelee = 1.0  // L_melee
	lWalk  = 6.0  // Gehen = L_pb (TS-02)
	lShort = 12.0 // L_short
	lLong  = 24.0 // L_long
	lCrawl = 2.0  // Kriechen
)

func length(v float64) *scenario.Length { l := scenario.Length(v); return &l }

// fixtureOptions are the defaults with every fixture length set: melee
// template a stick of L_melee, point-blank from the walk template.
func fixtureOptions() Options {
	o := DefaultOptions()
	o.Templates = Templates{
		Melee: &Template{Shape: "stick", Length: length(lMelee)},
		Walk:  &Template{Length: length(lWalk)},
		Crawl: &Template{Length: length(lCrawl)},
	}
	o.ShortRange, o.LongRange = length(lShort), length(lLong)
	return o
}

// fig is a figure on a round base 1 in across (radius 0.5), 1.2 in tall:
// the edge gap between two of them is their centre distance minus 1.
func fig(id, side string, x, y float64) terrain.Model {
	return terrain.Model{ID: id, Side: side, Squad: side, Class: terrain.Infantry, Position: geom.Pt(x, y),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1.2}, Level: 1}
}

// wallPiece is a blocking wall 3 in tall.
func wallPiece(id string, x0, y0, x1, y1 float64) terrain.Piece {
	return terrain.Piece{ID: id, Kind: terrain.Solid, Footprint: geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1)),
		Height: 3, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Movement: terrain.MovementRule{Default: terrain.Open}, Level: 1}
}

func field(t testing.TB, pieces []terrain.Piece, models ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	bf, err := terrain.New(terrain.Table{Width: 72, Depth: 48}, pieces, models)
	if err != nil {
		t.Fatalf("terrain.New: %v", err)
	}
	return bf
}

func weapon(t testing.TB, name string) Weapon {
	t.Helper()
	w, ok := BuiltinWeapon(name)
	if !ok {
		t.Fatalf("no weapon %q", name)
	}
	return w
}

// failed reports whether a reason of clause forbids.
func failed(v *rulesets.Verdict, clause string) bool {
	for _, r := range v.Reasons {
		if r.Clause == clause && !r.Pass {
			return true
		}
	}
	return false
}

func modifier(v *rulesets.Verdict, name string) (rulesets.Modifier, bool) {
	for _, m := range v.Modifiers {
		if m.Name == name {
			return m, true
		}
	}
	return rulesets.Modifier{}, false
}

func shotOK(t *testing.T, bf *terrain.Battlefield, s, tg string, w Weapon, o Options) (*rulesets.Verdict, ShotResult) {
	t.Helper()
	v, r, err := CheckShot(bf, s, tg, w, o)
	if err != nil {
		t.Fatalf("CheckShot(%s, %s, %s): %v", s, tg, w.Name, err)
	}
	return v, r
}

type scenarioLength = scenario.Length
