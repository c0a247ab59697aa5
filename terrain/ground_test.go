package terrain

import (
	"errors"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
)

func rectPiece(id string, kind Kind, x0, y0, x1, y1, h float64, level int) Piece {
	p := Piece{ID: id, Kind: kind, Footprint: geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1)),
		Height: h, Sight: SightBlocking, Cover: CoverHard, Level: level}
	if kind == Building {
		p.Building = &BuildingInfo{Floors: 1}
	}
	return p
}

func elev(z float64) *float64 { return &z }

// groundScene: a two-tier hill (slope level 2 height 1 on x in [0, 10],
// top level 3 height 2 on x in [5, 10]), a three-storey house with a roof
// (height 6, x in [20, 24]) and a roofless barn (height 3, x in [30, 34]).
func groundScene() (Table, []Piece) {
	house := rectPiece("house", Building, 20, 0, 24, 4, 6, 1)
	house.Building = &BuildingInfo{Floors: 3, Roof: true, Walls: []Wall{{ID: "south", From: geom.Pt(20, 0), To: geom.Pt(24, 0)}}}
	barn := rectPiece("barn", Building, 30, 0, 34, 4, 3, 1)
	return Table{Width: 40, Depth: 20}, []Piece{
		rectPiece("slope", Solid, 0, 0, 10, 10, 1, 2),
		rectPiece("top", Solid, 5, 0, 10, 10, 2, 3),
		house, barn,
	}
}

func TestGroundResolved(t *testing.T) {
	tab, pieces := groundScene()
	inf := func(id string, x, y float64) Model {
		return Model{ID: id, Class: Infantry, Position: geom.Pt(x, y), Base: Base{Shape: BaseCircle, Diameter: 1}, Hull: Hull{Height: 1}, Level: 1}
	}
	g3 := inf("g3", 22, 2)
	g3.Garrison = &GarrisonRef{Building: "house", Wall: "south", Floor: 3}
	roof := inf("roof", 22, 3)
	given := inf("given", 15, 5)
	given.Elevation = elev(0.5)
	barn := inf("in-barn", 32, 2)
	tests := []struct {
		m     Model
		want  float64
		kind  SurfaceKind
		piece string
		level int
	}{
		{inf("on-table", 15, 15), 0, SurfaceTable, "", 1},
		{inf("on-slope", 2, 5), 1, SurfaceTop, "slope", 2},
		{inf("on-top", 7, 5), 2, SurfaceTop, "top", 3},
		{inf("crest", 5, 5), 2, SurfaceTop, "top", 3}, // on the tier's edge: the higher side
		{g3, 4, SurfaceFloor, "house", 3},
		{roof, 6, SurfaceRoof, "house", 4},
		{barn, 0, SurfaceFloor, "barn", 1},
		{given, 0.5, SurfaceGiven, "", 1},
	}
	ms := make([]Model, len(tests))
	for i, tc := range tests {
		ms[i] = tc.m
	}
	bf, err := New(tab, pieces, ms)
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range tests {
		m := &bf.Models()[i]
		st := m.Stand()
		if m.Ground() != tc.want || st.Kind != tc.kind || st.PieceID != tc.piece || m.Level != tc.level {
			t.Errorf("%s: ground %v on %v (level %d), want %v %s of %q (level %d)", m.ID, m.Ground(), st, m.Level, tc.want, tc.kind, tc.piece, tc.level)
		}
		if e := m.EyePoint(); e.Z != tc.want+0.5 {
			t.Errorf("%s: EyePoint().Z = %v, want %v", m.ID, e.Z, tc.want+0.5)
		}
		if lo, hi := m.VolumeBound(); lo.Z != tc.want || hi.Z != tc.want+1 {
			t.Errorf("%s: VolumeBound z = [%v, %v], want [%v, %v]", m.ID, lo.Z, hi.Z, tc.want, tc.want+1)
		}
	}
}

// A tank 2 long across the edge of the top tier (x = 5): its centre on the
// slope at x = 4.6, its front on the top.
func TestGroundStraddle(t *testing.T) {
	tab, pieces := groundScene()
	tank := Model{ID: "tank", Class: Vehicle, Position: geom.Pt(4.6, 5), Hull: Hull{Length: 2, Width: 1, Height: 1}, Level: 1}
	tests := []struct {
		rule  Straddle
		want  float64
		piece string
	}{
		{"", 1, "slope"},
		{StraddleCenter, 1, "slope"},
		{StraddleHighest, 2, "top"},
		{StraddleLowest, 1, "slope"},
	}
	for _, tc := range tests {
		tb := tab
		tb.Straddle = tc.rule
		bf, err := New(tb, pieces, []Model{tank})
		if err != nil {
			t.Fatal(err)
		}
		if m := &bf.Models()[0]; m.Ground() != tc.want || m.Stand().PieceID != tc.piece {
			t.Errorf("straddle %q: ground %v on %v, want %v on %s", tc.rule, m.Ground(), m.Stand(), tc.want, tc.piece)
		}
	}
	// Half off the hill (x from 9 to 11): highest is the top tier, lowest
	// the table.
	tank.Position = geom.Pt(10, 5)
	for rule, want := range map[Straddle]float64{StraddleCenter: 2, StraddleHighest: 2, StraddleLowest: 0} {
		tb := tab
		tb.Straddle = rule
		bf, err := New(tb, pieces, []Model{tank})
		if err != nil {
			t.Fatal(err)
		}
		if g := bf.Models()[0].Ground(); g != want {
			t.Errorf("straddle %q at the hill's edge: ground %v, want %v", rule, g, want)
		}
	}
	// Touching an edge is not standing on it.
	tank.Position = geom.Pt(12, 5)
	tb := tab
	tb.Straddle = StraddleHighest
	bf, err := New(tb, pieces, []Model{tank})
	if err != nil {
		t.Fatal(err)
	}
	if g := bf.Models()[0].Ground(); g != 0 {
		t.Errorf("tank touching the hill with highest: ground %v, want 0", g)
	}
}

func TestGroundErrors(t *testing.T) {
	tab, pieces := groundScene()
	inf := Model{ID: "m", Class: Infantry, Position: geom.Pt(7, 5), Base: Base{Shape: BaseCircle, Diameter: 1}, Hull: Hull{Height: 1}, Level: 1}
	tests := []struct {
		name string
		edit func(t *Table, ps []Piece, m *Model)
		path string
		kind error
		say  []string
	}{
		{"buried in the hill", func(_ *Table, _ []Piece, m *Model) { m.Elevation = elev(0.5) }, "models[0].elevation", ErrBuried, []string{`"m"`, "inside solid piece"}},
		{"between floors", func(_ *Table, _ []Piece, m *Model) { m.Position, m.Elevation = geom.Pt(22, 2), elev(1) }, "models[0].elevation", ErrBuried, []string{`"m"`, `"house"`, "0, 2, 4"}},
		{"roof not allowed", func(_ *Table, _ []Piece, m *Model) { m.Position, m.Elevation = geom.Pt(32, 2), elev(3) }, "models[0].elevation", ErrNotAllowed, []string{`"barn"`}},
		{"aircraft below the hill", func(_ *Table, _ []Piece, m *Model) { m.Class, m.Altitude = Aircraft, 1.5 }, "models[0].altitude", ErrBuried, []string{"top of top"}},
		{"level contradicts", func(_ *Table, _ []Piece, m *Model) { m.Level = 2 }, "models[0].level", ErrInvalidValue, []string{"level 2", "level 3"}},
		{"garrison floor", func(_ *Table, _ []Piece, m *Model) {
			m.Position, m.Garrison = geom.Pt(22, 2), &GarrisonRef{Building: "house", Floor: 4}
		}, "models[0].garrison.floor", ErrInvalidValue, []string{"floor 4"}},
		{"garrison elevation", func(_ *Table, _ []Piece, m *Model) {
			m.Position, m.Garrison, m.Elevation = geom.Pt(22, 2), &GarrisonRef{Building: "house"}, elev(3)
		}, "models[0].elevation", ErrBuried, []string{"no floor"}},
		{"floor heights count", func(_ *Table, ps []Piece, _ *Model) { ps[2].Building.FloorHeights = []float64{0, 2} }, "terrain[2].building.floorHeights", ErrInvalidValue, nil},
		{"floor heights order", func(_ *Table, ps []Piece, _ *Model) { ps[2].Building.FloorHeights = []float64{0, 3, 3} }, "terrain[2].building.floorHeights[2]", ErrInvalidValue, nil},
		{"floor heights top", func(_ *Table, ps []Piece, _ *Model) { ps[2].Building.FloorHeights = []float64{0, 3, 6} }, "terrain[2].building.floorHeights[2]", ErrInvalidValue, nil},
		{"straddle", func(t *Table, _ []Piece, _ *Model) { t.Straddle = "middle" }, "table.straddle", ErrInvalidValue, nil},
		{"negative elevation", func(_ *Table, _ []Piece, m *Model) { m.Elevation = elev(-1) }, "models[0].elevation", ErrInvalidValue, nil},
	}
	for _, tc := range tests {
		tb, ps := tab, clonePieces(pieces)
		m := inf
		tc.edit(&tb, ps, &m)
		_, err := New(tb, ps, []Model{m})
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Path != tc.path || !errors.Is(err, tc.kind) {
			t.Errorf("%s: New() = %v, want an error at %s wrapping %v", tc.name, err, tc.path, tc.kind)
			continue
		}
		for _, s := range tc.say {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s: %q does not say %s", tc.name, err, s)
			}
		}
	}
}

func clonePieces(ps []Piece) []Piece {
	out := make([]Piece, len(ps))
	for i, p := range ps {
		if p.Building != nil {
			b := *p.Building
			p.Building = &b
		}
		out[i] = p
	}
	return out
}

func TestGroundFloorHeightsAndLevels(t *testing.T) {
	tab, pieces := groundScene()
	pieces[2].Building.FloorHeights = []float64{0, 1.5, 4}
	g := Model{ID: "g", Class: Infantry, Position: geom.Pt(22, 2), Hull: Hull{Height: 1}, Level: 2,
		Garrison: &GarrisonRef{Building: "house", Wall: "south"}}
	free := Model{ID: "free", Class: Infantry, Position: geom.Pt(21, 2), Hull: Hull{Height: 1}, Level: 3}
	bf, err := New(tab, pieces, []Model{g, free})
	if err != nil {
		t.Fatal(err)
	}
	// A declared level in a building names the floor.
	if m := &bf.Models()[0]; m.Ground() != 1.5 || m.Stand().Floor != 2 {
		t.Errorf("garrison at level 2: ground %v on %v, want floor 2 at 1.5", m.Ground(), m.Stand())
	}
	if m := &bf.Models()[1]; m.Ground() != 4 || m.Stand().Floor != 3 {
		t.Errorf("model at level 3 in the house: ground %v on %v, want floor 3 at 4", m.Ground(), m.Stand())
	}
	// A model copied into another New keeps its declared level: moved out
	// of the house it stands on the table at level 1... and its declared 3
	// then contradicts the table.
	ms := append([]Model(nil), bf.Models()...)
	ms[1].Position = geom.Pt(15, 15)
	if _, err := New(tab, pieces, ms); err == nil || !strings.Contains(err.Error(), "declares level 3") {
		t.Errorf("moved model: New() = %v, want its declared level 3 checked", err)
	}
	if l := bf.Models()[1].DeclaredLevel(); l != 3 {
		t.Errorf("DeclaredLevel() = %d, want 3", l)
	}
	got := bf.SurfacesAt(geom.Pt(22, 2))
	want := []float64{0, 1.5, 4, 6}
	if len(got) != len(want) {
		t.Fatalf("SurfacesAt(house) = %v, want heights %v", got, want)
	}
	for i := range want {
		if got[i].Height != want[i] {
			t.Errorf("SurfacesAt(house)[%d] = %v, want height %v", i, got[i], want[i])
		}
	}
	if got := bf.SurfacesAt(geom.Pt(7, 5)); len(got) != 2 || got[0].PieceID != "slope" || got[1].PieceID != "top" {
		t.Errorf("SurfacesAt(hill top) = %v, want slope then top (the table is covered)", got)
	}
}

func TestGroundUnder(t *testing.T) {
	tab, pieces := groundScene()
	bf, err := New(tab, pieces, []Model{{ID: "m", Class: Infantry, Position: geom.Pt(15, 5), Hull: Hull{Height: 1}, Level: 1}})
	if err != nil {
		t.Fatal(err)
	}
	m := &bf.Models()[0]
	for _, tc := range []struct {
		at   geom.Point
		want float64
	}{{geom.Pt(15, 5), 0}, {geom.Pt(2, 5), 1}, {geom.Pt(8, 5), 2}, {geom.Pt(22, 2), 6}} {
		if g := bf.GroundUnder(m, tc.at); g.Height != tc.want {
			t.Errorf("GroundUnder(m, %v) = %v, want %v", tc.at, g, tc.want)
		}
		if g := bf.GroundAt(tc.at); g.Height != tc.want {
			t.Errorf("GroundAt(%v) = %v, want %v", tc.at, g, tc.want)
		}
	}
}
